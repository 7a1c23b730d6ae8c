"""HistoryDock: every command of the game, one line each under its turn/phase heading, in the side's name and
colour, as the viewing seat may see it (another side's secret choice reads only that the side chose).

Lines are added and removed one at a time as the game moves (a long game never rebuilds the list); only a
reopened game is listed whole, its headings found in short slices between events. Picking a line asks the
window to show that command's events in the log and, on request, the board as it was after it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import Text
from app.core.session import Entry, Session, secret_choice
from app.core.view import GameView
from app.ui.lang import translator
from app.ui.theme import Theme

tr = translator("HistoryDock")
INDEX = Qt.ItemDataRole.UserRole  # the history index of a command line (headings have none)
HEADING_BACKGROUND, HEADING_TEXT = QColor("#dde3ec"), QColor("#1d2b3f")
SLICE_SECONDS = 0.015  # a reopened game's headings are found in slices this long, between events
TIP_EVENTS = 4  # a line's tooltip lists this many of its events
NO_PHASE = ""  # the phase of a view that shows none (no heading)
NOBODY = "\x00nobody"  # a viewer that is no side: every secret stays hidden (while the privacy screen is up)


def history_viewer(mode: str, covered: bool, seat: str | None) -> str | None:
    """Whose eyes the history is read with: everything at the table (``None``), nobody's secrets while the
    hot-seat privacy screen is up, else the seat at the keyboard (the side to act in hot-seat, the human side
    in solo)."""
    if mode == "table":
        return None
    return NOBODY if covered else seat


@dataclass
class _Row:
    """One command line: the entry it shows, its label, the turn/phase it was given in (``None``: not known
    yet; :data:`NO_PHASE`: the system shows none) and the heading line above it, if it opens a turn or phase."""

    entry: Entry
    item: QListWidgetItem
    label: Text
    phase: Text | str | None = None
    heading: QListWidgetItem | None = None


class HistoryDock(QDockWidget):
    """The history of commands (see the module docstring).

    Args:
        session: The game.
        theme: Colours of the sides a system's style does not name.
        parent: The window.
    """

    entry_selected = Signal(int)  # the history index of the line picked
    replay_requested = Signal(int)  # show the board as it was after this history index

    def __init__(self, session: Session, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HistoryDock")
        self.session, self.theme = session, theme
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(2, 2, 2, 2)
        self.list = QListWidget(body)
        self.list.setObjectName("history_list")
        self.list.setUniformItemSizes(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long lines end in "…"
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.replay_button = QPushButton(body)
        self.replay_button.setObjectName("replay_button")
        self.replay_button.setEnabled(False)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.replay_button)
        self.setWidget(body)
        self.lang = "en"
        self.viewer: str | None = None
        self.explanations: Mapping[int, tuple[str, Text]] = {}  # history index -> (side, a bot's reason)
        self._rows: list[_Row] = []
        self._secret: list[int] = []  # indices of the rows of secret commands (re-read when the viewer changes)
        self._names: Mapping[str, Text] = {}
        self._style: Any = None
        self._icons: dict[str, QIcon] = {}
        self._phase_now: tuple[int, Text | str] | None = None  # (history length, phase title) at the last view
        self._scan = -1  # the highest row whose phase is still to be found (a reopened game)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._find_phases)
        self.list.currentItemChanged.connect(self._on_list_current_item_changed)
        self.list.itemActivated.connect(self._on_list_item_activated)
        self.replay_button.clicked.connect(self._on_replay_button_clicked)
        self.retranslate()

    # --- the window tells -----------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(tr("History"))
        self.replay_button.setText(tr("Show the board after this command"))
        self.replay_button.setToolTip(tr("Look back at the position after the selected command (read only)"))

    def show_view(self, view: GameView, viewer: str | None) -> None:
        """After every refresh: the current phase (the heading of the next command), the sides' names and
        colours, and whose eyes read the history (:func:`history_viewer`)."""
        self._names, self._style = view.side_names, view.style
        self._phase_now = (len(self.session.history), view.phase.title if view.phase is not None else NO_PHASE)
        if not self._rows and self.session.history:
            self.sync()  # the window opens on a reopened game
        if viewer != self.viewer:
            self.viewer = viewer
            for index in self._secret:
                self._render(index)

    def sync(self) -> None:
        """After every change of the game: drop the lines of undone commands, add the new ones at the bottom."""
        history = self.session.history
        rows = self._rows
        while rows and (len(rows) > len(history) or history[len(rows) - 1] is not rows[-1].entry):
            self._drop_last()
        start = len(self._rows)
        for index in range(start, len(history)):
            self._add(index, history[index])
        if len(history) > start:
            self.list.scrollToBottom()
            if self._scan >= 0:
                self._timer.start(0)

    def set_language(self, lang: str) -> None:
        """Every line in ``lang``."""
        self.lang = lang
        self.retranslate()
        for index, row in enumerate(self._rows):
            self._render(index)
            if row.heading is not None and isinstance(row.phase, Text):
                row.heading.setText(row.phase.render(lang))

    def texts(self) -> list[str]:
        """Every line, headings included, top to bottom (for tests and copying)."""
        return [self.list.item(i).text() for i in range(self.list.count())]

    def select_entry(self, index: int) -> None:
        """Select the line of history entry ``index``."""
        self.list.setCurrentItem(self._rows[index].item)

    def line(self, index: int) -> str:
        """The line of history entry ``index`` as shown."""
        return self._rows[index].item.text()

    # --- lines ------------------------------------------------------------------------------------------
    def _add(self, index: int, entry: Entry) -> None:
        item = QListWidgetItem()
        item.setData(INDEX, index)
        row = _Row(entry, item, self.session.command_label(index))
        if self._phase_now is not None and self._phase_now[0] == index:
            row.phase = self._phase_now[1]
        else:
            self._scan = max(self._scan, index)  # found later, newest first (_find_phases)
        self._rows.append(row)
        if entry.command.secret:
            self._secret.append(index)
        self.list.addItem(item)
        self._render(index)
        if index and self._repeats(index - 1):
            self._render(index - 1)  # the line before turns out to open a run of the same command
        self._place_heading(index)

    def _drop_last(self) -> None:
        row = self._rows.pop()
        index = len(self._rows)
        if self._secret and self._secret[-1] == index:
            self._secret.pop()
        for item in (row.item, row.heading):
            if item is not None:
                self.list.takeItem(self.list.row(item))
        self._scan = min(self._scan, index - 1)
        if index:
            self._render(index - 1)  # it may have ended a run of the same command

    def _render(self, index: int) -> None:
        row = self._rows[index]
        command = row.entry.command
        name = _render(self._names.get(command.side, command.side), self.lang) if command.side else ""
        if command.hidden_from(self.viewer):
            line = tip = secret_choice(name).render(self.lang)
        else:
            label = row.label.render(self.lang).strip()
            said = label
            if self._repeats(index) and row.entry.events and not command.secret:
                said = row.entry.events[0].text.render(self.lang)  # "Next Axis step" again: say what it did
            line = tr("{0}: {1}").format(name, said) if name else said
            tip = self._tip(index, tr("{0}: {1}").format(name, label) if name else label)
        row.item.setText(line)
        row.item.setIcon(self._icon(command.side))
        row.item.setToolTip(tip)

    def _repeats(self, index: int) -> bool:
        """Whether row ``index`` is one of a run of the same command (same side, same label) that only its events
        tell apart. A secret command keeps its label even then: its events are written for every seat ("Axis
        chooses a command card."), so they never say more than the label a viewer allowed to read it sees
        (Typhoon's two "4 PzG HQ" cards put in the cup one after the other)."""
        row = self._rows[index]
        neighbours = [self._rows[i] for i in (index - 1, index + 1) if 0 <= i < len(self._rows)]
        key = (row.entry.command.side, row.label)
        return any((other.entry.command.side, other.label) == key for other in neighbours)

    def _tip(self, index: int, text: str) -> str:
        """The command in full, what happened (the first events, as the log has them) and the bot's reason."""
        events = [event.text.render(self.lang) for event in self._rows[index].entry.events[:TIP_EVENTS]]
        lines = [text, *(f"• {line}" for line in events if line)]
        why = self.explanations.get(index)
        if why is not None:
            lines.append(tr("Bot: {0}").format(why[1].render(self.lang)))
        return "\n".join(lines)

    def _icon(self, side: str) -> QIcon:
        colour = (self._style.side(side) if self._style is not None else None) or (
            self.theme.side(side, self.session.system.info.sides).name() if side else "#9a9a9a"
        )
        icon = self._icons.get(colour)
        if icon is None:
            pixmap = QPixmap(12, 12)
            pixmap.fill(QColor(colour))
            icon = self._icons[colour] = QIcon(pixmap)
        return icon

    # --- turn and phase headings -----------------------------------------------------------------------
    def _place_heading(self, index: int) -> None:
        """Give row ``index`` a heading line when its turn/phase differs from the row before (the first row
        always has one), once both are known."""
        if not 0 <= index < len(self._rows):
            return
        row = self._rows[index]
        before = self._rows[index - 1].phase if index else None
        if row.phase is None or (index and before is None):
            return
        wanted = isinstance(row.phase, Text) and (index == 0 or before != row.phase)
        if wanted and row.heading is None and isinstance(row.phase, Text):
            row.heading = _heading_item(row.phase.render(self.lang))
            self.list.insertItem(self.list.row(row.item), row.heading)
        elif not wanted and row.heading is not None:
            self.list.takeItem(self.list.row(row.heading))
            row.heading = None

    def _find_phases(self) -> None:
        """Find the turn/phase of the rows of a reopened game, newest first, for one short slice; then again
        after the events waiting (the window stays responsive however long the game)."""
        deadline = time.perf_counter() + SLICE_SECONDS
        while self._scan >= 0 and time.perf_counter() < deadline:
            index, self._scan = self._scan, self._scan - 1
            row = self._rows[index]
            if row.phase is None:
                row.phase = self.session.phase_title_at(index - 1) or NO_PHASE
                self._place_heading(index + 1)
                self._place_heading(index)
        if self._scan >= 0:
            self._timer.start(0)

    # --- slots ------------------------------------------------------------------------------------------
    def _on_list_current_item_changed(self, current: QListWidgetItem | None, _previous: object) -> None:
        index = current.data(INDEX) if current is not None else None
        self.replay_button.setEnabled(index is not None)
        if index is not None:
            self.entry_selected.emit(int(index))

    def _on_list_item_activated(self, item: QListWidgetItem) -> None:
        index = item.data(INDEX)
        if index is not None:
            self.replay_requested.emit(int(index))

    def _on_replay_button_clicked(self) -> None:
        current = self.list.currentItem()
        if current is not None and current.data(INDEX) is not None:
            self.replay_requested.emit(int(current.data(INDEX)))


def _render(name: Text | str, lang: str) -> str:
    return name.render(lang) if isinstance(name, Text) else name


def _heading_item(text: str) -> QListWidgetItem:
    """A turn/phase heading: bold on a band, not selectable."""
    item = QListWidgetItem(text)
    font = QFont()
    font.setBold(True)
    item.setFont(font)
    item.setBackground(QBrush(HEADING_BACKGROUND))
    item.setForeground(QBrush(HEADING_TEXT))
    item.setFlags(Qt.ItemFlag.ItemIsEnabled)
    return item

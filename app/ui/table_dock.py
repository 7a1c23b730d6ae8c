"""TableChecklist: in table mode, what to do on the physical board now, one tickable line per action."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QDockWidget, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from app.core.i18n import Text
from app.ui.lang import translator

tr = translator("TableChecklist")
DONE = QColor("#7a7a7a")


def since_last_human_command(history: Sequence[Any], humans: Iterable[str]) -> tuple[int, list[Text]]:
    """The table instructions of the last command given by a person and of every automated command after it
    (the Axis's whole step, a bot's turn), in order, with the history index they start from."""
    people = set(humans)
    lines: list[Text] = []
    start = len(history)
    for start in range(len(history) - 1, -1, -1):
        entry = history[start]
        lines[:0] = table_lines(entry.events)
        if getattr(entry.command, "side", None) in people:
            break
    return start, lines


def table_lines(events: Sequence[Any]) -> list[Text]:
    """What one command asks of the table: its events' instructions; when the system wrote none for the command,
    the events that happened somewhere on the board (a move, a hit, a counter placed), as the log words them, so
    that a move the player must mirror is never missing from the list."""
    instructions = [e.instruction for e in events if e.instruction is not None]
    return instructions or [e.text for e in events if e.at]


class TableChecklist(QDockWidget):
    """The "At the table" dock: this phase's standing instructions and the physical actions the last moves
    call for, each a line the player ticks off once done at the table. Ticks survive a redraw while the line is
    still asked for; a new move brings fresh, unticked lines."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TableChecklist")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        self.heading = QLabel(body)
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-size: 14px; font-weight: bold;")
        self.items = QListWidget(body)
        self.items.setObjectName("table_checklist")
        self.items.setWordWrap(True)
        self.items.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.items.setSpacing(3)
        self.items.setStyleSheet("QListWidget { background: #fff8e1; font-size: 14px; }")
        self.empty = QLabel(body)
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("color: #555555;")
        for widget in (self.heading, self.items, self.empty):
            layout.addWidget(widget)
        self.setWidget(body)
        self._ticked: set[str] = set()
        self._filling = False
        self.items.itemChanged.connect(self._on_item_changed)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(tr("At the table"))
        self.heading.setText(tr("Do this on the physical board, then tick it off:"))
        self.empty.setText(tr("Nothing to move on the table now."))

    def show_lines(self, phase: Sequence[Text], moves: tuple[int, Sequence[Text]], lang: str) -> None:
        """Show the phase's standing instructions, then the actions the last moves call for (``moves``: the
        history index they start from, so that the lines of a new move start unticked, and the lines)."""
        self._filling = True
        self.items.clear()
        keys: set[str] = set()
        start, done = moves
        for group, stamp, lines in ((tr("This phase"), "phase", phase), (tr("After the last move"), start, done)):
            if not lines:
                continue
            self._add_header(group)
            for index, line in enumerate(lines):
                text = line.render(lang)
                key = f"{stamp}\n{index}\n{line.msg}"  # a tick survives a change of language
                keys.add(key)
                self._add_line(text, key)
        self._ticked &= keys
        self._filling = False
        self.empty.setVisible(not keys)
        self.items.setVisible(bool(keys))

    def lines(self) -> list[tuple[str, bool]]:
        """Each tickable line and whether it is ticked (for tests and copying)."""
        rows = (self.items.item(i) for i in range(self.items.count()))
        return [
            (item.text(), item.checkState() == Qt.CheckState.Checked)
            for item in rows
            if item.flags() & Qt.ItemFlag.ItemIsUserCheckable
        ]

    def _add_header(self, text: str) -> None:
        item = QListWidgetItem(text)
        font = QFont()
        font.setBold(True)
        item.setFont(font)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.items.addItem(item)

    def _add_line(self, text: str, key: str) -> None:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, key)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if key in self._ticked else Qt.CheckState.Unchecked)
        item.setToolTip(text)
        self._style(item)
        self.items.addItem(item)

    def _style(self, item: QListWidgetItem) -> None:
        done = item.checkState() == Qt.CheckState.Checked
        font = item.font()
        font.setStrikeOut(done)
        item.setFont(font)
        item.setForeground(QBrush(DONE if done else QColor("#111111")))

    def _on_item_changed(self, item: QListWidgetItem) -> None:
        if self._filling:
            return
        key = item.data(Qt.ItemDataRole.UserRole)
        if key is None:
            return
        if item.checkState() == Qt.CheckState.Checked:
            self._ticked.add(key)
        else:
            self._ticked.discard(key)
        self._filling = True
        self._style(item)
        self._filling = False

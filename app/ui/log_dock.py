"""LogDock: every event in words; rulings expand to dice, target, modifiers with rule IDs, result and notes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QDockWidget, QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from app.core.messages import Event
from app.core.ruling import Ruling
from app.ui.lang import translator
from app.ui.rulebook import rule_tip

tr = translator("LogDock")
INSTRUCTION = QColor("#1d5fa8")
BOT = QColor("#6a3d9a")
GOOD, BAD = QColor("#1b7f3b"), QColor("#a12a2a")
NOTE = Qt.ItemDataRole.UserRole + 1  # marks a line that is no event (a bot's explanation)


def dice_text(ruling: Ruling) -> str:
    """ "3→4 ✓  1→2 ✗" for the dice of a ruling."""
    parts = []
    for die in ruling.dice:
        shown = die.face or (str(die.natural) if die.natural == die.modified else f"{die.natural}→{die.modified}")
        parts.append(f"{shown} {'✓' if die.success else '✗'}")
    return "  ".join(parts)


class LogDock(QDockWidget):
    """The game log."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LogDock")
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(2)
        self.tree.setUniformRowHeights(False)
        self.tree.setWordWrap(True)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        # the event text takes the room left; the rule column always shows a whole rule ID ("SAS-NOISE-3")
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.setWidget(self.tree)
        self.lang = "en"
        self._blocks: list[int] = []  # the first row of each history entry's lines (its bot's note, else its events)
        self._note_row: int | None = None  # the row of a bot's note waiting for its command's events
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(tr("Log"))
        self.tree.setHeaderLabels([tr("Event"), tr("Rule")])

    def append(self, events: Iterable[Event], *, scroll: bool = True) -> None:
        """Add events at the bottom and scroll to them (``scroll``: a long rebuild scrolls once, at its end)."""
        last = None
        for event in events:
            last = self._event_item(event)
            self.tree.addTopLevelItem(last)
        if last is not None and scroll:
            self.tree.scrollToItem(last)

    def append_entry(self, events: Iterable[Event], *, scroll: bool = True) -> None:
        """Add the events of the next history entry (a command submitted or redone), after its bot's note if one
        was just added."""
        self._blocks.append(self._note_row if self._note_row is not None else self.tree.topLevelItemCount())
        self._note_row = None
        self.append(events, scroll=scroll)

    def drop_last_entry(self) -> None:
        """Take away the lines of the last history entry, its bot's note included (an undo: the rest stays)."""
        if not self._blocks:
            return
        start = self._blocks.pop()
        for row in range(self.tree.topLevelItemCount() - 1, start - 1, -1):
            self.tree.takeTopLevelItem(row)
        self._note_row = None

    def set_history(self, history: Sequence[Any], notes: Mapping[int, str], lang: str) -> None:
        """Show the events of these history entries, each preceded by its note (a bot's explanation), if any
        (a reopened game, a language switch)."""
        self.lang = lang
        self.tree.clear()
        self._blocks, self._note_row = [], None
        for index, entry in enumerate(history):
            if index in notes:
                self.note(notes[index], scroll=False)
            self.append_entry(entry.events, scroll=False)
        self.tree.scrollToBottom()

    def show_entry(self, index: int) -> None:
        """Select and open the events of history entry ``index`` (a line picked in the history), in view."""
        if not 0 <= index < len(self._blocks):
            return
        end = self._blocks[index + 1] if index + 1 < len(self._blocks) else self.tree.topLevelItemCount()
        items = [self.tree.topLevelItem(row) for row in range(self._blocks[index], end)]
        events = [item for item in items if not item.data(0, NOTE)]
        self.tree.clearSelection()
        if not events:
            return
        self.tree.setCurrentItem(events[0])
        for item in events:
            item.setSelected(True)
            item.setExpanded(True)
        self.tree.scrollToItem(events[-1])
        self.tree.scrollToItem(events[0])

    def note(self, text: str, *, scroll: bool = True) -> None:
        """Add a line that is not a game event (an automated player's explanation of its next command)."""
        item = QTreeWidgetItem([text, ""])
        item.setToolTip(0, text)
        font = QFont()
        font.setItalic(True)
        item.setFont(0, font)
        item.setForeground(0, QBrush(BOT))
        item.setData(0, NOTE, True)
        if self._note_row is None:
            self._note_row = self.tree.topLevelItemCount()
        self.tree.addTopLevelItem(item)
        if scroll:
            self.tree.scrollToItem(item)

    def texts(self) -> list[str]:
        """The top-level lines (for tests and copying)."""
        return [self.tree.topLevelItem(i).text(0) for i in range(self.tree.topLevelItemCount())]

    def _event_item(self, event: Event) -> QTreeWidgetItem:
        item = QTreeWidgetItem([event.text.render(self.lang), event.rule_id])
        item.setToolTip(0, item.text(0))
        item.setToolTip(1, rule_tip(event.rule_id))
        if event.ruling is not None:
            self._ruling_children(item, event.ruling)
        if event.instruction is not None:
            line = QTreeWidgetItem([tr("At the table: {0}").format(event.instruction.render(self.lang)), ""])
            font = QFont()
            font.setItalic(True)
            line.setFont(0, font)
            line.setForeground(0, QBrush(INSTRUCTION))
            item.addChild(line)
            item.setExpanded(True)
        return item

    def _ruling_children(self, item: QTreeWidgetItem, ruling: Ruling) -> None:
        lang = self.lang
        rows: list[tuple[str, str, QColor | None]] = [(ruling.title.render(lang), ruling.rule_id, None)]
        if ruling.dice:
            good = ruling.successes > 0
            rows.append((tr("Dice: {0}").format(dice_text(ruling)), "", GOOD if good else BAD))
        if ruling.target is not None:
            rows.append((tr("Target: {0}").format(ruling.target), "", None))
        for mod in ruling.modifiers:
            rows.append((f"{mod.value:+d}  {mod.reason.render(lang)}", mod.rule_id, None))
        rows.append((tr("Result: {0}").format(ruling.result.render(lang)), "", None))
        rows.extend((tr("Note: {0}").format(note.render(lang)), "", None) for note in ruling.notes)
        for text, rule, colour in rows:
            child = QTreeWidgetItem([text, rule])
            child.setToolTip(0, text)
            child.setToolTip(1, rule_tip(rule))
            if colour is not None:
                child.setForeground(0, QBrush(colour))
            item.addChild(child)
        item.setData(0, Qt.ItemDataRole.UserRole, ruling.rule_id)

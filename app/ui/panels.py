"""PhaseTracker (sequence of play, active side) and Inspector (counter, location, panels); the table
instructions are in the TableChecklist dock (app.ui.table_dock)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import render
from app.core.view import CounterView, GameView, PhaseView
from app.ui.lang import translator

tr = translator("PhaseTracker")
tr_inspector = translator("Inspector")


class PhaseTracker(QDockWidget):
    """Where the game is in its sequence of play."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PhaseTracker")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.title = QLabel(body)
        self.title.setStyleSheet("font-size: 14px; font-weight: bold;")
        self.title.setWordWrap(True)
        self.side = QLabel(body)
        self.seats = QLabel(body)
        self.seats.setObjectName("seats")
        self.seats.setWordWrap(True)
        self.seats.setStyleSheet("font-weight: bold; color: #1d4f91;")
        self.steps = QListWidget(body)
        self.steps.setMinimumHeight(90)
        self.continue_button = QPushButton(body)
        self.continue_button.setStyleSheet("font-weight: bold; padding: 6px;")
        for widget in (self.title, self.seats, self.side, self.steps, self.continue_button):
            layout.addWidget(widget)
        self.setWidget(body)
        self.continue_button.hide()
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(tr("Sequence of play"))
        self.continue_button.setText(tr("Continue (Space)"))

    def show_phase(self, phase: PhaseView | None, lang: str, *, side_name: str = "", seats: str = "") -> None:
        """Show a PhaseView, and who plays which side (``seats``)."""
        self.steps.clear()
        self.seats.setText(seats)
        if phase is None:
            self.title.setText("")
            self.side.setText("")
            return
        self.title.setText(phase.title.render(lang))
        self.side.setText(tr("Side to act: {0}").format(side_name or phase.active_side or "—"))
        for index, step in enumerate(phase.steps):
            item = QListWidgetItem(("▶ " if index == phase.current else "   ") + step.render(lang))
            if index == phase.current:
                font = QFont()
                font.setBold(True)
                item.setFont(font)
                item.setBackground(QBrush(QColor("#ffe58a")))
                item.setForeground(QBrush(QColor("#111111")))
            self.steps.addItem(item)
        if 0 <= phase.current < self.steps.count():
            self.steps.scrollToItem(self.steps.item(phase.current))


class Inspector(QDockWidget):
    """Details of the selected counter or the hovered location, and the side panels."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Inspector")
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(2)
        self.tree.header().resizeSection(0, 150)
        self.tree.setIndentation(12)  # a narrow dock keeps its room for the labels (the default indents 20 pixels)
        self.tree.viewport().installEventFilter(self)
        self.setWidget(self.tree)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setWindowTitle(tr_inspector("Inspector"))
        self.tree.setHeaderLabels([tr_inspector("Item"), tr_inspector("Value")])

    def show_details(
        self, view: GameView, counter: CounterView | None, location: list[tuple[str, str]], lang: str
    ) -> None:
        """Show a counter (if any), a location description and the side panels."""
        self.tree.clear()
        if counter is not None:
            self._counter(counter, lang, view)
        if location:
            top = self._section(tr_inspector("Location"))
            for name, value in location:
                top.addChild(QTreeWidgetItem([name, value]))
        for panel in view.panels:
            top = self._section(panel.title.render(lang))
            for label, value in panel.rows:
                top.addChild(QTreeWidgetItem([label.render(lang), render(value, lang)]))
            for line in panel.items:
                top.addChild(QTreeWidgetItem([line.render(lang), ""]))
        self.tree.expandAll()
        self._fit_labels()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_labels()  # the tree's own size: the dock's resize comes before its children are laid out
        return super().eventFilter(watched, event)

    def _fit_labels(self) -> None:
        """Give the labels the width the values leave (the values keep what they need, up to half the panel); a
        text still cut short shows in full on hover."""
        rows = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        for item in rows + [top.child(j) for top in rows for j in range(top.childCount())]:
            for column in (0, 1):
                item.setToolTip(column, item.text(column))
        width = self.tree.viewport().width()
        if width < 40:
            return  # not laid out yet: the resize that follows fits the columns
        values = min(self.tree.sizeHintForColumn(1) + 8, width // 2)  # the values keep what they need, up to half
        self.tree.header().resizeSection(0, min(self.tree.sizeHintForColumn(0) + 8, max(width - values, width // 2)))

    def _section(self, title: str) -> QTreeWidgetItem:
        top = QTreeWidgetItem([title, ""])
        font = QFont()
        font.setBold(True)
        top.setFont(0, font)
        self.tree.addTopLevelItem(top)
        return top

    def _counter(self, counter: CounterView, lang: str, view: GameView) -> None:
        top = self._section(counter.title.render(lang))
        side = view.side_names.get(counter.side)
        rows: list[tuple[str, Any]] = [(tr_inspector("Side"), side.render(lang) if side is not None else counter.side)]
        details = [(label.render(lang), render(value, lang)) for label, value in counter.details]
        if counter.strength and not any(_gives(value, counter.strength) for _, value in details):
            rows.append((tr_inspector("Strength"), counter.strength))
        if counter.facing:
            rows.append((tr_inspector("Facing"), facing_name(counter.facing)))
        glossary = view.glossary
        states = [glossary[f].render(lang) if f in glossary else flag_name(f) for f in counter.flags]
        states = [name for name in states if name]
        if states:
            rows.append((tr_inspector("State"), ", ".join(states)))
        rows.extend(details)
        for name, value in rows:
            top.addChild(QTreeWidgetItem([name, str(value)]))


def _gives(value: str, strength: str) -> bool:
    """Whether an inspector row's ``value`` already says the counter's strength ("3", or "3/4": 3 of 4), so that
    each fact shows once (C&C's blocks are its strength)."""
    return value == strength or value.startswith(f"{strength}/")


def facing_name(facing: str) -> str:
    """A compass facing in words ("north-east"); a hex side index or anything else as given."""
    names = {
        "N": tr_inspector("north"),
        "NE": tr_inspector("north-east"),
        "E": tr_inspector("east"),
        "SE": tr_inspector("south-east"),
        "S": tr_inspector("south"),
        "SW": tr_inspector("south-west"),
        "W": tr_inspector("west"),
        "NW": tr_inspector("north-west"),
    }
    return names.get(facing, facing)


def flag_name(flag: str) -> str:
    """A counter state (a badge key of the view) in words; "" for drawing hints that are no state."""
    if flag in ("rear_los",):
        return ""
    names = {
        "exposed": tr_inspector("exposed"),
        "crouched": tr_inspector("crouched"),
        "carrying": tr_inspector("carrying"),
        "scuba": tr_inspector("scuba gear"),
        "camouflaged": tr_inspector("camouflaged"),
        "disguised": tr_inspector("disguised"),
        "talking": tr_inspector("talking"),
        "alert": tr_inspector("alert"),
        "cigarette": tr_inspector("smoking"),
        "spawn": tr_inspector("on a spawn tile"),
        "hunter": tr_inspector("hunter"),
        "failure": tr_inspector("mechanical failure"),
        "strangled": tr_inspector("strangled"),
        "empty": tr_inspector("empty"),
        "attack": tr_inspector("attack side"),
        "casualty": tr_inspector("casualty side"),
        "armoured": tr_inspector("armoured"),
        "marked": tr_inspector("marked"),
        "ordered": tr_inspector("ordered"),
        "fresh": tr_inspector("full strength"),
    }
    return names.get(flag, flag.replace("_", " "))

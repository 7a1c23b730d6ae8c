"""CommandBar: the command kinds of the selection and the side's always-visible commands (DESIGN §3a).

A button either submits one command, resolves a template (asking its remaining options), or focuses a kind so
that only its targets are highlighted on the board; the bar never lists every permutation of a command.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from app.core.messages import Command
from app.core.view import CommandInfo
from app.ui.command_steps import BarEntry
from app.ui.flow_layout import FlowLayout
from app.ui.lang import translator

tr = translator("CommandBar")
LINE = 40  # one line of buttons
MAX_LINES = 3
GROUP_ORDER = {"move": 0, "attack": 1, "action": 2, "other": 8, "phase": 9}


class CommandBar(QWidget):
    """A row of command buttons; hovering one previews its targets and hint."""

    command_hovered = Signal(object)  # BarEntry or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CommandBar")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 2, 6, 2)
        outer.setSpacing(2)
        self.caption = QLabel(self)
        self.caption.setStyleSheet("color: #555; font-size: 11px;")
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #1d5fa8;")
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFixedHeight(LINE)
        self.scroll = scroll
        self.row_widget = QWidget(scroll)
        self.row = FlowLayout(self.row_widget)  # buttons wrap onto up to MAX_LINES lines, then scroll
        scroll.setWidget(self.row_widget)
        outer.addWidget(self.caption)
        outer.addWidget(scroll)
        outer.addWidget(self.hint)
        self.buttons: list[tuple[QPushButton, Command, CommandInfo]] = []
        self.entries: list[tuple[QPushButton, BarEntry]] = []

    def set_entries(self, entries: list[BarEntry], caption: str) -> None:
        """Show these buttons (kinds, templates and commands already chosen for the selection)."""
        for button, _ in self.entries:
            self.row.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.buttons.clear()
        self.entries.clear()
        self.caption.setText(caption)
        self.hint.clear()
        for entry in sorted(entries, key=lambda e: GROUP_ORDER.get(e.group, 5)):
            button = QPushButton(entry.text, self.row_widget)
            button.setObjectName(f"command_{entry.group}")
            button.setToolTip(entry.tooltip or entry.text)
            button.setProperty("group", entry.group)
            button.setCheckable(entry.checked)
            button.setChecked(entry.checked)
            button.setMinimumWidth(button.sizeHint().width())
            if entry.group == "phase":
                button.setStyleSheet("font-weight: bold;")
            button.clicked.connect(lambda _=False, e=entry: e.run())
            button.installEventFilter(self)
            self.row.addWidget(button)
            self.buttons.append((button, entry.command, entry.info))
            self.entries.append((button, entry))
        self._fit_height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        """As many lines as the buttons need, up to MAX_LINES (the rest scrolls)."""
        width = self.width() - 12  # the bar's own width less its margins (the scroll viewport lags a resize)
        needed = self.row.heightForWidth(max(1, width)) + 4
        self.scroll.setFixedHeight(max(LINE, min(needed, LINE * MAX_LINES)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Enter, QEvent.Type.Leave):
            for button, entry in self.entries:
                if button is watched:
                    entering = event.type() == QEvent.Type.Enter
                    self.command_hovered.emit(entry if entering else None)
                    self.hint.setText(entry.tooltip if entering else "")
        return super().eventFilter(watched, event)

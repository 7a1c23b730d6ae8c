"""CommandBar: buttons for the legal commands of the selected counter and the side's general commands."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from app.core.messages import Command
from app.core.view import CommandInfo
from app.ui.lang import translator

tr = translator("CommandBar")
GROUP_ORDER = {"move": 0, "attack": 1, "action": 2, "other": 8, "phase": 9}
MAX_BUTTONS = 40


class CommandBar(QWidget):
    """A row of command buttons; hovering one previews its target and hint."""

    command_requested = Signal(object)  # Command
    command_hovered = Signal(object)  # CommandInfo or None

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
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFixedHeight(46)
        self.row_widget = QWidget(scroll)
        self.row = QHBoxLayout(self.row_widget)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.addStretch(1)
        scroll.setWidget(self.row_widget)
        outer.addWidget(self.caption)
        outer.addWidget(scroll)
        outer.addWidget(self.hint)
        self.buttons: list[tuple[QPushButton, Command, CommandInfo]] = []

    def set_commands(self, items: list[tuple[Command, CommandInfo]], caption: str, lang: str) -> None:
        """Show these commands (already filtered for the selection)."""
        for button, _, _ in self.buttons:
            self.row.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.buttons.clear()
        self.caption.setText(caption)
        self.hint.clear()
        ordered = sorted(items, key=lambda item: GROUP_ORDER.get(item[1].group, 5))
        for command, info in ordered[:MAX_BUTTONS]:
            text = info.label.render(lang) + (f"  ({info.cost})" if info.cost else "")
            button = QPushButton(text, self.row_widget)
            button.setObjectName(f"command_{info.group}")
            button.setToolTip(info.hint.render(lang) if info.hint else text)
            button.setProperty("group", info.group)
            button.setMinimumWidth(button.sizeHint().width())
            if info.group == "phase":
                button.setStyleSheet("font-weight: bold;")
            button.clicked.connect(lambda _=False, c=command: self.command_requested.emit(c))
            button.installEventFilter(self)
            self.row.insertWidget(self.row.count() - 1, button)
            self.buttons.append((button, command, info))
        if len(ordered) > MAX_BUTTONS:
            more = len(ordered) - MAX_BUTTONS
            self.caption.setText(caption + "  " + tr("(+{0} more: click the highlighted squares)").format(more))
        self._lang = lang

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Enter, QEvent.Type.Leave):
            for button, _command, info in self.buttons:
                if button is watched:
                    entering = event.type() == QEvent.Type.Enter
                    self.command_hovered.emit(info if entering else None)
                    hint = info.hint.render(self._lang) if info.hint and entering else ""
                    self.hint.setText(hint)
        return super().eventFilter(watched, event)

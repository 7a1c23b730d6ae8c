"""PrivacyScreen: between hot-seat turns, a screen over the whole window hides the hand of the side that
just played until the next player says they are at the keyboard."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from app.ui.lang import translator

tr = translator("PrivacyScreen")


class PrivacyScreen(QWidget):
    """An opaque panel covering its parent window; ``reveal`` (its button) lifts it."""

    revealed = Signal()  # the next player is at the keyboard: his side may be shown

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("PrivacyScreen")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("QWidget#PrivacyScreen { background: #23262b; } QLabel { color: #f2f2f2; }")
        layout = QVBoxLayout(self)
        layout.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message = QLabel(self)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.message.setStyleSheet("font-size: 24px; font-weight: bold;")
        self.hint = QLabel(self)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setStyleSheet("font-size: 14px;")
        self.reveal_button = QPushButton(self)
        self.reveal_button.setObjectName("reveal_button")
        self.reveal_button.setStyleSheet("font-size: 18px; font-weight: bold; padding: 12px 28px;")
        for widget in (self.message, self.hint, self.reveal_button):
            layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignCenter)
        self.reveal_button.clicked.connect(self._on_reveal_button_clicked)
        self.side_name = ""
        parent.installEventFilter(self)
        self.hide()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.message.setText(tr("{0} to play").format(self.side_name))
        self.hint.setText(tr("Hot-seat: the other player looks away while {0} plays.").format(self.side_name))
        self.reveal_button.setText(tr("I am {0}: show my side").format(self.side_name))

    def cover(self, side_name: str) -> None:
        """Hide the window behind the screen until the player of ``side_name`` reveals it."""
        self.side_name = side_name
        self.retranslate()
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.reveal_button.setFocus()

    def _on_reveal_button_clicked(self) -> None:
        self.hide()
        self.revealed.emit()

    def eventFilter(self, watched: QObject, event: Any) -> bool:
        """Follow the parent window's size."""
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parentWidget().rect())
        return False

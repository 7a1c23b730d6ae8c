"""Toast: a short message over the board that fades by itself (a refusal, the game's end)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget


class Toast(QLabel):
    """A non-modal message that fades after a few seconds."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setStyleSheet(
            "background: rgba(40,40,40,225); color: white; border-radius: 8px; padding: 10px 14px; font-size: 13px;"
        )
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._timer = QTimer(self, singleShot=True, interval=4500)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def pop(self, text: str) -> None:
        """Show ``text`` at the bottom centre of the parent."""
        self.setText(text)
        parent = self.parentWidget()
        width = min(560, parent.width() - 40)
        self.setFixedWidth(max(200, width))
        self.adjustSize()
        self.move((parent.width() - self.width()) // 2, parent.height() - self.height() - 24)
        self.show()
        self.raise_()
        self._timer.start()

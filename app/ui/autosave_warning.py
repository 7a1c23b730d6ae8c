"""The status-bar warning shown while autosave is not working (issue 16: autosave failures are visible).

It stays until an autosave succeeds again, names the reason (disk full, folder unusable) and offers a
Save As… that writes the game wherever the player chooses.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from app.ui.lang import translator

tr = translator("MainWindow")  # shares the window's catalogue context


class AutosaveWarning(QWidget):
    """A persistent "Autosave is off: <reason>" label with a Save As… button; hidden while autosave works."""

    def __init__(self, save_as: Callable[[], object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("AutosaveWarning")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        self.label = QLabel(self)
        self.label.setStyleSheet("color: #a40000; font-weight: bold;")
        self.button = QPushButton(self)
        self.button.clicked.connect(lambda: save_as())  # noqa: PLW0108 (clicked passes a bool)
        layout.addWidget(self.label)
        layout.addWidget(self.button)
        self.reason: str | None = None
        self.retranslate()
        self.hide()

    def show_reason(self, reason: str | None) -> None:
        """Show the warning with ``reason``, or hide it when ``reason`` is ``None`` (autosave works again)."""
        self.reason = reason
        self.retranslate()
        self.setVisible(reason is not None)

    def retranslate(self) -> None:
        """Set the texts in the current language."""
        self.label.setText(tr("Autosave is off: {0}").format(self.reason or ""))
        self.button.setText(tr("Save As…"))

"""The View ▸ Overlays menu (the highlight layers of the view a player may show on the board) and their key in
the status bar."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMenu, QWidget

from app.ui.board_aids import legend_html
from app.ui.interaction import BoardInteraction, word


class OverlayMenu(QObject):
    """Keeps the menu's entries in step with the view's layers and the legend with the layers shown.

    Args:
        menu: The Overlays submenu.
        interaction: The board interaction (its ``enabled_layers``, drawn by ``refresh_highlights``).
        parent: The window (the legend label's parent).
    """

    def __init__(self, menu: QMenu, interaction: BoardInteraction, parent: QWidget) -> None:
        super().__init__(parent)
        self.menu, self.interaction = menu, interaction
        self.legend = QLabel(parent)  # the key to the overlays shown
        self.legend.setObjectName("overlay_legend")
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setVisible(False)
        self.lang = "en"

    def refresh(self, view: Any) -> None:
        """The layers ``view`` offers (the menu is rebuilt only when they change), and their legend."""
        names = sorted(n for n in view.highlights if not n.startswith("why:"))
        titles = [word(view, n, self.lang) for n in names]
        if titles != [a.text() for a in self.menu.actions()]:
            self.menu.clear()
            for name, title in zip(names, titles, strict=True):
                action = QAction(title, self.menu, checkable=True)
                action.setData(name)
                action.setChecked(name in self.interaction.enabled_layers)
                action.toggled.connect(lambda on, n=name: self._on_action_toggled(n, on))
                self.menu.addAction(action)
        if self.interaction.enabled_layers:
            self.show_legend(view)

    def show_legend(self, view: Any) -> None:
        """The key to the overlays shown, in the status bar (hidden when none is)."""
        html = legend_html(view, self.interaction.enabled_layers, self.interaction.scene.theme, self.lang)
        self.legend.setText(html)
        self.legend.setVisible(bool(html))

    def _on_action_toggled(self, name: str, on: bool) -> None:
        layers = self.interaction.enabled_layers
        layers.add(name) if on else layers.discard(name)
        self.interaction.refresh_highlights()
        self.show_legend(self.interaction.controller.view())

"""The play window's history: the History dock kept in step with the game and read with the right seat's eyes,
its lines opening their events in the log, and the look back at a past board (app.ui.replay)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from app.core.view import GameView
from app.ui.history_dock import HistoryDock, history_viewer
from app.ui.replay import PastBanner, PastBoard


class WindowHistory(QObject):
    """Wires a :class:`HistoryDock` and a :class:`PastBoard` into the play window.

    Args:
        window: The play window (its session, controller, scene, log dock, privacy screen).
        banner: The strip above the board shown while a past position is.
    """

    def __init__(self, window: Any, banner: PastBanner) -> None:
        super().__init__(window)
        self.window = window
        self.dock = HistoryDock(window.session, window.scene.theme, window)
        self.dock.lang = window.lang
        self.dock.explanations = window.controller.explanations
        self.past = PastBoard(window, banner)
        self.dock.entry_selected.connect(self._on_dock_entry_selected)
        self.dock.replay_requested.connect(self._on_dock_replay_requested)
        window.privacy.revealed.connect(self._on_privacy_revealed)

    def viewer(self) -> str | None:
        """Whose eyes read the history now (:func:`app.ui.history_dock.history_viewer`)."""
        w = self.window
        return history_viewer(w.session.mode, w.privacy.isVisible(), w.controller.perspective())

    def changed(self) -> None:
        """The game moved (a command, an undo, a redo): lines follow."""
        self.dock.sync()

    def shown(self, view: GameView) -> None:
        """The window was redrawn from ``view``."""
        self.dock.show_view(view, self.viewer())

    def set_language(self, lang: str) -> None:
        """Lines and banner in ``lang``."""
        self.dock.set_language(lang)
        self.past.banner.retranslate()

    def _on_privacy_revealed(self) -> None:
        self.dock.show_view(self.window.controller.view(), self.viewer())

    def _on_dock_entry_selected(self, index: int) -> None:
        if self.past.index is not None:
            self.past.show(index, self.dock.line(index))  # looking back: the board follows the line picked
        self.window.log.show_entry(index)
        if self.window.log.isHidden():
            self.window.log.show()
        self.window.log.raise_()

    def _on_dock_replay_requested(self, index: int) -> None:
        self.past.show(index, self.dock.line(index))

"""Play ▸ Bot seats: hand a side to the system's bot in the middle of a game, or take it back.

A player who wants to watch a game to its end, skip a long enemy turn or let the bot finish a game he has
lost interest in ticks the side here; the game goes on from the current position (the bot plays the side's
next decision). Unticking gives the side back to a person at his next decision.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from app.core.capabilities import human_sides
from app.ui.controller import GameController
from app.ui.lang import translator

tr = translator("BotSeats")


class BotSeatsMenu(QMenu):
    """One checkable entry per side a person may play: checked when the bot plays it.

    Args:
        controller: The window's controller (its ``bot_sides`` are changed through ``set_bot``).
        side_names: Returns the display name of each side in the current language.
        parent: The owning widget.
    """

    def __init__(
        self, controller: GameController, side_names: Callable[[], dict[str, str]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("bot_seats")
        self.controller, self.side_names = controller, side_names
        self.side_actions: dict[str, QAction] = {}
        self.aboutToShow.connect(self.retranslate)
        self.retranslate()

    def retranslate(self) -> None:
        """Rebuild the entries: the side names in the current language, ticks as the controller has them."""
        self.setTitle(tr("Bot seats"))
        self.clear()
        self.side_actions = {}
        names = self.side_names()
        has_bot = self.controller.agent_for_side is not None
        session = self.controller.session
        for side in human_sides(session.system, session.scenario):
            action = QAction(tr("The bot plays {0}").format(names.get(side, side)), self, checkable=True)
            action.setChecked(side in self.controller.bot_sides)
            action.setEnabled(has_bot)
            action.toggled.connect(lambda on, s=side: self.controller.set_bot(s, on))
            self.addAction(action)
            self.side_actions[side] = action
        self.setEnabled(has_bot)

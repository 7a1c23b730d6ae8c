"""Looking back: the board as it was after a past command (``Session.view_at``), read only, under a banner
with "Back to the game". The game waits meanwhile: the controller takes no command and the bot does not move;
any redraw of the window (a language switch, a seat handed to the bot) ends the look back."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from app.ui.lang import translator
from app.ui.window_text import tracks_html

tr = translator("PastBoard")


class PastBanner(QFrame):
    """A strip above the board while a past position is shown."""

    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PastBanner")
        self.setStyleSheet("#PastBanner { background: #7a4e12; } #PastBanner QLabel { color: white; }")
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 6, 12, 6)
        self.label = QLabel(self)
        self.label.setObjectName("past_text")
        self.label.setWordWrap(True)
        self.back_button = QPushButton(self)
        self.back_button.setObjectName("back_to_game")
        self.back_button.setStyleSheet("font-weight: bold; padding: 4px 14px;")
        self.back_button.clicked.connect(self.back_requested.emit)
        row.addWidget(self.label, 1)
        row.addWidget(self.back_button)
        self._shown: tuple[int, int, str] | None = None
        self.hide()

    def show_entry(self, number: int, total: int, label: str) -> None:
        """Say which command the board is shown after (``number`` of ``total``, 1-based)."""
        self._shown = (number, total, label)
        self.retranslate()
        self.show()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.back_button.setText(tr("Back to the game"))
        if self._shown is not None:
            number, total, label = self._shown
            text = tr("The board after command {0} of {1} ({2}), read only: the game waits.")
            self.label.setText(text.format(number, total, label))


class PastBoard(QObject):
    """Shows a past position on the window's board and gives the game back (``end``).

    Args:
        window: The play window (its scene, interaction, controller, command widgets and actions).
        banner: The strip that says what is shown.
    """

    def __init__(self, window: Any, banner: PastBanner) -> None:
        super().__init__(window)
        self.window, self.banner = window, banner
        self.index: int | None = None
        self._click_taker: Any = None  # the interaction's own taker of board clicks, put back at the end
        banner.back_requested.connect(self.back)

    def show(self, index: int, label: str) -> None:
        """Draw the board as it was after history entry ``index`` (``label``: that command as the seat reads
        it), and hold the game until "Back to the game"."""
        w = self.window
        controller = w.controller
        controller.freeze(True)
        view = w.session.view_at(index, controller.perspective())
        w.interaction.select(None)
        w.scene.sync(view)
        for layer in ("actors", "view", "targets"):
            w.scene.set_layer(layer, {})
        self._show_phase(view)
        if self.index is None:
            self._click_taker, w.interaction.click_taker = w.interaction.click_taker, self._take_click
        self.index = index
        self._enable(False)
        self.banner.show_entry(index + 1, len(w.session.history), label)

    def _show_phase(self, view: Any) -> None:
        """The sequence of play and the tracks as they were (the window's refresh puts back today's)."""
        w = self.window
        phase = view.phase
        name = view.side_names.get(phase.active_side) if phase is not None and phase.active_side else None
        side_name = name.render(w.lang) if name is not None else ""
        w.phase.show_phase(phase, w.lang, side_name=side_name, seats=w.seats_text(view))
        w.tracks_label.setText(tracks_html(view, w.lang))

    def back(self) -> None:
        """Back to the game: the current position, the game goes on."""
        if self.end():
            self.window.refresh()

    def end(self) -> bool:
        """Stop showing the past (without redrawing: the caller does); False if nothing was shown."""
        if self.index is None:
            return False
        self.index = None
        self.window.interaction.click_taker = self._click_taker
        self.banner.hide()
        self._enable(True)
        self.window.controller.freeze(False)  # the bot's turn, held meanwhile, goes on
        return True

    def _take_click(self, _loc: Any) -> bool:
        """A click on the past board gives no order: it says how to play on."""
        text = tr("The board shows a past position: Back to the game to play on.")
        self.window.statusBar().showMessage(text, 6000)
        self.window.toast.pop(text)
        return True

    def _enable(self, on: bool) -> None:
        """The command widgets take input again (``on``) or not; undo, redo and Continue are off while the past
        is shown (the window's refresh and the automation turn them back on as the game allows)."""
        w = self.window
        for widget in (w.command_bar, w.decision_bar, w.hand_strip, w.dice):
            widget.setEnabled(on)
        if not on:
            for name in ("undo", "redo", "continue"):
                w.actions_by_name[name].setEnabled(False)

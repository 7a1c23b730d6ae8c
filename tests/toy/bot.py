"""The toy's bot: advance the hindmost counter (it may earn the catch-up bonus, TOY-1, TOY-2)."""

from __future__ import annotations

from app.ai.agent import Budget, Choice
from app.core.i18n import t
from app.core.session import Session
from tests.toy.messages import Advance


class ToyBot:
    """An :class:`app.ai.agent.Agent` for one side of the toy race."""

    def __init__(self, side: str) -> None:
        self.side = side

    def choose(self, session: Session, side: str, budget: Budget) -> Choice:
        """Advance the counter furthest behind; rest when no counter can move (TOY-6)."""
        del budget
        legal = list(session.legal_commands(side))
        if not legal:
            raise ValueError(f"no legal command for side {side!r}")
        squares = {c: p for c, _, p in session.state.pos}
        advances = [c for c in legal if isinstance(c, Advance)]
        if not advances:
            return Choice(legal[-1], t("No counter can advance: rest [TOY-6]."))
        best = min(advances, key=lambda c: (squares[c.counter], c.counter))
        return Choice(best, t("Advance {counter}, the hindmost counter [TOY-1, TOY-2].", counter=best.counter))

"""Generic agent machinery (DESIGN §3): automated players are clients of the Session API.

An agent looks at a copy of the session (``Session.copy_for_search``), chooses one of the legal commands and
explains why. It must respect a time budget and be cancellable, because the UI runs it off the GUI thread.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.session import Session


@dataclass(frozen=True)
class Choice:
    """A chosen command and the agent's explanation (a rule ID or a score)."""

    command: Command
    reason: Text
    score: float | None = None


class Cancelled(Exception):
    """The caller cancelled the search."""


class Budget:
    """A deadline plus a cancellation flag, checked by searches between candidates.

    Args:
        seconds: Time allowed from construction.
        cancelled: Returns True when the caller wants the search to stop now.
    """

    def __init__(self, seconds: float, cancelled: Callable[[], bool] | None = None) -> None:
        self.deadline = time.perf_counter() + seconds
        self._cancelled = cancelled or (lambda: False)

    def expired(self) -> bool:
        """True when out of time; raises Cancelled when the caller cancelled."""
        if self._cancelled():
            raise Cancelled
        return time.perf_counter() >= self.deadline


class Agent(Protocol):
    """Anything that picks a command for a side."""

    def choose(self, session: Session, side: str, budget: Budget) -> Choice:
        """Choose one of ``session.legal_commands(side)``."""
        ...


class RandomAgent:
    """Picks uniformly among the legal commands, from its own seeded generator (never the game's dice)."""

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, session: Session, side: str, budget: Budget) -> Choice:
        """Pick any legal command."""
        del budget
        legal: Sequence[Command] = session.legal_commands(side)
        if not legal:
            raise ValueError(f"no legal command for side {side!r}")
        return Choice(self._random.choice(list(legal)), t("Random choice among {n} legal commands.", n=len(legal)))

"""What a query reads of the counters' positions, as keys, so that its answer is shared by every state that agrees
on them (issue 17: random games and the bot list every activated unit's moves again after each move, and most
moves change nothing another unit's routes or a side's supply depend on).

A key holds everything the query reads that can change during a game; the scenario (the runtime, compared by
identity) is part of it, so an edited map never reuses an answer.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, other

V = TypeVar("V")
MAX_STACK = 2
"""Units per hex, HQs included (TY-STK-1)."""


class Recall(Generic[V]):
    """A bounded memory of answers by key (the oldest forgotten first); thread-safe, since the bot searches off the
    GUI thread while the window lists moves."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._answers: dict[Hashable, V] = {}
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Forget every answer (a benchmark measuring the first computation)."""
        with self._lock:
            self._answers.clear()

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The answer for ``key``, computed (by ``compute``) the first time."""
        with self._lock:
            if key in self._answers:
                return self._answers[key]
        answer = compute()
        with self._lock:
            if len(self._answers) >= self._size:
                del self._answers[next(iter(self._answers))]
            self._answers[key] = answer
        return answer


def side_hexes(state: State, side: str) -> frozenset[Hex]:
    """Hexes holding a unit of ``side`` (worked out once per state)."""
    return state.memo(("side_hexes", side), lambda: frozenset(u.hex for u in state.on_map(side) if u.hex is not None))


def enemy_hexes(state: State, side: str) -> frozenset[Hex]:
    """Hexes holding a unit of ``side``'s enemy."""
    return side_hexes(state, other(side))


def full_hexes(state: State, side: str) -> frozenset[Hex]:
    """Hexes holding :data:`MAX_STACK` units of ``side``: no room for one more (TY-STK-1)."""

    def count() -> frozenset[Hex]:
        units = Counter(u.hex for u in state.on_map(side))
        return frozenset(h for h, n in units.items() if n >= MAX_STACK and h is not None)

    return state.memo(("full_hexes", side), count)

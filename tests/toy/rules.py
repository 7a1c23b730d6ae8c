"""The toy's state and its rules of movement (TOY-1, TOY-2, TOY-4)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.core.dice import Dice
from app.core.i18n import t
from app.core.messages import Event
from app.core.ruling import Modifier
from tests.toy.messages import CounterCaptured, CounterHome, CounterMoved
from tests.toy.scenario import SIDES


@dataclass(frozen=True)
class ToyState:
    """Everything about a game in progress; ``pos`` holds (counter, side, square) and square == length is home."""

    dice: Dice
    length: int
    turns: int
    turn: int
    active: str
    pos: tuple[tuple[str, str, int], ...]
    over: bool = False

    def counter(self, counter_id: str) -> tuple[str, str, int] | None:
        """The (id, side, square) of a counter."""
        return next((c for c in self.pos if c[0] == counter_id), None)

    def home(self, side: str) -> int:
        """How many of ``side``'s counters are home."""
        return sum(1 for _, s, p in self.pos if s == side and p >= self.length)

    def progress(self, side: str) -> int:
        """Total squares advanced by ``side``."""
        return sum(p for _, s, p in self.pos if s == side)


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def catch_up(state: ToyState, side: str, square: int) -> tuple[Modifier, ...]:
    """TOY-1: +1 when behind every enemy counter still on the track."""
    enemies = [p for _, s, p in state.pos if s != side and p < state.length]
    if enemies and square < min(enemies):
        return (Modifier(value=1, reason=t("behind every enemy counter"), rule_id="TOY-1"),)
    return ()


def move(state: ToyState, counter_id: str, steps: int) -> tuple[ToyState, list[Event]]:
    """Move a counter ``steps`` squares (negative: back), capturing by landing (TOY-4)."""
    cid, side, start = state.counter(counter_id) or (counter_id, "", 0)
    end = max(0, min(state.length, start + steps))
    events: list[Event] = [
        CounterMoved(
            text=t("{counter} moves from {start} to {end}.", counter=cid, start=start, end=end),
            rule_id="TOY-2",
            instruction=t("Move {counter} to square {end}.", counter=cid, end=end),
            at=(start, end),
            counter=cid,
            start=start,
            end=end,
        )
    ]
    pos = []
    for other_id, other_side, square in state.pos:
        if other_id == cid:
            square = end
        elif other_side != side and square == end and 0 < end < state.length:
            square = 0
            events.append(
                CounterCaptured(text=t("{counter} is captured.", counter=other_id), rule_id="TOY-4", counter=other_id)
            )
        pos.append((other_id, other_side, square))
    if end >= state.length:
        events.append(CounterHome(text=t("{counter} is home.", counter=cid), rule_id="TOY-2", counter=cid))
    return replace(state, pos=tuple(pos)), events

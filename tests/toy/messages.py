"""The toy's commands (imperative) and events (past tense)."""

from __future__ import annotations

from typing import Literal

from app.core.messages import Command, Event, MessageRegistry


class Advance(Command):
    """Roll 1d6 and move a counter (TOY-2)."""

    kind: Literal["toy.advance"] = "toy.advance"
    counter: str


class Gamble(Command):
    """Draw a card and move a counter by it (TOY-5)."""

    kind: Literal["toy.gamble"] = "toy.gamble"
    counter: str


class Rest(Command):
    """Do nothing (TOY-6)."""

    kind: Literal["toy.rest"] = "toy.rest"


class CounterMoved(Event):
    """A counter moved along the track."""

    kind: Literal["toy.moved"] = "toy.moved"
    counter: str
    start: int
    end: int


class CounterCaptured(Event):
    """A counter was sent back to the start."""

    kind: Literal["toy.captured"] = "toy.captured"
    counter: str


class CounterHome(Event):
    """A counter reached the end of the track."""

    kind: Literal["toy.home"] = "toy.home"
    counter: str


class Rested(Event):
    """A side rested."""

    kind: Literal["toy.rested"] = "toy.rested"


class GameEnded(Event):
    """The game is over."""

    kind: Literal["toy.ended"] = "toy.ended"
    winner: str | None


COMMANDS: MessageRegistry[Command] = MessageRegistry([Advance, Gamble, Rest])

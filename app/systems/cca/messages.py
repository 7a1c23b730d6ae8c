"""Commands and events of Commands & Colors: Ancients (the turn of rulebook chapter 4 as JSON values).

Hexes travel as axial ``[q, r]`` pairs; ``describe`` shows their printed labels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from app.core.dice import Roller
from app.core.i18n import Text
from app.core.messages import Command, Event, MessageRegistry
from app.core.ruling import Ruling
from app.core.table_sync import CorrectPiece

Hex = tuple[int, int]


class DealHands(Command):
    """Shuffle the deck and deal each side its Command in cards (CCA-SETUP-2)."""

    kind: Literal["deal_hands"] = "deal_hands"


class PlayCard(Command):
    """Play a command card from the hand (CCA-CARD-1)."""

    kind: Literal["play_card"] = "play_card"
    card: str


class OrderUnit(Command):
    """Give an order to a unit or leader (CCA-ORDER-1, CCA-ORDER-2, CCA-ORDER-3, CCA-ORDER-4)."""

    kind: Literal["order_unit"] = "order_unit"
    piece: str


class EndOrders(Command):
    """Finish ordering; surplus orders are lost (CCA-ORDER-2)."""

    kind: Literal["end_orders"] = "end_orders"


class Move(Command):
    """Move an ordered unit or leader to a hex (CCA-MOVE, CCA-LMOVE)."""

    kind: Literal["move"] = "move"
    piece: str
    to: Hex


class ExitBoard(Command):
    """An ordered unit leaves across the long edge a scenario special rule opens (CCA-MOVE-3, CCA-VICTORY-3)."""

    kind: Literal["exit_board"] = "exit_board"
    piece: str


class EndMovement(Command):
    """Finish movement; battles follow (CCA-TURN-2)."""

    kind: Literal["end_movement"] = "end_movement"


class Battle(Command):
    """An ordered unit battles the enemy in a hex: close combat if adjacent, otherwise ranged (CCA-BATTLE-4)."""

    kind: Literal["battle"] = "battle"
    unit: str
    target: Hex


class EndTurn(Command):
    """Finish battles, discard the card and draw a new one (CCA-DRAW-1)."""

    kind: Literal["end_turn"] = "end_turn"


class Evade(Command):
    """The attacked unit evades to a hex (CCA-EVADE-4)."""

    kind: Literal["evade"] = "evade"
    unit: str
    to: Hex


class Stand(Command):
    """The attacked unit stands and takes the attack."""

    kind: Literal["stand"] = "stand"
    unit: str


class Retreat(Command):
    """A unit ends its retreat in a hex (CCA-RETREAT-3)."""

    kind: Literal["retreat"] = "retreat"
    unit: str
    to: Hex


class LeaderEvade(Command):
    """A leader evades along a path, or off its own baseline when ``off_board`` (CCA-LEVADE-1, CCA-LEVADE-2,
    CCA-LEVADE-3, CCA-LEVADE-4, CCA-LEVADE-5, CCA-LEVADE-6)."""

    kind: Literal["leader_evade"] = "leader_evade"
    leader: str
    path: tuple[Hex, ...]
    off_board: bool = False


class Advance(Command):
    """Momentum advance into the vacated hex (CCA-MOMENTUM-1)."""

    kind: Literal["advance"] = "advance"
    unit: str


class ExtraMove(Command):
    """Cavalry's extra hex after a momentum advance (CCA-MOMENTUM-2), or Move-Fire-Move's second move."""

    kind: Literal["extra_move"] = "extra_move"
    unit: str
    to: Hex


class BattleBack(Command):
    """The defender battles back (CCA-BACK-1)."""

    kind: Literal["battle_back"] = "battle_back"
    unit: str


class Decline(Command):
    """Decline an optional step (battle back, momentum advance, extra hex, bonus close combat)."""

    kind: Literal["decline"] = "decline"
    unit: str
    step: str


class FirstStrike(Command):
    """Play First Strike: the attacked unit battles first, with its battle-back dice (CCA-CARD-4, D14)."""

    kind: Literal["first_strike"] = "first_strike"
    unit: str


class IgnoreFlags(Command):
    """The unit's owner ignores ``flags`` of the flags rolled against it, 0 up to what it may ignore
    (CCA-BOLSTER-1: ignoring is optional per flag, D5)."""

    kind: Literal["ignore_flags"] = "ignore_flags"
    unit: str
    flags: int


COMMANDS: MessageRegistry[Command] = MessageRegistry(
    [
        DealHands,
        PlayCard,
        OrderUnit,
        EndOrders,
        Move,
        ExitBoard,
        EndMovement,
        Battle,
        EndTurn,
        Evade,
        Stand,
        Retreat,
        LeaderEvade,
        Advance,
        ExtraMove,
        BattleBack,
        Decline,
        FirstStrike,
        IgnoreFlags,
        CorrectPiece,
    ]
)


class Happened(Event):
    """Something happened on the battlefield (the ``what`` field names it: played, moved, rolled, …)."""

    kind: Literal["cca"] = "cca"
    what: str = ""


@dataclass
class Ctx:
    """What one command's resolution accumulates: its dice and its events."""

    roller: Roller
    events: list[Event] = field(default_factory=list)

    def say(
        self, what: str, text: Text, rule_id: str = "", ruling: Ruling | None = None, at: tuple[Hex, ...] = ()
    ) -> None:
        """Record an event."""
        self.events.append(Happened(what=what, text=text, rule_id=rule_id, ruling=ruling, at=at))

"""Commands (imperative) and events (past tense) of the Third Reich engine.

Group actions name their units (a group, TR-GRP-1) and say what pays for them (``by``): the card's strategy
value (``sv``), its event (``event``), a Blitzkrieg follow-up (``blitz``) or an air operation without a card
(``air_op``, TR-AIROP-1).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from app.core.messages import Command, Event, MessageRegistry

By = Literal["sv", "event", "blitz", "air_op"]


class TakeCard(Command):
    """Hand selection: take one card from the deck into the hand (TR-SEQ-1); which card is the side's secret."""

    secret: ClassVar[bool] = True
    kind: Literal["tr.take"] = "tr.take"
    card: str


class PlayCard(Command):
    """Play a strategy card from the hand (TR-RND-1)."""

    kind: Literal["tr.play"] = "tr.play"
    card: str


class UseBanked(Command):
    """Spend the strategy value banked by Ambush cards in the last enemy round (TR-CA-13)."""

    kind: Literal["tr.banked"] = "tr.banked"


class Pass(Command):
    """Pass the round (TR-SEQ-4)."""

    kind: Literal["tr.pass"] = "tr.pass"


class FinishCard(Command):
    """End the round: the rest of the card's strategy value and its event are given up (TR-RND-3)."""

    kind: Literal["tr.finish"] = "tr.finish"


class Move(Command):
    """Move a group: ``normal`` over land or sea, ``sea`` (land/air units across one sea area, TR-SEAMOV-1) or
    ``air`` (an air move, TR-AIRMOV-1)."""

    kind: Literal["tr.move"] = "tr.move"
    units: tuple[str, ...]
    to: str
    mode: Literal["normal", "sea", "air"] = "normal"
    via: str | None = None
    by: By = "sv"


class Attack(Command):
    """A group attacks: a normal attack in its own area, or an air attack (``air``) on ``target`` (TR-ATK-1,
    TR-AIRATK-1). ``twice``: both Blitzkrieg actions declared together as two attacks, their damage points
    summed (TR-QA-1, TR-QA-2, TR-HIT-3)."""

    kind: Literal["tr.attack"] = "tr.attack"
    units: tuple[str, ...]
    target: str
    air: bool = False
    by: By = "sv"
    twice: bool = False


class Mobilize(Command):
    """Mobilize a unit from the pool into an area (TR-MOB-1)."""

    kind: Literal["tr.mobilize"] = "tr.mobilize"
    unit: str
    area: str


class UseEvent(Command):
    """Carry out the event of the card in play (TR-EVT-1). The fields used depend on the event:
    ``choice`` (a card, a unit design or a nation), ``units``, ``to`` and ``via``."""

    kind: Literal["tr.event"] = "tr.event"
    choice: str = ""
    units: tuple[str, ...] = ()
    to: str = ""
    via: str = ""


class DevelopCard(Command):
    """Development under hidden development (TR-OPT-1, TR-EVT-4): take ``card`` from the development pool face
    down; which card stays the side's secret (the other side learns only its strategy value)."""

    secret: ClassVar[bool] = True
    kind: Literal["tr.develop"] = "tr.develop"
    card: str


class Ambush(Command):
    """Counterattack with a ★Ambush★ card (TR-CA-1)."""

    kind: Literal["tr.ambush"] = "tr.ambush"
    card: str


class NoAmbush(Command):
    """Let the enemy action go on without a counterattack."""

    kind: Literal["tr.no_ambush"] = "tr.no_ambush"


class Retreat(Command):
    """Choose where a unit retreats (an adjacent area, or ``pool``) (TR-RET-1, TR-VIOL-4)."""

    kind: Literal["tr.retreat"] = "tr.retreat"
    unit: str
    to: str


class AssignHit(Command):
    """Allocate damage: the next point to ``unit``, or (``unit`` empty) every point left as the engine proposes
    (TR-ALLOC-1, TR-ALLOC-2, TR-ALLOC-4)."""

    kind: Literal["tr.hit"] = "tr.hit"
    unit: str = ""


class Reassign(Command):
    """End of a round: hand a friendly area over to another friendly nation, or (``area`` empty) hand over no more
    (TR-CTRL-6)."""

    kind: Literal["tr.reassign"] = "tr.reassign"
    area: str = ""
    nation: str = ""


class ReturnUnit(Command):
    """End of turn: return ``unit`` to the mobilization pool, or (``unit`` empty) return no more (TR-SEQ-5)."""

    kind: Literal["tr.return"] = "tr.return"
    unit: str = ""


class DiscardCard(Command):
    """Discard a card of one's choice after a raid (optional choice of discards, TR-OPT-3); which card stays
    the side's secret."""

    secret: ClassVar[bool] = True
    kind: Literal["tr.discard"] = "tr.discard"
    card: str


class MobilizeYugoslav(Command):
    """The Supply event naming Yugoslavia: place Yugoslav ``unit`` from the pool in ``area``, or (``unit`` empty)
    mobilize no more (TR-YUG-1)."""

    kind: Literal["tr.yugoslav"] = "tr.yugoslav"
    unit: str = ""
    area: str = ""


class Happened(Event):
    """Something happened in the game (the text says what; ``rule_id`` why)."""

    kind: Literal["tr.happened"] = "tr.happened"


class AttackResolved(Event):
    """An attack or counterattack was rolled and its damage applied (the ruling holds the dice)."""

    kind: Literal["tr.attack_resolved"] = "tr.attack_resolved"
    hits: int = 0
    points: int = 0


class TableStep(Event):
    """In table mode, one thing to do on the physical board (the text is the instruction)."""

    kind: Literal["tr.table"] = "tr.table"


class GameEnded(Event):
    """The game is over."""

    kind: Literal["tr.ended"] = "tr.ended"
    winner: str | None = None


COMMANDS: MessageRegistry[Command] = MessageRegistry(
    [
        TakeCard,
        PlayCard,
        UseBanked,
        Pass,
        FinishCard,
        Move,
        Attack,
        Mobilize,
        UseEvent,
        DevelopCard,
        Ambush,
        NoAmbush,
        Retreat,
        AssignHit,
        Reassign,
        ReturnUnit,
        DiscardCard,
        MobilizeYugoslav,
    ]
)

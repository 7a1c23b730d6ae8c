"""Commands (imperative) and events (past tense) of Operation Typhoon 1941."""

from __future__ import annotations

from typing import ClassVar, Literal

from app.core.messages import Command, Event, MessageRegistry

HexJson = tuple[int, int]


class SelectCard(Command):
    """Put one of your command cards into the cup, or keep Guderian in hand (TY-CMD-1, TY-GUD-1)."""

    secret: ClassVar[bool] = True
    kind: Literal["ty.select"] = "ty.select"
    card: str
    hold: bool = False


class DrawCard(Command):
    """Draw a card from the cup at random (TY-EXE-1); at the table, type the chit drawn."""

    told_by_its_events: ClassVar[bool] = True  # the history names the card drawn
    kind: Literal["ty.draw"] = "ty.draw"


class PlayGuderian(Command):
    """Play the held Guderian card as an interrupt (TY-GUD-3, TY-GUD-5)."""

    kind: Literal["ty.guderian"] = "ty.guderian"


class DeclineGuderian(Command):
    """Keep Guderian in hand: the drawn card is executed (or the turn ends)."""

    secret: ClassVar[bool] = True
    kind: Literal["ty.no_guderian"] = "ty.no_guderian"


class MoveUnit(Command):
    """Move an activated unit to a reachable hex, normally or in march mode (TY-MOV-1, TY-MARCH-1).

    ``path`` names the hexes entered, in order, ending at ``to`` (TY-MOV-2: the player chooses the way, and the
    towns and cities on it change hands, TY-CITY-2); empty: the cheapest way.
    """

    kind: Literal["ty.move"] = "ty.move"
    unit: str
    to: HexJson
    march: bool = False
    path: tuple[HexJson, ...] = ()


class EndMovement(Command):
    """End the movement segment (TY-SEQ-4)."""

    kind: Literal["ty.end_move"] = "ty.end_move"


class DeclareAttack(Command):
    """Declare one attack: activated units against one adjacent enemy hex (TY-CBT-7)."""

    kind: Literal["ty.declare"] = "ty.declare"
    units: tuple[str, ...]
    target: HexJson


class ResolveAttack(Command):
    """Resolve a declared attack: roll one die on the CRT (TY-CRT-2)."""

    kind: Literal["ty.resolve"] = "ty.resolve"
    target: HexJson


class EndCombat(Command):
    """End the combat segment without (further) attacks."""

    kind: Literal["ty.end_combat"] = "ty.end_combat"


class LoseStep(Command):
    """Take one step loss on a unit (TY-LOSS-1, TY-LOSS-2)."""

    kind: Literal["ty.lose"] = "ty.lose"
    unit: str


class Retreat(Command):
    """Retreat a unit one hex (TY-RET-8)."""

    kind: Literal["ty.retreat"] = "ty.retreat"
    unit: str
    to: HexJson


class Advance(Command):
    """Advance a unit after combat along ``path`` (the vacated hex first, TY-ADV-7)."""

    kind: Literal["ty.advance"] = "ty.advance"
    unit: str
    path: tuple[HexJson, ...]


class EndAdvance(Command):
    """Advance no (further) units."""

    kind: Literal["ty.end_advance"] = "ty.end_advance"


class PlaceUnit(Command):
    """Place a reinforcement, a returning withdrawn unit or a Moscow garrison unit (TY-REIN-1, TY-MOSC-3)."""

    kind: Literal["ty.place"] = "ty.place"
    unit: str
    at: HexJson


class EndPlacement(Command):
    """Place no more units now."""

    kind: Literal["ty.end_place"] = "ty.end_place"


class Withdraw(Command):
    """Remove a unit that traces a LOC into the Withdrawal box (TY-SUP-4)."""

    kind: Literal["ty.withdraw"] = "ty.withdraw"
    unit: str


class EndWithdrawal(Command):
    """Withdraw no more units."""

    kind: Literal["ty.end_withdraw"] = "ty.end_withdraw"


class ActivateUnit(Command):
    """RESERVE/OKH: activate one more unit of your choice (TY-OPT-RES-2)."""

    kind: Literal["ty.activate"] = "ty.activate"
    unit: str


class ConvertGuards(Command):
    """Guards conversion: replace a rifle division by a Guards division (TY-OPT-GRD-1)."""

    kind: Literal["ty.guards"] = "ty.guards"
    unit: str
    guards: str


class Happened(Event):
    """Something happened (the text, ruling and table instruction say what)."""

    kind: Literal["ty.happened"] = "ty.happened"


COMMANDS: MessageRegistry[Command] = MessageRegistry(
    [
        SelectCard,
        DrawCard,
        PlayGuderian,
        DeclineGuderian,
        MoveUnit,
        EndMovement,
        DeclareAttack,
        ResolveAttack,
        EndCombat,
        LoseStep,
        Retreat,
        Advance,
        EndAdvance,
        PlaceUnit,
        EndPlacement,
        Withdraw,
        EndWithdrawal,
        ActivateUnit,
        ConvertGuards,
    ]
)

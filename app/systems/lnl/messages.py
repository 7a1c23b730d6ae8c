"""Commands and events of the squad game (the turn as JSON values). Hexes travel as axial ``[q, r]`` pairs.

Every command that rolls takes typed dice in table mode (``Command.dice``), consumed in the order the ruling
lists them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from app.core.dice import Roller
from app.core.i18n import Text
from app.core.messages import Command, Event, MessageRegistry
from app.core.ruling import Ruling

Hex = tuple[int, int]
MoveMode = Literal["normal", "low_crawl", "stealth", "assault"]


class RollInitiative(Command):
    """Rally Phase: both sides roll 1D6 for the initiative (LNL-RALLY-1); the dice are the initiative holder's
    then the other side's."""

    kind: Literal["lnl.initiative"] = "lnl.initiative"


class Rally(Command):
    """Rally Phase: a Shaken unit tries to return to good order (LNL-RALLY-3, LNL-RALLY-4)."""

    kind: Literal["lnl.rally"] = "lnl.rally"
    unit: str
    medic: str | None = None


class Heal(Command):
    """Rally Phase: a medic removes a Wounded marker from an SMC in its hex (LNL-MEDIC-2)."""

    kind: Literal["lnl.heal"] = "lnl.heal"
    medic: str
    unit: str


class Combine(Command):
    """Rally Phase: two half-squads of a type with a GO leader become one squad (LNL-RALLY-8)."""

    kind: Literal["lnl.combine"] = "lnl.combine"
    units: tuple[str, str]


WeaponAction = Literal["pick_up", "drop", "destroy", "give", "set_up", "stow", "repair"]


class HandleWeapon(Command):
    """Manage a support weapon (LNL-SW-4, LNL-SW-5, LNL-SW-7): pick up one lying in the hex, drop, destroy, give
    it to ``to`` (exchange within the hex), set up or stow a tripod weapon, or try to repair a jammed one (1D6)."""

    kind: Literal["lnl.weapon"] = "lnl.weapon"
    unit: str
    action: WeaponAction
    weapon: str
    to: str | None = None


class Snipe(Command):
    """A sniper fires at one exposed enemy unit on the sniper table (LNL-SNIPER-2, LNL-SNIPER-3); the dice are
    2D6."""

    kind: Literal["lnl.snipe"] = "lnl.snipe"
    unit: str
    target: str


class EndRally(Command):
    """The side finishes its rallying (LNL-RALLY-2)."""

    kind: Literal["lnl.end_rally"] = "lnl.end_rally"


class Fire(Command):
    """Operations Phase: a fire group (or a heavy weapon alone) fires at the units on ``level`` of a hex
    (LNL-FIRE-1, LNL-FIRE-4, LNL-FIRE-5, LNL-HW-1). ``weapons`` names the SWs used, by the carrier's id and type
    (``"a1:us_bar"``); ``gun`` fires the unit's to-hit weapon instead."""

    kind: Literal["lnl.fire"] = "lnl.fire"
    units: tuple[str, ...]
    target: Hex
    level: int = 0
    weapons: tuple[str, ...] = ()
    gun: bool = False
    vehicle: str = ""  # a gun shot at this enemy vehicle, in a hex that also holds infantry (LNL-HW-1)


class OpFire(Command):
    """The non-moving side fires at the stack that just entered a hex (LNL-OPFIRE-1)."""

    kind: Literal["lnl.opfire"] = "lnl.opfire"
    units: tuple[str, ...]
    weapons: tuple[str, ...] = ()
    gun: bool = False
    vehicle: str = ""  # a gun shot at this enemy vehicle, in a hex that also holds infantry (LNL-HW-1)


class HoldFire(Command):
    """The non-moving side lets the moving stack go on (LNL-OPFIRE-1)."""

    kind: Literal["lnl.hold_fire"] = "lnl.hold_fire"


class StartMove(Command):
    """Operations Phase: activate a stack from one hex to move (LNL-MOVE-3, LNL-CRAWL-1, LNL-STEALTH-1,
    LNL-ASSAULT-1)."""

    kind: Literal["lnl.start_move"] = "lnl.start_move"
    units: tuple[str, ...]
    mode: MoveMode = "normal"
    to: Hex
    level: int = 0


class MoveOn(Command):
    """The moving stack enters the next hex (LNL-MOVE-11)."""

    kind: Literal["lnl.move_on"] = "lnl.move_on"
    to: Hex
    level: int = 0


class Stop(Command):
    """The moving stack ends its move (LNL-MOVE-12)."""

    kind: Literal["lnl.stop"] = "lnl.stop"


class Spot(Command):
    """A unit tries to spot a hex (LNL-SPOT-3, LNL-SPOT-5)."""

    kind: Literal["lnl.spot"] = "lnl.spot"
    unit: str
    target: Hex
    level: int = 0  # the building storey spotted: each storey is spotted on its own (LNL-FIRE-1)


class LaySmoke(Command):
    """A GO squad, half-squad, crew or weapon team places smoke in its own or an adjacent hex (LNL-SMOKE-1)."""

    kind: Literal["lnl.smoke"] = "lnl.smoke"
    unit: str
    target: Hex


class MeleeRound(Command):
    """Units locked in melee fight another round (LNL-MELEE-4, LNL-MELEE-9)."""

    kind: Literal["lnl.melee"] = "lnl.melee"
    hex: Hex


class MeleeTargets(Command):
    """The attacker picks the defenders it attacks in a melee, among those able to melee (LNL-MELEE-5)."""

    kind: Literal["lnl.melee_targets"] = "lnl.melee_targets"
    hex: Hex
    targets: tuple[str, ...]


class Withdraw(Command):
    """Units in melee try to leave to an adjacent hex (LNL-MOVE-9)."""

    kind: Literal["lnl.withdraw"] = "lnl.withdraw"
    units: tuple[str, ...]
    to: Hex


class CloseAssault(Command):
    """An infantry unit adjacent to an enemy vehicle attacks it in melee (LNL-INFVEH-1, LNL-INFVEH-4)."""

    kind: Literal["lnl.close_assault"] = "lnl.close_assault"
    unit: str
    vehicle: str
    leader: str | None = None


class Overrun(Command):
    """A vehicle moving normally drives into an adjacent hex of enemy infantry to overrun it (LNL-OVERRUN-2,
    LNL-OVERRUN-3); given while the vehicle moves, or to start its move."""

    kind: Literal["lnl.overrun"] = "lnl.overrun"
    vehicle: str
    to: Hex


class Hatches(Command):
    """A vehicle that may still act opens or closes its hatches, once a turn, without using its action
    (LNL-VEH-1)."""

    kind: Literal["lnl.hatches"] = "lnl.hatches"
    vehicle: str


class LetPass(Command):
    """The overrun infantry does not counter-attack the vehicle (LNL-OVERRUN-5)."""

    kind: Literal["lnl.let_pass"] = "lnl.let_pass"


class PlaceSniper(Command):
    """Place a sniper kept off the map in a hex without enemy units (LNL-SNIPER-1)."""

    kind: Literal["lnl.place_sniper"] = "lnl.place_sniper"
    unit: str
    at: Hex


class Pass(Command):
    """Operations Phase: do nothing this impulse (LNL-OPS-1)."""

    kind: Literal["lnl.pass"] = "lnl.pass"


class Happened(Event):
    """Something happened; ``what`` says what kind of thing."""

    kind: Literal["lnl.happened"] = "lnl.happened"
    what: str


@dataclass
class Ctx:
    """What one command's resolution accumulates: its dice and its events."""

    roller: Roller
    events: list[Event] = field(default_factory=list)

    def say(
        self,
        what: str,
        text: Text,
        rule_id: str = "",
        ruling: Ruling | None = None,
        *,
        at: tuple[Hex, ...] = (),
        instruction: Text | None = None,
    ) -> None:
        """Record an event."""
        self.events.append(
            Happened(what=what, text=text, rule_id=rule_id, ruling=ruling, at=at, instruction=instruction)
        )


COMMANDS: MessageRegistry[Command] = MessageRegistry(
    [
        RollInitiative,
        Rally,
        Heal,
        Combine,
        HandleWeapon,
        Snipe,
        EndRally,
        Fire,
        OpFire,
        HoldFire,
        StartMove,
        MoveOn,
        Stop,
        Spot,
        LaySmoke,
        MeleeRound,
        MeleeTargets,
        Withdraw,
        CloseAssault,
        Overrun,
        LetPass,
        Hatches,
        PlaceSniper,
        Pass,
    ]
)

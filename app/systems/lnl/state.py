"""Game state of the squad game: counters, markers, the turn (LNL-SEQ-1, LNL-STACK-1, LNL-STACK-2, LNL-STACK-3).

Every class is a frozen dataclass of tuples; rules return new states with ``dataclasses.replace``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from app.core.dice import Dice
from app.geometry.hexgrid import Hex
from app.systems.lnl.board import Runtime
from app.systems.lnl.scenario import SIDES
from app.systems.lnl.tables import Options, UnitType

Phase = Literal["rally", "operations", "over"]
MOVE_MARKERS = ("moved", "low_crawl", "stealth", "assault_move")


def other(side: str) -> str:
    """The opposing side."""
    return SIDES[1] if side == SIDES[0] else SIDES[0]


@dataclass(frozen=True)
class Weapon:
    """A support weapon carried or lying in a hex (LNL-SW-1): jammed (LNL-SW-7), its original owner (a captured
    one is used by the other side, LNL-SW-6), a tripod weapon stowed to move (LNL-SW-9)."""

    type: str
    jammed: bool = False
    owner_side: str = ""
    stowed: bool = False


@dataclass(frozen=True)
class Unit:
    """A counter on (or off) the map.

    Attributes:
        id: Stable id.
        side: Owner.
        type: Counter type id.
        hex: Axial hex; ``None`` while off the map (a sniper not yet placed).
        level: Building storey (0 = ground floor).
        shaken: Shaken side up.
        wounded: A wounded SMC.
        markers: Markers on it (moved, fired, ops_complete, low_crawl, stealth, assault_move).
        weapons: Support weapons carried.
        facing: Hex direction of a vehicle's or weapon team's front.
        buttoned: A vehicle with its hatches closed.
        skill: A hero's skill card.
        wreck: A destroyed vehicle left as a wreck.
    """

    id: str
    side: str
    type: str
    hex: Hex | None
    level: int = 0
    shaken: bool = False
    wounded: bool = False
    markers: tuple[str, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    facing: int = 0
    buttoned: bool = True
    skill: str = ""
    wreck: bool = False

    def has(self, marker: str) -> bool:
        """Whether the counter carries ``marker``."""
        return marker in self.markers

    def marked(self, *markers: str) -> Unit:
        """The counter with ``markers`` added."""
        return replace(self, markers=tuple(sorted({*self.markers, *markers})))

    @property
    def moved(self) -> bool:
        """Moved this turn in any way (LNL-MOVE-12, LNL-CRAWL-5, LNL-STEALTH-7, LNL-ASSAULT-5)."""
        return any(m in self.markers for m in MOVE_MARKERS)


@dataclass(frozen=True)
class Move:
    """A stack moving in the impulse (LNL-MOVE-3): who, how, MP left, where it came from; ``done``: the move is
    over and assault or stealth movers may still fire in the same action (LNL-ASSAULT-4, LNL-STEALTH-6).
    Infantry moving with a vehicle (LNL-VMOVE-3) spend ``mp``/``spent`` on foot and the vehicle
    ``vmp``/``vspent`` at its own costs (``vmp`` 0: no such pair)."""

    units: tuple[str, ...]
    mode: Literal["normal", "low_crawl", "stealth", "assault"]
    mp: int
    spent: int = 0
    path: tuple[Hex, ...] = ()
    exposed_before: bool = True
    opfired: tuple[str, ...] = ()
    done: bool = False
    vmp: int = 0
    vspent: int = 0


@dataclass(frozen=True)
class Step:
    """A step waiting for a decision (``app.core.flow``): ``opfire`` (the non-moving side may fire at the stack
    that just entered ``hex``), ``counter`` (infantry that survived an overrun in ``hex`` may counter-attack
    the vehicle; ``done`` lists the units, and the leader, already used, LNL-OVERRUN-5) or ``melee`` (the
    attacker picks its targets among the defenders on storey ``level`` of ``hex``, LNL-MELEE-5)."""

    kind: str
    side: str
    hex: Hex | None = None
    done: tuple[str, ...] = ()
    level: int = 0


@dataclass(frozen=True)
class State:
    """The whole game.

    Attributes:
        runtime: The scenario (map, model).
        dice: The seeded dice.
        units: Counters on the map, off it (snipers) and wrecks.
        turn: Turn number.
        phase: Rally, operations, or over.
        initiative: Side holding the initiative.
        active: Side to act (rally: rallying side; operations: impulse owner).
        passes: Consecutive passes in the operations phase (LNL-OPS-1).
        hex_markers: (hex, marker) pairs: spotted, smoke1, smoke2, melee.
        rallied: Units that used their rally attempt this phase (LNL-RALLY-7).
        rally_done: Sides that finished rallying this turn.
        moving: The stack moving in the current impulse.
        steps: Decisions waiting (opportunity fire).
        control: (hex, side) of the victory hexes.
        heroes: Heroes created so far, by side (LNL-HERO-3 counts those on the map).
        melees: Hexes where a melee was fought this turn (LNL-MELEE-4).
        winner: The winner once the game is over (``None`` with phase over: a draw).
        serial: Counter of created units (heroes, half-squads, crews) for stable ids.
        dropped: Support weapons lying in hexes.
        rolled: The initiative has been rolled this turn (LNL-RALLY-1).
    """

    runtime: Runtime = field(compare=False, repr=False)
    dice: Dice
    units: tuple[Unit, ...]
    turn: int = 1
    phase: Phase = "rally"
    initiative: str = SIDES[0]
    active: str = SIDES[0]
    passes: int = 0
    hex_markers: tuple[tuple[Hex, str], ...] = ()
    rallied: tuple[str, ...] = ()
    rally_done: tuple[str, ...] = ()
    moving: Move | None = None
    steps: tuple[Step, ...] = ()
    control: tuple[tuple[Hex, str], ...] = ()
    winner: str | None = None
    serial: int = 0
    melees: tuple[Hex, ...] = ()
    dropped: tuple[tuple[Hex, Weapon], ...] = ()
    rolled: bool = False

    # --- lookups ------------------------------------------------------------------------------------
    @property
    def options(self) -> Options:
        """The scenario's optional rules."""
        return self.runtime.model.rules

    def unit(self, unit_id: str) -> Unit | None:
        """The counter with ``unit_id``."""
        return next((u for u in self.units if u.id == unit_id), None)

    def get(self, unit_id: str) -> Unit:
        """The counter with ``unit_id`` (it must exist)."""
        found = self.unit(unit_id)
        assert found is not None, unit_id
        return found

    def spec(self, unit: Unit) -> UnitType:
        """The counter's printed values."""
        return self.runtime.unit_type(unit.type)

    def at(self, h: Hex, side: str | None = None, level: int | None = None) -> list[Unit]:
        """Counters in hex ``h`` (not wrecks), optionally of ``side`` and on ``level``."""
        return [
            u
            for u in self.units
            if u.hex == h and not u.wreck and (side is None or u.side == side) and (level is None or u.level == level)
        ]

    def on_map(self, side: str | None = None) -> list[Unit]:
        """Counters on the map (not wrecks)."""
        return [u for u in self.units if u.hex is not None and not u.wreck and (side is None or u.side == side)]

    def hex_has(self, h: Hex, marker: str) -> bool:
        """Whether hex ``h`` carries ``marker``."""
        return (h, marker) in self.hex_markers

    def smoke(self, h: Hex) -> bool:
        """Smoke in ``h`` (LNL-SMOKE-3)."""
        return self.hex_has(h, "smoke1") or self.hex_has(h, "smoke2")

    # --- updates ------------------------------------------------------------------------------------
    def with_unit(self, unit: Unit) -> State:
        """Replace the counter with the same id (or add it)."""
        if self.unit(unit.id) is None:
            return replace(self, units=(*self.units, unit))
        return replace(self, units=tuple(unit if u.id == unit.id else u for u in self.units))

    def without(self, unit_id: str) -> State:
        """Remove a counter; its support weapons stay in the hex (LNL-MELEE-10)."""
        gone = self.unit(unit_id)
        dropped = self.dropped
        if gone is not None and gone.hex is not None:
            dropped = (*dropped, *((gone.hex, w) for w in gone.weapons))
        return replace(self, units=tuple(u for u in self.units if u.id != unit_id), dropped=dropped)

    def mark_hex(self, h: Hex, marker: str) -> State:
        """Put ``marker`` on hex ``h``."""
        if self.hex_has(h, marker):
            return self
        return replace(self, hex_markers=tuple(sorted({*self.hex_markers, (h, marker)})))

    def unmark_hex(self, h: Hex, marker: str) -> State:
        """Take ``marker`` off hex ``h``."""
        return replace(self, hex_markers=tuple(x for x in self.hex_markers if x != (h, marker)))

    def next_id(self, side: str) -> tuple[str, State]:
        """A fresh counter id for ``side`` and the state that used it."""
        serial = self.serial + 1
        return f"{side[0]}n{serial}", replace(self, serial=serial)

"""The game state: immutable values for counters, the cup, the turn in progress and the pending steps.

Every class is a frozen dataclass of tuples; rules return new states with ``dataclasses.replace``.
TY-UNIT-4, TY-SEQ-1, TY-SEQ-2, TY-SEQ-3, TY-SEQ-4.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar

from app.core.dice import Dice
from app.systems.typhoon.runtime import Hex, Runtime
from app.systems.typhoon.scenario import SIDES, UnitSpec

T = TypeVar("T")
Phase = Literal["select", "draw", "move", "combat", "place", "withdraw", "activate", "over"]
Box = Literal["map", "reserve", "guards", "withdrawn", "later", "gone"]


def other(side: str) -> str:
    """The opposing side."""
    return SIDES[1] if side == SIDES[0] else SIDES[0]


@dataclass(frozen=True)
class Unit:
    """A counter: where it is (a hex, or a box) and which side is up.

    Attributes:
        id: Counter id (the scenario's).
        side: Owner.
        hex: Hex on the map, ``None`` in a box.
        box: ``map``, ``reserve`` (Available Reinforcements), ``guards``, ``withdrawn``, ``later`` (arrives on a
            later turn), ``gone`` (out of the game for good).
        reduced: Showing the reduced side (TY-UNIT-4).
        since: Turn it entered its box (withdrawn units return from the next turn on, TY-SUP-5).
    """

    id: str
    side: str
    hex: Hex | None
    box: Box = "map"
    reduced: bool = False
    since: int = 0


@dataclass(frozen=True)
class Attack:
    """A declared attack (TY-CBT-7)."""

    target: Hex
    units: tuple[str, ...]
    resolved: bool = False


@dataclass(frozen=True)
class Step:
    """A step of the core flow still to resolve (``app.core.flow``).

    Kinds: ``loss`` (``side`` takes ``amount`` steps among ``units``), ``retreat`` (``units[0]`` retreats
    ``amount`` more hexes; ``path`` its hexes so far, ``origin`` where it started), ``advance`` (``units`` may
    advance into ``origin``), ``guderian`` (play Guderian instead of the drawn ``card``), ``guderian_end``
    (play the held Guderian before the end of the turn).
    """

    kind: str
    side: str
    units: tuple[str, ...] = ()
    amount: int = 0
    origin: Hex | None = None
    path: tuple[Hex, ...] = ()
    card: str = ""
    extra: bool = False


@dataclass(frozen=True)
class State:
    """Everything about a game in progress.

    Attributes:
        runtime: The loaded scenario (static).
        dice: The random state.
        turn: Game turn.
        phase: Where the turn is (TY-SEQ-1 .. TY-SEQ-6).
        units: Every counter.
        selecting: Side choosing its cards (phase ``select``).
        picked: Cards the selecting side has chosen so far (secret, TY-CMD-3).
        cup: Cards in the cup (secret until drawn).
        held: The Guderian card held in hand (TY-GUD-1), if any.
        used: Cards executed this turn (TY-EXE-3).
        phasing: Side executing the current card.
        card: The card being executed.
        active: Units activated by it (TY-ACT-1).
        moved: Activated units that have moved (TY-ACT-3).
        attacks: Attacks declared this combat segment.
        closed: Declarations are closed (resolution has begun, TY-CBT-7).
        retreated: Units that retreated this combat segment (TY-ODDS-3).
        axis_hexes: Town and large-city hexes the Axis controls (the others are Soviet, TY-CITY-1).
        key_flag: The Axis has held the key-hex count at once at some moment (TY-VIC-2).
        to_place: Units the phasing side may still place from the reserve (TY-REIN-2).
        garrison: Moscow garrison units still to place (TY-MOSC-1, TY-MOSC-3).
        carry: Garrison units carried over to the next SOVIET REINF (TY-MOSC-3).
        steps: Pending flow steps, the next first.
        winner: The winner, once decided.
        dismissed: Guderian has been dismissed (TY-OPT-GUD-1).
        reserve_left: Units a RESERVE/OKH card may still activate (TY-OPT-RES-2).
        converted: Guards conversions still allowed this REINF (TY-OPT-GRD-1).
        limited: RESERVE-activated units outside every HQ's range: half MA, no march, no attack (TY-OPT-RES-4).
    """

    runtime: Runtime
    dice: Dice
    turn: int
    phase: Phase
    units: tuple[Unit, ...]
    axis_hexes: frozenset[Hex]
    selecting: str = "axis"
    picked: tuple[str, ...] = ()
    cup: tuple[str, ...] = ()
    held: str | None = None
    used: tuple[str, ...] = ()
    phasing: str = "axis"
    card: str | None = None
    active: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    attacks: tuple[Attack, ...] = ()
    closed: bool = False
    retreated: tuple[str, ...] = ()
    key_flag: bool = False
    to_place: int = 0
    garrison: int = 0
    carry: int = 0
    steps: tuple[Step, ...] = ()
    winner: str | None = None
    dismissed: bool = False
    reserve_left: int = 0
    converted: int = 0
    limited: tuple[str, ...] = ()
    cache: dict[Hashable, object] = field(default_factory=dict, init=False, compare=False, repr=False)

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """A position query answered once per state (zones of control, lines of communication): ``cache`` is not
        part of the state's value (not compared, encoded or copied by ``replace``)."""
        if key not in self.cache:
            self.cache[key] = compute()
        return self.cache[key]  # type: ignore[return-value]

    def unit(self, unit_id: str) -> Unit | None:
        """The counter with ``unit_id``."""
        return self.memo("by_id", lambda: {u.id: u for u in self.units}).get(unit_id)

    def spec(self, unit_id: str) -> UnitSpec:
        """The printed data of a counter."""
        return self.runtime.units[unit_id]

    def at(self, h: Hex) -> tuple[Unit, ...]:
        """Units in hex ``h``."""
        return self.memo("by_hex", self._by_hex).get(h, ())

    def _by_hex(self) -> dict[Hex, tuple[Unit, ...]]:
        found: dict[Hex, tuple[Unit, ...]] = {}
        for u in self.units:
            if u.hex is not None:
                found[u.hex] = (*found.get(u.hex, ()), u)
        return found

    def on_map(self, side: str | None = None) -> tuple[Unit, ...]:
        """Units on the map (of ``side``)."""
        return tuple(u for u in self.units if u.hex is not None and (side is None or u.side == side))

    def occupant(self, h: Hex) -> str | None:
        """The side whose units are in ``h`` (TY-STK-2), if any."""
        return self.memo("occupants", lambda: {u.hex: u.side for u in self.units if u.hex is not None}).get(h)

    def controller(self, h: Hex) -> str:
        """Who controls a town or large-city hex (TY-CITY-1, TY-CITY-2)."""
        return "axis" if h in self.axis_hexes else "soviet"

    def with_unit(self, unit: Unit) -> State:
        """The state with ``unit`` replacing the counter of the same id."""
        return replace(self, units=tuple(unit if u.id == unit.id else u for u in self.units))


def mechanized(spec: UnitSpec) -> bool:
    """Two printed combat values make a unit mechanised (TY-UNIT-3)."""
    return len(spec.full) == 2


def values(spec: UnitSpec, reduced: bool) -> list[int]:
    """The printed values of the side that is up."""
    return list(spec.reduced) if reduced and spec.reduced is not None else list(spec.full)


def attack_value(spec: UnitSpec, reduced: bool) -> int:
    """Attack strength: the attack value, or the single value (TY-CBT-8)."""
    return values(spec, reduced)[0]


def defence_value(spec: UnitSpec, reduced: bool) -> int:
    """Defence strength: the defence value, or the single value (TY-CBT-8)."""
    return values(spec, reduced)[-1]

"""The state of a Third Reich game: a frozen dataclass of tuples (never mutated; ``replace`` makes the next one).

Chapters 2–5 of the rulebook: units and their faces (TR-UNIT-2), nations' side and status (TR-NAT-1), area
control (TR-CTRL-*), the three card zones of each player and the development pool (TR-CARD-6), the turn and
round counters (TR-SEQ-*), the card in play (TR-RND-*), the Entry track (TR-MARK-2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Literal, TypeVar, cast

from app.core.dice import Dice
from app.systems.third_reich.runtime import Runtime, UnitType, unit_types
from app.systems.third_reich.scenario import SIDES, CounterDesign

T = TypeVar("T")
POOL = "pool"
DEVELOPMENT = "development"
REMOVED = "removed"
OFF_MAP = (POOL, DEVELOPMENT, REMOVED)


def other(side: str) -> str:
    """The opposing side."""
    return SIDES[1] if side == SIDES[0] else SIDES[0]


@dataclass(frozen=True)
class Unit:
    """One counter: its design, nation, where it is (area id or pool/development/removed) and its face."""

    id: str
    design: str
    nation: str
    loc: str
    used: bool = False


@dataclass(frozen=True)
class Hands:
    """One player's cards (TR-CARD-6): deck, hand and discard."""

    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class Play:
    """The card being played this round (TR-RND-3): what is left of its strategy value and of its event.

    Attributes:
        card: The card id (``""`` for a round spending banked Ambush value, TR-CA-13).
        sv_left: Strategy value still to spend.
        sv_open: Whether strategy-value actions may still be taken (closed once the event follows them).
        event_done: Whether the event was carried out (or given up).
        acted: Units that acted through the strategy value (TR-SV-2, one action per group).
        blitz: Units that acted through the event (Blitzkrieg: its group, which may still act while actions
            remain, TR-EVT-3); none of them acts by strategy value afterwards (TR-GRP-4).
        unflipped: Units that sea-moved in the first Blitzkrieg action: they turn to their used face only once the
            second action is over (TR-QA-3).
    """

    card: str
    sv_left: int
    sv_open: bool = True
    event_done: bool = False
    acted: tuple[str, ...] = ()
    blitz: tuple[str, ...] = ()
    blitz_left: int = 0
    unflipped: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pending:
    """A step waiting for a decision (``app.core.flow``): hand selection, an Ambush response, a retreat or the
    allocation of damage points.

    Attributes:
        kind: ``"hand"`` (choose cards for the turn, TR-SEQ-1), ``"ambush"`` (counterattack, TR-CA-1),
            ``"retreat"`` (TR-RET-1), ``"damage"`` (allocate damage points, TR-ALLOC-1) or ``"return"`` (units
            back to the pool at the end of the turn, TR-SEQ-5) or ``"discard"`` (cards a raid takes, chosen by
            their owner, TR-OPT-3) or ``"reassign"`` (hand areas over at the end of a round, TR-CTRL-6).
        side: Who decides.
        count: Hand: cards still to take; damage: points still to allocate; discard: cards still to discard;
            yugoslavia: mobilization points left.
        action: Ambush: the JSON of the command the counterattack answers; damage: the same, when the damage is
            a counterattack's and that command goes on once it is allocated (TR-CA-8); reassign: ``"pass"``
            when the round that ended was a pass.
        area: Ambush: where the target group is; damage: where the damaged units are.
        units: Ambush: the target group; retreat: the unit that retreats; damage: the units that may take points;
            reassign: the areas already handed over at this round's end.
        origin: Ambush on a moving group, and its damage: the area it came from (its only retreat, TR-RET-4).
        given: Damage: points given so far to each of ``units``, in order.
    """

    kind: Literal["hand", "ambush", "retreat", "damage", "return", "discard", "reassign", "yugoslavia"]
    side: str
    count: int = 0
    action: str = ""
    area: str = ""
    units: tuple[str, ...] = ()
    origin: str = ""
    given: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    """The whole game state."""

    dice: Dice
    rt: Runtime
    turn: int
    active: str
    first: str
    units: tuple[Unit, ...]
    control: tuple[tuple[str, str | None], ...]
    nations: tuple[tuple[str, str, str], ...]
    entry: tuple[tuple[str, int], ...]
    hands: tuple[Hands, Hands]
    dev_cards: tuple[str, ...]
    passes: int = 0
    play: Play | None = None
    banked: tuple[int, int] = (0, 0)
    sea_used: tuple[tuple[str, int], ...] = ()
    stack: tuple[Pending, ...] = ()
    done: tuple[str, ...] = ()
    locked: tuple[str, ...] = ()
    face_down: tuple[str, ...] = ()
    closing: bool = False
    winner: str | None = None
    reason: str = ""
    over: bool = False

    # --- indexes (computed once per state; states are never mutated) -------------------------------------------
    @cached_property
    def _units(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units}

    @cached_property
    def _areas(self) -> dict[str, tuple[Unit, ...]]:
        found: dict[str, list[Unit]] = {}
        for unit in self.units:
            found.setdefault(unit.loc, []).append(unit)
        return {area: tuple(units) for area, units in found.items()}

    @cached_property
    def _nations(self) -> dict[str, tuple[str, str]]:
        return {code: (side, status) for code, side, status in self.nations}

    @cached_property
    def _control(self) -> dict[str, str | None]:
        return dict(self.control)

    def memo(self, key: object, make: Callable[[], T]) -> T:
        """``make()`` computed once per state and key (legal commands, views): a state never changes."""
        cache = self._memo
        try:
            return cast(T, cache[key])
        except KeyError:
            value = cache[key] = make()
            return value

    @cached_property
    def _memo(self) -> dict[object, Any]:
        return {}

    # --- look-ups -----------------------------------------------------------------------------------------------
    def unit(self, unit_id: str) -> Unit:
        """The unit with ``unit_id`` (KeyError if none)."""
        return self._units[unit_id]

    def design(self, unit: Unit) -> CounterDesign:
        """The printed values of ``unit``."""
        return self.rt.designs[unit.design]

    def pool_of(self, unit: Unit) -> str:
        """Where ``unit`` goes when it leaves the map for the pool: a fortress leaves the game for good
        (TR-FT-1, TR-DMG-8)."""
        return REMOVED if self.rt.designs[unit.design].type == "FT" else POOL

    def utype(self, unit: Unit) -> UnitType:
        """The type row of ``unit``."""
        return unit_types()[self.rt.designs[unit.design].type]

    def cls(self, unit: Unit) -> str:
        """``land``, ``air``, ``naval`` or ``submarine``."""
        return self.rt.classes[unit.design]

    def side_of(self, nation: str | None) -> str | None:
        """The side of ``nation`` (``None`` for none)."""
        found = self._nations.get(nation or "")
        return found[0] if found is not None else None

    def status_of(self, nation: str) -> str:
        """``belligerent`` or ``neutral``."""
        return self._nations[nation][1]

    def belligerent(self, nation: str | None, side: str) -> bool:
        """Whether ``nation`` is a belligerent of ``side`` (TR-NAT-2: only those are friendly)."""
        return self._nations.get(nation or "") == (side, "belligerent")

    def unit_side(self, unit: Unit) -> str | None:
        """The side a unit fights for, ``None`` for a neutral's unit (TR-NAT-3)."""
        return self._fighting.get(unit.nation)

    def fighting(self) -> dict[str, str]:
        """The side of each belligerent nation (a look-up table for loops over many units; do not change it)."""
        return self._fighting

    @cached_property
    def _fighting(self) -> dict[str, str]:
        return {code: side for code, side, status in self.nations if status == "belligerent"}

    def controller(self, area: str) -> str | None:
        """The nation controlling ``area`` (``None``: uncontrolled sea, TR-CTRL-8)."""
        return self._control.get(area)

    def controlling_side(self, area: str) -> str | None:
        """The side controlling ``area``: that of its controlling nation when it is a belligerent (TR-CTRL-3)."""
        return self._controlling.get(area)

    @cached_property
    def _controlling(self) -> dict[str, str | None]:
        fighting = self._fighting
        return {area: fighting.get(nation or "") for area, nation in self.control}

    def in_area(self, area: str) -> tuple[Unit, ...]:
        """Units in ``area``."""
        return self._areas.get(area, ())

    def hands_of(self, side: str) -> Hands:
        """The card zones of ``side``."""
        return self.hands[SIDES.index(side)]

    def entry_of(self, nation: str) -> int:
        """The Entry-track box of ``nation`` (-1 when it has no marker)."""
        return dict(self.entry).get(nation, -1)

    def winter(self) -> bool:
        """Whether this is a winter turn (TR-WIN-1)."""
        return self.turn in self.rt.model.turns.winter

    def pending(self) -> Pending | None:
        """The step waiting for a decision, if any."""
        return self.stack[0] if self.stack else None

    # --- updates ------------------------------------------------------------------------------------------------
    def with_units(self, changed: dict[str, Unit]) -> State:
        """The state with some units replaced (by id)."""
        return replace(self, units=tuple(changed.get(u.id, u) for u in self.units))

    def with_control(self, changes: dict[str, str | None]) -> State:
        """The state with some areas' controllers replaced."""
        return replace(self, control=tuple((a, changes.get(a, n)) for a, n in self.control))

    def with_hands(self, side: str, hands: Hands) -> State:
        """The state with ``side``'s card zones replaced."""
        pair = list(self.hands)
        pair[SIDES.index(side)] = hands
        return replace(self, hands=(pair[0], pair[1]))

    def with_nation(self, code: str, side: str, status: str) -> State:
        """The state with a nation's side and status changed."""
        return replace(self, nations=tuple((c, side, status) if c == code else (c, s, st) for c, s, st in self.nations))

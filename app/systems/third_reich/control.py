"""Control, resources, lines of communication and sea-transport capacity (rulebook §3: TR-CTRL-1, TR-CTRL-2,
TR-CTRL-3, TR-CTRL-5, TR-CTRL-6, TR-CTRL-7, TR-CTRL-8, TR-RES-1, TR-RES-2, TR-RES-3, TR-RES-5, TR-US-1, TR-US-2,
TR-AREA-1, TR-AREA-2, TR-AREA-3, TR-AREA-4, TR-AREA-5, TR-LOC-1, TR-LOC-2, TR-LOC-3, TR-LOC-5, TR-SEA-1, TR-SEA-3)."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import replace

from app.systems.third_reich.state import State, Unit

RESOURCE_VALUE = {"red": {"axis": 1.0, "allied": 1.0}, "black": {"axis": 1.0}, "black_white": {"axis": 0.5}}
"""What one symbol is worth to each side (TR-RES-1)."""
VICTORY_AREA_VALUE = 2
"""What Moscow and London count for in the Axis strategic-victory check (TR-VIC-1)."""
CLOSED: dict[str, tuple[str, ...]] = {
    "allied": ("baltic_sea", "black_sea"),
    "axis": ("urals", "middle_east", "black_sea"),
}
"""Special areas a side may not enter nor air-attack through (TR-AREA-3, TR-AREA-4, TR-AREA-5)."""


def is_control_unit(state: State, unit: Unit, area: str) -> bool:
    """Land and air units control land areas; surface ships control sea areas; submarines never (TR-CTRL-1)."""
    cls = state.cls(unit)
    if state.rt.is_sea(area):
        return cls == "naval"
    return cls in ("land", "air")


def control_units(state: State, area: str, side: str) -> tuple[Unit, ...]:
    """The control units of ``side``'s belligerents in ``area``."""
    return _control_table(state).get((area, side), ())


def _control_table(state: State) -> dict[tuple[str, str | None], tuple[Unit, ...]]:
    """Control units by area and side (``None``: a neutral's), in the order of the state's units; built once."""
    return state.memo("control_table", lambda: _find_control_units(state))


def _find_control_units(state: State) -> dict[tuple[str, str | None], tuple[Unit, ...]]:
    """One pass of :func:`is_control_unit` over the units, its look-ups hoisted."""
    found: dict[tuple[str, str | None], list[Unit]] = {}
    classes, seas, fighting = state.rt.classes, state.rt.seas, state.fighting()
    for unit in state.units:
        cls = classes[unit.design]
        if cls == "naval" if unit.loc in seas else cls in ("land", "air"):
            found.setdefault((unit.loc, fighting.get(unit.nation)), []).append(unit)
    return {key: tuple(units) for key, units in found.items()}


def others_control(state: State, area: str, side: str) -> bool:
    """Whether ``area`` holds control units that are not ``side``'s (a neutral's count)."""
    owners = state.memo("control_owners", lambda: _owners(state)).get(area, ())
    return any(owner != side for owner in owners)


def _owners(state: State) -> dict[str, tuple[str | None, ...]]:
    found: dict[str, tuple[str | None, ...]] = {}
    for area, owner in _control_table(state):
        found[area] = (*found.get(area, ()), owner)
    return found


def friendly(state: State, area: str, side: str) -> bool:
    """Whether ``side`` controls ``area`` (TR-CTRL-3); every other area is enemy to it (TR-NAT-2)."""
    return state.controlling_side(area) == side


def closed(state: State, area: str, side: str) -> bool:
    """Whether ``side`` may not enter ``area`` (TR-AREA-3, TR-AREA-4, TR-AREA-5, optional TR-OPT-6)."""
    if area in state.rt.closed_roles(CLOSED[side]):
        return True
    return state.rt.option("no_war_declarations") and _closed(state, area, side)


def _closed(state: State, area: str, side: str) -> bool:
    """With no declarations of war, an Axis-neutral nation's areas are closed (TR-OPT-6)."""
    return state.memo(("closed", area, side), lambda: _axis_neutral(state, area))


def _axis_neutral(state: State, area: str) -> bool:
    nation = state.controller(area)
    return state.side_of(nation) == "axis" and state.status_of(nation or "") == "neutral"


def neighbours(state: State, area: str, side: str, link: bool = True) -> tuple[str, ...]:
    """Adjacent areas, with the Allied link Central Atlantic–Egypt while Egypt is Allied (TR-AREA-2); ``link``
    False leaves it out (the optional US restriction, TR-OPT-7)."""
    if link and side == "allied" and state.memo("egypt_link", lambda: _egypt_link(state)):
        return state.rt.linked_neighbours(area)
    return state.rt.map.neighbours(area)


def _egypt_link(state: State) -> bool:
    egypt, atlantic = state.rt.role("egypt"), state.rt.role("central_atlantic")
    return egypt is not None and atlantic is not None and friendly(state, egypt, "allied")


def land_areas_of(state: State, nation: str) -> int:
    """How many land areas ``nation`` controls (TR-REC-2, TR-VIC-3)."""
    return sum(1 for a, n in state.control if n == nation and not state.rt.is_sea(a))


# --- resources ---------------------------------------------------------------------------------------------------
def us_resources_count(state: State) -> bool:
    """US resources count for the Allies once the marker reached its box and while they hold the North Atlantic
    (TR-US-1, TR-US-2)."""
    atlantic = state.rt.role("north_atlantic")
    reached = state.entry_of("US") >= state.rt.model.entry_track.us_resources_from or state.belligerent("US", "allied")
    return reached and (atlantic is None or friendly(state, atlantic, "allied"))


def area_value(state: State, area: str, side: str) -> float:
    """What ``area``'s resource symbols give ``side`` now (TR-RES-1, TR-RES-3, TR-RES-5, TR-AREA-1)."""
    data = state.rt.area(area)
    value = RESOURCE_VALUE.get(data.resource, {}).get(side, 0.0) * data.resource_count
    if value == 0.0:
        return 0.0
    nation = state.controller(area)
    if nation == "US" and side == "allied" and state.side_of("US") == "allied":
        return value if us_resources_count(state) else 0.0
    if state.controlling_side(area) != side:
        return 0.0
    if area == state.rt.role("central_atlantic"):
        atlantic = state.rt.role("north_atlantic")
        return value if side == "allied" and (atlantic is None or friendly(state, atlantic, "allied")) else 0.0
    return value


def resources(state: State, side: str, bonus: bool = False) -> int:
    """The resource count of ``side``, fractions dropped (TR-RES-2); with ``bonus`` the victory areas the side
    controls (Moscow, London) count as 2 resources each, whatever their symbols (TR-VIC-1, the seed's §14.1(1))."""
    total = sum(area_value(state, area, side) for area, _ in state.control)
    if bonus:
        for role in state.rt.model.victory.bonus_roles:
            area = state.rt.role(role)
            if area is not None and friendly(state, area, side):
                total += VICTORY_AREA_VALUE - area_value(state, area, side)
    return math.floor(total)


# --- lines of communication --------------------------------------------------------------------------------------
def loc_reach(
    state: State,
    side: str,
    sources: Iterable[str],
    through: Callable[[str], bool] | None = None,
    link: bool = True,
) -> set[str]:
    """Areas a line of communication from ``sources`` reaches: it passes only friendly-controlled areas and may
    end in an enemy one; enemy units do not block it; closed areas and uncontrolled seas stop it (TR-LOC-1,
    TR-LOC-2, TR-LOC-3, TR-LOC-5)."""
    passable = through or (lambda a: friendly(state, a, side))
    start = [a for a in sources if not closed(state, a, side)]
    seen, queue = set(start), deque(a for a in start if passable(a))
    while queue:
        here = queue.popleft()
        for there in neighbours(state, here, side, link):
            if there in seen or closed(state, there, side):
                continue
            seen.add(there)
            if passable(there):
                queue.append(there)
    return seen


# --- sea transport -----------------------------------------------------------------------------------------------
def capacity(state: State, sea: str, side: str) -> float:
    """Friendly surface ships in ``sea``, a used one counting ½, less what moved through it this round
    (TR-SEA-1, TR-SEA-3; submarines do not count, TR-SUB-2)."""
    ships = [u for u in state.in_area(sea) if state.unit_side(u) == side and state.cls(u) == "naval"]
    total = sum(0.5 if u.used else 1.0 for u in ships)
    return total - dict(state.sea_used).get(sea, 0)


def uses_sea(state: State, seas: Iterable[str], count: int) -> State:
    """Record ``count`` units moved or mobilized through each of ``seas`` this round (TR-SEA-3)."""
    used = dict(state.sea_used)
    for sea in seas:
        used[sea] = used.get(sea, 0) + count
    return replace(state, sea_used=tuple(sorted(used.items())))


# --- control changes ---------------------------------------------------------------------------------------------
def reassignments(state: State, side: str) -> list[tuple[str, str]]:
    """(area, nation) pairs ``side`` may hand over (TR-CTRL-6): a friendly land area holding units of several of
    its nations goes to another friendly belligerent; an area bearing a nationality symbol only back to that
    nation (the seed's §3.4(5): never voluntarily to another one)."""
    found = []
    friends = sorted(code for code, s, status in state.nations if s == side and status == "belligerent")
    mixed = _mixed_areas(state, side)
    for area, holder in state.control:
        if area not in mixed or state.rt.is_sea(area) or not friendly(state, area, side):
            continue
        symbol = state.rt.area(area).nation
        found += [(area, n) for n in friends if n != holder and (not symbol or n == symbol)]
    return found


def _mixed_areas(state: State, side: str) -> frozenset[str]:
    """Areas holding units of two or more of ``side``'s belligerent nations."""
    nations: dict[str, set[str]] = {}
    for unit in state.units:
        if state.unit_side(unit) == side:
            nations.setdefault(unit.loc, set()).add(unit.nation)
    return frozenset(area for area, found in nations.items() if len(found) >= 2)


def settle_control(state: State) -> State:
    """End of a round: control passes to the side whose control units stand where the holder has none
    (TR-CTRL-5); an area with no units of either player reverts to its nationality symbol's nation (TR-CTRL-7),
    an empty sea to no one (TR-CTRL-8)."""
    changes: dict[str, str | None] = {}
    occupied = {u.loc for u in state.units if state.unit_side(u) is not None}
    for area, nation in state.control:
        if area not in occupied:
            home = home_nation(state, area)
            if nation != home and not _neutral_units(state, area):
                changes[area] = home
            continue
        holder = state.controlling_side(area)
        if holder is not None and control_units(state, area, holder):
            continue
        for side in ("axis", "allied"):
            units = control_units(state, area, side)
            if side != holder and units:
                changes[area] = _new_holder(state, area, units)
    return state.with_control(changes) if changes else state


def home_nation(state: State, area: str) -> str | None:
    """The nation an empty area reverts to: its nationality symbol's, the USSR for Brest and Galicia once Poland
    has surrendered (TR-CTRL-7, TR-POL-2)."""
    if "poland_surrendered" in state.done and area in (state.rt.role("brest"), state.rt.role("galicia")):
        return "SU" if "SU" in state.rt.nations else state.rt.area(area).nation
    return state.rt.area(area).nation


def _neutral_units(state: State, area: str) -> bool:
    return any(state.unit_side(u) is None for u in state.in_area(area))


def _new_holder(state: State, area: str, units: tuple[Unit, ...]) -> str:
    """The nation that takes an area: its own nationality if present among the units, else the first unit's."""
    home = state.rt.area(area).nation
    nations = [u.nation for u in units]
    return home if home in nations else nations[0]

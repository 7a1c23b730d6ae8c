"""Mobilization and recovery (rulebook §12, §13, §15: TR-MOB-1, TR-MOB-2, TR-MOB-3, TR-MOB-4, TR-MOB-5, TR-MOB-6,
TR-MOB-7, TR-MOB-8, TR-SUB-1, TR-SUB-6, TR-REC-1, TR-REC-2, TR-REC-3, TR-REC-4, TR-WIN-2, TR-US-4, TR-US-5,
TR-YUG-2, TR-LOC-4, TR-OPT-8)."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from app.core.errors import IllegalCommandError
from app.core.i18n import t
from app.core.messages import Event
from app.systems.third_reich.control import (
    capacity,
    closed,
    control_units,
    friendly,
    land_areas_of,
    loc_reach,
    neighbours,
    uses_sea,
)
from app.systems.third_reich.messages import Happened, Mobilize
from app.systems.third_reich.movement import stack_ok
from app.systems.third_reich.names import listing, unit_name
from app.systems.third_reich.state import POOL, State, Unit, other


def _symbol_areas(state: State, nation: str, *, resource: bool = False) -> list[str]:
    return list(state.memo(("symbol_areas", nation, resource), lambda: _find_symbol_areas(state, nation, resource)))


def _find_symbol_areas(state: State, nation: str, resource: bool) -> tuple[str, ...]:
    areas = state.rt.model.areas.items()
    return tuple(a for a, d in areas if d.nation == nation and (not resource or d.resource != "none"))


def placements(state: State, unit: Unit, side: str) -> list[str]:
    """Where ``unit`` may be mobilized now (TR-MOB-3, TR-MOB-4, TR-MOB-6, TR-MOB-7, TR-MOB-8, TR-SUB-1)."""
    if unit.loc != POOL or state.unit_side(unit) != side:
        return []
    cls = state.cls(unit)
    if cls == "submarine" and side != "axis":
        return []
    naval = cls in ("naval", "submarine")
    if unit.nation == "US":
        return _us_placements(state, unit, naval)
    resource_areas = _symbol_areas(state, unit.nation, resource=True)
    if not resource_areas:  # a minor nation without resources: its own friendly areas only (TR-MOB-4)
        areas = [] if naval else [a for a in _symbol_areas(state, unit.nation) if friendly(state, a, side)]
    else:
        sources = [a for a in resource_areas if friendly(state, a, side)]
        if naval:
            areas = sorted({s for a in sources for s in neighbours(state, a, side) if state.rt.is_sea(s)})
        else:
            reach = _mobilization_reach(state, unit.nation, side, sources)
            areas = [a for a in _symbol_areas(state, unit.nation) if a in reach and friendly(state, a, side)]
    return [a for a in areas if _free(state, a, unit, side)]


def _mobilization_reach(state: State, nation: str, side: str, sources: list[str]) -> set[str]:
    """Areas a line of communication from ``nation``'s friendly resource areas (``sources``) reaches for a
    mobilized unit (TR-MOB-3, TR-MOB-5): the same for every unit of the nation in one state."""
    return state.memo(
        ("mobilization_reach", nation, side),
        lambda: loc_reach(state, side, sources, through=lambda a: _carries(state, a, side)),
    )


def _carries(state: State, area: str, side: str) -> bool:
    """A line of communication for a mobilized unit passes friendly land areas, and friendly sea areas only
    while their transport capacity this round has room for one more unit (TR-MOB-5, TR-SEA-3)."""
    if not friendly(state, area, side):
        return False
    return not state.rt.is_sea(area) or capacity(state, area, side) >= 1


def sea_route(state: State, unit: Unit, area: str, side: str) -> list[str]:
    """The sea areas a mobilized land or air unit's line of communication crosses to reach ``area`` (fewest
    first; none when it runs over land): each carries one unit of its capacity this round (TR-MOB-5)."""
    sources = [a for a in _symbol_areas(state, unit.nation, resource=True) if friendly(state, a, side)]
    if state.cls(unit) in ("naval", "submarine") or unit.nation == "US" or area in sources:
        return []
    crossed: dict[str, list[str]] = {a: [] for a in sources if not closed(state, a, side)}
    frontier = deque(a for a in crossed if _carries(state, a, side))
    while frontier:
        here = frontier.popleft()
        for there in neighbours(state, here, side):
            if there in crossed or closed(state, there, side) or not _carries(state, there, side):
                continue
            seas = [*crossed[here], there] if state.rt.is_sea(there) else crossed[here]
            if there == area:
                return seas
            crossed[there] = seas
            (frontier.appendleft if not state.rt.is_sea(there) else frontier.append)(there)
    return []


def _free(state: State, area: str, unit: Unit, side: str) -> bool:
    """No enemy control units there, not a closed area, room in the stack (TR-MOB-3, TR-MOB-7)."""
    if closed(state, area, side) or control_units(state, area, other(side)):
        return False
    if state.rt.is_sea(area) != (state.cls(unit) in ("naval", "submarine")):
        return False
    return stack_ok(state, area, (unit,), side)


def _us_placements(state: State, unit: Unit, naval: bool) -> list[str]:
    """US ships in the North Atlantic even with enemies there; other US units in Allied land areas with a line
    of communication to it (TR-MOB-8, TR-US-4)."""
    atlantic = state.rt.role("north_atlantic")
    if atlantic is None:
        return []
    if naval:
        return [atlantic]
    link = not state.rt.option("us_restriction")  # TR-OPT-7: no line between the Central Atlantic and Egypt
    reach = loc_reach(
        state, "allied", [atlantic], through=lambda a: friendly(state, a, "allied") or a == atlantic, link=link
    )
    return sorted(
        a for a in reach if not state.rt.is_sea(a) and friendly(state, a, "allied") and _free(state, a, unit, "allied")
    )


def cost(state: State, unit: Unit) -> int:
    """Mobilization cost in strategy value (TR-MOB-2)."""
    return state.utype(unit).cost


def mobilize(state: State, command: Mobilize, side: str, sv_left: int) -> tuple[State, int, list[Event]]:
    """Place a unit from the pool, used (TR-MOB-1); returns the state, its cost and the events."""
    try:
        unit = state.unit(command.unit)
    except KeyError as exc:
        raise IllegalCommandError(t("No unit {unit}.", unit=command.unit), "TR-MOB-1") from exc
    price = cost(state, unit)
    if price > sv_left:
        raise IllegalCommandError(t("Not enough strategy value ({cost} needed).", cost=price), "TR-MOB-2")
    if command.area not in placements(state, unit, side):
        raise IllegalCommandError(t("{unit} cannot be mobilized there.", unit=unit_name(state, unit.id)), "TR-MOB-3")
    seas = sea_route(state, unit, command.area, side)
    state = uses_sea(state.with_units({unit.id: replace(unit, loc=command.area, used=True)}), seas, 1)
    text = t("{unit} is mobilized in {area}.", unit=unit_name(state, unit.id), area=state.rt.name(command.area))
    events: list[Event] = [Happened(text=text, rule_id="TR-MOB-1", at=(command.area,))]
    if seas:
        names = listing([state.rt.name(s) for s in seas])
        events.append(Happened(text=t("Sea transport used: {seas}.", seas=names), rule_id="TR-MOB-5", at=tuple(seas)))
    return state, price, events


# --- recovery ----------------------------------------------------------------------------------------------------
def recover(state: State, side: str, rule: str = "TR-REC-1", yugoslavia: bool = False) -> tuple[State, list[Event]]:
    """Flip used units of ``side`` back (TR-REC-1, TR-REC-2, TR-REC-3, TR-REC-4): each nation up to the number
    of land areas it controls, units with a line of communication to an area of their nation (submarines need
    none, TR-SUB-6); Soviet units at home in winter, US units reaching the North Atlantic and (end of turn or
    the Supply event naming it) stranded Yugoslav units all recover (TR-WIN-2, TR-US-5, TR-YUG-2)."""
    flipped: dict[str, Unit] = {}
    for code, nation_side, status in state.nations:
        if nation_side != side or status != "belligerent":
            continue
        for unit in _recovering(state, code, side, yugoslavia):
            flipped[unit.id] = replace(unit, used=False)
    if not flipped:
        return state, []
    first = next(iter(flipped))
    text = (
        t("{unit} recovers.", unit=unit_name(state, first))
        if len(flipped) == 1
        else t("{n} units recover.", n=len(flipped))
    )
    return state.with_units(flipped), [Happened(text=text, rule_id=rule)]


def us_round_recovery(state: State) -> tuple[State, list[Event]]:
    """At the end of each Allied round, US units with a line of communication to the North Atlantic all recover
    (TR-US-5: seed §15.3(5) says "at the end of the friendly round", not of the turn)."""
    if not state.belligerent("US", "allied"):
        return state, []
    flipped = {u.id: replace(u, used=False) for u in _recovering(state, "US", "allied", False)}
    if not flipped:
        return state, []
    text = t("{n} US units recover at the end of the Allied round.", n=len(flipped))
    return state.with_units(flipped), [Happened(text=text, rule_id="TR-US-5")]


def _recovering(state: State, code: str, side: str, yugoslavia: bool) -> list[Unit]:
    used = [u for u in state.units if u.nation == code and u.used and state.rt.map.contains(u.loc)]
    if not used:
        return []
    own = [a for a, n in state.control if n == code]
    if code == "US" and (atlantic := state.rt.role("north_atlantic")) is not None:
        reach = loc_reach(state, side, [atlantic, *own], through=lambda a: friendly(state, a, side) or a == atlantic)
        return [u for u in used if u.loc in reach]
    if code == "YU" and not own:
        if not yugoslavia:
            return []
        reach = loc_reach(state, side, [a for a, _ in state.control if friendly(state, a, side)])
        return [u for u in used if u.loc in reach]
    reach = loc_reach(state, side, own)
    able = [u for u in used if state.cls(u) == "submarine" or u.loc in reach]
    free: list[Unit] = []
    if code == "SU" and state.winter():
        free = [u for u in able if state.rt.area(u.loc).nation == "SU"]
        able = [u for u in able if u not in free]
    able.sort(key=lambda u: (-state.design(u).attack - state.design(u).air, u.id))
    return free + able[: land_areas_of(state, code)]

"""Groups and movement (rulebook §7, §8: TR-GRP-1, TR-GRP-2, TR-MOV-1, TR-MOV-2, TR-MOV-3, TR-MOV-4, TR-MOV-5,
TR-MOV-6, TR-TERR-1, TR-TERR-2, TR-TERR-3, TR-STK-1, TR-STK-2, TR-STK-3, TR-SEAMOV-1, TR-SEAMOV-2, TR-SEAMOV-3,
TR-SEAMOV-4, TR-SEAMOV-5, TR-SEAMOV-6, TR-SEAMOV-7, TR-AIRMOV-1, TR-AIRMOV-2, TR-AIRMOV-3, TR-AIRMOV-4,
TR-AIRMOV-5, TR-AIRMOV-6, TR-SUB-3, TR-MINOR-1, TR-MINOR-2)."""

from __future__ import annotations

import heapq
from dataclasses import replace

from app.core.errors import IllegalCommandError
from app.core.i18n import t
from app.core.messages import Event
from app.systems.third_reich.control import (
    capacity,
    closed,
    control_units,
    friendly,
    neighbours,
    others_control,
    uses_sea,
)
from app.systems.third_reich.messages import Happened, Move
from app.systems.third_reich.names import unit_name
from app.systems.third_reich.nations import violate
from app.systems.third_reich.state import State, Unit

LAND_STACK = 10
AIR_STACK = 4


def group_area(state: State, units: tuple[str, ...], side: str) -> str:
    """The area of a group: unused units of ``side``'s belligerents, all in one area (TR-GRP-1, TR-GRP-2)."""
    if not units or len(set(units)) != len(units):
        raise IllegalCommandError(t("A group needs one or more distinct units."), "TR-GRP-1")
    try:
        found = [state.unit(u) for u in units]
    except KeyError as exc:
        raise IllegalCommandError(t("No unit {unit}.", unit=str(exc)), "TR-GRP-1") from exc
    areas = {u.loc for u in found}
    if len(areas) != 1 or not state.rt.map.contains(next(iter(areas))):
        raise IllegalCommandError(t("A group's units must all be in one area."), "TR-GRP-1")
    if any(state.unit_side(u) != side for u in found):
        raise IllegalCommandError(t("Only your belligerents' units can act."), "TR-NAT-3")
    if any(u.used for u in found):
        raise IllegalCommandError(t("Used units cannot act."), "TR-GRP-2")
    return next(iter(areas))


def may_leave(state: State, area: str, group: tuple[Unit, ...], side: str) -> bool:
    """The leaving rule: a friendly control unit stays behind, one of the home nation where it has units there;
    land units at sea are exempt (TR-MOV-4)."""
    if state.rt.is_sea(area) and all(state.cls(u) == "land" for u in group):
        return True
    ids = {u.id for u in group}
    staying = [u for u in control_units(state, area, side) if u.id not in ids]
    if not staying:
        return False
    home = state.rt.area(area).nation
    if any(u.nation == home for u in control_units(state, area, side)):
        return any(u.nation == home for u in staying)
    return True


def minor_blocked(state: State, unit: Unit, area: str) -> bool:
    """Axis minor allies stay south of the boundary; nations Allied-neutral at start are exempt (TR-MINOR-1,
    TR-MINOR-2)."""
    if not state.rt.area(area).north_of_boundary or state.side_of(unit.nation) != "axis":
        return False
    nation = state.rt.nations[unit.nation]
    exempt = nation.side == "allied" and nation.status == "neutral"
    return nation.minor_boundary and not exempt


def garrison_blocked(state: State, unit: Unit, area: str) -> bool:
    """Optional rule: garrisons never enter an area without their own nationality symbol (TR-OPT-8, TR-RET-7)."""
    gf = state.design(unit).type == "GF"
    return gf and state.rt.option("garrison_restriction") and state.rt.area(area).nation != unit.nation


def _enterable(state: State, group: tuple[Unit, ...], area: str, side: str) -> bool:
    """Terrain, closed areas and the boundary (TR-TERR-1, TR-TERR-2, TR-TERR-3)."""
    if closed(state, area, side) or any(
        minor_blocked(state, u, area) or garrison_blocked(state, u, area) for u in group
    ):
        return False
    sea = state.rt.is_sea(area)
    for unit in group:
        cls = state.cls(unit)
        if cls in ("naval", "submarine") and not sea:
            return False
        if cls == "land" and sea:
            return False
        if cls == "air" and (sea or not friendly(state, area, side)):
            return False
    return True


def stack_ok(state: State, area: str, group: tuple[Unit, ...], side: str, extra_land: int = 0) -> bool:
    """At most 10 land units of a player and 4 air units in a land area (TR-STK-1, TR-STK-2, TR-STK-3)."""
    if state.rt.is_sea(area):
        return True
    there = [u for u in state.in_area(area) if state.unit_side(u) == side]
    land = sum(1 for u in [*there, *group] if state.cls(u) == "land") + extra_land
    air = sum(1 for u in [*there, *group] if state.cls(u) == "air")
    return land <= LAND_STACK and air <= AIR_STACK


def enemy_controls(state: State, area: str, side: str) -> bool:
    """Whether ``area`` holds control units that are not ``side``'s (TR-MOV-2; submarines never, TR-SUB-2)."""
    return others_control(state, area, side)


def normal_destinations(state: State, group: tuple[Unit, ...], side: str) -> dict[str, int]:
    """Areas the group reaches by normal movement, with their cost (TR-MOV-1, TR-MOV-2, TR-MOV-5, TR-SUB-3)."""
    start = group[0].loc
    mp = min(state.design(u).movement for u in group)
    subs = all(state.cls(u) == "submarine" for u in group)
    kinds = frozenset((state.cls(u), u.nation, state.design(u).type == "GF") for u in group)  # all _enterable reads
    key = ("normal-reach", start, side, mp, subs, kinds)
    best = state.memo(key, lambda: _normal_reach(state, group, side, mp, subs))
    return {a: c for a, c in best.items() if stack_ok(state, a, group, side)}


def _normal_reach(state: State, group: tuple[Unit, ...], side: str, mp: int, subs: bool) -> dict[str, int]:
    """The cheapest cost of each area the group reaches before the stacking limits (the same for every group of
    its area with the same movement and the same classes, nations and garrisons)."""
    start = group[0].loc
    best: dict[str, int] = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, 99) or (here != start and not subs and not control_units(state, here, side)):
            continue
        leave = 1 if enemy_controls(state, here, side) else 0
        for there in neighbours(state, here, side):
            cost = spent + 1 + leave + (1 if enemy_controls(state, there, side) else 0)
            if cost <= mp and cost < best.get(there, 99) and _enterable(state, group, there, side):
                best[there] = cost
                heapq.heappush(queue, (cost, there))
    best.pop(start)
    return best


def sea_destinations(state: State, group: tuple[Unit, ...], side: str) -> dict[tuple[str, str], float]:
    """(land area, sea area crossed) pairs for land/air units moving across one sea area, with its remaining
    capacity (TR-SEAMOV-1, TR-SEAMOV-2, TR-SEAMOV-3, TR-SEAMOV-5, TR-SEAMOV-6): only enemy surface ships in the
    sea area add the +1 that the two points cannot pay; a landing among enemy land units costs nothing extra."""
    start = group[0].loc
    if state.rt.is_sea(start) or any(state.cls(u) not in ("land", "air") for u in group):
        return {}
    found: dict[tuple[str, str], float] = {}
    for sea in neighbours(state, start, side):
        room = capacity(state, sea, side)
        if not state.rt.is_sea(sea) or closed(state, sea, side) or not friendly(state, sea, side) or room < len(group):
            continue
        if any(state.unit_side(u) != side and state.cls(u) == "naval" for u in state.in_area(sea)):
            continue
        for land in neighbours(state, sea, side):
            if land == start or state.rt.is_sea(land):
                continue  # no +1 for a landing where no enemy ships are, defended or not (seed §8.1.2(1))
            if _enterable(state, group, land, side) and stack_ok(state, land, group, side):
                found[(land, sea)] = room
    return found


def air_destinations(state: State, group: tuple[Unit, ...], side: str) -> dict[str, int]:
    """Friendly land areas an air-only group reaches by an air move through friendly areas (TR-AIRMOV-1,
    TR-AIRMOV-2, TR-AIRMOV-3, TR-AIRMOV-4, TR-AIRMOV-6); as in a normal move it stops on entering an area without
    friendly control units (seed §8.2(7), §8.1(5): TR-MOV-5)."""
    if any(state.design(u).type != "AF" for u in group):
        return {}
    start = group[0].loc
    mp = min(state.design(u).movement for u in group)
    best = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            if here != start and not control_units(state, here, side):
                continue
            for there in neighbours(state, here, side):
                if there in best or closed(state, there, side) or not friendly(state, there, side):
                    continue
                if best[here] + 1 <= mp:
                    best[there] = best[here] + 1
                    nxt.append(there)
        frontier = nxt
    best.pop(start)
    return {
        a: c
        for a, c in best.items()
        if not state.rt.is_sea(a)
        and stack_ok(state, a, group, side)
        and not any(minor_blocked(state, u, a) for u in group)
    }


def check_move(state: State, command: Move, side: str) -> tuple[Unit, ...]:
    """The group of a legal move (IllegalCommandError with the rule otherwise)."""
    area = group_area(state, command.units, side)
    group = tuple(state.unit(u) for u in command.units)
    if not may_leave(state, area, group, side):
        raise IllegalCommandError(t("A friendly control unit must stay behind."), "TR-MOV-4")
    if command.mode == "air":
        ok = command.to in air_destinations(state, group, side)
        rule = "TR-AIRMOV-2"
    elif command.mode == "sea":
        ok = (command.to, command.via or "") in sea_destinations(state, group, side)
        rule = "TR-SEAMOV-1"
    else:
        ok = command.to in normal_destinations(state, group, side)
        rule = "TR-MOV-2"
    if not ok:
        raise IllegalCommandError(t("The group cannot reach {area} that way.", area=state.rt.name(command.to)), rule)
    return group


def move_group(state: State, command: Move, side: str) -> tuple[State, list[Event]]:
    """Move a checked group; sea and air moves flip the units (TR-SEAMOV-4, TR-AIRMOV-5, TR-MOV-6), a sea move
    as the first Blitzkrieg action only once the second is over (TR-QA-3)."""
    group = check_move(state, command, side)
    play = state.play
    wait = command.mode == "sea" and command.by == "blitz" and play is not None and play.blitz_left > 0
    if wait and play is not None:
        state = replace(state, play=replace(play, unflipped=(*play.unflipped, *command.units)))
    flip = command.mode == "air" or (command.mode == "sea" and command.by != "event" and not wait)
    state = state.with_units({u.id: replace(u, loc=command.to, used=u.used or flip) for u in group})
    if command.mode == "sea" and command.via:
        state = uses_sea(state, [command.via], len(group))
    state, events = violate(state, command.to, side, group)
    rule = {"air": "TR-AIRMOV-1", "sea": "TR-SEAMOV-1", "normal": "TR-MOV-1"}[command.mode]
    src, dst = state.rt.name(group[0].loc), state.rt.name(command.to)
    text = (
        t("{unit} moves from {src} to {area}.", unit=unit_name(state, group[0].id), src=src, area=dst)
        if len(group) == 1
        else t("{n} units move from {src} to {area}.", n=len(group), src=src, area=dst)
    )
    return state, [Happened(text=text, rule_id=rule, at=(group[0].loc, command.to)), *events]

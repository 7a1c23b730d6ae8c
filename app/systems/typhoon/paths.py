"""Paths the player names for a move (rulebook §9.1: movement goes hex by hex the way the player chooses; §3.4:
the towns and cities on the way change hands), and moves steered through waypoints picked in the window.

TY-MOV-2, TY-MOV-4, TY-MOV-6, TY-MOV-7, TY-MOV-8, TY-MOV-12, TY-MOV-13, TY-CITY-2, TY-MARCH-1, TY-MARCH-2,
TY-MARCH-3.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import Any

import app.systems.typhoon.messages as m
from app.core.capabilities import Steered
from app.core.i18n import Text, t
from app.core.messages import Command
from app.systems.typhoon.movement import Route, allowance, route_index, routes, zoc_cost
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, mechanized, other
from app.systems.typhoon.terrain import along_road, crossable, enter_cost, open_hex
from app.systems.typhoon.zoc import enemy_zoc

Refusal = tuple[Text, str]
"""Why a path may not be taken, and the rule that says so."""


def chosen_route(state: State, unit_id: str, to: Hex, march: bool, path: tuple[Hex, ...] = ()) -> Route | None:
    """The route of a move to ``to``: the cheapest one, or the ``path`` the player names hex by hex (TY-MOV-2: the
    player chooses the way; the towns and cities on it change hands, TY-CITY-2). A named path is legal when ``to``
    may be reached this way at all, each hex may be entered from the one before, and the whole costs no more than
    the unit's MA (TY-MOV-4, TY-MARCH-1); ``None``: not legal."""
    found = route_index(state, unit_id).get((to, march))
    if found is None or not path or path == found.path:
        return found
    halves = path_halves(state, unit_id, path, march) if path[-1] == to else None
    return Route(to, march, path, halves) if isinstance(halves, int) else None


def path_refusal(state: State, unit_id: str, to: Hex, march: bool, path: tuple[Hex, ...]) -> Refusal | None:
    """Why the unit may not move to ``to`` along ``path`` (``None``: it may), as :func:`chosen_route` judges."""
    unit = state.unit(unit_id)
    if unit is None or unit.hex is None or not any(r.to == to and r.march == march for r in routes(state, unit_id)):
        return t("{hex} cannot be reached by this unit now.", hex=state.runtime.label(to)), "TY-MOV-4"
    if path and path[-1] != to:
        return t("The path must end in the hex the unit moves to."), "TY-MOV-2"
    halves = path_halves(state, unit_id, path, march) if path else 0
    return None if isinstance(halves, int) else halves


def path_halves(state: State, unit_id: str, path: tuple[Hex, ...], march: bool) -> int | Refusal:
    """What ``path`` costs the unit in half MP, or why it may not be taken: a hex that may not be entered (see
    :func:`_entry`), or a total beyond the unit's MA (TY-MOV-4, TY-MARCH-1)."""
    total = _path_cost(state, unit_id, path, march)
    if not isinstance(total, int):
        return total
    spec = state.spec(unit_id)
    budget = (spec.movement if march else allowance(state, unit_id)) * 2
    if total <= budget:
        return total
    cost, allowed = _mp(total), _mp(budget)
    if march:
        return t("In march mode this path costs {cost} MP, more than the unit's {ma} MP.", cost=cost, ma=allowed), (
            "TY-MARCH-1"
        )
    return t("This path costs {cost} MP, more than the unit's {ma} MP.", cost=cost, ma=allowed), "TY-MOV-4"


def _path_cost(state: State, unit_id: str, path: tuple[Hex, ...], march: bool) -> int | Refusal:
    """What ``path`` costs the unit in half MP whatever its MA, or why a hex on it may not be entered."""
    unit = state.unit(unit_id)
    assert unit is not None and unit.hex is not None
    total, cur = 0, unit.hex
    for n in path:
        step = _entry(state, unit_id, cur, n, march)
        if not isinstance(step, int):
            return step
        total, cur = total + step, n
    return total


def _mp(halves: int) -> str:
    """Half MP as printed ("3", "2.5")."""
    whole, half = divmod(halves, 2)
    return f"{whole}.5" if half else str(whole)


def _entry(state: State, unit_id: str, cur: Hex, n: Hex, march: bool) -> int | Refusal:
    """What entering ``n`` from ``cur`` costs the unit in half MP, or why it may not: not adjacent (TY-MOV-2), an
    enemy unit or a closed hex or hexside (TY-MOV-12), an unbridged major river (only crossed as a whole move,
    TY-MOV-8), a mountain off the road (TY-MOV-7); in march mode a hex off the road or in EZOC (TY-MARCH-2,
    TY-MARCH-3). Entering or leaving EZOC adds its cost (TY-MOV-6)."""
    unit, rt = state.unit(unit_id), state.runtime
    assert unit is not None
    where = {"hex": rt.label(n), "prev": rt.label(cur)}
    if n not in rt.grid.neighbours(cur):
        return t("{hex} is not next to {prev}: a path goes hex by hex.", **where), "TY-MOV-2"
    if state.occupant(n) == other(unit.side):
        return t("{hex} holds an enemy unit.", **where), "TY-MOV-12"
    facts = rt.facts
    if facts.river(cur, n) == "major_river" and not facts.bridged(cur, n):
        return t("An unbridged major river is crossed only as a whole move, straight from the start hex."), "TY-MOV-8"
    if not open_hex(rt, n) or not crossable(rt, cur, n):
        return t("{hex} may not be entered from {prev}.", **where), "TY-MOV-12"
    zoc = enemy_zoc(state, unit.side)
    if march:
        if not along_road(rt, cur, n):
            return t("A marching unit follows the road: {prev} to {hex} is off the road.", **where), "TY-MARCH-2"
        if n in zoc:
            return t("A marching unit may not enter an enemy zone of control ({hex}).", **where), "TY-MARCH-3"
        return 1
    base = enter_cost(rt, cur, n, mechanized(state.spec(unit_id)), state.turn)
    if base is None:
        return t("{hex} is a mountain hex: only a road leads into it.", **where), "TY-MOV-7"
    z = zoc_cost(state, unit.side) * 2
    return base * 2 + (z if cur in zoc else 0) + (z if n in zoc else 0)


def steered_path(state: State, unit_id: str, to: Hex, march: bool, waypoints: Sequence[Hex]) -> tuple[Hex, ...] | None:
    """The cheapest way from the unit's hex through ``waypoints`` in order to ``to``, whatever it costs (the MA is
    checked when the move is made); ``None`` when some leg has no way at all. Waypoints on the start hex, on the
    destination, or repeated one after the other are skipped."""
    unit = state.unit(unit_id)
    assert unit is not None and unit.hex is not None
    stops: list[Hex] = []
    for w in (*waypoints, to):
        if w != unit.hex and (not stops or stops[-1] != w):
            stops.append(w)
    path: tuple[Hex, ...] = ()
    cur = unit.hex
    for stop in stops:
        leg = _cheapest(state, unit_id, cur, stop, march)
        if leg is None:
            return None
        path, cur = path + leg, stop
    return path


def _cheapest(state: State, unit_id: str, start: Hex, goal: Hex, march: bool) -> tuple[Hex, ...] | None:
    """The cheapest hexes from ``start`` (excluded) to ``goal`` by :func:`_entry`'s costs, with no budget."""
    best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {start: (0, ())}
    heap: list[tuple[int, Hex]] = [(0, start)]
    grid = state.runtime.grid
    while heap:
        spent, h = heapq.heappop(heap)
        if h == goal:
            return best[h][1]
        if spent > best[h][0]:
            continue
        for n in grid.neighbours(h):
            step = _entry(state, unit_id, h, n, march)
            if isinstance(step, int) and (n not in best or spent + step < best[n][0]):
                best[n] = (spent + step, (*best[h][1], n))
                heapq.heappush(heap, (spent + step, n))
    return None


def steer(state: State, command: Command, waypoints: Sequence[Any]) -> Steered | None:
    """A move sent through the player's waypoints (``HasWaypoints``): the cheapest way between them, its cost, and
    why the rules refuse it if they do (TY-MOV-2, TY-MOV-13: the player picks the towns the unit passes through)."""
    if not isinstance(command, m.MoveUnit):
        return None
    unit = state.unit(command.unit)
    if unit is None or unit.hex is None:
        return None
    to = _hex(command.to)
    path = steered_path(state, command.unit, to, command.march, tuple(_hex(w) for w in waypoints))
    if path is None:
        return Steered(command, (), "", t("No way leads through those hexes for this unit."), "TY-MOV-12")
    moved = m.MoveUnit(side=command.side, unit=command.unit, to=command.to, march=command.march, path=path)
    cost = _path_cost(state, command.unit, path, command.march)
    refusal = path_refusal(state, command.unit, to, command.march, path)
    text, rule = refusal if refusal is not None else (None, "")
    return Steered(moved, path, f"{_mp(cost)} MP" if isinstance(cost, int) else "", text, rule)


def _hex(value: Any) -> Hex:
    """A hex from a location of the window or JSON (a list or a tuple)."""
    return (int(value[0]), int(value[1]))

"""Movement (rulebook §9): normal movement, major rivers, ZOC costs and march mode.

Costs are kept in half movement points so march mode's ½ MP a road hex is exact (TY-MARCH-1).
TY-MOV-1, TY-MOV-2, TY-MOV-3, TY-MOV-4, TY-MOV-6, TY-MOV-8, TY-MOV-9, TY-MOV-10, TY-MOV-12, TY-MARCH-1,
TY-MARCH-2, TY-MARCH-3, TY-MARCH-4, TY-MARCH-5, TY-MARCH-6, TY-WX-6, TY-STK-1, TY-STK-3.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Hashable
from dataclasses import dataclass

from app.systems.typhoon.position import MAX_STACK, Recall, enemy_hexes, full_hexes
from app.systems.typhoon.runtime import Hex, Runtime
from app.systems.typhoon.state import State, mechanized, other
from app.systems.typhoon.terrain import along_road, crossable, enter_cost, open_hex, roads_work
from app.systems.typhoon.zoc import enemy_zoc

__all__ = ["MAX_STACK", "Route", "allowance", "can_march", "reachable", "room", "route_index", "route_key", "routes"]


@dataclass(frozen=True)
class Route:
    """A reachable destination: the path (start excluded) and its cost in half MP."""

    to: Hex
    march: bool
    path: tuple[Hex, ...]
    halves: int

    @property
    def cost(self) -> str:
        """The cost in MP as printed ("3", "2.5")."""
        whole, half = divmod(self.halves, 2)
        return f"{whole}.5" if half else str(whole)


def zoc_cost(state: State, side: str) -> int:
    """MP to enter or to leave an EZOC hex: 2, a Soviet unit in snow 1 (TY-MOV-6, TY-WX-6)."""
    return 1 if side == "soviet" and state.runtime.weather(state.turn) == "snow" else 2


def room(state: State, h: Hex, side: str, leaving: str | None = None) -> bool:
    """A unit of ``side`` may end in ``h`` without overstacking (TY-STK-1, TY-STK-2)."""
    here = [u for u in state.at(h) if u.id != leaving]
    return all(u.side == side for u in here) and len(here) < MAX_STACK


ROUTES: Recall[list[Route]] = Recall(512)
"""Reachable hexes by :func:`route_key`, before stacking: moving one unit rarely changes what another may reach."""


def route_key(state: State, unit_id: str) -> Hashable:
    """All the unit's reachable hexes depend on besides the map: where it stands, the turn (weather), a RESERVE
    limit, and the enemy's hexes (blocked, zones of control). Own units only take room at the end (TY-STK-1)."""
    unit = state.unit(unit_id)
    if unit is None or unit.hex is None:
        return (state.runtime, unit_id, None)
    return (state.runtime, unit_id, unit.hex, state.turn, unit_id in state.limited, enemy_hexes(state, unit.side))


def routes(state: State, unit_id: str) -> list[Route]:
    """Every destination the unit may end its move in, normally or marching, cheapest path each (computed once
    per state: legal commands and their descriptions ask for them again and again)."""

    def compute() -> list[Route]:
        full = full_hexes(state, state.spec(unit_id).side)
        return [r for r in reachable(state, unit_id) if r.to not in full]

    return state.memo(("routes", unit_id), compute)


def reachable(state: State, unit_id: str) -> list[Route]:
    """:func:`routes` before stacking, including ends in the own side's full stacks (shared by every position with
    the same :func:`route_key`: do not change the list)."""
    return ROUTES.get(route_key(state, unit_id), lambda: _routes(state, unit_id))


def _routes(state: State, unit_id: str) -> list[Route]:
    unit = state.unit(unit_id)
    if unit is None or unit.hex is None:
        return []
    return sorted([*_normal(state, unit_id), *_march(state, unit_id)], key=lambda r: (r.to, r.march))


def _normal(state: State, unit_id: str) -> list[Route]:
    """Normal movement: Dijkstra over TEC, river and ZOC costs (TY-MOV-4, TY-MOV-6), plus unbridged major-river
    crossings as the whole move (TY-MOV-8). Enemy units block the way; stacking is left to :func:`routes`."""
    unit, spec = state.unit(unit_id), state.spec(unit_id)
    assert unit is not None and unit.hex is not None
    zoc, enemy = enemy_zoc(state, unit.side), enemy_hexes(state, unit.side)
    budget, z = allowance(state, unit_id) * 2, zoc_cost(state, unit.side) * 2
    best = _search(state.runtime, unit.hex, mechanized(spec), state.turn, budget, z, zoc, enemy)
    routes_ = [Route(h, False, p, c) for h, (c, p) in best.items() if p]
    return routes_ + _crossings(state, unit_id, zoc, best)


@functools.lru_cache(maxsize=4096)
def _search(  # noqa: PLR0917 - the cache key is every argument
    rt: Runtime, start: Hex, mech: bool, turn: int, budget: int, z: int, zoc: frozenset[Hex], enemy: frozenset[Hex]
) -> dict[Hex, tuple[int, tuple[Hex, ...]]]:
    """Cheapest paths from ``start`` within ``budget`` half MP. Friendly units never change it, so the search
    is shared by every position with the same enemy units (moving one's own units one by one)."""
    best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {start: (0, ())}
    heap: list[tuple[int, Hex]] = [(0, start)]
    steps = _steps(rt, mech, turn)
    while heap:
        spent, h = heapq.heappop(heap)
        if spent > best[h][0]:
            continue
        for n, base in steps[h]:
            if n in enemy:
                continue
            total = spent + base * 2 + (z if h in zoc else 0) + (z if n in zoc else 0)
            if total <= budget and (n not in best or total < best[n][0]):
                best[n] = (total, (*best[h][1], n))
                heapq.heappush(heap, (total, n))
    return best


@functools.lru_cache(maxsize=64)
def _steps(rt: Runtime, mech: bool, turn: int) -> dict[Hex, tuple[tuple[Hex, int], ...]]:
    """Each hex's neighbours a unit may enter in normal movement this turn, with the MP it costs before ZOC: no
    unbridged major river (crossed only as a whole move, TY-MOV-8), nothing :func:`enter_cost` forbids."""
    facts, found = rt.facts, {}
    for h in rt.grid.locations():
        found[h] = tuple(
            (n, cost)
            for n in rt.grid.neighbours(h)
            if not (facts.river(h, n) == "major_river" and not facts.bridged(h, n))
            and (cost := enter_cost(rt, h, n, mech, turn)) is not None
        )
    return found


def _major_unbridged(state: State, a: Hex, b: Hex) -> bool:
    """A major river without a bridge between ``a`` and ``b`` (TY-MOV-8, TY-MOV-9)."""
    facts = state.runtime.facts
    return facts.river(a, b) == "major_river" and not facts.bridged(a, b)


def _crossings(
    state: State, unit_id: str, zoc: frozenset[Hex], best: dict[Hex, tuple[int, tuple[Hex, ...]]]
) -> list[Route]:
    """Crossing an unbridged major river: from the start hex straight across, the whole move, not from an EZOC
    hex into an EZOC hex (TY-MOV-8), nor into a mountain hex (no road crosses there, TY-MOV-7); mountain
    divisions enter a mountain hex off-road the same way (TY-MOV-10)."""
    unit, spec = state.unit(unit_id), state.spec(unit_id)
    assert unit is not None and unit.hex is not None
    rt, start, found = state.runtime, unit.hex, []
    for n in rt.grid.neighbours(start):
        if n in best or not open_hex(rt, n) or not crossable(rt, start, n) or state.occupant(n) == other(unit.side):
            continue
        climber, climbs = spec.symbol == "mountain", rt.facts.terrain.get(n) == "mountain"
        # no road crosses an unbridged river, and off the road only a mountain division climbs (TY-MOV-7)
        across = _major_unbridged(state, start, n) and not (start in zoc and n in zoc) and (climber or not climbs)
        if (across or (climbs and climber)) and spec.movement > 0:
            found.append(Route(n, False, (n,), spec.movement * 2))
    return found


def allowance(state: State, unit_id: str) -> int:
    """The unit's MA, halved (fractions dropped) for a RESERVE unit outside every HQ's range (TY-OPT-RES-4)."""
    movement = state.spec(unit_id).movement
    return movement // 2 if unit_id in state.limited else movement


def can_march(state: State, unit_id: str) -> bool:
    """March mode is open: roads work this turn, the unit stands on a road outside EZOC (TY-MARCH-2, TY-MARCH-3,
    TY-MARCH-6)."""
    unit = state.unit(unit_id)
    if unit is None or unit.hex is None or not roads_work(state.runtime, state.turn) or unit_id in state.limited:
        return False
    return unit.hex in state.runtime.facts.road_hexes and unit.hex not in enemy_zoc(state, unit.side)


def _march(state: State, unit_id: str) -> list[Route]:
    """March mode: ½ MP a road hex, every hex along the road, never into EZOC, railways no help (TY-MARCH-1,
    TY-MARCH-2, TY-MARCH-3, TY-MARCH-4, TY-MARCH-5)."""
    if not can_march(state, unit_id):
        return []
    unit, spec = state.unit(unit_id), state.spec(unit_id)
    assert unit is not None and unit.hex is not None
    rt, zoc, budget = state.runtime, enemy_zoc(state, unit.side), spec.movement * 2
    best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {unit.hex: (0, ())}
    heap: list[tuple[int, Hex]] = [(0, unit.hex)]
    while heap:
        spent, h = heapq.heappop(heap)
        for n in rt.grid.neighbours(h):
            if not along_road(rt, h, n) or n in zoc or state.occupant(n) not in (None, unit.side):
                continue
            if not open_hex(rt, n) or not crossable(rt, h, n) or spent + 1 > budget:
                continue
            if n not in best or spent + 1 < best[n][0]:
                best[n] = (spent + 1, (*best[h][1], n))
                heapq.heappush(heap, (spent + 1, n))
    return [Route(h, True, p, c) for h, (c, p) in best.items() if p]


def route_index(state: State, unit_id: str) -> dict[tuple[Hex, bool], Route]:
    """The unit's routes by destination and mode (describing every listed move looks each one up)."""
    return state.memo(("route_index", unit_id), lambda: {(r.to, r.march): r for r in routes(state, unit_id)})

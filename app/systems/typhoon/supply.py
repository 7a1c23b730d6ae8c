"""Lines of communication and the supply procedure (rulebook §3.3, §11).

TY-LOC-1, TY-LOC-2, TY-LOC-3, TY-LOC-4, TY-LOC-5, TY-LOC-6, TY-LOC-7, TY-SUP-1, TY-SUP-2, TY-SUP-3, TY-OPT-OFF-1.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterable

from app.systems.typhoon.position import Recall, enemy_hexes, side_hexes
from app.systems.typhoon.runtime import Hex, Runtime
from app.systems.typhoon.state import State, other
from app.systems.typhoon.zoc import enemy_zoc

AXIS_OFF_RAIL = 6
"""Hexes an Axis LOC may run off the railway (TY-LOC-6)."""
DISTANCES: Recall[dict[Hex, int]] = Recall(256)
"""LOC and retreat distances by :func:`supply_key`: the bot asks again for every move it weighs."""
SUPPLIED: Recall[frozenset[Hex]] = Recall(256)
"""The hexes in supply by :func:`supply_key`."""


def supply_key(state: State, side: str) -> tuple[object, ...]:
    """All a LOC of ``side`` depends on besides the map: the enemy's hexes (they block it and project the zones of
    control) and the own hexes inside those zones (they open them, TY-LOC-3)."""
    return (state.runtime, side, enemy_hexes(state, side), side_hexes(state, side) & enemy_zoc(state, side))


def sources(state: State, side: str) -> frozenset[Hex]:
    """Usable supply sources: not occupied by the enemy (TY-LOC-2); east-edge hexes with §15.4 (TY-OPT-OFF-1)."""
    rt = state.runtime
    found = set(rt.sources.get(side, frozenset()))
    if side == "soviet" and rt.model.options.soviet_offmap_supply:
        found |= rt.east_edge
    return frozenset(h for h in found if state.occupant(h) != other(side))


def passable(state: State, side: str, zoc: frozenset[Hex]) -> frozenset[Hex]:
    """Hexes a LOC may pass through: no enemy unit, no EZOC unless a friendly unit is there, no mountain without
    road, nothing closed (TY-LOC-3, TY-LOC-4)."""
    own = side_hexes(state, side)
    return _open_ground(state.runtime) - enemy_hexes(state, side) - (zoc - own)


@functools.cache
def _open_ground(rt: Runtime) -> frozenset[Hex]:
    """Hexes in play a LOC may enter whoever stands where: not a mountain without road (TY-LOC-4)."""
    facts = rt.facts
    return frozenset(h for h in facts.open_hexes if facts.terrain.get(h) != "mountain" or h in facts.road_hexes)


def _spread(state: State, start: Iterable[Hex], through: frozenset[Hex], limit: int | None) -> dict[Hex, int]:
    """Breadth-first distances from ``start`` through ``through`` hexes (up to ``limit`` steps). A start hex (a
    usable source) need not be one a LOC may pass through: only an enemy unit in it stops it (TY-LOC-2)."""
    rt = state.runtime
    dist = dict.fromkeys(start, 0)
    queue = deque(dist)
    while queue:
        h = queue.popleft()
        if limit is not None and dist[h] >= limit:
            continue
        for n in rt.facts.links[h]:
            if n in through and n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def rail_net(state: State, side: str, through: frozenset[Hex]) -> frozenset[Hex]:
    """Railway hexes joined to a usable source by an uncut chain of railway (TY-LOC-6); the source counts."""
    rt = state.runtime
    start = list(sources(state, side))
    seen = set(start)
    queue = deque(start)
    while queue:
        h = queue.popleft()
        for n in rt.facts.links[h]:
            if n in through and n not in seen and frozenset((h, n)) in rt.facts.rails:
                seen.add(n)
                queue.append(n)
    return frozenset(seen)


def loc_distances(state: State, side: str) -> dict[Hex, int]:
    """LOC length from the nearest usable source to every hex the LOC may pass through (Soviet: any length,
    TY-LOC-5; Axis: any length along railway, then 6 hexes, TY-LOC-6). Shared: do not change the answer."""
    return DISTANCES.get(("loc", *supply_key(state, side)), lambda: _loc_distances(state, side))


def _loc_distances(state: State, side: str) -> dict[Hex, int]:
    through = passable(state, side, enemy_zoc(state, side))
    if side == "soviet":
        return _spread(state, sources(state, side), through, None)
    return _spread(state, rail_net(state, side, through), through, AXIS_OFF_RAIL)


def traced(state: State, side: str, dist: dict[Hex, int]) -> frozenset[Hex]:
    """Hexes a unit of ``side`` standing there traces a LOC from: a passable hex reached, or a hex next to one (the
    chain may end in an EZOC hex, TY-LOC-3)."""
    rt = state.runtime
    limit = None if side == "soviet" else AXIS_OFF_RAIL
    found = set(dist)
    for h, d in dist.items():
        if limit is not None and d >= limit:
            continue
        found.update(rt.facts.links[h])
    found |= sources(state, side)
    return frozenset(found - enemy_hexes(state, side))


def in_supply(state: State, side: str) -> frozenset[Hex]:
    """Every hex where a unit of ``side`` would have a LOC now (TY-LOC-1)."""

    def compute() -> frozenset[Hex]:
        return SUPPLIED.get(supply_key(state, side), lambda: traced(state, side, loc_distances(state, side)))

    return state.memo(("loc", side), compute)


def retreat_distances(state: State, side: str) -> dict[Hex, int]:
    """Distance from every hex to the nearest usable friendly source along LOC hexes, any length: the
    direction of retreat (TY-RET-8)."""

    def compute() -> dict[Hex, int]:
        return DISTANCES.get(("retreat", *supply_key(state, side)), lambda: _retreat_distances(state, side))

    return state.memo(("retreat", side), compute)


def _retreat_distances(state: State, side: str) -> dict[Hex, int]:
    return _spread(state, sources(state, side), passable(state, side, enemy_zoc(state, side)), None)

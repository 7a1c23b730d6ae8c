"""Retreat and advance after combat (rulebook §10.6, §10.7).

TY-RET-1, TY-RET-2, TY-RET-3, TY-RET-4, TY-RET-5, TY-RET-6, TY-RET-7, TY-RET-8, TY-STK-4, TY-ADV-1, TY-ADV-2,
TY-ADV-3, TY-ADV-4, TY-ADV-5, TY-ADV-6, TY-ADV-7, TY-ADV-8, TY-ZOC-4.
"""

from __future__ import annotations

from app.systems.typhoon.movement import MAX_STACK, room
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, Step, mechanized, other
from app.systems.typhoon.supply import retreat_distances
from app.systems.typhoon.terrain import base_terrain, crossable, open_hex
from app.systems.typhoon.zoc import enemy_zoc

FAR = 10**6


def _eliminating(state: State, cur: Hex, n: Hex, second: bool) -> bool:
    """Retreating from ``cur`` into ``n`` eliminates the unit: a closed hex, a prohibited hexside, or an unbridged
    major river as the second hex (TY-RET-4)."""
    rt = state.runtime
    if not open_hex(rt, n) or not crossable(rt, cur, n):
        return True
    return second and rt.facts.river(cur, n) == "major_river" and not rt.facts.bridged(cur, n)


def retreat_options(state: State, step: Step) -> list[Hex]:
    """The hexes the unit may retreat into next: never an enemy hex or a hex already on its path (TY-RET-5),
    the nearest to a friendly source along LOC hexes (TY-RET-8), then avoiding EZOC (TY-RET-6), then avoiding
    an overstack at the end (TY-RET-7). Empty: the unit is eliminated."""
    unit = state.unit(step.units[0])
    if unit is None or unit.hex is None:
        return []
    cur, seen = unit.hex, {step.origin, *step.path}
    second = len(step.path) == 1 and not step.extra
    candidates = [
        n
        for n in state.runtime.grid.neighbours(cur)
        if n not in seen and state.occupant(n) != other(unit.side) and not _eliminating(state, cur, n, second)
    ]
    if not candidates:
        return []
    dist, zoc = retreat_distances(state, unit.side), enemy_zoc(state, unit.side)
    last = step.amount <= 1

    def score(n: Hex) -> tuple[int, int, int]:
        crowded = last and len([u for u in state.at(n) if u.id != unit.id]) >= MAX_STACK
        return dist.get(n, FAR), int(n in zoc), int(crowded)

    best = min(score(n) for n in candidates)
    return sorted(n for n in candidates if score(n) == best)


def overstacked(state: State, h: Hex) -> bool:
    """More units in ``h`` than the limit (TY-STK-1)."""
    return len(state.at(h)) > MAX_STACK


def advance_paths(state: State, step: Step, unit_id: str) -> list[tuple[Hex, ...]]:
    """Advance paths open to an attacker: the vacated hex first (TY-ADV-7); a mechanised unit one hex further
    when both hexes are clear, neither a town nor a city, and no river is crossed (TY-ADV-2, TY-ADV-3); EZOC
    ignored (TY-ADV-5); never into closed hexes or an overstack (TY-ADV-8)."""
    unit, target = state.unit(unit_id), step.origin
    if unit is None or unit.hex is None or target is None or state.occupant(target) == other(unit.side):
        return []
    rt = state.runtime
    if not open_hex(rt, target) or not crossable(rt, unit.hex, target) or not room(state, target, unit.side, unit_id):
        return []
    paths: list[tuple[Hex, ...]] = [(target,)]
    if not mechanized(state.spec(unit_id)) or not _open_ground(state, unit.hex, target):
        return paths
    for n in rt.grid.neighbours(target):
        if n != unit.hex and _open_ground(state, target, n) and crossable(rt, target, n) and room(state, n, unit.side):
            paths.append((target, n))
    return paths


def _open_ground(state: State, a: Hex, b: Hex) -> bool:
    """``b`` is clear (weather included), no town or city, entered from ``a`` across no river (TY-ADV-3)."""
    rt = state.runtime
    if not open_hex(rt, b) or state.occupant(b) not in (None, state.phasing):
        return False
    plain = base_terrain(rt, b, state.turn) == "clear" and b not in rt.facts.towns and b not in rt.facts.cities
    return plain and rt.facts.river(a, b) is None

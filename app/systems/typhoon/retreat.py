"""Retreat and advance after combat (rulebook §10.6, §10.7).

TY-RET-1, TY-RET-2, TY-RET-3, TY-RET-4, TY-RET-5, TY-RET-6, TY-RET-7, TY-RET-8, TY-STK-4, TY-ADV-1, TY-ADV-2,
TY-ADV-3, TY-ADV-4, TY-ADV-5, TY-ADV-6, TY-ADV-7, TY-ADV-8, TY-ZOC-4.
"""

from __future__ import annotations

from app.core.i18n import Text, t
from app.systems.typhoon.movement import MAX_STACK, room
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, Step, mechanized, other
from app.systems.typhoon.supply import retreat_distances
from app.systems.typhoon.terrain import base_terrain, crossable, open_hex
from app.systems.typhoon.zoc import enemy_zoc

FAR = 10**6


def _eliminating(state: State, cur: Hex, n: Hex, second: bool) -> bool:
    """Retreating from ``cur`` into ``n`` eliminates the unit: a closed hex, a prohibited hexside, or an unbridged
    major river crossed by the second hex of the retreat (TY-RET-4)."""
    rt = state.runtime
    if not open_hex(rt, n) or not crossable(rt, cur, n):
        return True
    return second and rt.facts.river(cur, n) == "major_river" and not rt.facts.bridged(cur, n)


def distance(state: State, side: str, n: Hex) -> int:
    """How far ``n`` is from the nearest usable friendly source along a LOC (TY-RET-8): through LOC hexes, or one
    more than its nearest LOC neighbour for a hex a LOC may only end in (an EZOC hex, TY-LOC-3)."""
    dist = retreat_distances(state, side)
    if n in dist:
        return dist[n]
    if not open_hex(state.runtime, n):
        return FAR
    return 1 + min((dist[m] for m in state.runtime.facts.links[n] if m in dist), default=FAR - 1)


Path = tuple[tuple[Hex, ...], bool, int]
"""A retreat path: its hexes, whether it eliminates the unit, how many EZOC hexes it enters."""


def _walk(state: State, side: str, cur: Hex, seen: frozenset[Hex], *, left: int, index: int) -> list[Path]:
    """Every retreat path of ``left`` more hexes from ``cur`` (``index``: hexes already retreated); a path that can
    go no further, or enters a hex that eliminates, ends there eliminated (TY-RET-4, TY-RET-5)."""
    if left == 0:
        return [((), False, 0)]
    zoc, found = enemy_zoc(state, side), list[Path]()
    for n in state.runtime.grid.neighbours(cur):
        if n in seen or state.occupant(n) == other(side):
            continue
        if _eliminating(state, cur, n, index == 1):
            found.append(((n,), True, 0))
            continue
        further = _walk(state, side, n, seen | {n}, left=left - 1, index=index + 1) or [((), True, 0)]
        found += [((n, *rest), dead, entered + int(n in zoc)) for rest, dead, entered in further]
    return found


def _best(state: State, step: Step) -> tuple[list[Path], list[Path]]:
    """Every retreat path of the unit, and the best of them (TY-RET-8, see :func:`retreat_options`)."""
    unit = state.unit(step.units[0])
    if unit is None or unit.hex is None:
        return [], []
    seen = frozenset(h for h in (step.origin, *step.path) if h is not None)
    paths = _walk(state, unit.side, unit.hex, seen, left=max(step.amount, 1), index=len(step.path))

    def score(path: Path) -> tuple[int, int, int, int]:
        hexes, dead, entered = path
        crowded = not dead and len([u for u in state.at(hexes[-1]) if u.id != unit.id]) >= MAX_STACK
        return distance(state, unit.side, hexes[-1]), int(dead), entered, int(crowded)

    if not paths:
        return [], []
    best = min(score(p) for p in paths)
    return paths, [p for p in paths if score(p) == best]


def retreat_options(state: State, step: Step) -> list[Hex]:
    """The hexes the unit may retreat into next. The retreat runs toward a usable friendly source by the shortest
    way (TY-RET-8): the paths of the hexes still to go that end nearest to it; among equally near ones, first
    those that do not eliminate the unit (TY-RET-4), then those entering fewest EZOC hexes (TY-RET-6), then those
    not ending overstacked (TY-RET-7). Never an enemy hex or a hex already on the path (TY-RET-5). The owner
    chooses among what remains; empty: the unit is eliminated."""
    return sorted({p[0][0] for p in _best(state, step)[1] if not p[1]})


def retreat_toll(state: State, unit_id: str, amount: int) -> int | None:
    """What retreating ``amount`` hexes from where it stands would cost ``unit_id`` now, the rules choosing the way
    (TY-RET-6, TY-RET-8): the EZOC hexes the best path enters (a step each), or ``None`` when it is eliminated
    (TY-RET-4, TY-RET-5). The automated commander weighs attacks with it."""
    unit = state.unit(unit_id)
    if unit is None or unit.hex is None:
        return None
    best = [p for p in _best(state, Step("retreat", unit.side, (unit_id,), amount, origin=unit.hex))[1] if not p[1]]
    return min((p[2] for p in best), default=None)


def why_eliminated(state: State, step: Step) -> tuple[Text, str]:
    """Why a unit with no retreat option is eliminated, and the rule (TY-RET-4, TY-RET-5)."""
    unit = state.unit(step.units[0])
    paths, best = _best(state, step)
    if unit is None or unit.hex is None or not paths:
        return t("every hex around it is held by the enemy or already on its retreat path"), "TY-RET-5"
    hexes = best[0][0]
    cur, last, rt = (unit.hex, *hexes)[-2], hexes[-1], state.runtime
    label = rt.label(last)
    if not open_hex(rt, last) or not crossable(rt, cur, last):
        return t("its shortest way leads into {hex}, where no unit may go", hex=label), "TY-RET-4"
    if _eliminating(state, cur, last, len(step.path) + len(hexes) == 2):
        return t(
            "its second hex would cross the major river into {hex} where there is no bridge", hex=label
        ), "TY-RET-4"
    return t("its shortest way ends at {hex}, from which no hex is left to retreat into", hex=label), "TY-RET-5"


def overstacked(state: State, h: Hex) -> bool:
    """More units in ``h`` than the limit (TY-STK-1)."""
    return len(state.at(h)) > MAX_STACK


def advance_paths(state: State, step: Step, unit_id: str) -> list[tuple[Hex, ...]]:
    """Advance paths open to an attacker: the vacated hex first (TY-ADV-7); a mechanised unit one hex further
    when both hexes are clear, neither a town nor a city, and no river is crossed (TY-ADV-2, TY-ADV-3); EZOC
    ignored (TY-ADV-5); never into closed hexes, nor ending in an overstack (TY-ADV-8): stacking counts only
    where the advance ends, so a panzer may pass through the vacated hex already full (TY-STK-3)."""
    unit, target = state.unit(unit_id), step.origin
    if unit is None or unit.hex is None or target is None or state.occupant(target) == other(unit.side):
        return []
    rt = state.runtime
    if not open_hex(rt, target) or not crossable(rt, unit.hex, target):
        return []
    paths: list[tuple[Hex, ...]] = [(target,)] if room(state, target, unit.side, unit_id) else []
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

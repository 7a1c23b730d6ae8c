"""What the automated commander knows about a position: the objectives, each side's lines of communication, cover,
and what a move does to both sides' supply (TY-LOC-1, TY-LOC-5, TY-LOC-6, TY-SUP-1, TY-SUP-3, TY-VIC-1).

The knowledge is worked out once per position and side (:meth:`State.memo`) so that every candidate move is scored
by look-ups; only the best few moves are tried on a copy of the position, to count whose units they cut off.
"""

from __future__ import annotations

import functools
from collections import Counter, deque
from dataclasses import dataclass, replace

from app.systems.typhoon.losses import move_to
from app.systems.typhoon.runtime import Hex, Runtime
from app.systems.typhoon.state import State, defence_value, other
from app.systems.typhoon.supply import in_supply, loc_distances, passable, rail_net, sources
from app.systems.typhoon.terrain import terrain_shifts
from app.systems.typhoon.zoc import enemy_zoc

OUT_OF_SUPPLY = {"axis": 8.0, "soviet": 5.0}
"""What a unit standing without a LOC costs its side: a step at the next SUPPLY card, and an Axis unit that
starves is lost for good (TY-SUP-1, TY-SUP-3)."""
SAFE_OFF_RAIL = 4
"""Hexes off the railway an Axis unit keeps without worry; the LOC reaches 6 (TY-LOC-6), one Soviet ZOC cuts it."""
CUT_VALUE = 1.5
"""What cutting one enemy unit off from supply is worth (it loses a step at the next SUPPLY card)."""
AREA_VALUE = 0.05
"""What one more hex inside the Axis LOC is worth: the railway net grows as its hexes are taken (TY-LOC-6)."""
CONTACT = 0.75
"""Worth of an Axis unit standing next to the enemy, ready to attack."""
WEAK = 4
"""A Soviet hex defended by at most this many strength points is a weak spot worth more contact."""
KEY_PULL = 3
"""Hexes of distance a key hex (Moscow, Tula) counts less than another objective while the Axis still needs to
hold key hexes at once (TY-VIC-2)."""
KEY_TURN = 5
"""After this turn the key hexes' pull grows by a hex each turn: without two of them held at once no number of
cities wins (TY-VIC-1, TY-VIC-2)."""
HQ_REACH = 0.3
"""Worth, for an HQ's hex, of each own combat unit within its command range."""
HQ_FRONT = 0.2
"""Added for each of those units standing in an enemy ZOC (the ones that will attack)."""
HQ_RISK = 3.0
"""What standing in an enemy ZOC costs an HQ."""
GUARD = 0.25
"""Worth, to the Axis unit standing alone on a threatened railway hex, of each Axis unit whose LOC runs through that
hex: a unit in the hex keeps a Soviet ZOC from cutting the railway there (TY-LOC-3, TY-LOC-6)."""
GUARD_MIN = 8
"""Axis units that must draw their LOC through a railway hex before it is worth guarding."""
GUARD_MAX = 24
"""Axis units counted at most for one railway hex."""
GARRISON = 3.0
"""Worth of being the Soviet unit that holds an objective hex; a key hex (Moscow, Tula) is worth more."""


@dataclass(frozen=True)
class Plan:
    """One side's view of a position.

    Attributes:
        side: The side.
        supplied: Hexes where a unit of ``side`` has a LOC (TY-LOC-1).
        off_rail: Axis only: LOC length off the railway net for each hex the LOC reaches (TY-LOC-6).
        goal_dist: Distance from every hex to the nearest objective ``side`` should head for.
        garrison: Soviet only: objective hexes the Soviets hold, key hexes first in worth.
        contact: Axis only: hexes next to Soviet units, worth more next to weak ones (attacks follow moves).
        guard: Axis only: railway hexes a Soviet unit could soon cut, by what holding each is worth.
    """

    side: str
    supplied: frozenset[Hex]
    off_rail: dict[Hex, int]
    goal_dist: dict[Hex, int]
    garrison: frozenset[Hex]
    contact: dict[Hex, float]
    guard: dict[Hex, float]


def objectives(state: State) -> list[Hex]:
    """The hexes victory is counted on (TY-VIC-1)."""
    return sorted(state.runtime.victory_cities | state.runtime.key_hexes)


def plan(state: State, side: str) -> Plan:
    """``side``'s view of the position (worked out once per state)."""
    return state.memo(("bot_plan", side), lambda: _plan(state, side))


def _plan(state: State, side: str) -> Plan:
    targets = objectives(state)
    if side == "axis":
        wanted = [g for g in targets if state.controller(g) != "axis"] or targets
        off_rail, contact, guard = _off_rail(state), _contact(state), _guard(state)
        garrison: frozenset[Hex] = frozenset()
    else:
        wanted, off_rail, contact, guard = targets, {}, {}, {}
        garrison = frozenset(g for g in targets if state.controller(g) == "soviet")
    goal_dist = distances(state.runtime, tuple(wanted))
    if side == "axis" and _keys_needed(state):
        keys = distances(state.runtime, tuple(sorted(state.runtime.key_hexes)))
        pull = KEY_PULL + max(0, state.turn - KEY_TURN)
        goal_dist = {h: min(d, keys[h] - pull) for h, d in goal_dist.items()}
    return Plan(side, in_supply(state, side), off_rail, goal_dist, garrison, contact, guard)


def _off_rail(state: State) -> dict[Hex, int]:
    """LOC length off the railway for every hex an Axis unit traces a LOC from: the hexes the LOC passes through,
    and one more for the hexes it may only end in (an enemy ZOC hex, a hex the enemy has just left) (TY-LOC-3,
    TY-LOC-6)."""
    found = dict(loc_distances(state, "axis"))
    links = state.runtime.facts.links
    for h in in_supply(state, "axis"):
        if h not in found:
            found[h] = min((found[n] + 1 for n in links[h] if n in found), default=SAFE_OFF_RAIL + 3)
    return found


def _guard(state: State) -> dict[Hex, float]:
    """Railway hexes at least :data:`GUARD_MIN` Axis units draw their LOC through and a Soviet unit could reach or
    put in its ZOC next time it moves: worth :data:`GUARD` for each of those units (TY-LOC-3, TY-LOC-6)."""
    threatened = soviet_reach(state)
    return {h: GUARD * min(n, GUARD_MAX) for h, n in rail_stakes(state).items() if n >= GUARD_MIN and h in threatened}


def soviet_reach(state: State) -> frozenset[Hex]:
    """Hexes a Soviet unit could enter or put in its ZOC when next activated: as many hexes as its movement
    allowance (terrain not counted, so never fewer than it can), two fewer when it starts in an Axis ZOC, stopping
    where it enters one, never through an Axis unit (TY-MOV-6, TY-ZOC-1)."""
    links, zoc = state.runtime.facts.links, enemy_zoc(state, "soviet")
    found: set[Hex] = set()
    for u in state.on_map("soviet"):
        assert u.hex is not None
        seen, frontier = {u.hex}, [u.hex]
        for _ in range(state.spec(u.id).movement - (2 if u.hex in zoc else 0)):
            frontier = [n for h in frontier if h == u.hex or h not in zoc for n in links[h] if n not in seen]
            frontier = [n for n in dict.fromkeys(frontier) if state.occupant(n) != "axis"]
            seen.update(frontier)
        found |= seen
    return frozenset(n for h in found for n in links[h]) | found


def _keys_needed(state: State) -> bool:
    """The Axis still has to hold key hexes at once to win at the end (TY-VIC-2)."""
    return not state.key_flag and state.runtime.model.victory.final_key > 0 and bool(state.runtime.key_hexes)


def _contact(state: State) -> dict[Hex, float]:
    """Hexes next to Soviet units: worth CONTACT, more next to a hex defended by few strength points."""
    found: dict[Hex, float] = {}
    for h in {u.hex for u in state.on_map("soviet") if u.hex is not None}:
        strength = sum(defence_value(state.spec(u.id), u.reduced) for u in state.at(h))
        worth = CONTACT + (1.0 if strength <= WEAK else 0.0)
        for n in state.runtime.facts.links[h]:
            found[n] = max(found.get(n, 0.0), worth)
    return found


@functools.lru_cache(maxsize=64)
def distances(runtime: Runtime, goals: tuple[Hex, ...]) -> dict[Hex, int]:
    """Distance in hexes from every hex to the nearest of ``goals`` (the goals change rarely: cached)."""
    grid = runtime.grid
    return {h: min((grid.distance(h, g) for g in goals), default=0) for h in grid.locations()}


def hex_value(state: State, side: str, h: Hex, unit_id: str = "") -> float:
    """How good ``h`` is for ``unit_id`` of ``side``: near the objectives, in supply with a margin (Axis), in
    cover and holding objectives (Soviet)."""
    view = plan(state, side)
    value = 0.0 if h in view.supplied else -OUT_OF_SUPPLY[side]
    if unit_id and state.spec(unit_id).symbol == "hq":
        return value + hq_value(state, side, h, unit_id)
    if side == "axis":
        margin = view.off_rail.get(h, SAFE_OFF_RAIL + 3) - SAFE_OFF_RAIL
        guard = view.guard.get(h, 0.0) if all(u.id == unit_id for u in state.at(h)) else 0.0
        return value - view.goal_dist.get(h, 0) - 0.75 * max(margin, 0) + view.contact.get(h, 0.0) + guard
    cover = -sum(x.value for x in terrain_shifts(state.runtime, h, state.turn))
    fort = 2.0 if h in state.runtime.facts.fortified else 0.0
    value += 0.5 * cover + fort - 0.4 * max(view.goal_dist.get(h, 0) - 1, 0)
    if h in view.garrison and all(u.id == unit_id for u in state.at(h)):
        value += GARRISON + (2.0 if h in state.runtime.key_hexes else 0.0)
    return value


def hq_value(state: State, side: str, h: Hex, hq_id: str) -> float:
    """How good ``h`` is for an HQ: its card activates the units within its command range, those in contact with
    the enemy count more (TY-ACT-1, TY-ACT-5); standing in an enemy ZOC risks the HQ (TY-HQU-3)."""
    reach, grid = state.spec(hq_id).command_range or 0, state.runtime.grid
    zoc = enemy_zoc(state, side)
    near = [u.hex for u in state.on_map(side) if state.spec(u.id).symbol != "hq" and grid.distance(u.hex, h) <= reach]
    return HQ_REACH * len(near) + HQ_FRONT * sum(1 for x in near if x in zoc) - (HQ_RISK if h in zoc else 0.0)


def cut_off(state: State, side: str) -> int:
    """Units of ``side`` on the map without a LOC (TY-SUP-1)."""
    supplied = in_supply(state, side)
    return sum(1 for u in state.on_map(side) if u.hex not in supplied)


def supply_effect(state: State, side: str, unit_id: str, path: tuple[Hex, ...]) -> float:
    """What moving ``unit_id`` along ``path`` does to supply: enemy units cut off, less own units (other than the
    mover, already scored by :func:`hex_value`) that lose their LOC."""
    after = move_to(state, unit_id, path)
    enemy = other(side)
    cut = cut_off(after, enemy) - cut_off(state, enemy)
    mine = _others_cut(after, side, unit_id) - _others_cut(state, side, unit_id)
    return CUT_VALUE * cut - OUT_OF_SUPPLY[side] * mine + _area(after, side) - _area(state, side)


def clearing_effect(state: State, side: str, target: Hex) -> float:
    """What driving the enemy out of ``target`` does to ``side``'s supply: own units whose LOC it reopens, and for
    the Axis the railway it frees (TY-LOC-3, TY-LOC-6). Worked out once per target and position."""
    return state.memo(("bot_clear", side, target), lambda: _clearing(state, side, target))


def _clearing(state: State, side: str, target: Hex) -> float:
    gone = {u.id for u in state.at(target)}
    after = replace(state, units=tuple(replace(u, hex=None, box="gone") if u.id in gone else u for u in state.units))
    restored = cut_off(state, side) - cut_off(after, side)
    return 0.5 * OUT_OF_SUPPLY[side] * restored + _area(after, side) - _area(state, side)


def _area(state: State, side: str) -> float:
    return AREA_VALUE * len(in_supply(state, side)) if side == "axis" else 0.0


def _others_cut(state: State, side: str, unit_id: str) -> int:
    supplied = in_supply(state, side)
    return sum(1 for u in state.on_map(side) if u.hex not in supplied and u.id != unit_id)


def rail_stakes(state: State) -> Counter[Hex]:
    """For each hex of the Axis railway net, how many Axis units on the map draw their LOC through it: each unit
    counts on the net hex nearest to it and on every hex between that one and a source (TY-LOC-6). A Soviet unit
    that can reach such a hex cuts all of them."""
    return state.memo("bot_rail_stakes", lambda: _rail_stakes(state))


def _rail_stakes(state: State) -> Counter[Hex]:
    rt = state.runtime
    net = rail_net(state, "axis", passable(state, "axis", enemy_zoc(state, "axis")))
    start = [h for h in sources(state, "axis") if h in net]
    parent: dict[Hex, Hex] = {}
    order, queue, seen = [], deque(start), set(start)
    while queue:
        h = queue.popleft()
        order.append(h)
        for n in rt.facts.links[h]:
            if n in net and n not in seen and frozenset((h, n)) in rt.facts.rails:
                seen.add(n)
                parent[n] = h
                queue.append(n)
    count: Counter[Hex] = Counter()
    if not order:
        return count
    for u in state.on_map("axis"):
        assert u.hex is not None
        count[min(order, key=lambda h: rt.grid.distance(h, u.hex))] += 1
    for h in reversed(order):
        if h in parent:
            count[parent[h]] += count[h]
    return count


def rear_threat(state: State, target: Hex, reach: int = 2) -> int:
    """Axis units whose LOC runs through a railway hex within ``reach`` hexes of the Soviet unit in ``target``."""
    grid = state.runtime.grid
    return max((n for h, n in rail_stakes(state).items() if grid.distance(h, target) <= reach), default=0)

"""The Third Reich bot's judgement of areas, attacks and moves (DESIGN §3 "the automated enemy").

Everything is read from the rules' own numbers: what an area's resource symbols are worth to each side (TR-RES-1),
the victory conditions that name areas (Berlin, the bonus areas, the land-area count: TR-VIC-1, TR-VIC-2,
TR-VIC-3), the exact distribution of damage points of an attack (:func:`combat.hit_odds`, TR-HIT-1) and the
damage tables that say how many points drive a unit out of its area (TR-DMG-4, TR-DMG-5, TR-DMG-6). The bot never
looks at future dice or at the enemy's hidden hand.
"""

from __future__ import annotations

from collections import deque

from app.core.i18n import Text, t
from app.systems.third_reich.combat import enemies, hit_odds, hit_value
from app.systems.third_reich.control import RESOURCE_VALUE, closed, control_units, friendly, neighbours
from app.systems.third_reich.damage import durability
from app.systems.third_reich.state import State, Unit, other

AREA_BASE = 0.4
"""Every land area counts toward the Axis's ten-area condition (TR-VIC-3)."""
AXIS_LOSS_WEIGHT = 1.5
"""Axis resources decide both strategic victories (TR-VIC-1, TR-VIC-2): they weigh more than Allied ones."""
EASE_POINTS = 4.0
"""Damage points to clear an objective that halve its pull: a weakly held area draws more than a fortress."""
PULL_REACH = 6
"""How far (in areas) an objective still draws a group toward it."""


def stake(state: State, area: str) -> float:
    """How much it matters who holds ``area``: its resource symbols for both sides, the victory areas, and the
    area itself for the land-area count."""
    return state.memo(("bot-stake", area), lambda: _stake(state, area))


def _stake(state: State, area: str) -> float:
    if state.rt.is_sea(area):
        lanes = {state.rt.role(r) for r in ("north_atlantic", "central_atlantic")}
        return 1.0 if area in lanes else 0.2
    data = state.rt.area(area)
    values = RESOURCE_VALUE.get(data.resource, {})
    value = AREA_BASE + data.resource_count * (AXIS_LOSS_WEIGHT * values.get("axis", 0.0) + values.get("allied", 0.0))
    victory = state.rt.model.victory
    if victory.final_berlin and area == state.rt.role("berlin"):
        value += 3.0 + 3.0 * _lateness(state)
    if any(state.rt.role(r) == area for r in victory.bonus_roles):
        value += 1.0
    return value


def _lateness(state: State) -> float:
    """0 at the first turn, 1 at the last: the end-of-game conditions matter more as it nears (TR-VIC-3)."""
    turns = state.rt.model.turns
    return (state.turn - turns.first) / max(turns.last - turns.first, 1)


# --- attacks -----------------------------------------------------------------------------------------------------
def clearing_points(state: State, unit: Unit) -> int:
    """Damage points that drive ``unit`` out of its area: a retreat or the pool (TR-DMG-4, TR-DMG-5, TR-DMG-6)."""
    steps = 1 if unit.used else 2
    return steps * durability(state, unit)


def attack_outlook(state: State, group: tuple[Unit, ...], target: str, air: bool) -> tuple[float, float, float]:
    """Expected damage points, the chance of driving every enemy out, and the points that takes."""
    dist = hit_odds(state, group, air)
    expected = sum(k * p for k, p in enumerate(dist))
    side = state.unit_side(group[0]) or ""
    need = sum(clearing_points(state, u) for u in enemies(state, target, side)) or 1
    clear = sum(p for k, p in enumerate(dist) if k >= need)
    return expected, clear, float(need)


def attack_value(state: State, group: tuple[Unit, ...], target: str, air: bool) -> tuple[float, float]:
    """The bot's value of an attack and its expected damage points: the area's stake times the chance to clear it
    (when the attackers' side keeps control units there) plus the attrition the enemy suffers."""
    expected, clear, need = attack_outlook(state, group, target, air)
    side = state.unit_side(group[0]) or ""
    holds = bool(control_units(state, target, side)) or not air
    prize = stake(state, target) if holds and not friendly(state, target, side) else 0.3 * stake(state, target)
    worth = prize * (1.5 * clear + 0.5 * min(expected / need, 1.0)) + 0.6 * min(expected, need)
    return worth - 0.15 * len(group) * (1.0 - min(expected / need, 1.0)), expected


def strength_in(state: State, area: str, side: str, extra: tuple[Unit, ...] = ()) -> float:
    """Expected damage points all of ``side``'s unused units in ``area`` (and ``extra``) would deal there."""
    ids = {u.id for u in extra}
    units = [u for u in state.in_area(area) if state.unit_side(u) == side and not u.used and u.id not in ids]
    return sum(min(max(hit_value(state, u, False), 0), 6) / 6 for u in (*units, *extra))


# --- moves -------------------------------------------------------------------------------------------------------
def move_value(state: State, group: tuple[Unit, ...], to: str) -> tuple[float, Text]:
    """What moving ``group`` into ``to`` is worth, and why: taking or contesting enemy ground, closing in on
    objectives, guarding threatened areas; never a neutral country (it would join the enemy, TR-VIOL-1)."""
    side = state.unit_side(group[0]) or ""
    if friendly(state, to, side):
        return _within(state, group, to, side)
    nation = state.controller(to)
    if nation is not None and state.status_of(nation) == "neutral":
        return -3.0, t("keep out of neutral countries")
    if not enemies(state, to, side):
        return 2.0 * stake(state, to) + 0.5 * pull(state, to, side), t("take an undefended enemy area")
    _, _, need = attack_outlook(state, group, to, False)
    ratio = strength_in(state, to, side, group) / need
    return stake(state, to) * min(ratio, 1.2) - 0.5, t("gather against the enemy in {area}", area=state.rt.name(to))


def _within(state: State, group: tuple[Unit, ...], to: str, side: str) -> tuple[float, Text]:
    """A move inside friendly ground: progress toward objectives and guarding the areas at risk."""
    if state.rt.is_sea(to) and any(state.cls(u) == "land" for u in group):
        return -1.0, t("stay off the sea")
    here = group[0].loc
    progress = pull(state, to, side) - pull(state, here, side)
    guard = stake(state, to) * min(danger(state, to, side), 1.0) - stake(state, here) * danger(state, here, side) / 4
    value = 2.0 * progress * min(len(group), 4) / 4 + 0.5 * guard
    if value > 0.05 and guard > progress:
        return value, t("guard a threatened area")
    return value - 0.05, t("close in on the enemy's objectives")


# --- where to go -------------------------------------------------------------------------------------------------
def pull(state: State, area: str, side: str) -> float:
    """How strongly enemy-held objectives draw ``side`` toward ``area``: the best stake, lessened by the enemy
    holding it and by one plus the distance."""
    return state.memo(("bot-pull", side), lambda: _pulls(state, side)).get(area, 0.0)


def _pulls(state: State, side: str) -> dict[str, float]:
    goals = [a for a, _ in state.control if not state.rt.is_sea(a) and state.controlling_side(a) == other(side)]
    best: dict[str, float] = {}
    for goal in goals:
        need = sum(clearing_points(state, u) for u in enemies(state, goal, side))
        worth = stake(state, goal) / (1.0 + need / EASE_POINTS)
        for area, steps in _distances(state, goal, side).items():
            value = worth / (1.0 + steps)
            if value > best.get(area, 0.0):
                best[area] = value
    return best


def _distances(state: State, start: str, side: str) -> dict[str, int]:
    """Steps from ``start`` to every area within :data:`PULL_REACH` that ``side`` may enter."""
    found = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if found[here] >= PULL_REACH:
            continue
        for there in neighbours(state, here, side):
            if there not in found and not closed(state, there, side):
                found[there] = found[here] + 1
                queue.append(there)
    return found


def danger(state: State, area: str, side: str) -> float:
    """Enemy strength next to ``area`` that its current defenders could not stop."""
    return state.memo(("bot-danger", area, side), lambda: _danger(state, area, side))


def _danger(state: State, area: str, side: str) -> float:
    threat = sum(strength_in(state, n, other(side)) for n in (area, *state.rt.map.neighbours(area)))
    return max(threat - strength_in(state, area, side), 0.0)

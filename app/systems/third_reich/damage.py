"""Damage: allocation, results and retreat (rulebook §11: TR-ALLOC-1, TR-ALLOC-2, TR-ALLOC-3, TR-ALLOC-4,
TR-ALLOC-5, TR-ALLOC-6, TR-DMG-1, TR-DMG-2, TR-DMG-3, TR-DMG-4, TR-DMG-5, TR-DMG-6, TR-DMG-7, TR-DMG-8, TR-RET-1,
TR-RET-2, TR-RET-3, TR-RET-4, TR-RET-5, TR-SUB-4, TR-FT-1)."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

from app.core.i18n import Text, t
from app.systems.third_reich.control import closed, control_units, friendly, neighbours
from app.systems.third_reich.messages import Happened
from app.systems.third_reich.movement import LAND_STACK, enemy_controls, garrison_blocked, minor_blocked
from app.systems.third_reich.names import unit_name
from app.systems.third_reich.runtime import DATA
from app.systems.third_reich.state import POOL, REMOVED, Pending, State, Unit

SEVERITY = {"none": 0, "flip": 1, "retreat": 2, "flip_retreat": 2, "pool": 5}
"""How bad each result is for its owner (the owner's allocation spreads points to keep this low)."""


@cache
def tables() -> dict[str, dict[str, list[str]]]:
    """The two damage tables (``data/damage.json``)."""
    raw = json.loads((DATA / "damage.json").read_text(encoding="utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def table_of(state: State, unit: Unit) -> str:
    """Land and surface ships use one table, air units and submarines the other (TR-DMG-1, TR-DMG-2)."""
    return "air_submarine" if state.cls(unit) in ("air", "submarine") else "land_naval"


def durability(state: State, unit: Unit) -> int:
    """Printed durability; a land unit at sea has 1 (TR-DMG-3)."""
    if state.cls(unit) == "land" and state.rt.map.contains(unit.loc) and state.rt.is_sea(unit.loc):
        return 1
    return state.design(unit).durability


def result(state: State, unit: Unit, points: int) -> str:
    """The result of ``points`` on ``unit``: by whole multiples of durability; the rest is lost (TR-DMG-4)."""
    row = tables()[table_of(state, unit)]["back" if unit.used else "front"]
    return row[min(points // durability(state, unit), len(row) - 1)]


def threshold(state: State, unit: Unit) -> int:
    """Points that send ``unit`` to the pool (TR-DMG-6)."""
    row = tables()[table_of(state, unit)]["back" if unit.used else "front"]
    return durability(state, unit) * (len(row) - 1)


def allocator(state: State, attackers: tuple[Unit, ...], targets: tuple[Unit, ...], attacker: str) -> tuple[str, str]:
    """Who allocates the damage and why: air units, then fortresses, then the highest attack, else the attacked
    side (TR-ALLOC-1, TR-ALLOC-3, TR-ALLOC-6). Returns (side, rule reason)."""
    defender = state.unit_side(targets[0]) or ("allied" if attacker == "axis" else "axis")
    everyone = (*attackers, *targets)
    for code, why in (("AF", "air units"), ("FT", "fortress")):
        sides = {state.unit_side(u) for u in everyone if state.design(u).type == code}
        if code == "FT" and len(sides) > 1:
            continue  # fortresses on both sides: the next criterion decides (OQ-TR-9)
        if sides:
            return (attacker if attacker in sides else defender), why
    best = max(state.design(u).attack for u in everyone)
    sides = {state.unit_side(u) for u in everyone if state.design(u).attack == best}
    if len(sides) == 1:
        return next(iter(sides)) or defender, "highest attack"
    return defender, "tie"


def allocate(
    state: State, points: int, targets: tuple[Unit, ...], by_attacker: bool, start: dict[str, int] | None = None
) -> dict[str, int]:
    """Share ``points`` among ``targets`` (on top of the points ``start`` already gave): used units first up to
    their elimination threshold (TR-ALLOC-2), no unit beyond its threshold (TR-ALLOC-4), leftover points lost
    (TR-ALLOC-5). The attacker concentrates on the strongest units; the owner spreads points where they do least
    harm (TR-DMG-7). This is the proposal a player allocating the damage may accept or change."""
    given = {u.id: (start or {}).get(u.id, 0) for u in targets}
    for phase in (tuple(u for u in targets if u.used), tuple(u for u in targets if not u.used)):
        share = _concentrate if by_attacker else _spread
        points = share(state, phase, points, given)
    return given


def _concentrate(state: State, units: tuple[Unit, ...], points: int, given: dict[str, int]) -> int:
    for unit in sorted(units, key=lambda u: (-state.design(u).attack, -state.design(u).air, u.id)):
        take = min(points, max(threshold(state, unit) - given[unit.id], 0))
        given[unit.id] += take
        points -= take
    return points


def _spread(state: State, units: tuple[Unit, ...], points: int, given: dict[str, int]) -> int:
    while points > 0:
        room = [u for u in units if given[u.id] < threshold(state, u)]
        if not room:
            return points

        def harm(u: Unit) -> tuple[int, int, str]:
            before = SEVERITY[result(state, u, given[u.id])]
            return SEVERITY[result(state, u, given[u.id] + 1)] - before, state.design(u).attack, u.id

        given[min(room, key=harm).id] += 1
        points -= 1
    return 0


def retreat_options(state: State, unit: Unit, only: str | None = None) -> list[str]:
    """Where ``unit`` may retreat: adjacent friendly areas without enemy control units, of its own kind, not over
    10 land units, the best first (TR-RET-1, TR-RET-2, TR-RET-4); then empty neutral areas, entered at the
    owner's choice as a violation (TR-VIOL-4); none for air units and submarines (TR-RET-5, TR-SUB-4)."""
    if state.cls(unit) in ("air", "submarine"):
        return []
    side = state.unit_side(unit) or ""
    choices = [only] if only is not None else list(neighbours(state, unit.loc, side))
    naval = state.cls(unit) == "naval"
    legal, neutral = [], []
    for area in choices:
        if state.rt.is_sea(area) != naval or closed(state, area, side):
            continue
        if minor_blocked(state, unit, area) or garrison_blocked(state, unit, area):
            continue
        land = sum(1 for u in state.in_area(area) if state.unit_side(u) == side and state.cls(u) == "land")
        if not naval and land + 1 > LAND_STACK:
            continue
        unheld = state.controller(area) is None  # a sea no one controls is not an enemy area (seed §11.5(1))
        if (friendly(state, area, side) or unheld) and not enemy_controls(state, area, side):
            legal.append(area)
        elif _empty_neutral(state, area):
            neutral.append(area)
    legal.sort(key=lambda a: (-len(control_units(state, a, side)), a))
    return legal + sorted(neutral)


def _empty_neutral(state: State, area: str) -> bool:
    nation = state.controller(area)
    return nation is not None and state.status_of(nation) == "neutral" and not state.in_area(area)


def retreat_area(state: State, unit: Unit, only: str | None = None) -> str | None:
    """The friendly area a retreat goes to when the owner has no opinion (the default), if any."""
    side = state.unit_side(unit) or ""
    found = [a for a in retreat_options(state, unit, only) if friendly(state, a, side)]
    return found[0] if found else None


def apply_results(state: State, given: dict[str, int], only: str | None = None) -> tuple[State, list[Happened]]:
    """Apply each unit's result; an impossible retreat sends it to the pool, a fortress leaves the game
    (TR-DMG-5, TR-RET-3, TR-DMG-8, TR-FT-1); where the owner has a choice of retreat, a decision of his is put
    on the stack (the unit waits where it is). Returns the state and one event per unit that suffered, with the
    rule behind its result."""
    events: list[Happened] = []
    asks: list[Pending] = []
    for unit_id, points in given.items():
        unit = state.unit(unit_id)
        outcome = result(state, unit, points)
        if outcome == "none":
            continue
        rule = "TR-DMG-2" if table_of(state, unit) == "air_submarine" else "TR-DMG-1"
        after = replace(unit, used=True)
        if outcome in ("retreat", "flip_retreat"):
            options = retreat_options(state, unit, only)
            if len(options) > 1 or (options and retreat_area(state, unit, only) is None):
                asks.append(Pending("retreat", state.unit_side(unit) or "", units=(unit.id,), origin=only or ""))
            elif options:
                after = replace(after, loc=options[0])
            else:
                outcome, rule = "pool", "TR-DMG-5"
        if outcome == "pool":
            fortress = state.design(unit).type == "FT"
            rule = "TR-DMG-8" if fortress else rule
            after = replace(unit, loc=REMOVED if fortress else POOL, used=False)
        state = state.with_units({unit.id: after})
        name = unit_name(state, unit.id)
        text = t("{unit}: {points} points, {result}", unit=name, points=points, result=RESULT_TEXT[outcome])
        events.append(Happened(text=text, rule_id=rule))
    return replace(state, stack=(*asks, *state.stack)), events


RESULT_TEXT = {
    "flip": t("flipped to used"),
    "retreat": t("retreats"),
    "flip_retreat": t("flipped and retreats"),
    "pool": t("to the pool"),
}


def result_text(outcome: str) -> Text:
    """A result of the damage tables in words."""
    return RESULT_TEXT.get(outcome, t("no damage result"))

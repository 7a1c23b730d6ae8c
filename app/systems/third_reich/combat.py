"""Attacks (rulebook §9, §11.1, §15.2: TR-ATK-1, TR-ATK-2, TR-AIRATK-1, TR-AIRATK-2, TR-AIRATK-3, TR-AIRATK-4,
TR-HIT-1, TR-HIT-2, TR-WIN-1, TR-CA-4)."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import app.systems.third_reich.allocation as alloc_rules
from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import Text, t
from app.core.messages import Event
from app.core.ruling import DieResult, Modifier, Ruling
from app.systems.third_reich.control import closed, friendly, neighbours
from app.systems.third_reich.damage import allocator
from app.systems.third_reich.messages import Attack, AttackResolved
from app.systems.third_reich.movement import group_area
from app.systems.third_reich.names import group_name, side_name
from app.systems.third_reich.nations import violate
from app.systems.third_reich.state import State, Unit, other

WHY = {
    "air units": t("air units in the combat"),
    "fortress": t("a fortress in the area"),
    "highest attack": t("the highest attack value"),
    "tie": t("the attacked side on a tie"),
}
"""Why a side allocates the damage (TR-ALLOC-1)."""


def enemies(state: State, area: str, side: str) -> tuple[Unit, ...]:
    """Units of the other side's belligerents in ``area``."""
    return tuple(u for u in state.in_area(area) if state.unit_side(u) == other(side))


def can_attack_here(state: State, unit: Unit, side: str) -> bool:
    """Where a unit may make a normal attack: land units on land, air units in friendly land areas, ships and
    submarines at sea (TR-ATK-2)."""
    sea = state.rt.is_sea(unit.loc)
    cls = state.cls(unit)
    if cls == "land":
        return not sea
    if cls == "air":
        return not sea and friendly(state, unit.loc, side)
    return sea


def soviet_winter(state: State, area: str) -> bool:
    """No air attacks in Soviet home areas on winter turns (TR-WIN-1, TR-AIRATK-4)."""
    return state.winter() and state.rt.area(area).nation == "SU"


def air_range(state: State, group: tuple[Unit, ...], side: str, bonus: int = 0) -> set[str]:
    """Areas an air attack may strike: its own and adjacent areas; air units based on land reach land areas up
    to their movement away, not through closed areas (TR-AIRATK-1, TR-AIRATK-2)."""
    start = group[0].loc
    near = {start, *neighbours(state, start, side)}
    if state.rt.is_sea(start) or any(state.cls(u) != "air" for u in group):
        return near
    reach = min(state.design(u).movement for u in group) + bonus
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(state, here, side):
            if there not in seen and seen[here] < reach:
                seen[there] = seen[here] + 1
                if not closed(state, there, side):  # units in a closed area may be struck, not through it
                    queue.append(there)
    return near | {a for a in seen if not state.rt.is_sea(a)}


def overflown(state: State, group: tuple[Unit, ...], side: str, target: str, bonus: int = 0) -> list[str]:
    """Neutral areas a land-based air attack on a distant ``target`` passes over (TR-VIOL-1: passing over a
    neutral during an air attack violates it, seed §3.1.3(1)). The route is the one within range that crosses the
    fewest neutral areas, then the shortest, then the first in map order."""
    start = group[0].loc
    if target == start or target in neighbours(state, start, side) or any(state.cls(u) != "air" for u in group):
        return []
    reach = min(state.design(u).movement for u in group) + bonus
    best: dict[str, tuple[int, tuple[str, ...]]] = {start: (0, ())}
    for _ in range(reach):
        nxt = dict(best)
        for here, (count, path) in best.items():
            if here == target:
                continue
            for there in neighbours(state, here, side):
                if closed(state, there, side):
                    continue
                cand = (count + (there != target and _neutral(state, there)), (*path, there))
                old = nxt.get(there)
                if old is None or (cand[0], len(cand[1])) < (old[0], len(old[1])):
                    nxt[there] = cand
        best = nxt
    route = best.get(target, (0, ()))[1]
    return [a for a in route[:-1] if _neutral(state, a)]


def overfly(state: State, group: tuple[Unit, ...], side: str, target: str, bonus: int = 0) -> tuple[State, list[Event]]:
    """Each neutral the air attack passes over joins the other side (TR-VIOL-1, see :func:`overflown`)."""
    events: list[Event] = []
    for area in overflown(state, group, side, target, bonus):
        state, more = violate(state, area, side, group)
        events += more
    return state, events


def _neutral(state: State, area: str) -> bool:
    nation = state.controller(area)
    return nation is not None and state.status_of(nation) == "neutral"


def attack_targets(state: State, group: tuple[Unit, ...], side: str, air: bool, bonus: int = 0) -> list[str]:
    """Areas the group may attack now (normal: its own; air: in range)."""
    area = group[0].loc
    if not air:
        ok = all(can_attack_here(state, u, side) for u in group)
        return [area] if ok and enemies(state, area, side) else []
    if any(state.design(u).air <= 0 for u in group):
        return []
    found = air_range(state, group, side, bonus)
    return sorted(a for a in found if enemies(state, a, side) and not soviet_winter(state, a))


def check_attack(state: State, command: Attack, side: str, bonus: int = 0) -> tuple[Unit, ...]:
    """The attacking group of a legal attack (IllegalCommandError with the rule otherwise)."""
    group_area(state, command.units, side)
    group = tuple(state.unit(u) for u in command.units)
    if command.target not in attack_targets(state, group, side, command.air, bonus):
        rule = "TR-AIRATK-2" if command.air else "TR-ATK-2"
        raise IllegalCommandError(t("The group cannot attack {area}.", area=state.rt.name(command.target)), rule)
    return group


def hit_value(state: State, unit: Unit, air: bool) -> int:
    """Air strength for air attacks and for air units; attack otherwise (TR-HIT-1)."""
    design = state.design(unit)
    return design.air if air or state.cls(unit) == "air" else design.attack


def hit_odds(state: State, group: tuple[Unit, ...], air: bool, double: bool = False) -> list[float]:
    """The exact distribution of damage points: entry ``k`` is the chance of ``k`` points (TR-HIT-1, TR-CA-4)."""
    dist = [1.0]
    for unit in group:
        p = min(max(hit_value(state, unit, air), 0), 6) / 6
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    if not double:
        return dist
    out = [0.0] * (2 * len(dist) - 1)
    for k, q in enumerate(dist):
        out[2 * k] = q
    return out


def _damage(
    state: State,
    attackers: tuple[Unit, ...],
    targets: tuple[Unit, ...],
    side: str,
    *,
    points: int,
    retreat_to: str | None,
    then: str,
) -> tuple[State, list[Text], list[Event]]:
    """Allocate and apply ``points`` (TR-ALLOC-1, TR-DMG-1), or ask the allocating player when he has a choice;
    the notes say who allocates, why, and each result."""
    if not targets or not points:
        return state, [], []
    chooser, why = allocator(state, attackers, targets, side)
    current = tuple(state.unit(u.id) for u in targets)
    state, events = alloc_rules.start(state, chooser, current, points, retreat_to=retreat_to, then=then)
    head = t("Damage allocated by the {side} ({why}).", side=side_name(chooser), why=WHY[why])
    return state, [head, *(e.text for e in events)], list(events)


def _purpose(state: State, attackers: tuple[Unit, ...], targets: tuple[Unit, ...], air: bool) -> Text:
    """What the dice are for, as table mode asks for them: the area, and each die's hit number in order."""
    area = (targets or attackers)[0].loc
    values = ", ".join(str(hit_value(state, u, air)) for u in attackers)
    return t(
        "attack in {area} by {units}, one die each; hits at or under {values}",
        area=state.rt.name(area),
        units=group_name(state, tuple(u.id for u in attackers)),
        values=values,
    )


def resolve(
    state: State,
    attackers: tuple[Unit, ...],
    targets: tuple[Unit, ...],
    side: str,
    roller: Roller,
    *,
    air: bool = False,
    double: bool = False,
    retreat_to: str | None = None,
    then: str = "",
    times: int = 1,
) -> tuple[State, list[Event]]:
    """Roll one die per attacker, apply the damage points to ``targets`` by the allocation rules, and flip the
    attackers (TR-HIT-1, TR-HIT-2, TR-ATK-1, TR-AIRATK-3, TR-CA-4). Returns the state, the roll's event first, then
    each damaged unit's result (or the allocating player's question, ``then`` going on after it). ``times``: two
    attacks declared together roll twice and sum their points (TR-QA-2, TR-HIT-3)."""
    rolling = attackers * times
    rolls = roller.roll(len(rolling), _purpose(state, rolling, targets, air))
    dice = tuple(
        DieResult(natural=r, modified=r, success=r <= hit_value(state, u, air))
        for r, u in zip(rolls, rolling, strict=True)
    )
    hits = sum(1 for d in dice if d.success)
    points = hits * (2 if double else 1)
    state = state.with_units({u.id: replace(state.unit(u.id), used=True) for u in attackers})
    state, notes, results = _damage(state, attackers, targets, side, points=points, retreat_to=retreat_to, then=then)
    modifiers = (Modifier(value=0, reason=t("counterattack: damage doubled"), rule_id="TR-CA-4"),) if double else ()
    ruling = Ruling(
        title=t("Attack by {units}", units=group_name(state, tuple(u.id for u in attackers))),
        rule_id="TR-HIT-1",
        dice=dice,
        modifiers=modifiers,
        result=t("{hits} hits, {points} damage points", hits=hits, points=points),
        notes=tuple(notes),
    )
    text = t("Attack: {hits} hits, {points} damage points.", hits=hits, points=points)
    fought = AttackResolved(text=text, ruling=ruling, rule_id="TR-HIT-1", hits=hits, points=points)
    return state, [fought, *results]

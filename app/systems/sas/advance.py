"""The Axis Advance and Axis Attack phases.

Rulebook chapters: §13 Axis Advance (SAS-ADV-1..7 Stealth, SAS-ADVB-1..5 Battle) and §16 Axis Attack
(SAS-AATK-1..6). Advancing infantry move by the shortest path counting 2 MP per climb (SAS-ADV-5) to a *best
attack position* — short range, no cover modifier, the operator visible (SAS-ADV-4) — against the nearest
exposed operator, else another; failing both they close on the nearest exposed operator with all their MP.
Units that only turn (sentries, officers) use OQ-68. Solo tie rules (docs/sas-decisions.md D-ADV-1): among
equal squares the cheaper, then the one nearer the operator, then the top-left one; among equal targets the
one with less cover, then the nearer, then team order (OQ-66).
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from app.core.i18n import t
from app.geometry.paths import costs_from
from app.systems.sas import alerts, combat, items, jager_markers, marks
from app.systems.sas.context import Ctx
from app.systems.sas.facing import facing_toward
from app.systems.sas.movement import axis_step_cost, empty
from app.systems.sas.state import OperatorState, SasState, UnitState
from app.systems.sas.vision import sees_op

Cell = tuple[int, int]
ADVANCING_STEALTH = ("patrolman", "sentry", "guard")
ADVANCING_BATTLE = ("patrolman", "guard", "spawned")


def exposed(state: SasState) -> list[OperatorState]:
    """Exposed operators on the map."""
    return [o for o in state.active_ops() if o.exposed]


def _near(unit: UnitState, ops: list[OperatorState]) -> int:
    return min(combat.dist(unit.loc, o.loc) for o in ops if o.loc is not None)


def mode(state: SasState, unit: UnitState) -> str | None:
    """ "advance", "turn" or None: what the unit does this Advance phase (SAS-ADV-1/2, SAS-ADVB-1..4)."""
    if unit.cigarette or (unit.on_spawn and state.section == "stealth") or not unit.alert:
        return None
    if unit.kind not in state.rt.tables.units:  # vehicles advance by the vehicle rules (SAS-AVEH-9)
        return None
    if unit.role == "officer":
        return "turn"
    if state.section == "stealth":
        return "advance" if unit.role in ADVANCING_STEALTH else None
    if unit.role == "sentry":
        others = [u for u in state.units if u.role in ADVANCING_BATTLE]
        return "turn" if others else "advance"
    return "advance"


def advancers(state: SasState) -> list[UnitState]:
    """Units still to act this phase, nearest to the exposed operators first (SAS-ADV-4)."""
    ops = exposed(state)
    if not ops:
        return []
    hunted = state.hunter.hunters if state.hunter is not None else ()  # the hunter moves his own (SAS-JGR-14)
    todo = [u for u in state.units if u.id not in state.done and u.id not in hunted and mode(state, u) is not None]
    return sorted(todo, key=lambda u: (_near(u, ops), u.id))


def can_attack(state: SasState, unit: UnitState, op: OperatorState) -> bool:
    """The unit sees the operator within its long range (SAS-AATK-1)."""
    assert op.loc is not None
    stats = state.rt.tables.units.get(unit.kind)
    if stats is None:  # vehicles attack by the vehicle rules (SAS-AVEH-10)
        return False
    return combat.dist(unit.loc, op.loc) <= stats.long and sees_op(state, unit, op)


def best_position(state: SasState, unit: UnitState, at: Cell, op: OperatorState) -> bool:
    """Short range, no cover modifier, the operator visible from ``at`` (SAS-ADV-4)."""
    assert op.loc is not None
    stats = state.rt.tables.units[unit.kind]
    if combat.dist(at, op.loc) > stats.short or at == op.loc:
        return False
    there = replace(unit, loc=at, facing=facing_toward(at, op.loc, unit.facing))
    return sees_op(state, there, op) and combat.cover(state.rt, at, op.loc) is None


def route(state: SasState, start: Cell, to: Cell, budget: float) -> list[Cell]:
    """The squares an advancing unit walks through from ``start`` to ``to``: a cheapest path, at each step the
    cheapest next square, ties top-left (D-EQ-2)."""
    rev = costs_from(state.rt.grid, to, lambda a, b: axis_step_cost(state, b, a), max_cost=budget)  # type: ignore[arg-type]
    path, here = [], start
    while here != to:
        options = []
        for n in state.rt.grid.neighbours(here):
            cost = axis_step_cost(state, here, n)
            if n in rev and cost is not None:
                options.append((rev[n] + cost, n[1], n[0]))
        if not options:
            break
        _total, y, x = min(options)
        here = (x, y)
        path.append(here)
    return path


def move_unit(ctx: Ctx, unit: UnitState, to: Cell, face: Cell, *, rule: str, why: str) -> None:
    """Move an Axis unit on foot to ``to`` by a cheapest path, facing toward ``face``; a trap or landmine on a square
    it crosses goes off there (SAS-EQ-4/8, D-EQ-2); in Jäger mode the doors and cats it passes react
    (SAS-JGR-8/10)."""
    start = unit.loc
    devices = {o.loc for o in ctx.state.objects if o.kind in ("trap", "landmine")}
    watch = jager_markers.watching(ctx.state)
    path: list[Cell] = []
    if (devices or watch) and to != unit.loc:
        move = ctx.state.rt.tables.units[unit.kind].move
        path = route(ctx.state, unit.loc, to, move)
        crossed = [c for c in path[:-1] if c in devices]
        if crossed:
            _place_unit(ctx, unit, crossed[0], face, rule=rule, why=why)
            if items.stepped_on(ctx, unit.id) or (moved := ctx.state.unit(unit.id)) is None:
                return
            unit = moved
    _place_unit(ctx, unit, to, face, rule=rule, why=why)
    if watch:
        jager_markers.axis_moved(ctx, unit.id, [start, *path] if path else [start, to])


def _place_unit(ctx: Ctx, unit: UnitState, to: Cell, face: Cell, *, rule: str, why: str) -> None:
    facing = facing_toward(to, face, unit.facing)
    ctx.state = ctx.state.with_unit(unit.id, loc=to, facing=facing, on_spawn=to in ctx.state.rt.spawn_cells)
    sq = ctx.label(to)
    ctx.emit(
        "unit_moved",
        t("{unit} advances to {sq}, facing {facing} ({why}).", unit=ctx.name(unit.id), sq=sq, facing=facing, why=why),
        rule,
        (unit.loc, to),
        instruction=t("Move {unit} to {sq}, facing {facing}.", unit=ctx.name(unit.id), sq=sq, facing=facing),
    )


def _field(state: SasState, goal: Cell) -> dict[Cell, float]:
    """MP needed from every square to ``goal`` (cached per board, goal and templates)."""
    key = ("field", goal, state.templates)
    cache = state.rt.cache
    if key not in cache:
        cache[key] = costs_from(state.rt.grid, goal, lambda a, b: axis_step_cost(state, b, a))  # type: ignore[arg-type]
    return cache[key]  # type: ignore[no-any-return]


def advance_unit(ctx: Ctx, unit: UnitState) -> None:
    """Move one advancing unit by the priorities of SAS-ADV-4 (D-ADV-1 ties)."""
    state = ctx.state
    ops = sorted(exposed(state), key=lambda o: (combat.dist(unit.loc, o.loc), o.id))  # type: ignore[arg-type]
    move = state.rt.tables.units[unit.kind].move
    reach = cast(
        dict[Cell, float],
        costs_from(state.rt.grid, unit.loc, lambda a, b: axis_step_cost(state, a, b), max_cost=move),  # type: ignore[arg-type]
    )
    spots = {c: v for c, v in reach.items() if c == unit.loc or (empty(state, c) and c not in state.rt.spawn_cells)}
    for rank, op in enumerate(ops):
        assert op.loc is not None
        good = [c for c in spots if best_position(state, unit, c, op)]
        if good:
            best = min(good, key=lambda c: (spots[c], combat.dist(c, op.loc), c[1], c[0]))  # type: ignore[arg-type]
            why = (
                "best attack position vs the nearest exposed operator"
                if rank == 0
                else "best attack position vs another exposed operator"
            )
            move_unit(ctx, unit, best, op.loc, rule="SAS-ADV-4", why=why)
            return
    target = ops[0].loc
    assert target is not None
    field = _field(state, target)
    best = min(spots, key=lambda c: (field.get(c, 1e9), -spots[c], c[1], c[0]))
    move_unit(ctx, unit, best, target, rule="SAS-ADV-4", why="closing on the nearest exposed operator")


def turn_unit(ctx: Ctx, unit: UnitState) -> None:
    """Sentries and officers turn: to attack the nearest exposed operator, another, else face the nearest (OQ-68)."""
    ops = sorted(exposed(ctx.state), key=lambda o: (combat.dist(unit.loc, o.loc), o.id))  # type: ignore[arg-type]
    for op in ops:
        assert op.loc is not None
        facing = facing_toward(unit.loc, op.loc, unit.facing)
        if can_attack(ctx.state, replace(unit, facing=facing), op):
            combat.turn_to(ctx, unit.id, op.loc, "SAS-ADVB-3")
            return
    combat.turn_to(ctx, unit.id, ops[0].loc, "SAS-ADVB-3")  # type: ignore[arg-type]


def advance_step(ctx: Ctx) -> bool:
    """Play the next unit of the Advance phase; False when none is left."""
    todo = advancers(ctx.state)
    if not todo:
        return False
    unit = todo[0]
    ctx.state = replace(ctx.state, done=ctx.state.done | {unit.id})
    if mode(ctx.state, unit) == "advance":
        advance_unit(ctx, unit)
        items.stepped_on(ctx, unit.id)  # traps and mines (SAS-EQ-4, SAS-EQ-8)
    else:
        turn_unit(ctx, unit)
    marks.fire(ctx)  # before the unit can spot anyone (SAS-MARK-3, D-MARK-1)
    alerts.detect(ctx)
    return True


def attackers(state: SasState) -> list[UnitState]:
    """Alert units on the map with an exposed operator in range and sight (SAS-AATK-1)."""
    ops = exposed(state)
    ready = [u for u in state.map_units() if u.alert and u.id not in state.done]
    ready = [u for u in ready if any(can_attack(state, u, o) for o in ops)]
    return sorted(ready, key=lambda u: (_near(u, ops), u.id)) if ops else []


def attack_step(ctx: Ctx) -> bool:
    """Next unit of the Attack phase attacks its best target: less cover, then nearer (SAS-AATK-3, OQ-66)."""
    todo = attackers(ctx.state)
    if not todo:
        return False
    unit = todo[0]
    ctx.state = replace(ctx.state, done=ctx.state.done | {unit.id})
    targets = [o for o in exposed(ctx.state) if can_attack(ctx.state, unit, o)]

    def rank(op: OperatorState) -> tuple[int, int, int]:
        assert op.loc is not None
        found = combat.cover(ctx.state.rt, unit.loc, op.loc)
        return (
            -(found[0] if found else 0),
            combat.dist(unit.loc, op.loc),
            [o.id for o in ctx.state.operators].index(op.id),
        )

    combat.axis_attack(ctx, unit.id, min(targets, key=rank).id, reaction=False)
    return True

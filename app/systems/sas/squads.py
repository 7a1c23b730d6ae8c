"""How the special Axis infantry advance, and the HMG team's fire through a wall.

Rulebook chapters: §19.2 mortar team (SAS-UNIT-5/6: in the Axis Advance phase it spends all its MP toward the
nearest outdoor sentry point; in the turn it gets there, a rifleman on the point is removed to make room and the
mortar flips to its attack side), SAS-UNIT-12 HMG team and SAS-KS-2 sniper (the infantry advancing rules, but they
stop at the first square from which they can attack, not looking for the best one), SAS-KS-1 Panzerfaust and grenade
infantry (they stop as soon as an exposed operator is within their blast's range, 8 / 6), and SAS-AATK-7 /
SAS-UNIT-12 (an HMG fires through one wall, and only one, at an exposed operator inside a building within its range
and arc). Solo choices: docs/sas-decisions.md D-MORTAR-1, D-HMG-1, D-KS-1.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.geometry.los import trace
from app.geometry.paths import costs_from
from app.systems.sas import advance, artillery, combat
from app.systems.sas.context import Ctx
from app.systems.sas.facing import facing_toward
from app.systems.sas.mission import SasRuntime
from app.systems.sas.movement import axis_step_cost
from app.systems.sas.state import OperatorState, SasState, UnitState
from app.systems.sas.tables import UnitStats
from app.systems.sas.vision import in_arc, sees_op

Cell = tuple[int, int]
WALLS = ("building_wall", "door", "window")  # the walls of a building (SAS-TER-10..12)


def move(ctx: Ctx, unit: UnitState) -> bool:
    """Move a special infantry unit by its own rules; False for units that use the ordinary ones (SAS-ADVB-1)."""
    stats: UnitStats = ctx.state.rt.tables.units[unit.kind]
    if stats.advance == "best":
        return False
    if stats.advance == "sentry_point":
        _mortar(ctx, unit)
    else:
        _stop_early(ctx, unit, stats)
    return True


# --- mortar team (SAS-UNIT-6) ---------------------------------------------------------------------------------


def sentry_points(state: SasState, unit: UnitState) -> list[Cell]:
    """Outdoor sentry points the mortar may set up on: no operator there, and no unit but a rifleman (D-MORTAR-1)."""
    out = []
    for loc in state.rt.sentry_points:
        other = state.unit_at(loc)
        if artillery.inside(state, loc) or state.op_at(loc) is not None:
            continue
        if other is None or other.id == unit.id or other.kind == "rifle":
            out.append(loc)
    return out


def _mortar(ctx: Ctx, unit: UnitState) -> None:
    """All its MP toward the nearest outdoor sentry point; there it removes a rifleman and sets up (SAS-UNIT-6)."""
    state = ctx.state
    cost = costs_from(state.rt.grid, unit.loc, lambda a, b: axis_step_cost(state, a, b))  # type: ignore[arg-type]
    points = [p for p in sentry_points(state, unit) if p in cost]
    if not points:
        _set_up(ctx, unit, "no outdoor sentry point it can reach")
        return
    point = min(points, key=lambda p: (cost[p], p[1], p[0]))
    face = _nearest_op(state, point)
    if cost[point] <= state.rt.tables.units[unit.kind].move:
        sentry = state.unit_at(point)
        if sentry is not None and sentry.id != unit.id:
            ctx.state = ctx.state.without_units([sentry.id])
            ctx.emit(
                "unit_removed",
                t("{unit} makes room for the mortar team.", unit=ctx.name(sentry.id)),
                "SAS-UNIT-6",
                (point,),
                instruction=t("Remove {unit} from {sq}.", unit=ctx.name(sentry.id), sq=ctx.label(point)),
            )
        why = "reaches the nearest outdoor sentry point"
        advance.move_unit(ctx, unit, point, face or point, rule="SAS-UNIT-6", why=why)
        moved = ctx.state.unit(unit.id)
        if moved is not None:
            _set_up(ctx, moved, "on the sentry point")
        return
    spots = advance.reachable(state, unit)
    field = costs_from(state.rt.grid, point, lambda a, b: axis_step_cost(state, b, a))  # type: ignore[arg-type]
    best = min(spots, key=lambda c: (field.get(c, 1e9), -spots[c], c[1], c[0]))
    why = f"toward the outdoor sentry point {ctx.label(point)}"
    advance.move_unit(ctx, unit, best, point, rule="SAS-UNIT-6", why=why)


def _nearest_op(state: SasState, loc: Cell) -> Cell | None:
    ops = sorted(advance.exposed(state), key=lambda o: (combat.dist(loc, o.loc), o.id))  # type: ignore[arg-type]
    return ops[0].loc if ops else None


def _set_up(ctx: Ctx, unit: UnitState, why: str) -> None:
    """Flip the mortar team to its attack side (SAS-UNIT-5/6)."""
    ctx.state = ctx.state.with_unit(unit.id, mode="attack")
    name, sq = ctx.name(unit.id), ctx.label(unit.loc)
    ctx.emit(
        "mortar_set_up",
        t("{unit} sets up at {sq} ({why}).", unit=name, sq=sq, why=why),
        "SAS-UNIT-6",
        (unit.loc,),
        instruction=t("Flip {unit} at {sq} to its attack side.", unit=name, sq=sq),
    )


# --- units that stop early (SAS-UNIT-12, SAS-KS-1/2) ----------------------------------------------------------


def _stop_early(ctx: Ctx, unit: UnitState, stats: UnitStats) -> None:
    """The ordinary advance, cut short at the first square of the way where it can attack (HMG team, sniper) or
    where an exposed operator is within its blast's range (Panzerfaust / grenade infantry) (D-HMG-1, D-KS-1)."""
    state = ctx.state
    rule = "SAS-UNIT-12" if unit.kind == "hmg_team" else "SAS-KS-1" if stats.blast else "SAS-KS-2"
    here = position_for(state, unit, unit.loc, stats)
    if here is not None:
        assert here.loc is not None
        combat.turn_to(ctx, unit.id, here.loc, rule)
        name, target = ctx.name(unit.id), ctx.name(here.id)
        ctx.emit(
            "unit_holds",
            t("{unit} stays at {sq}: it can attack {op} from here.", unit=name, sq=ctx.label(unit.loc), op=target),
            rule,
            (unit.loc,),
        )
        return
    best, face, why = advance.destination(state, unit)
    spots = advance.reachable(state, unit)
    for square in advance.route(state, unit.loc, best, stats.move):
        op = position_for(state, unit, square, stats) if square in spots else None
        if op is not None and square != best:
            assert op.loc is not None
            why = f"the first square from which it can attack {op.id}"
            advance.move_unit(ctx, unit, square, op.loc, rule=rule, why=why)
            return
    advance.move_unit(ctx, unit, best, face, rule="SAS-ADV-4", why=why)


def position_for(state: SasState, unit: UnitState, at: Cell, stats: UnitStats) -> OperatorState | None:
    """The nearest exposed operator the unit could attack from ``at`` once turned toward him (SAS-UNIT-12,
    SAS-KS-2), or — for a blast unit — the nearest within its blast's range (SAS-KS-1); None if none."""
    ops = sorted(advance.exposed(state), key=lambda o: (combat.dist(at, o.loc), o.id))  # type: ignore[arg-type]
    for op in ops:
        assert op.loc is not None
        if stats.blast is not None:
            if stats.blast.long is not None and combat.dist(at, op.loc) <= stats.blast.long:
                return op
            continue
        there = replace(unit, loc=at, facing=facing_toward(at, op.loc, unit.facing))
        if advance.can_attack(state, there, op) or wall_shot(state, there, op):
            return op
    return None


# --- fire through a wall (SAS-AATK-7, SAS-UNIT-12) ------------------------------------------------------------


def wall_shot(state: SasState, unit: UnitState, op: OperatorState) -> bool:
    """Whether the unit's HMG may fire through one wall at this exposed operator inside a building: in range, in
    its arc, not in its LOS (then it is a normal attack), exactly one wall between (SAS-AATK-7, SAS-UNIT-12)."""
    stats: UnitStats | None = state.rt.tables.units.get(unit.kind)
    if stats is None or not stats.through_wall or op.loc is None or not op.exposed or unit.on_spawn:
        return False
    if not artillery.inside(state, op.loc) or combat.dist(unit.loc, op.loc) > stats.long:
        return False
    if not in_arc(unit.loc, unit.facing, op.loc, stats.long) or sees_op(state, unit, op, combat.reach(stats)):
        return False
    return walls_between(state.rt, unit.loc, op.loc) == 1


def walls_between(rt: SasRuntime, a: Cell, b: Cell) -> int | None:
    """How many building walls the line from ``a`` to ``b`` crosses; None if anything else blocks it (a forest,
    rock, high wall...). At a corner the way round with fewer walls counts (OQ-9)."""
    walls = 0
    for crossing in trace(rt.grid, a, b).crossings:
        locs: tuple[Cell, ...] = crossing.locs  # type: ignore[assignment]
        if crossing.kind == "cell":
            if rt.tables.terrain.squares[rt.grid.terrain(locs[0])].los != "clear":
                return None
            continue
        if crossing.kind == "edge":
            found = _edge_walls(rt, locs[0], locs[1])
        else:
            ways = [_corner_walls(rt, locs[0], via, locs[-1], (a, b)) for via in locs[1:-1]]
            found = min((w for w in ways if w is not None), default=None)
        if found is None:
            return None
        walls += found
    return walls


def _corner_walls(rt: SasRuntime, first: Cell, via: Cell, last: Cell, ends: tuple[Cell, Cell]) -> int | None:
    if not rt.grid.contains(via):
        return None
    if via not in ends and rt.tables.terrain.squares[rt.grid.terrain(via)].los != "clear":
        return None
    one, two = _edge_walls(rt, first, via), _edge_walls(rt, via, last)
    return None if one is None or two is None else one + two


def _edge_walls(rt: SasRuntime, p: Cell, q: Cell) -> int | None:
    walls = 0
    for feature in rt.grid.edge_between(p, q):
        effect = rt.tables.terrain.edges.get(feature.kind)
        if effect is None or effect.los == "clear":
            continue
        if feature.kind not in WALLS:
            return None
        walls += 1
    return walls

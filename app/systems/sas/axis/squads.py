"""How the special Axis infantry advance, and the HMG team's fire through a wall.

Rulebook chapters: §19.2 mortar team (SAS-UNIT-5, SAS-UNIT-6: in the Axis Advance phase it spends all its MP toward the
nearest outdoor sentry point; in the turn it gets there, a rifleman on the point is removed to make room and the
mortar flips to its attack side), SAS-UNIT-12 HMG team and SAS-KS-2 sniper (the infantry advancing rules, but they
stop at the first square from which they can attack, not looking for the best one), SAS-KS-1 Panzerfaust and grenade
infantry (they stop as soon as an exposed operator is within their blast's range, 8 / 6), and SAS-AATK-7 /
SAS-UNIT-12 (an HMG fires through one wall, and only one, at an exposed operator inside a building within its range
and arc). Solo choices: docs/sas-decisions.md D-MORTAR-1, D-HMG-1, D-KS-1.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.core.ruling import Ruling
from app.geometry.los import trace
from app.geometry.paths import costs_from
from app.systems.sas.axis import advance, artillery
from app.systems.sas.board.facing import facing_toward
from app.systems.sas.board.movement import axis_step_cost
from app.systems.sas.board.rooms import fires, room_of, set_fire
from app.systems.sas.board.vision import in_arc, sees_op
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.state import OperatorState, SasRuntime, SasState, UnitState
from app.systems.sas.tables import UnitStats

Cell = tuple[int, int]
FIRE_TARGET = 2  # each fire marker: 1 roll at 2+ (SAS-HD-3, SAS-BLAST-2)


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
        _set_up(ctx, unit, t("no outdoor sentry point it can reach"))
        return
    point = min(points, key=lambda p: (cost[p], p[1], p[0]))
    face = _nearest_op(state, point)
    if cost[point] <= state.rt.tables.units[unit.kind].move:
        sentry = state.unit_at(point)
        if sentry is not None and sentry.id != unit.id:
            name = ctx.name(sentry.id)  # named while on the board (its square), not by its id
            ctx.state = ctx.state.without_units([sentry.id])
            ctx.emit(
                "unit_removed",
                t("{unit} makes room for the mortar team.", unit=name),
                "SAS-UNIT-6",
                (point,),
                instruction=t("Remove {unit} from {sq}.", unit=name, sq=ctx.label(point)),
            )
        why = t("reaches the nearest outdoor sentry point")
        advance.move_unit(ctx, unit, point, face or point, rule="SAS-UNIT-6", why=why)
        moved = ctx.state.unit(unit.id)
        if moved is not None:
            _set_up(ctx, moved, t("on the sentry point"))
        return
    spots = advance.reachable(state, unit)
    field = costs_from(state.rt.grid, point, lambda a, b: axis_step_cost(state, b, a))  # type: ignore[arg-type]
    best = min(spots, key=lambda c: (field.get(c, 1e9), -spots[c], c[1], c[0]))
    why = t("toward the outdoor sentry point {sq}", sq=ctx.label(point))
    advance.move_unit(ctx, unit, best, point, rule="SAS-UNIT-6", why=why)


def _nearest_op(state: SasState, loc: Cell) -> Cell | None:
    ops = sorted(advance.exposed(state), key=lambda o: (combat.dist(loc, o.loc), o.id))  # type: ignore[arg-type]
    return ops[0].loc if ops else None


def _set_up(ctx: Ctx, unit: UnitState, why: Text) -> None:
    """Flip the mortar team to its attack side (SAS-UNIT-5, SAS-UNIT-6)."""
    ctx.state = ctx.state.with_unit(unit.id, mode="attack")
    name, sq = ctx.name(unit.id), ctx.label(unit.loc)
    ctx.emit(
        "mortar_set_up",
        t("{unit} sets up at {sq} ({why}).", unit=name, sq=sq, why=why),
        "SAS-UNIT-6",
        (unit.loc,),
        instruction=t("Flip {unit} to its attack side.", unit=name),
    )


# --- units that stop early (SAS-UNIT-12, SAS-KS-1, SAS-KS-2) ----------------------------------------------------------


def _stop_early(ctx: Ctx, unit: UnitState, stats: UnitStats) -> None:
    """The ordinary advance, cut short at the first square of the way where it can attack (HMG team, sniper) or
    where an exposed operator is within its blast's range (Panzerfaust / grenade infantry): of the squares on a
    cheapest way to where an SMG would go, the one it reaches for the fewest MP, then the one most directly toward
    the operator, then top-left (D-HMG-1, D-KS-1)."""
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
    free = stats.free_climb
    back = costs_from(state.rt.grid, best, lambda a, b: axis_step_cost(state, b, a, free), max_cost=spots[best])  # type: ignore[arg-type]
    on_way = [c for c in spots if c != best and c in back and spots[c] + back[c] <= spots[best]]
    found = [(c, op) for c in on_way if (op := position_for(state, unit, c, stats)) is not None]
    if found:
        square, op = min(found, key=lambda f: (spots[f[0]], _straight(f[0], f[1].loc), f[0][1], f[0][0]))
        assert op.loc is not None
        why = t("the first square from which it can attack {op}", op=ctx.name(op.id))
        advance.move_unit(ctx, unit, square, op.loc, rule=rule, why=why)
        return
    advance.move_unit(ctx, unit, best, face, rule="SAS-ADV-4", why=why)


def _straight(a: Cell, b: Cell | None) -> int:
    """Squared straight-line distance: among equally near squares, the one more directly toward him (D-HMG-1)."""
    assert b is not None
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


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


# --- attacks without LOS: through a wall, into a room (SAS-AATK-7, SAS-UNIT-12, SAS-HD-3) ------------------------


def indirect(state: SasState, unit: UnitState, op: OperatorState) -> str | None:
    """How the unit may attack this exposed operator it cannot attack normally: "wall" (an HMG through one wall),
    "room" (a flamethrower into his room), or None."""
    if wall_shot(state, unit, op):
        return "wall"
    return "room" if room_shot(state, unit, op) else None


def attack_indirect(ctx: Ctx, unit_id: str, op_id: str) -> None:
    """The Attack-phase attack of a unit that cannot see its target: through a wall or into his room."""
    unit, op = ctx.state.unit(unit_id), ctx.state.op(op_id)
    assert unit is not None
    if indirect(ctx.state, unit, op) == "wall":
        combat.axis_attack(ctx, unit_id, op_id, reaction=False, through_wall=True)
        return
    assert op.loc is not None
    ctx.emit(
        "flame_room",
        t("{unit} flames the room of {op} without LOS.", unit=ctx.name(unit_id), op=ctx.name(op_id)),
        "SAS-HD-3",
        (unit.loc, op.loc),
    )
    fresh = f"burn:{op_id}" in ctx.state.done  # his room's older markers have burnt him this phase (D-HD-3)
    set_fire(ctx, op.loc, "SAS-HD-3")
    burn(ctx, op_id, 1 if fresh else None)


def room_shot(state: SasState, unit: UnitState, op: OperatorState) -> bool:
    """A flamethrower attacks the room of an exposed operator it does not see, if he is within its range and no
    other Axis unit is in that room (SAS-HD-3, SAS-HD-4)."""
    stats: UnitStats | None = state.rt.tables.units.get(unit.kind)
    if stats is None or not stats.flame or op.loc is None or not op.exposed or unit.on_spawn:
        return False
    if room_of(state.rt, op.loc) is None or combat.dist(unit.loc, op.loc) > stats.long:
        return False
    return not combat.room_taken(state, unit, op.loc) and not sees_op(state, unit, op, combat.reach(stats))


def burn_pending(state: SasState) -> list[OperatorState]:
    """Operators in a room with fire markers not yet burnt in this Axis Attack phase (SAS-HD-3)."""
    if state.phase != "attack" or not any(o.kind == "fire" for o in state.objects):
        return []
    return [
        o
        for o in state.active_ops()
        if o.loc is not None and f"burn:{o.id}" not in state.done and fires(state, room_of(state.rt, o.loc))
    ]


def burn_step(ctx: Ctx) -> bool:
    """First in the Axis Attack phase: each operator in a burning room rolls once per fire marker (SAS-HD-3)."""
    waiting = burn_pending(ctx.state)
    if not waiting:
        return False
    burn(ctx, waiting[0].id, None)
    return True


def burn(ctx: Ctx, op_id: str, markers: int | None) -> None:
    """1 roll at 2+ per fire marker in his room (``markers``: only that many); each success is 1 HP (SAS-HD-3)."""
    op = ctx.state.op(op_id)
    assert op.loc is not None
    count = markers if markers is not None else fires(ctx.state, room_of(ctx.state.rt, op.loc))
    ctx.state = replace(ctx.state, done=ctx.state.done | {f"burn:{op_id}"})
    title = t("Fire in the room of {op} ({n} marker(s))", op=ctx.name(op_id), n=count)
    dice = combat.roll(ctx, count, FIRE_TARGET, [], title)
    hits = sum(1 for d in dice if d.success)
    result = t("{n} hit(s)", n=hits)
    ruling = Ruling(title=title, rule_id="SAS-HD-3", dice=dice, target=FIRE_TARGET, result=result)
    ctx.emit("fire_burns", t("{title}: {result}.", title=title, result=result), "SAS-HD-3", (op.loc,), ruling=ruling)
    combat.damage_operator(ctx, op_id, hits, "SAS-HD-3")


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
        if feature.kind not in combat.WALLS:
            return None
        walls += 1
    return walls

"""How Axis infantry advance and attack: their targets, routes, best attack positions and moves.

Rulebook chapters: §13 Axis Advance (SAS-ADV-1, SAS-ADV-2, SAS-ADV-3, SAS-ADV-4, SAS-ADV-5, SAS-ADV-6, SAS-ADV-7
Stealth, SAS-ADVB-1, SAS-ADVB-2, SAS-ADVB-3, SAS-ADVB-4, SAS-ADVB-5 Battle) and §16 Axis Attack (SAS-AATK-1, SAS-AATK-2,
SAS-AATK-3, SAS-AATK-4, SAS-AATK-5, SAS-AATK-6). Advancing infantry move by the shortest path counting 2 MP per climb
(SAS-ADV-5) to a *best attack position* — short range, no cover modifier, the operator visible (SAS-ADV-4) — against the
nearest exposed operator, else another; failing both they close on the nearest exposed operator with all their MP. Units
that only turn (sentries, officers) use OQ-68. Solo tie rules (docs/sas-decisions.md D-ADV-1): among equal squares the
cheaper, then the one nearer the operator, then the top-left one; among equal targets the one with less cover, then the
nearer, then team order (OQ-66).
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from app.core.i18n import Text, t
from app.geometry.paths import costs_from
from app.systems.sas.board.facing import facing_toward
from app.systems.sas.board.movement import axis_step_cost, empty
from app.systems.sas.board.vision import SIGHT, sees_op, sees_square
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.names import facing_name
from app.systems.sas.operators import items
from app.systems.sas.state import OperatorState, OperatorVehicleState, SasState, UnitState
from app.systems.sas.vehicles import ovehicle, ovehicle_fire

Cell = tuple[int, int]
ADVANCING_STEALTH = ("patrolman", "sentry", "guard")
ADVANCING_BATTLE = ("patrolman", "guard", "spawned")


def exposed(state: SasState) -> list[OperatorState]:
    """Exposed operators on the map."""
    return [o for o in state.active_ops() if o.exposed]


def nearest_distance(unit: UnitState, ops: list[OperatorState], state: SasState | None = None) -> int:
    """Distance to the nearest exposed operator, or exposed operator vehicle when ``state`` is given."""
    found = [combat.dist(unit.loc, o.loc) for o in ops if o.loc is not None]
    if state is not None:
        found += [ovehicle.distance(v, unit.loc) for v in ovehicle.exposed_vehicles(state)]
    return min(found)


Target = OperatorState | OperatorVehicleState


def targets(state: SasState, unit: UnitState) -> list[tuple[Target, Cell]]:
    """Exposed operators and exposed operator vehicles (SAS-OVEH-10, SAS-SUP-5), nearest first, with the square to
    close on; ties: operators in team order, then vehicles (D-OVEH-9)."""
    found: list[tuple[int, int, int, Target, Cell]] = []
    for i, op in enumerate(exposed(state)):
        assert op.loc is not None
        found.append((combat.dist(unit.loc, op.loc), 0, i, op, op.loc))
    for i, ov in enumerate(ovehicle.exposed_vehicles(state)):
        found.append((ovehicle.distance(ov, unit.loc), 1, i, ov, ovehicle.nearest(ov.cells, unit.loc)))
    return [(t, c) for _d, _k, _i, t, c in sorted(found, key=lambda f: f[:3])]


def mode(state: SasState, unit: UnitState) -> str | None:
    """ "advance", "turn" or None: what the unit does this Advance phase (SAS-ADV-1, SAS-ADV-2, SAS-ADVB-1, SAS-ADVB-2,
    SAS-ADVB-3, SAS-ADVB-4). Vehicles move first, by their own rules (``vehicle_roles``, SAS-AVEH-9, SAS-ADVB-5)."""
    if unit.is_vehicle or unit.cigarette or (unit.on_spawn and state.section == "stealth") or not unit.alert:
        return None
    if unit.mode == "strangled":  # held in Nancy's garrote it cannot act (SAS-NANCY-9)
        return None
    stats = state.rt.tables.units.get(unit.kind)
    if stats is not None and stats.air_only:  # an AA gun cannot move and sees no operator (SAS-SUP-15)
        return None
    if unit.kind not in state.rt.tables.units:  # vehicles advance by the vehicle rules (SAS-AVEH-9)
        return None
    if unit.role == "officer":
        return "turn"
    if state.section == "stealth":
        return "advance" if unit.role in ADVANCING_STEALTH else None
    if unit.role == "sentry":
        return "turn"  # it leaves its point when no other unit advances (SAS-ADVB-3, ``phases.sentry_leaves``)
    if unit.mode == "attack" and unit.kind == "mortar":
        return None  # set up on its sentry point, it does not move again (SAS-UNIT-6)
    return "advance"


def advancers(state: SasState) -> list[UnitState]:
    """Units still to act this phase, nearest to the exposed operators (and operator vehicles) first (SAS-ADV-4,
    SAS-OVEH-10)."""
    ops = exposed(state)
    if not ops and not ovehicle.exposed_vehicles(state):
        return []
    hunted = state.hunter.hunters if state.hunter is not None else ()  # the hunter moves his own (SAS-JGR-14)
    waiting = [u for u in state.units if u.id not in state.done and u.id not in hunted and mode(state, u) is not None]
    return sorted(waiting, key=lambda u: (nearest_distance(u, ops, state), u.id))


def can_attack(state: SasState, unit: UnitState, op: Target) -> bool:
    """The unit sees the operator (or a square of the operator vehicle, SAS-OVEH-10) within its long range
    (SAS-AATK-1); a unit without attack dice never does (a mortar or a Panzerfaust fires only its blast,
    SAS-UNIT-7, SAS-KS-1); a dog bites only next to him, not across a wall or window (SAS-HD-7); a flamethrower
    spares rooms with other Axis units (SAS-HD-4)."""
    if isinstance(op, OperatorVehicleState):  # an Axis vehicle by its arcs and guns (SAS-AVEH-10, D-INTEG-1)
        return ovehicle_fire.can_attack(state, unit, op) if unit.is_vehicle else ovehicle.can_attack(state, unit, op)
    assert op.loc is not None
    if unit.is_vehicle:  # a shot in an arc's LOS or through one wall (SAS-AVEH-10, SAS-AATK-7)
        return combat.can_attack(state, unit, op)
    stats = state.rt.tables.units[unit.kind]
    in_range = stats.dice > 0 and combat.dist(unit.loc, op.loc) <= stats.long
    if stats.melee and in_range and combat.across_wall(state.rt, unit.loc, op.loc):
        return False  # a dog never bites across a wall or window (SAS-HD-7)
    if stats.flame and combat.room_taken(state, unit, op.loc):
        return False  # nor does a flamethrower attack a room holding other Axis units (SAS-HD-4)
    return in_range and sees_op(state, unit, op, combat.reach(stats))


def best_position(state: SasState, unit: UnitState, at: Cell, op: OperatorState) -> bool:
    """Short range, no cover modifier, the operator visible from ``at`` (SAS-ADV-4)."""
    assert op.loc is not None
    stats = state.rt.tables.units[unit.kind]
    there = replace(unit, loc=at, facing=facing_toward(at, op.loc, unit.facing))
    return clear_shot(state, there, at, op, stats.short, reach=combat.reach(stats))


def clear_shot(
    state: SasState, there: UnitState, origin: Cell, op: OperatorState, short: int, *, reach: int = SIGHT
) -> bool:
    """A unit standing as ``there`` attacks ``op`` from ``origin`` at short range, seeing him, with no cover
    modifier: a best attack position (SAS-ADV-4; for vehicles SAS-AVEH-9). ``reach``: how far along its arc it
    looks (a sniper: 16, D-KS-2)."""
    assert op.loc is not None
    if combat.dist(origin, op.loc) > short or origin == op.loc:
        return False
    return sees_op(state, there, op, reach) and combat.cover(state.rt, origin, op.loc) is None


def route(state: SasState, start: Cell, to: Cell, budget: float, free: bool = False) -> list[Cell]:
    """The squares an advancing unit walks through from ``start`` to ``to``: a cheapest path, at each step the
    cheapest next square, ties top-left (D-EQ-2); ``free``: hedges and windows cost a dog nothing extra."""
    rev = costs_from(state.rt.grid, to, lambda a, b: axis_step_cost(state, b, a, free), max_cost=budget)  # type: ignore[arg-type]
    path, here = [], start
    while here != to:
        options = []
        for n in state.rt.grid.neighbours(here):
            cost = axis_step_cost(state, here, n, free)
            if n in rev and cost is not None:
                options.append((rev[n] + cost, n[1], n[0]))
        if not options:
            break
        _total, y, x = min(options)
        here = (x, y)
        path.append(here)
    return path


def move_unit(ctx: Ctx, unit: UnitState, to: Cell, face: Cell, *, rule: str, why: str | Text) -> None:
    """Move an advancing unit on foot to ``to`` by a cheapest path, facing toward ``face``; a trap or landmine on a
    square it crosses goes off there (SAS-EQ-4, SAS-EQ-8, D-EQ-2); in Jäger mode the doors and cats it passes react
    (SAS-JGR-8, SAS-JGR-10)."""
    start = unit.loc
    devices = {o.loc for o in ctx.state.objects if o.kind in ("trap", "landmine")}
    watch = jager_markers.watching(ctx.state)
    path: list[Cell] = []
    if (devices or watch) and to != unit.loc:
        stats = ctx.state.rt.tables.units[unit.kind]
        path = route(ctx.state, unit.loc, to, stats.move, stats.free_climb)
        crossed = [c for c in path[:-1] if c in devices]
        if crossed:
            _place_unit(ctx, unit, crossed[0], face, rule=rule, why=why)
            if items.stepped_on(ctx, unit.id) or (moved := ctx.state.unit(unit.id)) is None:
                return
            unit = moved
    _place_unit(ctx, unit, to, face, rule=rule, why=why)
    if watch:
        jager_markers.axis_moved(ctx, unit.id, [start, *path] if path else [start, to])


def _place_unit(ctx: Ctx, unit: UnitState, to: Cell, face: Cell, *, rule: str, why: str | Text) -> None:
    facing = facing_toward(to, face, unit.facing)
    name = ctx.name(unit.id)  # named on the square the player finds it
    ctx.state = ctx.state.with_unit(unit.id, loc=to, facing=facing, on_spawn=to in ctx.state.rt.spawn_cells)
    sq, word = ctx.label(to), facing_name(facing)
    ctx.emit(
        "unit_moved",
        t("{unit} advances to {sq}, facing {facing} ({why}).", unit=name, sq=sq, facing=word, why=why),
        rule,
        (unit.loc, to),
        instruction=t("Move {unit} to {sq}, facing {facing}.", unit=name, sq=sq, facing=word),
    )


def _field(state: SasState, goal: Cell, free: bool = False) -> dict[Cell, float]:
    """MP needed from every square to ``goal`` (cached per board, goal, templates and fire markers)."""
    fire = tuple(o.loc for o in state.objects if o.kind == "fire")
    key = ("field", goal, state.templates, fire, free)
    cache = state.rt.cache
    if key not in cache:
        cache[key] = costs_from(state.rt.grid, goal, lambda a, b: axis_step_cost(state, b, a, free))  # type: ignore[arg-type]
    return cache[key]  # type: ignore[no-any-return]


def advance_unit(ctx: Ctx, unit: UnitState) -> None:
    """Move one advancing unit by the priorities of SAS-ADV-4 (D-ADV-1 ties)."""
    best, face, why = destination(ctx.state, unit)
    move_unit(ctx, unit, best, face, rule="SAS-ADV-4", why=why)


def reachable(state: SasState, unit: UnitState) -> dict[Cell, float]:
    """Squares the unit may end its advance in, with the MP to get there (SAS-ADV-5, SAS-BRD-2)."""
    stats = state.rt.tables.units[unit.kind]
    free = stats.free_climb
    reach = cast(
        dict[Cell, float],
        costs_from(state.rt.grid, unit.loc, lambda a, b: axis_step_cost(state, a, b, free), max_cost=stats.move),  # type: ignore[arg-type]
    )
    return {c: v for c, v in reach.items() if c == unit.loc or (empty(state, c) and c not in state.rt.spawn_cells)}


def destination(state: SasState, unit: UnitState) -> tuple[Cell, Cell, Text]:
    """Where an advancing unit goes, the square it then faces, and why (SAS-ADV-4, D-ADV-1 ties)."""
    aims = targets(state, unit)  # exposed operators and operator vehicles (SAS-OVEH-10)
    spots = reachable(state, unit)
    for rank, (aim, goal) in enumerate(aims):
        if isinstance(aim, OperatorState):
            good = [c for c in spots if best_position(state, unit, c, aim)]
        else:
            good = [c for c in spots if ovehicle.best_spot(state, unit, c, aim)]
        if good:
            best = min(good, key=lambda c: (spots[c], combat.dist(c, goal), c[1], c[0]))
            why = (
                t("best attack position vs the nearest exposed operator")
                if rank == 0
                else t("best attack position vs another exposed operator")
            )
            return best, goal, why
    return _close_in(state, unit, spots, aims[0][1])


def _close_in(state: SasState, unit: UnitState, spots: dict[Cell, float], target: Cell) -> tuple[Cell, Cell, Text]:
    """Priority 3 of SAS-ADV-4: the shortest path toward the nearest exposed operator with all its MP (SAS-ADV-5).
    Among the squares equally close it takes one that keeps an exposed operator's square in its LOS (half visible
    or not) and faces him, the nearest such operator (SAS-ADV-4, SAS-ADV-5, SAS-ADV-7); then the top-left one."""
    stats = state.rt.tables.units.get(unit.kind)
    left = _field(state, target, stats.free_climb if stats is not None else False)
    far = 1e9  # he cannot be reached (a burning room, SAS-HD-4): as near to him as it gets

    def closeness(c: Cell) -> tuple[float, float]:
        return left.get(c, far + combat.dist(c, target)), -spots[c]

    ties = sorted(spots, key=lambda c: (*closeness(c), c[1], c[0]))
    ties = [c for c in ties if closeness(c) == closeness(ties[0])]
    for spot in ties:
        if (watched := _kept_in_view(state, unit, spot)) is not None:
            return spot, watched, t("closing on the nearest exposed operator, keeping one in view")
    return ties[0], target, t("closing on the nearest exposed operator")


def _kept_in_view(state: SasState, unit: UnitState, spot: Cell) -> Cell | None:
    """The square of the exposed operator nearest ``spot`` whose square the unit, there and facing him, would keep
    in its LOS (SAS-ADV-4 third option, SAS-ADV-7); None if there is none."""
    seen = [(combat.dist(spot, o.loc), o.loc[1], o.loc[0], o.loc) for o in exposed(state) if o.loc is not None]
    for *_order, loc in sorted(seen):
        there = replace(unit, loc=spot, facing=facing_toward(spot, loc, unit.facing))
        if sees_square(state, there, loc) is not None:
            return loc
    return None


def turn_unit(ctx: Ctx, unit: UnitState) -> None:
    """Sentries and officers turn: to attack the nearest exposed operator (or operator vehicle), another, else face
    the nearest (SAS-ADVB-3, SAS-ADVB-4, OQ-68, SAS-OVEH-10). In the Stealth section an alert officer simply turns
    toward the nearest exposed operator (SAS-ADV-1)."""
    aims = targets(ctx.state, unit)
    if ctx.state.section == "stealth":
        combat.turn_to(ctx, unit.id, aims[0][1], "SAS-ADV-1")
        return
    rule = "SAS-ADVB-4" if unit.role == "officer" else "SAS-ADVB-3"
    for aim, goal in aims:
        if can_attack(ctx.state, replace(unit, facing=facing_toward(unit.loc, goal, unit.facing)), aim):
            combat.turn_to(ctx, unit.id, goal, rule)
            return
    combat.turn_to(ctx, unit.id, aims[0][1], rule)

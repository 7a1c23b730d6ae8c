"""What each Axis vehicle does in the Axis phases: patrol vehicles, convoys and their scout, guard, assault and
spawned vehicles, and alert vehicles advancing toward exposed operators.

Rulebook chapter: §18 Axis vehicles — SAS-AVEH-1 (vehicles move first, at the start of the black Axis Patrol
phase and of the Axis Advance phase), SAS-AVEH-9 / SAS-ADVB-5 (alert vehicles advance first, nearest to the
exposed operators first, to their best attack positions as infantry do, SAS-ADV-4), SAS-AVEH-14, SAS-AVEH-15,
SAS-AVEH-16 (patrol vehicles: black border, drive their route with all their MP in each black Patrol phase, enter,
drive, leave, turn round wholly off the map and drive the route back next time; off the map they see and hear nothing;
they never turn for events or noise; seeing a corpse or an operator they stop and flip to alert, exposing him),
SAS-AVEH-17, SAS-AVEH-18, SAS-AVEH-19, SAS-AVEH-20, SAS-AVEH-21 (convoys: white border, placed off the map edge when the
mission's special card is drawn, driving the route in each Advance phase at the slowest vehicle's speed, never ending
within 2 squares of one another, delayed ones never catching up, staying on the route when alert except the scout — blue
border — after the alarm; operators on their path are run over), SAS-AVEH-22 (spawned vehicles enter from their spawn
tile in the Advance phase), SAS-AVEH-23 (guard vehicles stay put until they see an exposed operator, OQ-30), SAS-AVEH-24
(assault vehicles wait at a map edge and enter once the alarm has made them alert), OQ-39 (landmines go off
under vehicles), and the Jäger carriers (SAS-JGR-16 the Kettenkrad stops and unloads within 8 squares of an exposed
operator; SAS-JGR-17 the assault boat heads for the bank nearest him and unloads; ``cargo``). In Jäger mode the
hunter drives his own vehicles in the Advance phase (SAS-JGR-14, ``drive_to``). Movement itself is
``vehicle_motion``.

Solo choices (docs/sas-decisions.md D-AVEH-7, D-AVEH-8, D-AVEH-9, D-AVEH-10): convoy vehicles drive before advancing
vehicles, convoy by convoy, lead first; among best attack positions the cheapest, then the nearest the operator, then
the top-left anchor, then facing N, E, S, W; unarmed vehicles, having no attack position, close in on the nearest
exposed operator; a vehicle that cannot reach a best attack position drives as far as its MP allow along the shortest
path to the nearest pose from which it could attack him.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.systems.sas.axis import alerts, artillery
from app.systems.sas.axis.advance import clear_shot, exposed
from app.systems.sas.board.vision import eyes, sees_op
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.names import facing_name
from app.systems.sas.operators import items, marks
from app.systems.sas.state import OperatorState, OperatorVehicleState, SasState, UnitState
from app.systems.sas.tables import VehicleStats
from app.systems.sas.vehicles import cargo, ovehicle, ovehicle_fire
from app.systems.sas.vehicles.motion import (
    GAP,
    Key,
    Step,
    as_unit,
    cells_of,
    describe_steps,
    distance,
    drive,
    end_poses,
    entry_key,
    facing_index,
    gap,
    key_of,
    nearest_cell,
    past_end,
    search,
    stats_of,
    traffic,
    wholly_off,
)
from app.systems.sas.vehicles.shape import Side

Cell = tuple[int, int]
CLOSING_REACH = 4  # a closing vehicle looks this many moves' worth of MP ahead for an attack position (D-AVEH-10)
UNARMED_REACH = 1  # an unarmed vehicle closes in until next to the operator (D-AVEH-9)
LANDING_REACH = 8  # an assault boat looks this many moves' worth of MP ahead for its landing pose (D-JGR-13)
MOVE_TEXT = {
    "forward": "{n} square(s) forward",
    "forward_left": "{n} square(s) diagonally forward-left",
    "forward_right": "{n} square(s) diagonally forward-right",
    "turn_left": "turn left to face {facing}",
    "turn_right": "turn right to face {facing}",
    "reverse": "{n} square(s) in reverse",
    "reverse_left": "{n} square(s) diagonally back-left",
    "reverse_right": "{n} square(s) diagonally back-right",
    "reverse_turn_left": "reverse-turn left to face {facing}",
    "reverse_turn_right": "reverse-turn right to face {facing}",
}


# --- who moves ------------------------------------------------------------------------------------------
def route_of(state: SasState, unit: UnitState) -> tuple[Cell, ...] | None:
    """The route a patrol or convoy vehicle drives, in its current direction (SAS-AVEH-14, SAS-AVEH-15)."""
    route = state.rt.routes.get(unit.line or "")
    if route is None:
        return None
    return route if unit.heading > 0 else tuple(reversed(route))


def _lane(unit: UnitState) -> Side:
    """Which column of the token the route runs under: right as printed, left driving it back (D-AVEH-6)."""
    return "right" if unit.heading > 0 else "left"


def on_convoy_duty(state: SasState, unit: UnitState) -> bool:
    """Convoy vehicles drive their route; the scout too until the alarm (SAS-AVEH-17, SAS-AVEH-19, SAS-AVEH-20)."""
    if unit.line not in state.rt.convoys or cargo.unloaded(unit):  # an unloaded troop truck stays (SAS-HM-2)
        return False
    return unit.role == "convoy" or (unit.role == "scout" and state.section == "stealth")


def air_only(state: SasState, unit: UnitState) -> bool:
    """A flak truck: it fires only at air units and never drives toward operators (SAS-KS-3)."""
    stats = state.rt.tables.vehicle(unit.kind)
    return stats is not None and stats.air_only


def flak_patrols(state: SasState, unit: UnitState) -> bool:
    """An alert flak truck on patrol keeps driving its route, in the Axis Advance phase only (SAS-KS-3)."""
    return unit.is_vehicle and unit.alert and unit.role == "patrol" and air_only(state, unit) and not unit.cigarette


Aim = OperatorState | OperatorVehicleState


def _sees_exposed(state: SasState, unit: UnitState) -> bool:
    """It sees an exposed operator or an exposed occupied operator vehicle (SAS-AVEH-23, SAS-OVEH-10)."""
    if unit.on_spawn:
        return False
    seen = any(sees_op(state, unit, o) for o in exposed(state))
    return seen or any(ovehicle_fire.sees(state, unit, v) for v in ovehicle.exposed_vehicles(state))


def _anyone_exposed(state: SasState) -> bool:
    """An exposed operator, or an operator vehicle counting as one (SAS-OVEH-10, SAS-SUP-5)."""
    return bool(exposed(state)) or bool(ovehicle.exposed_vehicles(state))


def _aims(state: SasState, unit: UnitState) -> list[tuple[Aim, Cell]]:
    """Exposed operators and exposed occupied operator vehicles with the square to close on, nearest the token
    first; operators before vehicles, then team order, on ties (SAS-AVEH-9, SAS-OVEH-10, D-OVEH-9, D-INTEG-2)."""
    found: list[tuple[int, int, str, Aim, Cell]] = []
    for op in exposed(state):
        assert op.loc is not None
        found.append((distance(unit, op.loc), 0, op.id, op, op.loc))
    for ov in ovehicle.exposed_vehicles(state):
        near = min(ov.cells, key=lambda c: (distance(unit, c), c[1], c[0]))
        found.append((distance(unit, near), 1, ov.id, ov, near))
    return [(aim, at) for _d, _k, _i, aim, at in sorted(found, key=lambda f: f[:3])]


def advances(state: SasState, unit: UnitState) -> bool:
    """An alert vehicle advancing toward exposed operators this Advance phase (SAS-AVEH-9, SAS-AVEH-19, SAS-AVEH-20,
    SAS-AVEH-23, SAS-AVEH-24); an unloaded carrier stays put (SAS-JGR-16, SAS-JGR-17, SAS-HM-2)."""
    if not unit.is_vehicle or not unit.alert or unit.cigarette or not _anyone_exposed(state) or cargo.unloaded(unit):
        return False
    if air_only(state, unit):
        return False  # a flak truck never hunts operators (SAS-KS-3)
    if unit.role == "convoy" or on_convoy_duty(state, unit):
        return False  # alert convoy vehicles stay on their route (SAS-AVEH-19)
    if unit.on_spawn and state.section == "stealth":
        return False  # off the board before the alarm (SAS-ADV-1, SAS-AVEH-15, SAS-AVEH-22, SAS-AVEH-24)
    if unit.role == "guard" and unit.mode != "released":
        return _sees_exposed(state, unit)  # SAS-AVEH-23, OQ-30
    return True


def _near(state: SasState, unit: UnitState, ops: list[OperatorState]) -> int:
    found = [distance(unit, o.loc) for o in ops if o.loc is not None]
    found += [distance(unit, c) for v in ovehicle.exposed_vehicles(state) for c in v.cells]  # SAS-OVEH-10
    return min(found, default=0)


def advance_vehicles(state: SasState) -> list[UnitState]:
    """Vehicles still to move this Advance phase: convoys (convoy by convoy, lead first), then advancing vehicles
    nearest to the exposed operators first, then alert flak trucks on patrol along their route (SAS-AVEH-1, SAS-AVEH-9,
    -17; SAS-KS-3; D-AVEH-7). The Jäger hunter moves his own (SAS-JGR-14)."""
    hunted = state.hunter.hunters if state.hunter is not None else ()
    todo = [u for u in state.units if u.is_vehicle and u.id not in state.done and u.id not in hunted]
    order = {m: (c, i) for c, convoy in state.rt.convoys.items() for i, m in enumerate(convoy.members)}
    convoy = sorted((u for u in todo if on_convoy_duty(state, u)), key=lambda u: order.get(u.id, ("", 0)))
    ops = exposed(state)
    moving = sorted((u for u in todo if advances(state, u)), key=lambda u: (_near(state, u, ops), u.id))
    flak = sorted((u for u in todo if flak_patrols(state, u)), key=lambda u: u.id)
    return convoy + moving + flak


def patrol_vehicles(state: SasState) -> list[UnitState]:
    """Patrol vehicles still to drive in this black Patrol phase, nearest the operators first; an alert one stays
    while an operator is exposed (it advances instead) (SAS-AVEH-14, SAS-PAT-1, SAS-PAT-4)."""
    if state.section != "stealth" or state.patrol_marker != "black":
        return []
    anyone_exposed = _anyone_exposed(state)
    todo = [
        u
        for u in state.units
        if u.is_vehicle
        and u.role == "patrol"
        and u.id not in state.done
        and not u.cigarette
        and not cargo.unloaded(u)
        and not (u.alert and anyone_exposed)
        and not flak_patrols(state, u)
    ]
    ops = list(state.active_ops())
    return sorted(todo, key=lambda u: (_near(state, u, ops), u.id))


# --- the steps ------------------------------------------------------------------------------------------
def _take(ctx: Ctx, todo: list[UnitState]) -> UnitState | None:
    """The first vehicle to move, marked as having moved this phase."""
    if todo:
        ctx.state = replace(ctx.state, done=ctx.state.done | {todo[0].id})
    return todo[0] if todo else None


def _broken_down(ctx: Ctx, unit: UnitState) -> bool:
    """A vehicle with a failure marker does not move this turn (SAS-HM-1)."""
    if unit.failed:
        ctx.emit(
            "vehicle_stays",
            t("{unit} has a mechanical failure: it cannot move this turn.", unit=ctx.name(unit.id)),
            "SAS-HM-1",
            tuple(unit.cells),
        )
    return unit.failed


def patrol_vehicle_step(ctx: Ctx) -> bool:
    """Drive the next patrol vehicle along its route with all its MP (SAS-AVEH-14, SAS-AVEH-15, SAS-AVEH-16); False when
    none is left."""
    unit = _take(ctx, patrol_vehicles(ctx.state))
    if unit is None:
        return False
    if _broken_down(ctx, unit):
        return True
    _patrol_drive(ctx, unit, "SAS-AVEH-14", spot=True)
    return True


def _patrol_drive(ctx: Ctx, unit: UnitState, rule: str, *, spot: bool) -> None:
    """All its MP along its patrol route; wholly off the map past its end, it turns round (SAS-AVEH-14, SAS-AVEH-15)."""
    route = route_of(ctx.state, unit)
    if route is None:
        return
    steps = drive(ctx.state, unit, route, stats_of(ctx.state, unit).move, side=_lane(unit))
    if not steps:
        stay(ctx, unit, t("{unit} cannot drive on along its route.", unit=ctx.name(unit.id)), rule)
        return
    moved = _walk(ctx, unit, steps, rule=rule, why=t("patrolling its route"), spot=spot)
    if moved is not None and past_end(route, moved, ctx.state.rt):
        _turn_round(ctx, moved)


def advance_vehicle_step(ctx: Ctx) -> bool:
    """Move the next vehicle of the Advance phase: a convoy vehicle along its route, or an alert vehicle toward
    the exposed operators (SAS-AVEH-9, SAS-AVEH-17, SAS-AVEH-18, SAS-AVEH-19, SAS-AVEH-20); False when none is left."""
    unit = _take(ctx, advance_vehicles(ctx.state))
    if unit is None:
        return False
    if _broken_down(ctx, unit):
        return True
    if on_convoy_duty(ctx.state, unit):
        _convoy_move(ctx, unit)
    elif flak_patrols(ctx.state, unit):  # alert, it keeps to its route (SAS-KS-3)
        _patrol_drive(ctx, unit, "SAS-KS-3", spot=False)
    else:
        if unit.role == "guard" and unit.mode != "released":
            ctx.state = ctx.state.with_unit(unit.id, mode="released")
            ctx.emit(
                "guard_released",
                t("{unit} sees an exposed operator and leaves its post.", unit=ctx.name(unit.id)),
                "SAS-AVEH-23",
            )
            unit = replace(unit, mode="released")
        if cargo.in_reach(ctx.state, unit):  # already near enough: it unloads where it stands (SAS-JGR-16)
            cargo.unload(ctx, unit.id)
        elif (load := cargo.cargo_of(ctx.state, unit)) is not None and load.within is None and not load.alert:
            _land(ctx, unit)  # the assault boat heads for the bank (SAS-JGR-17)
        else:
            _advance(ctx, unit)
    marks.fire(ctx)  # before the vehicle can spot anyone (SAS-MARK-3, D-MARK-1)
    alerts.detect(ctx)
    return True


def arrive(ctx: Ctx, card_id: str) -> None:
    """The special card brings its convoy (lined up off the map edge in formation, SAS-AVEH-17) or spawned
    vehicles (on their spawn tile, SAS-AVEH-22). After the alarm they arrive alert (SAS-ALARM-2)."""
    arriving = [u for u in ctx.state.rt.arrivals.get(card_id, ()) if ctx.state.unit(u.id) is None]
    if not arriving:
        return
    alert = ctx.state.section == "battle"
    ctx.state = replace(ctx.state, units=(*ctx.state.units, *(replace(u, alert=alert) for u in arriving)))
    convoys = {u.line for u in arriving if u.line in ctx.state.rt.convoys}
    for convoy_id in sorted(c for c in convoys if c is not None):
        convoy = ctx.state.rt.convoys[convoy_id]
        names = {f"v{i}": ctx.name(m) for i, m in enumerate(convoy.members)}
        order = Text(msg=", ".join("{" + k + "}" for k in names), args=dict(names))
        first = ctx.label(convoy.route[0])
        facing = arriving[0].facing
        ctx.emit(
            "convoy_arrives",
            t("A convoy arrives off the map by {sq}: {order}.", sq=first, order=order),
            "SAS-AVEH-17",
            (convoy.route[0],),
            instruction=t(
                "Line the convoy up off the map edge by {sq}, facing {facing}, in this order, 2 squares apart: "
                "{order}.",
                sq=first,
                facing=facing_name(facing),
                order=order,
            ),
        )
    for unit in arriving:
        if unit.line not in ctx.state.rt.convoys:
            ctx.emit(
                "unit_spawned",
                t("{unit} arrives on the spawn tile at {sq}.", unit=ctx.name(unit.id), sq=ctx.label(unit.loc)),
                "SAS-AVEH-22",
                (unit.loc,),
                instruction=t(
                    "Place {unit} with its front-left square on {sq}, facing {facing}.",
                    unit=ctx.name(unit.id),
                    sq=ctx.label(unit.loc),
                    facing=facing_name(unit.facing),
                ),
            )


# --- convoys --------------------------------------------------------------------------------------------
def _members(state: SasState, convoy_id: str) -> list[UnitState]:
    convoy = state.rt.convoys[convoy_id]
    found = [state.unit(m) for m in convoy.members]
    return [u for u in found if u is not None and on_convoy_duty(state, u)]


def _convoy_move(ctx: Ctx, unit: UnitState) -> None:
    """Drive a convoy vehicle along its route at the convoy's speed, ending in empty squares at least 2 squares
    clear of the rest of the convoy; operators on its path are run over (SAS-AVEH-17, SAS-AVEH-18, SAS-AVEH-21)."""
    state = ctx.state
    route = route_of(state, unit)
    assert route is not None and unit.line is not None
    members = _members(state, unit.line)
    speed = min(stats_of(state, u).move for u in members)
    steps = drive(state, unit, route, speed, crush=True)
    others = [u.cells for u in members if u.id != unit.id]
    cars = traffic(state, unit.id, crush=True)
    end = 0
    for i, step in enumerate(steps, start=1):
        cells = cells_of(unit.kind, step.key, state.rt)
        if cars.can_end(cells) and all(gap(cells, o) >= GAP for o in others):
            end = i
    if end < len(steps) and steps:
        ctx.emit(
            "convoy_slows",
            t("{unit} slows down to keep its distance in the convoy.", unit=ctx.name(unit.id)),
            "SAS-AVEH-18",
        )
    if end == 0:
        stay(
            ctx,
            unit,
            t("{unit} cannot move up in its convoy this phase and stays.", unit=ctx.name(unit.id)),
            "SAS-AVEH-18",
        )
        return
    why = t("driving with its convoy at {n} MP", n=speed)
    moved = _walk(ctx, unit, steps[:end], rule="SAS-AVEH-17", why=why, spot=False, crush=True)
    if moved is not None and past_end(route, moved, ctx.state.rt):
        name = ctx.name(moved.id)
        ctx.state = replace(ctx.state.without_units([moved.id]), escaped=ctx.state.escaped | {moved.id})
        ctx.emit(
            "vehicle_left",
            t("{unit} has driven off the map and leaves the game.", unit=name),
            "SAS-AVEH-17",
            instruction=t("Take {unit} off the board.", unit=name),
        )


# --- advancing ------------------------------------------------------------------------------------------
def _short(stats: VehicleStats) -> int | None:
    """Short range of the vehicle's first weapon with a range; None when unarmed (SAS-AVEH-13)."""
    ranges = [w.short for w in stats.weapons if w.dice > 0 and w.short > 0]
    return ranges[0] if ranges else None


def _shot(state: SasState, unit: UnitState, key: Key, op: Aim, short: int, *, cover: bool) -> bool:
    """From pose ``key`` the vehicle attacks ``op`` at short range, seeing him (and, with ``cover``, with no cover
    modifier: a best attack position, SAS-ADV-4). Range counts from the token's nearest square on the map
    (SAS-AVEH-8). An operator vehicle: ``_vehicle_shot``."""
    if isinstance(op, OperatorVehicleState):
        return _vehicle_shot(state, unit, key, op, short)
    assert op.loc is not None
    cells = cells_of(unit.kind, key, state.rt)
    there = as_unit(unit, key, state.rt)
    if there.on_spawn or op.loc in cells:
        return False
    origin = nearest_cell((c for c in cells if c in state.rt.map_cells), op.loc)
    if max(abs(origin[0] - op.loc[0]), abs(origin[1] - op.loc[1])) > short:
        return False
    if cover:
        return clear_shot(state, there, origin, op, short)
    return sees_op(state, there, op)


def _vehicle_shot(state: SasState, unit: UnitState, key: Key, ov: OperatorVehicleState, short: int) -> bool:
    """From pose ``key`` an arc of the vehicle sees a square of the operator vehicle at short range, counted from
    the token's nearest square on the map; cover never counts against a vehicle, so this is a best attack position
    (SAS-ADV-4, SAS-AVEH-9, SAS-OVEH-10)."""
    cells = cells_of(unit.kind, key, state.rt)
    there = as_unit(unit, key, state.rt)
    if there.on_spawn or set(cells) & set(ov.cells):
        return False
    on_map = [c for c in cells if c in state.rt.map_cells]
    return any(
        min(combat.dist(m, c) for m in on_map) <= short
        for eye in eyes(there)
        for c in ovehicle_fire.eye_cells(state, there, eye, ov)
    )


def _advance(ctx: Ctx, unit: UnitState) -> None:
    """SAS-AVEH-9 (SAS-ADV-4 priorities with vehicle paths, SAS-AVEH-6): a best attack position against the nearest
    exposed operator, else another; else along the shortest path toward one from which it could attack the nearest."""
    state = ctx.state
    stats = stats_of(state, unit)
    aims = _aims(state, unit)  # exposed operators and operator vehicles (SAS-OVEH-10)
    reach = search(state, unit, stats.move)
    ends = end_poses(state, unit, reach)
    short = _short(stats)
    if short is not None:
        for rank, (op, target) in enumerate(aims):
            good = [k for k in ends if _shot(state, unit, k, op, short, cover=True)]
            if good:
                best = min(good, key=lambda k: _rank(state, unit, reach.cost[k], k, target))
                if best == reach.start:
                    text = t("{unit} is in a best attack position already and stays.", unit=ctx.name(unit.id))
                    stay(ctx, unit, text, "SAS-AVEH-9")
                    return
                why = (
                    t("to a best attack position against the nearest exposed operator")
                    if rank == 0
                    else t("to a best attack position against another exposed operator")
                )
                _walk(ctx, unit, reach.path(best), rule="SAS-AVEH-9", why=why, spot=False)
                return
    if short is None and artillery.howitzer_ready(state, unit):  # a heavy armoured car (D-XVEH-3)
        text = t("{unit} can fire its howitzer from here and stays.", unit=ctx.name(unit.id))
        ctx.emit("vehicle_stays", text, "SAS-HM-4")
        return
    _close_in(ctx, unit, aims[0], short, ends=set(ends))


def _rank(state: SasState, unit: UnitState, cost: int, key: Key, target: Cell) -> tuple[int, int, int, int, int]:
    """Cheapest, nearest the operator, top-left anchor, facing N, E, S, W (D-AVEH-8)."""
    near = distance(replace(unit, loc=(key[0], key[1]), facing=key[2]), target)
    return (cost, near, key[1], key[0], facing_index(key[2]))


def _close_in(ctx: Ctx, unit: UnitState, aim: tuple[Aim, Cell], short: int | None, *, ends: set[Key]) -> None:
    """Drive as far as its MP allow along the shortest path to the nearest pose from which it could attack ``op``
    (an unarmed vehicle: a pose next to him; a vehicle armed with a howitzer only: a pose with him in its arc)
    (SAS-ADV-4 option 3, D-AVEH-9, D-AVEH-10, D-XVEH-3)."""
    state = ctx.state
    stats = stats_of(state, unit)
    op, target = aim

    weapon = artillery.howitzer(state, unit) if short is None else None

    def goal(key: Key) -> bool:
        if weapon is not None:  # on the board, its howitzer's arc on him (SAS-HM-4, D-XVEH-3)
            there = as_unit(unit, key, state.rt)
            arc = artillery.howitzer_arc(state, there, weapon)
            return not there.on_spawn and (arc is None or arc(target))
        if short is None:
            return (
                min(max(abs(c[0] - target[0]), abs(c[1] - target[1])) for c in cells_of(unit.kind, key, state.rt))
                <= UNARMED_REACH
            )
        return _shot(state, unit, key, op, short, cover=False)

    far = search(state, unit, CLOSING_REACH * stats.move, goal)
    path: list[Step] = []
    if far.found is not None:
        full = far.path(far.found)
        spent = 0
        for i, step in enumerate(full, start=1):
            spent += step.cost
            if spent > stats.move:
                break
            if step.key in ends:
                path = full[:i]
    else:  # nothing within reach: the reachable pose nearest him (D-AVEH-10)
        reach = search(state, unit, stats.move)
        best = min(
            ends,
            key=lambda k: (_rank(state, unit, 0, k, target)[1], -reach.cost.get(k, 0), k[1], k[0], facing_index(k[2])),
        )
        path = reach.path(best) if best != key_of(unit) else []
    if not path:
        text = (
            t("{unit} can attack from where it stands and stays.", unit=ctx.name(unit.id))
            if far.found == far.start
            else t("{unit} finds no way closer and stays.", unit=ctx.name(unit.id))
        )
        stay(ctx, unit, text, "SAS-AVEH-9")
        return
    _walk(ctx, unit, path, rule="SAS-AVEH-9", why=t("closing on the nearest exposed operator"), spot=False)


def _land(ctx: Ctx, unit: UnitState) -> None:
    """SAS-JGR-17 (D-JGR-13): an alert assault boat with its SMG infantry aboard heads, by water, for the pose nearest
    the nearest exposed operator that it can reach at all (looking ``LANDING_REACH`` times its MP ahead; ties: the
    cheaper, then top-left, facing N, E, S, W). It drives there as far as its MP allow, ending on the last pose it
    may end on; once there — or if it gets no closer — its SMG go ashore."""
    state = ctx.state
    stats = stats_of(state, unit)
    ops = sorted(exposed(state), key=lambda o: (distance(unit, o.loc), o.id))  # type: ignore[arg-type]
    target = ops[0].loc
    assert target is not None
    far = search(state, unit, LANDING_REACH * stats.move)
    ends = end_poses(state, unit, far)
    best = min(ends, key=lambda k: _landing_rank(state, unit, far.cost[k], k, target))
    path: list[Step] = []
    spent = 0
    for i, step in enumerate(far.path(best), start=1):
        spent += step.cost
        if spent > stats.move:
            break
        if step.key in ends:
            path = far.path(best)[:i]
    if path:
        why = t("heading by water for the nearest exposed operator")
        moved = _walk(ctx, unit, path, rule="SAS-JGR-17", why=why, spot=False)
        if moved is None or key_of(moved) != best:
            return
    cargo.unload(ctx, unit.id)


def _landing_rank(state: SasState, unit: UnitState, cost: int, key: Key, target: Cell) -> tuple[int, ...]:
    """Nearest the operator, then cheapest, top-left anchor, facing N, E, S, W (D-JGR-13)."""
    cheap, near, *rest = _rank(state, unit, cost, key, target)
    return (near, cheap, *rest)


# --- driving, with what happens on the way ---------------------------------------------------------------
def drive_to(ctx: Ctx, unit: UnitState, steps: list[Step], *, rule: str, why: Text) -> UnitState | None:
    """A vehicle driven by the Jäger hunter along ``steps`` to the pose he chose (SAS-JGR-14): mines, marked attacks
    and cats on the way react as for any drive; a loaded Kettenkrad unloads where he stops it, if that is within
    reach of an exposed operator (SAS-JGR-16, D-JGR-12). Returns the vehicle, or None if it was destroyed."""
    return _walk(ctx, unit, steps, rule=rule, why=why, spot=False, stop_to_unload=False)


def _walk(
    ctx: Ctx,
    unit: UnitState,
    steps: list[Step],
    *,
    rule: str,
    why: Text,
    spot: bool,
    crush: bool = False,
    stop_to_unload: bool = True,
) -> UnitState | None:
    """Make the moves one by one: operators run over (convoys, SAS-AVEH-21), landmines under the token (OQ-39),
    marked attacks (SAS-MARK-3), and for a patrol vehicle what it sees (SAS-AVEH-16). It ends on the last pose
    with every square empty (SAS-AVEH-4); a loaded Kettenkrad stops at the first such pose within reach of an
    exposed operator (``stop_to_unload``) and unloads there (SAS-JGR-16, D-JGR-12). Cats near its squares are
    startled (SAS-JGR-8). Returns the vehicle, or None if it was destroyed."""
    start = key_of(unit)
    name = ctx.name(unit.id)  # where the player finds its token now
    cars = traffic(ctx.state, unit.id, crush)
    walked: list[Step] = []
    last_free = 0
    before = set(unit.cells)
    for step in steps:
        cells = cells_of(unit.kind, step.key, ctx.state.rt)
        if crush:
            _run_over(ctx, unit.id, [c for c in cells if c not in before])
        moved = as_unit(unit, step.key, ctx.state.rt)
        ctx.state = ctx.state.with_unit(unit.id, loc=moved.loc, facing=moved.facing, on_spawn=moved.on_spawn)
        walked.append(step)
        before = set(cells)
        if items.stepped_on(ctx, unit.id) or (marks.any_marks(ctx.state) and _marked(ctx, unit.id)):
            _narrate(ctx, name, unit.id, start, walked, rule=rule, why=why)
            return None  # destroyed on the way
        if cars.can_end(cells):
            last_free = len(walked)
            if stop_to_unload and cargo.in_reach(ctx.state, as_unit(unit, step.key, ctx.state.rt)):
                break  # near enough: it stops to unload (SAS-JGR-16)
        if spot and _spots_something(ctx, unit.id):
            break
    if last_free < len(walked):
        walked = walked[:last_free]
        key = walked[-1].key if walked else start
        back = as_unit(unit, key, ctx.state.rt)
        ctx.state = ctx.state.with_unit(unit.id, loc=back.loc, facing=back.facing, on_spawn=back.on_spawn)
    _narrate(ctx, name, unit.id, start, walked, rule=rule, why=why)
    passed = [c for step in walked for c in cells_of(unit.kind, step.key, ctx.state.rt)]
    jager_markers.vehicle_moved(ctx, unit.id, passed)  # cats it came near (SAS-JGR-8)
    after = ctx.state.unit(unit.id)
    if after is not None and cargo.in_reach(ctx.state, after):
        cargo.unload(ctx, unit.id)  # SAS-JGR-16
    return ctx.state.unit(unit.id)


def _marked(ctx: Ctx, unit_id: str) -> bool:
    """Marked attacks mid-drive (SAS-MARK-3); True when the vehicle is gone."""
    marks.fire(ctx)
    return ctx.state.unit(unit_id) is None


def _run_over(ctx: Ctx, unit_id: str, cells: list[Cell]) -> None:
    """Operators in the squares a convoy vehicle drives onto are run over and killed (SAS-AVEH-21)."""
    for op in ctx.state.active_ops():
        if op.loc in cells:
            ctx.emit(
                "run_over",
                t("{unit} runs {op} over.", unit=ctx.name(unit_id), op=ctx.name(op.id)),
                "SAS-AVEH-21",
                (op.loc,),
                instruction=t("Take {op}'s counter off {sq}: he is dead.", op=ctx.name(op.id), sq=ctx.label(op.loc)),
            )
            combat.damage_operator(ctx, op.id, op.hp, "SAS-AVEH-21")


def _spots_something(ctx: Ctx, unit_id: str) -> bool:
    """A patrol vehicle on the board that sees an operator or (Stealth) a corpse stops and flips to alert; a
    spotted operator is exposed (SAS-AVEH-16)."""
    return alerts.spot(ctx, unit_id, "SAS-AVEH-16", t(" (spotted something on patrol)"))


def _turn_round(ctx: Ctx, unit: UnitState) -> None:
    """Wholly off the map past its route's end, a patrol vehicle turns round to face the map; next time it drives
    the route the other way (SAS-AVEH-15). It waits at the route's end, lined up as at an entry (D-AVEH-6)."""
    heading = -unit.heading
    back = replace(unit, heading=heading)
    route = route_of(ctx.state, back)
    assert route is not None
    key = entry_key(route, stats_of(ctx.state, unit).width, side=_lane(back))
    ctx.state = ctx.state.with_unit(unit.id, loc=(key[0], key[1]), facing=key[2], heading=heading, on_spawn=True)
    ctx.emit(
        "vehicle_turned_round",
        t("{unit} has left the map: it turns round to face it.", unit=ctx.name(unit.id)),
        "SAS-AVEH-15",
        instruction=t(
            "Turn {unit} round off the map by {sq}, facing {facing}.",
            unit=ctx.name(unit.id),
            sq=ctx.label(route[0]),
            facing=facing_name(key[2]),
        ),
    )


def moves_text(steps: list[Step]) -> Text:
    """ "5 square(s) forward, turn right to face E, 4 square(s) forward" as one translatable Text."""
    parts = {
        f"m{i}": t(MOVE_TEXT[move], n=n, facing=facing_name(facing))
        for i, (move, n, facing) in enumerate(describe_steps(steps))
    }
    return Text(msg=", ".join("{" + k + "}" for k in parts), args=dict(parts))


def where(ctx: Ctx, unit: UnitState) -> Text:
    """Where a vehicle token ends: its front-left square, or how it sticks out of the map (SAS-AVEH-5)."""
    rt = ctx.state.rt
    if wholly_off(rt, unit.kind, key_of(unit)):
        edge = min(rt.map_cells, key=lambda c: (distance(unit, c), c[1], c[0]))
        return t("wholly off the map beyond {sq}", sq=ctx.label(edge))
    if unit.loc in rt.map_cells:
        return t("with its front-left square on {sq}", sq=ctx.label(unit.loc))
    on = [c for c in unit.cells if c in rt.map_cells]
    return t("partly off the map, on {squares}", squares=", ".join(ctx.label(c) for c in on))


def stay(ctx: Ctx, unit: UnitState, text: Text, rule: str) -> None:
    """A vehicle that does not move this step, with the table-mode instruction saying where its token stays."""
    ctx.emit(
        "vehicle_stays",
        text,
        rule,
        (unit.loc,),
        instruction=t(
            "Leave {unit} where it is: {where}, facing {facing}.",
            unit=ctx.name(unit.id),
            where=where(ctx, unit),
            facing=facing_name(unit.facing),
        ),
    )


def _narrate(ctx: Ctx, name: Text, unit_id: str, start: Key, steps: list[Step], *, rule: str, why: Text) -> None:
    """One event for a vehicle's move, with its table-mode instruction (SAS-AVEH-2); ``name`` names its token as it
    stood before the move."""
    unit = ctx.state.unit(unit_id)
    if not steps:
        if unit is not None:
            stay(ctx, unit, t("{unit} stays where it is ({why}).", unit=name, why=why), rule)
        return
    mp = sum(s.cost for s in steps)
    moves = moves_text(steps)
    end = steps[-1].key
    facing = end[2]
    spot = where(ctx, unit) if unit is not None else t("where it was destroyed")
    ctx.emit(
        "unit_moved",
        t(
            "{unit} drives {moves} ({mp} MP), ending {where}, facing {facing} ({why}).",
            unit=name,
            moves=moves,
            mp=mp,
            where=spot,
            facing=facing_name(facing),
            why=why,
        ),
        rule,
        ((start[0], start[1]), (end[0], end[1])),
        instruction=t(
            "Drive {unit}: {moves}; it ends {where}, facing {facing}.",
            unit=name,
            moves=moves,
            where=spot,
            facing=facing_name(facing),
        ),
    )

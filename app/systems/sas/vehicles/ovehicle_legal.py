"""Legal operator-vehicle commands and how to present them: the vehicles' actions at the start of the Operator
phase, boarding by Move or Sprint, labels, AP costs and the attack's hit chance.

Rulebook chapter: §23 (SAS-OVEH-1, SAS-OVEH-2, SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-5, SAS-OVEH-6, SAS-OVEH-7, SAS-OVEH-8,
SAS-OVEH-9, SAS-SUP-5), generated from the same checks ``ovehicle_actions`` applies. Listing choices (decision
D-OVEH-4): one Move per pose it can end in (the first cheapest way found, moves tried in ``vehicle_motion.MOVES`` order;
any legal way may be submitted); Move & Mark is listed with the move first and only at units in a gunner's arc and range
from where it ends (a mark made before or after the move lands the same; any unit may be submitted).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, localized, t
from app.core.messages import Command
from app.core.ruling import Modifier
from app.core.view import CommandInfo, CommandOption
from app.systems.sas.board.reasons import Why
from app.systems.sas.context import Ctx
from app.systems.sas.messages import (
    Deploy,
    FootDown,
    Move,
    Repair,
    Sprint,
    VehicleAttack,
    VehicleMark,
    VehicleMove,
)
from app.systems.sas.names import name_of
from app.systems.sas.operators.operator import sprint_problem
from app.systems.sas.state import OperatorState, OperatorVehicleState, SasState
from app.systems.sas.vehicles import ovehicle
from app.systems.sas.vehicles.ovehicle import vname
from app.systems.sas.vehicles.ovehicle_actions import (
    board_problem,
    cost_of,
    deploy_problem,
    gun_mods,
    gunners_aboard,
    guns,
    may_act,
    moves_text,
    seat_name,
)

Cell = tuple[int, int]
Key = tuple[int, int, str]


def vehicle_commands(state: SasState) -> list[Command]:
    """Every action the operator vehicles may take now (SAS-OVEH-2, SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-5, SAS-OVEH-6,
    SAS-OVEH-7, SAS-OVEH-8, SAS-OVEH-9)."""
    if not may_act(state):
        return []
    out: list[Command] = []
    for ov in state.op_vehicles:
        if ov.ap > 0:
            out += _actions(state, ov)
    return out


def _affordable(state: SasState, ov: OperatorVehicleState, cmd: Command) -> bool:
    return cost_of(state, cmd) <= ov.ap


def _actions(state: SasState, ov: OperatorVehicleState) -> list[Command]:
    stats = ovehicle.stats(state.rt, ov.kind)
    driver = bool(ovehicle.seated(state, ov, "driver"))
    gunner = bool(ovehicle.seated(state, ov, "gunner"))
    ends = ovehicle.reach(state, ov, state.rt.tables.operator_vehicles.move_mp) if driver else {}
    out: list[Command] = [VehicleMove(side="sas", vehicle=ov.id, steps=p) for p in ends.values()]
    if driver and stats.foot_down:
        out += [
            FootDown(side="sas", vehicle=ov.id, squares=n) for n in range(1, ovehicle.foot_down_reach(state, ov) + 1)
        ]
    if gunner:
        out += _attacks(state, ov, ends)
        if stats.can_mark and not any(o.support for o in gunners_aboard(state, ov)):
            out += _marks(state, ov, ends)  # support units never Mark (SAS-SUP-1)
    out += _deploys(state, ov)
    if ovehicle.manned(state, ov) and ovehicle.hp(state, ov) < stats.repair:
        out.append(Repair(side="sas", vehicle=ov.id))
    return [c for c in out if _affordable(state, ov, c)]


def moved(state: SasState, ov: OperatorVehicleState, steps: tuple[str, ...]) -> SasState:
    """The state after the vehicle drove ``steps``: where it ends, infantry it ran over gone (SAS-OVEH-7)."""
    legs = ovehicle.plan(state, ov, steps, state.rt.tables.operator_vehicles.move_mp)
    assert not isinstance(legs, Why)
    crushed = {c for leg in legs for c in leg.new}
    end = legs[-1].key
    entered = ov.entered or any(
        c in state.rt.map_cells for leg in legs for c in ovehicle.pose_of(state.rt, ov.kind, leg.key).cells()
    )
    after = state.without_units(u.id for u in state.map_units() if u.loc in crushed and not u.is_vehicle)
    return after.with_op_vehicle(ov.id, anchor=(end[0], end[1]), facing=end[2], entered=entered)


def _targets(state: SasState, ov: OperatorVehicleState) -> list[tuple[str, str]]:
    """(weapon, unit) pairs its gunners can fire at from where it stands (SAS-OVEH-5)."""
    out = []
    for gun, _owner in guns(state, ov):
        for unit in state.map_units():
            if ovehicle.gun_problem(state, ov, gun, unit.loc) is None:
                out.append((gun.id, unit.id))
    return out


def _attacks(state: SasState, ov: OperatorVehicleState, ends: dict[Key, tuple[str, ...]]) -> list[Command]:
    """Attack; Move & Attack with the move before or after it (SAS-OVEH-5, SAS-OVEH-6)."""
    here = _targets(state, ov)
    out: list[Command] = [VehicleAttack(side="sas", vehicle=ov.id, target=u, weapon=w) for w, u in here]
    for steps in ends.values():
        out += [
            VehicleAttack(side="sas", vehicle=ov.id, target=u, weapon=w, steps=steps, move_first=False) for w, u in here
        ]
        after = moved(state, ov, steps)
        mover = after.op_vehicle(ov.id)
        assert mover is not None
        out += [
            VehicleAttack(side="sas", vehicle=ov.id, target=u, weapon=w, steps=steps) for w, u in _targets(after, mover)
        ]
    return out


def _marks(state: SasState, ov: OperatorVehicleState, ends: dict[Key, tuple[str, ...]]) -> list[Command]:
    """Mark any Axis unit; Move & Mark at units in a gunner's arc and range from where it ends (D-OVEH-4)."""
    found = guns(state, ov)
    out: list[Command] = [
        VehicleMark(side="sas", vehicle=ov.id, target=u.id, weapon=g.id) for g, _o in found for u in state.units
    ]
    arcs = ovehicle.gun_arcs(state, ov)
    for steps in ends.values():
        after = moved(state, ov, steps).op_vehicle(ov.id)
        assert after is not None
        pose = after.pose
        for gun, _owner in found:
            near = [
                u
                for u in state.map_units()
                if any(ovehicle.in_arc(pose, a, u.loc) and ovehicle.gun_range(pose, a, u.loc) <= gun.long for a in arcs)
            ]
            out += [VehicleMark(side="sas", vehicle=ov.id, target=u.id, weapon=gun.id, steps=steps) for u in near]
    return out


def _deploys(state: SasState, ov: OperatorVehicleState) -> list[Command]:
    """Deploy an operator next to the vehicle, or to a free seat (SAS-OVEH-9)."""
    out: list[Command] = []
    free = [s for s in ovehicle.free_seats(state, ov) if not _fixed(state, ov, s)]
    around = sorted(
        {(c[0] + dx, c[1] + dy) for c in ov.cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - set(ov.cells)
    )
    for op in state.crew(ov.id):
        out += [Deploy(side="sas", vehicle=ov.id, operator=op.id, seat=s) for s in free]
        out += [
            Deploy(side="sas", vehicle=ov.id, operator=op.id, to=c)
            for c in sorted(around, key=lambda c: (c[1], c[0]))
            if deploy_problem(state, ov, op, c) is None
        ]
    return out


def _fixed(state: SasState, ov: OperatorVehicleState, seat: str) -> bool:
    found = ovehicle.stats(state.rt, ov.kind).seat(seat)
    return found is not None and found.fixed


def boardings(ctx: Ctx, op: OperatorState, move_ok: bool, sprint_ok: bool) -> list[Command]:
    """Move or Sprint into a vehicle's square with a free seat, one command per free seat (SAS-OVEH-1)."""
    state = ctx.state
    assert op.loc is not None
    if not state.op_vehicles:
        return []
    out: list[Command] = []
    for ov in state.op_vehicles:
        seats = [s for s in ovehicle.free_seats(state, ov) if not _fixed(state, ov, s)]
        for c in ov.cells:
            for seat in seats if move_ok else []:
                if board_problem(state, op, c, seat) is None:
                    out.append(Move(side="sas", operator=op.id, to=c, seat=seat))
            if sprint_ok and seats:
                out += _sprint_boardings(ctx, op, c, seats)
    return out


def _sprint_boardings(ctx: Ctx, op: OperatorState, square: Cell, seats: list[str]) -> list[Command]:
    """A sprint of 2 or 3 squares whose last square is the vehicle's (first legal path found per start, D-OP-2)."""
    state = ctx.state
    assert op.loc is not None
    out: list[Command] = []
    firsts: list[Cell] = list(state.rt.grid.neighbours(op.loc))
    starts: list[tuple[Cell, ...]] = [(c,) for c in firsts]
    starts += [(a, b) for a in firsts for b in state.rt.grid.neighbours(a) if b != op.loc]
    done: set[Cell] = set()
    for path in starts:
        last = path[-1]
        if last in done or ovehicle.dist(last, square) != 1 or sprint_problem(ctx, op, path) is not None:
            continue
        there = replace(op, loc=last)
        if board_problem(state, there, square, seats[0]) is None:
            done.add(last)
            out += [Sprint(side="sas", operator=op.id, path=(*path, square), seat=s) for s in seats]
    return out


# --- presentation ------------------------------------------------------------------------------------------------
def boarding_label(state: SasState, cmd: Command, action: Text) -> Text | None:
    """ "Move: board the Willys jeep at N28 (driver)" for a Move or Sprint into a vehicle (SAS-OVEH-1)."""
    if not isinstance(cmd, Move | Sprint) or not state.op_vehicles:
        return None
    last = cmd.to if isinstance(cmd, Move) else (cmd.path[-1] if cmd.path else None)
    ov = state.op_vehicle_at(tuple(last)) if last is not None else None  # type: ignore[arg-type]
    if ov is None:
        return None
    seat = seat_name(cmd.seat or (ovehicle.free_seats(state, ov) or [""])[0])
    return t(
        "{action}: board {v} at {sq} ({seat})", action=action, v=vname(state, ov), sq=state.rt.label(last), seat=seat
    )


def describe(state: SasState, cmd: Command) -> CommandInfo | None:
    """Label, group, actor (the vehicle), target square, AP cost and hit chance of a vehicle command."""
    vid = getattr(cmd, "vehicle", None)
    ov = state.op_vehicle(vid) if isinstance(vid, str) else None
    if ov is None:
        return None
    name = vname(state, ov)
    target, title = None, None
    options: tuple[CommandOption, ...] = ()
    if isinstance(cmd, VehicleMove):
        end = moved(state, ov, cmd.steps).op_vehicle(ov.id) if _plans(state, ov, cmd.steps) else None
        target = end.anchor if end else None
        where = state.rt.label(target) if target else "?"
        label = t("Drive {v}: {moves} to {sq}", v=name, moves=moves_text(cmd.steps), sq=where)
        title = t("Drive {v} to {sq}", v=name, sq=where)  # the route is asked only when several lead there
        options = (CommandOption("route", t("Route"), ",".join(cmd.steps), moves_text(cmd.steps)),)
    elif isinstance(cmd, FootDown):
        label = t("Foot down! {v} {n} square(s) straight ahead", v=name, n=cmd.squares)
    elif isinstance(cmd, VehicleAttack | VehicleMark):
        label, target = _attack_info(state, ov, cmd)
    elif isinstance(cmd, Deploy):
        if cmd.to is not None:
            target = (cmd.to[0], cmd.to[1])
            label = t(
                "Deploy {op} from {v} to {sq}", op=name_of(state, cmd.operator), v=name, sq=state.rt.label(target)
            )
        else:
            label = t("{op} takes the {seat} seat", op=name_of(state, cmd.operator), seat=seat_name(cmd.seat or ""))
    else:
        label = t("Repair {v} (+1 HP)", v=name)
    ap = cost_of(state, cmd)
    return CommandInfo(label, cmd.kind, ov.id, target, f"{ap} AP", title=title, options=options, costs=(("AP", ap),))


def _plans(state: SasState, ov: OperatorVehicleState, steps: tuple[str, ...]) -> bool:
    return not isinstance(ovehicle.plan(state, ov, steps, state.rt.tables.operator_vehicles.move_mp), Why)


def _attack_info(
    state: SasState, ov: OperatorVehicleState, cmd: VehicleAttack | VehicleMark
) -> tuple[Text, Cell | None]:
    unit = state.unit(cmd.target)
    target = unit.loc if unit is not None and not unit.on_spawn else None
    action = t("Vehicle mark") if isinstance(cmd, VehicleMark) else t("Vehicle attack")
    label = t("{action}: {v} at {target}", action=action, v=vname(state, ov), target=name_of(state, cmd.target))
    if cmd.steps:
        order = t("first") if cmd.move_first else t("after")
        label = t("{text}, driving {moves} {order}", text=label, moves=moves_text(cmd.steps), order=order)
    return label, target


def attack_roll(state: SasState, cmd: Command) -> tuple[int, int, list[Modifier], Text] | None:
    """The roll a vehicle attack will make: dice, target number, modifiers (counted from where it will fire) and
    the gun's name (SAS-OVEH-5, SAS-OVEH-8, SAS-ATK-2), for the hit chance shown before committing."""
    ov = state.op_vehicle(getattr(cmd, "vehicle", ""))
    unit = state.unit(getattr(cmd, "target", ""))
    if not isinstance(cmd, VehicleAttack) or ov is None or unit is None or unit.on_spawn:
        return None
    shooter = ov
    if cmd.steps and cmd.move_first and _plans(state, ov, cmd.steps):
        shooter = moved(state, ov, cmd.steps).op_vehicle(ov.id) or ov
    found = next((g for g, _o in guns(state, ov) if cmd.weapon in ("", g.id)), None)
    if found is None:
        return None
    return found.rolls, found.target, gun_mods(state, shooter, found, unit.loc), localized(found.name_en, found.name_zh)

"""Operator vehicle actions: boarding, Move, Foot down!, Attack / Mark (alone or with a Move), Deploy, Repair; running
over infantry; the reaction attacks a vehicle's action draws (resolved by ``ovehicle_fire.axis_attack``).

Rulebook chapter: §23 — SAS-OVEH-1 (boarding by Move or Sprint into the vehicle's square), SAS-OVEH-2 (the
vehicles act at the start of the Operator phase, before any operator is activated, with 2 actions each, OQ-43),
SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-5, SAS-OVEH-6, SAS-OVEH-7, SAS-OVEH-8, SAS-OVEH-9 (the actions), SAS-OVEH-7 (sweep like
the Sten, SAS-EQ-2; running over), SAS-OVEH-10 (heard, seen, attacked only with someone aboard, no cover modifiers,
destroyed with everyone aboard), SAS-SETUP-8 (its crew stays aboard until it enters the map) and SAS-SUP-5 (the support
Willys: no Mark). The action cycle mirrors an operator's (``actions.perform``): cost, effect, detection, then the
reaction attacks of alert units that saw it.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, localized, t
from app.core.messages import Command
from app.core.ruling import Modifier, Ruling
from app.systems.sas.axis import alerts
from app.systems.sas.board.movement import empty, step_class
from app.systems.sas.board.reasons import Why, why
from app.systems.sas.choices import fire_now
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.messages import Deploy, FootDown, Repair, VehicleAttack, VehicleMark, VehicleMove
from app.systems.sas.names import facing_name, listed
from app.systems.sas.operators import scuba
from app.systems.sas.operators.operator import illegal
from app.systems.sas.state import OperatorState, OperatorVehicleState, SasState
from app.systems.sas.tables import VehicleAction, WeaponStats
from app.systems.sas.vehicles import ovehicle
from app.systems.sas.vehicles.ovehicle import Leg, vname
from app.systems.sas.vehicles.ovehicle_fire import axis_attack

Cell = tuple[int, int]
SEAT_NAMES = {
    "driver": "driver",
    "front_gunner": "front gunner",
    "rear_gunner": "rear gunner",
    "gunner": "gunner",
    "passenger": "passenger",
    "passenger_1": "passenger",
    "passenger_2": "passenger",
    "passenger_3": "passenger",
}


MOVE_NAMES = {
    "forward": "forward",
    "forward_left": "diagonally forward left",
    "forward_right": "diagonally forward right",
    "turn_left": "forward turn left",
    "turn_right": "forward turn right",
    "reverse": "reverse",
    "reverse_left": "diagonally back left",
    "reverse_right": "diagonally back right",
    "reverse_turn_left": "reverse turn left",
    "reverse_turn_right": "reverse turn right",
}


def moves_text(steps: tuple[str, ...]) -> Text:
    """ "forward turn right, forward ×3" (SAS-OVEH-3)."""
    groups: list[tuple[str, int]] = []
    for step in steps:
        if groups and groups[-1][0] == step:
            groups[-1] = (step, groups[-1][1] + 1)
        else:
            groups.append((step, 1))
    parts = {
        f"m{i}": t(MOVE_NAMES.get(move, move)) if n == 1 else t("{move} ×{n}", move=t(MOVE_NAMES.get(move, move)), n=n)
        for i, (move, n) in enumerate(groups)
    }
    return Text(msg=", ".join("{" + key + "}" for key in parts), args=dict(parts))


def seat_name(seat: str) -> Text:
    """A seat's name for texts."""
    return t(SEAT_NAMES.get(seat, seat))


def cost_of(state: SasState, cmd: Command) -> int:
    """AP of a vehicle action (SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-5, SAS-OVEH-6, SAS-OVEH-7, SAS-OVEH-8, SAS-OVEH-9,
    OQ-43); Move & Attack / Mark costs as the attack (SAS-OVEH-6)."""
    costs = state.rt.tables.operator_vehicles.actions
    kinds: dict[type[Command], VehicleAction] = {
        VehicleMove: "move",
        FootDown: "foot_down",
        VehicleAttack: "attack",
        VehicleMark: "mark",
    }
    name: VehicleAction = kinds.get(type(cmd)) or ("deploy" if isinstance(cmd, Deploy) else "repair")
    return int(costs[name])


def may_act(state: SasState) -> bool:
    """Vehicles act at the start of the Operator phase: before any operator is activated (SAS-OVEH-2)."""
    if state.phase != "operator" or state.activation is not None or state.pending is not None:
        return False
    return not any(o.activated for o in state.operators)


def _vehicle(ctx: Ctx, vehicle_id: str) -> OperatorVehicleState:
    ov = ctx.state.op_vehicle(vehicle_id)
    if ov is None:
        raise illegal("There is no vehicle {v}.", "SAS-OVEH-1", v=vehicle_id)
    return ov


def _needs(state: SasState, ov: OperatorVehicleState, role: str, rule: str) -> None:
    if not ovehicle.seated(state, ov, role):
        if role == "driver":
            raise illegal("The action needs someone in the driver seat.", rule)
        raise illegal("The action needs someone in a gunner seat.", rule)


def gunners_aboard(state: SasState, ov: OperatorVehicleState) -> list[OperatorState]:
    """Operators (and support units) in its gunner seats (SAS-OVEH-5)."""
    seats = {s.id for s in ovehicle.seated(state, ov, "gunner")}
    return [o for o in state.crew(ov.id) if o.seat in seats]


def check(ctx: Ctx, cmd: Command) -> int:
    """AP cost; raises when the vehicle may not take the action now (SAS-OVEH-2, SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-5,
    SAS-OVEH-6, SAS-OVEH-7, SAS-OVEH-8, SAS-OVEH-9)."""
    state = ctx.state
    ov = _vehicle(ctx, cmd.vehicle)  # type: ignore[attr-defined]
    if not may_act(state):
        raise illegal("Vehicles act at the start of the Operator phase, before any operator.", "SAS-OVEH-2")
    cost = cost_of(state, cmd)
    if ov.ap < cost:
        raise illegal("The vehicle has {left} action(s) left; this one costs {ap}.", "SAS-OVEH-2", left=ov.ap, ap=cost)
    moves = isinstance(cmd, VehicleMove | FootDown) or bool(getattr(cmd, "steps", ()))
    if moves:
        _needs(state, ov, "driver", "SAS-OVEH-3")
    if isinstance(cmd, VehicleAttack | VehicleMark):
        _needs(state, ov, "gunner", "SAS-OVEH-5")
    if isinstance(cmd, VehicleMark) and not ovehicle.stats(state.rt, ov.kind).can_mark:
        raise illegal("The support Willys cannot Mark.", "SAS-SUP-5")
    if isinstance(cmd, VehicleMark) and any(o.support for o in gunners_aboard(state, ov)):
        raise illegal("Support units cannot Mark, not even in a vehicle.", "SAS-SUP-1")
    if isinstance(cmd, Repair) and not ovehicle.manned(state, ov):
        raise illegal("Repair needs someone aboard.", "SAS-OVEH-9")
    return cost


def new_turn(ctx: Ctx) -> None:
    """A new Operator phase: every vehicle gets its 2 actions, taken before any operator is activated (SAS-OVEH-2,
    OQ-43)."""
    ap = ctx.state.rt.tables.operator_vehicles.ap_per_turn
    ctx.state = replace(ctx.state, op_vehicles=tuple(replace(v, ap=ap) for v in ctx.state.op_vehicles))
    for ov in ctx.state.op_vehicles:
        if ovehicle.seated(ctx.state, ov, "driver") or ovehicle.seated(ctx.state, ov, "gunner"):
            ctx.emit(
                "vehicle_ready",
                t("{v} has {n} actions; operator vehicles act before any operator.", v=vname(ctx.state, ov), n=ap),
                "SAS-OVEH-2",
                (ov.anchor,),
                instruction=t("Play {v}'s actions first, then activate the operators.", v=vname(ctx.state, ov)),
            )


# --- the action cycle -------------------------------------------------------------------------------------------
def perform(ctx: Ctx, cmd: Command) -> None:
    """One vehicle action: cost, effect, detection, reaction attacks (SAS-OVEH-2, SAS-REACT-1, SAS-REACT-2)."""
    cost = check(ctx, cmd)
    vid: str = cmd.vehicle  # type: ignore[attr-defined]
    ctx.acting = vid
    HANDLERS[type(cmd)](ctx, cmd)  # type: ignore[operator]
    ov = ctx.state.op_vehicle(vid)
    if ov is None:
        return
    left = 0 if isinstance(cmd, VehicleMark) else ov.ap - cost  # Mark is its last action (SAS-MARK-1, D-OVEH-7)
    ctx.state = ctx.state.with_op_vehicle(vid, ap=left)
    alerts.detect(ctx)
    reactions(ctx, vid)
    alerts.ensure_exposed(ctx)


def reactions(ctx: Ctx, vehicle_id: str) -> None:
    """Alert units that saw the vehicle during its action attack it once per phase (SAS-REACT-1, SAS-OVEH-10)."""
    ov = ctx.state.op_vehicle(vehicle_id)
    if ov is None:
        return
    ready = [u for u in ctx.state.units if u.id in ctx.seen and u.id not in ctx.alerted]
    ready = [u for u in ready if (u.id, vehicle_id) not in ctx.state.reacted]
    for unit in sorted(ready, key=lambda u: (min(combat.dist(u.loc, c) for c in ov.cells), u.id)):
        current = ctx.state.op_vehicle(vehicle_id)
        if current is None or ctx.state.unit(unit.id) is None or not ovehicle.target(ctx.state, current):
            return
        ctx.state = replace(ctx.state, reacted=ctx.state.reacted | {(unit.id, vehicle_id)})
        axis_attack(ctx, unit.id, vehicle_id, reaction=True)


# --- driving ------------------------------------------------------------------------------------------------------
def _legs(ctx: Ctx, ov: OperatorVehicleState, steps: tuple[str, ...]) -> list[Leg]:
    budget = ctx.state.rt.tables.operator_vehicles.move_mp
    legs = ovehicle.plan(ctx.state, ov, steps, budget)
    if isinstance(legs, Why):
        raise illegal("The vehicle cannot move that way: {why}.", "SAS-OVEH-3", why=legs)
    return legs


def drive(ctx: Ctx, vehicle_id: str, legs: list[Leg], rule: str) -> None:
    """Drive leg by leg: run over Axis infantry in the squares it enters (SAS-OVEH-7), enter the map (SAS-SETUP-8),
    be seen on the way; its engine is heard at the end (SAS-OVEH-10)."""
    for step in legs:
        ov = ctx.state.op_vehicle(vehicle_id)
        if ov is None:
            return
        before = ov.anchor
        ctx.state = ctx.state.with_op_vehicle(vehicle_id, anchor=(step.key[0], step.key[1]), facing=step.key[2])
        ov = ctx.state.op_vehicle(vehicle_id)
        assert ov is not None
        sq = ctx.label(ov.anchor)
        ctx.emit(
            "vehicle_moved",
            t(
                "{v} drives ({move}) to {sq}, facing {facing}.",
                v=vname(ctx.state, ov),
                move=t(MOVE_NAMES.get(step.move, step.move)),
                sq=sq,
                facing=facing_name(ov.facing),
            ),
            rule,
            (before, ov.anchor),
            instruction=t(
                "Move the {v} token so its front-left square is {sq}, facing {facing}.",
                v=vname(ctx.state, ov),
                sq=sq,
                facing=facing_name(ov.facing),
            ),
        )
        for c in step.new:
            victim = ctx.state.unit_at(c)
            if victim is not None and not victim.is_vehicle and victim.loc == c:
                ctx.emit(
                    "run_over",
                    t("{v} runs over {unit}.", v=vname(ctx.state, ov), unit=ctx.name(victim.id)),
                    "SAS-OVEH-7",
                    (c,),
                )
                combat.kill_unit(ctx, victim.id, "SAS-OVEH-7")
        if not ov.entered and any(c in ctx.state.rt.map_cells for c in ov.cells):
            ctx.state = ctx.state.with_op_vehicle(vehicle_id, entered=True)
            ctx.emit("vehicle_entered", t("{v} enters the map.", v=vname(ctx.state, ov)), "SAS-SETUP-8", (ov.anchor,))
        crew = [o.id for o in ctx.state.crew(vehicle_id)]
        # twigs, cats (SAS-JGR-8, SAS-JGR-9, D-INTEG-6)
        jager_markers.crew_moved(ctx, crew, ov.cells, vname(ctx.state, ov))
        alerts.detect(ctx)
    engine_noise(ctx, vehicle_id)


def engine_noise(ctx: Ctx, vehicle_id: str) -> None:
    """Axis units within the vehicle's noise range turn toward it and flip to alert (SAS-OVEH-10, SAS-NOISE-7)."""
    ov = ctx.state.op_vehicle(vehicle_id)
    if ov is not None and ov.entered:
        heard(ctx, ov, ovehicle.stats(ctx.state.rt, ov.kind).noise, "SAS-OVEH-10", t(" (heard the engine)"))


def heard(ctx: Ctx, ov: OperatorVehicleState, radius: int, rule: str, why: str | Text) -> None:
    """Units within ``radius`` of any square of the vehicle turn toward its nearest square (vehicles turn only by
    driving) and flip to alert (SAS-NOISE-3, SAS-NOISE-7)."""
    if radius <= 0:
        return
    for unit in ctx.state.map_units():
        near = min(((c, u) for c in ov.cells for u in unit.cells), key=lambda p: ovehicle.dist(*p))
        if ovehicle.dist(*near) > radius or unit.mode == "strangled":
            continue
        if not unit.is_vehicle:
            combat.turn_to(ctx, unit.id, near[0], rule)
        alerts.alert(ctx, unit.id, rule, why)


def do_move(ctx: Ctx, cmd: VehicleMove) -> None:
    """Move: up to 4 MP of single moves like an Axis vehicle (SAS-OVEH-3)."""
    ov = _vehicle(ctx, cmd.vehicle)
    drive(ctx, ov.id, _legs(ctx, ov, cmd.steps), "SAS-OVEH-3")


def do_foot_down(ctx: Ctx, cmd: FootDown) -> None:
    """Foot down!: straight ahead, onto regular squares only, up to 5 squares (SAS-OVEH-4, OQ-44)."""
    ov = _vehicle(ctx, cmd.vehicle)
    if ovehicle.stats(ctx.state.rt, ov.kind).foot_down <= 0:
        raise illegal("Only the Willys can put its foot down.", "SAS-OVEH-4")
    most = ovehicle.foot_down_reach(ctx.state, ov)
    if not 1 <= cmd.squares <= most:
        raise illegal("Foot down! can go 1 to {n} square(s) straight ahead from here.", "SAS-OVEH-4", n=most)
    legs = ovehicle.plan(ctx.state, ov, ("forward",) * cmd.squares, cmd.squares)
    assert not isinstance(legs, Why)
    drive(ctx, ov.id, legs, "SAS-OVEH-4")


# --- attacks --------------------------------------------------------------------------------------------------------
def guns(state: SasState, ov: OperatorVehicleState) -> list[tuple[WeaponStats, str | None]]:
    """What its gunners can fire: the vehicle's gun, else (the rowing boat) each gunner's own guns with ammunition,
    with the gunner who holds it (SAS-OVEH-5, SAS-OVEH-13)."""
    table = state.rt.tables.operator_vehicles
    own = ovehicle.stats(state.rt, ov.kind).weapon
    if own is not None:
        return [(next(w for w in table.weapons if w.id == own), None)]
    out: list[tuple[WeaponStats, str | None]] = []
    holders = ovehicle.seating(state, ov)
    for seat in ovehicle.seated(state, ov, "gunner"):
        gunner = state.op(holders[seat.id]) if holders[seat.id] else None
        if gunner is None:
            continue
        for wid in scuba.arms(state, replace(gunner, scuba=False)):
            w = state.rt.tables.weapons[wid]
            if w.kind == "gun" and (w.ammo is None or (gunner.ammo_left(wid) or 0) > 0):
                out.append((w, gunner.id))
    return out


def find_gun(state: SasState, ov: OperatorVehicleState, weapon: str) -> tuple[WeaponStats, str | None] | None:
    """The gun named by a command (empty: the vehicle's own) and who holds it, if its gunners have it."""
    return next(((g, o) for g, o in guns(state, ov) if weapon in ("", g.id)), None)


def gun_for(ctx: Ctx, ov: OperatorVehicleState, weapon: str) -> tuple[WeaponStats, str | None]:
    """``find_gun``, or the illegal-command error."""
    found = find_gun(ctx.state, ov, weapon)
    if found is None:
        raise illegal("The vehicle's gunners have no {weapon}.", "SAS-OVEH-5", weapon=weapon or "gun")
    return found


def gun_mods(state: SasState, ov: OperatorVehicleState, gun: WeaponStats, at: Cell) -> list[Modifier]:
    """Short range +1; the Vickers against a unit inside a building −2; a vehicle's marked attack gets no +2
    (SAS-ATK-2, SAS-OVEH-5, SAS-OVEH-8)."""
    d = ovehicle.gun_distance(ov, state, at)
    mods = []
    if gun.short and d <= gun.short:
        mods.append(Modifier(value=1, reason=t("short range ({d})", d=d), rule_id="SAS-ATK-2"))
    building = getattr(gun, "building", None)
    if building is not None and state.rt.grid.terrain(at) == "building":
        mods.append(Modifier(value=building, reason=t("target inside a building"), rule_id="SAS-OVEH-8"))
    return mods


def _unit_target(ctx: Ctx, target: str) -> Cell:
    unit = ctx.state.unit(target)
    if unit is None or unit.on_spawn:
        raise illegal("There is no target {target} on the map.", "SAS-ATK-1", target=target)
    return unit.loc


def shoot(ctx: Ctx, vehicle_id: str, weapon: str, target: str, *, marked: bool = False) -> None:
    """One roll of the vehicle's gun whichever gunners fire (SAS-OVEH-5), the Sten-like sweep (SAS-OVEH-7), noise
    and the surviving target (SAS-ATK-6, SAS-ATK-7, SAS-ATK-8, SAS-ATK-9)."""
    ov = _vehicle(ctx, vehicle_id)
    gun, owner = gun_for(ctx, ov, weapon)
    loc = _unit_target(ctx, target)
    why = ovehicle.gun_problem(ctx.state, ov, gun, loc)
    if why:
        raise illegal("The vehicle cannot attack: {why}.", "SAS-OVEH-5", why=why.text())
    mods = gun_mods(ctx.state, ov, gun, loc)
    name = localized(gun.name_en, gun.name_zh)
    title = t("{v} fires the {weapon} at {target}", v=vname(ctx.state, ov), weapon=name, target=ctx.name(target))
    rule = "SAS-OVEH-5"
    dice = combat.roll(ctx, gun.rolls, gun.target, mods, title)
    hits = sum(1 for d in dice if d.success)
    if owner is not None and gun.ammo is not None:
        gunner = ctx.state.op(owner)
        ctx.state = ctx.state.with_op(owner, ammo=tuple((w, n - 1 if w == gun.id else n) for w, n in gunner.ammo))
    result = t("{n} success(es)", n=hits)
    if marked:
        result = t("{result}; a vehicle's marked attack gets no +2", result=result)
    ruling = Ruling(title=title, rule_id=rule, dice=dice, target=gun.target, modifiers=tuple(mods), result=result)
    ctx.emit("attack", t("{title}: {result}.", title=title, result=result), rule, (ov.anchor, loc), ruling=ruling)
    was_alert = {u.id for u in ctx.state.units if u.alert}
    _hits(ctx, ov, gun, target, loc=loc, hits=hits)
    _heard(ctx, vehicle_id, gun)
    _survivor(ctx, vehicle_id, target, was_alert)


def _hits(ctx: Ctx, ov: OperatorVehicleState, gun: WeaponStats, target: str, *, loc: Cell, hits: int) -> None:
    """Successes in order, each unit taking as many as it can: the target first — the first success kills infantry,
    each is a damage marker on a vehicle, an armoured one takes none from a gun (SAS-ATK-3, SAS-AVEH-12, SAS-SUP-15)
    — then, with several dice, units next to any square of it in the gunners' arcs, range and LOS, nearest the
    vehicle first (SAS-OVEH-7, SAS-EQ-2, D-ATK-1, D-VDMG-2)."""
    first = ctx.state.unit(target)
    if hits <= 0 or first is None:
        return
    near = [u for u in ctx.state.map_units() if u.id != target and combat.gap(u, first) == 1]
    extra = [u for u in near if gun.sweep and ovehicle.gun_problem(ctx.state, ov, gun, u.loc) is None]
    extra.sort(key=lambda u: (ovehicle.gun_distance(ov, ctx.state, u.loc), u.id))
    for unit_id, rule in [(target, "SAS-ATK-3"), *((u.id, "SAS-OVEH-7") for u in extra)]:
        if hits > 0:
            hits = combat.gun_hits(ctx, unit_id, hits, rule)


def _heard(ctx: Ctx, vehicle_id: str, gun: WeaponStats) -> None:
    """A noisy gun advances the meter, alerts units in range and, in Battle, exposes the crew (SAS-NOISE-1, SAS-NOISE-3,
    SAS-SEEN-6)."""
    ov = ctx.state.op_vehicle(vehicle_id)
    if ov is None or gun.noise <= 0:
        return
    alerts.advance_meter(ctx, "SAS-NOISE-1")
    heard(ctx, ov, gun.noise, "SAS-NOISE-3", t(" (heard the noise)"))
    if ctx.state.section == "battle":
        expose_crew(ctx, vehicle_id, "SAS-SEEN-6")


def expose_crew(ctx: Ctx, vehicle_id: str, rule: str) -> None:
    """Everyone aboard swaps to his exposed token (SAS-OVEH-10)."""
    for op in ctx.state.crew(vehicle_id):
        alerts.expose(ctx, op.id, rule)


def _survivor(ctx: Ctx, vehicle_id: str, target: str, was_alert: set[str]) -> None:
    """A target that survives turns toward the vehicle, flips, exposes the crew and shouts; an alert one that sees
    the vehicle reacts at once (SAS-ATK-9, SAS-REACT-5)."""
    unit, ov = ctx.state.unit(target), ctx.state.op_vehicle(vehicle_id)
    if unit is None or ov is None:
        return
    combat.turn_to(ctx, target, ovehicle.nearest(ov.cells, unit.loc), "SAS-ATK-9")
    alerts.alert(ctx, target, "SAS-ATK-9", t(" (was attacked)"))
    expose_crew(ctx, vehicle_id, "SAS-ATK-9")
    alerts.shout(ctx, target)
    unit = ctx.state.unit(target)
    if target in was_alert and unit is not None and ovehicle.sees(ctx.state, unit, ov):
        ctx.alerted.discard(target)
        ctx.seen.add(target)


def _attack_move(ctx: Ctx, cmd: VehicleAttack | VehicleMark) -> list[Leg]:
    ov = _vehicle(ctx, cmd.vehicle)
    if not cmd.steps:
        return []
    legs = _legs(ctx, ov, cmd.steps)
    if cmd.move_first:
        drive(ctx, ov.id, legs, "SAS-OVEH-6")
        return []
    return legs


def _move_after(ctx: Ctx, cmd: VehicleAttack | VehicleMark, legs: list[Leg]) -> None:
    """The move after the attack, checked again: if the attack changed the way (D-ATK-2) the move is called off."""
    ov = ctx.state.op_vehicle(cmd.vehicle)
    if not legs or ov is None:
        return
    again = ovehicle.plan(ctx.state, ov, cmd.steps, ctx.state.rt.tables.operator_vehicles.move_mp)
    if isinstance(again, Why):
        ctx.emit("move_cancelled", t("The move is called off: {why}.", why=again.text()), "SAS-OVEH-6")
        return
    drive(ctx, ov.id, again, "SAS-OVEH-6")


def do_attack(ctx: Ctx, cmd: VehicleAttack) -> None:
    """Attack, or Move & Attack with the move before or after (SAS-OVEH-5, SAS-OVEH-6)."""
    after = _attack_move(ctx, cmd)
    if ctx.state.op_vehicle(cmd.vehicle) is None:
        return
    shoot(ctx, cmd.vehicle, cmd.weapon, cmd.target)
    _move_after(ctx, cmd, after)


def do_mark(ctx: Ctx, cmd: VehicleMark) -> None:
    """Mark: the gunners' mark tokens on one Axis unit (one on a spawn tile too); its marked attack is one roll of
    the vehicle's gun without the +2, made in the coming Axis phases (SAS-OVEH-5, SAS-OVEH-6, SAS-MARK-1,
    SAS-MARK-2)."""
    ov = _vehicle(ctx, cmd.vehicle)
    gun, _owner = gun_for(ctx, ov, cmd.weapon)
    if ctx.state.unit(cmd.target) is None:
        raise illegal("Mark an Axis unit (one on a spawn tile too).", "SAS-MARK-1")
    after = _attack_move(ctx, cmd)
    ctx.state = ctx.state.with_op_vehicle(cmd.vehicle, mark=cmd.target, mark_weapon=gun.id)
    gunners = gunners_aboard(ctx.state, ov)
    who = listed([ctx.name(o.id) for o in gunners])
    ctx.emit(
        "marked",
        t(
            "{v}'s gunners mark {target}; the vehicle's actions end.",
            v=vname(ctx.state, ov),
            target=ctx.name(cmd.target),
        ),
        "SAS-OVEH-5",
        (ov.anchor,),
        instruction=t("Put the mark token(s) of {who} on {target}.", who=who, target=ctx.name(cmd.target)),
    )
    _move_after(ctx, cmd, after)


def fire_marks(ctx: Ctx) -> None:
    """Vehicles' marked attacks when the player makes them, by default the first moment each is possible (SAS-MARK-2,
    SAS-MARK-3, D-MARK-1), after the operators'."""
    for ov in ctx.state.op_vehicles:
        current = ctx.state.op_vehicle(ov.id)
        if current is None or current.mark is None or current.mark_weapon is None:
            continue
        unit = ctx.state.unit(current.mark)
        if unit is None or unit.on_spawn or not ovehicle.target(ctx.state, current):
            continue
        found = find_gun(ctx.state, current, current.mark_weapon)  # None: the gunner left or ran out
        if found is None or ovehicle.gun_problem(ctx.state, current, found[0], unit.loc) is not None:
            continue
        gun = found[0]
        if not fire_now(ctx, vname(ctx.state, current), ctx.name(unit.id), ov.id):  # SAS-MARK-3
            continue
        ctx.state = ctx.state.with_op_vehicle(ov.id, mark=None, mark_weapon=None)
        ctx.emit(
            "marked_attack",
            t("{v} makes its marked attack on {target}.", v=vname(ctx.state, current), target=ctx.name(unit.id)),
            "SAS-MARK-2",
            (current.anchor,),
            instruction=t("Return the mark token(s) to the gunners' boards."),
        )
        shoot(ctx, ov.id, gun.id, unit.id, marked=True)


def return_marks(ctx: Ctx) -> None:
    """Unused vehicle marks go back in the End phase (SAS-MARK-7)."""
    if any(v.mark is not None for v in ctx.state.op_vehicles):
        vehicles = tuple(replace(v, mark=None, mark_weapon=None) for v in ctx.state.op_vehicles)
        ctx.state = replace(ctx.state, op_vehicles=vehicles)


# --- Deploy and Repair ------------------------------------------------------------------------------------------
def deploy_problem(state: SasState, ov: OperatorVehicleState, op: OperatorState, to: Cell) -> Why | None:
    """Why ``op`` cannot be put in ``to`` next to the vehicle (SAS-OVEH-9, SAS-SETUP-8), or None."""
    if not ov.entered:
        return why("crew_aboard")
    rt = state.rt
    touching = [c for c in ov.cells if ovehicle.dist(c, to) == 1]
    if to in ov.cells or not touching or not rt.grid.contains(to):
        return why("not_next_vehicle")
    swims = scuba.geared(op)
    if not any(step_class(rt, c, to, swim=swims) == "open" for c in touching if rt.grid.contains(c)):
        return why("terrain")
    if not empty(state, to) or to in state.templates:
        return why("occupied")
    return None


def do_deploy(ctx: Ctx, cmd: Deploy) -> None:
    """Deploy: an operator leaves for a square next to the vehicle (then acts with his full 4 AP this turn), or
    changes seat (SAS-OVEH-9); the support Willys' own driver and gunner never leave (SAS-SUP-5)."""
    ov = _vehicle(ctx, cmd.vehicle)
    op = ctx.state.op(cmd.operator)
    if op.aboard != ov.id or op.status != "active":
        raise illegal("{op} is not aboard.", "SAS-OVEH-9", op=ctx.name(cmd.operator))
    if (cmd.to is None) == (cmd.seat is None):
        raise illegal("Deploy names a square next to the vehicle or a free seat.", "SAS-OVEH-9")
    if cmd.seat is not None:
        if cmd.seat not in ovehicle.free_seats(ctx.state, ov):
            raise illegal("The {seat} seat is not free.", "SAS-OVEH-9", seat=cmd.seat)
        ctx.state = ctx.state.with_op(op.id, seat=cmd.seat)
        ctx.emit(
            "seat_changed",
            t("{op} moves to the {seat} seat.", op=ctx.name(op.id), seat=seat_name(cmd.seat)),
            "SAS-OVEH-9",
            instruction=t(
                "Move {op} to the {seat} seat of the vehicle sheet.", op=ctx.name(op.id), seat=seat_name(cmd.seat)
            ),
        )
        return
    to: Cell = tuple(cmd.to)  # type: ignore[arg-type, assignment]
    if (why := deploy_problem(ctx.state, ov, op, to)) is not None:
        raise illegal("Cannot deploy there: {why}.", "SAS-OVEH-9", why=why)
    ctx.state = ctx.state.with_op(op.id, loc=to, aboard=None, seat=None, facing=ov.facing, activated=False)
    ctx.emit(
        "deployed",
        t(
            "{op} deploys from the vehicle to {sq}; he may act with his full AP this turn.",
            op=ctx.name(op.id),
            sq=ctx.label(to),
        ),
        "SAS-OVEH-9",
        (to,),
        instruction=t("Take {op} from the vehicle sheet and put him at {sq}.", op=ctx.name(op.id), sq=ctx.label(to)),
    )
    scuba.swap_token(ctx, op.id)
    alerts.detect(ctx)


def do_repair(ctx: Ctx, cmd: Repair) -> None:
    """Repair: +1 HP, never above the HP box with the repair symbol (SAS-OVEH-9)."""
    ov = _vehicle(ctx, cmd.vehicle)
    cap = ovehicle.stats(ctx.state.rt, ov.kind).repair
    now = ovehicle.hp(ctx.state, ov)
    if now >= cap:
        raise illegal("Repair never raises the vehicle above {cap} HP.", "SAS-OVEH-9", cap=cap)
    ctx.state = ctx.state.with_op_vehicle(ov.id, damage=ov.damage - 1)
    ctx.emit(
        "vehicle_repaired",
        t("{v} is repaired: {hp} HP.", v=vname(ctx.state, ov), hp=now + 1),
        "SAS-OVEH-9",
        instruction=t("Remove one damage marker from the vehicle sheet."),
    )


HANDLERS = {
    VehicleMove: do_move,
    FootDown: do_foot_down,
    VehicleAttack: do_attack,
    VehicleMark: do_mark,
    Deploy: do_deploy,
    Repair: do_repair,
}


# --- boarding (SAS-OVEH-1) -----------------------------------------------------------------------------------------
def board_problem(state: SasState, op: OperatorState, at: Cell, seat: str | None) -> Why | None:
    """Why the operator cannot board the vehicle in the adjacent square ``at`` now, or None (SAS-OVEH-1)."""
    ov = state.op_vehicle_at(at)
    if ov is None:
        return why("no_vehicle")
    assert op.loc is not None
    if ovehicle.dist(op.loc, at) != 1:
        return why("not_adjacent_square")
    if step_class(state.rt, op.loc, at, op.crouched, swim=True) != "open":
        return why("terrain")
    if op.disguised:
        return why("disguise_vehicle")
    if op.carrying:
        return why("board_carrying")
    free = ovehicle.free_seats(state, ov)
    if not free or (seat is not None and seat not in free):
        return why("no_seat")
    return None


def board(ctx: Ctx, op_id: str, at: Cell, seat: str | None, rule: str) -> None:
    """Put the operator on a free seat of the vehicle sheet; in Battle the Willys' crew is exposed at once; units
    that see the vehicle react to it (SAS-OVEH-1, SAS-OVEH-10)."""
    op = ctx.state.op(op_id)
    if (why := board_problem(ctx.state, op, at, seat)) is not None:
        raise illegal("Cannot board: {why}.", "SAS-NANCY-3" if op.disguised else rule, why=why)
    ov = ctx.state.op_vehicle_at(at)
    assert ov is not None
    chosen = seat or ovehicle.free_seats(ctx.state, ov)[0]
    ctx.state = ctx.state.with_op(op_id, loc=None, aboard=ov.id, seat=chosen, crouched=False, scuba=False)
    ctx.emit(
        "boarded",
        t("{op} boards {v} ({seat}).", op=ctx.name(op_id), v=vname(ctx.state, ov), seat=seat_name(chosen)),
        "SAS-OVEH-1",
        (op.loc, at),
        instruction=t("Move {op} to the {seat} seat of the vehicle sheet.", op=ctx.name(op_id), seat=seat_name(chosen)),
    )
    if ctx.state.section == "battle" and ovehicle.stats(ctx.state.rt, ov.kind).alarm_exposes:
        alerts.expose(ctx, op_id, "SAS-OVEH-10")
    # boarding is a move: twig, cat (SAS-JGR-8, SAS-JGR-9, D-INTEG-6)
    jager_markers.operator_entered(ctx, op_id, op.loc, at)
    ctx.acting = ov.id
    alerts.detect(ctx)
    reactions(ctx, ov.id)

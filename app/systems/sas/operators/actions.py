"""Operator actions beyond movement, and the action cycle: cost, effect, detection, reaction attacks.

Rulebook chapters: §8 operator attacks (SAS-ATK-1, SAS-ATK-4, SAS-KNIFE-1, SAS-KNIFE-2, SAS-KNIFE-3, SAS-KNIFE-4,
SAS-AIM-1, SAS-AIM-2, SAS-BLIND-1, SAS-BLIND-2, SAS-BLIND-3; the dice are rolled in ``shooting``), §7.5–7.7 (SAS-PICK-1,
SAS-PLACE-1, SAS-PLACE-2, SAS-PLACE-3, SAS-RECOVER-1, SAS-REVEAL-1, SAS-REVEAL-2, SAS-REVEAL-3), SAS-EVT-8 (cigarette),
SAS-EQ-4, SAS-EQ-5, SAS-EQ-8 (placing a trap, Lewes bomb or landmine; Mark and items: ``marks``, ``items``), §11
reaction attacks (SAS-REACT-1, SAS-REACT-2, SAS-REACT-3, SAS-REACT-4, SAS-REACT-5, SAS-REACT-6) and SAS-MSN-1 (leaving
by the entry/exit tile).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.core.messages import Command
from app.systems.sas.axis import alerts
from app.systems.sas.board.movement import empty
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.messages import (
    AbortGarrote,
    Aim,
    Attack,
    BlindFire,
    ChangeClothes,
    Climb,
    Crouch,
    Exfiltrate,
    Mark,
    Move,
    PickLock,
    PickUp,
    Place,
    Recover,
    RemoveTwig,
    Reveal,
    Sprint,
    Stand,
    Talk,
    Throw,
    UseCigarette,
    UseFailureMarker,
    UseMedpack,
)
from app.systems.sas.names import equipment_name
from app.systems.sas.operators import barrel as barrels
from app.systems.sas.operators import disguise, items, marks, scuba, shooting
from app.systems.sas.operators.operator import (
    check_allowed,
    do_climb,
    do_move,
    do_posture,
    do_sprint,
    enter,
    illegal,
    knife_problem,
    step_ok,
)
from app.systems.sas.state import ObjectState
from app.systems.sas.vehicles import breakdown, ovehicle_actions

Cell = tuple[int, int]


def _side_move(ctx: Ctx, cmd: Attack | Place | Throw, *, checked: bool = False) -> None:
    """The 1-square move of Move & Attack / Move & Throw / Move & Place (SAS-ATK-4, SAS-PLACE-1).

    ``checked``: the move comes after the attack and was checked before it; if the attack itself blocked the
    square (a blast template, D-ATK-2) the move is called off instead of undoing the dice. Before he steps, who sees
    him where he attacked is checked: an alert unit that saw him on any square of the action reacts, at −2 if he
    ends out of its sight (SAS-REACT-1, SAS-REACT-4).
    """
    if cmd.move_to is None:
        return
    if checked:
        alerts.detect(ctx)
    why = step_ok(ctx, ctx.state.op(cmd.operator), cmd.move_to, "open")
    if why and checked:
        ctx.emit("move_cancelled", t("The move is called off: {why}.", why=why.text()), "SAS-ATK-4")
        return
    if why:
        raise illegal("Cannot move there: {why}.", "SAS-ATK-4", why=why)
    enter(ctx, cmd.operator, cmd.move_to, "SAS-ATK-4")


def do_attack(ctx: Ctx, cmd: Attack) -> None:
    """Attack, Move & Attack, Stand & Attack or knife (SAS-ATK-1, SAS-ATK-4, SAS-CROUCH-1, SAS-KNIFE-1)."""
    op = ctx.state.op(cmd.operator)
    shooter = scuba.moved(ctx.state, op, cmd.move_to) if cmd.move_to and cmd.move_first else op
    if cmd.weapon not in scuba.arms(ctx.state, shooter):
        if shooter.scuba:
            raise illegal("In the water only the speargun can be used, once per activation.", "SAS-EQ-16")
        if shooter.disguised:
            raise illegal("In her civilian clothes only the garrote: change clothes first (4 AP).", "SAS-NANCY-5")
        raise illegal(
            "{op} has no {weapon}.", "SAS-BRD-11", op=ctx.name(op.id), weapon=equipment_name(ctx.state, cmd.weapon)
        )
    if ctx.state.rt.tables.weapons[cmd.weapon].kind == "garrote":
        disguise.do_garrote(ctx, cmd)  # SAS-NANCY-9
        return
    if op.crouched:
        ctx.state = ctx.state.with_op(op.id, crouched=False)
        ctx.emit("operator_posture", t("{op} stands up to attack.", op=ctx.name(op.id)), "SAS-CROUCH-1")
    weapon = ctx.state.rt.tables.weapons[cmd.weapon]
    knifing = weapon.kind == "knife" and cmd.move_to is not None and cmd.move_first
    if knifing and (why := knife_problem(ctx, ctx.state.op(op.id), cmd.target, cmd.move_to)):  # type: ignore[arg-type]
        raise illegal("Cannot assassinate: {why}.", "SAS-KNIFE-1", why=why)
    if cmd.move_first:
        _side_move(ctx, cmd)
    elif cmd.move_to is not None and (why := step_ok(ctx, ctx.state.op(op.id), cmd.move_to, "open")):
        raise illegal("Cannot move there: {why}.", "SAS-ATK-4", why=why)
    if weapon.kind == "knife":
        _knife(ctx, cmd)
    else:
        shooting.shoot(ctx, op.id, cmd.weapon, cmd.target)
    if not cmd.move_first and ctx.state.op(op.id).on_map:
        _side_move(ctx, cmd, checked=True)


def do_throw(ctx: Ctx, cmd: Throw) -> None:
    """Throw a grenade, alone or as a Move & Attack with the move before or after it (SAS-EQ-6, SAS-EQ-7, SAS-ATK-4)."""
    if cmd.move_first:
        _side_move(ctx, cmd)
    elif cmd.move_to is not None and (why := step_ok(ctx, ctx.state.op(cmd.operator), cmd.move_to, "open")):
        raise illegal("Cannot move there: {why}.", "SAS-ATK-4", why=why)
    items.throw(ctx, cmd.operator, cmd.to)
    if not cmd.move_first and ctx.state.op(cmd.operator).on_map:
        _side_move(ctx, cmd, checked=True)


def _knife(ctx: Ctx, cmd: Attack) -> None:
    """Knife from behind. After the move of a Move & Attack the assassination is checked again: if he was seen
    on the way (exposed, SAS-KNIFE-2) or the target turned, the knife is called off and the move stands
    (decision D-KNIFE-1)."""
    op = ctx.state.op(cmd.operator)
    assert op.loc is not None
    why = knife_problem(ctx, op, cmd.target, op.loc)
    if why and cmd.move_to is not None and cmd.move_first:
        ctx.emit("knife_cancelled", t("The assassination is called off: {why}.", why=why.text()), "SAS-KNIFE-2")
        return
    if why:
        raise illegal("Cannot assassinate: {why}.", "SAS-KNIFE-1", why=why)
    shooting.knife(ctx, op.id, cmd.target)


def do_blind_fire(ctx: Ctx, cmd: BlindFire) -> None:
    """Blind fire: attack staying crouched, −2, exposed but not visible (SAS-BLIND-1, SAS-BLIND-2, SAS-BLIND-3,
    SAS-LOS-10, OQ-64)."""
    op = ctx.state.op(cmd.operator)
    weapon = ctx.state.rt.tables.weapons.get(cmd.weapon)
    if cmd.weapon not in scuba.arms(ctx.state, op) or weapon is None or weapon.kind != "gun":
        raise illegal(
            "{op} has no gun {weapon}.", "SAS-BLIND-1", op=ctx.name(op.id), weapon=equipment_name(ctx.state, cmd.weapon)
        )
    shooting.shoot(ctx, op.id, cmd.weapon, cmd.target, blind=True)


def do_aim(ctx: Ctx, cmd: Aim) -> None:
    """Aim: +2 against that unit for the rest of the activation (SAS-AIM-1)."""
    op = ctx.state.op(cmd.operator)
    shooting.target_loc(ctx, cmd.target)
    guns = [w for w in scuba.arms(ctx.state, op) if ctx.state.rt.tables.weapons[w].kind == "gun"]
    if all(shooting.aim_at(ctx, op.id, w, cmd.target)[1] for w in guns):
        raise illegal(
            "Cannot aim at {target}: not in range and LOS of a weapon.", "SAS-AIM-1", target=ctx.name(cmd.target)
        )
    act = ctx.state.activation
    assert act is not None
    ctx.state = replace(ctx.state, activation=replace(act, aimed=(*act.aimed, cmd.target)))
    ctx.emit("aimed", t("{op} aims at {target}.", op=ctx.name(op.id), target=ctx.name(cmd.target)), "SAS-AIM-1")


def do_pick_up(ctx: Ctx, cmd: PickUp) -> None:
    """Pick up what lies in his square: a used trap (an item, also crouched) and a fuel barrel he moved onto or else a
    corpse (an object, standing only), together if both are there (SAS-PICK-1, SAS-OBJ-1, SAS-OBJ-6, SAS-EQ-4,
    SAS-CROUCH-2, OQ-65)."""
    op = ctx.state.op(cmd.operator)
    here = ctx.state.objects_at(op.loc) if op.loc else ()
    trap = next((o for o in here if o.kind == "trap_used"), None)
    barrel = next((o for o in here if o.kind == "fuel_barrel"), None) if barrels.on_barrel(ctx.state, op) else None
    corpse = barrel or next((o for o in here if o.kind == "corpse"), None)
    corpse = None if op.crouched or op.carrying or cmd.what == "item" else corpse
    trap = None if cmd.what == "object" else trap
    if barrel is not None and corpse is None:
        raise illegal("{op} stands on the fuel barrel: he must pick it up first.", "SAS-PICK-1", op=ctx.name(op.id))
    if trap is None and corpse is None:
        raise illegal("There is nothing here he can pick up.", "SAS-PICK-1")
    if trap is not None:
        ctx.state = ctx.state.without_objects([trap.id]).with_op(op.id, items=shooting.gain(op.items, "trap"))
        ctx.emit("picked_up", t("{op} picks up the used trap.", op=ctx.name(op.id)), "SAS-EQ-4", (op.loc,))
    if corpse is not None:
        ctx.state = ctx.state.with_object(replace(corpse, loc=None)).with_op(op.id, carrying=corpse.id)
        who = ctx.name(op.id)
        what = t("{op} picks up a fuel barrel.", op=who) if barrel else t("{op} picks up a corpse.", op=who)
        ctx.emit("picked_up", what, "SAS-PICK-1", (op.loc,))


def do_place(ctx: Ctx, cmd: Place) -> None:
    """Place the carried corpse or a Lewes bomb in an adjacent square (SAS-PLACE-1, SAS-EQ-5, SAS-DECK-4)."""
    if cmd.move_first:
        _side_move(ctx, cmd)
    op = ctx.state.op(cmd.operator)
    assert op.loc is not None
    if max(abs(op.loc[0] - cmd.to[0]), abs(op.loc[1] - cmd.to[1])) != 1 or not ctx.state.rt.grid.contains(cmd.to):
        raise illegal("Objects are placed in an adjacent square.", "SAS-PLACE-1")
    if cmd.item in ("lewes_bomb", "rat_bomb"):
        _place_bomb(ctx, cmd)
    elif cmd.item in ("landmine", "trap"):
        items.place_device(ctx, op.id, cmd.item, cmd.to)
    else:
        _place_object(ctx, op.id, cmd.to)
    if not cmd.move_first:
        _side_move(ctx, cmd)


def _place_object(ctx: Ctx, op_id: str, to: Cell) -> None:
    """Put down the carried corpse or fuel barrel; a barrel needs an empty square (SAS-PLACE-1, SAS-OBJ-6)."""
    op = ctx.state.op(op_id)
    obj = ctx.state.obj(op.carrying or "")
    if obj is None:
        raise illegal("{op} carries no object.", "SAS-PLACE-1", op=ctx.name(op.id))
    if obj.kind == "fuel_barrel" and (not empty(ctx.state, to) or to in ctx.state.templates):
        raise illegal("A fuel barrel goes in an empty square.", "SAS-OBJ-6")
    ctx.state = ctx.state.with_object(replace(obj, loc=to)).with_op(op.id, carrying=None)
    if obj.kind == "fuel_barrel":
        text = t("{op} places a fuel barrel at {sq}.", op=ctx.name(op.id), sq=ctx.label(to))
    else:
        text = t("{op} places a corpse at {sq}.", op=ctx.name(op.id), sq=ctx.label(to))
    ctx.emit("placed", text, "SAS-PLACE-1", (to,))
    if obj.kind == "corpse" and scuba.swim(ctx.state.rt, to):  # a corpse in the water is gone at once (SAS-OBJ-3)
        ctx.state = ctx.state.without_objects([obj.id])
        ctx.emit(
            "corpse_sunk",
            t("The corpse sinks in the water."),
            "SAS-OBJ-3",
            (to,),
            instruction=t("Remove the corpse token from {sq}.", sq=ctx.label(to)),
        )
    alerts.detect(ctx)  # a corpse appearing in Axis LOS alerts it (SAS-PLACE-2, SAS-OBJ-4)


def _place_bomb(ctx: Ctx, cmd: Place) -> None:
    """A Lewes bomb, or a rat bomb, identical but with its own rat-bomb event card (SAS-EQ-5, SAS-EQ-17)."""
    op = ctx.state.op(cmd.operator)
    rat = cmd.item == "rat_bomb"
    rule = "SAS-EQ-17" if rat else "SAS-EQ-5"
    if op.item_count(cmd.item) < 1:
        if rat:
            raise illegal("{op} has no rat bomb.", rule, op=ctx.name(op.id))
        raise illegal("{op} has no Lewes bomb.", rule, op=ctx.name(op.id))
    if not 1 <= cmd.position <= 20:
        raise illegal("The bomb card goes 1st to 20th in the event deck.", "SAS-DECK-4")
    ctx.state, bomb_id = ctx.state.with_op(op.id, items=shooting.spend(op.items, cmd.item)).new_id("bomb")
    ctx.state = ctx.state.with_object(
        ObjectState(bomb_id, "rat_bomb" if rat else "lewes_bomb", cmd.to, fuse=cmd.position)
    )
    where, n = ctx.label(cmd.to), cmd.position
    if rat:
        text = t("{op} places a rat bomb at {sq}; its card goes {n} in the deck.", op=ctx.name(op.id), sq=where, n=n)
        todo = t(
            "Put a rat bomb token at {sq} and insert the rat-bomb card at position {n} of the event deck.",
            sq=where,
            n=n,
        )
    else:
        text = t("{op} places a Lewes bomb at {sq}; its card goes {n} in the deck.", op=ctx.name(op.id), sq=where, n=n)
        todo = t("Put a Lewes bomb token at {sq} and insert its card at position {n} of the event deck.", sq=where, n=n)
    ctx.emit("bomb_placed", text, rule, (cmd.to,), instruction=todo)


def do_recover(ctx: Ctx, cmd: Recover) -> None:
    """Recover 1 HP, never above the recovery point (SAS-RECOVER-1)."""
    op = ctx.state.op(cmd.operator)
    cap = ctx.state.rt.tables.board(op.board_id).recovery
    if op.hp >= cap:
        raise illegal("Recover never raises HP above the recovery point {cap}.", "SAS-RECOVER-1", cap=cap)
    ctx.state = ctx.state.with_op(op.id, hp=op.hp + 1)
    ctx.emit("recovered", t("{op} recovers 1 HP ({hp}).", op=ctx.name(op.id), hp=op.hp + 1), "SAS-RECOVER-1")


def do_reveal(ctx: Ctx, cmd: Reveal) -> None:
    """Reveal: exposed; in Stealth the nearest Axis unit(s) flip to alert (SAS-REVEAL-1, SAS-REVEAL-2, SAS-REVEAL-3)."""
    op = ctx.state.op(cmd.operator)
    assert op.loc is not None
    alerts.expose(ctx, op.id, "SAS-REVEAL-1")
    disguise.reveal_note(ctx, op.id)  # SAS-NANCY-5
    units = ctx.state.map_units()
    if ctx.state.section == "stealth" and units:
        near = min(u.distance(op.loc) for u in units)
        for unit in units:
            if unit.distance(op.loc) == near:
                alerts.alert(ctx, unit.id, "SAS-REVEAL-1", t(" (nearest to the revealed operator)"))


def do_cigarette(ctx: Ctx, cmd: UseCigarette) -> None:
    """Give the cigarette to an unalert unit: no LOS, no moving or turning this turn (SAS-EVT-8). Without the
    cigarette marker, a cigarette box does the same once (SAS-EQ-20, D-KS-4)."""
    unit = ctx.state.unit(cmd.target)
    op = ctx.state.op(cmd.operator)
    marker = ctx.state.cigarette == f"op:{op.id}"
    if not marker and not op.item_count("cigarette_box"):
        raise illegal("{op} does not hold the cigarette.", "SAS-EVT-8", op=ctx.name(cmd.operator))
    if unit is None or unit.alert or unit.on_spawn:
        raise illegal("The cigarette goes on an unalert Axis unit on the map.", "SAS-EVT-8")
    if marker:
        ctx.state = replace(ctx.state, cigarette=f"unit:{unit.id}")
        todo = t("Put the cigarette marker on {unit}.", unit=ctx.name(unit.id))
    else:
        ctx.state = ctx.state.with_op(op.id, items=shooting.spend(op.items, "cigarette_box"))
        todo = t(
            "Discard {op}'s cigarette box and put a cigarette marker on {unit}.",
            op=ctx.name(op.id),
            unit=ctx.name(unit.id),
        )
    ctx.state = ctx.state.with_unit(unit.id, cigarette=True)
    rule = "SAS-EVT-8" if marker else "SAS-EQ-20"
    ctx.emit("cigarette", t("{unit} lights a cigarette.", unit=ctx.name(unit.id)), rule, (unit.loc,), instruction=todo)


def do_exfiltrate(ctx: Ctx, cmd: Exfiltrate) -> None:
    """Leave the map from an entry/exit square (SAS-MSN-1, D-MSN-2)."""
    op = ctx.state.op(cmd.operator)
    if op.loc not in ctx.state.rt.entry_exit:
        raise illegal("Operators leave only from the entry/exit tile.", "SAS-MSN-1")
    ctx.state = ctx.state.with_op(op.id, status="exfiltrated", loc=None)
    ctx.emit("exfiltrated", t("{op} leaves the map.", op=ctx.name(op.id)), "SAS-MSN-1", (op.loc,))


def do_remove_twig(ctx: Ctx, cmd: RemoveTwig) -> None:
    """Clear away the twig under him without a sound (SAS-JGR-9)."""
    twig = next((m for m in jager_markers.markers(ctx.state, "twig") if m.operator == cmd.operator), None)
    if twig is None:
        raise illegal("There is no twig under {op}.", "SAS-JGR-9", op=ctx.name(cmd.operator))
    jager_markers.remove_marker(ctx, twig.id)
    ctx.emit(
        "twig_removed",
        t("{op} carefully clears the twig away.", op=ctx.name(cmd.operator)),
        "SAS-JGR-9",
        (twig.loc,),
        instruction=t("Remove the twig marker."),
    )


def do_pick_lock(ctx: Ctx, cmd: PickLock) -> None:
    """Pick the lock of a door beside him: the lock marker is removed (SAS-JGR-10)."""
    op = ctx.state.op(cmd.operator)
    assert op.loc is not None
    lock = next((m for m in jager_markers.locks_at(ctx.state, op.loc) if m.id == cmd.lock), None)
    if lock is None:
        raise illegal("{op} stands at no such locked door.", "SAS-JGR-10", op=ctx.name(cmd.operator))
    jager_markers.remove_marker(ctx, lock.id)
    a, b = lock.loc, lock.other or lock.loc
    ctx.emit(
        "lock_picked",
        t("{op} picks the lock of the door between {a} and {b}.", op=ctx.name(op.id), a=ctx.label(a), b=ctx.label(b)),
        "SAS-JGR-10",
        (a, b),
        instruction=t("Remove the lock marker between {a} and {b}.", a=ctx.label(a), b=ctx.label(b)),
    )


def move_or_board(ctx: Ctx, cmd: Move) -> None:
    """Move 1 square; into an operator vehicle's square: board it (SAS-MOVE-1, SAS-OVEH-1)."""
    if ctx.state.op_vehicle_at(cmd.to) is None:
        do_move(ctx, cmd)
    else:
        ovehicle_actions.board(ctx, cmd.operator, cmd.to, cmd.seat, "SAS-MOVE-1")


def sprint_or_board(ctx: Ctx, cmd: Sprint) -> None:
    """Sprint; a path whose last square is an operator vehicle's boards it there (SAS-SPRINT-1, SAS-OVEH-1)."""
    if not cmd.path or ctx.state.op_vehicle_at(cmd.path[-1]) is None:
        do_sprint(ctx, cmd)
        return
    op = ctx.state.op(cmd.operator)
    if len(cmd.path) > 1:
        do_sprint(ctx, cmd.model_copy(update={"path": cmd.path[:-1]}))
        op = ctx.state.op(cmd.operator)
    if not op.on_map:
        return
    if (why := ovehicle_actions.board_problem(ctx.state, op, cmd.path[-1], cmd.seat)) is not None:
        raise illegal("Cannot sprint: {why}.", "SAS-SPRINT-1", why=why)
    ovehicle_actions.board(ctx, cmd.operator, cmd.path[-1], cmd.seat, "SAS-SPRINT-1")


HANDLERS = {
    Move: move_or_board,
    Sprint: sprint_or_board,
    Climb: do_climb,
    Crouch: do_posture,
    Stand: do_posture,
    Attack: do_attack,
    Aim: do_aim,
    BlindFire: do_blind_fire,
    Mark: marks.do_mark,
    Throw: do_throw,
    UseMedpack: items.do_medpack,
    PickUp: do_pick_up,
    Place: do_place,
    Recover: do_recover,
    Reveal: do_reveal,
    UseCigarette: do_cigarette,
    UseFailureMarker: breakdown.do_failure,
    Exfiltrate: do_exfiltrate,
    RemoveTwig: do_remove_twig,
    PickLock: do_pick_lock,
    ChangeClothes: disguise.do_change_clothes,
    Talk: disguise.do_talk,
    AbortGarrote: disguise.do_abort,
}


NOT_ACTIONS = (UseFailureMarker,)  # card effects placed "at any moment": no action, no reaction (SAS-HM-1)


def perform(ctx: Ctx, cmd: Command) -> None:
    """One action: check cost and posture, apply it, then detection and reaction attacks (SAS-REACT-2). A card
    effect that is no action (the failure marker, SAS-HM-1) changes nothing anyone sees and triggers no reaction."""
    cost = check_allowed(ctx, cmd)
    op_id: str = cmd.operator  # type: ignore[attr-defined]
    ctx.acting = op_id
    HANDLERS[type(cmd)](ctx, cmd)  # type: ignore[operator]
    act = ctx.state.activation
    assert act is not None
    ctx.state = replace(ctx.state, activation=replace(act, ap=act.ap - cost))
    if isinstance(cmd, NOT_ACTIONS):
        return
    if ctx.state.op(op_id).on_map:
        alerts.detect(ctx)
        reactions(ctx, op_id)
    if isinstance(cmd, Exfiltrate | Mark) or not ctx.state.op(op_id).on_map:
        ctx.state = replace(ctx.state, activation=None)  # Mark is the last action (SAS-MARK-1)
    alerts.ensure_exposed(ctx)


def reactions(ctx: Ctx, op_id: str) -> None:
    """Alert units that saw him during the action attack once per phase (SAS-REACT-1, SAS-REACT-2, SAS-REACT-3,
    SAS-REACT-4, SAS-REACT-5, SAS-REACT-6)."""
    op = ctx.state.op(op_id)
    assert op.loc is not None
    ready = [u for u in ctx.state.units if u.id in ctx.seen and u.id not in ctx.alerted]
    ready = [u for u in ready if (u.id, op_id) not in ctx.state.reacted]
    for unit in sorted(ready, key=lambda u: (u.distance(op.loc), u.id)):  # type: ignore[arg-type]
        if ctx.state.op(op_id).on_map and ctx.state.unit(unit.id) is not None:
            ctx.state = replace(ctx.state, reacted=ctx.state.reacted | {(unit.id, op_id)})
            combat.axis_attack(ctx, unit.id, op_id, reaction=True)
    act = ctx.state.activation
    if act is not None:
        pending = tuple(sorted(u for u in ctx.alerted if ctx.state.unit(u) is not None))
        ctx.state = replace(ctx.state, activation=replace(act, pending=pending))

"""The Operator phase: activations, actions and their AP costs, reaction attacks.

Rulebook chapters: §7 operator phase and actions (SAS-OP-1, SAS-OP-2, SAS-OP-3, SAS-ACT-1, SAS-ACT-2, SAS-MOVE-1,
SAS-SPRINT-1, SAS-SPRINT-2, SAS-CLIMB-1, SAS-CROUCH-1, SAS-CROUCH-2, SAS-PICK-1, SAS-PLACE-1, SAS-PLACE-2, SAS-PLACE-3,
SAS-RECOVER-1, SAS-REVEAL-1, SAS-REVEAL-2), §8 attacks (SAS-ATK-1, SAS-ATK-2, SAS-ATK-3, SAS-ATK-4, SAS-ATK-5,
SAS-ATK-6, SAS-ATK-7, SAS-ATK-8, SAS-ATK-9, SAS-KNIFE-1, SAS-KNIFE-2, SAS-KNIFE-3, SAS-KNIFE-4, SAS-KNIFE-5, SAS-AIM-1,
SAS-AIM-2, SAS-EQ-2) and §11 reaction attacks (SAS-REACT-1, SAS-REACT-2, SAS-REACT-3, SAS-REACT-4, SAS-REACT-5,
SAS-REACT-6). Action costs and which posture allows what come from ``data/actions.json``. Visibility is checked in every
square an operator enters and at the end of every action (SAS-LOS-6).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.errors import IllegalCommandError
from app.core.i18n import Text, localized, t
from app.core.messages import Command
from app.systems.sas.axis import alerts
from app.systems.sas.board.facing import VEC
from app.systems.sas.board.movement import empty, step_class
from app.systems.sas.board.reasons import Why, why
from app.systems.sas.board.vision import undercover
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.messages import (
    ACTION_LABELS,
    AbortGarrote,
    Aim,
    Attack,
    BlindFire,
    ChangeClothes,
    Climb,
    Crouch,
    Exfiltrate,
    KeepRoll,
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
    UseRabbitsFoot,
)
from app.systems.sas.operators import scuba
from app.systems.sas.operators.barrel import on_barrel
from app.systems.sas.state import OperatorState, SasState, UnitState
from app.systems.sas.tables import ActionCost

Cell = tuple[int, int]
OCCUPIED = why("occupied")
ACTION_OF = {
    Move: "move",
    Sprint: "sprint",
    Climb: "climb",
    Crouch: "crouch",
    Stand: "stand",
    Attack: "attack",
    Aim: "aim",
    Mark: "mark",
    BlindFire: "blind_fire",
    Throw: "throw",
    UseMedpack: "medpack",
    PickUp: "pick_up",
    Place: "place",
    Recover: "recover",
    Reveal: "reveal",
    UseCigarette: "cigarette",
    UseFailureMarker: "failure_marker",
    UseRabbitsFoot: "rabbits_foot",
    KeepRoll: "keep_roll",
    Exfiltrate: "exfiltrate",
    RemoveTwig: "remove_twig",
    PickLock: "pick_lock",
    ChangeClothes: "change_clothes",
    Talk: "talk",
    AbortGarrote: "abort_garrote",
}


def illegal(msg: str, rule: str, **args: str | int | Text | Why) -> IllegalCommandError:
    """An IllegalCommandError with a translatable reason (a ``Why`` argument becomes its Text)."""
    return IllegalCommandError(t(msg, **{k: v.text() if isinstance(v, Why) else v for k, v in args.items()}), rule)


# The action-table rows that are not command kinds of their own (ACTION_LABELS names the others).
ROW_LABELS = {"stand_attack": "Stand & Attack", "stand_throw": "Stand & Throw"}


def action_name(row_id: str) -> Text:
    """What a player calls an action-table row ("Stand & Attack", "Move"), never its id (SAS-ACT-1)."""
    if row_id in ROW_LABELS:
        return t(ROW_LABELS[row_id])
    return t(ACTION_LABELS[row_id]) if row_id in ACTION_LABELS else localized(row_id.replace("_", " "))


def action_id(ctx: Ctx, cmd: Command) -> str:
    """The action-table row of a command (Stand & Attack when a crouched operator attacks)."""
    name = ACTION_OF[type(cmd)]
    op = ctx.state.op(cmd.operator)  # type: ignore[attr-defined]
    if name in ("attack", "throw") and op.crouched:
        if getattr(cmd, "move_to", None) is not None:  # Move & Attack is not in the crouched list (SAS-ACT-2)
            if name == "throw":
                raise illegal("Move & Throw is not allowed while crouched: stand up first (0 AP).", "SAS-ACT-2")
            raise illegal("Move & Attack is not allowed while crouched: stand up first (0 AP).", "SAS-ACT-2")
        return f"stand_{name}"
    return name


def posture_allows(row: ActionCost, op: OperatorState, state: SasState) -> bool:
    """Whether his state allows the action: a support unit's card, Nancy undercover, carrying, scuba mode, crouched
    or standing (SAS-ACT-2, SAS-SUP-1, SAS-NANCY-3, SAS-EQ-15)."""
    if (op.support and not row.support) or (undercover(state, op) and not row.disguised):
        return False
    if op.carrying:
        return row.carrying
    if op.scuba:
        return row.scuba
    return row.crouched if op.crouched else row.standing


def check_allowed(ctx: Ctx, cmd: Command) -> int:
    """AP cost of the command; raises if the posture or the AP left forbid it (SAS-ACT-1, SAS-ACT-2, SAS-OP-2)."""
    act = ctx.state.activation
    op_id: str = cmd.operator  # type: ignore[attr-defined]
    if act is None or act.operator != op_id:
        raise illegal("{op} is not the operator being activated.", "SAS-OP-1", op=ctx.name(op_id))
    op = ctx.state.op(op_id)
    _restricted(ctx, op, cmd)
    row = ctx.state.rt.tables.actions[action_id(ctx, cmd)]
    action = action_name(row.id)
    if op.support and not row.support:
        raise illegal("{action} is not on the support-unit card.", "SAS-SUP-1", action=action)
    if undercover(ctx.state, op) and not row.disguised:
        raise illegal("{action} is not allowed to Nancy in her disguise.", "SAS-NANCY-3", action=action)
    if not posture_allows(row, op, ctx.state):
        posture = t("carrying an object") if op.carrying else (t("crouched") if op.crouched else t("standing"))
        if op.scuba:
            raise illegal("{action} is not allowed in scuba mode.", "SAS-EQ-15", action=action)
        raise illegal("{action} is not allowed while {posture}.", "SAS-ACT-2", action=action, posture=posture)
    if act.ap < row.ap:
        raise illegal("{action} costs {ap} AP; {left} left.", row.rule, action=action, ap=row.ap, left=act.ap)
    return int(row.ap)


def enter(ctx: Ctx, op_id: str, to: Cell, rule: str) -> None:
    """Put the operator in ``to`` and check who sees him there (SAS-LOS-6, SAS-SEEN-2). On a fuel barrel's square he
    then picks it up as his next, free action (SAS-PICK-1, OQ-65, ``barrel``)."""
    op = ctx.state.op(op_id)
    if op.talking is not None:  # she walks away: the talk ends (SAS-NANCY-7)
        alerts.end_talk(ctx, op.talking, "SAS-NANCY-7", t(" (she walks away)"))
    ctx.state = ctx.state.with_op(op_id, loc=to)
    ctx.emit("operator_moved", t("{op} moves to {sq}.", op=ctx.name(op_id), sq=ctx.label(to)), rule, (op.loc, to))
    scuba.swap_token(ctx, op_id)  # into or out of the water (SAS-EQ-14)
    jager_markers.operator_entered(ctx, op_id, op.loc, to)  # a twig snaps, a cat is startled (SAS-JGR-8, SAS-JGR-9)
    alerts.smell(ctx, op_id)  # dogs nearby (SAS-HD-7)
    alerts.detect(ctx)


def step_ok(ctx: Ctx, op: OperatorState, to: Cell, wanted: str, *, barrel: bool = False) -> Why | None:
    """Why the 1-square step is not a legal ``wanted`` ("open" move or "climb") step, or None; ``barrel``: a Move
    onto a fuel barrel he will pick up (OQ-65). Nancy undercover crosses no low wall and enters no forest, but may
    step onto an Axis unit's square on her way (SAS-NANCY-3, ``through_problem``)."""
    assert op.loc is not None
    if max(abs(op.loc[0] - to[0]), abs(op.loc[1] - to[1])) != 1:
        return why("not_adjacent_square")
    if jager_markers.locked(ctx.state, op.loc, to):
        return why("door_locked")
    hidden = undercover(ctx.state, op)
    cls = step_class(
        ctx.state.rt, op.loc, to, op.crouched or hidden, op.item_count("grappling_hook") > 0, swim=scuba.geared(op)
    )
    if cls != wanted or to in ctx.state.templates:
        return why("terrain") if cls != "climb" else why("needs_climb")
    if hidden and ctx.state.rt.tables.terrain.squares[ctx.state.rt.grid.terrain(to)].no_disguise:
        return why("not_disguised")
    if (wet := scuba.step_problem(ctx.state, op, to)) is not None:
        return wet
    if empty(ctx.state, to) or (barrel and barrel_to_take(ctx, op, to)):
        return None
    return OCCUPIED


def _axis_square(state: SasState, at: Cell) -> bool:
    """A square held by an Axis infantry unit and nothing else that blocks a step (SAS-NANCY-3)."""
    unit = state.unit_at(at)
    if unit is None or unit.is_vehicle or state.op_at(at) is not None:
        return False
    return not any(o.kind == "fuel_barrel" for o in state.objects_at(at))


def through_problem(ctx: Ctx, op: OperatorState, to: Cell) -> Why | None:
    """Why Nancy may not step onto the Axis unit's square ``to``, or None: only undercover, and only if with the AP
    she will have left she can still end her move in an empty square (SAS-NANCY-3, decision D-NANCY-2)."""
    act = ctx.state.activation
    if not undercover(ctx.state, op) or not _axis_square(ctx.state, to) or act is None:
        return OCCUPIED
    there = Ctx(ctx.state.with_op(op.id, loc=to), ctx.roller)
    frontier, seen = [to], {to}
    for _ in range(act.ap - ctx.state.rt.tables.actions["move"].ap):
        nxt = []
        for here in frontier:
            walker = replace(op, loc=here)
            for c in ctx.state.rt.grid.neighbours(here):
                step = None if c in seen else step_ok(there, walker, c, "open")
                if c not in seen and step is None:
                    return None
                if step == OCCUPIED and _axis_square(ctx.state, c):
                    seen.add(c)
                    nxt.append(c)
        frontier = nxt
    return why("no_empty_end")


def sharing(state: SasState, op: OperatorState) -> bool:
    """Nancy stands on an Axis unit's square, on her way through it (SAS-NANCY-3)."""
    return op.loc is not None and state.unit_at(op.loc) is not None


def strangling_victim(state: SasState, op: OperatorState) -> str | None:
    """The unit Nancy holds in the garrote, if it is still alive (SAS-NANCY-9)."""
    return op.strangling if op.strangling is not None and state.unit(op.strangling) is not None else None


def _restricted(ctx: Ctx, op: OperatorState, cmd: Command) -> None:
    """While she passes through an Axis unit's square she only moves on; while she holds a victim in the garrote she
    only rolls again or gives up (SAS-NANCY-3, SAS-NANCY-9, SAS-NANCY-11)."""
    if sharing(ctx.state, op) and not isinstance(cmd, Move):
        raise illegal(
            "{op} is passing through an Axis unit's square: she must move on first.", "SAS-NANCY-3", op=ctx.name(op.id)
        )
    if on_barrel(ctx.state, op) and not isinstance(cmd, PickUp):
        raise illegal("{op} stands on the fuel barrel: he must pick it up first.", "SAS-PICK-1", op=ctx.name(op.id))
    victim = strangling_victim(ctx.state, op)
    if victim is None or isinstance(cmd, AbortGarrote):
        return
    if not (isinstance(cmd, Attack) and cmd.weapon == "garrote" and cmd.target == victim and cmd.move_to is None):
        raise illegal(
            "{op} holds a victim in the garrote: roll again or give it up.", "SAS-NANCY-9", op=ctx.name(op.id)
        )


def barrel_to_take(ctx: Ctx, op: OperatorState, to: Cell) -> bool:
    """A standing operator carrying nothing may end a move on a lone fuel barrel's square, and then picks it up
    at once (SAS-OBJ-1, SAS-OBJ-6, OQ-65)."""
    state = ctx.state
    if op.crouched or op.carrying or state.unit_at(to) is not None or state.op_at(to) is not None:
        return False
    return [o.kind for o in state.objects_at(to) if o.kind == "fuel_barrel"] == ["fuel_barrel"]


def do_move(ctx: Ctx, cmd: Move) -> None:
    """Move 1 square (SAS-MOVE-1); Nancy undercover also onto an Axis unit's square on her way (SAS-NANCY-3)."""
    op = ctx.state.op(cmd.operator)
    why = step_ok(ctx, op, cmd.to, "open")
    if why == OCCUPIED:  # Nancy undercover may pass through an Axis unit's square (SAS-NANCY-3)
        why = through_problem(ctx, op, cmd.to)
    take = why is not None and step_ok(ctx, op, cmd.to, "open", barrel=True) is None
    if why and not take:
        raise illegal("Cannot move there: {why}.", "SAS-MOVE-1", why=why)
    enter(ctx, cmd.operator, cmd.to, "SAS-MOVE-1")


def do_climb(ctx: Ctx, cmd: Climb) -> None:
    """Climb 1 square over a hedge, window or onto a crate; with a grappling hook into rock or over a high wall at
    a grapple symbol (SAS-CLIMB-1, SAS-CLIMB-2, SAS-EQ-9)."""
    why = step_ok(ctx, ctx.state.op(cmd.operator), cmd.to, "climb")
    if why:
        raise illegal("Cannot climb there: {why}.", "SAS-CLIMB-1", why=why)
    enter(ctx, cmd.operator, cmd.to, "SAS-CLIMB-1")


def sprint_problem(ctx: Ctx, op: OperatorState, path: tuple[Cell, ...]) -> Why | None:
    """Why the sprint path is illegal (SAS-SPRINT-1), or None. It may end on a fuel barrel he will pick up
    (SAS-PICK-1, OQ-65)."""
    if not 1 <= len(path) <= 3:
        return why("sprint_length")
    here = op.loc
    assert here is not None
    rt = ctx.state.rt
    swims = scuba.geared(op)
    for i, to in enumerate(path):
        if max(abs(here[0] - to[0]), abs(here[1] - to[1])) != 1 or step_class(rt, here, to, swim=swims) != "open":
            return why("cannot_run", a=rt.label(here), b=rt.label(to))
        if to in ctx.state.templates:
            return why("template_blocks")
        if jager_markers.locked(ctx.state, here, to):
            return why("door_locked")
        both = rt.tables.terrain.squares[rt.grid.terrain(here)].no_sprint_between
        if both and rt.grid.terrain(here) == rt.grid.terrain(to):
            return why("forest_sprint")
        if (wet := _sprint_water(ctx, op, i, to, len(path))) is not None:
            return wet
        here = to
    if empty(ctx.state, path[-1]) or barrel_to_take(ctx, op, path[-1]):  # he then picks up the barrel (OQ-65)
        return None
    return why("last_occupied")


def _sprint_water(ctx: Ctx, op: OperatorState, i: int, to: Cell, steps: int) -> Why | None:
    """In scuba mode a sprint leaves the water with its first step; a sprint into the water ends there (SAS-EQ-14,
    SAS-EQ-15)."""
    rt = ctx.state.rt
    if op.scuba and i == 0:
        if scuba.wet(rt, to, True):
            return why("sprint_out_water")
        assert op.loc is not None
        return why("water_exit") if scuba.exit_blocked(rt, op.loc, to) else None
    if scuba.swim(rt, to) and i + 1 < steps:
        return why("sprint_water_end")
    return None


def do_sprint(ctx: Ctx, cmd: Sprint) -> None:
    """Sprint up to 3 squares; units adjacent to a square he enters hear him (SAS-SPRINT-1, SAS-SPRINT-2)."""
    why = sprint_problem(ctx, ctx.state.op(cmd.operator), cmd.path)
    if why:
        raise illegal("Cannot sprint: {why}.", "SAS-SPRINT-1", why=why)
    for to in cmd.path:
        enter(ctx, cmd.operator, to, "SAS-SPRINT-1")
        for unit in ctx.state.map_units():
            if unit.distance(to) == 1:
                combat.turn_to(ctx, unit.id, to, "SAS-SPRINT-2")
                alerts.alert(ctx, unit.id, "SAS-SPRINT-2", t(" (heard the sprint)"))
        alerts.detect(ctx)


def do_posture(ctx: Ctx, cmd: Crouch | Stand) -> None:
    """Crouch (1 AP) or stand (0 AP) (SAS-CROUCH-1)."""
    crouch = isinstance(cmd, Crouch)
    ctx.state = ctx.state.with_op(cmd.operator, crouched=crouch)
    name = ctx.name(cmd.operator)
    text = t("{op} crouches.", op=name) if crouch else t("{op} stands up.", op=name)
    ctx.emit("operator_posture", text, "SAS-CROUCH-1")


def rear_square(loc: Cell, facing: str) -> Cell:
    """The square directly behind a unit (SAS-KNIFE-5, OQ-19)."""
    fx, fy = VEC[facing]
    return (loc[0] - fx, loc[1] - fy)


def assassinable(state: SasState, unit: UnitState) -> bool:
    """Only foot infantry (riflemen, SMG infantry, officers) can be knifed; never a vehicle (SAS-KNIFE-1)."""
    stats = state.rt.tables.units.get(unit.kind)
    return not unit.is_vehicle and stats is not None and stats.knife_target


def knife_problem(ctx: Ctx, op: OperatorState, unit_id: str, at: Cell) -> Why | None:
    """Why an operator in ``at`` cannot knife the unit (SAS-KNIFE-1, SAS-KNIFE-2, SAS-KNIFE-3, SAS-KNIFE-4,
    SAS-KNIFE-5), or None."""
    unit = ctx.state.unit(unit_id)
    if unit is None or unit.on_spawn:
        return why("no_unit")
    if not assassinable(ctx.state, unit):
        return why("knife_infantry")
    if op.exposed:
        return why("knife_exposed")
    if at != rear_square(unit.loc, unit.facing):
        return why("knife_behind")
    if any(f.kind == "door" for f in ctx.state.rt.grid.edge_between(at, unit.loc)):
        return why("knife_door")
    return None

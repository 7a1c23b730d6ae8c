"""Nancy (Fearless): the civilian disguise, talking, the garrote and the End-phase suspicion check.

Rulebook chapter: §25 (SAS-NANCY-1, SAS-NANCY-2, SAS-NANCY-3, SAS-NANCY-4, SAS-NANCY-5, SAS-NANCY-6, SAS-NANCY-7,
SAS-NANCY-8, SAS-NANCY-9, SAS-NANCY-10, SAS-NANCY-11). Her board has a civilian-disguise side; changing clothes costs 4
AP (SAS-NANCY-2). Undercover — disguised, not exposed, before the alarm (``vision.undercover``) — she only moves (no
crouch, climb, sprint, low walls or forest; through Axis units' squares on her way, ``operator.through_problem``),
garrotes, reveals herself and talks (SAS-NANCY-3, the ``disguised`` column of ``data/actions.json``), and the Axis do
not detect her. Her civilian side hides the normal side's equipment (``OperatorState.item_count``, ``scuba.arms``): even
exposed she changes back before using a gun, a bomb or the knife (SAS-NANCY-5). A talk turns the unit toward her and
suspends its LOS until she walks away, it is alerted or the alarm sounds (SAS-NANCY-6, SAS-NANCY-7,
``alerts.end_talk``). The garrote is an assassination from behind that needs 6+, then one less per failed roll within
the activation, never below 2+ (SAS-NANCY-9, OQ-49); a held victim neither acts nor reacts; witnesses alert and expose
her (SAS-NANCY-10); giving up lets the victim turn, alert, shout and attack her (SAS-NANCY-11). In the Stealth End
phase, before anything else, undercover Nancy in any Axis LOS and not talking advances the meter by 1, the End phase's
one increase (SAS-NANCY-4, OQ-22).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.core.ruling import Ruling
from app.systems.sas.axis import alerts
from app.systems.sas.board.reasons import Why, why
from app.systems.sas.board.vision import in_sight, sees_square, undercover
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.messages import AbortGarrote, Attack, ChangeClothes, Talk
from app.systems.sas.operators.operator import enter, illegal, knife_problem, step_ok, strangling_victim
from app.systems.sas.operators.scuba import arms
from app.systems.sas.state import OperatorState, SasState

Cell = tuple[int, int]
GARROTE_FLOOR = 2  # the garrote's target never drops below 2+ (OQ-49)


def do_change_clothes(ctx: Ctx, cmd: ChangeClothes) -> None:
    """Put on or take off the civilian disguise: swap her token, flip her board (SAS-NANCY-2). Her exposure is
    unchanged (decision D-NANCY-4); a talk ends."""
    op = ctx.state.op(cmd.operator)
    if not ctx.state.rt.tables.board(op.board_id).disguise:
        raise illegal("Only a board with a civilian-disguise side can change clothes.", "SAS-NANCY-1")
    if op.talking is not None:
        alerts.end_talk(ctx, op.talking, "SAS-NANCY-2")
    name = ctx.name(op.id)
    if op.disguised:
        ctx.state = ctx.state.with_op(op.id, disguised=False)
        text = t("{op} changes back into her uniform: her board's equipment can be used again.", op=name)
        todo = t("Swap {op}'s disguised token for her normal token and flip her board to its normal side.", op=name)
    else:
        ctx.state = ctx.state.with_op(op.id, disguised=True, crouched=False)
        text = t("{op} puts on her civilian disguise.", op=name)
        todo = t("Swap {op}'s token for her disguised token and flip her board to its disguise side.", op=name)
    ctx.emit("changed_clothes", text, "SAS-NANCY-2", (op.loc,), instruction=todo)


def talk_problem(state: SasState, op: OperatorState, unit_id: str) -> Why | None:
    """Why Nancy cannot talk to the unit now (SAS-NANCY-6), or None."""
    unit = state.unit(unit_id)
    if not undercover(state, op):
        return why("talk_undercover")
    if op.talks < 1:
        return why("no_talk_token")
    if op.talking is not None:
        return why("already_talking")
    if unit is None or unit.on_spawn or unit.is_vehicle or not state.rt.tables.units[unit.kind].knife_target:
        return why("talk_infantry")
    if unit.alert or unit.mode:
        return why("talk_unalert")
    assert op.loc is not None
    if abs(unit.loc[0] - op.loc[0]) + abs(unit.loc[1] - op.loc[1]) != 1:
        return why("talk_orthogonal")
    return None


def do_talk(ctx: Ctx, cmd: Talk) -> None:
    """Talk: 1 AP and a talk token; the unit turns to face her, its LOS suspended while the talk lasts (SAS-NANCY-6)."""
    op = ctx.state.op(cmd.operator)
    why = talk_problem(ctx.state, op, cmd.target)
    if why:
        raise illegal("Cannot talk to {unit}: {why}.", "SAS-NANCY-6", unit=ctx.name(cmd.target), why=why)
    unit = ctx.state.unit(cmd.target)
    assert unit is not None and op.loc is not None
    talks = op.talks - 1
    ctx.state = ctx.state.with_op(op.id, talks=talks, talking=unit.id, talk_facing=unit.facing)
    ctx.state = ctx.state.with_unit(unit.id, mode="talking")
    ctx.emit(
        "talk",
        t("{op} talks to {unit} ({n} talk token(s) left).", op=ctx.name(op.id), unit=ctx.name(unit.id), n=talks),
        "SAS-NANCY-6",
        (op.loc, unit.loc),
        instruction=t("Flip {op}'s token to its talk side and discard a talk token.", op=ctx.name(op.id)),
    )
    combat.turn_to(ctx, unit.id, op.loc, "SAS-NANCY-6")


def talking_to(state: SasState, op: OperatorState) -> str | None:
    """The unit Nancy is talking to, if the talk still lasts (SAS-NANCY-7)."""
    unit = state.unit(op.talking) if op.talking is not None else None
    return unit.id if unit is not None and unit.mode == "talking" else None


def garrote_problem(ctx: Ctx, op: OperatorState, unit_id: str, at: Cell) -> Why | None:
    """Why Nancy in ``at`` cannot use the garrote on the unit, or None: a victim she already holds (exposed or not,
    SAS-NANCY-10), or a new assassination from behind like the knife (SAS-NANCY-9, SAS-KNIFE-1, SAS-KNIFE-2,
    SAS-KNIFE-3, SAS-KNIFE-4, SAS-KNIFE-5)."""
    if "garrote" not in arms(ctx.state, op):
        return why("garrote_disguise")
    held = strangling_victim(ctx.state, op)
    if held is not None:
        return None if held == unit_id and at == op.loc else why("holds_victim")
    return knife_problem(ctx, op, unit_id, at)


def do_garrote(ctx: Ctx, cmd: Attack) -> None:
    """A garrote attempt, alone or after the 1-square move of a Move & Attack (SAS-NANCY-9, SAS-ATK-4). If she is
    seen on the way and exposed, the attempt is called off and the move stands, as for the knife (D-KNIFE-1)."""
    op = ctx.state.op(cmd.operator)
    assert op.loc is not None
    if cmd.move_to is not None and not cmd.move_first:
        raise illegal("The garrote holds her in place: no move after it.", "SAS-NANCY-9")
    at = cmd.move_to if cmd.move_to is not None else op.loc
    why = garrote_problem(ctx, op, cmd.target, at)
    if why:
        raise illegal("Cannot use the garrote: {why}.", "SAS-NANCY-9", why=why)
    if cmd.move_to is not None:
        if why := step_ok(ctx, op, cmd.move_to, "open"):
            raise illegal("Cannot move there: {why}.", "SAS-ATK-4", why=why)
        enter(ctx, op.id, cmd.move_to, "SAS-ATK-4")
        if why := garrote_problem(ctx, ctx.state.op(op.id), cmd.target, cmd.move_to):
            ctx.emit("garrote_cancelled", t("The garrote is called off: {why}.", why=why.text()), "SAS-KNIFE-2")
            return
    if op.crouched:
        ctx.state = ctx.state.with_op(op.id, crouched=False)
        ctx.emit("operator_posture", t("{op} stands up to attack.", op=ctx.name(op.id)), "SAS-CROUCH-1")
    garrote(ctx, op.id, cmd.target)


def garrote_target(state: SasState, op_id: str) -> int:
    """The number the next garrote roll needs: 6, one less per roll failed this activation, at least 2 (OQ-49)."""
    act = state.activation
    tries = act.garrote if act is not None and act.operator == op_id else 0
    first: int = state.rt.tables.weapons["garrote"].target
    return max(GARROTE_FLOOR, first - tries)


def garrote(ctx: Ctx, op_id: str, target: str) -> None:
    """Roll the garrote: success kills (a corpse), failure leaves the victim held; witnesses alert and expose her
    (SAS-NANCY-9, SAS-NANCY-10)."""
    op = ctx.state.op(op_id)
    need = garrote_target(ctx.state, op_id)
    title = t("{op} garrotes {unit} from behind", op=ctx.name(op_id), unit=ctx.name(target))
    dice = combat.roll(ctx, 1, need, [], title, lucky=True)
    won = dice[0].success
    result = t("strangled to death") if won else t("the victim struggles on, held in the garrote")
    ruling = Ruling(title=title, rule_id="SAS-NANCY-9", dice=dice, target=need, result=result)
    ctx.emit("attack", t("{title}: {result}.", title=title, result=result), "SAS-NANCY-9", (op.loc,), ruling=ruling)
    _witnesses(ctx, op_id, target)
    if won:
        combat.kill_unit(ctx, target, "SAS-NANCY-9")
        alerts.detect(ctx)
        return
    ctx.state = ctx.state.with_unit(target, mode="strangled").with_op(op_id, strangling=target)
    act = ctx.state.activation
    if act is not None and act.operator == op_id:
        ctx.state = replace(ctx.state, activation=replace(act, garrote=act.garrote + 1))
    victim = ctx.name(target)
    ctx.emit(
        "strangled",
        t("{unit} is held in the garrote: it can neither act nor react until she finishes or lets go.", unit=victim),
        "SAS-NANCY-9",
        instruction=t("Mark {unit} as held in the garrote.", unit=victim),
    )


def _witnesses(ctx: Ctx, op_id: str, target: str) -> None:
    """Other Axis units with the victim in their LOS flip to alert and shout; Nancy is exposed (SAS-NANCY-10)."""
    victim = ctx.state.unit(target)
    if victim is None:
        return
    seen_by = [u for u in ctx.state.map_units() if u.id != target and sees_square(ctx.state, u, victim.loc)]
    for unit in seen_by:
        alerts.alert(ctx, unit.id, "SAS-NANCY-10", t(" (witnessed the garrote)"))
        alerts.shout(ctx, unit.id)
    if seen_by:
        alerts.expose(ctx, op_id, "SAS-NANCY-10")


def do_abort(ctx: Ctx, cmd: AbortGarrote) -> None:
    """Give up the garrote: the victim turns to face her, flips to alert and shouts; she is exposed and it attacks her
    at once, its one reaction this phase (SAS-NANCY-11)."""
    op = ctx.state.op(cmd.operator)
    victim = strangling_victim(ctx.state, op)
    if victim is None or op.loc is None:
        raise illegal("{op} holds no one in the garrote.", "SAS-NANCY-11", op=ctx.name(op.id))
    combat.release(ctx, victim)
    ctx.emit("garrote_abandoned", t("{op} lets go of the garrote.", op=ctx.name(op.id)), "SAS-NANCY-11", (op.loc,))
    combat.turn_to(ctx, victim, op.loc, "SAS-NANCY-11")
    alerts.alert(ctx, victim, "SAS-NANCY-11", t(" (escaped the garrote)"))
    alerts.shout(ctx, victim)
    alerts.expose(ctx, op.id, "SAS-NANCY-11")
    ctx.state = replace(ctx.state, reacted=ctx.state.reacted | {(victim, op.id)})
    combat.axis_attack(ctx, victim, op.id, reaction=True, rule="SAS-NANCY-11")


def suspicion(ctx: Ctx) -> bool:
    """End phase step 1: undercover Nancy, not talking, in the LOS of an Axis unit advances the meter by 1, before
    and instead of the other End-phase increase (SAS-NANCY-4, SAS-NANCY-7, OQ-22). True if it did."""
    state = ctx.state
    for op in state.active_ops():
        if not undercover(state, op) or talking_to(state, op) is not None:
            continue
        watchers = [u for u in state.map_units() if in_sight(state, u, op)]
        if not watchers:
            continue
        names = {f"u{i}": ctx.name(u.id) for i, u in enumerate(watchers)}
        who = Text(msg=", ".join("{" + key + "}" for key in names), args=dict(names))
        ctx.emit(
            "suspicion",
            t("{op} is in the open under the eyes of {units}: suspicion grows.", op=ctx.name(op.id), units=who),
            "SAS-NANCY-4",
            (op.loc,),
        )
        alerts.advance_meter(ctx, "SAS-NANCY-4", by_op=op.id)
        return True
    return False


def reveal_note(ctx: Ctx, op_id: str) -> None:
    """Revealed in her disguise she acts like any operator but changes clothes (4 AP) before using her board's
    equipment (SAS-NANCY-5)."""
    if ctx.state.op(op_id).disguised:
        ctx.emit(
            "disguise_revealed",
            t(
                "{op} is revealed in her civilian clothes: 4 AP to change before using her board's equipment.",
                op=ctx.name(op_id),
            ),
            "SAS-NANCY-5",
        )

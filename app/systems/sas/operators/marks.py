"""Mark (overwatch): the Mark action and the marked attacks made during the Axis phases.

Rulebook chapter: §8.4 Mark (SAS-MARK-1, SAS-MARK-2, SAS-MARK-3, SAS-MARK-4, SAS-MARK-5, SAS-MARK-6, SAS-MARK-7) with
SAS-LOS-4 (outside his activation an operator sees only his front 90°) and SAS-EQ-6 (a grenade marks a square, without
the +2). The rules let the player attack "at any moment" of the following Axis Advance, Event and Patrol phases: at
every moment the attack is possible — at the start of every Axis Advance / Patrol step, after each square an Axis unit
enters (before that unit can spot anyone), and in the Event phase after the card is drawn but before its effects
(SAS-MARK-3) — he attacks or waits (``choices.fire_now``); the default, for fast play and old saves, attacks at the
first such moment (docs/sas-decisions.md D-MARK-1). Attacks are resolved one at a time in team order (SAS-MARK-4); one
mark is one attack (OQ-20); unused marks go back in the End phase (SAS-MARK-7).
"""

from __future__ import annotations

from app.core.i18n import t
from app.core.ruling import Modifier
from app.systems.sas.board.facing import covers
from app.systems.sas.board.reasons import Why, why
from app.systems.sas.board.vision import attack_line
from app.systems.sas.choices import fire_now
from app.systems.sas.combat import attacks as combat
from app.systems.sas.combat import blasts
from app.systems.sas.context import Ctx
from app.systems.sas.messages import Mark
from app.systems.sas.names import equipment_name, facing_name, name_of
from app.systems.sas.operators import items, shooting
from app.systems.sas.operators.operator import illegal, knife_problem
from app.systems.sas.operators.scuba import arms
from app.systems.sas.state import OperatorState, SasState
from app.systems.sas.vehicles import ovehicle_actions

Cell = tuple[int, int]
MARK_PHASES = ("advance", "event", "patrol")
MARKED = Modifier(value=2, reason=t("marked target"), rule_id="SAS-MARK-2")


def do_mark(ctx: Ctx, cmd: Mark) -> None:
    """Put his mark token on a unit (or a grenade's square) and choose his facing; his activation ends (SAS-MARK-1)."""
    op = ctx.state.op(cmd.operator)
    why = mark_problem(ctx.state, op, cmd)
    if why:
        raise illegal("Cannot mark: {why}.", "SAS-MARK-1", why=why)
    ctx.state = ctx.state.with_op(
        op.id, facing=cmd.facing, mark=cmd.target, mark_square=cmd.square, mark_weapon=cmd.weapon
    )
    what = ctx.name(cmd.target) if cmd.target else ctx.label(cmd.square)
    ctx.emit(
        "marked",
        t(
            "{op} marks {target} ({weapon}), facing {facing}; his activation ends.",
            op=ctx.name(op.id),
            target=what,
            weapon=equipment_name(ctx.state, cmd.weapon),
            facing=facing_name(cmd.facing),
        ),
        "SAS-MARK-1",
        (op.loc,),
        instruction=t(
            "Put {op}'s mark token on {target} and turn him to face {facing}.",
            op=ctx.name(op.id),
            target=what,
            facing=facing_name(cmd.facing),
        ),
    )


def mark_problem(state: SasState, op: OperatorState, cmd: Mark) -> Why | None:
    """Why the mark is not allowed (SAS-MARK-1, SAS-MARK-5, SAS-EQ-6), or None."""
    if cmd.weapon == "grenade":
        if op.scuba:
            return why("water_speargun")
        if items.grenades(op) < 1:
            return why("no_grenade_mark")
        if cmd.square is None or cmd.target is not None or not state.rt.grid.contains(cmd.square):
            return why("grenade_square")
        assert op.loc is not None
        return None if combat.dist(op.loc, cmd.square) <= grenade_range(state) else why("grenade_range")
    if cmd.weapon not in arms(state, op):
        return why("cannot_use", op=name_of(state, op.id), weapon=equipment_name(state, cmd.weapon))
    weapon = state.rt.tables.weapons[cmd.weapon]
    if weapon.ammo is not None and (op.ammo_left(cmd.weapon) or 0) <= 0:
        return why("no_ammo")
    if cmd.target is None or cmd.square is not None or state.unit(cmd.target) is None:
        return why("mark_unit")
    return None


def grenade_range(state: SasState) -> int:
    """The grenade's range (SAS-EQ-6: 6)."""
    return int(state.rt.tables.items["grenade"].long)


def any_marks(state: SasState) -> bool:
    """Whether any operator on the map, or operator vehicle, has a mark token out."""
    return any(o.mark_weapon is not None and o.on_map for o in state.operators) or any(
        v.mark is not None for v in state.op_vehicles
    )


def fire(ctx: Ctx) -> None:
    """Make every marked attack possible now, one at a time in team order (SAS-MARK-2, SAS-MARK-3, SAS-MARK-4,
    D-MARK-1)."""
    if ctx.state.phase not in MARK_PHASES or ctx.state.over:
        return
    for op in ctx.state.operators:
        current = ctx.state.op(op.id)
        if current.on_map and current.mark_weapon is not None and ready(ctx, current) and _now(ctx, current):
            _attack(ctx, current)
    ovehicle_actions.fire_marks(ctx)  # SAS-OVEH-5


def _now(ctx: Ctx, op: OperatorState) -> bool:
    """Whether the player makes the attack at this moment (SAS-MARK-3; default: yes, D-MARK-1)."""
    what = ctx.name(op.mark) if op.mark else t("the square {sq}", sq=ctx.label(op.mark_square))
    return fire_now(ctx, ctx.name(op.id), what, op.id)


def ready(ctx: Ctx, op: OperatorState) -> bool:
    """Whether his marked attack can be made now: target in range and in his front arc and LOS (SAS-MARK-2,
    SAS-MARK-6)."""
    state = ctx.state
    assert op.loc is not None and op.mark_weapon is not None
    if op.mark_square is not None:
        return _grenade_ready(state, op)
    unit = state.unit(op.mark or "")
    if unit is None or unit.on_spawn:
        return False
    if state.rt.tables.weapons[op.mark_weapon].kind == "knife":
        return covers(op.facing, op.loc, unit.loc) and knife_problem(ctx, op, unit.id, op.loc) is None
    loc, why = combat.unit_attack_problem(ctx, op.id, op.mark_weapon, unit)
    return why is None and covers(op.facing, op.loc, loc)


def _grenade_ready(state: SasState, op: OperatorState) -> bool:
    """A marked grenade goes off when an Axis unit and no operator is under its template (D-MARK-1)."""
    assert op.loc is not None and op.mark_square is not None
    square = op.mark_square
    if items.grenades(op) < 1 or not covers(op.facing, op.loc, square):
        return False
    if combat.dist(op.loc, square) > grenade_range(state) or attack_line(state, op.loc, square) is not None:
        return False
    under = set(blasts.footprint(square))
    hit = any(under.intersection(u.cells) for u in state.map_units())
    return hit and not any(o.loc in under for o in state.active_ops())


def _attack(ctx: Ctx, op: OperatorState) -> None:
    """One marked attack; the mark token goes back (OQ-20)."""
    assert op.mark_weapon is not None
    what = ctx.name(op.mark) if op.mark else ctx.label(op.mark_square)
    ctx.state = ctx.state.with_op(op.id, mark=None, mark_square=None, mark_weapon=None)
    ctx.emit(
        "marked_attack",
        t("{op} makes his marked attack on {target}.", op=ctx.name(op.id), target=what),
        "SAS-MARK-2",
        (op.loc,),
        instruction=t("Return {op}'s mark token to his board.", op=ctx.name(op.id)),
    )
    if op.mark_square is not None:
        items.grenade(ctx, op.id, op.mark_square, rule="SAS-MARK-5")
    elif ctx.state.rt.tables.weapons[op.mark_weapon].kind == "knife":
        shooting.knife(ctx, op.id, op.mark or "", rule="SAS-MARK-5")
    else:
        shooting.shoot(ctx, op.id, op.mark_weapon, op.mark or "", (MARKED,))


def return_marks(ctx: Ctx) -> None:
    """Unused mark tokens go back to their boards in the End phase (SAS-MARK-7)."""
    ovehicle_actions.return_marks(ctx)
    marked = [o for o in ctx.state.operators if o.mark_weapon is not None]
    for op in marked:
        ctx.state = ctx.state.with_op(op.id, mark=None, mark_square=None, mark_weapon=None)
    if marked:
        ctx.emit(
            "marks_returned",
            t("Mark tokens are returned."),
            "SAS-MARK-7",
            instruction=t("Return every mark token to its operator's board."),
        )

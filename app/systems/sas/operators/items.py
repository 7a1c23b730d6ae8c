"""Items: grenades (thrown, blind-thrown with small scatter, marked), landmines, traps and the medpack.

Rulebook chapters: §21 items (SAS-EQ-4 trap, SAS-EQ-6 grenade, SAS-EQ-7 blind throw, SAS-EQ-8 landmine, SAS-EQ-13
medpack) and §22 blast templates (SAS-BLAST-2 rolls, SAS-BLAST-3 small scatter from ``data/blasts.json``,
SAS-BLAST-5 orientation, SAS-BLAST-6 grenade and mine templates removed at once). A grenade bears the alarm symbol
(SAS-NOISE-4). Each use spends the item's token; the operator board shows what is left. A scatter that would
carry the template off the board stops at its edge (docs/sas-decisions.md D-BLAST-2).
"""

from __future__ import annotations

from app.core.i18n import localized, t
from app.core.ruling import DieResult, Ruling
from app.systems.sas.axis import alerts
from app.systems.sas.board.facing import VEC, facing_toward
from app.systems.sas.board.reasons import Why, why
from app.systems.sas.board.vision import attack_line
from app.systems.sas.combat import attacks as combat
from app.systems.sas.combat import blasts, luck
from app.systems.sas.context import Ctx
from app.systems.sas.messages import UseMedpack
from app.systems.sas.names import equipment_name
from app.systems.sas.operators.operator import illegal
from app.systems.sas.operators.shooting import spend
from app.systems.sas.state import ObjectState, OperatorState

Cell = tuple[int, int]


GRENADES = ("grenade", "stick_grenade")  # the Kickstarter stick grenade is identical to the grenade (SAS-EQ-10)


def grenades(op: OperatorState) -> int:
    """Grenades and stick grenades he holds (SAS-EQ-6, SAS-EQ-10)."""
    return sum(op.item_count(g) for g in GRENADES)


def throw_problem(ctx: Ctx, op_id: str, to: Cell) -> Why | None:
    """Why the grenade cannot be thrown at ``to`` (SAS-EQ-6, SAS-EQ-7), or None."""
    op = ctx.state.op(op_id)
    if grenades(op) < 1:
        return why("no_grenade")
    if op.loc is None or not ctx.state.rt.grid.contains(to) or to == op.loc:
        return why("off_board")
    reach = ctx.state.rt.tables.items["grenade"].long
    return None if combat.dist(op.loc, to) <= reach else why("throw_range", n=reach)


def throw(ctx: Ctx, op_id: str, to: Cell) -> None:
    """Throw a grenade from where he stands: in LOS it lands on the square, out of LOS it scatters (SAS-EQ-6,
    SAS-EQ-7)."""
    op = ctx.state.op(op_id)
    why = throw_problem(ctx, op.id, to)
    if why:
        raise illegal("Cannot throw a grenade: {why}.", "SAS-EQ-6", why=why)
    assert op.loc is not None
    if op.crouched:
        ctx.state = ctx.state.with_op(op.id, crouched=False)
        ctx.emit("operator_posture", t("{op} stands up to throw.", op=ctx.name(op.id)), "SAS-CROUCH-1")
    blocked = attack_line(ctx.state, op.loc, to)
    facing = facing_toward(op.loc, to, op.facing)
    ctx.state = ctx.state.with_op(op.id, facing=facing)
    if blocked is None:
        grenade(ctx, op.id, to, rule="SAS-EQ-6")
        return
    ctx.emit("blind_throw", t("Blind throw (out of LOS: {why}).", why=blocked.text()), "SAS-EQ-7")
    grenade(ctx, op.id, scatter(ctx, to, facing, "small", lucky=True), rule="SAS-EQ-7")


def grenade(ctx: Ctx, op_id: str, centre: Cell, rule: str) -> None:
    """The grenade goes off: alarm, 4 rolls at 2+, template removed (SAS-EQ-6, SAS-NOISE-4, SAS-BLAST-2,
    SAS-BLAST-6)."""
    alerts.unveil(ctx, op_id)
    op = ctx.state.op(op_id)
    token = next(g for g in GRENADES if op.item_count(g))  # a grenade first, then a stick grenade (D-KS-3)
    ctx.state = ctx.state.with_op(op_id, items=spend(op.items, token))
    ctx.emit(
        "grenade",
        t("{op} throws a grenade at {sq}.", op=ctx.name(op_id), sq=ctx.label(centre)),
        rule,
        (op.loc, centre),
        instruction=t(
            "Take a grenade token off {op}'s board and put it on {sq}.", op=ctx.name(op_id), sq=ctx.label(centre)
        ),
    )
    alerts.alarm(ctx, "SAS-NOISE-4")  # the alarm symbol; the thrower is not exposed by it
    stats = ctx.state.rt.tables.items["grenade"]
    blasts.blast(
        ctx,
        centre,
        stats.rolls,
        stats.target,
        what=t("A grenade"),
        rule=rule,
        source="grenade",
        persist=False,
        lucky=True,
    )


# The blast template's directions seen from its 6 (SAS-BLAST-3): English keeps the printed letters.
DIRECTION_ZH = {"F": "前", "FR": "右前", "R": "右", "BR": "右后", "B": "后", "BL": "左后", "L": "左", "FL": "左前"}


def _offset(facing: str, direction: str) -> Cell:
    """Unit step for a template direction relative to the thrower's facing (SAS-BLAST-5)."""
    fx, fy = VEC[facing]
    rx, ry = -fy, fx  # 90° clockwise
    parts = {"F": (fx, fy), "R": (rx, ry), "B": (-fx, -fy), "L": (-rx, -ry)}
    dx = sum(parts[c][0] for c in direction)
    dy = sum(parts[c][1] for c in direction)
    return (dx, dy)


COMPASS = {
    (0, -1): "north",
    (1, -1): "north-east",
    (1, 0): "east",
    (1, 1): "south-east",
    (0, 1): "south",
    (-1, 1): "south-west",
    (-1, 0): "west",
    (-1, -1): "north-west",
}


def scatter(ctx: Ctx, aim: Cell, facing: str, size: str, *, lucky: bool = False) -> Cell:
    """Scatter roll: 2D6 direction (7 = on target), then 1D6 distance from the table: small 1-3 squares
    (SAS-BLAST-3), large 1-6 (SAS-BLAST-4); the template's "6" points along ``facing`` (SAS-BLAST-5, OQ-41).
    ``lucky``: an operator's roll, which a rabbit's foot may change (SAS-EQ-11)."""
    table = ctx.state.rt.tables.blasts
    rule = "SAS-BLAST-3" if size == "small" else "SAS-BLAST-4"
    title = t("Scatter roll at {sq}", sq=ctx.label(aim))
    first = ctx.roller.roll(2, t("{title}: direction (2D6)", title=title))
    if lucky:
        luck.check_scatter(ctx, first, title, [i for i, n in enumerate(first, 1) if n != luck.LUCKY])
    total = sum(first)
    dice = tuple(DieResult(natural=n, modified=n, success=False) for n in first)
    where, how = aim, t("7: on target")
    todo = t("Scatter: 2D6 = 7, the template stays on {sq}.", sq=ctx.label(aim))
    if total != 7:
        direction = table.direction(total)
        (far,) = ctx.roller.roll(1, t("{title}: distance (1D6)", title=title))
        if lucky and table.distance(size, far) != table.distance(size, luck.LUCKY):
            luck.check_scatter(ctx, (far,), title, [1])
        dice = (*dice, DieResult(natural=far, modified=far, success=False))
        steps = table.distance(size, far)
        step = _offset(facing, direction)
        where = _walk(ctx, aim, step, steps)
        compass = t(COMPASS[step])
        how = t(
            "{total}: {direction} ({compass}) {n} square(s) to {sq}",
            total=total,
            direction=localized(direction, DIRECTION_ZH.get(direction)),
            compass=compass,
            n=steps,
            sq=ctx.label(where),
        )
        todo = t(
            "Scatter: 2D6 = {total}, toward the template's {total} ({direction} of its 6: {compass}); 1D6 = {far}: "
            "move it {n} square(s) {compass}, to {sq}.",
            total=total,
            direction=localized(direction, DIRECTION_ZH.get(direction)),
            compass=compass,
            far=far,
            n=steps,
            sq=ctx.label(where),
        )
    ruling = Ruling(title=title, rule_id=rule, dice=dice, result=how)
    text = t("{title}: {result}.", title=title, result=how)
    ctx.emit("scatter", text, rule, (aim, where), ruling=ruling, instruction=todo)
    return where


def _walk(ctx: Ctx, start: Cell, step: Cell, steps: int) -> Cell:
    here = start
    for _ in range(steps):
        nxt = (here[0] + step[0], here[1] + step[1])
        if not ctx.state.rt.grid.contains(nxt):
            break  # D-BLAST-2: the template stops at the board's edge
        here = nxt
    return here


def place_device(ctx: Ctx, op_id: str, item: str, to: Cell) -> None:
    """Place a landmine or a trap in an adjacent square (SAS-EQ-4, SAS-EQ-8, SAS-PLACE-1)."""
    op = ctx.state.op(op_id)
    if op.item_count(item) < 1:
        raise illegal(
            "{op} has no {item}.",
            "SAS-EQ-4" if item == "trap" else "SAS-EQ-8",
            op=ctx.name(op_id),
            item=equipment_name(ctx.state, item),
        )
    if ctx.state.unit_at(to) is not None or ctx.state.op_at(to) is not None:
        raise illegal("The square is occupied.", "SAS-PLACE-1")
    ctx.state, obj_id = ctx.state.with_op(op_id, items=spend(op.items, item)).new_id(item)
    ctx.state = ctx.state.with_object(ObjectState(obj_id, item, to))  # type: ignore[arg-type]
    name = equipment_name(ctx.state, item)
    ctx.emit(
        "device_placed",
        t("{op} places a {item} at {sq}.", op=ctx.name(op_id), item=name, sq=ctx.label(to)),
        "SAS-EQ-4" if item == "trap" else "SAS-EQ-8",
        (to,),
        instruction=t("Put a {item} token at {sq}.", item=name, sq=ctx.label(to)),
    )


def stepped_on(ctx: Ctx, unit_id: str) -> bool:
    """An Axis unit entering a trap's or mine's square sets it off; True when the unit died (SAS-EQ-4, SAS-EQ-8). A
    vehicle sets off a landmine under any square of its token and is not affected by traps (SAS-EQ-4)."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return True
    under = [o for c in unit.cells for o in ctx.state.objects_at(c)]  # any square of a vehicle's token
    for obj in under:
        if obj.kind == "trap" and unit.is_vehicle:
            continue  # traps do not affect vehicles (SAS-EQ-4)
        if obj.kind == "trap":
            ctx.state = ctx.state.with_object(ObjectState(obj.id, "trap_used", obj.loc))
            ctx.emit(
                "trap",
                t("{unit} steps into a trap.", unit=ctx.name(unit_id)),
                "SAS-EQ-4",
                (unit.loc,),
                instruction=t("Flip the trap at {sq} to its used side.", sq=ctx.label(unit.loc)),
            )
            combat.kill_unit(ctx, unit_id, "SAS-EQ-4")
            return True
        if obj.kind == "landmine":
            return _mine(ctx, unit_id, obj)
    return False


def _mine(ctx: Ctx, unit_id: str, mine: ObjectState) -> bool:
    """A landmine under an Axis unit goes off; True when the unit died (SAS-EQ-8, OQ-38, OQ-39)."""
    assert mine.loc is not None
    ctx.state = ctx.state.without_objects([mine.id])
    stats = ctx.state.rt.tables.items["landmine"]
    ctx.emit("landmine", t("{unit} sets off a landmine.", unit=ctx.name(unit_id)), "SAS-EQ-8", (mine.loc,))
    blasts.blast(
        ctx,
        mine.loc,
        stats.rolls,
        stats.target,
        what=t("A landmine"),
        rule="SAS-EQ-8",
        source="landmine",
        persist=False,
        lucky=True,
    )
    alerts.advance_meter(ctx, "SAS-NOISE-1")
    alerts.noise(ctx, mine.loc, stats.noise, "SAS-NOISE-3")
    return ctx.state.unit(unit_id) is None


def do_medpack(ctx: Ctx, cmd: UseMedpack) -> None:
    """Medpack: the user or an adjacent operator regains all his HP; the token is removed (SAS-EQ-13)."""
    op = ctx.state.op(cmd.operator)
    patient = ctx.state.op(cmd.patient)
    if patient.support:
        raise illegal("The medpack heals operators; support units take damage markers.", "SAS-SUP-1")
    full = ctx.state.rt.tables.operators[patient.id].hp
    if op.item_count("medpack") < 1:
        raise illegal("{op} has no medpack.", "SAS-EQ-13", op=ctx.name(op.id))
    if not patient.on_map or op.loc is None or patient.loc is None or combat.dist(op.loc, patient.loc) > 1:
        raise illegal("The medpack heals the user or an operator next to him.", "SAS-EQ-13")
    if patient.hp >= full:
        raise illegal("{op} has all his HP.", "SAS-EQ-13", op=ctx.name(patient.id))
    ctx.state = ctx.state.with_op(op.id, items=spend(op.items, "medpack")).with_op(patient.id, hp=full)
    ctx.emit(
        "medpack",
        t(
            "{op} uses a medpack: {patient} is back to {hp} HP.",
            op=ctx.name(op.id),
            patient=ctx.name(patient.id),
            hp=full,
        ),
        "SAS-EQ-13",
        (patient.loc,),
        instruction=t(
            "Remove {op}'s medpack token and set {patient}'s HP to {hp}.",
            op=ctx.name(op.id),
            patient=ctx.name(patient.id),
            hp=full,
        ),
    )

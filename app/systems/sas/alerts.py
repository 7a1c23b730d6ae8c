"""Being seen and heard; the stealth meter and the alarm.

Rulebook chapters: §9 being heard (SAS-NOISE-1..6), §10 being seen, exposure, shouting (SAS-SEEN-1..6, with
SAS-OBJ-4 corpse detection) and §12 stealth meter and alarm (SAS-METER-1/2, SAS-ALARM-1..5). Solo choices:
when the players must designate an exposed operator (SAS-ALARM-4/5) the operator nearest to any Axis unit is
exposed, ties in team order (docs/sas-decisions.md D-ALARM-1).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.systems.sas.combat import turn_to
from app.systems.sas.context import Ctx
from app.systems.sas.vision import camouflaged, sees_corpse, sees_op

Cell = tuple[int, int]
SHOUT = 4  # SAS-SEEN-3


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def expose(ctx: Ctx, op_id: str, rule: str) -> None:
    """Swap the operator for his exposed token (SAS-SEEN-2 step 1)."""
    op = ctx.state.op(op_id)
    if op.exposed or not op.on_map:
        return
    ctx.state = ctx.state.with_op(op_id, exposed=True)
    ctx.emit(
        "operator_exposed",
        t("{op} is exposed.", op=ctx.name(op_id)),
        rule,
        (op.loc,),
        instruction=t("Replace {op} with the exposed token.", op=ctx.name(op_id)),
    )


def unveil(ctx: Ctx, op_id: str) -> None:
    """An operator who attacks can be seen through his camo net while the command lasts (SAS-EQ-12)."""
    op = ctx.state.op(op_id)
    if camouflaged(ctx.state, op):
        ctx.emit("camo_lifted", t("{op} attacks: his camo net no longer hides him.", op=ctx.name(op_id)), "SAS-EQ-12")
    ctx.state = ctx.state.with_op(op_id, unveiled=True)


def alert(ctx: Ctx, unit_id: str, rule: str, why: str = "") -> None:
    """Flip a unit to its alert side, keeping its facing; a cigarette is put out (SAS-EVT-8)."""
    unit = ctx.state.unit(unit_id)
    if unit is None or unit.alert:
        return
    ctx.state = ctx.state.with_unit(unit_id, alert=True, cigarette=False)
    if ctx.state.cigarette == f"unit:{unit_id}":
        ctx.state = replace(ctx.state, cigarette=None)
    ctx.alerted.add(unit_id)
    ctx.emit(
        "unit_alerted",
        t("{unit} is alert{why}.", unit=ctx.name(unit_id), why=why),
        rule,
        (unit.loc,),
        instruction=t("Flip {unit} at {sq} to its alert side.", unit=ctx.name(unit_id), sq=ctx.label(unit.loc)),
    )


def shout(ctx: Ctx, unit_id: str) -> None:
    """Other units within 4 squares flip to alert, keeping facing; no chain (SAS-SEEN-3, OQ-21)."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    ctx.emit("unit_shouted", t("{unit} shouts.", unit=ctx.name(unit_id)), "SAS-SEEN-3", (unit.loc,))
    for other in ctx.state.map_units():
        if other.id != unit_id and _dist(other.loc, unit.loc) <= SHOUT:
            alert(ctx, other.id, "SAS-SEEN-3", " (heard a shout)")


def detect(ctx: Ctx) -> None:
    """Every Axis unit that sees an operator or (Stealth) a corpse reacts (SAS-SEEN-2, SAS-OBJ-4).

    An alert unit that was already alert and sees the acting operator is remembered for his reaction
    attack (SAS-REACT-1); a unit alerted now reacts only after his next action (SAS-REACT-3).
    """
    for unit in ctx.state.map_units():
        for op in ctx.state.active_ops():
            if not sees_op(ctx.state, unit, op):
                continue
            if op.id == ctx.acting and unit.alert and unit.id not in ctx.alerted:
                ctx.seen.add(unit.id)
            first = not op.exposed or not unit.alert
            expose(ctx, op.id, "SAS-SEEN-6" if ctx.state.section == "battle" else "SAS-SEEN-2")
            if first and not ctx.state.unit(unit.id).alert:  # type: ignore[union-attr]
                alert(ctx, unit.id, "SAS-SEEN-2", t(" (sees {op})", op=ctx.name(op.id)).render())
                shout(ctx, unit.id)
    if ctx.state.section == "stealth":
        _corpses(ctx)


def _corpses(ctx: Ctx) -> None:
    corpses = ctx.state.corpse_cells()  # blood stains count as corpses (SAS-JGR-11)
    for unit in ctx.state.map_units():
        if unit.alert:
            continue
        spotted = next((c for c in corpses if sees_corpse(ctx.state, unit, c)), None)
        if spotted is not None:
            alert(ctx, unit.id, "SAS-OBJ-4", f" (sees a corpse at {ctx.label(spotted)})")
            shout(ctx, unit.id)


def noise(ctx: Ctx, origin: Cell, radius: int, rule: str) -> None:
    """Units within ``radius`` turn toward the noise and flip to alert (SAS-NOISE-2/3, -6)."""
    if radius <= 0:
        return
    for unit in ctx.state.map_units():
        if unit.loc == origin or _dist(unit.loc, origin) > radius:
            continue
        turn_to(ctx, unit.id, origin, rule)
        alert(ctx, unit.id, rule, " (heard the noise)")


def advance_meter(ctx: Ctx, rule: str, by_op: str | None = None) -> None:
    """Advance the stealth meter by 1 (value −1); at 0 the alarm sounds (SAS-METER-2, SAS-ALARM-1)."""
    if ctx.state.section != "stealth":
        return
    ctx.state = replace(ctx.state, meter=max(0, ctx.state.meter - 1))
    ctx.emit(
        "meter_advanced",
        t("The stealth meter advances to {value}.", value=ctx.state.meter),
        rule,
        instruction=t("Move the stealth marker to {value}.", value=ctx.state.meter),
    )
    if ctx.state.meter == 0:
        alarm(ctx, "SAS-ALARM-1", by_op)


def alarm(ctx: Ctx, rule: str, by_op: str | None = None, designate: bool = True) -> None:
    """The alarm: every unit alert (keeping facing), Battle section (SAS-ALARM-2/3, SAS-TURN-3)."""
    if ctx.state.section == "battle":
        return
    ctx.state = replace(ctx.state, section="battle", cigarette=_held(ctx.state.cigarette))
    ctx.state = ctx.state.map_units_where(lambda u: True, alert=True, cigarette=False)
    ctx.emit(
        "alarm_raised",
        t("The alarm sounds! Every Axis unit is alert; the Battle section begins."),
        rule,
        instruction=t("Flip every Axis unit (map and spawn tiles) to its alert side, keeping facings."),
    )
    if by_op is not None:
        expose(ctx, by_op, "SAS-ALARM-3")
    if designate:
        ensure_exposed(ctx)


def ensure_exposed(ctx: Ctx) -> None:
    """In Battle at least one operator is exposed; designate the one nearest an Axis unit (SAS-ALARM-4/5)."""
    state = ctx.state
    ops = state.active_ops()
    if state.section != "battle" or not ops or any(o.exposed for o in ops):
        return
    units = [u.loc for u in state.map_units()] or [o.loc for o in ops if o.loc is not None]

    def nearest(index_op: tuple[int, Cell]) -> tuple[int, int]:
        return (min(_dist(index_op[1], u) for u in units), index_op[0])

    index, _loc = min(((i, o.loc) for i, o in enumerate(ops) if o.loc is not None), key=nearest)
    ctx.emit(
        "designated", t("No operator is exposed: the one nearest the enemy is designated (D-ALARM-1)."), "SAS-ALARM-4"
    )
    expose(ctx, ops[index].id, "SAS-ALARM-4")


def _held(cigarette: str | None) -> str | None:
    """A cigarette held on an operator board stays; one on a unit is put out by the alarm (SAS-EVT-8)."""
    return cigarette if cigarette is not None and cigarette.startswith("op:") else None

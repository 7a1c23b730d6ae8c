"""Being seen and heard; the stealth meter and the alarm.

Rulebook chapters: §9 being heard (SAS-NOISE-1, SAS-NOISE-2, SAS-NOISE-3, SAS-NOISE-4, SAS-NOISE-5, SAS-NOISE-6), §10
being seen, exposure, shouting (SAS-SEEN-1, SAS-SEEN-2, SAS-SEEN-3, SAS-SEEN-4, SAS-SEEN-5, SAS-SEEN-6, with SAS-OBJ-4
corpse detection) and §12 stealth meter and alarm (SAS-METER-1, SAS-METER-2, SAS-ALARM-1, SAS-ALARM-2, SAS-ALARM-3,
SAS-ALARM-4, SAS-ALARM-5). When the players must designate an exposed operator (SAS-ALARM-4, SAS-ALARM-5) the SAS
player chooses (``choices.ask``); the default, for fast play and old saves, is the operator nearest to any Axis unit,
ties in team order (docs/sas-decisions.md D-ALARM-1).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.systems.sas.board.vision import camouflaged, sees_corpse, sees_op
from app.systems.sas.choices import ask
from app.systems.sas.combat.attacks import gap, set_facing, turn_to
from app.systems.sas.context import Ctx
from app.systems.sas.state import Choice
from app.systems.sas.tables import UnitStats
from app.systems.sas.vehicles import ovehicle

Cell = tuple[int, int]
SHOUT = 4  # SAS-SEEN-3


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def expose(ctx: Ctx, op_id: str, rule: str) -> None:
    """Swap the operator for his exposed token (SAS-SEEN-2 step 1)."""
    op = ctx.state.op(op_id)
    if op.exposed or not op.in_play:
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


def end_talk(ctx: Ctx, unit_id: str, rule: str, why: str | Text = "") -> None:
    """Nancy's conversation with the unit ends: her token back to its disguise side, the unit keeps its facing
    (SAS-NANCY-7)."""
    for op in ctx.state.operators:
        if op.talking == unit_id:
            ctx.state = ctx.state.with_op(op.id, talking=None, talk_facing="")
            ctx.emit(
                "talk_ended",
                t("{op} stops talking to {unit}{why}.", op=ctx.name(op.id), unit=ctx.name(unit_id), why=why),
                rule,
                (op.loc,),
                instruction=t("Flip {op}'s token back from its talk side.", op=ctx.name(op.id)),
            )
    unit = ctx.state.unit(unit_id)
    if unit is not None and unit.mode == "talking":
        ctx.state = ctx.state.with_unit(unit_id, mode="")


def alert(ctx: Ctx, unit_id: str, rule: str, why: str | Text = "") -> None:
    """Flip a unit to its alert side, keeping its facing; a cigarette is put out (SAS-EVT-8), a talk with Nancy
    ends (SAS-NANCY-7); a unit held in the garrote cannot react (SAS-NANCY-9, D-NANCY-6)."""
    unit = ctx.state.unit(unit_id)
    if unit is None or unit.alert or unit.mode == "strangled":
        return
    if unit.mode == "talking":
        end_talk(ctx, unit_id, "SAS-NANCY-7", t(" (it heard something)"))
    ctx.state = ctx.state.with_unit(unit_id, alert=True, cigarette=False)
    if ctx.state.cigarette == f"unit:{unit_id}":
        ctx.state = replace(ctx.state, cigarette=None)
    ctx.alerted.add(unit_id)
    ctx.emit(
        "unit_alerted",
        t("{unit} is alert{why}.", unit=ctx.name(unit_id), why=why),
        rule,
        (unit.loc,),
        instruction=t("Flip {unit} to its alert side.", unit=ctx.name(unit_id)),
    )


def shout(ctx: Ctx, unit_id: str) -> None:
    """Other units within 4 squares flip to alert, keeping facing; no chain (SAS-SEEN-3, OQ-21)."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    if _barks(ctx, unit.kind):  # a dog barks: the same 4 squares (SAS-HD-7)
        ctx.emit("unit_shouted", t("{unit} barks.", unit=ctx.name(unit_id)), "SAS-HD-7", (unit.loc,))
    else:
        ctx.emit("unit_shouted", t("{unit} shouts.", unit=ctx.name(unit_id)), "SAS-SEEN-3", (unit.loc,))
    for other in ctx.state.map_units():
        if other.id != unit_id and gap(other, unit) <= SHOUT:  # from any square of a vehicle's token
            _face_default(ctx, other.id)
            alert(ctx, other.id, "SAS-SEEN-3", t(" (heard a shout)"))


def _face_default(ctx: Ctx, unit_id: str) -> None:
    """A unit talking to Nancy that hears a shout turns back to its facing before the talk (SAS-NANCY-7)."""
    talker = next((o for o in ctx.state.operators if o.talking == unit_id and o.talk_facing), None)
    unit = ctx.state.unit(unit_id)
    if talker is None or unit is None or unit.mode != "talking" or unit.facing == talker.talk_facing:
        return
    set_facing(ctx, unit_id, talker.talk_facing, "SAS-NANCY-7")


def _barks(ctx: Ctx, kind: str) -> bool:
    """Whether a unit type barks when it sees an operator (dogs, SAS-HD-7)."""
    stats: UnitStats | None = ctx.state.rt.tables.units.get(kind)
    return stats is not None and stats.bark


def _smell(ctx: Ctx, kind: str) -> int:
    """How far a unit type smells (dogs, SAS-HD-7); vehicles and other units do not."""
    stats: UnitStats | None = ctx.state.rt.tables.units.get(kind)
    return 0 if stats is None else stats.smell


def smell(ctx: Ctx, op_id: str) -> None:
    """A dog within its smell of 2 squares of a moving operator turns toward him and flips to alert, as if only it
    had heard a noisy weapon: no meter advance (SAS-HD-7, OQ-50)."""
    op = ctx.state.op(op_id)
    if op.loc is None:
        return
    for unit in ctx.state.map_units():
        reach = _smell(ctx, unit.kind)
        if reach and _dist(unit.loc, op.loc) <= reach:
            turn_to(ctx, unit.id, op.loc, "SAS-HD-7")
            alert(ctx, unit.id, "SAS-HD-7", t(" (smelt an operator)"))


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
            _first_sight(ctx, unit.id, op.id)
    for ov in ctx.state.op_vehicles:
        if ovehicle.target(ctx.state, ov):
            _vehicle_seen(ctx, ov.id)
    if ctx.state.section == "stealth":
        _corpses(ctx)


def _first_sight(ctx: Ctx, unit_id: str, op_id: str) -> None:
    """A unit sees an operator: he is exposed; if it is the first to detect him (he was not exposed yet), or it
    was unalert, it flips to alert and shouts — even when a noise has alerted it earlier in the same action
    (SAS-SEEN-2, SAS-SEEN-3, SAS-NOISE-3, SAS-SPRINT-2); a dog barks whenever it sees an operator not yet exposed
    (SAS-HD-7). A unit already alert that sees an operator already exposed does not shout (no chain)."""
    was_alert = ctx.state.unit(unit_id).alert  # type: ignore[union-attr]
    first = not ctx.state.op(op_id).exposed or not was_alert
    expose(ctx, op_id, "SAS-SEEN-6" if ctx.state.section == "battle" else "SAS-SEEN-2")
    if not first:
        return
    if not was_alert:
        alert(ctx, unit_id, "SAS-SEEN-2", t(" (sees {op})", op=ctx.name(op_id)))
    shout(ctx, unit_id)


def _vehicle_seen(ctx: Ctx, vehicle_id: str) -> None:
    """Units that see an occupied operator vehicle react as to a standing operator: the crew is exposed, an unalert
    unit flips and shouts; an alert one remembers it for a reaction (SAS-OVEH-10, SAS-SEEN-2, D-OVEH-8)."""
    for unit in ctx.state.map_units():
        ov = ctx.state.op_vehicle(vehicle_id)
        if ov is None or not ovehicle.sees(ctx.state, unit, ov):
            continue
        if vehicle_id == ctx.acting and unit.alert and unit.id not in ctx.alerted:
            ctx.seen.add(unit.id)
        was_alert = ctx.state.unit(unit.id).alert  # type: ignore[union-attr]
        first = not ovehicle.exposed(ctx.state, ov) or not was_alert
        for op in ctx.state.crew(vehicle_id):
            expose(ctx, op.id, "SAS-SEEN-6" if ctx.state.section == "battle" else "SAS-SEEN-2")
        if first and not was_alert:
            alert(ctx, unit.id, "SAS-SEEN-2", t(" (sees an operator vehicle)"))
        if first:
            shout(ctx, unit.id)  # the first to detect the crew shouts, alerted by the engine's noise or not


def spot(ctx: Ctx, unit_id: str, rule: str, why: str | Text) -> bool:
    """A unit on the move or turning that sees an operator or (Stealth) a corpse: the operators it sees are exposed,
    it flips to alert and shouts (SAS-PAT-5, SAS-EVT-4, SAS-AVEH-16). True if it saw something."""
    unit = ctx.state.unit(unit_id)
    if unit is None or unit.on_spawn:
        return False
    seen = [o for o in ctx.state.active_ops() if sees_op(ctx.state, unit, o)]
    corpse = ctx.state.section == "stealth" and any(
        sees_corpse(ctx.state, unit, c)
        for c in ctx.state.corpse_cells()  # blood stains count as corpses (SAS-JGR-11)
    )
    if not seen and not corpse:
        return False
    for op in seen:
        expose(ctx, op.id, rule)
    alert(ctx, unit_id, rule, why)
    shout(ctx, unit_id)
    return True


def _corpses(ctx: Ctx) -> None:
    corpses = ctx.state.corpse_cells()  # blood stains count as corpses (SAS-JGR-11)
    for unit in ctx.state.map_units():
        if unit.alert:
            continue
        spotted = next((c for c in corpses if sees_corpse(ctx.state, unit, c)), None)
        if spotted is not None:
            alert(ctx, unit.id, "SAS-OBJ-4", t(" (sees a corpse at {sq})", sq=ctx.label(spotted)))
            shout(ctx, unit.id)


def noise(ctx: Ctx, origin: Cell, radius: int, rule: str) -> None:
    """Units within ``radius`` turn toward the noise and flip to alert (SAS-NOISE-2, SAS-NOISE-3, SAS-NOISE-6)."""
    if radius <= 0:
        return
    for unit in ctx.state.map_units():
        if origin in unit.cells or unit.distance(origin) > radius or unit.mode == "strangled":
            continue  # a unit in the garrote cannot react (SAS-NANCY-9, D-NANCY-6)
        if not unit.is_vehicle:  # a vehicle turns only by driving (SAS-AVEH-2, SAS-AVEH-16, SAS-AVEH-23, D-VATK-2)
            turn_to(ctx, unit.id, origin, rule)
        alert(ctx, unit.id, rule, t(" (heard the noise)"))


def advance_meter(ctx: Ctx, rule: str, by_op: str | None = None, designate: bool = True) -> None:
    """Advance the stealth meter by 1 (value −1); at 0 the alarm sounds (SAS-METER-2, SAS-ALARM-1). ``designate``:
    the players designate an exposed operator if none is (False: the caller exposes one by its own rule)."""
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
        alarm(ctx, "SAS-ALARM-1", by_op, designate)


def alarm(ctx: Ctx, rule: str, by_op: str | None = None, designate: bool = True) -> None:
    """The alarm: every unit alert (keeping facing), Battle section (SAS-ALARM-2, SAS-ALARM-3, SAS-TURN-3)."""
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
    _disguise_fails(ctx)
    if by_op is not None:
        expose(ctx, by_op, "SAS-ALARM-3")
    for ov in ctx.state.op_vehicles:  # everyone in the Willys is exposed at once (SAS-OVEH-10)
        if ovehicle.stats(ctx.state.rt, ov.kind).alarm_exposes:
            for op in ctx.state.crew(ov.id):
                expose(ctx, op.id, "SAS-OVEH-10")
    if designate:
        ensure_exposed(ctx)


def _disguise_fails(ctx: Ctx) -> None:
    """The alarm ends every talk and Nancy's disguise; if an Axis unit sees her now, talking or not, she is exposed
    (SAS-NANCY-8). She keeps her civilian clothes (4 AP to change, SAS-NANCY-5)."""
    for op in ctx.state.operators:
        if op.talking is not None:
            end_talk(ctx, op.talking, "SAS-NANCY-8", t(" (the alarm)"))
    for op in ctx.state.active_ops():
        if not op.disguised:
            continue
        ctx.emit("disguise_failed", t("The alarm ends {op}'s disguise.", op=ctx.name(op.id)), "SAS-NANCY-8", (op.loc,))
        if any(sees_op(ctx.state, u, op) for u in ctx.state.map_units()):
            expose(ctx, op.id, "SAS-NANCY-8")


def ensure_exposed(ctx: Ctx) -> None:
    """In Battle at least one operator is exposed: the players designate one (SAS-ALARM-4, SAS-ALARM-5), by default the
    one nearest an Axis unit (D-ALARM-1). Exposed support units do not count and are never designated (SAS-SUP-4)."""
    state = ctx.state
    ops = state.team_ops()
    if state.section != "battle" or not ops or any(o.exposed for o in ops):
        return
    if any(o.exposed and not o.support for o in ovehicle.aboard_anywhere(state)):
        return  # an exposed operator aboard a vehicle counts (SAS-OVEH-10)
    units = [c for u in state.map_units() for c in u.cells] or [o.loc for o in ops if o.loc is not None]

    def nearest(index_op: tuple[int, Cell]) -> tuple[int, int]:
        return (min(_dist(index_op[1], u) for u in units), index_op[0])

    placed = [(i, o.loc) for i, o in enumerate(ops) if o.loc is not None]
    index, _loc = min(placed, key=nearest)
    ids = tuple(ops[i].id for i, _ in placed)
    choice = Choice(
        "expose",
        t("In the Battle section an operator must be exposed, and none is: choose the operator to expose."),
        "SAS-ALARM-4",
        ids,
        tuple(t("Expose {op}", op=ctx.name(op_id)) for op_id in ids),
        default=ids.index(ops[index].id),
    )
    chosen = ask(ctx, choice)  # the players designate him (SAS-ALARM-4, SAS-ALARM-5); default D-ALARM-1
    why = "D-ALARM-1" if chosen == ops[index].id else "SAS-ALARM-4"
    text = t("No operator is exposed: the players designate {op} ({why}).", op=ctx.name(chosen), why=why)
    ctx.emit("designated", text, "SAS-ALARM-4")
    expose(ctx, chosen, "SAS-ALARM-4")


def _held(cigarette: str | None) -> str | None:
    """A cigarette held on an operator board stays; one on a unit is put out by the alarm (SAS-EVT-8)."""
    return cigarette if cigarette is not None and cigarette.startswith("op:") else None

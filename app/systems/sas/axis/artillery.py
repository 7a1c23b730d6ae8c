"""Axis blast attacks: the mortar team and the howitzers that fire like it, Panzerfaust and grenade infantry.

Rulebook chapters: §19.2 mortar team (SAS-UNIT-7: any exposed operator on the map, no LOS needed, but never one
within 7 squares of an Axis unit, the mortar included; the nearest valid one, OQ-34; the template's "7" on him and
its "6" along the mortar's facing, a large scatter, then 3 rolls at 3+ if an operator is under it; no cover modifier
but -3 against an operator inside a building; the template is removed), SAS-UNIT-13 / SAS-HM-4 / SAS-KS-4 (a
howitzer fires "exactly as the mortar", a vehicle passing its own facing and front arc), §30 Panzerfaust and
grenade infantry (SAS-KS-1, SAS-JGR-19: an exposed operator within 8 / 6 squares, no LOS needed, not when another
Axis unit is within 4 squares of him; a small scatter as an operator's blind throw; one shot, then the unit is SMG
infantry), §22 templates (SAS-BLAST-2, SAS-BLAST-3, SAS-BLAST-4, SAS-BLAST-5, SAS-BLAST-6) and SAS-AATK-1 (blast weapons
fire first in the Axis Attack phase).

Solo choices (docs/sas-decisions.md): targets at equal distance in team order (D-MORTAR-2); the players' split of
the damage among several operators under the template: each success to the one with the most HP left (D-MORTAR-3);
Axis units and objects under an Axis template are not harmed (D-MORTAR-4). A vehicle's howitzer fires once per Axis
Attack phase, with the mortars, before every gun; never in a reaction (SAS-UNIT-13, D-XVEH-1, D-XVEH-2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from app.core.i18n import Text, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.systems.sas.board.facing import VEC
from app.systems.sas.board.vision import eyes, in_eye_arc
from app.systems.sas.combat import attacks as combat
from app.systems.sas.combat.blasts import footprint
from app.systems.sas.context import Ctx
from app.systems.sas.operators import items
from app.systems.sas.state import OperatorState, OperatorVehicleState, SasState, UnitState
from app.systems.sas.tables import UnitBlast, UnitStats, VehicleWeapon
from app.systems.sas.vehicles import ovehicle, ovehicle_fire

Cell = tuple[int, int]
Arc = Callable[[Cell], bool]


def as_mortar(state: SasState, rolls: int, target: int) -> UnitBlast:
    """The mortar's blast rules with another weapon's rolls: a howitzer (SAS-UNIT-13, SAS-HM-4, SAS-KS-4). It never
    fires at an operator within 7 squares of *another* Axis unit: the vehicle itself does not count (the seed's
    "其他轴心单位", D-XVEH-1)."""
    mortar: UnitBlast | None = state.rt.tables.units["mortar"].blast
    assert mortar is not None
    return mortar.model_copy(update={"rolls": rolls, "target": target, "mode": "", "then": None, "clear_self": False})


def reach_of(unit: UnitState, loc: Cell) -> int:
    """Distance from the unit (any square of a vehicle) to ``loc`` (SAS-GEN-6)."""
    return min(combat.dist(c, loc) for c in unit.cells)


def too_close(state: SasState, loc: Cell, distance: int, firer: UnitState, *, itself: bool) -> UnitState | None:
    """An Axis unit on the map within ``distance`` of ``loc`` (the firer counts when ``itself``), or None."""
    for unit in state.map_units():
        if (itself or unit.id != firer.id) and reach_of(unit, loc) <= distance:
            return unit
    return None


def ready(state: SasState, unit: UnitState) -> UnitBlast | None:
    """The unit's blast weapon if it can fire it now: its token shows that side (a mortar set up on its point)."""
    stats: UnitStats | None = state.rt.tables.units.get(unit.kind)
    blast = stats.blast if stats is not None else None
    if blast is None or unit.on_spawn or not unit.alert or unit.mode != blast.mode:
        return None
    return blast


def targets(state: SasState, unit: UnitState, blast: UnitBlast, arc: Arc | None = None) -> list[OperatorState]:
    """Exposed operators it may fire at, nearest first, ties in team order (SAS-UNIT-7, SAS-KS-1, OQ-34)."""
    order = [o.id for o in state.operators]
    found = []
    for op in state.active_ops():
        if not op.exposed or op.loc is None or (arc is not None and not arc(op.loc)):
            continue
        if blast.long is not None and reach_of(unit, op.loc) > blast.long:
            continue
        if too_close(state, op.loc, blast.clear, unit, itself=blast.clear_self) is None:
            found.append(op)
    return sorted(found, key=lambda o: (reach_of(unit, o.loc), order.index(o.id)))  # type: ignore[arg-type]


def fire(
    ctx: Ctx, unit_id: str, blast: UnitBlast, *, facing: str | None = None, arc: Arc | None = None, rule: str = ""
) -> bool:
    """Fire the blast weapon at the nearest valid exposed operator: place the template, scatter, roll, damage.

    ``facing``: where the template's "6" points (default: the unit's facing, SAS-BLAST-5, OQ-42); ``arc``: the
    squares a vehicle's howitzer may aim at (its front 90°, SAS-HM-4, SAS-KS-4). False when there is no valid
    target. A single-use weapon then leaves an ordinary unit (SAS-KS-1).
    """
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return False
    rule = rule or ("SAS-UNIT-7" if blast.scatter == "large" else "SAS-KS-1")
    aim = _aim(ctx.state, unit, blast, arc)
    if aim is None:
        return False
    loc, who = aim[0], (ctx.name(aim[1]) if isinstance(aim[1], str) else aim[1])
    _skipped(ctx, unit, blast, (loc, arc), rule)
    facing = facing or unit.facing
    name, sq = ctx.name(unit_id), ctx.label(loc)
    ctx.emit(
        "axis_blast_aimed",
        t("{unit} fires at {op} on {sq} (no LOS needed).", unit=name, op=who, sq=sq),
        rule,
        (unit.loc, loc),
        instruction=t(
            "{unit}: put the blast template's 7 on {sq}, its 6 pointing {facing}.",
            unit=name,
            sq=sq,
            facing=t(items.COMPASS[VEC[facing]]),
        ),
    )
    landing = items.scatter(ctx, loc, facing, blast.scatter)
    resolve(ctx, unit_id, landing, blast, rule)
    if blast.then is not None and ctx.state.unit(unit_id) is not None:
        what = combat.become(ctx, unit_id, blast.then)
        ctx.emit(
            "unit_flipped",
            t("{unit} has used its blast weapon: from now on it is {what}.", unit=name, what=what),
            "SAS-KS-1",
            (unit.loc,),
            instruction=t("Flip {unit} to its {what} side.", unit=name, what=what),
        )
    return True


def _aim(state: SasState, unit: UnitState, blast: UnitBlast, arc: Arc | None) -> tuple[Cell, str | Text] | None:
    """Where the template's "7" goes and on whom: the nearest valid exposed operator or occupied operator vehicle,
    an operator first on equal distance (SAS-UNIT-7, OQ-34, D-INTEG-3); None without a valid target."""
    chosen = targets(state, unit, blast, arc)
    aims = vehicle_aims(state, unit, blast, arc)
    op_loc = chosen[0].loc if chosen else None
    if aims and (op_loc is None or reach_of(unit, aims[0][1]) < reach_of(unit, op_loc)):
        return aims[0][1], ovehicle.vname(state, aims[0][0])
    return (op_loc, chosen[0].id) if op_loc is not None else None


def vehicle_aims(
    state: SasState, unit: UnitState, blast: UnitBlast, arc: Arc | None = None
) -> list[tuple[OperatorVehicleState, Cell]]:
    """Exposed occupied operator vehicles a mortar or howitzer may fire at, nearest first, each with the square of
    its token the "7" goes on: the one nearest the firer among those in range and arc and not within the clear
    distance of an Axis unit ("7 on any part of it", SAS-UNIT-7, SAS-OVEH-10, D-INTEG-3). Panzerfaust and grenade
    infantry (small scatter) fire at operators only."""
    if blast.scatter != "large":
        return []
    out = []
    for ov in ovehicle.exposed_vehicles(state):
        ok = [
            c
            for c in ov.cells
            if state.rt.grid.contains(c)
            and (arc is None or arc(c))
            and (blast.long is None or reach_of(unit, c) <= blast.long)
            and too_close(state, c, blast.clear, unit, itself=blast.clear_self) is None
        ]
        if ok:
            out.append((ov, min(ok, key=lambda c: (reach_of(unit, c), c[1], c[0]))))
    return sorted(out, key=lambda p: reach_of(unit, p[1]))


def _skipped(ctx: Ctx, unit: UnitState, blast: UnitBlast, aim: tuple[Cell, Arc | None], rule: str) -> None:
    """Narrate the nearer exposed operators it may not fire at (SAS-UNIT-7, OQ-34); ``aim``: the square chosen and
    the arc it must lie in."""
    chosen, arc = aim
    for op in ctx.state.active_ops():
        if not op.exposed or op.loc is None or reach_of(unit, op.loc) >= reach_of(unit, chosen):
            continue
        near = too_close(ctx.state, op.loc, blast.clear, unit, itself=blast.clear_self)
        if near is None or (arc is not None and not arc(op.loc)):
            continue
        ctx.emit(
            "axis_blast_skipped",
            t(
                "{op} is nearer but within {n} squares of {unit}: not a valid target.",
                op=ctx.name(op.id),
                n=blast.clear,
                unit=ctx.name(near.id),
            ),
            rule,
            (op.loc, near.loc),
        )


# --- vehicle howitzers (SAS-UNIT-13, SAS-HM-4, SAS-KS-4) -------------------------------------------------------


def howitzer(state: SasState, unit: UnitState) -> VehicleWeapon | None:
    """The vehicle's howitzer (Panzer III, heavy armoured car, Stummel), or None."""
    stats = state.rt.tables.vehicle(unit.kind) if unit.is_vehicle else None
    return next((w for w in stats.weapons if w.kind == "howitzer" and w.dice > 0), None) if stats else None


def howitzer_arc(state: SasState, unit: UnitState, weapon: VehicleWeapon) -> Arc | None:
    """Where the howitzer may aim: a turret anywhere on the map (SAS-UNIT-13); otherwise only within its 90° arc,
    however far (SAS-HM-4, SAS-KS-4: "the target must be in its front 90° LOS range", with no range limit)."""
    if weapon.turret:
        return None
    stats = state.rt.tables.vehicle(unit.kind)
    allowed = weapon.arcs or (stats.arcs if stats is not None else ("front",))
    looks = [e for e in eyes(unit) if e.arc in allowed]
    return lambda c: any(in_eye_arc(e, c, reach=None) for e in looks)


def howitzer_ready(state: SasState, unit: UnitState) -> bool:
    """The vehicle's howitzer has a valid target now — an exposed operator, or an occupied operator vehicle
    (D-INTEG-3) — in its arc; never before it is alert and on the board, nor once it has fired this Axis Attack
    phase."""
    weapon = howitzer(state, unit)
    if weapon is None or not unit.alert or unit.on_spawn or fired_key(unit.id) in state.done:
        return False
    blast = as_mortar(state, weapon.dice, weapon.target)
    return _aim(state, unit, blast, howitzer_arc(state, unit, weapon)) is not None


def fired_key(unit_id: str) -> str:
    """The Attack phase's record that the vehicle's howitzer has fired (its guns fire later, SAS-UNIT-13)."""
    return f"howitzer:{unit_id}"


def fire_howitzer(ctx: Ctx, unit_id: str) -> bool:
    """The vehicle's howitzer fires exactly as a mortar: the nearest valid exposed operator (in its arc), the
    template's 6 along the vehicle's facing (OQ-42), large scatter, 3 rolls at 3+ (SAS-UNIT-13, SAS-HM-4,
    SAS-KS-4). Recorded as fired either way."""
    unit = ctx.state.unit(unit_id)
    weapon = howitzer(ctx.state, unit) if unit is not None else None
    if unit is None or weapon is None:
        return False
    ctx.state = replace(ctx.state, done=ctx.state.done | {fired_key(unit_id)})
    blast = as_mortar(ctx.state, weapon.dice, weapon.target)
    arc = howitzer_arc(ctx.state, unit, weapon)
    return fire(ctx, unit_id, blast, facing=unit.facing, arc=arc, rule=weapon.rule or "SAS-UNIT-13")


def inside(state: SasState, loc: Cell) -> bool:
    """A building interior square (SAS-TER-10)."""
    return bool(state.rt.grid.terrain(loc) == "building")


def resolve(ctx: Ctx, unit_id: str, centre: Cell, blast: UnitBlast, rule: str) -> None:
    """The template lands on ``centre``: rolls only if an operator is under it; no cover, but the building
    modifier; the successes split among the operators under it (SAS-UNIT-7, SAS-BLAST-2, D-MORTAR-3); then the
    template is removed (SAS-BLAST-6)."""
    state = ctx.state
    cells = {c for c in footprint(centre) if state.rt.grid.contains(c)}
    under = [o for o in state.active_ops() if o.loc in cells]
    vehicles = covered_vehicles(state, cells)  # SAS-OVEH-10, D-INTEG-3
    title = t("{unit}'s blast on {sq}", unit=ctx.name(unit_id), sq=ctx.label(centre))
    remove = t("Remove the blast template.")
    if not under and not vehicles:
        text = t("{title}: no operator under the template, no roll.", title=title)
        ctx.emit("axis_blast", text, rule, tuple(sorted(cells)), instruction=remove)
        return
    indoors = [o for o in under if o.loc is not None and inside(state, o.loc)]
    mods: list[Modifier] = []
    if blast.building and len(indoors) == len(under) and not vehicles:
        mods.append(Modifier(value=blast.building, reason=t("target inside a building"), rule_id=rule))
    dice = combat.roll(ctx, blast.rolls, blast.target, mods, title)
    split = _split(ctx, under, vehicles, indoors={o.id for o in indoors}, dice=dice, blast=blast)
    result = t("{n} hit(s)", n=sum(split.values()))
    if blast.building and indoors and len(indoors) < len(under) + len(vehicles):
        need = blast.target - blast.building
        result = t("{result} (inside a building only a natural {need}+ hurts)", result=result, need=need)
    ruling = Ruling(title=title, rule_id=rule, dice=dice, target=blast.target, modifiers=tuple(mods), result=result)
    text = t("{title}: {result}.", title=title, result=result)
    ctx.emit("axis_blast", text, rule, tuple(sorted(cells)), ruling=ruling, instruction=remove)
    for (kind, target_id), n in split.items():
        if kind == "vehicle":  # its HP; at 0 it is destroyed with everyone aboard (SAS-OVEH-10)
            ovehicle_fire.damage(ctx, target_id, n, rule)
        else:
            combat.damage_operator(ctx, target_id, n, rule)


def covered_vehicles(state: SasState, cells: set[Cell]) -> list[OperatorVehicleState]:
    """Occupied operator vehicles with any square of the token under an Axis template: they take its successes like
    operators do (SAS-UNIT-7, SAS-OVEH-10, D-INTEG-3)."""
    return [v for v in state.op_vehicles if ovehicle.target(state, v) and cells.intersection(v.cells)]


def _split(
    ctx: Ctx,
    under: list[OperatorState],
    vehicles: list[OperatorVehicleState],
    *,
    indoors: set[str],
    dice: tuple[DieResult, ...],
    blast: UnitBlast,
) -> dict[tuple[str, str], int]:
    """Each success to the operator or occupied operator vehicle under the template with the most HP left that the
    die hurts; a die hurts an operator inside a building only if the -3 still leaves it a success (D-MORTAR-3); ties:
    operators in team order, then vehicles (D-INTEG-3). Keys: ("op" | "vehicle", id)."""
    mixed = bool(blast.building) and bool(indoors) and len(indoors) < len(under) + len(vehicles)
    hp = {("op", o.id): o.hp for o in under} | {("vehicle", v.id): ovehicle.hp(ctx.state, v) for v in vehicles}
    order = [("op", o.id) for o in ctx.state.operators] + [("vehicle", v.id) for v in vehicles]
    split = dict.fromkeys(hp, 0)
    for die in dice:
        if not die.success:
            continue
        able = [i for i in hp if not mixed or i[1] not in indoors or die.natural + blast.building >= blast.target]
        able = [i for i in able if hp[i] > 0] or able
        if able:
            best = min(able, key=lambda i: (-hp[i], order.index(i)))
            hp[best] -= 1
            split[best] += 1
    return split

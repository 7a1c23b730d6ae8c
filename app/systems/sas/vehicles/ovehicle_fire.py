"""The Axis against operator vehicles: Axis vehicles' sight through their arcs, their guns in the Attack phase and
as reactions, and the targets they advance on (SAS-OVEH-10 read with SAS-AVEH-7, SAS-AVEH-8, SAS-AVEH-9, SAS-AVEH-10,
SAS-AVEH-11); infantry attacks on a vehicle, its damage and its destruction (SAS-OVEH-10, SAS-AATK-8).

An Axis vehicle treats an occupied operator vehicle as infantry do (``ovehicle.can_attack``), by its own sight and
guns: it sees the operator vehicle when one of its arcs (front, rear) sees any square of the token (SAS-AVEH-7,
SAS-AVEH-8, SAS-OVEH-10); each gun that may fire into that arc fires once, within its long range counted from the Axis
token to the nearest square of the operator vehicle that arc sees, +1 at short range (SAS-AVEH-8, SAS-AVEH-10,
SAS-AATK-4) and never a cover modifier (SAS-OVEH-10). A reaction needs the operator vehicle in an arc's LOS, with the
guns that react (SAS-AVEH-11). Each success costs the operator vehicle 1 HP, the same path as infantry attacks
(``damage``). Decisions: docs/sas-decisions.md D-INTEG-1, D-INTEG-2, D-INTEG-3.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.core.i18n import localized, t
from app.core.ruling import Modifier, Ruling
from app.systems.sas.board.vision import Eye, axis_blockers, barrels, can_see, eye_grade, eyes
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.operators.scuba import low_cover_between
from app.systems.sas.state import OperatorVehicleState, SasState, UnitState
from app.systems.sas.tables import VehicleWeapon
from app.systems.sas.vehicles import cargo, ovehicle
from app.systems.sas.vehicles.ovehicle import vname

Cell = tuple[int, int]


@dataclass(frozen=True)
class VehicleShot:
    """One way an Axis vehicle's gun can fire at an operator vehicle.

    Attributes:
        weapon: The gun (data/vehicles.json).
        eye: The arc it fires through (SAS-AVEH-7).
        at: The square of the operator vehicle it aims at: the nearest one that arc sees (SAS-OVEH-10).
        range: Squares from the Axis token to ``at`` (SAS-AVEH-8).
        mods: Short range +1 or nothing; never cover (SAS-AATK-4, SAS-OVEH-10).
    """

    weapon: VehicleWeapon
    eye: Eye
    at: Cell
    range: int
    mods: tuple[Modifier, ...]


def eye_cells(state: SasState, unit: UnitState, eye: Eye, ov: OperatorVehicleState) -> list[Cell]:
    """The squares of the operator vehicle the Axis vehicle sees through ``eye``: fully or half visible (a vehicle is
    never crouched), once someone is aboard; low cover hides the rowing boat (SAS-AVEH-7, SAS-AVEH-8, SAS-OVEH-10,
    SAS-OVEH-13)."""
    if not ovehicle.target(state, ov) or not can_see(unit, state):
        return []
    rt = state.rt
    low = ovehicle.stats(rt, ov.kind).low
    blockers, drums = axis_blockers(state) - set(unit.cells), barrels(state)
    out = []
    for c in ov.cells:
        if not rt.grid.contains(c) or eye_grade(state, eye, c, blockers, drums)[0] is None:
            continue
        if low and low_cover_between(rt, ovehicle.nearest(eye.body, c), c) is not None:
            continue
        out.append(c)
    return out


def sees(state: SasState, unit: UnitState, ov: OperatorVehicleState) -> bool:
    """The Axis vehicle sees some square of the occupied operator vehicle through one of its arcs (SAS-OVEH-10)."""
    return any(eye_cells(state, unit, eye, ov) for eye in eyes(unit))


def _guns(state: SasState, unit: UnitState, *, reaction: bool) -> list[VehicleWeapon]:
    """The vehicle's guns that fire now: dice to roll, reacting ones for a reaction (SAS-AVEH-11, SAS-UNIT-13), the
    assault boat's SMG only while aboard (SAS-JGR-17); unarmed vehicles have none (SAS-AVEH-13)."""
    stats = state.rt.tables.vehicle(unit.kind)
    if stats is None:
        return []
    return [
        w
        for w in stats.weapons
        if w.kind == "gun" and w.dice > 0 and (w.reactions or not reaction) and not (w.cargo and cargo.unloaded(unit))
    ]


def shots(state: SasState, unit: UnitState, ov: OperatorVehicleState, *, reaction: bool) -> list[VehicleShot]:
    """Every way the Axis vehicle's guns can fire at the operator vehicle now: through an arc the gun fires into that
    sees a square of it within the gun's long range, counted from the token (SAS-AVEH-8, SAS-AVEH-10, SAS-AVEH-11,
    SAS-OVEH-10). Never through a wall: SAS-AATK-7 is for an operator inside a building."""
    stats = state.rt.tables.vehicle(unit.kind)
    out: list[VehicleShot] = []
    for weapon in _guns(state, unit, reaction=reaction):
        for eye in eyes(unit):
            if stats is None or eye.arc not in (weapon.arcs or stats.arcs):
                continue
            seen = [c for c in eye_cells(state, unit, eye, ov) if unit.distance(c) <= weapon.long]
            if not seen:
                continue
            at = min(seen, key=lambda c: (unit.distance(c), c[1], c[0]))
            d = unit.distance(at)
            near = d <= weapon.short
            mods = (Modifier(value=1, reason=t("short range ({d})", d=d), rule_id="SAS-AATK-4"),) if near else ()
            out.append(VehicleShot(weapon, eye, at, d, mods))
    return out


def can_attack(state: SasState, unit: UnitState, ov: OperatorVehicleState) -> bool:
    """The Axis vehicle has a shot at the occupied operator vehicle in the Attack phase (SAS-AVEH-10, SAS-OVEH-10)."""
    return bool(shots(state, unit, ov, reaction=False))


def _best(options: list[VehicleShot]) -> VehicleShot:
    """The nearest aim, the front arc first (cover never counts against a vehicle, SAS-OVEH-10)."""
    return min(options, key=lambda s: (s.range, s.eye.arc != "front", s.at[1], s.at[0]))


def attack(ctx: Ctx, unit_id: str, vehicle_id: str, reaction: bool) -> None:
    """The Axis vehicle's guns each fire once at the operator vehicle by their best way; a reaction only at one in an
    arc's LOS (SAS-AVEH-10, SAS-AVEH-11, SAS-OVEH-10)."""
    unit, ov = ctx.state.unit(unit_id), ctx.state.op_vehicle(vehicle_id)
    if unit is None or ov is None:
        return
    found = shots(ctx.state, unit, ov, reaction=reaction)
    if not found:
        if reaction and _guns(ctx.state, unit, reaction=True):
            text = t(
                "{unit} cannot react: {op} is not in its LOS.",
                unit=ctx.name(unit_id),
                op=vname(ctx.state, ov),
            )
            ctx.emit("no_reaction", text, "SAS-AVEH-11", (unit.loc, ov.anchor))
        return
    for weapon in dict.fromkeys(s.weapon.id for s in found):
        fire(ctx, unit_id, vehicle_id, _best([s for s in found if s.weapon.id == weapon]), reaction)


def fire(ctx: Ctx, unit_id: str, vehicle_id: str, shot: VehicleShot, reaction: bool) -> None:
    """Roll the gun's dice at the operator vehicle; each success costs it 1 HP, and at 0 HP everyone aboard dies
    (SAS-AATK-2, SAS-OVEH-10)."""
    unit, ov = ctx.state.unit(unit_id), ctx.state.op_vehicle(vehicle_id)
    if unit is None or ov is None:
        return
    weapon = shot.weapon
    name = vname(ctx.state, ov)
    gun = localized(weapon.name_en, weapon.name_zh or None)
    title = t("{unit} fires its {weapon} at {op}", unit=ctx.name(unit_id), weapon=gun, op=name)
    rule = "SAS-AVEH-11" if reaction else "SAS-AVEH-10"
    dice = combat.roll(ctx, weapon.dice, weapon.target, list(shot.mods), title)
    hits = sum(1 for die in dice if die.success)
    arc = t("front arc") if shot.eye.arc == "front" else t("rear arc")
    result = t("{n} hit(s); {note}", n=hits, note=t("no cover modifier against a vehicle"))
    notes = (t("fires through its {arc}", arc=arc),)
    ruling = Ruling(
        title=title, rule_id=rule, dice=dice, target=weapon.target, modifiers=shot.mods, result=result, notes=notes
    )
    near = min(unit.cells, key=lambda c: (combat.dist(c, shot.at), c[1], c[0]))
    kind = "reaction_attack" if reaction else "axis_attack"
    ctx.emit(kind, t("{title}: {result}.", title=title, result=result), rule, (near, shot.at), ruling=ruling)
    damage(ctx, vehicle_id, hits, rule)


def phase_attack(ctx: Ctx, unit_id: str) -> None:
    """The Axis vehicle's attack in the Attack phase when an occupied operator vehicle is among its targets: each gun
    picks the target with the fewest cover or wall modifiers (none against a vehicle), then the nearest, operators
    before vehicles on ties (SAS-AATK-3, OQ-66, D-OVEH-9, D-INTEG-1); otherwise ``combat.phase_attack``."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    vehicles = ovehicle.exposed_vehicles(ctx.state)
    if not any(can_attack(ctx.state, unit, v) for v in vehicles):
        combat.phase_attack(ctx, unit_id)
        return
    order = [o.id for o in ctx.state.operators]
    for weapon in _guns(ctx.state, unit, reaction=False):
        unit = ctx.state.unit(unit_id)
        if unit is None:
            return
        ranked: list[tuple[int, int, int, int, combat.Shot | VehicleShot, str]] = [
            (s.penalty, unit.distance(op.loc), order.index(op.id), int(s.wall), s, op.id)  # type: ignore[arg-type]
            for op in ctx.state.active_ops()
            if op.exposed
            for s in combat.vehicle_shots(ctx.state, unit, op, reaction=False)
            if s.weapon.id == weapon.id
        ]
        ranked += [
            (0, v.range, len(order) + i, 0, v, ov.id)
            for i, ov in enumerate(ovehicle.exposed_vehicles(ctx.state))
            for v in shots(ctx.state, unit, ov, reaction=False)  # front arc first (``eyes``)
            if v.weapon.id == weapon.id
        ]
        if not ranked:
            continue
        *_rank, shot, target = min(ranked, key=lambda r: r[:4])
        if isinstance(shot, VehicleShot):
            fire(ctx, unit_id, target, shot, False)
        else:
            combat.vehicle_fire(ctx, unit, ctx.state.op(target), shot, reaction=False)


# --- Axis attacks on a vehicle (SAS-OVEH-10, SAS-AATK-8) ----------------------------------------------------------
def axis_attack(ctx: Ctx, unit_id: str, vehicle_id: str, reaction: bool) -> None:
    """An Axis unit attacks an occupied vehicle: its HP, LOS to any part of it, short range +1, never cover
    (SAS-OVEH-10, SAS-AATK-8, OQ-45; reaction out of LOS or range −2, SAS-REACT-4). A unit that reacts as others
    makes their rolls (mortar team: 2 SMG infantry, SAS-UNIT-8)."""
    unit = ctx.state.unit(unit_id)
    stats = ctx.state.rt.tables.units.get(unit.kind) if unit is not None else None
    if stats is None:  # an Axis vehicle fires its guns through its arcs (SAS-AVEH-10, SAS-AVEH-11, D-INTEG-1)
        attack(ctx, unit_id, vehicle_id, reaction)
        return
    rolls = [stats]
    if reaction:
        crew = ctx.state.rt.tables.units[stats.react_as] if stats.react_as else stats
        rolls = [crew] * stats.reactions
    for row in rolls:
        unit, ov = ctx.state.unit(unit_id), ctx.state.op_vehicle(vehicle_id)
        if unit is None or ov is None:
            return
        seen = ovehicle.seen_cells(ctx.state, unit, ov)
        d = min(combat.dist(unit.loc, c) for c in (seen or ov.cells))
        mods: list[Modifier] = []
        if reaction and (d > row.long or not seen):
            mods.append(Modifier(value=-2, reason=t("target outside LOS or range"), rule_id="SAS-REACT-4"))
        elif d <= row.short:
            mods.append(Modifier(value=1, reason=t("short range ({d})", d=d), rule_id="SAS-AATK-4"))
        rule = "SAS-REACT-1" if reaction else "SAS-AATK-2"
        title = t("{unit} attacks {v}", unit=ctx.name(unit_id), v=vname(ctx.state, ov))
        note = t("no cover modifier against a vehicle")  # SAS-OVEH-10, SAS-AATK-8
        at = (unit.loc, ov.anchor)
        hits = combat.axis_roll(ctx, row, mods, title, rule=rule, reaction=reaction, at=at, note=note)
        damage(ctx, vehicle_id, hits, rule)


def damage(ctx: Ctx, vehicle_id: str, hits: int, rule: str) -> None:
    """Each success removes 1 HP; at 0 HP the vehicle is destroyed and everyone aboard dies (SAS-OVEH-10)."""
    ov = ctx.state.op_vehicle(vehicle_id)
    if ov is None or hits <= 0:
        return
    ctx.state = ctx.state.with_op_vehicle(vehicle_id, damage=ov.damage + hits)
    left = max(0, ovehicle.hp(ctx.state, ov) - hits)
    ctx.emit(
        "vehicle_hit",
        t("{v} loses {n} HP ({hp} left).", v=vname(ctx.state, ov), n=hits, hp=left),
        rule,
        (ov.anchor,),
        instruction=t("Put {n} damage marker(s) on the vehicle sheet.", n=hits),
    )
    if left > 0:
        return
    for op in ctx.state.crew(vehicle_id):
        ctx.state = ctx.state.with_op(op.id, status="dead", hp=0, aboard=None, seat=None)
        ctx.emit("operator_killed", t("{op} is killed.", op=ctx.name(op.id)), "SAS-OVEH-10")
    ctx.state = replace(ctx.state, op_vehicles=tuple(v for v in ctx.state.op_vehicles if v.id != vehicle_id))
    ctx.emit(
        "vehicle_destroyed",
        t("{v} is destroyed; everyone aboard dies.", v=vname(ctx.state, ov)),
        "SAS-OVEH-10",
        (ov.anchor,),
        instruction=t("Remove the {v} token and the operators on its sheet.", v=vname(ctx.state, ov)),
    )

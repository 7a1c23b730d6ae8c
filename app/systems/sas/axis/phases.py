"""The Axis Advance and Axis Attack phases unit by unit: who acts next and what it does.

Rulebook chapters: §13 Axis Advance (SAS-ADV-1, SAS-ADV-2, SAS-ADV-3, SAS-ADV-4, SAS-ADV-5, SAS-ADV-6, SAS-ADV-7
Stealth, SAS-ADVB-1, SAS-ADVB-2, SAS-ADVB-3, SAS-ADVB-4, SAS-ADVB-5 Battle) and §16 Axis Attack (SAS-AATK-1, SAS-AATK-2,
SAS-AATK-3, SAS-AATK-4, SAS-AATK-5, SAS-AATK-6). Each step plays one unit: an advancing unit moves (special infantry by
their own rules, ``squads``), then marked attacks fire and the Axis look around; in the Attack phase blast weapons fire
first, then each alert unit attacks its best target (``advance`` has the targets, routes and attack positions).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.systems.sas.axis import alerts, artillery, squads
from app.systems.sas.axis.advance import (
    ADVANCING_BATTLE,
    Target,
    advance_unit,
    advancers,
    can_attack,
    exposed,
    mode,
    nearest_distance,
    turn_unit,
)
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.operators import items, marks
from app.systems.sas.state import OperatorState, OperatorVehicleState, SasState, UnitState
from app.systems.sas.vehicles import ovehicle, ovehicle_fire
from app.systems.sas.vehicles import roles as vehicle_roles


def advance_step(ctx: Ctx) -> bool:
    """Play the next unit of the Advance phase; False when none is left."""
    waiting = advancers(ctx.state)
    if not waiting:
        return False
    unit = waiting[0]
    ctx.state = replace(ctx.state, done=ctx.state.done | {unit.id})
    leaves = mode(ctx.state, unit) == "turn" and sentry_leaves(ctx.state, unit)
    if leaves and (unit.loc == unit.post or unit.loc in ctx.state.rt.sentry_points):
        name = ctx.name(unit.id)
        text = t("{unit} leaves its sentry point: no other Axis unit advances on the operators.", unit=name)
        ctx.emit("sentry_leaves", text, "SAS-ADVB-3", (unit.loc,))
    if mode(ctx.state, unit) == "advance" or leaves:
        if not squads.move(ctx, unit):  # special infantry (SAS-UNIT-6, SAS-UNIT-12, SAS-KS-1, SAS-KS-2)
            advance_unit(ctx, unit)
        items.stepped_on(ctx, unit.id)  # traps and mines (SAS-EQ-4, SAS-EQ-8)
    else:
        turn_unit(ctx, unit)
    marks.fire(ctx)  # before the unit can spot anyone (SAS-MARK-3, D-MARK-1)
    alerts.detect(ctx)
    return True


def sentry_leaves(state: SasState, unit: UnitState) -> bool:
    """In the Battle section a sentry leaves its point and advances whenever no other Axis unit advances toward
    the operators: no SMG guard or spawned unit, no rifleman of a patrol line (a mortar walks to a sentry point,
    not toward them), no vehicle driving at them — a guard vehicle only once it has seen one (SAS-ADVB-3,
    SAS-ADVB-1, SAS-AVEH-9, SAS-AVEH-23)."""
    if state.section != "battle" or unit.role != "sentry":
        return False
    for other in state.units:
        if other.id == unit.id:
            continue
        if vehicle_roles.advances(state, other) if other.is_vehicle else _advances_on_foot(other):
            return False
    return True


def _advances_on_foot(unit: UnitState) -> bool:
    return unit.role in ADVANCING_BATTLE and unit.kind != "mortar"


def attackers(state: SasState) -> list[UnitState]:
    """Alert units on the map with an exposed operator in range and sight, or through a wall (SAS-AATK-1,
    SAS-AATK-7); blast weapons fire first, at the very start of the phase (SAS-AATK-1, SAS-UNIT-7, SAS-KS-1): a
    vehicle's howitzer too, its guns later in the usual order (SAS-UNIT-13, SAS-HM-4, SAS-KS-4)."""
    ops = exposed(state)
    vehicles = ovehicle.exposed_vehicles(state)  # attacked like exposed operators (SAS-OVEH-10, SAS-SUP-5)
    if not ops and not vehicles:
        return []
    ready = [u for u in state.map_units() if u.alert and u.id not in state.done]
    blasting = [u for u in ready if blast_ready(state, u) or artillery.howitzer_ready(state, u)]
    ready = [
        u
        for u in ready
        if u in blasting
        or any(can_attack(state, u, o) or wall_shot(state, u, o) for o in ops)
        or any(can_attack(state, u, v) for v in vehicles)
    ]
    return sorted(ready, key=lambda u: (u not in blasting, nearest_distance(u, ops, state), u.id))


def blast_ready(state: SasState, unit: UnitState) -> bool:
    """The unit's blast weapon has a valid target now: an operator, or an occupied operator vehicle for a mortar
    (SAS-UNIT-7, SAS-KS-1, D-INTEG-3)."""
    blast = artillery.ready(state, unit)
    if blast is None:
        return False
    return bool(artillery.targets(state, unit, blast) or artillery.vehicle_aims(state, unit, blast))


def wall_shot(state: SasState, unit: UnitState, op: OperatorState) -> bool:
    """An HMG team may fire through one wall at this exposed operator inside a building (SAS-UNIT-12), or a
    flamethrower attack his room without LOS (SAS-HD-3)."""
    return squads.indirect(state, unit, op) is not None


def attack_step(ctx: Ctx) -> bool:
    """Next unit of the Attack phase attacks its best target: less cover, then nearer (SAS-AATK-3, OQ-66); a
    blast weapon fires at its own target (SAS-UNIT-7, SAS-KS-1)."""
    waiting = attackers(ctx.state)
    if not waiting:
        return False
    unit = waiting[0]
    if artillery.howitzer_ready(ctx.state, unit):  # first the howitzer, its guns in their turn (SAS-UNIT-13)
        artillery.fire_howitzer(ctx, unit.id)
        return True
    ctx.state = replace(ctx.state, done=ctx.state.done | {unit.id})
    blast = artillery.ready(ctx.state, unit)
    if blast is not None and artillery.fire(ctx, unit.id, blast):
        return True
    if unit.is_vehicle:  # each gun picks its own target, operators or operator vehicles (SAS-AVEH-10, SAS-OVEH-10)
        ovehicle_fire.phase_attack(ctx, unit.id)
        return True
    aims: list[Target] = [
        o for o in exposed(ctx.state) if can_attack(ctx.state, unit, o) or wall_shot(ctx.state, unit, o)
    ]
    aims += [v for v in ovehicle.exposed_vehicles(ctx.state) if can_attack(ctx.state, unit, v)]

    def rank(op: Target) -> tuple[int, int, int]:
        if isinstance(op, OperatorVehicleState):  # never cover against a vehicle; after operators on ties (SAS-OVEH-10)
            return (0, ovehicle.distance(op, unit.loc), len(ctx.state.operators))
        assert op.loc is not None
        found = combat.cover(ctx.state.rt, unit.loc, op.loc)
        penalty = -3 if not can_attack(ctx.state, unit, op) else (found[0] if found else 0)
        return (-penalty, combat.dist(unit.loc, op.loc), [o.id for o in ctx.state.operators].index(op.id))

    chosen = min(aims, key=rank)
    if isinstance(chosen, OperatorVehicleState):
        ovehicle_fire.axis_attack(ctx, unit.id, chosen.id, reaction=False)
    elif can_attack(ctx.state, unit, chosen):
        combat.axis_attack(ctx, unit.id, chosen.id, reaction=False)
    else:
        squads.attack_indirect(ctx, unit.id, chosen.id)
    return True

"""Damage to Axis vehicles (rulebook §18, SAS-AVEH-12): each success is one damage marker; when the markers reach
the vehicle's HP it is destroyed and removed from the game at once (no corpse). Landmines and other blasts hit
vehicles too (OQ-39). Kept apart so the vehicle-attack rules can extend it."""

from __future__ import annotations

from app.core.i18n import t
from app.systems.sas.context import Ctx


def damage_vehicle(ctx: Ctx, unit_id: str, hits: int, rule: str) -> int:
    """Put up to ``hits`` damage markers on vehicle ``unit_id``; returns how many it took (at most its HP left)."""
    unit = ctx.state.unit(unit_id)
    stats = None if unit is None else ctx.state.rt.tables.vehicle(unit.kind)
    if unit is None or stats is None or hits <= 0:
        return 0
    taken: int = min(hits, stats.hp - unit.damage)
    damage = unit.damage + taken
    name = ctx.name(unit_id)
    if damage >= stats.hp:
        ctx.emit(
            "vehicle_destroyed",
            t("{unit} takes {n} damage and is destroyed.", unit=name, n=taken),
            rule,
            (unit.loc,),
            instruction=t("Remove {unit} from the game.", unit=name),
        )
        ctx.state = ctx.state.without_units([unit_id])
        return taken
    ctx.state = ctx.state.with_unit(unit_id, damage=damage)
    ctx.emit(
        "vehicle_damaged",
        t("{unit} takes {n} damage ({damage} of {hp}).", unit=name, n=taken, damage=damage, hp=stats.hp),
        rule,
        (unit.loc,),
        instruction=t("Put {n} damage marker(s) on {unit}.", n=taken, unit=name),
    )
    return taken

"""Resolving one operator attack: a ranged shot (normal, blind or marked) or a knife kill.

Rulebook chapters: §8.1 ranged attack (SAS-ATK-1, SAS-ATK-2, SAS-ATK-3, SAS-ATK-4, SAS-ATK-5, SAS-ATK-6, SAS-ATK-7,
SAS-ATK-8, SAS-ATK-9: roll, ammunition, hits, noise, the surviving target), §8.2 knife (SAS-KNIFE-1, SAS-KNIFE-4), §8.4
marked attacks (SAS-MARK-2: the +2 comes in as an extra modifier), §8.5 blind fire (SAS-BLIND-1, SAS-BLIND-2,
SAS-BLIND-3) and the Sten sweep (SAS-EQ-2, D-ATK-1). The actions (Attack, Blind Fire, Mark) decide *when* an attack
happens; this module says what it does. Every roll is a Ruling with each modifier and its rule ID.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import localized, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.systems.sas.axis import alerts
from app.systems.sas.board.reasons import Why
from app.systems.sas.board.vision import sees_op
from app.systems.sas.combat import attacks as combat
from app.systems.sas.combat.blasts import explode_barrel
from app.systems.sas.context import Ctx
from app.systems.sas.operators.operator import illegal

Cell = tuple[int, int]


def target_loc(ctx: Ctx, target: str) -> Cell:
    """Square of an Axis unit on the map or a fuel barrel (SAS-ATK-1, SAS-OBJ-5)."""
    unit = ctx.state.unit(target)
    if unit is not None and not unit.on_spawn:
        return unit.loc
    obj = ctx.state.obj(target)
    if obj is not None and obj.kind == "fuel_barrel" and obj.loc is not None:
        return obj.loc
    raise illegal("There is no target {target} on the map.", "SAS-ATK-1", target=target)


def aim_at(ctx: Ctx, op_id: str, weapon_id: str, target: str, *, blind: bool = False) -> tuple[Cell, Why | None]:
    """Where a shot at ``target`` goes and why it cannot be made, or ``None`` (SAS-ATK-1); a vehicle is shot at on
    the nearest square of its token in range and LOS (SAS-AVEH-12)."""
    unit = ctx.state.unit(target)
    if unit is not None and not unit.on_spawn:
        return combat.unit_attack_problem(ctx, op_id, weapon_id, unit, blind=blind)
    loc = target_loc(ctx, target)
    return loc, combat.attack_problem(ctx, op_id, weapon_id, loc, blind=blind)


def shoot(
    ctx: Ctx, op_id: str, weapon_id: str, target: str, extra: tuple[Modifier, ...] = (), *, blind: bool = False
) -> None:
    """One ranged attack with the operator's gun: dice, hits, ammunition, noise, survivor (SAS-ATK-1, SAS-ATK-2,
    SAS-ATK-3, SAS-ATK-4, SAS-ATK-5, SAS-ATK-6, SAS-ATK-7, SAS-ATK-8, SAS-ATK-9). At an armoured vehicle a gun has no
    effect and no dice are rolled, unless a Sten's sweep can hit a unit next to it (SAS-AVEH-12)."""
    op = ctx.state.op(op_id)
    assert op.loc is not None
    loc, why = aim_at(ctx, op_id, weapon_id, target, blind=blind)
    if why:
        raise illegal("Cannot attack: {why}.", "SAS-BLIND-1" if blind else "SAS-ATK-1", why=why.text())
    weapon = ctx.state.rt.tables.weapons[weapon_id]
    alerts.unveil(ctx, op_id)
    act = ctx.state.activation
    aimed = act is not None and target in act.aimed
    mods = [*combat.operator_mods(ctx, op_id, weapon_id, loc, aimed), *extra]
    if blind:
        mods.append(Modifier(value=-2, reason=t("blind fire"), rule_id="SAS-BLIND-1"))
    weapon_name = localized(weapon.name_en, weapon.name_zh or None)
    title = t("{op} fires the {weapon} at {target}", op=ctx.name(op_id), weapon=weapon_name, target=ctx.name(target))
    rule = "SAS-BLIND-1" if blind else ("SAS-MARK-2" if extra else "SAS-ATK-1")
    if futile(ctx, op_id, weapon_id, target):
        dice: tuple[DieResult, ...] = ()
        result = t("no effect: {unit} is armoured, only blast weapons damage it", unit=ctx.name(target))
        shot = ctx.state.unit(target)
        rule = "SAS-AVEH-12" if shot is not None and shot.is_vehicle else "SAS-SUP-15"  # an AA gun
    else:
        dice = combat.roll(ctx, weapon.rolls, weapon.target, mods, title, lucky=True)
        result = t("{n} success(es)", n=sum(1 for d in dice if d.success))
    hits = sum(1 for d in dice if d.success)
    if weapon.ammo is not None:
        ctx.state = ctx.state.with_op(op_id, ammo=spend(op.ammo, weapon_id))
    if weapon.once and act is not None and act.operator == op_id:  # one use per activation (SAS-EQ-16)
        ctx.state = replace(ctx.state, activation=replace(act, spent=(*act.spent, weapon_id)))
    ruling = Ruling(title=title, rule_id=rule, dice=dice, target=weapon.target, modifiers=tuple(mods), result=result)
    ctx.emit("attack", t("{title}: {result}.", title=title, result=result), rule, (op.loc, loc), ruling=ruling)
    was_alert = {u.id for u in ctx.state.units if u.alert}
    assign_hits(ctx, op_id, weapon_id, target, hits=hits)
    _heard_and_seen(ctx, op_id, weapon_id, (target, op.loc), was_alert, blind=blind)


def futile(ctx: Ctx, op_id: str, weapon_id: str, target: str) -> bool:
    """A gun at an armoured vehicle has no effect (SAS-AVEH-12), unless it is a Sten whose sweep can reach a unit
    next to it (SAS-EQ-2)."""
    unit = ctx.state.unit(target)
    if unit is None or not combat.armoured(ctx.state, unit):
        return False
    sweep = ctx.state.rt.tables.weapons[weapon_id].sweep
    reach = combat.sweep_targets(ctx, op_id, weapon_id, target) if sweep else []
    return not any(not combat.armoured(ctx.state, u) for u in map(ctx.state.unit, reach) if u is not None)


def _heard_and_seen(
    ctx: Ctx, op_id: str, weapon_id: str, shot: tuple[str, Cell], was_alert: set[str], *, blind: bool
) -> None:
    """After the hits: noise (SAS-NOISE-1, SAS-NOISE-3, SAS-SEEN-6), blind-fire exposure (SAS-BLIND-3), the speargun's
    silent kill or unseen miss (SAS-EQ-16), and a surviving target's reaction (SAS-ATK-9). ``shot``: the target and the
    square the shot came from."""
    weapon = ctx.state.rt.tables.weapons[weapon_id]
    target, origin = shot
    if weapon.noise > 0:
        alerts.advance_meter(ctx, "SAS-NOISE-1", by_op=op_id)
        alerts.noise(ctx, origin, weapon.noise, "SAS-NOISE-3")
        if ctx.state.section == "battle":
            alerts.expose(ctx, op_id, "SAS-SEEN-6")
    if blind:
        alerts.expose(ctx, op_id, "SAS-BLIND-3")  # the Axis know where he is, though he stays hidden
    if weapon.silent_kill and ctx.state.unit(target) is None:
        alerts.detect(ctx)  # an assassination: seen at the moment of the kill, he is exposed (SAS-EQ-16)
    elif weapon.silent_kill and ctx.state.op(op_id).scuba:
        unseen_miss(ctx, op_id, target)
        return
    survivor(ctx, op_id, target, was_alert)


def spend(stock: tuple[tuple[str, int], ...], what: str) -> tuple[tuple[str, int], ...]:
    """One ammunition / item token fewer (SAS-ATK-5, SAS-EQ)."""
    return tuple((w, n - 1 if w == what else n) for w, n in stock)


def gain(stock: tuple[tuple[str, int], ...], what: str) -> tuple[tuple[str, int], ...]:
    """One item token more (a used trap picked up again, SAS-EQ-4)."""
    have = dict(stock)
    have[what] = have.get(what, 0) + 1
    return tuple(sorted(have.items()))


def assign_hits(ctx: Ctx, op_id: str, weapon_id: str, target: str, *, hits: int) -> None:
    """Successes go to the target — each costs a unit on foot 1 HP until it dies (the first kills infantry), each is a
    damage marker on a vehicle (SAS-ATK-3, SAS-GEN-4, SAS-AVEH-12) — and the Sten's further successes to units next
    to it (SAS-EQ-2, D-ATK-1, D-VDMG-2)."""
    if hits <= 0:
        return
    if ctx.state.unit(target) is None:
        explode_barrel(ctx, target)
        return
    sweep = ctx.state.rt.tables.weapons[weapon_id].sweep
    extra = combat.sweep_targets(ctx, op_id, weapon_id, target) if sweep else []
    left = hits
    for unit_id, rule in [(target, "SAS-ATK-3"), *((u, "SAS-EQ-2") for u in extra)]:
        if left > 0:
            left -= combat.damage_unit(ctx, unit_id, left, rule, blast=False)


def survivor(ctx: Ctx, op_id: str, target: str, was_alert: set[str]) -> None:
    """A target that survives turns, flips, exposes the attacker and shouts (SAS-ATK-9, SAS-REACT-5)."""
    unit = ctx.state.unit(target)
    op = ctx.state.op(op_id)
    if unit is None or op.loc is None:
        return
    combat.turn_to(ctx, target, op.loc, "SAS-ATK-9")
    alerts.alert(ctx, target, "SAS-ATK-9", t(" (was attacked)"))
    alerts.expose(ctx, op_id, "SAS-ATK-9")
    alerts.shout(ctx, target)
    unit = ctx.state.unit(target)
    if target in was_alert and unit is not None and sees_op(ctx.state, unit, op):
        ctx.alerted.discard(target)
        ctx.seen.add(target)  # an alert target reacts at once (SAS-REACT-5); not when he is hidden (SAS-BLIND-3)


def unseen_miss(ctx: Ctx, op_id: str, target: str) -> None:
    """A speargun miss from the water: the target turns toward the attack and flips to alert, but the operator in the
    water is not visible and is not exposed (SAS-EQ-16)."""
    unit, op = ctx.state.unit(target), ctx.state.op(op_id)
    if unit is None or op.loc is None:
        return
    combat.turn_to(ctx, target, op.loc, "SAS-EQ-16")
    alerts.alert(ctx, target, "SAS-EQ-16", t(" (a speargun missed him)"))


def knife(ctx: Ctx, op_id: str, target: str, rule: str = "SAS-KNIFE-1") -> None:
    """The knife kills the unit outright, witnesses see the corpse (SAS-KNIFE-1, SAS-KNIFE-4, OQ-18)."""
    alerts.unveil(ctx, op_id)
    op = ctx.state.op(op_id)
    title = t("{op} knifes {unit} from behind", op=ctx.name(op_id), unit=ctx.name(target))
    ruling = Ruling(title=title, rule_id=rule, target=1, result=t("automatic success: killed"))
    ctx.emit("attack", title, rule, (op.loc,), ruling=ruling)
    combat.kill_unit(ctx, target, "SAS-KNIFE-1")
    alerts.detect(ctx)

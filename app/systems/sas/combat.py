"""Attacks: operators' ranged and knife attacks, Axis attacks (reaction and Attack phase), cover, damage.

Rulebook chapters: §8.1 ranged attack (SAS-ATK-1..10), §8.2 knife (SAS-KNIFE-1..5), §8.3 aim (SAS-AIM-1..3),
§21 Sten sweep (SAS-EQ-2), §16 Axis attacks (SAS-AATK-2..6) with §3.2 cover (SAS-TER-6), §11 reaction dice
(SAS-REACT-1, -4) and SAS-GEN-3/4 (dice, damage). Every roll is a :class:`~app.core.ruling.Ruling` listing the
dice, the target number and each modifier with its rule ID. Solo choice: Sten successes beyond the first go to
the units next to the target nearest the operator (docs/sas-decisions.md D-ATK-1).
"""

from __future__ import annotations

from app.core.i18n import Text, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.los import trace
from app.systems.sas import luck
from app.systems.sas.context import Ctx
from app.systems.sas.facing import facing_toward
from app.systems.sas.mission import SasRuntime
from app.systems.sas.scuba import water_line
from app.systems.sas.state import ObjectState
from app.systems.sas.vision import _touching, attack_line, hiding_cover, sees_op

Cell = tuple[int, int]


def dist(a: Cell, b: Cell) -> int:
    """Chebyshev distance (SAS-GEN-6, OQ-3)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def roll(
    ctx: Ctx, count: int, target: int, mods: list[Modifier], purpose: Text, *, lucky: bool = False
) -> tuple[DieResult, ...]:
    """Roll ``count`` d6; each modified die ≥ ``target`` succeeds (SAS-GEN-3). ``lucky``: an operator's roll in his
    activation, which a rabbit's foot may change (SAS-EQ-11)."""
    naturals = ctx.roller.roll(count, purpose)
    if lucky:
        luck.check(ctx, naturals, target, mods, purpose)
    total = sum(m.value for m in mods)
    return tuple(DieResult(natural=n, modified=n + total, success=n + total >= target) for n in naturals)


def cover(rt: SasRuntime, a: Cell, b: Cell) -> tuple[int, str] | None:
    """The cover modifier of an operator in ``b`` attacked from ``a`` (SAS-TER-6, SAS-AATK-5/6, OQ-63)."""
    cache: dict[tuple[Cell, Cell], tuple[int, str] | None] = rt.cache.setdefault("cover", {})
    if (a, b) not in cache:
        found: list[tuple[int, str]] = []
        adjacent = dist(a, b) == 1
        square = rt.tables.terrain.squares[rt.grid.terrain(b)]
        if square.cover and not (adjacent and square.cover_lost_adjacent):
            found.append((square.cover, f"{rt.grid.terrain(b)} [{square.rule}]"))
        for crossing in trace(rt.grid, a, b).crossings:
            found += _crossing_cover(rt, crossing.kind, crossing.locs, b, adjacent)  # type: ignore[arg-type]
        cache[(a, b)] = min(found) if found else None
    return cache[(a, b)]


def _crossing_cover(
    rt: SasRuntime, kind: str, locs: tuple[Cell, ...], b: Cell, adjacent: bool
) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    if kind == "cell":
        sq = rt.tables.terrain.squares[rt.grid.terrain(locs[0])]
        if sq.cover and dist(locs[0], b) == 1 and not (adjacent and sq.cover_lost_adjacent):
            out.append((sq.cover, f"{rt.grid.terrain(locs[0])} [{sq.rule}]"))
        return out
    pairs = [(locs[0], locs[1])] if kind == "edge" else [(p, q) for p in locs for q in locs if p < q]
    for p, q in pairs:
        for feature in rt.grid.edge_between(p, q):
            effect = rt.tables.terrain.edges.get(feature.kind)
            if effect is None or not effect.cover or (adjacent and effect.cover_lost_adjacent):
                continue
            if b in _touching(q, p) or b in _touching(p, q):
                out.append((effect.cover, f"{feature.kind} [{effect.rule}]"))
    return out


def kill_unit(ctx: Ctx, unit_id: str, rule: str) -> None:
    """Replace a killed Axis unit by a corpse (SAS-ATK-3, SAS-GEN-4)."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    name = ctx.name(unit_id)
    ctx.state, corpse_id = ctx.state.without_units([unit_id]).new_id("corpse")
    ctx.state = ctx.state.with_object(ObjectState(corpse_id, "corpse", unit.loc))
    ctx.emit(
        "unit_killed",
        t("{unit} is killed.", unit=name),
        rule,
        (unit.loc,),
        instruction=t("Replace {unit} at {sq} with a corpse token.", unit=name, sq=ctx.label(unit.loc)),
    )


def damage_operator(ctx: Ctx, op_id: str, hits: int, rule: str) -> None:
    """Each success removes 1 HP; at 0 HP the operator is dead (SAS-GEN-4, OQ-2)."""
    op = ctx.state.op(op_id)
    if hits <= 0 or not op.on_map:
        return
    hp = max(0, op.hp - hits)
    ctx.state = ctx.state.with_op(op_id, hp=hp)
    ctx.emit("operator_hit", t("{op} loses {n} HP ({hp} left).", op=ctx.name(op_id), n=hits, hp=hp), rule, (op.loc,))
    if hp == 0:
        if op.carrying is not None:
            obj = ctx.state.obj(op.carrying)
            if obj is not None:
                ctx.state = ctx.state.with_object(ObjectState(obj.id, obj.kind, op.loc))
        ctx.state = ctx.state.with_op(op_id, status="dead", loc=None, carrying=None)
        ctx.emit("operator_killed", t("{op} is killed.", op=ctx.name(op_id)), "SAS-GEN-4", (op.loc,))


def axis_attack(ctx: Ctx, unit_id: str, op_id: str, reaction: bool) -> None:
    """An Axis unit attacks an operator (SAS-AATK-2/4; reaction: SAS-REACT-1, -4)."""
    unit, op = ctx.state.unit(unit_id), ctx.state.op(op_id)
    if unit is None or op.loc is None:
        return
    stats = ctx.state.rt.tables.units.get(unit.kind)
    if stats is None:  # a vehicle: its weapons come with the vehicle rules (SAS-AVEH-10)
        return
    d = dist(unit.loc, op.loc)
    mods: list[Modifier] = []
    if reaction and (d > stats.long or not sees_op(ctx.state, unit, op)):
        mods.append(Modifier(value=-2, reason=t("target outside LOS or range"), rule_id="SAS-REACT-4"))
    else:
        if d <= stats.short:
            mods.append(Modifier(value=1, reason=t("short range ({d})", d=d), rule_id="SAS-AATK-4"))
        found = cover(ctx.state.rt, unit.loc, op.loc)
        if found is not None:
            mods.append(Modifier(value=found[0], reason=t("cover: {what}", what=found[1]), rule_id="SAS-AATK-5"))
    rule = "SAS-REACT-1" if reaction else "SAS-AATK-2"
    title = t("{unit} attacks {op}", unit=ctx.name(unit_id), op=ctx.name(op_id))
    dice = roll(ctx, stats.dice, stats.target, mods, title)
    hits = sum(1 for die in dice if die.success)
    result = t("{n} hit(s)", n=hits)
    ruling = Ruling(title=title, rule_id=rule, dice=dice, target=stats.target, modifiers=tuple(mods), result=result)
    kind = "reaction_attack" if reaction else "axis_attack"
    ctx.emit(kind, t("{title}: {result}.", title=title, result=result), rule, (unit.loc, op.loc), ruling=ruling)
    damage_operator(ctx, op_id, hits, rule)


def operator_mods(ctx: Ctx, op_id: str, weapon_id: str, target_loc: Cell, aimed: bool) -> list[Modifier]:
    """Operator attack modifiers: short range +1, aim +2; never cover (SAS-ATK-2, -7, -8, SAS-AIM-1/3)."""
    op = ctx.state.op(op_id)
    weapon = ctx.state.rt.tables.weapons[weapon_id]
    assert op.loc is not None
    d = dist(op.loc, target_loc)
    mods = []
    if weapon.short and d <= weapon.short:
        mods.append(Modifier(value=1, reason=t("short range ({d})", d=d), rule_id="SAS-ATK-2"))
    if aimed:
        mods.append(Modifier(value=2, reason=t("aimed"), rule_id="SAS-AIM-1"))
    return mods


def attack_problem(ctx: Ctx, op_id: str, weapon_id: str, target_loc: Cell, *, blind: bool = False) -> str | None:
    """Why the operator cannot shoot at ``target_loc`` with the weapon (range, LOS, ammo), or None.

    A crouched operator has no LOS across the low cover or barrel that hides him, except for Blind Fire
    (SAS-LOS-10, OQ-64).
    """
    op = ctx.state.op(op_id)
    weapon = ctx.state.rt.tables.weapons[weapon_id]
    if op.loc is None:
        return "not on the map"
    if weapon.ammo is not None and (op.ammo_left(weapon_id) or 0) <= 0:
        return "out of ammunition [SAS-ATK-5]"
    if dist(op.loc, target_loc) > weapon.long:
        return f"beyond long range {weapon.long} [SAS-ATK-1]"
    if op.crouched and not blind:
        hidden = hiding_cover(ctx.state, target_loc, op.loc)
        if hidden:
            return f"crouched behind {hidden}, he cannot see out [SAS-LOS-10]"
    return water_line(ctx.state, op.loc, op.scuba, target_loc, False) or attack_line(ctx.state, op.loc, target_loc)


def sweep_targets(ctx: Ctx, op_id: str, weapon_id: str, first: Cell) -> list[str]:
    """Units next to the first target that the Sten may also hit, nearest the operator first (SAS-EQ-2, D-ATK-1)."""
    op = ctx.state.op(op_id)
    assert op.loc is not None
    near = [u for u in ctx.state.map_units() if dist(u.loc, first) == 1]
    ok = [u for u in near if attack_problem(ctx, op_id, weapon_id, u.loc) is None]
    return [u.id for u in sorted(ok, key=lambda u: (dist(op.loc, u.loc), u.id))]  # type: ignore[arg-type]


def turn_to(ctx: Ctx, unit_id: str, toward: Cell, rule: str) -> None:
    """Turn a unit toward a square by the shorter rotation (SAS-GEN-8)."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    facing = facing_toward(unit.loc, toward, unit.facing)
    if facing != unit.facing:
        ctx.state = ctx.state.with_unit(unit_id, facing=facing)
        ctx.emit(
            "unit_turned",
            t("{unit} turns to face {facing}.", unit=ctx.name(unit_id), facing=facing),
            rule,
            (unit.loc,),
            instruction=t(
                "Turn {unit} at {sq} to face {facing}.", unit=ctx.name(unit_id), sq=ctx.label(unit.loc), facing=facing
            ),
        )

"""Attacks: operators' ranged and knife attacks, Axis attacks (reaction and Attack phase), cover, damage.

Rulebook chapters: §8.1 ranged attack (SAS-ATK-1..10), §8.2 knife (SAS-KNIFE-1..5), §8.3 aim (SAS-AIM-1..3),
§21 Sten sweep (SAS-EQ-2), §16 Axis attacks (SAS-AATK-2..6) with §3.2 cover (SAS-TER-6), §11 reaction dice
(SAS-REACT-1, -4) and SAS-GEN-3/4 (dice, damage). Every roll is a :class:`~app.core.ruling.Ruling` listing the
dice, the target number and each modifier with its rule ID. Solo choice: Sten successes beyond the first go to
the units next to the target nearest the operator (docs/sas-decisions.md D-ATK-1).
"""

from __future__ import annotations

from app.core.i18n import Text, localized, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.los import trace
from app.systems.sas import luck
from app.systems.sas.context import Ctx
from app.systems.sas.facing import facing_toward
from app.systems.sas.mission import SasRuntime
from app.systems.sas.rooms import room_of, set_fire
from app.systems.sas.scuba import water_line
from app.systems.sas.state import ObjectState, SasState, UnitState
from app.systems.sas.tables import UnitStats
from app.systems.sas.vehicle_damage import damage_vehicle
from app.systems.sas.vision import SIGHT, _touching, attack_line, hiding_cover, sees_op

Cell = tuple[int, int]
SOFT = -1  # soft cover: forest, hedge (SAS-AATK-4)


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


WALLS = ("building_wall", "door", "window")  # the walls of a building (SAS-TER-10..12)


def across_wall(rt: SasRuntime, a: Cell, b: Cell) -> bool:
    """A wall, door or window lies between two adjacent squares (both ways round a diagonal): a dog never bites
    across it (SAS-HD-7)."""

    def walled(p: Cell, q: Cell) -> bool:
        return any(f.kind in WALLS for f in rt.grid.edge_between(p, q))

    if a[0] == b[0] or a[1] == b[1]:
        return walled(a, b)
    return all(walled(a, via) or walled(via, b) for via in ((b[0], a[1]), (a[0], b[1])))


def room_taken(state: SasState, unit: UnitState, loc: Cell) -> bool:
    """Another Axis unit is in the room of ``loc``: a flamethrower does not attack that room (SAS-HD-4)."""
    room = room_of(state.rt, loc)
    return room is not None and any(u.id != unit.id and u.loc in room for u in state.map_units())


def kill_unit(ctx: Ctx, unit_id: str, rule: str) -> None:
    """Replace a killed Axis unit by a corpse (SAS-ATK-3, SAS-GEN-4)."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    name = ctx.name(unit_id)
    release(ctx, unit_id)
    ctx.state, corpse_id = ctx.state.without_units([unit_id]).new_id("corpse")
    ctx.state = ctx.state.with_object(ObjectState(corpse_id, "corpse", unit.loc))
    ctx.emit(
        "unit_killed",
        t("{unit} is killed.", unit=name),
        rule,
        (unit.loc,),
        instruction=t("Replace {unit} at {sq} with a corpse token.", unit=name, sq=ctx.label(unit.loc)),
    )


# --- armour (AA guns, SAS-SUP-15; armoured vehicles, SAS-AVEH-12) ---------------------------------------


def armoured(state: SasState, unit: UnitState) -> bool:
    """Only blast weapons damage the unit: an AA gun (SAS-SUP-15) or an armoured vehicle (SAS-AVEH-12)."""
    stats = state.rt.tables.units.get(unit.kind)
    vehicle = state.rt.tables.vehicle(unit.kind)
    return bool((stats is not None and stats.armoured) or (vehicle is not None and vehicle.armoured))


def gun_hits(ctx: Ctx, unit_id: str, hits: int, rule: str) -> int:
    """Successes of a gun (not a blast weapon) on an Axis unit: an armoured one takes none (SAS-SUP-15,
    SAS-AVEH-12); returns the successes left over."""
    unit = ctx.state.unit(unit_id)
    if unit is not None and hits > 0 and armoured(ctx.state, unit):
        text = t("{unit} is armoured: only blast weapons damage it.", unit=ctx.name(unit_id))
        ctx.emit(
            "no_effect", text, "SAS-SUP-15" if unit.kind in ctx.state.rt.tables.units else "SAS-AVEH-12", (unit.loc,)
        )
        return hits
    return take_hits(ctx, unit_id, hits, rule)


def take_hits(ctx: Ctx, unit_id: str, hits: int, rule: str) -> int:
    """Successes on one Axis unit, one at a time until it is dead; returns the successes left over (SAS-GEN-4)."""
    while hits > 0 and ctx.state.unit(unit_id) is not None:
        hit_unit(ctx, unit_id, rule)
        hits -= 1
    return hits


def hit_unit(ctx: Ctx, unit_id: str, rule: str) -> None:
    """One success on an Axis unit: it loses 1 HP and dies at 0 (SAS-GEN-4, SAS-ATK-3). A mortar team's first hit
    knocks out the mortar and leaves 1 SMG infantry (SAS-UNIT-8); an HMG team left with 1 HP shows its casualty side
    (SAS-UNIT-12); other units with several HP take a damage marker (SAS-AVEH-12)."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    if unit.is_vehicle:  # a damage marker; removed, without a corpse, at its HP (SAS-AVEH-12)
        damage_vehicle(ctx, unit_id, 1, rule)
        return
    tables = ctx.state.rt.tables
    stats = tables.units.get(unit.kind)
    if stats is not None and stats.hit_becomes is not None:
        name = ctx.name(unit_id)
        what = become(ctx, unit_id, stats.hit_becomes)
        ctx.emit(
            "unit_knocked_out",
            t("{unit} is knocked out: 1 {crew} remains.", unit=name, crew=what),
            "SAS-UNIT-8",
            (unit.loc,),
            instruction=t(
                "Replace {unit} at {sq} with 1 {crew} token, same facing.", unit=name, sq=ctx.label(unit.loc), crew=what
            ),
        )
        return
    vehicle = tables.vehicle(unit.kind)
    hp = stats.hp if stats is not None else (vehicle.hp if vehicle is not None else 1)
    if unit.damage + 1 >= hp:
        kill_unit(ctx, unit_id, rule)
        return
    left = hp - unit.damage - 1
    casualty = stats is not None and stats.casualty_at is not None and left <= stats.casualty_at
    ctx.state = ctx.state.with_unit(unit_id, damage=unit.damage + 1, mode="casualty" if casualty else unit.mode)
    sq = ctx.label(unit.loc)
    ctx.emit(
        "unit_damaged",
        t("{unit} loses 1 HP ({hp} left).", unit=ctx.name(unit_id), hp=left),
        "SAS-UNIT-12" if casualty else rule,
        (unit.loc,),
        instruction=t("Flip the token at {sq} to its casualty side.", sq=sq)
        if casualty
        else t("Put a damage marker on the token at {sq}.", sq=sq),
    )


def become(ctx: Ctx, unit_id: str, kind: str) -> Text:
    """Turn the unit's token into another unit type, undamaged, on its ordinary side (a knocked-out mortar team, a
    Panzerfaust that has fired: SMG infantry); returns the new type's name."""
    stats = ctx.state.rt.tables.units[kind]
    ctx.state = ctx.state.with_unit(unit_id, kind=kind, damage=0, mode="")
    return localized(stats.name_en, stats.name_zh)


def release(ctx: Ctx, unit_id: str) -> None:
    """The unit no longer talks to Nancy or hangs in her garrote (it died, or she did; SAS-NANCY-7/9)."""
    for op in ctx.state.operators:
        if unit_id in (op.talking, op.strangling):
            ctx.state = ctx.state.with_op(op.id, talking=None, talk_facing="", strangling=None)
    unit = ctx.state.unit(unit_id)
    if unit is not None and unit.mode in ("talking", "strangled"):
        ctx.state = ctx.state.with_unit(unit_id, mode="")


def damage_operator(ctx: Ctx, op_id: str, hits: int, rule: str) -> None:
    """Each success removes 1 HP; at 0 HP the operator is dead (SAS-GEN-4, OQ-2). A support unit's damage is
    shown with damage markers (SAS-SUP-1)."""
    op = ctx.state.op(op_id)
    if hits <= 0 or not op.on_map:
        return
    hp = max(0, op.hp - hits)
    ctx.state = ctx.state.with_op(op_id, hp=hp)
    marker = t("Put {n} damage marker(s) on {op}.", n=hits, op=ctx.name(op_id)) if op.support else None
    text = t("{op} loses {n} HP ({hp} left).", op=ctx.name(op_id), n=hits, hp=hp)
    ctx.emit("operator_hit", text, rule, (op.loc,), instruction=marker)
    if hp == 0:
        for held in (op.talking, op.strangling):
            if held is not None:
                release(ctx, held)
        if op.carrying is not None:
            obj = ctx.state.obj(op.carrying)
            if obj is not None:
                ctx.state = ctx.state.with_object(ObjectState(obj.id, obj.kind, op.loc))
        ctx.state = ctx.state.with_op(op_id, status="dead", loc=None, carrying=None)
        ctx.emit("operator_killed", t("{op} is killed.", op=ctx.name(op_id)), "SAS-GEN-4", (op.loc,))


def reach(stats: UnitStats) -> int:
    """How far along its arc a unit aims: its sight of 8, a sniper his long range 16 (SAS-LOS-2, D-KS-2)."""
    return max(SIGHT, stats.long)


def axis_attack(
    ctx: Ctx, unit_id: str, op_id: str, reaction: bool, rule: str | None = None, *, through_wall: bool = False
) -> None:
    """An Axis unit attacks an operator (SAS-AATK-2/4; reaction: SAS-REACT-1, -4). A unit that reacts as other
    units makes their attacks (mortar team: 2 SMG infantry, SAS-UNIT-8, OQ-35); ``through_wall``: an HMG firing
    through one wall at an operator inside a building, -3 and no cover (SAS-AATK-7, SAS-UNIT-12); ``rule``: the rule
    that calls for the attack, if another (SAS-NANCY-11)."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    stats = ctx.state.rt.tables.units[unit.kind]
    if not reaction:
        _attack(ctx, unit_id, op_id, stats, through_wall=through_wall, rule=rule)
        return
    crew = ctx.state.rt.tables.units[stats.react_as] if stats.react_as else stats
    for n in range(1, stats.reactions + 1):
        _attack(ctx, unit_id, op_id, crew, reaction=True, n=(n, stats.reactions), rule=rule)


def _attack(
    ctx: Ctx,
    unit_id: str,
    op_id: str,
    stats: UnitStats,
    *,
    reaction: bool = False,
    n: tuple[int, int] = (1, 1),
    through_wall: bool = False,
    rule: str | None = None,
) -> None:
    """One attack roll with ``stats`` (another unit's when it reacts as several, ``n`` = (this one, of))."""
    unit, op = ctx.state.unit(unit_id), ctx.state.op(op_id)
    if unit is None or op.loc is None:
        return
    d = dist(unit.loc, op.loc)
    mods: list[Modifier] = []
    bite = stats.melee and across_wall(ctx.state.rt, unit.loc, op.loc)
    if reaction and (d > stats.long or bite or not sees_op(ctx.state, unit, op, reach(stats))):
        mods.append(Modifier(value=-2, reason=t("target outside LOS or range"), rule_id="SAS-REACT-4"))
    else:
        if d <= stats.short:
            mods.append(Modifier(value=1, reason=t("short range ({d})", d=d), rule_id="SAS-AATK-4"))
        found = None if through_wall else cover(ctx.state.rt, unit.loc, op.loc)
        if found is not None and stats.flame and found[0] == SOFT:
            why = t("no soft cover against a flamethrower: {what}", what=found[1])
            mods.append(Modifier(value=0, reason=why, rule_id="SAS-HD-2"))
        elif found is not None:
            mods.append(Modifier(value=found[0], reason=t("cover: {what}", what=found[1]), rule_id="SAS-AATK-5"))
        if through_wall:
            why = t("through a wall: target inside a building")
            mods.append(Modifier(value=-3, reason=why, rule_id="SAS-AATK-7"))
    rule = rule or ("SAS-REACT-1" if reaction else "SAS-AATK-2")
    title = t("{unit} attacks {op}", unit=ctx.name(unit_id), op=ctx.name(op_id))
    if stats.id != unit.kind:
        rule = "SAS-UNIT-8"
        crew = localized(stats.name_en, stats.name_zh)
        title = t(
            "{unit} attacks {op} as {crew} ({n} of {of})",
            unit=ctx.name(unit_id),
            op=ctx.name(op_id),
            crew=crew,
            n=n[0],
            of=n[1],
        )
    dice = roll(ctx, stats.dice, stats.target, mods, title)
    hits = sum(1 for die in dice if die.success)
    result = t("{n} hit(s)", n=hits)
    ruling = Ruling(title=title, rule_id=rule, dice=dice, target=stats.target, modifiers=tuple(mods), result=result)
    kind = "reaction_attack" if reaction else "axis_attack"
    ctx.emit(kind, t("{title}: {result}.", title=title, result=result), rule, (unit.loc, op.loc), ruling=ruling)
    if stats.flame and room_of(ctx.state.rt, op.loc) is not None:
        set_fire(ctx, op.loc, "SAS-HD-3")  # besides the roll, a fire marker in his room
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
    if unit is None or unit.mode == "strangled":  # held in the garrote it cannot react (SAS-NANCY-9, D-NANCY-6)
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

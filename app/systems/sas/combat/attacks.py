"""Attacks: operators' ranged and knife attacks, Axis attacks (reaction and Attack phase), cover, damage.

Rulebook chapters: §8.1 ranged attack (SAS-ATK-1, SAS-ATK-2, SAS-ATK-3, SAS-ATK-4, SAS-ATK-5, SAS-ATK-6, SAS-ATK-7,
SAS-ATK-8, SAS-ATK-9, SAS-ATK-10), §8.2 knife (SAS-KNIFE-1, SAS-KNIFE-2, SAS-KNIFE-3, SAS-KNIFE-4, SAS-KNIFE-5), §8.3
aim (SAS-AIM-1, SAS-AIM-2, SAS-AIM-3), §21 Sten sweep (SAS-EQ-2), §16 Axis attacks (SAS-AATK-2, SAS-AATK-3, SAS-AATK-4,
SAS-AATK-5, SAS-AATK-6) with §3.2 cover (SAS-TER-6), §11 reaction dice (SAS-REACT-1, SAS-REACT-4) and SAS-GEN-3,
SAS-GEN-4 (dice, damage). Every roll is a :class:`~app.core.ruling.Ruling` listing the dice, the target number and each
modifier with its rule ID. Solo choice: Sten successes beyond the first go to the units next to the target nearest the
operator (docs/sas-decisions.md D-ATK-1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.core.i18n import Text, localized, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.los import Crossing, trace
from app.systems.sas.board.facing import ORTHO, covers, facing_toward
from app.systems.sas.board.reasons import Why, terrain_name, why
from app.systems.sas.board.rooms import room_of, set_fire
from app.systems.sas.board.vision import (
    SIGHT,
    Eye,
    attack_line,
    axis_blockers,
    dynamic_block,
    eye_crossings,
    eye_line,
    eyes,
    hiding_cover,
    in_eye_arc,
    line,
    sees_op,
    sees_op_through,
)
from app.systems.sas.board.windows import touching as _touching
from app.systems.sas.choices import diagonal_facing
from app.systems.sas.combat import luck
from app.systems.sas.context import Ctx
from app.systems.sas.names import facing_name
from app.systems.sas.operators.scuba import water_line
from app.systems.sas.state import ObjectState, OperatorState, SasRuntime, SasState, UnitState
from app.systems.sas.tables import UnitStats, VehicleStats, VehicleWeapon
from app.systems.sas.vehicles import cargo

Cell = tuple[int, int]
SOFT = -1  # soft cover: forest, hedge (SAS-AATK-4)
OFF_MAP, NO_AMMO = why("off_map"), why("no_ammo")


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


def cover(rt: SasRuntime, a: Cell, b: Cell) -> tuple[int, Why] | None:
    """The cover modifier of an operator in ``b`` attacked from ``a`` and the cover that gives it (SAS-TER-6,
    SAS-AATK-5, SAS-AATK-6, OQ-63)."""
    cache: dict[tuple[Cell, Cell], tuple[int, Why] | None] = rt.cache.setdefault("cover", {})
    if (a, b) not in cache:
        crossings = trace(rt.grid, a, b).crossings
        way = line(rt, a, b).window  # the line passes through a window beside the wall it crosses (SAS-TER-12)
        if way is not None:
            crossings = (*crossings, Crossing("edge", way))
        cache[(a, b)] = _least_cover(rt, crossings, b, dist(a, b) == 1)
    return cache[(a, b)]


def eye_cover(rt: SasRuntime, eye: Eye, b: Cell) -> tuple[int, Why] | None:
    """The cover modifier of an operator in ``b`` attacked through a vehicle's arc: the cover along the line from
    its edge centre, lost at close quarters when the token is next to him (SAS-AATK-5, SAS-AATK-6, SAS-AVEH-10,
    D-VLOS-2)."""
    cache: dict[tuple[Eye, Cell], tuple[int, Why] | None] = rt.cache.setdefault("eye_cover", {})
    if (eye, b) not in cache:
        adjacent = min(dist(c, b) for c in eye.body) == 1
        cache[(eye, b)] = _least_cover(rt, eye_crossings(rt, eye, b), b, adjacent)
    return cache[(eye, b)]


# One cover found on the line: (modifier, terrain id, rule); the strongest wins, ties by terrain id then rule.
Found = tuple[int, str, str]


def _least_cover(rt: SasRuntime, crossings: Iterable[Crossing], b: Cell, adjacent: bool) -> tuple[int, Why] | None:
    """The strongest cover among the target's square and the low cover next to it along the line."""
    found: list[Found] = []
    square = rt.tables.terrain.squares[rt.grid.terrain(b)]
    if square.cover and not (adjacent and square.cover_lost_adjacent):
        found.append((square.cover, rt.grid.terrain(b), square.rule))
    for crossing in crossings:
        found += _crossing_cover(rt, crossing.kind, crossing.locs, b, adjacent)  # type: ignore[arg-type]
    if not found:
        return None
    value, kind, rule = min(found)
    return value, why("cover", what=terrain_name(rt, kind), rule=rule)


def _crossing_cover(rt: SasRuntime, kind: str, locs: tuple[Cell, ...], b: Cell, adjacent: bool) -> list[Found]:
    out: list[Found] = []
    if kind == "cell":
        terrain = rt.grid.terrain(locs[0])
        sq = rt.tables.terrain.squares[terrain]
        if sq.cover and dist(locs[0], b) == 1 and not (adjacent and sq.cover_lost_adjacent):
            out.append((sq.cover, terrain, sq.rule))
        return out
    pairs = [(locs[0], locs[1])] if kind == "edge" else [(p, q) for p in locs for q in locs if p < q]
    for p, q in pairs:
        for feature in rt.grid.edge_between(p, q):
            effect = rt.tables.terrain.edges.get(feature.kind)
            if effect is None or not effect.cover or (adjacent and effect.cover_lost_adjacent):
                continue
            if b in _touching(q, p) or b in _touching(p, q):
                out.append((effect.cover, feature.kind, effect.rule))
    return out


WALLS = ("building_wall", "door", "window")  # the walls of a building (SAS-TER-10, SAS-TER-11, SAS-TER-12)


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
        instruction=t("Replace {unit} with a corpse token.", unit=name),
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
    return hits - damage_unit(ctx, unit_id, hits, rule, blast=False)


def take_hits(ctx: Ctx, unit_id: str, hits: int, rule: str) -> int:
    """Successes on one Axis unit, one at a time until it is dead; returns the successes left over (SAS-GEN-4)."""
    while hits > 0 and ctx.state.unit(unit_id) is not None:
        hit_unit(ctx, unit_id, rule)
        hits -= 1
    return hits


def hit_unit(ctx: Ctx, unit_id: str, rule: str) -> None:
    """One success on an Axis unit on foot (vehicles: ``damage_unit``): it loses 1 HP and dies at 0 (SAS-GEN-4,
    SAS-ATK-3). A mortar team's first hit knocks out the mortar and leaves 1 SMG infantry (SAS-UNIT-8); an HMG team
    left with 1 HP shows its casualty side (SAS-UNIT-12); other units with several HP take a damage marker."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
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
            instruction=t("Replace {unit} with 1 {crew} token, same facing.", unit=name, crew=what),
        )
        return
    hp = stats.hp if stats is not None else 1
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
    """The unit no longer talks to Nancy or hangs in her garrote (it died, or she did; SAS-NANCY-7, SAS-NANCY-9)."""
    for op in ctx.state.operators:
        if unit_id in (op.talking, op.strangling):
            ctx.state = ctx.state.with_op(op.id, talking=None, talk_facing="", strangling=None)
    unit = ctx.state.unit(unit_id)
    if unit is not None and unit.mode in ("talking", "strangled"):
        ctx.state = ctx.state.with_unit(unit_id, mode="")


def damage_unit(ctx: Ctx, unit_id: str, hits: int, rule: str, *, blast: bool) -> int:
    """Give ``hits`` successes to an Axis unit; how many it took. A unit on foot loses 1 HP per success until it dies
    (the first kills infantry, SAS-ATK-3; mortar and HMG teams: ``take_hits``). A vehicle: one damage marker per
    success; with damage equal to its HP it is destroyed and removed, leaving no corpse; an armoured vehicle takes
    damage from blast weapons only (SAS-AVEH-12)."""
    unit = ctx.state.unit(unit_id)
    stats: VehicleStats | None = ctx.state.rt.tables.vehicle(unit.kind) if unit is not None else None
    if unit is None or hits <= 0:
        return 0
    if stats is None:
        if not blast and armoured(ctx.state, unit):  # an AA gun (SAS-SUP-15)
            text = t("{unit} is armoured: only blast weapons damage it.", unit=ctx.name(unit_id))
            ctx.emit("no_effect", text, "SAS-SUP-15", (unit.loc,))
            return 0
        return hits - take_hits(ctx, unit_id, hits, rule)
    name = ctx.name(unit_id)
    if stats.armoured and not blast:
        ctx.emit(
            "no_effect", t("{unit} is armoured: only blast weapons damage it.", unit=name), "SAS-AVEH-12", (unit.loc,)
        )
        return 0
    taken = min(hits, stats.hp - unit.damage)
    damage = unit.damage + taken
    if damage >= stats.hp:
        ctx.state = ctx.state.without_units([unit_id])
        ctx.emit(
            "vehicle_destroyed",
            t("{unit} is destroyed ({n} damage).", unit=name, n=damage),
            "SAS-AVEH-12",
            unit.cells,
            instruction=t("Remove {unit} from the board.", unit=name),
        )
        cargo.lost(ctx, unit, name)  # the infantry still aboard die (SAS-JGR-16, SAS-JGR-17)
        return taken
    ctx.state = ctx.state.with_unit(unit_id, damage=damage)
    ctx.emit(
        "vehicle_damaged",
        t("{unit} takes {n} damage ({damage}/{hp}).", unit=name, n=taken, damage=damage, hp=stats.hp),
        "SAS-AVEH-12",
        (unit.loc,),
        instruction=t("Put {n} damage marker(s) on {unit} ({damage} in all).", n=taken, unit=name, damage=damage),
    )
    return taken


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
    """An Axis unit attacks an operator (SAS-AATK-2, SAS-AATK-4; reaction: SAS-REACT-1, SAS-REACT-4). A unit that reacts
    as other units makes their attacks (mortar team: 2 SMG infantry, SAS-UNIT-8, OQ-35); ``through_wall``: an HMG firing
    through one wall at an operator inside a building, -3 and no cover (SAS-AATK-7, SAS-UNIT-12); ``rule``: the rule
    that calls for the attack, if another (SAS-NANCY-11)."""
    unit, op = ctx.state.unit(unit_id), ctx.state.op(op_id)
    if unit is None or op.loc is None:
        return
    if unit.is_vehicle:  # a vehicle fires its guns (SAS-AVEH-10, SAS-AVEH-11)
        vehicle_attack(ctx, unit, op, reaction)
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
            soft = t("no soft cover against a flamethrower: {what}", what=found[1].text())
            mods.append(Modifier(value=0, reason=soft, rule_id="SAS-HD-2"))
        elif found is not None:
            mods.append(Modifier(value=found[0], reason=t("cover: {what}", what=found[1].text()), rule_id="SAS-AATK-5"))
        if through_wall:
            wall = t("through a wall: target inside a building")
            mods.append(Modifier(value=-3, reason=wall, rule_id="SAS-AATK-7"))
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
    hits = axis_roll(ctx, stats, mods, title, rule=rule, reaction=reaction, at=(unit.loc, op.loc))
    if stats.flame and room_of(ctx.state.rt, op.loc) is not None:
        set_fire(ctx, op.loc, "SAS-HD-3")  # besides the roll, a fire marker in his room
    damage_operator(ctx, op_id, hits, rule)


def axis_roll(
    ctx: Ctx,
    stats: UnitStats,
    mods: list[Modifier],
    title: Text,
    *,
    rule: str,
    reaction: bool,
    at: tuple[Cell, Cell],
    note: Text | None = None,
) -> int:
    """One Axis attack roll with its ruling and event; returns the hits (SAS-AATK-2, SAS-REACT-1). ``note`` is added
    to the result (why no cover modifier applies against an operator vehicle, SAS-OVEH-10)."""
    dice = roll(ctx, stats.dice, stats.target, mods, title)
    hits = sum(1 for die in dice if die.success)
    result = t("{n} hit(s)", n=hits) if note is None else t("{n} hit(s); {note}", n=hits, note=note)
    ruling = Ruling(title=title, rule_id=rule, dice=dice, target=stats.target, modifiers=tuple(mods), result=result)
    kind = "reaction_attack" if reaction else "axis_attack"
    ctx.emit(kind, t("{title}: {result}.", title=title, result=result), rule, at, ruling=ruling)
    return hits


# --- Axis vehicles firing (SAS-AVEH-10, SAS-AVEH-11, SAS-AVEH-13, SAS-AATK-7)
# ---------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """One way a vehicle's gun can fire at an operator.

    Attributes:
        weapon: The gun (data/vehicles.json).
        eye: The arc it fires through (front or rear, SAS-AVEH-7).
        wall: Through one building wall, without LOS (SAS-AATK-7).
        mods: Its modifiers, each with its rule ID.
    """

    weapon: VehicleWeapon
    eye: Eye
    wall: bool
    mods: tuple[Modifier, ...]

    @property
    def penalty(self) -> int:
        """The cover or wall modifiers (range left out): the fewer, the better the target (SAS-AATK-3, OQ-66)."""
        return -sum(m.value for m in self.mods if m.value < 0)


def vehicle_shots(state: SasState, unit: UnitState, op: OperatorState, *, reaction: bool) -> list[Shot]:
    """Every way the vehicle's guns can fire at the operator now: through an arc that sees him, within the gun's
    long range (counted from the token, SAS-AVEH-8) and like infantry with short range and cover (SAS-AVEH-10); in
    the Attack phase also through one wall at an exposed operator inside a building, in a direction where its gun
    may do so, at -3 (SAS-AATK-7). Reactions only at an operator in an arc's LOS (SAS-AVEH-11), with the guns that
    react (data ``reactions``). Unarmed vehicles have no shot (SAS-AVEH-13). A flamethrower (the flamethrower
    half-track's, SAS-HD-6) fires like a gun in its arc's LOS, soft cover giving no modifier (SAS-HD-2), never at a
    room holding another Axis unit (SAS-HD-4). Howitzers fire as mortars (``artillery``)."""
    stats = state.rt.tables.vehicle(unit.kind)
    if stats is None or op.loc is None or not op.on_map:
        return []
    d = unit.distance(op.loc)
    out: list[Shot] = []
    for weapon in stats.weapons:
        if weapon.kind not in SHOOTING or weapon.dice <= 0 or d > weapon.long or (reaction and not weapon.reactions):
            continue
        flame = weapon.kind == "flamethrower"
        if flame and room_taken(state, unit, op.loc):
            continue
        if weapon.cargo and cargo.unloaded(unit):  # the boat's SMG have gone ashore (SAS-JGR-17)
            continue
        near = d <= weapon.short
        short = [Modifier(value=1, reason=t("short range ({d})", d=d), rule_id="SAS-AATK-4")] if near else []
        for eye in eyes(unit):
            if eye.arc not in (weapon.arcs or stats.arcs):
                continue
            if sees_op_through(state, unit, eye, op):
                held = _held(eye_cover(state.rt, eye, op.loc), flame=flame)
                out.append(Shot(weapon, eye, False, (*short, *held)))
            elif not reaction and eye.arc in weapon.through_wall and through_one_wall(state, unit, eye, op):
                wall = Modifier(value=-3, reason=t("target inside a building, through one wall"), rule_id="SAS-AATK-7")
                out.append(Shot(weapon, eye, True, (*short, wall)))
    return out


SHOOTING = ("gun", "flamethrower")  # vehicle weapons rolled at an operator (not a howitzer, nor air only)


def _held(found: tuple[int, Why] | None, *, flame: bool) -> list[Modifier]:
    """The cover modifier of a vehicle's shot; against a flamethrower soft cover counts for nothing (SAS-HD-2)."""
    if found is None:
        return []
    if flame and found[0] == SOFT:
        soft = t("no soft cover against a flamethrower: {what}", what=found[1].text())
        return [Modifier(value=0, reason=soft, rule_id="SAS-HD-2")]
    return [Modifier(value=found[0], reason=t("cover: {what}", what=found[1].text()), rule_id="SAS-AATK-5")]


def through_one_wall(state: SasState, unit: UnitState, eye: Eye, op: OperatorState) -> bool:
    """Whether a gun may fire through a wall at the operator: exposed, inside a building, in the arc, and the line
    to him crosses exactly one wall and nothing else that blocks (SAS-AATK-7)."""
    rt = state.rt
    if op.loc is None or not op.exposed or rt.grid.terrain(op.loc) != "building" or not in_eye_arc(eye, op.loc):
        return False
    if dynamic_block(eye_line(rt, eye, op.loc), axis_blockers(state) - set(unit.cells)) is not None:
        return False
    return walls_crossed(rt, eye, op.loc) == 1


def walls_crossed(rt: SasRuntime, eye: Eye, b: Cell) -> int | None:
    """How many walls (edges that block sight: building walls, doors, windows, high walls) the line from the eye to
    ``b`` crosses; ``None`` when a square blocks it (rock, forest, supply dump). A corner passed exactly counts the
    walls of the way round it with fewer (OQ-9)."""
    cache: dict[tuple[Eye, Cell], int | None] = rt.cache.setdefault("eye_walls", {})
    if (eye, b) not in cache:
        walls: int | None = 0
        for crossing in eye_crossings(rt, eye, b):
            locs: tuple[Cell, ...] = crossing.locs  # type: ignore[assignment]
            if crossing.kind == "cell":
                blocked = rt.tables.terrain.squares[rt.grid.terrain(locs[0])].los != "clear"
                step: int | None = None if blocked else 0
            elif crossing.kind == "edge":
                step = _wall(rt, locs[0], locs[1])
            else:
                ways = [_wall(rt, locs[0], via) + _wall(rt, via, locs[-1]) for via in locs[1:-1] if _open(rt, via)]
                step = min(ways) if ways else None
            walls = None if walls is None or step is None else walls + step
        cache[(eye, b)] = walls
    return cache[(eye, b)]


def _wall(rt: SasRuntime, p: Cell, q: Cell) -> int:
    edges = rt.tables.terrain.edges
    return int(any(f.kind in edges and edges[f.kind].los != "clear" for f in rt.grid.edge_between(p, q)))


def _open(rt: SasRuntime, c: Cell) -> bool:
    return rt.grid.contains(c) and rt.tables.terrain.squares[rt.grid.terrain(c)].los == "clear"


def vehicle_attack(ctx: Ctx, unit: UnitState, op: OperatorState, reaction: bool) -> None:
    """Each gun of the vehicle fires once at the operator by its best way (fewest cover or wall modifiers); a reaction
    only at an operator in an arc's LOS (SAS-AVEH-10, SAS-AVEH-11); unarmed vehicles never attack (SAS-AVEH-13)."""
    shots = vehicle_shots(ctx.state, unit, op, reaction=reaction)
    stats = ctx.state.rt.tables.vehicle(unit.kind)
    if reaction and stats is not None and any(w.kind == "flamethrower" for w in stats.weapons):  # SAS-HD-1, OQ-67
        ctx.emit(
            "no_reaction",
            t("{unit} never makes reaction attacks: it carries a flamethrower.", unit=ctx.name(unit.id)),
            "SAS-HD-1",
            (unit.loc, op.loc),
        )
        return
    if not shots:
        if reaction and stats is not None and stats.armed and not stats.air_only:  # a flak truck: air only (SAS-KS-3)
            ctx.emit(
                "no_reaction",
                t("{unit} cannot react: {op} is not in its LOS.", unit=ctx.name(unit.id), op=ctx.name(op.id)),
                "SAS-AVEH-11",
                (unit.loc, op.loc),
            )
        return
    for weapon in dict.fromkeys(s.weapon.id for s in shots):
        best = min((s for s in shots if s.weapon.id == weapon), key=lambda s: (s.penalty, s.wall))
        if ctx.state.op(op.id).on_map and ctx.state.unit(unit.id) is not None:
            vehicle_fire(ctx, unit, op, best, reaction)


def vehicle_fire(ctx: Ctx, unit: UnitState, op: OperatorState, shot: Shot, reaction: bool) -> None:
    """Roll a vehicle gun's dice with the shot's modifiers; each success costs the operator 1 HP (SAS-AATK-2)."""
    assert op.loc is not None
    weapon = shot.weapon
    name = localized(weapon.name_en, weapon.name_zh or None)
    arc = t("front arc") if shot.eye.arc == "front" else t("rear arc")
    if shot.wall:
        title = t(
            "{unit} fires its {weapon} through the wall at {op}",
            unit=ctx.name(unit.id),
            weapon=name,
            op=ctx.name(op.id),
        )
    else:
        title = t("{unit} fires its {weapon} at {op}", unit=ctx.name(unit.id), weapon=name, op=ctx.name(op.id))
    rule = "SAS-AVEH-11" if reaction else ("SAS-AATK-7" if shot.wall else "SAS-AVEH-10")
    if weapon.kind == "flamethrower":
        rule = "SAS-HD-6"
    dice = roll(ctx, weapon.dice, weapon.target, list(shot.mods), title)
    hits = sum(1 for die in dice if die.success)
    result = t("{n} hit(s)", n=hits)
    notes = (t("fires through its {arc}", arc=arc),)
    ruling = Ruling(
        title=title, rule_id=rule, dice=dice, target=weapon.target, modifiers=shot.mods, result=result, notes=notes
    )
    near = min(unit.cells, key=lambda c: (dist(c, op.loc), c[1], c[0]))  # type: ignore[arg-type]
    kind = "reaction_attack" if reaction else "axis_attack"
    ctx.emit(kind, t("{title}: {result}.", title=title, result=result), rule, (near, op.loc), ruling=ruling)
    if weapon.kind == "flamethrower" and room_of(ctx.state.rt, op.loc) is not None:
        set_fire(ctx, op.loc, "SAS-HD-3")  # besides the roll, a fire marker in his room
    damage_operator(ctx, op.id, hits, rule)


def can_attack(state: SasState, unit: UnitState, op: OperatorState) -> bool:
    """Whether the unit can attack the operator in the Axis Attack phase: infantry see him within long range
    (SAS-AATK-1); a vehicle has a shot at him, in LOS or through one wall (SAS-AVEH-10, SAS-AATK-7)."""
    if op.loc is None:
        return False
    if unit.is_vehicle:
        return bool(vehicle_shots(state, unit, op, reaction=False))
    stats = state.rt.tables.units[unit.kind]
    return dist(unit.loc, op.loc) <= stats.long and sees_op(state, unit, op)


def phase_attack(ctx: Ctx, unit_id: str) -> None:
    """The unit's attack in the Axis Attack phase at the best exposed operator: fewest cover (or wall) modifiers,
    then nearest, then team order (SAS-AATK-3, OQ-66); each gun of a vehicle picks its own target (SAS-AVEH-10)."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    order = [o.id for o in ctx.state.operators]
    if not unit.is_vehicle:
        targets = [o for o in ctx.state.active_ops() if o.exposed and can_attack(ctx.state, unit, o)]
        ranked = [(-(found[0]) if (found := cover(ctx.state.rt, unit.loc, o.loc)) else 0, o) for o in targets]  # type: ignore[arg-type]
        if ranked:
            best = min(ranked, key=lambda r: (r[0], unit.distance(r[1].loc), order.index(r[1].id)))  # type: ignore[arg-type]
            axis_attack(ctx, unit.id, best[1].id, reaction=False)
        return
    stats = ctx.state.rt.tables.vehicle(unit.kind)
    for weapon in stats.weapons if stats else ():
        options = [
            (shot.penalty, unit.distance(o.loc), order.index(o.id), shot.wall, shot, o)  # type: ignore[arg-type]
            for o in ctx.state.active_ops()
            if o.exposed
            for shot in vehicle_shots(ctx.state, unit, o, reaction=False)
            if shot.weapon.id == weapon.id
        ]
        if options and ctx.state.unit(unit.id) is not None:
            *_rank, shot, target = min(options, key=lambda r: r[:4])
            vehicle_fire(ctx, unit, target, shot, reaction=False)


def operator_mods(ctx: Ctx, op_id: str, weapon_id: str, target_loc: Cell, aimed: bool) -> list[Modifier]:
    """Operator attack modifiers: short range +1, aim +2; never cover (SAS-ATK-2, SAS-ATK-7, SAS-ATK-8, SAS-AIM-1,
    SAS-AIM-3)."""
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


def attack_problem(ctx: Ctx, op_id: str, weapon_id: str, target_loc: Cell, *, blind: bool = False) -> Why | None:
    """Why the operator cannot shoot at ``target_loc`` with the weapon (range, LOS, ammo), or None.

    A crouched operator has no LOS across the low cover or barrel that hides him, except for Blind Fire
    (SAS-LOS-10, OQ-64).
    """
    op = ctx.state.op(op_id)
    weapon = ctx.state.rt.tables.weapons[weapon_id]
    if op.loc is None:
        return OFF_MAP
    if weapon.ammo is not None and (op.ammo_left(weapon_id) or 0) <= 0:
        return NO_AMMO
    if dist(op.loc, target_loc) > weapon.long:
        return why("range", n=weapon.long)
    if op.crouched and not blind:
        hidden = hiding_cover(ctx.state, target_loc, op.loc)
        if hidden:
            return why("crouched", why=hidden)
    return water_line(ctx.state, op.loc, op.scuba, target_loc, False) or attack_line(ctx.state, op.loc, target_loc)


def unit_attack_problem(
    ctx: Ctx, op_id: str, weapon_id: str, unit: UnitState, *, blind: bool = False
) -> tuple[Cell, Why | None]:
    """The square the operator shoots at on the unit and why he cannot (``None``: he can). A vehicle is attacked at
    the nearest square of its token that he can shoot at (its nearest square when none, SAS-AVEH-12)."""
    if not unit.is_vehicle:
        return unit.loc, attack_problem(ctx, op_id, weapon_id, unit.loc, blind=blind)
    at = ctx.state.op(op_id).loc or unit.loc
    cells = sorted((c for c in unit.cells if ctx.state.rt.grid.contains(c)), key=lambda c: (dist(at, c), c[1], c[0]))
    first: tuple[Cell, Why | None] | None = None
    for c in cells:
        problem = attack_problem(ctx, op_id, weapon_id, c, blind=blind)
        if problem is None:
            return c, None
        first = first or (c, problem)
    return first or (unit.loc, OFF_MAP)


def gap(a: UnitState, b: UnitState) -> int:
    """Squares between the nearest squares of two units (next to each other: 1)."""
    return min(b.distance(c) for c in a.cells)


def sweep_targets(ctx: Ctx, op_id: str, weapon_id: str, target_id: str) -> list[str]:
    """Units next to the first target (any square of a vehicle's token) that the Sten may also hit, nearest the
    operator first (SAS-EQ-2, D-ATK-1)."""
    op = ctx.state.op(op_id)
    first = ctx.state.unit(target_id)
    assert op.loc is not None and first is not None
    near = [u for u in ctx.state.map_units() if u.id != target_id and gap(u, first) == 1]
    ok = [u for u in near if unit_attack_problem(ctx, op_id, weapon_id, u)[1] is None]
    return [u.id for u in sorted(ok, key=lambda u: (u.distance(op.loc), u.id))]  # type: ignore[arg-type]


def turn_to(ctx: Ctx, unit_id: str, toward: Cell, rule: str) -> None:
    """Turn a unit toward a square by the shorter rotation (SAS-GEN-8). A vehicle never swings round in place — not
    toward a noise, an attacker or an event: its token turns only by moving (SAS-AVEH-2, SAS-AVEH-11, SAS-AVEH-16,
    SAS-AVEH-23, D-VATK-2)."""
    unit = ctx.state.unit(unit_id)
    if unit is None or unit.is_vehicle or unit.mode == "strangled":  # garrote: SAS-NANCY-9, D-NANCY-6
        return
    facing = facing_toward(unit.loc, toward, unit.facing)
    both = tuple(f for f in ORTHO if covers(f, unit.loc, toward))
    if len(both) == 2 and unit.facing not in both:  # an exact diagonal: the players choose (SAS-GEN-8, OQ-4, D-FACE-2)
        facing = diagonal_facing(ctx, unit.id, toward, both, facing, rule=rule)
    if facing != unit.facing:
        set_facing(ctx, unit_id, facing, rule)


def set_facing(ctx: Ctx, unit_id: str, facing: str, rule: str, text: Text | None = None) -> None:
    """Turn the unit to ``facing``, narrated (``text``, else "turns to face") with the instruction for the board."""
    unit = ctx.state.unit(unit_id)
    if unit is None:
        return
    ctx.state = ctx.state.with_unit(unit_id, facing=facing)
    ctx.emit(
        "unit_turned",
        text or t("{unit} turns to face {facing}.", unit=ctx.name(unit_id), facing=facing_name(facing)),
        rule,
        (unit.loc,),
        instruction=t(
            "Turn {unit} to face {facing}.",
            unit=ctx.name(unit_id),
            facing=facing_name(facing),
        ),
    )

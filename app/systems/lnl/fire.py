"""Fire combat with the damage table (LNL-FIRE-1, LNL-FIRE-2, LNL-FIRE-4, LNL-FIRE-5, LNL-FIRE-6, LNL-FIRE-7,
LNL-FIRE-8, LNL-SW-2, LNL-SW-3, LNL-SW-7, LNL-OPFIRE-3, LNL-OPFIRE-6, LNL-OPFIRE-7, LNL-OPFIRE-8, LNL-STEALTH-6,
LNL-ASSAULT-4, LNL-SMOKE-3, LNL-MELEE-11, LNL-SNIPER-4, LNL-SCOUT-1).

:func:`prepare` checks a fire group and computes its FP total and every modifier; :func:`resolve` rolls.
The same preparation gives the exact odds shown before committing (``describe``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from app.core.i18n import Text, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.hexgrid import Hex, hex_distance
from app.systems.lnl.damage import damage_checks, vehicle_hit_by_small_arms
from app.systems.lnl.forces import activation_problem, best_leader, cls, fires_after_move, in_melee, is_vehicle, lm
from app.systems.lnl.messages import Ctx
from app.systems.lnl.skills import fire_mods
from app.systems.lnl.spotting import hex_exposed, los
from app.systems.lnl.state import State, Unit, Weapon
from app.systems.lnl.tables import tables
from app.systems.lnl.view_names import hex_name, unit_name
from app.systems.lnl.weapons import discard_captured


class FireProblem(Exception):
    """A fire group the rules do not allow, with the reason and rule ID."""

    def __init__(self, reason: Text, rule_id: str):
        super().__init__(str(reason))
        self.reason = reason
        self.rule_id = rule_id


@dataclass(frozen=True)
class FireSetup:
    """A checked fire attack: who, at what, the FP total and the modifiers of both rolls."""

    firers: tuple[Unit, ...]
    used: tuple[tuple[str, Weapon], ...]
    target: Hex
    level: int
    fp: int
    parts: tuple[Modifier, ...]
    attack_mods: tuple[Modifier, ...]
    defence_mods: tuple[Modifier, ...]
    victims: tuple[Unit, ...]
    vehicle: Unit | None
    opfire: bool

    @property
    def attack_bonus(self) -> int:
        """FP total plus the attack modifiers (the die is added to this)."""
        return self.fp + sum(m.value for m in self.attack_mods)

    @property
    def defence_bonus(self) -> int:
        """Defence modifiers (the die is added to this)."""
        return sum(m.value for m in self.defence_mods)

    def odds(self) -> float:
        """The exact chance that the attack total beats the defence total (LNL-FIRE-7)."""
        wins = sum(1 for a in range(1, 7) for d in range(1, 7) if a + self.attack_bonus > d + self.defence_bonus)
        return wins / 36


def weapons_of(unit: Unit, names: tuple[str, ...]) -> list[Weapon]:
    """The carried, working DFT support weapons of ``unit`` named ``"<unit id>:<type>"`` in ``names``."""
    wanted = [n.split(":", 1)[1] for n in names if n.split(":", 1)[0] == unit.id]
    found, left = [], list(unit.weapons)
    for kind in wanted:
        match = next((w for w in left if w.type == kind), None)
        if match is None:
            raise FireProblem(t("{kind} is not carried by this unit.", kind=kind), "LNL-SW-3")
        left.remove(match)
        found.append(match)
    return found


def _scaled(fp: int, rng: int, long_range: bool, distance: int) -> float | None:
    """FP at ``distance``: full in range, half at up to double range when boxed (LNL-FIRE-2), else ``None``."""
    if distance <= rng:
        return float(fp)
    if long_range and distance <= 2 * rng:
        return fp / 2
    return None


def _contribution(state: State, unit: Unit, used: list[Weapon], distance: int, *, primary: bool, opfire: bool) -> float:
    """One firer's FP (LNL-SW-2, LNL-FIRE-5, LNL-OPFIRE-6, LNL-OPFIRE-8)."""
    spec = state.spec(unit)
    kind = spec.cls
    sws = [(state.runtime.unit_type(w.type), w) for w in used]
    sw_fp = 0.0
    for sw, w in sws:
        if w.jammed or w.stowed or sw.gun is not None:
            rule = "LNL-SW-7" if w.jammed else "LNL-SW-9" if w.stowed else "LNL-HW-1"
            raise FireProblem(t("{sw} cannot fire with the group.", sw=sw.name), rule)
        got = _scaled(sw.fp, sw.range, sw.long_range, distance)
        if got is None:
            raise FireProblem(t("{sw} is out of range.", sw=sw.name), "LNL-FIRE-1")
        sw_fp += got
    limits = {"squad": 2, "half_squad": 1, "crew": 1, "leader": 1, "hero": 1, "scout": 1}
    if len(sws) > limits.get(kind, 0):
        raise FireProblem(t("Too many support weapons for one firer."), "LNL-SW-2")
    if sws and kind in ("leader", "scout"):
        return float(math.ceil(sw_fp / 2))
    if sws and (kind in ("half_squad", "crew", "hero") or len(sws) == 2):
        return sw_fp
    own = spec.fp - (1 if opfire and unit.has("ops_complete") else 0)
    if spec.fp == 0:
        return sw_fp - 1.0  # a 0-FP firer counts as −1 FP, never halved (LNL-OPFIRE-6, Q3)
    scaled = _scaled(max(own, 0), spec.range, spec.long_range, distance)
    if scaled is None:
        raise FireProblem(t("{unit} is out of range.", unit=unit_name(state, unit)), "LNL-FIRE-1")
    half = not primary and kind != "hero"
    return sw_fp + (scaled / 2 if half else scaled)


def _fp_total(
    state: State, firers: list[Unit], used: dict[str, list[Weapon]], distance: int, opfire: bool
) -> tuple[int, list[Modifier]]:
    """FP total: the primary firer full, the others' inherent FP halved, heroes and SWs full, summed and rounded
    up once (LNL-FIRE-5; option: each secondary half rounded up, Q1)."""
    full = {u.id: _contribution(state, u, used[u.id], distance, primary=True, opfire=opfire) for u in firers}
    primary = max(firers, key=lambda u: (full[u.id], u.id))
    total, parts = 0.0, []
    for unit in firers:
        is_primary = unit.id == primary.id
        value = (
            full[unit.id]
            if is_primary
            else _contribution(state, unit, used[unit.id], distance, primary=False, opfire=opfire)
        )
        if not is_primary and state.options.round_each_secondary:
            value = math.ceil(value)
        total += value
        role = t("primary") if is_primary else t("secondary")
        parts.append(
            Modifier(
                value=math.ceil(value),
                reason=t("{unit} ({role})", unit=unit_name(state, unit), role=role),
                rule_id="LNL-FIRE-5",
            )
        )
    return math.ceil(total), parts


def _firers(state: State, side: str, ids: tuple[str, ...], opfire: bool) -> list[Unit]:
    firers = [state.unit(i) for i in ids]
    if not ids or any(u is None or u.side != side or u.hex is None for u in firers):
        raise FireProblem(t("Choose your own units on the map to fire."), "LNL-OPS-2")
    found = [u for u in firers if u is not None]
    for unit in found:
        if unit.shaken or cls(state, unit) in ("medic", "vehicle") or unit.wreck:
            raise FireProblem(t("{unit} may not fire.", unit=unit_name(state, unit)), "LNL-FIRE-1")
        if cls(state, unit) == "sniper":
            raise FireProblem(t("A sniper fires alone, on the sniper table."), "LNL-SNIPER-3")
        if opfire and any(unit.has(m) for m in ("moved", "fired", "low_crawl", "stealth")):
            raise FireProblem(t("{unit} may not opportunity-fire.", unit=unit_name(state, unit)), "LNL-OPFIRE-3")
        if (
            not opfire
            and not fires_after_move(state, unit)
            and (unit.has("fired") or unit.has("ops_complete") or unit.moved)
        ):
            raise FireProblem(t("{unit} has already acted.", unit=unit_name(state, unit)), "LNL-OPS-5")
        if in_melee(state, unit.hex):
            raise FireProblem(t("{unit} is locked in melee.", unit=unit_name(state, unit)), "LNL-MELEE-9")
    rule = activation_problem(state, found)
    if rule:
        raise FireProblem(t("These units cannot be activated together."), rule)
    return found


def _attack_mods(state: State, firers: list[Unit], target: Hex, level: int, opfire: bool) -> list[Modifier]:
    """Leader, hindrances, movement, moving target and smoke (LNL-FIRE-4)."""
    mods: list[Modifier] = []
    leader = best_leader(state, firers)
    if leader is not None:
        mods.append(
            Modifier(
                value=lm(state, leader), reason=t("leader {name}", name=unit_name(state, leader)), rule_id="LNL-LDR-3"
            )
        )
    hindrances = max(los(state, u, target, level).hindrances for u in firers)
    mods += [Modifier(value=-1, reason=t("hindrance in the line of sight"), rule_id="LNL-LOS-3")] * hindrances
    if any(u.has("stealth") and cls(state, u) != "scout" for u in firers):
        mods.append(Modifier(value=-2, reason=t("fired after a stealth move"), rule_id="LNL-STEALTH-6"))
    if any(u.has("assault_move") for u in firers):
        mods.append(Modifier(value=-2, reason=t("fired after an assault move"), rule_id="LNL-ASSAULT-4"))
    if opfire:
        mods.append(Modifier(value=1, reason=t("the target is moving"), rule_id="LNL-OPFIRE-7"))
    mods += fire_mods(state, firers, opfire=opfire)
    if any(state.smoke(h) for h in {target, *(u.hex for u in firers if u.hex is not None)}):
        mods.append(Modifier(value=-1, reason=t("smoke in the firing or target hex"), rule_id="LNL-SMOKE-3"))
    return mods


def defence_mods(state: State, target: Hex, victims: list[Unit], vehicle: Unit | None) -> list[Modifier]:
    """TEM capped at 4, doubled for snipers (against every attack but an enemy sniper's and artillery); a vehicle
    adds its lowest armour (LNL-FIRE-6, LNL-SNIPER-4, LNL-SAVEH-2)."""
    terrain = state.runtime.terrain(target)
    tem = min(terrain.tem, tables().tem_cap)
    mods = (
        [Modifier(value=tem, reason=t("terrain: {terrain}", terrain=terrain.name), rule_id="LNL-FIRE-6")] if tem else []
    )
    if tem and victims and all(cls(state, u) == "sniper" for u in victims):
        mods.append(Modifier(value=tem, reason=t("sniper: terrain counts double"), rule_id="LNL-SNIPER-4"))
    if vehicle is not None:
        spec = state.spec(vehicle)
        armour = spec.hull.lowest() if spec.hull is not None else 0
        mods.append(Modifier(value=armour, reason=t("lowest armour"), rule_id="LNL-SAVEH-2"))
    return mods


def prepare(
    state: State,
    side: str,
    ids: tuple[str, ...],
    target: Hex,
    level: int,
    *,
    weapon_names: tuple[str, ...],
    opfire: bool,
) -> FireSetup:
    """Check a fire group against ``level`` of ``target`` and compute its totals.

    Raises:
        FireProblem: The fire is not allowed (the reason names the rule).
    """
    firers = _firers(state, side, ids, opfire)
    if in_melee(state, target):
        raise FireProblem(t("No fire into a hex locked in melee."), "LNL-MELEE-11")
    for unit in firers:
        if not los(state, unit, target, level).clear:
            raise FireProblem(t("{unit} has no line of sight.", unit=unit_name(state, unit)), "LNL-LOS-1")
    enemy = [u for u in state.at(target) if u.side != side]
    if state.moving is not None and opfire:
        enemy = [u for u in enemy if u.id in state.moving.units]
    victims = [u for u in enemy if u.level == level and not is_vehicle(state, u)]
    vehicles = [u for u in enemy if is_vehicle(state, u)]
    vehicle = vehicles[0] if not victims and vehicles else None
    if not victims and vehicle is None:
        raise FireProblem(t("No enemy unit there."), "LNL-FIRE-1")
    if not opfire and not hex_exposed(state, target, enemy[0].side, level):
        raise FireProblem(t("The target is not exposed: spot it first."), "LNL-FIRE-1")
    distance = max(hex_distance(u.hex, target) for u in firers if u.hex is not None)
    used = {u.id: weapons_of(u, weapon_names) for u in firers}
    fp, parts = _fp_total(state, firers, used, distance, opfire)
    return FireSetup(
        firers=tuple(firers),
        used=tuple((uid, w) for uid, ws in used.items() for w in ws),
        target=target,
        level=level,
        fp=fp,
        parts=tuple(parts),
        attack_mods=tuple(_attack_mods(state, firers, target, level, opfire)),
        defence_mods=tuple(defence_mods(state, target, victims, vehicle)),
        victims=tuple(victims),
        vehicle=vehicle,
        opfire=opfire,
    )


def resolve(state: State, ctx: Ctx, setup: FireSetup) -> State:
    """Roll the attack and defence totals; AT > DT: every target takes a damage check (LNL-FIRE-7); equal
    natural dice jam the J support weapons (LNL-SW-7); the firers get a Fired marker (LNL-FIRE-8)."""
    where = hex_name(state, setup.target, setup.level)
    attack, defence = ctx.roller.roll(2, t("fire at {hex}: attack die, defence die", hex=where))
    at_total, dt_total = attack + setup.attack_bonus, defence + setup.defence_bonus
    hit = at_total > dt_total
    mods = (Modifier(value=setup.fp, reason=t("FP total"), rule_id="LNL-FIRE-5"), *setup.attack_mods)
    ruling = Ruling(
        title=t("Fire at {hex}", hex=where),
        rule_id="LNL-FIRE-4",
        dice=(
            DieResult(natural=attack, modified=at_total, success=hit),
            DieResult(natural=defence, modified=dt_total, success=not hit),
        ),
        target=dt_total,
        modifiers=(*mods, *(m.model_copy(update={"value": -m.value}) for m in setup.defence_mods)),
        result=t("attack {a} against defence {d}: damage checks", a=at_total, d=dt_total)
        if hit
        else t("attack {a} against defence {d}: no effect", a=at_total, d=dt_total),
        notes=tuple(t("{part}: {fp} FP", part=p.reason, fp=p.value) for p in setup.parts),
    )
    ctx.say("fire", ruling.title, "LNL-FIRE-7", ruling, at=(setup.target,))
    state = _after_fire(state, ctx, setup, attack == defence)
    if not hit:
        state = discard_captured(state, ctx, setup.firers, setup.used)
    if hit and setup.victims:
        state = damage_checks(state, ctx, list(setup.victims), at_total - dt_total, t("fire"))
    elif hit and setup.vehicle is not None:
        state = vehicle_hit_by_small_arms(state, ctx, setup.vehicle, at_total - dt_total, t("small arms"))
    return state


def _after_fire(state: State, ctx: Ctx, setup: FireSetup, jam: bool) -> State:
    for unit in setup.firers:
        current = state.get(unit.id)
        weapons = current.weapons
        if jam:
            used = [w for uid, w in setup.used if uid == unit.id and state.runtime.unit_type(w.type).jams]
            for w in used:
                ctx.say("jam", t("{sw} jams.", sw=state.runtime.unit_type(w.type).name), "LNL-SW-7")
            weapons = tuple(replace(w, jammed=True) if w in used else w for w in weapons)
        state = state.with_unit(replace(current, weapons=weapons).marked("fired"))
    return state

"""Damage checks and their results, hero creation (LNL-DMG-1, LNL-DMG-2, LNL-DMG-3, LNL-DMG-4, LNL-HERO-1,
LNL-HERO-3, LNL-HERO-4, LNL-MOVE-4, LNL-LDR-3)."""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.systems.lnl.forces import best_leader, cls, is_vehicle, lm, stacking_problem
from app.systems.lnl.messages import Ctx
from app.systems.lnl.skills import damage_mods, skill_name
from app.systems.lnl.state import State, Unit
from app.systems.lnl.tables import tables, unit_types
from app.systems.lnl.view_names import unit_name
from app.systems.lnl.wrecks import destroy


def dft(state: State, unit: Unit, dc: int) -> str:
    """The damage table result for a DC against the unit's morale (LNL-DMG-3, data/tables.json)."""
    diff = dc - state.spec(unit).morale_of(unit.shaken)
    found = next(r.result for r in tables().dft if r.low <= diff <= r.high)
    if found == "shaken" and unit.shaken:
        return tables().shaken_again
    return found


def apply_result(state: State, ctx: Ctx, unit: Unit, result: str) -> tuple[State, Text]:
    """Apply a DFT result (LNL-DMG-2): Shaken flips; a casualty reduces a squad to a Shaken half-squad and
    eliminates half-squads, crews and weapon teams; an SMC is wounded (flipped to its Shaken side and marked
    Wounded), a wounded SMC eliminated."""
    spec = state.spec(unit)
    if result == "none":
        return state, t("no effect")
    if result == "shaken":
        return state.with_unit(replace(unit, shaken=True)), t("Shaken")
    if spec.smc:
        if unit.wounded:
            return state.without(unit.id), t("eliminated (already wounded)")
        return state.with_unit(replace(unit, wounded=True, shaken=True)), t("wounded and Shaken")
    if spec.cls == "squad" and spec.reduces_to:
        half = replace(unit, type=spec.reduces_to, shaken=True, weapons=unit.weapons[:1])
        state = state.with_unit(half)
        if unit.hex is not None and len(unit.weapons) > 1:
            state = replace(state, dropped=(*state.dropped, *((unit.hex, w) for w in unit.weapons[1:])))
        return state, t("casualty: reduced to a Shaken half-squad")
    del ctx
    return state.without(unit.id), t("casualty: eliminated")


def damage_checks(state: State, ctx: Ctx, targets: list[Unit], diff: int, title: Text, *, use_lm: bool = True) -> State:
    """Every target takes a DC = 1D6 + ``diff`` − LM of a GO leader in its hex (LNL-DMG-1). Leaders check
    first without their own LM and must still be GO to help the others (Q13); the best LM counts."""
    order = sorted(targets, key=lambda u: (cls(state, u) != "leader", u.id))
    for unit in order:
        current = state.unit(unit.id)
        if current is None or current.hex is None:
            continue
        state = _one_check(state, ctx, current, diff, title, use_lm=use_lm)
    return state


def _one_check(state: State, ctx: Ctx, unit: Unit, diff: int, title: Text, *, use_lm: bool) -> State:
    assert unit.hex is not None
    (natural,) = ctx.roller.roll(1, t("damage check of {unit}", unit=unit_name(state, unit)))
    mods = [Modifier(value=diff, reason=t("attack total − defence total"), rule_id="LNL-DMG-1")]
    leader = best_leader(state, state.at(unit.hex, unit.side), exclude=unit.id) if use_lm else None
    if leader is not None:
        why = t("leader {name}", name=unit_name(state, leader))
        mods.append(Modifier(value=-lm(state, leader), reason=why, rule_id="LNL-LDR-3"))
    mods += damage_mods(state, unit)
    dc = natural + sum(m.value for m in mods)
    result = dft(state, unit, dc)
    after, words = apply_result(state, ctx, unit, result)
    morale = state.spec(unit).morale_of(unit.shaken)
    ruling = Ruling(
        title=t("Damage check: {unit} ({title})", unit=unit_name(state, unit), title=title),
        rule_id="LNL-DMG-3",
        dice=(DieResult(natural=natural, modified=dc, success=result == "none"),),
        target=morale,
        modifiers=tuple(mods),
        result=words,
        notes=(t("DC below morale: no effect; equal: Shaken; above: casualty (data/tables.json)"),),
    )
    ctx.say("damage", ruling.title, "LNL-DMG-2", ruling, at=(unit.hex,))
    after = stop_mover(state, after, ctx, unit, result)
    if natural == 1 and state.spec(unit).infantry:
        after = hero_roll(after, ctx, unit, state.spec(unit).nation)
    return after


def stop_mover(state: State, after: State, ctx: Ctx, unit: Unit, result: str) -> State:
    """A moving unit that any fire harms stops at once; the others go on (LNL-MOVE-4). ``state`` is before the
    result was applied, ``after`` after it."""
    if result == "none" or state.moving is None or unit.id not in state.moving.units:
        return after
    ctx.say("stopped", t("{unit} stops moving.", unit=unit_name(state, unit)), "LNL-MOVE-4")
    return replace(after, moving=replace(state.moving, units=tuple(i for i in state.moving.units if i != unit.id)))


def heroes_on_map(state: State, side: str) -> int:
    """Heroes of ``side`` on the map (LNL-HERO-3)."""
    return sum(1 for u in state.on_map(side) if cls(state, u) == "hero")


def hero_roll(state: State, ctx: Ctx, source: Unit, nation: str) -> State:
    """A natural 1 on an infantry DC: roll 1D6, odd (or even, by option) creates a hero in GO with a random
    skill card, beside the unit (on its storey) or in an adjacent hex free of enemies if that is full
    (LNL-HERO-4, LNL-HERO-1)."""
    side, h, level = source.side, source.hex, source.level
    assert h is not None
    (die,) = ctx.roller.roll(1, t("hero creation"))
    wanted = 1 if state.options.hero_on_odd else 0
    if die % 2 != wanted or heroes_on_map(state, side) >= 2:
        why = t("no hero (die {die})", die=die) if die % 2 != wanted else t("no hero: already 2 on the map")
        ctx.say("no_hero", why, "LNL-HERO-3" if die % 2 == wanted else "LNL-HERO-4", at=(h,))
        return state
    kinds = [k for k in tables().heroes if unit_types()[k].nation == nation] or list(tables().heroes)
    kind = ctx.roller.pick(kinds, t("hero"))
    skill = ctx.roller.pick(tables().hero_skills, t("hero skill card"))
    uid, state = state.next_id(side)
    hero = Unit(uid, side, kind, h, skill=skill)
    grid = state.runtime.grid
    for place in (h, *grid.neighbours(h)):
        enemy = any(u.side != side for u in state.at(place))
        storey = level if place == h else 0
        if not stacking_problem(state, place, [hero], storey) and (place == h or not enemy):
            hero = replace(hero, hex=place, level=storey)
            ctx.say(
                "hero",
                t("A hero appears: {unit} ({skill}).", unit=unit_name(state, hero), skill=skill_name(skill)),
                "LNL-HERO-4",
                at=(place,),
            )
            return state.with_unit(hero)
    return state


def vehicle_hit_by_small_arms(state: State, ctx: Ctx, vehicle: Unit, diff: int, title: Text) -> State:
    """Small-arms damage to a vehicle (LNL-SAVEH-2, LNL-SAVEH-3): a buttoned armoured vehicle only risks its
    outside riders (none are carried here); otherwise the vehicle takes a DC: Shaken, or destroyed if it is
    unarmoured and the DC is a casualty (docs/lnl-decisions.md), and its crew rolls to escape (LNL-VDEST-1)."""
    spec = state.spec(vehicle)
    assert is_vehicle(state, vehicle) and spec.hull is not None
    if vehicle.buttoned and spec.hull.lowest() > 0:
        ctx.say(
            "buttoned",
            t("{unit} is buttoned up: no one outside to hit.", unit=unit_name(state, vehicle)),
            "LNL-SAVEH-3",
        )
        return state
    (natural,) = ctx.roller.roll(1, t("damage check of {unit}", unit=unit_name(state, vehicle)))
    dc = natural + diff
    result = dft(state, vehicle, dc)
    destroyed = result == "casualty" and spec.hull.lowest() == 0
    if destroyed:
        words, after = t("destroyed"), state
    elif result != "none":
        words, after = t("Shaken"), state.with_unit(replace(vehicle, shaken=True))
    else:
        words, after = t("no effect"), state
    ruling = Ruling(
        title=t("Damage check: {unit} ({title})", unit=unit_name(state, vehicle), title=title),
        rule_id="LNL-SAVEH-2",
        dice=(DieResult(natural=natural, modified=dc, success=result == "none"),),
        target=spec.morale_of(vehicle.shaken),
        modifiers=(Modifier(value=diff, reason=t("attack total − defence total"), rule_id="LNL-SAVEH-2"),),
        result=words,
    )
    ctx.say("damage", ruling.title, "LNL-SAVEH-2", ruling, at=(vehicle.hex,) if vehicle.hex else ())
    return destroy(after, ctx, vehicle) if destroyed else after

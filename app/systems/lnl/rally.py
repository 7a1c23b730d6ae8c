"""The Rally Phase: initiative, rallying, medics, combining half-squads (LNL-RALLY-1, LNL-RALLY-2, LNL-RALLY-3,
LNL-RALLY-4, LNL-RALLY-5, LNL-RALLY-6, LNL-RALLY-7, LNL-RALLY-8, LNL-MEDIC-2, LNL-HERO-2, LNL-LDR-3)."""

from __future__ import annotations

from dataclasses import replace

import app.systems.lnl.messages as m
from app.core.i18n import t
from app.core.messages import Command
from app.core.ruling import DieResult, Modifier, Ruling
from app.systems.lnl.forces import best_leader, cls, in_melee, is_vehicle
from app.systems.lnl.melee import morale_mods
from app.systems.lnl.messages import Ctx
from app.systems.lnl.skills import rally_mods
from app.systems.lnl.state import State, Unit, other
from app.systems.lnl.view_names import side_name, unit_name


def roll_initiative(state: State, ctx: Ctx) -> State:
    """Both sides roll 1D6; the higher takes the initiative, a tie leaves it where it is (LNL-RALLY-1)."""
    holder = state.initiative
    mine, theirs = ctx.roller.roll(
        2, t("initiative: {a}, then {b}", a=side_name(state, holder), b=side_name(state, other(holder)))
    )
    winner = holder if mine >= theirs else other(holder)
    ruling = Ruling(
        title=t("Initiative roll"),
        rule_id="LNL-RALLY-1",
        dice=(
            DieResult(natural=mine, modified=mine, success=winner == holder),
            DieResult(natural=theirs, modified=theirs, success=winner != holder),
        ),
        result=t("{side} has the initiative", side=side_name(state, winner)),
        notes=(t("a tie leaves the initiative with its holder"),) if mine == theirs else (),
    )
    ctx.say("initiative", ruling.result, "LNL-RALLY-1", ruling)
    return replace(state, initiative=winner, active=winner, rallied=(), rally_done=(), rolled=True)


def may_rally(state: State, unit: Unit, medic: Unit | None = None) -> str:
    """Why ``unit`` may not try to rally now, or "" (LNL-RALLY-4, LNL-RALLY-7): Shaken, one try a phase (a
    medic's help is an extra one), and a GO leader or hero in the hex, a medic, a vehicle or an SMC itself."""
    if not unit.shaken or unit.hex is None or unit.wreck:
        return "LNL-RALLY-3"
    if unit.id in state.rallied and medic is None:
        return "LNL-RALLY-7"
    if medic is not None:
        ok = (
            medic.hex == unit.hex
            and not medic.shaken
            and medic.id != unit.id
            and (medic.id, unit.id) not in _helped(state)
        )
        return "" if ok else "LNL-MEDIC-2"
    here = state.at(unit.hex, unit.side)
    if best_leader(state, here, exclude=unit.id) or any(cls(state, u) == "hero" and not u.shaken for u in here):
        return ""
    if is_vehicle(state, unit) or state.spec(unit).smc:
        return ""
    return "LNL-RALLY-4"


def _helped(state: State) -> set[tuple[str, str]]:
    return {(a, b) for x in state.rallied if "+" in x for a, b in [x.split("+", 1)]}


def rally(state: State, ctx: Ctx, unit: Unit, medic: Unit | None) -> State:
    """Rally check: 2D6 − LM − 2 in favourable terrain (−2 for a vehicle) ≤ morale → good order (LNL-RALLY-3,
    LNL-RALLY-5)."""
    assert unit.hex is not None
    mods = [*morale_mods(state, unit, "LNL-RALLY-3"), *rally_mods(state, unit)]
    if is_vehicle(state, unit):
        mods.append(Modifier(value=-2, reason=t("vehicle self-rally"), rule_id="LNL-RALLY-5"))
    a, b = ctx.roller.roll(2, t("rally {unit}", unit=unit_name(state, unit)))
    total = a + b + sum(x.value for x in mods)
    morale = state.spec(unit).morale_of(True)
    passed = total <= morale
    ruling = Ruling(
        title=t("{unit} tries to rally", unit=unit_name(state, unit)),
        rule_id="LNL-RALLY-3",
        dice=(DieResult(natural=a + b, modified=total, success=passed),),
        target=morale,
        modifiers=tuple(mods),
        result=t("rallied: back in good order") if passed else t("still Shaken"),
        notes=(t("assisted by a medic (an extra attempt)"),) if medic else (),
    )
    ctx.say("rally", ruling.title, "LNL-RALLY-3", ruling, at=(unit.hex,))
    key = f"{medic.id}+{unit.id}" if medic is not None else unit.id
    state = replace(state, rallied=(*state.rallied, key))
    return state.with_unit(replace(unit, shaken=False)) if passed else state


def heal(state: State, ctx: Ctx, medic: Unit, unit: Unit) -> State:
    """A medic removes a Wounded marker from an SMC in its hex (LNL-MEDIC-2)."""
    ctx.say(
        "heal",
        t("{medic} tends {unit}: no longer wounded.", medic=unit_name(state, medic), unit=unit_name(state, unit)),
        "LNL-MEDIC-2",
        at=(unit.hex,) if unit.hex else (),
    )
    state = replace(state, rallied=(*state.rallied, f"heal:{medic.id}"))
    return state.with_unit(replace(unit, wounded=False))


def combine(state: State, ctx: Ctx, a: Unit, b: Unit) -> State:
    """Two half-squads of one type with a GO leader, not in melee, become one squad (LNL-RALLY-8)."""
    squad = next(u for u in state.runtime.model.catalogue().values() if u.reduces_to == a.type)
    weapons = (*a.weapons, *b.weapons)
    state = state.without(b.id)
    state = state.with_unit(replace(a, type=squad.id, weapons=weapons[:2], shaken=a.shaken and b.shaken))
    ctx.say(
        "combine",
        t("Two half-squads combine into {unit}.", unit=squad.name),
        "LNL-RALLY-8",
        at=(a.hex,) if a.hex else (),
    )
    return state


def combine_problem(state: State, a: Unit, b: Unit) -> str:
    """Why two units may not combine, or "" (LNL-RALLY-8)."""
    same = a.id != b.id and a.type == b.type and a.hex == b.hex and a.level == b.level and a.side == b.side
    if not same or cls(state, a) != "half_squad" or a.hex is None or in_melee(state, a.hex):
        return "LNL-RALLY-8"
    squads = [u for u in state.runtime.model.catalogue().values() if u.reduces_to == a.type]
    if not squads or best_leader(state, state.at(a.hex, a.side)) is None:
        return "LNL-RALLY-8"
    return ""


def rally_commands(state: State) -> list[Command]:
    """The rallying side's options (LNL-RALLY-2): rally each Shaken unit, medic help and healing, combining."""
    side = state.active
    found: list[Command] = []
    mine = state.on_map(side)
    for unit in mine:
        if not may_rally(state, unit):
            found.append(m.Rally(side=side, unit=unit.id))
        for medic in (u for u in mine if cls(state, u) == "medic"):
            if unit.shaken and not may_rally(state, unit, medic):
                found.append(m.Rally(side=side, unit=unit.id, medic=medic.id))
            healable = (
                unit.wounded and medic.hex == unit.hex and not medic.shaken and f"heal:{medic.id}" not in state.rallied
            )
            if healable:
                found.append(m.Heal(side=side, medic=medic.id, unit=unit.id))
    halves = [u for u in mine if cls(state, u) == "half_squad"]
    for i, a in enumerate(halves):
        for b in halves[i + 1 :]:
            if not combine_problem(state, a, b):
                found.append(m.Combine(side=side, units=(a.id, b.id)))
    return [*found, m.EndRally(side=side)]

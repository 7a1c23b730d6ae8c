"""Melee, withdrawal and close assault on vehicles (LNL-MELEE-1, LNL-MELEE-2, LNL-MELEE-3, LNL-MELEE-4,
LNL-MELEE-5, LNL-MELEE-6, LNL-MELEE-7, LNL-MELEE-8, LNL-MELEE-9, LNL-MELEE-10, LNL-LDR-6, LNL-HERO-2,
LNL-MEDIC-1, LNL-SNIPER-5, LNL-SW-8, LNL-MOVE-9, LNL-INFVEH-1, LNL-INFVEH-2, LNL-INFVEH-3, LNL-INFVEH-4,
LNL-VDEST-2)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from app.core.i18n import Text, t
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.hexgrid import Hex
from app.systems.lnl.forces import best_leader, cls, is_vehicle, lm
from app.systems.lnl.messages import Ctx
from app.systems.lnl.skills import melee_shift
from app.systems.lnl.state import State, Unit, other
from app.systems.lnl.tables import tables
from app.systems.lnl.view_names import hex_name, unit_name
from app.systems.lnl.wrecks import destroy


def melee_sw(state: State, unit: Unit) -> int:
    """FP of the melee-capable SWs a unit carries (LNL-SW-8, LNL-MELEE-6)."""
    return sum(state.runtime.unit_type(w.type).fp for w in unit.weapons if state.runtime.unit_type(w.type).melee)


def capable(state: State, unit: Unit, attacking: bool = False) -> bool:
    """May attack or defend in melee: not medics, snipers, Shaken units, vehicles, or leaders without a
    melee-capable SW; weapon teams only defend (LNL-MELEE-2, LNL-LDR-6, LNL-MEDIC-1, LNL-SNIPER-5)."""
    kind = cls(state, unit)
    if unit.shaken or unit.wreck or kind in ("medic", "sniper", "vehicle", "sw"):
        return False
    if kind == "leader" and melee_sw(state, unit) == 0:
        return False
    return not (attacking and kind == "weapon_team")


def melee_fp(state: State, units: list[Unit]) -> tuple[int, int]:
    """Σ FP (a 0-FP unit counts 1) + melee SWs; and how many 0-FP units take part (LNL-MELEE-6)."""
    zero = sum(1 for u in units if state.spec(u).fp == 0)
    return sum(max(state.spec(u).fp, 1) + melee_sw(state, u) for u in units), zero


def column(attack: int, defence: int) -> str:
    """The odds column: ceil(att/def):1, or 1:floor(def/att) below 1:1, clamped to the table (LNL-MELEE-7, Q10)."""
    columns = tables().melee_columns
    name = f"{math.ceil(attack / defence)}:1" if attack >= defence else f"1:{defence // attack}"
    if name in columns:
        return name
    return columns[-1] if attack >= defence else columns[0]


def shifted(name: str, steps: int) -> str:
    """The column ``steps`` to the right (better for the attacker), clamped (LNL-HERO-2)."""
    columns = tables().melee_columns
    index = min(max(columns.index(name) + steps, 0), len(columns) - 1)
    return columns[index]


def kill_number(
    att: list[Unit], dfn: list[Unit], state: State, present: Sequence[Unit] = ()
) -> tuple[str, int, list[Modifier]]:
    """Column, kill number and roll modifiers of one side's melee roll against ``dfn`` (LNL-MELEE-7, LNL-MELEE-8,
    Q11, Q12). A hero of either side in the melee shifts the column his way, targeted or not: ``present`` are the
    other side's units able to fight besides the targets (LNL-HERO-2)."""
    a_fp, a_zero = melee_fp(state, att)
    d_fp, _ = melee_fp(state, dfn)
    name = column(a_fp, d_fp)
    guard = [*dfn, *present]
    shift = (1 if any(cls(state, u) == "hero" for u in att) else 0) - (
        1 if any(cls(state, u) == "hero" for u in guard) else 0
    )
    shift += melee_shift(state, att) - melee_shift(state, guard)
    name = shifted(name, shift)
    mods = []
    places = {(u.hex, u.level) for u in att}
    leader = best_leader(state, [u for u in state.units if (u.hex, u.level) in places and u.side == att[0].side])
    if leader is not None:
        mods.append(
            Modifier(
                value=lm(state, leader), reason=t("leader {name}", name=unit_name(state, leader)), rule_id="LNL-MELEE-8"
            )
        )
    mods += [Modifier(value=-1, reason=t("0-FP unit"), rule_id="LNL-MELEE-8")] * a_zero
    return name, tables().melee_kill[name], mods


def roll(state: State, ctx: Ctx, att: list[Unit], dfn: list[Unit], present: Sequence[Unit] = ()) -> bool:
    """One side's melee roll against the units it targets (``present``: the other side's fighters besides them):
    whether the targets are eliminated (LNL-MELEE-8)."""
    name, kill, mods = kill_number(att, dfn, state, present)
    a, b = ctx.roller.roll(2, t("melee roll"))
    total = a + b + sum(m.value for m in mods)
    killed = total >= kill
    ruling = Ruling(
        title=t("Melee: {side} attacks at {column}", side=state.runtime.side_name(att[0].side), column=name),
        rule_id="LNL-MELEE-8",
        dice=(DieResult(natural=a + b, modified=total, success=killed),),
        target=kill,
        modifiers=tuple(mods),
        result=t("the targets are eliminated") if killed else t("no effect"),
    )
    ctx.say("melee", ruling.title, "LNL-MELEE-8", ruling, at=(att[0].hex,) if att[0].hex else ())
    return killed


def eliminate(state: State, units: list[Unit]) -> State:
    """Remove ``units`` (their SWs stay in the hex, LNL-MELEE-10)."""
    for unit in units:
        state = state.without(unit.id)
    return state


def rout(state: State, ctx: Ctx, h: Hex, level: int) -> State:
    """A side with units but none able to fight, facing one that can, is eliminated (LNL-MELEE-3)."""
    units = [u for u in state.at(h) if u.level == level and not is_vehicle(state, u)]
    for side in {u.side for u in units}:
        mine = [u for u in units if u.side == side]
        theirs = [u for u in units if u.side == other(side) and capable(state, u)]
        if theirs and not any(capable(state, u) for u in mine):
            ctx.say("melee_rout", t("Units unable to fight are eliminated."), "LNL-MELEE-3", at=(h,))
            state = eliminate(state, mine)
    return state


def morale_mods(state: State, unit: Unit, rule_id: str) -> list[Modifier]:
    """The rally modifiers: − LM of a GO leader in the hex, − 2 in favourable terrain (LNL-RALLY-3)."""
    assert unit.hex is not None
    mods = []
    leader = best_leader(state, state.at(unit.hex, unit.side), exclude=unit.id)
    if leader is not None:
        why = t("leader {name}", name=unit_name(state, leader))
        mods.append(Modifier(value=-lm(state, leader), reason=why, rule_id=rule_id))
    if state.runtime.terrain(unit.hex).favourable:
        mods.append(Modifier(value=-2, reason=t("favourable terrain"), rule_id=rule_id))
    return mods


def rally_like_check(state: State, ctx: Ctx, unit: Unit, title: Text, rule_id: str, *, extra: int = 0) -> bool:
    """2D6 − LM of a GO leader in the hex − 2 in favourable terrain ≤ morale (LNL-MOVE-9, LNL-INFVEH-2, Q19)."""
    assert unit.hex is not None
    mods = morale_mods(state, unit, rule_id)
    if extra:
        mods.append(Modifier(value=extra, reason=t("vehicle self-rally"), rule_id="LNL-RALLY-5"))
    a, b = ctx.roller.roll(2, title)
    total = a + b + sum(m.value for m in mods)
    morale = state.spec(unit).morale_of(unit.shaken)
    passed = total <= morale
    ruling = Ruling(
        title=title,
        rule_id=rule_id,
        dice=(DieResult(natural=a + b, modified=total, success=passed),),
        target=morale,
        modifiers=tuple(mods),
        result=t("passed") if passed else t("failed"),
    )
    ctx.say("check", title, rule_id, ruling, at=(unit.hex,))
    return passed


def withdraw(state: State, ctx: Ctx, ids: tuple[str, ...], to: Hex) -> State:
    """Each unit checks morale; those that pass leave the melee hex (LNL-MOVE-9)."""
    for uid in ids:
        unit = state.get(uid)
        if rally_like_check(state, ctx, unit, t("{unit} tries to withdraw", unit=unit_name(state, unit)), "LNL-MOVE-9"):
            state = state.with_unit(replace(unit, hex=to, level=0).marked("moved"))
        else:
            state = state.with_unit(unit.marked("ops_complete"))
    return state


def close_assault(state: State, ctx: Ctx, unit: Unit, vehicle: Unit, leader: Unit | None) -> State:
    """Infantry against a vehicle: a morale check per vehicle in its hex, then unit FP + LM + AT weapon + 1D6
    against lowest armour + 1D6; higher destroys it and its crew (LNL-INFVEH-2, LNL-INFVEH-3, LNL-INFVEH-4,
    LNL-VDEST-2)."""
    assert vehicle.hex is not None
    count = sum(1 for u in state.at(vehicle.hex) if is_vehicle(state, u) and u.side == vehicle.side)
    title = t(
        "{unit} steels itself to assault {vehicle}", unit=unit_name(state, unit), vehicle=unit_name(state, vehicle)
    )
    passed = all(rally_like_check(state, ctx, unit, title, "LNL-INFVEH-2") for _ in range(count))
    state = state.with_unit(unit.marked("fired"))
    if not passed:
        return state
    spec = state.spec(unit)
    at_fp = max((state.runtime.unit_type(w.type).at_fp for w in unit.weapons), default=0)
    mods = [Modifier(value=spec.fp, reason=t("unit FP"), rule_id="LNL-INFVEH-4")]
    if at_fp:
        mods.append(Modifier(value=at_fp, reason=t("anti-tank weapon"), rule_id="LNL-INFVEH-4"))
    if leader is not None:
        mods.append(
            Modifier(
                value=lm(state, leader),
                reason=t("leader {name}", name=unit_name(state, leader)),
                rule_id="LNL-INFVEH-3",
            )
        )
    hull = state.spec(vehicle).hull
    armour = hull.lowest() if hull is not None else 0
    att, dfn = ctx.roller.roll(2, t("close assault: attack die, defence die"))
    attack, defence = att + sum(m.value for m in mods), dfn + armour
    ruling = Ruling(
        title=t("Close assault on {vehicle}", vehicle=unit_name(state, vehicle)),
        rule_id="LNL-INFVEH-4",
        dice=(
            DieResult(natural=att, modified=attack, success=attack > defence),
            DieResult(natural=dfn, modified=defence, success=attack <= defence),
        ),
        target=defence,
        modifiers=(*mods, Modifier(value=-armour, reason=t("lowest armour"), rule_id="LNL-INFVEH-4")),
        result=t("destroyed") if attack > defence else t("no effect"),
    )
    ctx.say("close_assault", ruling.title, "LNL-INFVEH-4", ruling, at=(vehicle.hex,))
    return destroy(state, ctx, state.get(vehicle.id), melee=True) if attack > defence else state


def melee_hex_name(state: State, h: Hex) -> Text:
    """How a melee hex is named."""
    return hex_name(state, h)

"""Sniper fire on its own 2D6 table (LNL-SNIPER-2, LNL-SNIPER-3, LNL-SNIPER-4, LNL-SNIPER-5).

A GO sniper that has not yet acted this turn fires at one exposed enemy unit in range and LOS (not a vehicle).
It rolls 2D6 and adds the target's terrain modifier (capped, not doubled: the sniper's own doubled TEM is a
defence, LNL-SNIPER-4) and +1 per hindrance; the sniper table (data/tables.json ``sniper``, authored) reads the
total: low is good for the sniper. Casualty and Shaken results are applied as the damage table's are
(LNL-DMG-2). The sniper is marked Fired.
"""

from __future__ import annotations

import app.systems.lnl.messages as m
from app.core.i18n import t
from app.core.messages import Command
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.hexgrid import Hex, hex_distance
from app.systems.lnl.damage import apply_result, stop_mover
from app.systems.lnl.forces import cls, in_melee, is_vehicle, may_act, stacking_problem
from app.systems.lnl.messages import Ctx
from app.systems.lnl.spotting import exposed, los
from app.systems.lnl.state import State, Unit, other
from app.systems.lnl.tables import tables
from app.systems.lnl.view_names import unit_name


def snipe_problem(state: State, sniper: Unit, target: Unit) -> str:
    """Why the sniper may not fire at ``target``, or "" (the rule that forbids it)."""
    if cls(state, sniper) != "sniper" or sniper.hex is None:
        return "LNL-SNIPER-3"
    if sniper.shaken:
        return "LNL-SNIPER-5"
    if not may_act(state, sniper):
        return "LNL-OPS-5"
    if target.side == sniper.side or target.hex is None or is_vehicle(state, target):
        return "LNL-SNIPER-3"
    if in_melee(state, target.hex):
        return "LNL-MELEE-11"
    if hex_distance(sniper.hex, target.hex) > state.spec(sniper).range:
        return "LNL-FIRE-1"
    if not exposed(state, target) or not los(state, sniper, target.hex, target.level).clear:
        return "LNL-SNIPER-2"
    return ""


def sniper_commands(state: State, side: str) -> list[Command]:
    """Every shot the side's snipers may take now."""
    found: list[Command] = []
    enemies = state.on_map(other(side))
    for sniper in state.on_map(side):
        if cls(state, sniper) != "sniper" or sniper.shaken or not may_act(state, sniper):
            continue
        found += [
            m.Snipe(side=side, unit=sniper.id, target=u.id) for u in enemies if not snipe_problem(state, sniper, u)
        ]
    return found


def hidden_snipers(state: State, side: str) -> list[Unit]:
    """The side's snipers still off the map, to be placed at any time (LNL-SNIPER-1)."""
    return [u for u in state.units if u.side == side and u.hex is None and cls(state, u) == "sniper"]


def sniper_posts(state: State, sniper: Unit) -> list[Hex]:
    """Where a hidden sniper may be placed: a hex with no enemy unit (LNL-SNIPER-1) that it may enter and where
    it keeps within the stacking limits (LNL-STACK-2)."""
    enemy_hexes = {u.hex for u in state.on_map(other(sniper.side))}
    return [
        h
        for h in state.runtime.grid.locations()
        if h not in enemy_hexes and not state.runtime.terrain(h).impassable and not stacking_problem(state, h, [sniper])
    ]


def placements(state: State, side: str) -> list[Command]:
    """Every placing of the side's hidden snipers (LNL-SNIPER-1)."""
    return [
        m.PlaceSniper(side=side, unit=sniper.id, at=h)
        for sniper in hidden_snipers(state, side)
        for h in sniper_posts(state, sniper)
    ]


def sniper_mods(state: State, sniper: Unit, target: Unit) -> list[Modifier]:
    """The target's terrain (capped), +1 per hindrance and +1 with smoke in the sniper's or the target's hex
    (LNL-SNIPER-3, LNL-SMOKE-3: smoke hinders every attack; on this table high is bad for the sniper)."""
    assert target.hex is not None and sniper.hex is not None
    terrain = state.runtime.terrain(target.hex)
    tem = min(terrain.tem, tables().tem_cap)
    why = t("terrain: {terrain}", terrain=terrain.name)
    mods = [Modifier(value=tem, reason=why, rule_id="LNL-FIRE-6")] if tem else []
    hindrances = los(state, sniper, target.hex, target.level).hindrances
    mods += [Modifier(value=1, reason=t("hindrance in the line of sight"), rule_id="LNL-LOS-3")] * hindrances
    if state.smoke(target.hex) or state.smoke(sniper.hex):
        mods.append(Modifier(value=1, reason=t("smoke in the firing or target hex"), rule_id="LNL-SMOKE-3"))
    return mods


def sniper_result(state: State, target: Unit, total: int) -> str:
    """The sniper table's result for a modified total (a Shaken unit Shaken again as on the DFT)."""
    found = next(r.result for r in tables().sniper if r.low <= total <= r.high)
    return tables().shaken_again if found == "shaken" and target.shaken else found


def sniper_odds(state: State, sniper: Unit, target: Unit) -> float:
    """The exact chance that the shot harms the target (any result but no effect)."""
    bonus = sum(x.value for x in sniper_mods(state, sniper, target))
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if sniper_result(state, target, a + b + bonus) != "none")
    return hits / 36


def snipe(state: State, ctx: Ctx, sniper: Unit, target: Unit) -> State:
    """Roll the sniper's 2D6 and apply the result to the single target (LNL-SNIPER-3)."""
    a, b = ctx.roller.roll(2, t("sniper shot at {unit}", unit=unit_name(state, target)))
    mods = sniper_mods(state, sniper, target)
    total = a + b + sum(x.value for x in mods)
    result = sniper_result(state, target, total)
    after, words = apply_result(state, ctx, target, result)
    after = stop_mover(state, after, ctx, target, result)
    ruling = Ruling(
        title=t("{sniper} fires at {unit}", sniper=unit_name(state, sniper), unit=unit_name(state, target)),
        rule_id="LNL-SNIPER-3",
        dice=(DieResult(natural=a + b, modified=total, success=result != "none"),),
        modifiers=tuple(mods),
        result=words,
        notes=(t("sniper table (data/tables.json): a low total hurts"),),
    )
    ctx.say("snipe", ruling.title, "LNL-SNIPER-3", ruling, at=(target.hex,) if target.hex else ())
    shooter = after.unit(sniper.id)
    return after if shooter is None else after.with_unit(shooter.marked("fired"))

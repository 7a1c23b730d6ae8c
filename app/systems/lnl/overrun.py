"""Vehicle overruns and the infantry's counter-attack (LNL-OVERRUN-1, LNL-OVERRUN-2, LNL-OVERRUN-3,
LNL-OVERRUN-4, LNL-OVERRUN-5, LNL-VASSAULT-3).

A vehicle moving normally (never with an assault move) drives into an adjacent hex holding only enemy infantry,
paying the hex's cost plus 4 MP. No opportunity fire is triggered by that entry. Overrun value = main-gun FP +
MG FP + 2 + the vehicle commander's LM + 1D6 against a defence of 1D6 (no terrain); a higher value gives every
defender on the ground floor a damage check with the difference. Surviving GO infantry may then close-assault
the vehicle one by one, a leader's LM helping only one of them; afterwards the vehicle may go on moving.
"""

from __future__ import annotations

from dataclasses import replace

import app.systems.lnl.messages as m
from app.core.i18n import t
from app.core.messages import Command
from app.core.ruling import DieResult, Modifier, Ruling
from app.geometry.hexgrid import Hex
from app.systems.lnl.damage import damage_checks
from app.systems.lnl.forces import cls, in_melee, is_vehicle, lm, may_act, stacking_problem
from app.systems.lnl.messages import Ctx
from app.systems.lnl.movement import allowance, begin, vehicle_cost
from app.systems.lnl.state import State, Step, Unit, other
from app.systems.lnl.view_names import hex_name, unit_name

OVERRUN_MP = 4
OVERRUN_BONUS = 2
COUNTER_CLASSES = ("squad", "half_squad", "hero")


def victims(state: State, vehicle: Unit, h: Hex) -> list[Unit]:
    """The enemy infantry on the ground floor of ``h`` that an overrun strikes."""
    return [u for u in state.at(h, other(vehicle.side), level=0) if not is_vehicle(state, u)]


def _mp_left(state: State, vehicle: Unit) -> int:
    """MP the vehicle still has: its moving allowance, or a fresh normal move's."""
    move = state.moving
    if move is not None and move.units == (vehicle.id,):
        return move.mp - move.spent
    return allowance(state, [vehicle], "normal")


def _actor_problem(state: State, side: str, vehicle: Unit | None) -> str:
    """Why this vehicle may not overrun now, or "" (LNL-OPS-5, LNL-VEH-3, LNL-VASSAULT-3)."""
    if vehicle is None or vehicle.side != side or vehicle.hex is None or not is_vehicle(state, vehicle):
        return "LNL-OPS-5"
    move = state.moving
    if move is not None:
        if move.units != (vehicle.id,) or move.done:
            return "LNL-OPS-5"
        if move.mode != "normal":
            return "LNL-VASSAULT-3"
    elif not may_act(state, vehicle):
        return "LNL-OPS-5"
    return "LNL-VEH-3" if vehicle.shaken or vehicle.wreck else ""


def overrun_problem(state: State, side: str, vehicle_id: str, to: Hex) -> str:
    """Why ``vehicle_id`` may not overrun ``to``, or "" (LNL-OVERRUN-2, LNL-VASSAULT-3, LNL-VMOVE-2,
    LNL-STACK-3)."""
    vehicle = state.unit(vehicle_id)
    rule = _actor_problem(state, side, vehicle)
    if rule:
        return rule
    assert vehicle is not None and vehicle.hex is not None
    if state.runtime.grid.direction_index(vehicle.hex, to) is None:
        return "LNL-MOVE-1"
    here = state.at(to)
    if any(is_vehicle(state, u) and u.side != side for u in here):
        return "LNL-VMOVE-2"
    if not victims(state, vehicle, to) or any(u.side == side for u in here) or in_melee(state, to):
        return "LNL-OVERRUN-3"
    cost = vehicle_cost(state, vehicle, vehicle.hex, to)
    if cost is None:
        return "LNL-MOVE-2"
    if stacking_problem(state, to, [vehicle]):
        return "LNL-STACK-3"  # two wrecks already there
    return "LNL-OVERRUN-2" if cost + OVERRUN_MP > _mp_left(state, vehicle) else ""


def overrun_commands(state: State, side: str) -> list[Command]:
    """Overruns the side may start now: by the moving vehicle, or by any vehicle that may still act."""
    ids: tuple[str, ...] = ()
    if state.moving is not None:
        ids = state.moving.units if len(state.moving.units) == 1 else ()
    else:
        ids = tuple(u.id for u in state.on_map(side) if is_vehicle(state, u) and may_act(state, u))
    found: list[Command] = []
    for vid in ids:
        vehicle = state.get(vid)
        if vehicle.hex is None or not is_vehicle(state, vehicle):
            continue
        enemy = {u.hex for u in state.on_map(other(side)) if not is_vehicle(state, u)}
        for h in state.runtime.grid.neighbours(vehicle.hex):
            if h in enemy and not overrun_problem(state, side, vid, h):
                found.append(m.Overrun(side=side, vehicle=vid, to=h))
    return found


def overrun_mods(state: State, vehicle: Unit) -> list[Modifier]:
    """The overrun value's parts besides the die (LNL-OVERRUN-3): main-gun FP, the MGs it may use (no top MG
    while buttoned, LNL-VEH-1), +2, the vehicle commander's LM (the counter's ``lm``, 0 when none is printed)."""
    spec = state.spec(vehicle)
    mods = []
    if spec.gun is not None:
        mods.append(Modifier(value=spec.gun.he_fp, reason=t("main gun FP"), rule_id="LNL-OVERRUN-3"))
    mg = sum(g.fp for g in spec.mgs if not (g.aa and vehicle.buttoned))
    if mg:
        mods.append(Modifier(value=mg, reason=t("machine-gun FP"), rule_id="LNL-OVERRUN-3"))
    mods.append(Modifier(value=OVERRUN_BONUS, reason=t("overrun"), rule_id="LNL-OVERRUN-3"))
    if spec.lm:
        mods.append(Modifier(value=spec.lm, reason=t("vehicle commander"), rule_id="LNL-OVERRUN-3"))
    return mods


def overrun_odds(state: State, vehicle: Unit) -> float:
    """Chance that the overrun value beats the defence (LNL-OVERRUN-4)."""
    bonus = sum(x.value for x in overrun_mods(state, vehicle))
    return sum(1 for a in range(1, 7) for d in range(1, 7) if a + bonus > d) / 36


def _drive_in(state: State, ctx: Ctx, vehicle: Unit, to: Hex) -> State:
    """The vehicle enters the hex paying its cost + 4 MP; its entry triggers no opportunity fire (LNL-OVERRUN-1,
    LNL-OVERRUN-2); the overrun hex gets a Spotted marker (LNL-SPOT-1: an enemy moved through it)."""
    if state.moving is None:
        state = begin(state, (vehicle.id,), "normal")
    move = state.moving
    assert move is not None and vehicle.hex is not None
    cost = vehicle_cost(state, vehicle, vehicle.hex, to)
    assert cost is not None
    d = state.runtime.grid.direction_index(vehicle.hex, to)
    facing = vehicle.facing if d is None or d == (vehicle.facing + 3) % 6 else d
    state = state.with_unit(replace(vehicle, hex=to, level=0, facing=facing))
    spent = move.spent + cost + OVERRUN_MP
    state = replace(state, moving=replace(move, spent=spent, path=(*move.path, to)))
    text = t(
        "{unit} drives into {hex} to overrun it ({mp} MP + {extra} MP); no opportunity fire.",
        unit=unit_name(state, vehicle),
        hex=hex_name(state, to),
        mp=cost,
        extra=OVERRUN_MP,
    )
    ctx.say("moved", text, "LNL-OVERRUN-1", at=(to,))
    return state.mark_hex(to, "spotted")  # a hex an enemy drove through is exposed (LNL-SPOT-1, LNL-SPOT-2)


def _roll(state: State, ctx: Ctx, vehicle: Unit, to: Hex) -> int:
    """Roll the overrun: value − defence, explained with every part (LNL-OVERRUN-3, LNL-OVERRUN-4)."""
    att, dfn = ctx.roller.roll(2, t("overrun: attack die, defence die"))
    mods = overrun_mods(state, vehicle)
    attack = att + sum(x.value for x in mods)
    hit = attack > dfn
    result = (
        t("overrun {a} against defence {d}: damage checks +{diff}", a=attack, d=dfn, diff=attack - dfn)
        if hit
        else t("overrun {a} against defence {d}: no effect", a=attack, d=dfn)
    )
    ruling = Ruling(
        title=t("{unit} overruns {hex}", unit=unit_name(state, vehicle), hex=hex_name(state, to)),
        rule_id="LNL-OVERRUN-4",
        dice=(
            DieResult(natural=att, modified=attack, success=hit),
            DieResult(natural=dfn, modified=dfn, success=not hit),
        ),
        target=dfn,
        modifiers=tuple(mods),
        result=result,
        notes=(t("Defence is 1D6 alone: terrain does not count."),),
    )
    ctx.say("overrun", ruling.title, "LNL-OVERRUN-4", ruling, at=(to,))
    return attack - dfn


def overrun(state: State, ctx: Ctx, command: m.Overrun) -> State:
    """Resolve the overrun; surviving infantry that may counter-attack get the decision (LNL-OVERRUN-3,
    LNL-OVERRUN-4, LNL-OVERRUN-5)."""
    vehicle = state.get(command.vehicle)
    struck = victims(state, vehicle, command.to)
    state = _drive_in(state, ctx, vehicle, command.to)
    diff = _roll(state, ctx, vehicle, command.to)
    if diff > 0:
        state = damage_checks(state, ctx, struck, diff, t("overrun"))
    step = Step("counter", other(command.side), command.to)
    if not counter_commands(replace(state, steps=(step,))):
        return state
    ctx.say(
        "counter",
        t("Surviving infantry in {hex} may counter-attack the vehicle.", hex=hex_name(state, command.to)),
        "LNL-OVERRUN-5",
        at=(command.to,),
    )
    return replace(state, steps=(step,))


def counter_commands(state: State) -> list[Command]:
    """Close assaults the overrun infantry may make on the vehicle, then letting it pass (LNL-OVERRUN-5,
    LNL-INFVEH-3: a leader's LM helps one unit only)."""
    step = state.steps[0]
    move = state.moving
    vehicle = state.unit(move.units[0]) if move is not None and move.units else None
    if step.hex is None or vehicle is None or vehicle.wreck or vehicle.hex != step.hex:
        return []
    here = state.at(step.hex, step.side, level=0)
    able = [u for u in here if cls(state, u) in COUNTER_CLASSES and not u.shaken and u.id not in step.done]
    leaders = [u for u in here if lm(state, u) > 0 and u.id not in step.done]
    helper = max(leaders, key=lambda u: (lm(state, u), u.id)) if leaders else None
    found: list[Command] = []
    for unit in able:
        found.append(m.CloseAssault(side=step.side, unit=unit.id, vehicle=vehicle.id))
        if helper is not None:
            found.append(m.CloseAssault(side=step.side, unit=unit.id, vehicle=vehicle.id, leader=helper.id))
    return [*found, m.LetPass(side=step.side)] if found else []


def after_counter(state: State, command: m.CloseAssault) -> State:
    """Record the counter-attacker (and the leader who helped); the step closes when no one else may strike."""
    step = state.steps[0]
    used = (*step.done, command.unit, *((command.leader,) if command.leader else ()))
    state = replace(state, steps=(replace(step, done=used),))
    if len(counter_commands(state)) > 0:
        return state
    return replace(state, steps=())

"""The Operations Phase's actions: fire, movement with opportunity fire and melee, spotting, smoke, close
assault, overruns, hatches, snipers, support weapons and passing (LNL-OPS-1, LNL-OPS-2, LNL-OPS-5, LNL-SMOKE-1,
LNL-SMOKE-2, LNL-OPFIRE-1, LNL-OPFIRE-2, LNL-OPFIRE-4, LNL-OPFIRE-5, LNL-MOVE-4, LNL-MOVE-8, LNL-MOVE-11,
LNL-MELEE-1, LNL-MELEE-4, LNL-SNIPER-1, LNL-SNIPER-2, LNL-OVERRUN-5)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import app.systems.lnl.messages as m
from app.core.i18n import t
from app.core.messages import Command
from app.core.ruling import DieResult, Ruling
from app.geometry.hexgrid import Hex
from app.systems.lnl.actions import fire_commands
from app.systems.lnl.forces import is_vehicle
from app.systems.lnl.guns import fire_gun, planned
from app.systems.lnl.hatches import toggle
from app.systems.lnl.melee import close_assault, withdraw
from app.systems.lnl.melee_flow import open_melee, resolve_targets
from app.systems.lnl.messages import Ctx
from app.systems.lnl.movement import begin, destinations, enter, finish, stack_units
from app.systems.lnl.overrun import after_counter, overrun
from app.systems.lnl.phases import administrative, end_impulse, phase_end_check, settle_rally
from app.systems.lnl.sniper import snipe
from app.systems.lnl.sniper_window import window_opens, window_stays
from app.systems.lnl.spotting import spot
from app.systems.lnl.state import Move, State, Step, other
from app.systems.lnl.view_names import hex_name, side_name, unit_name
from app.systems.lnl.weapons import handle


def _opfire_open(state: State, h: Hex) -> State:
    """After an entry: the other side may opportunity-fire, unless the movers are stealthy or low crawlers that
    were hidden before moving (LNL-OPFIRE-2), or place a hidden sniper when an enemy it could shoot is in view
    (LNL-SNIPER-1)."""
    enemy = other(state.active)
    if state.moving is None or not window_opens(state, enemy):
        return state
    return replace(state, steps=(Step("opfire", enemy, h),))


def _shoot(state: State, ctx: Ctx, command: m.Fire | m.OpFire, target: Hex, level: int, *, opfire: bool) -> State:
    """A gun shot or a fire group's attack at ``target`` on ``level`` (the fire and opportunity-fire paths)."""
    return fire_gun(state, ctx, planned(state, command, target, level, opfire=opfire))


def _fire(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Fire)
    state = _shoot(state, ctx, command, command.target, command.level, opfire=False)
    return end_impulse(state, ctx)


def _opfire(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.OpFire) and state.moving is not None
    units = stack_units(state)
    h, level = (units[0].hex, units[0].level) if units else (state.steps[0].hex, 0)
    assert h is not None
    state = _shoot(state, ctx, command, h, level, opfire=True)
    return _after_opfire(state, ctx)


def _after_opfire(state: State, ctx: Ctx) -> State:
    """More units may fire at the same entry; when none will, the mover goes on (LNL-MOVE-11)."""
    if state.moving is None or not stack_units(state):
        return _finish_move(replace(state, steps=()), ctx)
    if window_stays(state):
        return state
    return _continue(replace(state, steps=()), ctx)


def _hold(state: State, ctx: Ctx, command: Command) -> State:
    del command
    return _continue(replace(state, steps=()), ctx)


def _continue(state: State, ctx: Ctx) -> State:
    """The mover goes on, or its move ends when it cannot (low crawl: one hex, LNL-CRAWL-1)."""
    if state.moving is None:
        return state
    if not stack_units(state) or not destinations(state) or state.moving.mode == "low_crawl":
        return _finish_move(state, ctx)
    return state


def _finish_move(state: State, ctx: Ctx) -> State:
    """End the move; assault and stealth movers may then fire in the same action (LNL-ASSAULT-4,
    LNL-STEALTH-6)."""
    move = state.moving
    if move is None or move.done:
        return end_impulse(state, ctx)
    state = finish(state, ctx)
    state = replace(state, moving=replace(move, done=True, units=tuple(i for i in move.units if state.unit(i))))
    if move.mode in ("assault", "stealth") and fire_commands(state, state.active):
        return state
    return end_impulse(state, ctx)


def _start_move(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.StartMove)
    state = begin(state, command.units, command.mode)
    return _step_into(state, ctx, command.to, command.level)


def _move_on(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.MoveOn)
    return _step_into(state, ctx, command.to, command.level)


def _step_into(state: State, ctx: Ctx, h: Hex, level: int) -> State:
    """Enter a hex: melee if it holds enemies on the storey entered (LNL-MOVE-8, LNL-MELEE-1: only the same
    building storey melees), else opportunity fire (LNL-MOVE-11)."""
    side = state.active
    enemy_here = [u for u in state.at(h) if u.side != side and not is_vehicle(state, u) and u.level == level]
    reinforcing = state.hex_has(h, "melee") or h in state.melees
    state = enter(state, ctx, h, level)
    if enemy_here:
        if not reinforcing:
            state = open_melee(state, ctx, h, level, side)
            if state.steps:
                return state  # a side picks its targets (LNL-MELEE-5, LNL-MELEE-9)
        else:
            ctx.say(
                "reinforce",
                t("Reinforcements join the melee in {hex}.", hex=hex_name(state, h)),
                "LNL-MELEE-4",
                at=(h,),
            )
        return _finish_move(state, ctx)
    state = _opfire_open(state, h)
    return state if state.steps else _continue(state, ctx)


def _stop(state: State, ctx: Ctx, command: Command) -> State:
    del command
    return _finish_move(state, ctx)


def _spot(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Spot)
    return end_impulse(spot(state, ctx, state.get(command.unit), command.target, command.level), ctx)


def _smoke(state: State, ctx: Ctx, command: Command) -> State:
    """Roll 1D6 ≤ smoke capability: Smoke 1 in the hex; the unit is Ops Complete either way (LNL-SMOKE-1,
    LNL-SMOKE-2)."""
    assert isinstance(command, m.LaySmoke)
    unit = state.get(command.unit)
    (die,) = ctx.roller.roll(1, t("smoke"))
    need = state.spec(unit).smoke
    ok = die <= need
    ruling = Ruling(
        title=t("{unit} places smoke in {hex}", unit=unit_name(state, unit), hex=hex_name(state, command.target)),
        rule_id="LNL-SMOKE-1",
        dice=(DieResult(natural=die, modified=die, success=ok),),
        target=need,
        result=t("Smoke 1 placed") if ok else t("no smoke"),
    )
    ctx.say("smoke", ruling.title, "LNL-SMOKE-1", ruling, at=(command.target,))
    if ok:
        state = state.mark_hex(command.target, "smoke1")
    return end_impulse(state.with_unit(unit.marked("ops_complete")), ctx)


def _melee(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.MeleeRound)
    level = next(u.level for u in state.at(command.hex, command.side))
    for unit in state.at(command.hex, command.side):
        state = state.with_unit(unit.marked("ops_complete"))
    state = open_melee(state, ctx, command.hex, level, command.side)
    return state if state.steps else end_impulse(state, ctx)


def _melee_targets(state: State, ctx: Ctx, command: Command) -> State:
    """A side has picked its targets: its roll is made, then the other side's reply (which may wait for its own
    choice), then the move or the impulse ends (LNL-MELEE-5, LNL-MELEE-9, LNL-MOVE-8)."""
    assert isinstance(command, m.MeleeTargets)
    state = resolve_targets(state, ctx, command)
    return state if state.steps else _finish_move(state, ctx)


def _withdraw(state: State, ctx: Ctx, command: Command) -> State:
    """Units try to leave a melee; when all of the side have left, the Melee marker comes off and the enemy may
    opportunity-fire at the units that withdrew (LNL-MOVE-9)."""
    assert isinstance(command, m.Withdraw)
    origin = state.get(command.units[0]).hex
    assert origin is not None
    state = withdraw(state, ctx, command.units, command.to)
    out = tuple(i for i in command.units if (u := state.unit(i)) is not None and u.hex == command.to)
    if not out or state.at(origin, command.side):
        return end_impulse(state, ctx)
    ctx.say("melee_over", t("All have withdrawn: the Melee marker is removed."), "LNL-MOVE-9", at=(origin,))
    state = replace(state.unmark_hex(origin, "melee"), moving=Move(out, "normal", 0, path=(command.to,)))
    state = _opfire_open(state, command.to)
    return state if state.steps else end_impulse(state, ctx)


def _close_assault(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.CloseAssault)
    leader = state.unit(command.leader) if command.leader else None
    state = close_assault(state, ctx, state.get(command.unit), state.get(command.vehicle), leader)
    if state.steps and state.steps[0].kind == "counter":
        state = after_counter(state, command)
        return state if state.steps else _continue(state, ctx)
    return end_impulse(state, ctx)


def _overrun(state: State, ctx: Ctx, command: Command) -> State:
    """A vehicle overruns a hex; then a counter-attack, or the vehicle goes on (LNL-OVERRUN-1, LNL-OVERRUN-5)."""
    assert isinstance(command, m.Overrun)
    state = overrun(state, ctx, command)
    return state if state.steps else _continue(state, ctx)


def _hatches(state: State, ctx: Ctx, command: Command) -> State:
    """Hatches opened or closed; the same side acts on (LNL-VEH-1)."""
    assert isinstance(command, m.Hatches)
    return toggle(state, ctx, command.vehicle)


def _let_pass(state: State, ctx: Ctx, command: Command) -> State:
    del command
    return _continue(replace(state, steps=()), ctx)


def _place_sniper(state: State, ctx: Ctx, command: Command) -> State:
    """A sniper appears in a hex without enemies and may fire at once (LNL-SNIPER-1, LNL-SNIPER-2): in its own
    side's impulse (placing does not end it), in the window of an enemy move, which stays open for its shot, or
    in its side's Rally Phase step (it may fire from the Operations Phase on)."""
    assert isinstance(command, m.PlaceSniper)
    unit = state.get(command.unit)
    ctx.say(
        "sniper", t("A sniper is placed in {hex}.", hex=hex_name(state, command.at)), "LNL-SNIPER-1", at=(command.at,)
    )
    state = state.with_unit(replace(unit, hex=command.at))
    if not state.steps:
        return replace(state, passes=0)
    step = state.steps[0]
    return _after_opfire(replace(state, steps=(replace(step, done=(*step.done, unit.id)),)), ctx)


def _weapon(state: State, ctx: Ctx, command: Command) -> State:
    """A SW action (LNL-SW-4, LNL-SW-5): free in the Rally Phase and for a drop; a pick-up is the unit's action
    unless it is made during a move (2 MP)."""
    assert isinstance(command, m.HandleWeapon)
    moving = state.moving is not None
    state = handle(state, ctx, command)
    if state.phase == "rally":
        return settle_rally(state, ctx)
    if command.action != "pick_up":
        return state
    return _continue(state, ctx) if moving else end_impulse(state, ctx)


def _snipe(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Snipe)
    state = snipe(state, ctx, state.get(command.unit), state.get(command.target))
    return _after_opfire(state, ctx) if state.steps else end_impulse(state, ctx)


def _pass(state: State, ctx: Ctx, command: Command) -> State:
    """Three consecutive passes end the Operations Phase (LNL-OPS-1)."""
    del command
    passes = state.passes + 1
    ctx.say("pass", t("{side} passes.", side=side_name(state, state.active)), "LNL-OPS-1")
    state = replace(state, passes=passes, active=other(state.active))
    return administrative(state, ctx) if passes >= 3 else phase_end_check(state, ctx)


IMPULSE_HANDLERS: dict[type[Command], Callable[[State, Ctx, Command], State]] = {
    m.Fire: _fire,
    m.OpFire: _opfire,
    m.HoldFire: _hold,
    m.StartMove: _start_move,
    m.MoveOn: _move_on,
    m.Stop: _stop,
    m.Spot: _spot,
    m.LaySmoke: _smoke,
    m.MeleeRound: _melee,
    m.MeleeTargets: _melee_targets,
    m.Withdraw: _withdraw,
    m.CloseAssault: _close_assault,
    m.Overrun: _overrun,
    m.LetPass: _let_pass,
    m.Hatches: _hatches,
    m.PlaceSniper: _place_sniper,
    m.HandleWeapon: _weapon,
    m.Snipe: _snipe,
    m.Pass: _pass,
}

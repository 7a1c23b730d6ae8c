"""The sequence of play: Rally Phase, Operations Phase impulses with opportunity fire, Administrative Phase,
victory (LNL-SEQ-1, LNL-OPS-1, LNL-OPS-2, LNL-OPS-5, LNL-ADMIN-1, LNL-ADMIN-2, LNL-ADMIN-3, LNL-ADMIN-4,
LNL-SMOKE-1, LNL-SMOKE-2, LNL-SMOKE-4, LNL-OPFIRE-1, LNL-OPFIRE-2, LNL-OPFIRE-4, LNL-OPFIRE-5, LNL-MOVE-4,
LNL-MOVE-8, LNL-MELEE-1, LNL-MELEE-4, LNL-SNIPER-1, LNL-SNIPER-2, LNL-OVERRUN-5)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import app.systems.lnl.messages as m
from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import t
from app.core.messages import Command, Event
from app.core.ruling import DieResult, Ruling
from app.geometry.hexgrid import Hex
from app.systems.lnl.actions import any_opfire, fire_commands, impulse_commands, melee_commands
from app.systems.lnl.fire import FireProblem, prepare, resolve
from app.systems.lnl.forces import is_vehicle, may_act
from app.systems.lnl.guns import fire_gun, gun_attack
from app.systems.lnl.hatches import MARKER as HATCH_MARKER
from app.systems.lnl.hatches import toggle
from app.systems.lnl.melee import close_assault, fight, withdraw
from app.systems.lnl.messages import Ctx
from app.systems.lnl.movement import begin, destinations, enter, entry_problem, finish, stack_units, start_problem
from app.systems.lnl.overrun import after_counter, counter_commands, overrun, overrun_commands, overrun_problem
from app.systems.lnl.rally import combine, heal, rally, rally_commands, roll_initiative
from app.systems.lnl.sniper import snipe, sniper_commands
from app.systems.lnl.spotting import spot
from app.systems.lnl.state import MOVE_MARKERS, State, Step, other
from app.systems.lnl.victory import check_victory, end_of_game
from app.systems.lnl.view_names import hex_name, side_name, unit_name
from app.systems.lnl.weapons import handle, ops_weapon_commands, rally_waits, rally_weapon_commands

UNIT_CLEAR = (*MOVE_MARKERS, "fired", "ops_complete", HATCH_MARKER)


# --- legal commands -------------------------------------------------------------------------------------------
def deciding(state: State) -> str | None:
    """The side that acts now (a pending opportunity-fire decision first)."""
    if state.phase == "over":
        return None
    return state.steps[0].side if state.steps else state.active


def legal(state: State) -> list[Command]:
    """Every command the deciding side may give."""
    if state.phase == "over":
        return []
    if state.steps:
        return counter_commands(state) if state.steps[0].kind == "counter" else opfire_options(state)
    if state.phase == "rally":
        if not state.rolled:
            return [m.RollInitiative(side=state.initiative)]
        return [*rally_weapon_commands(state), *rally_commands(state)]
    if state.moving is not None and state.moving.done:
        return [*fire_commands(state, state.active), m.Stop(side=state.active)]
    if state.moving is not None:
        side = state.active
        moves = [m.MoveOn(side=side, to=h, level=lv) for h, lv in destinations(state)]
        return [*moves, *ops_weapon_commands(state), *overrun_commands(state, side), m.Stop(side=side)]
    *impulse, last = impulse_commands(state, state.active)
    return [*impulse, *ops_weapon_commands(state), *sniper_commands(state, state.active), last]


def opfire_options(state: State) -> list[Command]:
    """Opportunity fire at the stack that just entered a hex, best odds first, then holding fire (LNL-OPFIRE-1)."""
    side = state.steps[0].side
    return [*fire_commands(state, side, opfire=True), m.HoldFire(side=side)]


def _opfire_open(state: State, h: Hex) -> State:
    """After an entry: the other side may opportunity-fire, unless the movers are stealthy or low crawlers that
    were hidden before moving (LNL-OPFIRE-2)."""
    move = state.moving
    if move is None or move.mode == "stealth" or (move.mode == "low_crawl" and not move.exposed_before):
        return state
    enemy = other(state.active)
    if not any_opfire(state, enemy):
        return state
    return replace(state, steps=(Step("opfire", enemy, h),))


# --- applying -------------------------------------------------------------------------------------------------
def apply_command(state: State, command: Command) -> tuple[State, Sequence[Event]]:
    """Apply ``command`` (pure); IllegalCommandError says why it is not allowed."""
    if state.phase == "over":
        raise IllegalCommandError(t("The game is over."), "LNL-SEQ-1")
    if command.side != deciding(state):
        raise IllegalCommandError(t("It is not {side}'s turn to act.", side=command.side), "LNL-OPS-1")
    if not any(c.key() == command.key() for c in legal(state)) and not _free_group(state, command):
        raise _refusal(state, command)
    ctx = Ctx(Roller(state.dice, command.dice, command.cards))
    state = HANDLERS[type(command)](state, ctx, command)
    ctx.roller.check_all_used()
    state = check_victory(replace(state, dice=ctx.roller.dice), ctx)
    return state, tuple(ctx.events)


def _free_group(state: State, command: Command) -> bool:
    """A fire group not in the offered list (any legal subset, LNL-OPS-4); otherwise why the command is refused.

    Raises:
        IllegalCommandError: The reason and rule ID.
    """
    if state.phase != "operations" or state.moving is not None or state.steps or not isinstance(command, m.Fire):
        return False
    c = command
    try:
        if c.gun:
            gun_attack(state, c.side, c.units, c.target, c.level, sw_names=c.weapons, opfire=False)
        else:
            prepare(state, c.side, c.units, c.target, c.level, weapon_names=c.weapons, opfire=False)
    except FireProblem as exc:
        raise IllegalCommandError(exc.reason, exc.rule_id) from exc
    return True


def _refusal(state: State, command: Command) -> IllegalCommandError:
    """Why a command that is not legal now is refused (the rule that forbids it)."""
    if isinstance(command, m.StartMove):
        rule = start_problem(state, command.side, command.units, command.mode)
        if not rule:
            rule = entry_problem(begin(state, command.units, command.mode), command.to, command.level)[0]
        return IllegalCommandError(t("That move is not allowed."), rule or "LNL-MOVE-1")
    if isinstance(command, m.Overrun):
        rule = overrun_problem(state, command.side, command.vehicle, command.to)
        return IllegalCommandError(t("That overrun is not allowed."), rule or "LNL-OVERRUN-2")
    if isinstance(command, m.MoveOn) and state.moving is not None:
        rule = entry_problem(state, command.to, command.level)[0]
        return IllegalCommandError(t("That move is not allowed."), rule or "LNL-MOVE-1")
    return IllegalCommandError(t("That is not a legal command now."), "LNL-OPS-2")


def _fire(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Fire)
    if command.gun:
        state = fire_gun(
            state,
            ctx,
            gun_attack(
                state,
                command.side,
                command.units,
                command.target,
                command.level,
                sw_names=command.weapons,
                opfire=False,
            ),
        )
    else:
        state = resolve(
            state,
            ctx,
            prepare(
                state,
                command.side,
                command.units,
                command.target,
                command.level,
                weapon_names=command.weapons,
                opfire=False,
            ),
        )
    return end_impulse(state, ctx)


def _opfire(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.OpFire) and state.moving is not None
    units = stack_units(state)
    h, level = (units[0].hex, units[0].level) if units else (state.steps[0].hex, 0)
    assert h is not None
    if command.gun:
        state = fire_gun(
            state, ctx, gun_attack(state, command.side, command.units, h, level, sw_names=command.weapons, opfire=True)
        )
    else:
        state = resolve(
            state, ctx, prepare(state, command.side, command.units, h, level, weapon_names=command.weapons, opfire=True)
        )
    return _after_opfire(state, ctx)


def _after_opfire(state: State, ctx: Ctx) -> State:
    """More units may fire at the same entry; when none will, the mover goes on (LNL-MOVE-11)."""
    if state.moving is None or not stack_units(state):
        return _finish_move(replace(state, steps=()), ctx)
    if any_opfire(state, state.steps[0].side):
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
    """Enter a hex: melee if it holds enemies (LNL-MOVE-8, LNL-MELEE-1), else opportunity fire (LNL-MOVE-11)."""
    side = state.active
    enemy_here = [u for u in state.at(h) if u.side != side and not is_vehicle(state, u)]
    reinforcing = state.hex_has(h, "melee") or h in state.melees
    state = enter(state, ctx, h, level)
    if enemy_here:
        if not reinforcing:
            state = fight(state, ctx, h, level, side)
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
    return end_impulse(spot(state, ctx, state.get(command.unit), command.target), ctx)


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
    return end_impulse(fight(state, ctx, command.hex, level, command.side), ctx)


def _withdraw(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Withdraw)
    state = withdraw(state, ctx, command.units, command.to)
    return end_impulse(state, ctx)


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
    """A sniper appears in a hex without enemies and may fire at once (LNL-SNIPER-1, LNL-SNIPER-2)."""
    assert isinstance(command, m.PlaceSniper)
    unit = state.get(command.unit)
    ctx.say(
        "sniper", t("A sniper is placed in {hex}.", hex=hex_name(state, command.at)), "LNL-SNIPER-1", at=(command.at,)
    )
    return replace(state.with_unit(replace(unit, hex=command.at)), passes=0)


def _weapon(state: State, ctx: Ctx, command: Command) -> State:
    """A SW action (LNL-SW-4, LNL-SW-5): free in the Rally Phase and for a drop; a pick-up is the unit's action
    unless it is made during a move (2 MP)."""
    assert isinstance(command, m.HandleWeapon)
    moving = state.moving is not None
    state = handle(state, ctx, command)
    if state.phase == "rally":
        return _settle_rally(state, ctx)
    if command.action != "pick_up":
        return state
    return _continue(state, ctx) if moving else end_impulse(state, ctx)


def _snipe(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Snipe)
    return end_impulse(snipe(state, ctx, state.get(command.unit), state.get(command.target)), ctx)


def _pass(state: State, ctx: Ctx, command: Command) -> State:
    """Three consecutive passes end the Operations Phase (LNL-OPS-1)."""
    del command
    passes = state.passes + 1
    ctx.say("pass", t("{side} passes.", side=side_name(state, state.active)), "LNL-OPS-1")
    state = replace(state, passes=passes, active=other(state.active))
    return administrative(state, ctx) if passes >= 3 else _phase_end_check(state, ctx)


def end_impulse(state: State, ctx: Ctx) -> State:
    """The impulse passes to the other side (LNL-OPS-1)."""
    return _phase_end_check(replace(state, active=other(state.active), passes=0, steps=(), moving=None), ctx)


def _phase_end_check(state: State, ctx: Ctx) -> State:
    """The phase ends when no unit of either side may still act (LNL-OPS-1)."""
    if state.phase != "operations" or any(may_act(state, u) for u in state.on_map()):
        return state
    if any(melee_commands(state, side) for side in (state.active, other(state.active))):
        return state
    return administrative(state, ctx)


# --- rally phase ------------------------------------------------------------------------------------------------
def _initiative(state: State, ctx: Ctx, command: Command) -> State:
    del command
    return _settle_rally(roll_initiative(state, ctx), ctx)


def _rally(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Rally)
    medic = state.unit(command.medic) if command.medic else None
    return _settle_rally(rally(state, ctx, state.get(command.unit), medic), ctx)


def _heal(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Heal)
    return _settle_rally(heal(state, ctx, state.get(command.medic), state.get(command.unit)), ctx)


def _combine(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Combine)
    return _settle_rally(combine(state, ctx, state.get(command.units[0]), state.get(command.units[1])), ctx)


def _end_rally(state: State, ctx: Ctx, command: Command) -> State:
    del command
    return _settle_rally(_side_done(state), ctx)


def _side_done(state: State) -> State:
    return replace(state, rally_done=(*state.rally_done, state.active), active=other(state.active))


def _settle_rally(state: State, ctx: Ctx) -> State:
    """Skip a side with nothing to rally; after both, the Operations Phase begins with the initiative side
    (LNL-RALLY-2, LNL-OPS-1)."""
    while state.phase == "rally" and len(state.rally_done) < 2:
        if state.active in state.rally_done:
            state = replace(state, active=other(state.active))
            continue
        if len(rally_commands(state)) > 1 or rally_waits(state):
            return state
        state = _side_done(state)
    ctx.say(
        "operations",
        t("Operations Phase: {side} has the first impulse.", side=side_name(state, state.initiative)),
        "LNL-OPS-1",
    )
    return _phase_end_check(replace(state, phase="operations", active=state.initiative, passes=0), ctx)


# --- administrative phase ---------------------------------------------------------------------------------------
def administrative(state: State, ctx: Ctx) -> State:
    """Clear markers, decided melees and old smoke, flip new smoke, advance the turn (LNL-ADMIN-1, LNL-ADMIN-2,
    LNL-ADMIN-3, LNL-ADMIN-4, LNL-SMOKE-4)."""
    units = tuple(replace(u, markers=tuple(x for x in u.markers if x not in UNIT_CLEAR)) for u in state.units)
    markers = []
    for h, mark in state.hex_markers:
        if mark == "smoke1":
            markers.append((h, "smoke2"))
        elif mark == "melee" and len({u.side for u in state.at(h)}) == 2:
            markers.append((h, mark))
    state = replace(state, units=units, hex_markers=tuple(sorted(markers)), moving=None, steps=(), melees=())
    ctx.say(
        "admin", t("Administrative Phase: markers cleared, smoke ages, turn {n} ends.", n=state.turn), "LNL-ADMIN-1"
    )
    if state.turn >= state.runtime.model.turns:
        return end_of_game(state, ctx)
    return replace(
        state,
        turn=state.turn + 1,
        phase="rally",
        rolled=False,
        rally_done=(),
        rallied=(),
        passes=0,
        active=state.initiative,
    )


HANDLERS: dict[type[Command], Callable[[State, Ctx, Command], State]] = {
    m.RollInitiative: _initiative,
    m.Rally: _rally,
    m.Heal: _heal,
    m.Combine: _combine,
    m.EndRally: _end_rally,
    m.Fire: _fire,
    m.OpFire: _opfire,
    m.HoldFire: _hold,
    m.StartMove: _start_move,
    m.MoveOn: _move_on,
    m.Stop: _stop,
    m.Spot: _spot,
    m.LaySmoke: _smoke,
    m.MeleeRound: _melee,
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

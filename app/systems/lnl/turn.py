"""The sequence of play: who decides, which commands are legal, and applying one (LNL-SEQ-1, LNL-OPS-1,
LNL-OPS-2, LNL-OPS-4, LNL-OPFIRE-1). The actions themselves are in ``impulse`` (Operations Phase) and ``phases``
(Rally and Administrative Phases)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import app.systems.lnl.messages as m
from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import t
from app.core.messages import Command, Event
from app.systems.lnl.actions import fire_commands, impulse_commands
from app.systems.lnl.fire import FireProblem, prepare
from app.systems.lnl.guns import gun_attack
from app.systems.lnl.impulse import IMPULSE_HANDLERS
from app.systems.lnl.melee_flow import target_commands
from app.systems.lnl.messages import Ctx
from app.systems.lnl.movement import begin, destinations, entry_problem, start_problem
from app.systems.lnl.overrun import counter_commands, overrun_commands, overrun_problem
from app.systems.lnl.phases import RALLY_HANDLERS
from app.systems.lnl.rally import rally_commands
from app.systems.lnl.sniper import placements, sniper_commands
from app.systems.lnl.sniper_window import old_window, window_commands
from app.systems.lnl.state import State
from app.systems.lnl.victory import check_victory
from app.systems.lnl.weapons import ops_weapon_commands, rally_weapon_commands


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
        kind = state.steps[0].kind
        if kind in ("melee", "melee_back"):
            return target_commands(state)
        return counter_commands(state) if kind == "counter" else opfire_options(state)
    if state.phase == "rally":
        if not state.rolled:
            return [m.RollInitiative(side=state.initiative)]
        return [*rally_weapon_commands(state), *placements(state, state.active), *rally_commands(state)]
    if state.moving is not None and state.moving.done:
        return [*fire_commands(state, state.active), m.Stop(side=state.active)]
    if state.moving is not None:
        side = state.active
        moves = [m.MoveOn(side=side, to=h, level=lv) for h, lv in destinations(state)]
        return [*moves, *ops_weapon_commands(state), *overrun_commands(state, side), m.Stop(side=side)]
    *impulse, last = impulse_commands(state, state.active)
    return [*impulse, *ops_weapon_commands(state), *sniper_commands(state, state.active), last]


def opfire_options(state: State) -> list[Command]:
    """The window after an entry: opportunity fire at the stack that just entered a hex, best odds first, the
    shots of snipers just placed, holding fire, then placing a hidden sniper (LNL-OPFIRE-1, LNL-SNIPER-1)."""
    return window_commands(state)


def older_answer(state: State) -> Command | None:
    """The answer rules version 3 took by itself to the pending decision, ``None`` when it asked it too: the
    defenders' reply aimed at every attacker (LNL-MELEE-9); the window after an entry opened only for
    opportunity fire (LNL-SNIPER-1)."""
    step = state.steps[0]
    if step.kind == "melee_back":
        return target_commands(state)[-1]
    if step.kind == "opfire" and not old_window(state, step.side):
        return m.HoldFire(side=step.side)
    return None


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
            gun_attack(state, c.side, c.units, c.target, c.level, sw_names=c.weapons, opfire=False, vehicle=c.vehicle)
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


HANDLERS: dict[type[Command], Callable[[State, Ctx, Command], State]] = {**RALLY_HANDLERS, **IMPULSE_HANDLERS}

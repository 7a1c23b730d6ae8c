"""Phase changes: the end of an impulse and of the Operations Phase, the Rally Phase's steps and the
Administrative Phase (LNL-SEQ-1, LNL-OPS-1, LNL-RALLY-1, LNL-RALLY-2, LNL-ADMIN-1, LNL-ADMIN-2, LNL-ADMIN-3,
LNL-ADMIN-4, LNL-SMOKE-4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import app.systems.lnl.messages as m
from app.core.i18n import t
from app.core.messages import Command
from app.systems.lnl.actions import melee_commands
from app.systems.lnl.forces import may_act
from app.systems.lnl.hatches import MARKER as HATCH_MARKER
from app.systems.lnl.messages import Ctx
from app.systems.lnl.rally import combine, heal, rally, rally_commands, roll_initiative
from app.systems.lnl.state import MOVE_MARKERS, State, other
from app.systems.lnl.victory import end_of_game
from app.systems.lnl.view_names import side_name
from app.systems.lnl.weapons import rally_waits

UNIT_CLEAR = (*MOVE_MARKERS, "fired", "ops_complete", HATCH_MARKER)


# --- the end of an impulse ----------------------------------------------------------------------------------------
def end_impulse(state: State, ctx: Ctx) -> State:
    """The impulse passes to the other side (LNL-OPS-1)."""
    return phase_end_check(replace(state, active=other(state.active), passes=0, steps=(), moving=None), ctx)


def phase_end_check(state: State, ctx: Ctx) -> State:
    """The phase ends when no unit of either side may still act (LNL-OPS-1)."""
    if state.phase != "operations" or any(may_act(state, u) for u in state.on_map()):
        return state
    if any(melee_commands(state, side) for side in (state.active, other(state.active))):
        return state
    return administrative(state, ctx)


# --- rally phase ------------------------------------------------------------------------------------------------
def _initiative(state: State, ctx: Ctx, command: Command) -> State:
    del command
    return settle_rally(roll_initiative(state, ctx), ctx)


def _rally(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Rally)
    medic = state.unit(command.medic) if command.medic else None
    return settle_rally(rally(state, ctx, state.get(command.unit), medic), ctx)


def _heal(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Heal)
    return settle_rally(heal(state, ctx, state.get(command.medic), state.get(command.unit)), ctx)


def _combine(state: State, ctx: Ctx, command: Command) -> State:
    assert isinstance(command, m.Combine)
    return settle_rally(combine(state, ctx, state.get(command.units[0]), state.get(command.units[1])), ctx)


def _end_rally(state: State, ctx: Ctx, command: Command) -> State:
    del command
    return settle_rally(_side_done(state), ctx)


def _side_done(state: State) -> State:
    return replace(state, rally_done=(*state.rally_done, state.active), active=other(state.active))


def settle_rally(state: State, ctx: Ctx) -> State:
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
    return phase_end_check(replace(state, phase="operations", active=state.initiative, passes=0), ctx)


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


RALLY_HANDLERS: dict[type[Command], Callable[[State, Ctx, Command], State]] = {
    m.RollInitiative: _initiative,
    m.Rally: _rally,
    m.Heal: _heal,
    m.Combine: _combine,
    m.EndRally: _end_rally,
}

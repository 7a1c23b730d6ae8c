"""Snipers placed at any time (LNL-SNIPER-1, LNL-SNIPER-2) and the other side's window during a move
(LNL-MOVE-11, LNL-OPFIRE-1, LNL-OPFIRE-2).

The quick reference: no sniper is set up at the start; "afterwards it may be placed at any time" in a hex without
enemy units, and it may fire at once at an exposed enemy in its line of sight. Besides its owner's own impulses
(where placing is free and does not end the impulse), the owner is asked whenever an enemy unit that a sniper
could shoot (exposed, not a vehicle) enters a hex, in the same window as opportunity fire: the events of an entry
come before the opportunity fire (LNL-MOVE-11). A sniper placed in that window may fire at once, in the window;
holding fire closes it and the move goes on.
"""

from __future__ import annotations

import app.systems.lnl.messages as m
from app.core.messages import Command
from app.systems.lnl.actions import any_opfire, fire_commands
from app.systems.lnl.forces import is_vehicle
from app.systems.lnl.sniper import hidden_snipers, placements, snipe_problem
from app.systems.lnl.spotting import exposed
from app.systems.lnl.state import State, Unit


def opfire_allowed(state: State) -> bool:
    """The moving stack may be opportunity-fired: not stealth movers, not low crawlers hidden before the move
    (LNL-OPFIRE-2)."""
    move = state.moving
    if move is None:
        return False
    return move.mode != "stealth" and (move.mode != "low_crawl" or move.exposed_before)


def old_window(state: State, side: str) -> bool:
    """Whether ``side`` has opportunity fire at the moving stack (the window rules version 3 opened)."""
    return opfire_allowed(state) and any_opfire(state, side)


def _movers(state: State) -> list[Unit]:
    move = state.moving
    if move is None:
        return []
    return [u for i in move.units if (u := state.unit(i)) is not None and u.hex is not None and not u.wreck]


def in_view(state: State, side: str) -> bool:
    """``side`` keeps a sniper hidden and a moving enemy it could shoot is exposed (LNL-SNIPER-1, LNL-SNIPER-2)."""
    if not hidden_snipers(state, side):
        return False
    return any(exposed(state, u) and not is_vehicle(state, u) for u in _movers(state))


def window_opens(state: State, side: str) -> bool:
    """After an entry: whether ``side`` is asked (opportunity fire, or a sniper to place)."""
    return old_window(state, side) or in_view(state, side)


def _snipes(state: State, side: str, placed: tuple[str, ...]) -> list[Command]:
    """Shots of the snipers placed in this window (LNL-SNIPER-2: at once)."""
    found: list[Command] = []
    for sniper in (u for i in placed if (u := state.unit(i)) is not None):
        found += [
            m.Snipe(side=side, unit=sniper.id, target=u.id)
            for u in state.on_map()
            if u.side != side and not snipe_problem(state, sniper, u)
        ]
    return found


def window_commands(state: State) -> list[Command]:
    """The window's answers: opportunity fire (best odds first), the shots of snipers just placed, holding fire,
    then every placing of a hidden sniper."""
    step = state.steps[0]
    fire = fire_commands(state, step.side, opfire=True) if opfire_allowed(state) else []
    return [*fire, *_snipes(state, step.side, step.done), m.HoldFire(side=step.side), *placements(state, step.side)]


def window_stays(state: State) -> bool:
    """After an answer other than holding fire: whether anything is left to do in the window."""
    step = state.steps[0]
    return old_window(state, step.side) or bool(_snipes(state, step.side, step.done)) or in_view(state, step.side)

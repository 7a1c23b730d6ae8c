"""Control of victory hexes and the end of the game (scenario victory conditions, LNL-SETUP-1)."""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.geometry.hexgrid import Hex
from app.systems.lnl.forces import is_vehicle
from app.systems.lnl.messages import Ctx
from app.systems.lnl.scenario import SIDES
from app.systems.lnl.state import State, other
from app.systems.lnl.view_names import side_name


def initial_control(state: State) -> State:
    """Victory hexes start with the side the scenario names, else with the defender."""
    model = state.runtime.model
    defender = other(model.victory.attacker)
    control = []
    for label in model.victory.hexes:
        h = state.runtime.hex(label)
        control.append((h, model.victory.initial_control.get(label, defender)))
    return replace(state, control=tuple(control))


def controller(state: State, h: Hex) -> str | None:
    """Who controls victory hex ``h``."""
    return next((s for x, s in state.control if x == h), None)


def update_control(state: State) -> State:
    """A victory hex passes to a side that has good-order units in it and the enemy none."""
    control = []
    for h, owner in state.control:
        sides = {u.side for u in state.at(h) if not u.shaken}
        control.append(
            (h, next(iter(sides)) if len(sides) == 1 and not {u.side for u in state.at(h)} - sides else owner)
        )
    return replace(state, control=tuple(control))


def held(state: State, side: str) -> int:
    """Victory hexes ``side`` controls."""
    return sum(1 for _, s in state.control if s == side)


def check_victory(state: State, ctx: Ctx) -> State:
    """Update control; a side with no unit left on the map loses at once."""
    state = update_control(state)
    if state.phase == "over":
        return state
    for side in SIDES:
        alive = [
            u for u in state.units if u.side == side and not u.wreck and (u.hex is not None or not is_vehicle(state, u))
        ]
        if not alive:
            winner = other(side)
            ctx.say(
                "victory",
                t(
                    "{side} has no units left: {winner} wins.",
                    side=side_name(state, side),
                    winner=side_name(state, winner),
                ),
                "LNL-SETUP-1",
            )
            return replace(state, phase="over", winner=winner, steps=(), moving=None)
    return state


def end_of_game(state: State, ctx: Ctx) -> State:
    """After the last turn: the attacker wins with enough victory hexes, else the defender; the reason gives each
    side's count (LNL-SETUP-1: the scenario's victory conditions)."""
    victory = state.runtime.model.victory
    attacker, defender = victory.attacker, other(victory.attacker)
    taken = held(state, attacker)
    winner = attacker if taken >= victory.needed else defender
    text = t(
        "The last turn is over: {attacker} holds {held} of {total} victory hexes ({needed} needed), {defender} "
        "holds {kept}: {winner} wins.",
        attacker=side_name(state, attacker),
        held=taken,
        total=len(state.control),
        needed=victory.needed,
        defender=side_name(state, defender),
        kept=held(state, defender),
        winner=side_name(state, winner),
    )
    ctx.say("victory", text, "LNL-SETUP-1")
    return replace(state, phase="over", winner=winner, steps=(), moving=None)

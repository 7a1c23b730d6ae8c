"""Opening and closing a vehicle's hatches (LNL-VEH-1, LNL-SAVEH-3).

The quick reference names the two states and what buttoning up forbids (spotting, the top MG) but not when
they change: here a vehicle that may still act changes them once a turn, without using its action (a Hatches
marker until the Administrative Phase; docs/lnl-decisions.md).
"""

from __future__ import annotations

from dataclasses import replace

import app.systems.lnl.messages as m
from app.core.i18n import t
from app.core.messages import Command
from app.systems.lnl.forces import is_vehicle, may_act
from app.systems.lnl.messages import Ctx
from app.systems.lnl.state import State
from app.systems.lnl.view_names import unit_name

MARKER = "hatches"


def hatch_commands(state: State, side: str) -> list[Command]:
    """Vehicles of ``side`` that may still change their hatches this turn."""
    return [
        m.Hatches(side=side, vehicle=u.id)
        for u in state.on_map(side)
        if is_vehicle(state, u) and may_act(state, u) and not u.has(MARKER) and not u.shaken
    ]


def toggle(state: State, ctx: Ctx, vehicle_id: str) -> State:
    """Open closed hatches or close open ones (LNL-VEH-1)."""
    vehicle = state.get(vehicle_id)
    after = replace(vehicle, buttoned=not vehicle.buttoned).marked(MARKER)
    name = unit_name(state, vehicle)
    text = (
        t("{unit} closes its hatches: it may not spot or use its top MG.", unit=name)
        if after.buttoned
        else t("{unit} opens its hatches: it may spot and use its top MG, but small arms can hit the crew.", unit=name)
    )
    ctx.say("hatches", text, "LNL-VEH-1", at=(vehicle.hex,) if vehicle.hex else ())
    return state.with_unit(after)

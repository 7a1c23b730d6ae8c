"""Destroyed vehicles: the wreck, the crew's escape and bailing out (LNL-VDEST-1, LNL-VDEST-2, LNL-PEN-6,
LNL-PEN-7)."""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.systems.lnl.messages import Ctx
from app.systems.lnl.state import State, Unit
from app.systems.lnl.view_names import unit_name


def destroy(state: State, ctx: Ctx, vehicle: Unit, melee: bool = False) -> State:
    """A destroyed vehicle becomes a wreck; its crew escapes on a 1, then is Shaken on an odd die (LNL-VDEST-1,
    option: one roll); destroyed in melee, the crew is lost (LNL-VDEST-2)."""
    state = state.with_unit(replace(vehicle, wreck=True, shaken=False))
    ctx.say(
        "destroyed",
        t("{unit} is destroyed: a wreck.", unit=unit_name(state, vehicle)),
        "LNL-PEN-6",
        at=(vehicle.hex,) if vehicle.hex else (),
    )
    if melee:
        ctx.say("crew_lost", t("The crew is lost with the vehicle."), "LNL-VDEST-2")
        return state
    (escape,) = ctx.roller.roll(1, t("crew escape"))
    if escape != 1:
        ctx.say("crew_lost", t("Crew escape roll {die}: the crew is lost.", die=escape), "LNL-VDEST-1")
        return state
    status = escape if state.options.crew_single_roll else ctx.roller.roll(1, t("crew status"))[0]
    return bail_out(state, ctx, vehicle, shaken=status % 2 == 1)


def bail_out(state: State, ctx: Ctx, vehicle: Unit, shaken: bool) -> State:
    """The crew counter appears in the vehicle's hex (LNL-VDEST-1, LNL-PEN-7)."""
    crew = state.spec(vehicle).crew
    if crew is None or vehicle.hex is None:
        return state
    uid, state = state.next_id(vehicle.side)
    unit = Unit(uid, vehicle.side, crew, vehicle.hex, shaken=shaken, markers=("ops_complete",))
    ctx.say(
        "bail_out",
        t("The crew bails out ({status}).", status=t("Shaken") if shaken else t("good order")),
        "LNL-VDEST-1",
        at=(vehicle.hex,),
    )
    return state.with_unit(unit)

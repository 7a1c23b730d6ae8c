"""Yugoslav mobilization by the value-4 Supply event (rulebook §15.5(1): TR-YUG-1).

The rulebook says the event mobilizes Yugoslav units but prints neither the card's text nor where they go, and
§12(4) exempts Yugoslavia from the rule that a minor without resources places only in its own areas. The placement
below is this engine's authored reading (docs/third-reich-decisions.md, "Yugoslav mobilization"): the Allied
player places Yugoslav units from the mobilization pool, one at a time, as a decision, up to the card's strategy
value in mobilization costs, used (as any mobilized unit, TR-MOB-1):

* in a Yugoslav land area the Allies control;
* when they control none (Yugoslavia overrun), in an Allied land area next to a Yugoslav area (the §12(4)
  exception: the army in exile fights on beside its country);

never where enemy control units stand, in a closed area or over the stacking limit (TR-MOB-7, TR-STK-1).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.core.messages import Command, Event
from app.systems.third_reich.control import closed, control_units, friendly
from app.systems.third_reich.messages import Happened, MobilizeYugoslav
from app.systems.third_reich.mobilise import cost
from app.systems.third_reich.movement import stack_ok
from app.systems.third_reich.names import side_name, unit_name
from app.systems.third_reich.state import POOL, Pending, State, other

YUGOSLAVIA = "YU"


def offer(state: State, side: str, budget: int) -> State:
    """After the Supply event naming Yugoslavia: ask ``side`` to place Yugoslav units, while any can be placed."""
    step = Pending("yugoslavia", side, count=budget)
    if not state.belligerent(YUGOSLAVIA, side) or len(options(state, step)) < 2:
        return state
    return replace(state, stack=(step, *state.stack))


def placement_areas(state: State, side: str) -> list[str]:
    """Where a Yugoslav unit may be placed now (see the module's reading), in map order."""
    areas = state.rt.model.areas
    home = [a for a, d in areas.items() if d.nation == YUGOSLAVIA and not state.rt.is_sea(a)]
    found = [a for a in home if friendly(state, a, side)]
    if not found:
        near = {n for a in home for n in state.rt.map.neighbours(a)} - set(home)
        land = [a for a in state.rt.map.locations() if a in near and not state.rt.is_sea(a)]
        found = [a for a in land if friendly(state, a, side)]
    return [a for a in found if not closed(state, a, side) and not control_units(state, a, other(side))]


def options(state: State, step: Pending) -> list[Command]:
    """ "Mobilize no more" (the default), then one unit of each Yugoslav design in the pool that the points left
    pay for, to each area it may be placed in."""
    found: list[Command] = [MobilizeYugoslav(side=step.side)]
    seen: set[str] = set()
    areas = placement_areas(state, step.side)
    for unit in state.units:
        if unit.loc != POOL or unit.nation != YUGOSLAVIA or unit.design in seen or cost(state, unit) > step.count:
            continue
        seen.add(unit.design)
        for area in areas:
            if stack_ok(state, area, (unit,), step.side):
                found.append(MobilizeYugoslav(side=step.side, unit=unit.id, area=area))
    return found


def chosen(state: State, step: Pending, command: MobilizeYugoslav) -> tuple[State, list[Event]]:
    """Place the chosen unit, used; the question comes back while points and places remain."""
    state = replace(state, stack=state.stack[1:])
    if not command.unit:
        text = t("The {side} mobilize no more Yugoslav units.", side=side_name(step.side))
        return state, [Happened(text=text, rule_id="TR-YUG-1")]
    unit = state.unit(command.unit)
    state = state.with_units({unit.id: replace(unit, loc=command.area, used=True)})
    state = offer(state, step.side, step.count - cost(state, unit))
    name, area = unit_name(state, unit.id), state.rt.name(command.area)
    text = t("Supply: {unit} is mobilized in {area}.", unit=name, area=area)
    return state, [Happened(text=text, rule_id="TR-YUG-1", at=(command.area,))]

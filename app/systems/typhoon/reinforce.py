"""Reinforcements, the Moscow garrison, withdrawal and Guards conversion (rulebook §11.2, §12, §14.3, §15.2).

TY-REIN-1, TY-REIN-2, TY-REIN-3, TY-REIN-4, TY-REIN-5, TY-REIN-6, TY-HQU-4, TY-SUP-4, TY-SUP-5, TY-MOSC-1,
TY-MOSC-2, TY-MOSC-3, TY-MOSC-4, TY-OPT-GRD-1, TY-EXE-5.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.systems.typhoon.context import Ctx
from app.systems.typhoon.losses import move_to, name
from app.systems.typhoon.movement import room
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, Unit, other
from app.systems.typhoon.supply import in_supply, rail_net
from app.systems.typhoon.zoc import enemy_zoc

GUARDS_TURN = 8
GUARDS_COUNT = 3


def rail_hexes(state: State, side: str) -> frozenset[Hex]:
    """Hexes a reinforcement may be placed in: railway joined to a usable source by railway free of enemy units
    and of every EZOC hex (TY-REIN-3), not in EZOC, not an enemy-controlled town or city (TY-REIN-4)."""
    rt = state.runtime
    zoc = enemy_zoc(state, side)
    clear = frozenset(h for h in rt.grid.locations() if h not in zoc and state.occupant(h) != other(side))
    net = rail_net(state, side, clear) & rt.facts.rail_hexes & clear
    places = rt.facts.towns | rt.facts.cities
    return frozenset(h for h in net if not (h in places and state.controller(h) != side))


def start(state: State, side: str, ctx: Ctx) -> State:
    """Execute a REINF card: the turn track's number of units, the Moscow garrison in its turns, withdrawn units
    back (TY-REIN-2, TY-MOSC-1, TY-SUP-5)."""
    rt = state.runtime
    spec = rt.turn_spec(state.turn)
    number = spec.su_reinf if side == "soviet" else spec.ger_reinf
    garrison = 0
    if side == "soviet" and rt.moscow:
        garrison = state.carry + (rt.model.garrison_units if state.turn in rt.model.garrison_turns else 0)
    guards = (
        GUARDS_COUNT if side == "soviet" and rt.model.options.guards_conversion and state.turn == GUARDS_TURN else 0
    )
    ctx.say(t("{side} receives up to {n} reinforcements.", side=side_label(side), n=number), "TY-REIN-2")
    if garrison:
        ctx.say(t("Moscow garrison: up to {n} more units.", n=garrison), "TY-MOSC-1")
    return replace(state, phase="place", phasing=side, to_place=number, garrison=garrison, carry=0, converted=guards)


def side_label(side: str) -> Text:
    """The side's name for sentences."""
    return t("Axis") if side == "axis" else t("Soviet")


def placements(state: State) -> list[tuple[str, Hex]]:
    """Every (unit, hex) the phasing side may place now (TY-REIN-1, TY-REIN-3, TY-REIN-4, TY-MOSC-3, TY-SUP-5)."""
    side, rt = state.phasing, state.runtime
    rails = sorted(h for h in rail_hexes(state, side) if room(state, h, side))
    moscow = sorted(h for h in rt.moscow if state.controller(h) == "soviet" and room(state, h, side))
    counted = rt.model.options.withdrawn_count_against_reinf  # OQ-TY-8: then they need room in the number
    found: list[tuple[str, Hex]] = []
    for u in state.units:
        if u.side != side:
            continue
        returning = u.box == "withdrawn" and u.since < state.turn and (state.to_place > 0 or not counted)
        if (u.box == "reserve" and state.to_place > 0) or returning:
            found += [(u.id, h) for h in rails]
        if u.box == "reserve" and state.garrison > 0:
            found += [(u.id, h) for h in moscow if (u.id, h) not in found]
    return found


def place(state: State, unit_id: str, at: Hex, ctx: Ctx) -> State:
    """Place a unit at full strength, not activated (TY-REIN-5); a Moscow hex takes a garrison unit first."""
    unit = state.unit(unit_id)
    assert unit is not None
    garrison = unit.box == "reserve" and state.garrison > 0 and at in state.runtime.moscow
    counts = unit.box == "reserve" or state.runtime.model.options.withdrawn_count_against_reinf
    state = move_to(state, unit_id, (at,))
    state = state.with_unit(replace(state.unit(unit_id) or unit, reduced=False))
    if garrison:
        state = replace(state, garrison=state.garrison - 1)
    elif counts:
        state = replace(state, to_place=max(state.to_place - 1, 0))
    rule = "TY-MOSC-3" if garrison else "TY-REIN-3"
    label = name(state, unit_id)
    ctx.say(t("{unit} enters the map.", unit=label), rule, t("Place {unit} on the map.", unit=label))
    return state


def finish(state: State, ctx: Ctx) -> State:
    """End placement. Garrison units that cannot be placed (no room left in Soviet Moscow) carry over to the next
    SOVIET REINF (TY-MOSC-3); those the player leaves out while there is room, or that an empty box cannot supply,
    are lost like any reinforcement (TY-MOSC-2, TY-REIN-2)."""
    in_box = any(u.box == "reserve" and u.side == "soviet" for u in state.units)
    room_left = any(state.controller(h) == "soviet" and room(state, h, "soviet") for h in state.runtime.moscow)
    carry = state.garrison if in_box and not room_left else 0
    if carry:
        ctx.say(t("{n} garrison units find no room in Moscow and carry over to the next turn.", n=carry), "TY-MOSC-3")
    return replace(state, to_place=0, garrison=0, carry=carry, converted=0)


def withdrawable(state: State) -> list[str]:
    """Units of the phasing side that trace a LOC and may go to the Withdrawal box (TY-SUP-4)."""
    supplied = in_supply(state, state.phasing)
    return [u.id for u in state.on_map(state.phasing) if u.hex in supplied]


def withdraw(state: State, unit_id: str, ctx: Ctx) -> State:
    """Move a unit into the Withdrawal box (TY-SUP-4)."""
    unit = state.unit(unit_id)
    assert unit is not None
    label = name(state, unit_id)
    ctx.say(t("{unit} withdraws.", unit=label), "TY-SUP-4", t("Put {unit} in the Withdrawal box.", unit=label))
    return state.with_unit(replace(unit, hex=None, box="withdrawn", since=state.turn))


def conversions(state: State) -> list[tuple[str, str]]:
    """(rifle division, Guards division) pairs for the turn-8 Guards conversion (TY-OPT-GRD-1)."""
    if state.converted <= 0:
        return []
    supplied = in_supply(state, "soviet")
    rifles = [
        u.id
        for u in state.on_map("soviet")
        if state.spec(u.id).symbol == "infantry" and state.spec(u.id).nationality != "guards" and u.hex in supplied
    ]
    guards = [u.id for u in state.units if u.box == "guards"]
    return [(r, g) for r in rifles for g in guards]


def convert(state: State, rifle: str, guards: str, ctx: Ctx) -> State:
    """Replace a rifle division by a Guards division in its hex; the rifle division leaves the game."""
    old, new = state.unit(rifle), state.unit(guards)
    assert old is not None and new is not None and old.hex is not None
    label = name(state, rifle)
    state = state.with_unit(Unit(new.id, new.side, old.hex, "map"))
    state = state.with_unit(replace(old, hex=None, box="gone"))
    ctx.say(
        t("{unit} becomes {guards}.", unit=label, guards=state.runtime.unit_name(guards)),
        "TY-OPT-GRD-1",
        t("Replace {unit} by {guards}.", unit=label, guards=state.runtime.unit_name(guards)),
    )
    return replace(state, converted=state.converted - 1)

"""Nations at war and at peace (rulebook §3.1, §15.4: TR-NAT-3, TR-STAT-1, TR-STAT-2, TR-STAT-3, TR-STAT-4,
TR-STAT-5, TR-STAT-6, TR-CTRL-4, TR-VIOL-1, TR-VIOL-2, TR-POL-1, TR-POL-2, TR-POL-3)."""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.core.messages import Event
from app.systems.third_reich.messages import Happened
from app.systems.third_reich.names import nation_name, side_name
from app.systems.third_reich.state import REMOVED, State, Unit, other

TRACK = ("US", "SU", "TU", "SP")
"""Nations with an entry marker (TR-MARK-2)."""


def join(state: State, code: str, side: str, rule: str) -> tuple[State, list[Event]]:
    """``code`` becomes a belligerent of ``side``; the areas it controls pass to that side at once (TR-CTRL-4,
    TR-STAT-6)."""
    state = state.with_nation(code, side, "belligerent")
    text = t("{nation} enters the war on the {side} side.", nation=nation_name(state, code), side=side_name(side))
    return state, [Happened(text=text, rule_id=rule)]


def violate(state: State, area: str, side: str, units: tuple[Unit, ...]) -> tuple[State, list[Event]]:
    """Units of ``side`` enter ``area``: a neutral controlling it joins the other side (TR-VIOL-1); Spain and
    Turkey then ignore their markers (TR-VIOL-2); entering Brest or Galicia brings the USSR in (TR-POL-3)."""
    events: list[Event] = []
    nation = state.controller(area)
    if nation is not None and state.status_of(nation) == "neutral":
        joins = other(side)
        if nation in ("SP", "TU"):
            state = replace(state, locked=(*state.locked, nation))
            # seed §3.1.3(2)①: always the Allies, whoever entered; the digest's reading is a switch (OQ-TR-2)
            joins = other(side) if state.rt.option("sp_tu_violation_opposes_violator") else "allied"
        state, events = join(state, nation, joins, "TR-VIOL-1")
    soviet_zone = area in (state.rt.role("brest"), state.rt.role("galicia"))
    if soviet_zone and state.status_of("SU") == "neutral" and any(u.nation != "PO" for u in units):
        state, more = join(state, "SU", other(side), "TR-POL-3")
        events += more
    return state, events


def diplomacy(state: State, side: str, code: str, steps: int) -> tuple[State, list[Event]]:
    """A Diplomacy event names ``code`` (TR-STAT-2, TR-STAT-3, TR-STAT-4, TR-STAT-5)."""
    if code == "FR":
        state = state.with_nation("FR", "allied", "belligerent")
        return state, [Happened(text=t("France rejoins the Allies."), rule_id="TR-STAT-4")]
    if code in TRACK and code not in state.locked:
        return _advance(state, side, code, steps)
    return join(state, code, side, "TR-STAT-5")


def _advance(state: State, side: str, code: str, steps: int) -> tuple[State, list[Event]]:
    entry = state.rt.model.entry_track.entry
    box = min(entry, state.entry_of(code) + steps)
    state = replace(state, entry=tuple((c, box if c == code else b) for c, b in state.entry))
    events: list[Event] = [
        Happened(
            text=t("{nation}'s entry marker moves to box {box}.", nation=nation_name(state, code), box=box),
            rule_id="TR-MARK-2",
        )
    ]
    if box >= entry:
        joins = "allied" if code in ("US", "SU") else "axis"
        state, more = join(state, code, joins, "TR-STAT-2" if joins == "allied" else "TR-STAT-3")
        events += more
    return state, events


def diplomacy_targets(state: State, side: str, named: list[str]) -> list[str]:
    """The nations a Diplomacy event of ``side`` naming ``named`` can affect now."""
    found = []
    paris = state.rt.role("paris")
    for code in named:
        if code not in state.rt.nations:
            continue
        if code == "FR":
            vichy = state.side_of("FR") == "axis"
            if side == "allied" and vichy and paris is not None and state.controlling_side(paris) == "allied":
                found.append(code)
            continue
        if state.status_of(code) != "neutral":
            continue
        if code in TRACK:
            if code not in state.locked and (side == "allied" or code in ("TU", "SP")):
                found.append(code)
        elif state.side_of(code) == side and state.rt.nations[code].joins == "diplomacy":
            found.append(code)
    return found


def vichy_france(state: State) -> tuple[State, list[Event]]:
    """France becomes an Axis belligerent; its Vichy-marked units serve the Axis, the others leave play
    (TR-STAT-4, TR-UNIT-5)."""
    changed = {
        u.id: replace(u, loc=REMOVED)
        for u in state.units
        if u.nation == "FR" and not state.design(u).vichy and u.loc != REMOVED
    }
    state = state.with_units(changed).with_nation("FR", "axis", "belligerent")
    state = replace(state, done=(*state.done, "vichy_france"))
    return state, [Happened(text=t("Vichy France: France changes sides."), rule_id="TR-STAT-4")]


def poland_check(state: State) -> tuple[State, list[Event]]:
    """Poland surrenders when the Axis controls Warsaw: Polish units in Brest and Galicia go to the pool and
    those areas become Soviet (TR-POL-1, TR-POL-2)."""
    warsaw = state.rt.role("warsaw")
    if "poland_surrendered" in state.done or warsaw is None or state.controlling_side(warsaw) != "axis":
        return state, []
    zone = {a for a in (state.rt.role("brest"), state.rt.role("galicia")) if a is not None}
    changed = {
        u.id: replace(u, loc=state.pool_of(u), used=False) for u in state.units if u.nation == "PO" and u.loc in zone
    }
    state = state.with_units(changed).with_control({a: "SU" for a in zone if "SU" in state.rt.nations})
    state = replace(state, done=(*state.done, "poland_surrendered"))
    return state, [Happened(text=t("Poland surrenders."), rule_id="TR-POL-1")]

"""Step losses, elimination and where eliminated units go; city control (rulebook §10.5, §12.3, §13, §3.4).

TY-LOSS-1, TY-LOSS-2, TY-LOSS-3, TY-LOSS-4, TY-REIN-7, TY-REIN-8, TY-HQU-3, TY-HQU-5, TY-SUP-3, TY-CITY-2,
TY-MOV-13, TY-RET-9, TY-ADV-9.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from app.core.i18n import Text, localized, t
from app.core.messages import Event
from app.systems.typhoon.messages import Happened
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, mechanized


def name(state: State, unit_id: str) -> Text:
    """A counter's name and hex for sentences ("7 Pz (0507)")."""
    unit = state.unit(unit_id)
    where = state.runtime.label(unit.hex) if unit is not None and unit.hex is not None else "-"
    return t("{unit} ({hex})", unit=state.runtime.unit_name(unit_id), hex=where)


def fate(state: State, unit_id: str, cause: str) -> str:
    """Where an eliminated unit goes: ``gone`` or ``reserve`` (TY-REIN-7, TY-REIN-8, TY-HQU-3, TY-HQU-5)."""
    spec = state.spec(unit_id)
    if cause == "supply" and (spec.side == "axis" or spec.symbol == "hq"):
        return "gone"
    if spec.side == "axis" and mechanized(spec):
        return "gone"
    return "reserve"


def eliminate(state: State, unit_id: str, cause: str, events: list[Event]) -> State:
    """Remove a unit from the map to its fate's box, full strength again (TY-LOSS-4)."""
    box = fate(state, unit_id, cause)
    label = name(state, unit_id)
    unit = state.unit(unit_id)
    assert unit is not None
    state = state.with_unit(replace(unit, hex=None, box=box, reduced=False, since=state.turn))  # type: ignore[arg-type]
    text = (
        t("{unit} is eliminated.", unit=label) if box == "reserve" else t("{unit} is eliminated for good.", unit=label)
    )
    rule = _fate_rule(state, unit_id, cause, box)
    events.append(Happened(text=text, rule_id=rule, instruction=t("Remove {unit} from the map.", unit=label)))
    return state


def _fate_rule(state: State, unit_id: str, cause: str, box: str) -> str:
    """The rule that sends an eliminated unit to ``box`` (TY-HQU-3, TY-HQU-5, TY-REIN-7, TY-REIN-8)."""
    if state.spec(unit_id).symbol == "hq":
        return "TY-HQU-5" if cause == "supply" else "TY-HQU-3"
    return "TY-REIN-7" if box == "gone" else "TY-REIN-8"


def lose_step(state: State, unit_id: str, cause: str, events: list[Event]) -> State:
    """One step loss: flip a full unit, eliminate a reduced or single-step one (TY-LOSS-1)."""
    unit = state.unit(unit_id)
    if unit is None or unit.hex is None:
        return state
    if unit.reduced or state.spec(unit_id).reduced is None:
        return eliminate(state, unit_id, cause, events)
    label = name(state, unit_id)
    events.append(
        Happened(
            text=t("{unit} loses a step.", unit=label),
            rule_id="TY-LOSS-1",
            instruction=t("Flip {unit} to its reduced side.", unit=label),
        )
    )
    return state.with_unit(replace(unit, reduced=True))


def enter(state: State, side: str, hexes: Iterable[Hex], events: list[Event] | None = None) -> State:
    """Units of ``side`` entered ``hexes``: towns and large cities among them change control (TY-CITY-2); each
    change is said in ``events`` when given."""
    facts = state.runtime.facts
    places = [h for h in dict.fromkeys(hexes) if h in facts.towns or h in facts.cities]
    changed = [h for h in places if state.controller(h) != side]
    if not changed:
        return state
    axis = state.axis_hexes | set(changed) if side == "axis" else state.axis_hexes - set(changed)
    if events is not None:
        events += [Happened(text=_control_words(state, h, side), rule_id="TY-CITY-2") for h in changed]
    return replace(state, axis_hexes=frozenset(axis))


def _control_words(state: State, h: Hex, side: str) -> Text:
    """The words of a change of hands, e.g. "Vyazma (1008) passes to the Axis." (TY-CITY-2)."""
    rt = state.runtime
    named = rt.facts.names.get(h)
    place = localized(named[0], named[1]) if named else localized(rt.label(h), None)
    where = t("{place} ({hex})", place=place, hex=rt.label(h)) if named else place
    if side == "axis":
        return t("{place} passes to the Axis.", place=where)
    return t("{place} passes to the Soviets.", place=where)


def move_to(state: State, unit_id: str, path: tuple[Hex, ...], events: list[Event] | None = None) -> State:
    """Put a unit at the end of ``path``, taking control of the towns and cities on it (said in ``events``)."""
    unit = state.unit(unit_id)
    assert unit is not None and path
    state = state.with_unit(replace(unit, hex=path[-1], box="map"))
    return enter(state, unit.side, path, events)

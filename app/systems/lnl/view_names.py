"""How rulings and labels name hexes and counters (printed hex IDs and counter names, never raw ids)."""

from __future__ import annotations

from collections.abc import Sequence

from app.core.i18n import Text, t
from app.geometry.hexgrid import Hex
from app.systems.lnl.state import State, Unit


def hex_name(state: State, h: Hex, level: int = 0) -> Text:
    """A hex by its printed label, with the storey when above the ground floor."""
    label = state.runtime.grid.label(h)
    return t("{hex} (storey {level})", hex=label, level=level) if level else t("{hex}", hex=label)


def unit_name(state: State, unit: Unit) -> Text:
    """A counter by its printed name and hex."""
    where = state.runtime.grid.label(unit.hex) if unit.hex is not None else t("off the map")
    return t("{name} in {hex}", name=state.spec(unit).name, hex=where)


def units_named(state: State, units: Sequence[Unit]) -> Text:
    """Several counters by printed name and hex, in one phrase ("Squad in 0109, Leader in 0109")."""
    names = [unit_name(state, u) for u in units]
    phrase = names[-1] if names else t("no unit")
    for name in reversed(names[:-1]):
        phrase = t("{first}, {rest}", first=name, rest=phrase)
    return phrase


def side_name(state: State, side: str) -> Text:
    """A side by its force name."""
    return state.runtime.side_name(side)

"""How the engine names sides, nations, units and events in texts (both languages)."""

from __future__ import annotations

from app.core.i18n import Text, t
from app.systems.third_reich.state import State

EVENT_NAMES: dict[str, Text] = {
    "none": t("no event"),
    "development": t("Development"),
    "diplomacy": t("Diplomacy"),
    "vichy_france": t("Vichy France"),
    "strategic_movement": t("Strategic Movement"),
    "sea_lion": t("Sea Lion"),
    "sea_transport": t("Sea Transport"),
    "landing_airborne": t("Landing/Airborne"),
    "blitzkrieg": t("Blitzkrieg"),
    "ambush": t("Ambush"),
    "supply": t("Supply"),
    "wolfpack": t("Wolfpack"),
    "strategic_bombing": t("Strategic Bombing"),
    "long_range_bombing": t("Long-range Bombing"),
}


def side_name(side: str) -> Text:
    """The display name of a side."""
    return t("Axis") if side == "axis" else t("Allies")


def nation_name(state: State, code: str | None) -> Text:
    """The display name of a nation."""
    nation = state.rt.nations.get(code or "")
    return nation.name.text() if nation is not None else t("no one")


def unit_name(state: State, unit_id: str) -> Text:
    """``GE Tank 4-2-3`` style name of a unit."""
    unit = state.unit(unit_id)
    design = state.design(unit)
    air = f" ({design.air})" if design.air else ""
    values = f"{design.attack}-{design.durability}-{design.movement}{air}"
    return t("{nation} {type} {values}", nation=unit.nation, type=state.utype(unit).name, values=values)


def group_name(state: State, units: tuple[str, ...]) -> Text:
    """One unit's name, or how many units."""
    return unit_name(state, units[0]) if len(units) == 1 else t("{n} units", n=len(units))

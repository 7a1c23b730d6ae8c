"""How the engine names sides, nations, units and events in texts (both languages)."""

from __future__ import annotations

from functools import cache

from app.core.i18n import Text, localized, t
from app.systems.third_reich.runtime import unit_types
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
    return _localized(nation.name.en, nation.name.zh_CN) if nation is not None else t("no one")


@cache
def _localized(en: str, zh: str | None) -> Text:
    return localized(en, zh)


def type_name(code: str) -> Text:
    """The translated name of a unit type (TR-UNIT-1)."""
    row = unit_types()[code]
    return _localized(row.name_en, row.name_zh)


def unit_name(state: State, unit_id: str) -> Text:
    """``GE Tank 4-2-3`` style name of a unit; in Chinese the nation's name (``德国坦克 4-2-3``)."""
    unit = state.unit(unit_id)
    design = state.design(unit)
    air = f" ({design.air})" if design.air else ""
    values = f"{design.attack}-{design.durability}-{design.movement}{air}"
    nation = state.rt.nations.get(unit.nation)
    chinese = nation.name.zh_CN if nation is not None else None
    return _unit_text(unit.nation, chinese, design.type, values)


@cache
def _unit_text(code: str, chinese: str | None, type_code: str, values: str) -> Text:
    """Texts are immutable: one per printed design is enough. The English keeps the nation's code."""
    return t("{nation} {type} {values}", nation=_localized(code, chinese), type=type_name(type_code), values=values)


def counter_code(state: State, unit_id: str) -> Text:
    """What a counter prints: ``UK LF(3)`` in English, the nation's and the type's short forms in Chinese
    (``英空(3)``); both are data (the scenario's ``short`` of each nation, ``short_zh`` of each unit type)."""
    unit = state.unit(unit_id)
    design = state.design(unit)
    nation = state.rt.nations.get(unit.nation)
    short = nation.short if nation is not None else None
    en = short.en if short is not None else unit.nation
    zh = short.zh_CN if short is not None and short.zh_CN else en
    air = f"({design.air})" if design.air else ""
    return _code(f"{en} {design.type}{air}", f"{zh}{unit_types()[design.type].short_zh}{air}")


@cache
def _code(en: str, zh: str) -> Text:
    return localized(en, zh)


def group_name(state: State, units: tuple[str, ...]) -> Text:
    """One unit's name, or how many units."""
    return unit_name(state, units[0]) if len(units) == 1 else t("{n} units", n=len(units))


def listing(parts: list[Text]) -> Text:
    """``a, b, c`` as one translatable text (``parts`` not empty)."""
    out = parts[0]
    for part in parts[1:]:
        out = t("{first}, {rest}", first=out, rest=part)
    return out

"""Display names of operators and Axis units (English and Chinese from the data tables).

Rulebook chapter: §19 unit names (SAS-UNIT), §18 vehicle roles (SAS-BRD-10), §2 operator boards (SAS-BRD-11) and §29
Jäger stalkers (SAS-JGR-2).
"""

from __future__ import annotations

from app.core.i18n import Text, localized, t
from app.systems.sas.state import OperatorState, SasState, UnitState

ROLE_ZH = {
    "sentry": "哨兵",
    "patrolman": "巡逻兵",
    "guard": "警卫",
    "officer": "军官",
    "spawned": "增援",
    "stalker": "追猎者",
}
COLOUR_ZH = {"black": "黑色", "white": "白色"}
VEHICLE_ROLE_EN = {"spawned": "reinforcement"}
VEHICLE_ROLE_ZH = {
    "patrol": "巡逻",
    "convoy": "车队",
    "scout": "侦察",
    "guard": "警卫",
    "assault": "突击",
    "spawned": "生成",
}


def name_of(state: SasState, ident: str) -> Text:
    """Name of operator, support unit or Axis unit ``ident`` ("Jock Lewes", "black sentry at C4").

    Names are asked for often (every ruling names its actors) and depend only on the runtime's tables and what the
    unit or support unit is, so each is made once per runtime and reused (Texts are immutable).
    """
    boards = state.rt.tables.operators
    cache: dict[tuple[object, ...], Text] = state.rt.cache.setdefault("names", {})
    if ident in boards:
        key: tuple[object, ...] = (ident,)
        found = cache.get(key)
        if found is None:
            found = cache[key] = localized(boards[ident].name_en, boards[ident].name_zh)
        return found
    support = next((o for o in state.operators if o.id == ident and o.support), None)
    unit = None if support is not None else state.unit(ident)
    key = (ident, support and support.kind, unit and (unit.kind, unit.role, unit.colour))
    found = cache.get(key)
    if found is None:
        found = cache[key] = _name(state, ident, support, unit)
    return found


def _name(state: SasState, ident: str, support: OperatorState | None, unit: UnitState | None) -> Text:
    """The name of a support unit, an Axis unit or anything else known only by its id."""
    if support is not None:  # "Resistance fighter (resistance_1)" (SAS-SUP-1)
        card = state.rt.tables.support[support.kind]
        return localized(f"{card.name_en} ({ident})", f"{card.name_zh}（{ident}）")
    if unit is None:
        return localized(ident)
    head, _, number = unit.id.partition("_")
    if head == "stalker" and number.isdigit():  # the hunter's numbered stalkers (SAS-JGR-2)
        return localized(f"stalker {number}", f"{number}号追猎者")
    vehicle = state.rt.tables.vehicle(unit.kind)
    if vehicle is not None:  # "patrol motorcycle (m1)" (SAS-BRD-10 border colours name the role)
        role_en = VEHICLE_ROLE_EN.get(unit.role, unit.role)
        zh = f"{VEHICLE_ROLE_ZH.get(unit.role, '')}{vehicle.name_zh}（{unit.id}）"
        return localized(f"{role_en} {vehicle.name_en.lower()} ({unit.id})", zh)
    colour = f"{unit.colour} " if unit.colour else ""
    zh = f"{COLOUR_ZH.get(unit.colour or '', '')}{ROLE_ZH.get(unit.role, unit.role)}"
    stats = state.rt.tables.units.get(unit.kind)
    if unit.role == "spawned":
        kind = localized(stats.name_en, stats.name_zh) if stats is not None else localized(unit.kind)
        return t("{unit} {id}", unit=kind, id=unit.id)
    if stats is not None and unit.kind not in ("rifle", "smg", "officer"):  # a special unit placed by the mission
        return localized(f"{stats.name_en} ({unit.id})", f"{stats.name_zh}（{unit.id}）")
    return localized(f"{colour}{unit.role} ({unit.id})", f"{zh}（{unit.id}）")

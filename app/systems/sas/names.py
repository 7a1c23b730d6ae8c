"""Display names of operators and Axis units (English and Chinese from the data tables).

Rulebook chapter: §19 unit names (SAS-UNIT), §2 operator boards (SAS-BRD-11) and §29 Jäger stalkers (SAS-JGR-2).
"""

from __future__ import annotations

from app.core.i18n import Text, localized, t
from app.systems.sas.state import SasState

ROLE_ZH = {
    "sentry": "哨兵",
    "patrolman": "巡逻兵",
    "guard": "警卫",
    "officer": "军官",
    "spawned": "增援",
    "stalker": "追猎者",
}
COLOUR_ZH = {"black": "黑色", "white": "白色"}


def name_of(state: SasState, ident: str) -> Text:
    """Name of operator or unit ``ident`` ("Jock Lewes", "black sentry at C4")."""
    boards = state.rt.tables.operators
    if ident in boards:
        return localized(boards[ident].name_en, boards[ident].name_zh)
    unit = state.unit(ident)
    if unit is None:
        return localized(ident)
    head, _, number = unit.id.partition("_")
    if head == "stalker" and number.isdigit():  # the hunter's numbered stalkers (SAS-JGR-2)
        return localized(f"stalker {number}", f"{number}号追猎者")
    colour = f"{unit.colour} " if unit.colour else ""
    zh = f"{COLOUR_ZH.get(unit.colour or '', '')}{ROLE_ZH.get(unit.role, unit.role)}"
    if unit.role == "spawned":
        tables = state.rt.tables
        stats = tables.units.get(unit.kind) or tables.vehicle(unit.kind)
        kind = localized(stats.name_en, stats.name_zh) if stats is not None else localized(unit.kind)
        return t("{unit} {id}", unit=kind, id=unit.id)
    return localized(f"{colour}{unit.role} ({unit.id})", f"{zh}（{unit.id}）")

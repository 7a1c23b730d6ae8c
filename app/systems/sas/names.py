"""Display names of operators and Axis units (English and Chinese from the data tables).

Rulebook chapter: §19 unit names (SAS-UNIT) and §2 operator boards (SAS-BRD-11).
"""

from __future__ import annotations

from app.core.i18n import Text, localized, t
from app.systems.sas.state import SasState

ROLE_ZH = {"sentry": "哨兵", "patrolman": "巡逻兵", "guard": "警卫", "officer": "军官", "spawned": "增援"}
COLOUR_ZH = {"black": "黑色", "white": "白色"}


def name_of(state: SasState, ident: str) -> Text:
    """Name of operator or unit ``ident`` ("Jock Lewes", "black sentry at C4")."""
    boards = state.rt.tables.operators
    if ident in boards:
        return localized(boards[ident].name_en, boards[ident].name_zh)
    unit = state.unit(ident)
    if unit is None:
        return localized(ident)
    vehicle = state.rt.tables.vehicle(unit.kind)
    if vehicle is not None:  # SAS-AVEH: a vehicle is named by its type
        return localized(f"{vehicle.name_en} ({unit.id})", f"{vehicle.name_zh}（{unit.id}）")
    colour = f"{unit.colour} " if unit.colour else ""
    zh = f"{COLOUR_ZH.get(unit.colour or '', '')}{ROLE_ZH.get(unit.role, unit.role)}"
    if unit.role == "spawned":
        return t("{unit} {id}", unit=localized("SMG infantry", "SMG步兵"), id=unit.id)
    return localized(f"{colour}{unit.role} ({unit.id})", f"{zh}（{unit.id}）")

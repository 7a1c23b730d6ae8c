"""The air support tables of ``data/air.json``: the Typhoon's rockets and guns (SAS-SUP-10), validated and cached."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field

from app.systems.sas.tables import Strict, read_data


class AirBlast(Strict):
    """The Typhoon's rocket: a blast like a blind grenade (SAS-SUP-10, SAS-BLAST-2, SAS-BLAST-3)."""

    rolls: int = Field(ge=1)
    target: int = Field(ge=1, le=7)
    scatter: Literal["small", "large"]


class AirGun(Strict):
    """The Typhoon's HMG: several dice sweeping like the Willys guns (SAS-SUP-10, SAS-OVEH-7, SAS-EQ-2)."""

    dice: int = Field(ge=1)
    target: int = Field(ge=1, le=7)
    sweep: bool = True


class TyphoonStats(Strict):
    """The Hawker Typhoon's sheet (SAS-SUP-9, SAS-SUP-10, SAS-SUP-14; values lost with the sheet are proposals,
    OQ-48)."""

    name_en: str
    name_zh: str
    hp: int = Field(ge=1)
    ap: int = Field(ge=1)
    rockets: int = Field(ge=0)
    rocket: AirBlast
    hmg: AirGun
    ground_fire: int = Field(le=0, description="Modifier of every attack from the ground at it (SAS-SUP-11).")
    card_positions: dict[Literal["same", "side", "opposite"], int] = Field(
        description="Typhoon card position from the top of the event deck by entry edge (SAS-SUP-7, SAS-DECK-5)."
    )
    proposed: bool = False
    source: str = ""


class AirTable(Strict):
    """The air support data file."""

    format: Literal["adjutant-sas-air"]
    schema_version: Literal[1]
    note: str = ""
    typhoon: TyphoonStats


@lru_cache(maxsize=1)
def air_table() -> AirTable:
    """The Typhoon's sheet, validated (cached)."""
    return AirTable.model_validate(read_data("air.json"))

"""The toy's scenario file (``system: "toy"``, schema version 2) and its runtime form.

Version 1 called ``track_length`` ``length``: :data:`MIGRATIONS` steps such files forward (the system
declares ``HasMigrations``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from app.core.capabilities import Migration
from app.scenario.base import ScenarioBase
from app.scenario.resources import ResourceError, resolve_ref

SIDES = ("red", "blue")


class ToyCounter(BaseModel):
    """A counter in the scenario file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9]*$")
    side: Literal["red", "blue"]
    start: int = Field(0, ge=0)


class ToyScenario(ScenarioBase):
    """The toy scenario file (``system: "toy"``)."""

    system: Literal["toy"] = "toy"
    track_length: int = Field(12, ge=4, le=60, description="Squares on the track")
    turns: int = Field(20, ge=1, le=5000, description="Number of turns")
    counters: list[ToyCounter] = Field(min_length=2)
    art: str | None = Field(None, description="Optional picture, a reference inside the scenario folder")
    seats: list[Literal["red", "blue"]] | None = Field(
        None, description="Sides a person may play (default: both; the bot plays the others)"
    )

    @field_validator("art")
    @classmethod
    def _art_inside(cls, value: str | None, info: ValidationInfo) -> str | None:
        folder = (info.context or {}).get("folder")
        if value is not None and folder is not None:
            try:
                resolve_ref(value, Path(folder))
            except ResourceError as exc:
                raise ValueError(str(exc)) from exc
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        ids = [c.id for c in self.counters]
        if len(set(ids)) != len(ids):
            raise ValueError("counter ids must be unique")
        if {c.side for c in self.counters} != set(SIDES):
            raise ValueError("both sides need at least one counter")
        if any(c.start >= self.track_length for c in self.counters):
            raise ValueError("a counter starts beyond the track")
        return self


def _from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 → 2: ``length`` was renamed ``track_length``."""
    if "length" in data:
        data["track_length"] = data.pop("length")
    return data


MIGRATIONS: Mapping[int, Migration] = {1: _from_v1}


@dataclass(frozen=True)
class ToyRuntime:
    """The scenario ready to play."""

    length: int
    turns: int
    counters: tuple[tuple[str, str, int], ...]

"""Area-map board files (Rise and Fall of the Third Reich, TR-MAP-1, TR-MAP-2, TR-MAP-3).

Areas are named polygons in map units (x right, y down). Two areas are adjacent when their outlines
share a border segment (TR-MAP-3: touching at a point is not adjacency), so neighbouring polygons must
repeat the exact same vertices along their common border. Links add adjacency across water.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.core.defaults import new_list
from app.geometry.areas import AreaMap
from app.geometry.tiles import Mark
from app.scenario.board_problems import Problem, raise_problems


class AreaSpec(BaseModel):
    """One named area."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    id: str = Field(pattern=r"^[a-z0-9_]+$", description="Area id used by scenarios.")
    name_en: str = Field(description="English name (printed label).")
    name_zh: str = Field(description="Chinese name.")
    polygon: list[tuple[float, float]] = Field(min_length=3, description="Outline points [x, y], not closed.")
    terrain: str = Field("land", pattern=r"^[a-z_]+$", description="Area type, e.g. land or sea.")
    label_at: tuple[float, float] | None = Field(None, description="Where to print the name (default: centre).")


class AreaLinkSpec(BaseModel):
    """Adjacency between two areas that is not a shared border (a sea crossing, a strait)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    a: str = Field(description="Area id.")
    b: str = Field(description="Area id.")
    kind: str = Field(pattern=r"^[a-z_]+$", description="Link kind, e.g. sea_crossing, strait.")


class AreaMapSpec(BaseModel):
    """An area map (``kind: "area"``)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    kind: Literal["area"] = Field(description="Board kind.")
    name_en: str = Field("", description="English map name.")
    name_zh: str = Field("", description="Chinese map name.")
    areas: list[AreaSpec] = Field(min_length=1, description="The areas.")
    links: list[AreaLinkSpec] = Field(default_factory=new_list, description="Extra adjacencies.")

    @model_validator(mode="after")
    def _ids(self) -> Self:
        problems: list[Problem] = []
        seen: set[str] = set()
        for index, area in enumerate(self.areas):
            if area.id in seen:
                problems.append((("areas", index, "id"), f"duplicate area id {area.id!r}"))
            seen.add(area.id)
        for index, link in enumerate(self.links):
            problems += [
                (("links", index, f), f"no area {getattr(link, f)!r}") for f in "ab" if getattr(link, f) not in seen
            ]
        raise_problems("AreaMapSpec", problems)
        return self


@dataclass(frozen=True)
class AreaParts:
    """What an area map builds into (assembled into a ``Board`` by ``app.scenario.boards``)."""

    topology: AreaMap
    marks: dict[str, tuple[Mark, ...]]


def build_area_parts(spec: AreaMapSpec) -> AreaParts:
    """Build the area map and one ``"name"`` mark per area (English/Chinese names, label point).

    Raises:
        GeometryError: A polygon is invalid or two areas overlap.
    """
    topology = AreaMap(
        {a.id: a.polygon for a in spec.areas},
        {a.id: a.terrain for a in spec.areas},
        [(link.a, link.b, link.kind) for link in spec.links],
        {a.id: a.name_en for a in spec.areas},
    )
    marks: dict[str, tuple[Mark, ...]] = {}
    for area in spec.areas:
        label_at = area.label_at or topology.centre(area.id)
        props = (("name_en", area.name_en), ("name_zh", area.name_zh), ("label_at", label_at))
        marks[area.id] = (Mark("name", (), props),)
    return AreaParts(topology, marks)

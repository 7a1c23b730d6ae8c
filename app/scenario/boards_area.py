"""Area-map board files (Rise and Fall of the Third Reich, TR-MAP-1, TR-MAP-2, TR-MAP-3).

Areas are named polygons in map units (x right, y down). Two areas are adjacent when their outlines
share a border segment (TR-MAP-3: touching at a point is not adjacency), so neighbouring polygons must
repeat the exact same vertices along their common border. Links add adjacency across water.

The shared borders and centres of a bundled map are stored in ``resources/boards/layouts/`` under a key made
from its outlines (:func:`layout_key`): a map whose outlines match one opens without shapely; any other map
(edited, imported, or a stored layout gone stale) is computed and checked as before. ``packaging/area_layouts.py``
writes them; tests/scenario/test_area_layouts.py checks they equal what the outlines give.
"""

from __future__ import annotations

import hashlib
import json
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.core.datafile import DataFileError, read_json_file
from app.core.defaults import new_list
from app.geometry.areas import LAYOUT_VERSION, AreaLayout, AreaMap
from app.geometry.tiles import Mark
from app.scenario.board_problems import Problem, raise_problems
from app.scenario.resources import RESOURCES

LAYOUTS = RESOURCES / "boards" / "layouts"


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
    topology = area_map(spec, stored_layout(spec))
    marks: dict[str, tuple[Mark, ...]] = {}
    for area in spec.areas:
        label_at = area.label_at or topology.centre(area.id)
        props = (("name_en", area.name_en), ("name_zh", area.name_zh), ("label_at", label_at))
        marks[area.id] = (Mark("name", (), props),)
    return AreaParts(topology, marks)


def area_map(spec: AreaMapSpec, layout: AreaLayout | None) -> AreaMap:
    """The topology of ``spec``: from ``layout`` when given, else computed from the outlines (and checked)."""
    return AreaMap(
        {a.id: a.polygon for a in spec.areas},
        {a.id: a.terrain for a in spec.areas},
        [(link.a, link.b, link.kind) for link in spec.links],
        {a.id: a.name_en for a in spec.areas},
        layout,
    )


def layout_key(spec: AreaMapSpec) -> str:
    """The key of a map's stored layout: a hash of its area ids and outline points (and the layout version)."""
    digest = hashlib.sha256(f"area layout {LAYOUT_VERSION}".encode())
    for area in spec.areas:
        points = array("d", [value for point in area.polygon for value in point])  # exact: a float's 8 bytes
        digest.update(f"\n{area.id} {len(points)}\n".encode())
        digest.update(points.tobytes())
    return digest.hexdigest()


def layout_path(spec: AreaMapSpec, folder: Path = LAYOUTS) -> Path:
    """Where the layout of ``spec``'s outlines is stored."""
    return folder / f"{layout_key(spec)[:40]}.json"


def stored_layout(spec: AreaMapSpec, folder: Path = LAYOUTS) -> AreaLayout | None:
    """The stored layout of ``spec``'s outlines, or ``None`` (none stored, or unreadable: then it is computed)."""
    path = layout_path(spec, folder)
    if not path.is_file():
        return None
    try:
        return _layout_from_json(read_json_file(path))
    except (DataFileError, KeyError, TypeError, ValueError):
        return None


def write_layout(spec: AreaMapSpec, folder: Path = LAYOUTS) -> Path:
    """Compute the layout of ``spec``'s outlines (checking them) and store it; return the file written.

    Raises:
        GeometryError: A polygon is invalid or two areas overlap.
    """
    layout = area_map(spec, None).layout()
    borders = [json.dumps([a, b, None if seg is None else [*seg[0], *seg[1]]]) for a, b, seg in layout.borders]
    centres = [f"{json.dumps(a)}: {json.dumps(list(point))}" for a, point in layout.centres.items()]
    path = layout_path(spec, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "{\n" + ' "borders": [\n  ' + ",\n  ".join(borders) + "\n ],\n"
    text += ' "centres": {\n  ' + ",\n  ".join(centres) + "\n }\n}\n"
    path.write_text(text, encoding="utf-8")
    return path


def _layout_from_json(data: Any) -> AreaLayout:
    borders = tuple(
        (str(a), str(b), None if seg is None else ((float(seg[0]), float(seg[1])), (float(seg[2]), float(seg[3]))))
        for a, b, seg in data["borders"]
    )
    centres = {str(a): (float(x), float(y)) for a, (x, y) in data["centres"].items()}
    return AreaLayout(borders, centres)

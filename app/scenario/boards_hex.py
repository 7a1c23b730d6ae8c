"""Hex-map board files (Typhoon, Commands & Colors: Ancients, LnLT).

Hexes are named by their printed IDs (``id_format`` applied to 1-based column and row numbers, e.g.
``"0508"``). Terrain, hexside features, roads, railways, named places and command sections are all
given by those IDs; :func:`build_hex_parts` turns them into a geometry :class:`HexGrid`.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from app.core.defaults import new_dict, new_list
from app.geometry.hexgrid import HexGrid
from app.geometry.tiles import Mark
from app.geometry.topology import EdgeFeature, GeometryError
from app.scenario.board_problems import Problem, raise_problems

Hex = tuple[int, int]
ID_FORMAT = r"^(?:[A-Za-z0-9 ,._-]|\{(?:col|row)(?::0?[1-9]d)?\})*$"
"""The grammar of ``id_format``: literal characters and ``{col}``/``{row}`` with an optional small width."""

SHORT_LINES = "short_shoved_lines"
"""``present`` value: every shoved row (pointy) or column (flat) has one hex fewer (C&C boards)."""

_EPS = 1e-6


class HexsideSpec(BaseModel):
    """A feature on the hexside between two neighbouring hexes."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    a: str = Field(description="Printed ID of one hex.")
    b: str = Field(description="Printed ID of the neighbouring hex.")
    kind: str = Field(
        pattern=r"^[a-z_]+$",
        description="Feature, e.g. river, major_river, bridge, ford, prohibited, rampart_front.",
    )


class HexMarkSpec(BaseModel):
    """Something printed in a hex on top of its terrain: a town name, a supply source, a fort."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    at: str = Field(description="Printed ID of the hex.")
    kind: str = Field(pattern=r"^[a-z_]+$", description="Mark kind, e.g. town, supply_source, fortified.")
    name_en: str | None = Field(None, description="English place name.")
    name_zh: str | None = Field(None, description="Chinese place name.")
    side: str | None = Field(None, description="Owning side, e.g. for supply sources ('axis', 'soviet').")


class SectionLines(BaseModel):
    """Command sections cut by vertical lines (C&C dotted lines, CCA-BOARD-2, CCA-BOARD-3).

    A line at position ``p`` lies ``p`` column pitches right of the board's left edge (pitch: the
    horizontal distance between neighbouring hex centres in a row, or between columns for flat hexes).
    A hex belongs to every section its outline reaches into, so a hex a line cuts belongs to both.
    """

    model_config = ConfigDict(extra="forbid", defer_build=True)

    lines: list[float] = Field(description="Line positions, left to right, in column pitches.")
    names: list[str] = Field(description="Section names left to right (one more than lines).")

    @model_validator(mode="after")
    def _count(self) -> Self:
        if len(self.names) != len(self.lines) + 1 or self.lines != sorted(self.lines):
            raise ValueError("give sorted lines and exactly one more name than lines")
        return self


class HexMapSpec(BaseModel):
    """A hex map (``kind: "hex"``)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    kind: Literal["hex"] = Field(description="Board kind.")
    name_en: str = Field("", description="English map name.")
    name_zh: str = Field("", description="Chinese map name.")
    orientation: Literal["flat", "pointy"] = Field(description="flat-top (columns) or pointy-top (rows).")
    offset: Literal["odd", "even"] = Field(description="Which 0-based columns (flat) or rows (pointy) are shoved.")
    columns: int = Field(ge=1, le=200, description="Number of hex columns.")
    rows: int = Field(ge=1, le=200, description="Number of hex rows.")
    id_format: str = Field(
        "{col:02d}{row:02d}",
        max_length=40,
        description="Printed ID format: letters, digits, ' ,.-_' and the fields {col} or {row}, optionally "
        "zero-padded to 1-9 digits as {col:02d} (a fixed grammar, not a Python format string).",
    )

    @field_validator("id_format")
    @classmethod
    def _id_grammar(cls, value: str) -> str:
        if re.fullmatch(ID_FORMAT, value) is None:
            raise ValueError(
                "use only letters, digits, spaces, ',.-_' and the fields {col} and {row}, optionally padded "
                "as {col:02d} (1-9 digits)"
            )
        return value

    first_col: int = Field(1, ge=-999, le=999, description="Printed number of the first column.")
    first_row: int = Field(1, ge=-999, le=999, description="Printed number of the first row.")
    present: list[str] | Literal["all", "short_shoved_lines"] = Field(
        "all",
        description="Hexes that exist: 'all', 'short_shoved_lines' (shoved rows/columns one hex shorter) "
        "or a list of printed IDs.",
    )
    default_terrain: str = Field("clear", description="Terrain of hexes not listed in 'terrain'.")
    terrain: dict[str, str] = Field(default_factory=new_dict, description="Terrain by printed hex ID.")
    hexsides: list[HexsideSpec] = Field(default_factory=new_list, description="Hexside features.")
    roads: list[list[str]] = Field(default_factory=new_list, description="Roads as paths of neighbouring hex IDs.")
    railways: list[list[str]] = Field(default_factory=new_list, description="Railways as paths of hex IDs.")
    marks: list[HexMarkSpec] = Field(default_factory=new_list, description="Towns, supply sources, forts, …")
    sections: dict[str, list[str]] | SectionLines | None = Field(
        None, description="Command sections: hex ID lists by name, or dividing lines."
    )
    areas: dict[str, list[str]] = Field(
        default_factory=new_dict,
        description="Named groups of hexes printed on the map, e.g. initial set-up areas by army (TY-MAP-2).",
    )

    @model_validator(mode="after")
    def _hexes_exist(self) -> Self:
        try:
            grid = _grid_frame(self)
        except (GeometryError, KeyError, ValueError, IndexError) as exc:
            raise ValueError(f"bad hex layout: {exc}") from exc
        raise_problems("HexMapSpec", _problems(self, grid))
        return self


def _grid_frame(
    spec: HexMapSpec,
    terrain: dict[Hex, str] | None = None,
    hexsides: dict[frozenset[Hex], tuple[EdgeFeature, ...]] | None = None,
) -> HexGrid:
    """Build the grid for ``spec`` (terrain and hexsides optional)."""
    frame = _make_grid(spec, None, None, None)
    present: list[Hex] = list(frame.locations())
    if spec.present == SHORT_LINES:
        present = [h for h in frame.locations() if not _short_line_gap(frame, h)]
    elif isinstance(spec.present, list):
        present = [frame.from_label(label) for label in spec.present]
    return _make_grid(spec, terrain, present, hexsides)


def _make_grid(
    spec: HexMapSpec,
    terrain: dict[Hex, str] | None,
    present: list[Hex] | None,
    hexsides: dict[frozenset[Hex], tuple[EdgeFeature, ...]] | None,
) -> HexGrid:
    return HexGrid(
        spec.orientation,
        spec.offset,
        spec.columns,
        spec.rows,
        terrain,
        present,
        hexsides,
        id_format=spec.id_format,
        first_col=spec.first_col,
        first_row=spec.first_row,
    )


def _short_line_gap(frame: HexGrid, h: Hex) -> bool:
    """Return whether ``h`` is the last hex of a shoved row/column (absent on C&C-style boards)."""
    col, row = frame.to_offset(h)
    line, last = (row, col == frame.columns - 1) if frame.orientation == "pointy" else (col, row == frame.rows - 1)
    shoved = (line & 1) == (1 if frame.offset == "odd" else 0)
    return last and shoved


def _problems(spec: HexMapSpec, grid: HexGrid) -> list[Problem]:
    known = {grid.label(h): h for h in grid.locations()}
    problems: list[Problem] = [(("terrain", k), f"no hex {k!r}") for k in spec.terrain if k not in known]
    for index, side in enumerate(spec.hexsides):
        problems += [
            (("hexsides", index, f), f"no hex {getattr(side, f)!r}") for f in "ab" if getattr(side, f) not in known
        ]
        if side.a in known and side.b in known and grid.direction_index(known[side.a], known[side.b]) is None:
            problems.append((("hexsides", index), f"hexes {side.a} and {side.b} are not neighbours"))
    for field in ("roads", "railways"):
        for index, path in enumerate(getattr(spec, field)):
            problems += _path_problems(grid, known, (field, index), path)
    problems += [(("marks", i, "at"), f"no hex {m.at!r}") for i, m in enumerate(spec.marks) if m.at not in known]
    groups = [("areas", spec.areas), ("sections", spec.sections if isinstance(spec.sections, dict) else {})]
    for field, named in groups:
        for name, labels in named.items():
            problems += [((field, name), f"no hex {x!r}") for x in labels if x not in known]
    return problems


def _path_problems(grid: HexGrid, known: dict[str, Hex], loc: tuple[str, int], path: list[str]) -> list[Problem]:
    missing: list[Problem] = [((*loc, i), f"no hex {label!r}") for i, label in enumerate(path) if label not in known]
    if missing:
        return missing
    if len(path) < 2:
        return [(loc, "a path needs at least two hexes")]
    return [
        ((*loc, i + 1), f"{b} does not neighbour {a}")
        for i, (a, b) in enumerate(itertools.pairwise(path))
        if grid.direction_index(known[a], known[b]) is None
    ]


@dataclass(frozen=True)
class HexParts:
    """What a hex map builds into (assembled into a ``Board`` by ``app.scenario.boards``)."""

    grid: HexGrid
    marks: dict[Hex, tuple[Mark, ...]]
    roads: list[list[Hex]]
    railways: list[list[Hex]]
    sections: dict[str, frozenset[Hex]]


def build_hex_parts(spec: HexMapSpec) -> HexParts:
    """Build the hex grid, marks, road/rail paths and sections of a validated hex map."""
    frame = _grid_frame(spec)
    known = {frame.label(h): h for h in frame.locations()}
    terrain = {h: spec.terrain.get(label, spec.default_terrain) for label, h in known.items()}
    sides: dict[frozenset[Hex], tuple[EdgeFeature, ...]] = {}
    for side in spec.hexsides:
        key = frozenset((known[side.a], known[side.b]))
        sides[key] = (*sides.get(key, ()), EdgeFeature(side.kind))
    grid = _grid_frame(spec, terrain, sides)
    marks: dict[Hex, tuple[Mark, ...]] = {}
    for mark in spec.marks:
        props = tuple((k, v) for k in ("name_en", "name_zh", "side") if (v := getattr(mark, k)) is not None)
        marks[known[mark.at]] = (*marks.get(known[mark.at], ()), Mark(mark.kind, (), props))
    return HexParts(
        grid=grid,
        marks=marks,
        roads=[[known[label] for label in path] for path in spec.roads],
        railways=[[known[label] for label in path] for path in spec.railways],
        sections=_sections(spec, grid, known),
    )


def _sections(spec: HexMapSpec, grid: HexGrid, known: dict[str, Hex]) -> dict[str, frozenset[Hex]]:
    if spec.sections is None:
        return {}
    if isinstance(spec.sections, dict):
        return {name: frozenset(known[x] for x in labels) for name, labels in spec.sections.items()}
    left = grid.bounds()[0]
    a, b = grid.from_offset(0, 0), grid.from_offset(1, 0)
    pitch = abs(grid.centre(b)[0] - grid.centre(a)[0])
    cuts = [float("-inf"), *(left + pitch * p for p in spec.sections.lines), float("inf")]
    found: dict[str, set[Hex]] = {name: set() for name in spec.sections.names}
    for h in grid.locations():
        xs = [x for x, _ in grid.polygon(h)]
        for name, lo, hi in zip(spec.sections.names, cuts, cuts[1:], strict=False):
            if min(xs) < hi - _EPS and max(xs) > lo + _EPS:
                found[name].add(h)
    return {name: frozenset(hexes) for name, hexes in found.items()}

"""The tile editor's model (no Qt): a tile library document and the edits a player makes to encode a tile.

A player who owns a physical copy of SAS: Rogue Regiment encodes its tiles once (SAS-BRD): the size, the
terrain of every square (the row characters of :data:`~app.systems.sas.tiles.checks.LEGEND`), the features
on square sides (walls, hedges, windows, doors, high walls and their grapple points) and the printed marks
(sentry points with their arrows, patrol lines with both start points, guard and officer positions, spawn
spots, rooms, objectives). Every edit is one undo step of a :class:`~app.scenario.editor.document.Document`
over the library's JSON; the library is checked exactly as the loader checks it, and its problems are
located on the squares of the tile side they concern.

Edge features are stored back as straight runs (``from``/``to``) in a fixed order whenever one is drawn or
erased, so a drawn wall of eight squares is one line of the file and saving twice gives the same bytes.
"""

from __future__ import annotations

import copy
import itertools
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from app.core.i18n import Text, localized, t
from app.core.saves import write_atomic
from app.geometry.tiles import Placement, assemble
from app.scenario.boards import Board
from app.scenario.boards_tiled import TiledBoardSpec
from app.scenario.editor.canonical import canonical_text
from app.scenario.editor.document import Document, EditError, JsonPath, json_path_text
from app.scenario.editor.plugin import Finding, parse_json_path
from app.scenario.loading import read_json
from app.systems.sas.tiles.checks import LEGEND, canonical_edge, direction_between, square_name
from app.systems.sas.tiles.library import EdgeSpec, MarkSpec, TileLibrary, TileSideSpec, side_grid

Square = tuple[int, int]
SideName = Literal["A", "B"]
EDGE_KINDS = ("low_wall", "hedge", "window", "door", "high_wall", "building_wall")
"""Edge features a player can draw (SAS-TER-5, SAS-TER-6, SAS-TER-7, SAS-TER-8, SAS-TER-9, SAS-TER-10, SAS-TER-11,
SAS-TER-12, SAS-TER-13)."""
EDGE_NAMES = {
    "low_wall": "Low wall",
    "hedge": "Hedge",
    "window": "Window",
    "door": "Door",
    "high_wall": "High wall",
    "building_wall": "Building wall",
}
"""Display names of the edge features (translated with ``t``)."""
MARK_KINDS = ("sentry", "guard", "officer", "spawn", "entry_exit", "room", "objective", "fuel_barrel", "vehicle_spot")
"""Marks placed with one click; patrol lines are drawn as strokes (:meth:`TileEditor.draw_patrol`)."""
TILE_KINDS = ("map", "spawn", "entry_exit", "supply_dump")
TERRAIN_NAMES = {
    "regular": "Open ground",
    "road": "Road",
    "rail": "Railway",
    "water": "Water",
    "forest": "Forest",
    "rock": "Rock",
    "building": "Building",
    "crate": "Crates",
    "supply_dump": "Supply dump",
    "bridge": "Bridge",
}
"""Display names of the terrains of :data:`LEGEND` (translated with ``t``)."""
MARK_NAMES = {
    "sentry": "Sentry point",
    "guard": "Guard position",
    "officer": "Officer position",
    "spawn": "Spawn spot",
    "entry_exit": "Entry/exit square",
    "room": "Room name",
    "objective": "Objective",
    "fuel_barrel": "Fuel barrel",
    "vehicle_spot": "Vehicle spot",
    "patrol_line": "Patrol line",
    "patrol_start": "Patrol start point",
}
"""Display names of the marks (translated with ``t``)."""
_TURN = {"N": "E", "E": "S", "S": "W", "W": "N"}
_DEFAULT_MARKS: dict[str, dict[str, Any]] = {
    "sentry": {"colour": "black", "arrows": ["S"], "solid": "S"},
    "guard": {"facing": "S"},
    "officer": {"facing": "S"},
    "spawn": {"colour": "black", "row": "front"},
    "entry_exit": {},
    "room": {"label": "Room"},
    "objective": {},
    "fuel_barrel": {},
    "vehicle_spot": {"facing": "S"},
}


@cache
def library_schema() -> dict[str, Any]:
    """The JSON Schema of tile libraries (orders the keys of saved files)."""
    return TileLibrary.model_json_schema()


def new_library(library_id: str = "my_tiles", name: str = "My tiles") -> dict[str, Any]:
    """An empty tile library."""
    return {"format": "adjutant-tiles", "schema_version": 1, "id": library_id, "name": name, "tiles": []}


def blank_side(width: int, height: int) -> dict[str, Any]:
    """A tile side of open ground."""
    return {"rows": ["." * width for _ in range(height)], "edges": [], "marks": []}


@dataclass(frozen=True)
class EdgeRef:
    """One square side on a tile: ``square`` is inside the tile (a boundary edge keeps its outer side)."""

    square: Square
    side: str

    def key(self) -> tuple[int, int, str]:
        """The edge's name shared by both squares it separates."""
        return canonical_edge(self.square, self.side)


def nearest_edge(x: float, y: float, width: int, height: int, sides: str = "NESW") -> EdgeRef:
    """The square side (among ``sides``) nearest to the point (``x``, ``y``), in squares, on a ``width`` × ``height``
    tile."""
    col = min(max(math.floor(x), 0), width - 1)
    row = min(max(math.floor(y), 0), height - 1)
    fx, fy = x - col, y - row
    distances = {"W": abs(fx), "E": abs(1 - fx), "N": abs(fy), "S": abs(1 - fy)}
    side = min(sides, key=lambda k: (distances[k], "NWES".index(k)))
    return EdgeRef((col, row), side)


def stroke_edges(points: list[tuple[float, float]], width: int, height: int) -> list[EdgeRef]:
    """The square sides a mouse stroke runs along: a mostly horizontal stroke draws on north/south sides, a
    mostly vertical one on east/west sides, a click on the nearest side; each edge once, in stroke order."""
    if not points:
        return []
    (x0, y0), (x1, y1) = points[0], points[-1]
    sides = "NESW" if len(points) == 1 else ("NS" if abs(x1 - x0) >= abs(y1 - y0) else "EW")
    dense: list[tuple[float, float]] = [points[0]]
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        steps = max(1, math.ceil(max(abs(bx - ax), abs(by - ay)) / 0.25))
        dense += [(ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps) for k in range(1, steps + 1)]
    refs: dict[tuple[int, int, str], EdgeRef] = {}
    for x, y in dense:
        ref = nearest_edge(x, y, width, height, sides)
        refs.setdefault(ref.key(), ref)
    return list(refs.values())


def _inside_ref(key: tuple[int, int, str], width: int, height: int) -> EdgeRef | None:
    """The spelling of a canonical edge (x, y, E|S) with its square inside the tile (None: not on the tile)."""
    x, y, side = key
    if 0 <= x < width and 0 <= y < height:
        return EdgeRef((x, y), side)
    other = (x + 1, y, "W") if side == "E" else (x, y + 1, "N")
    if 0 <= other[0] < width and 0 <= other[1] < height:
        return EdgeRef((other[0], other[1]), other[2])
    return None


Feature = tuple[str, bool]  # kind, grapple


def edge_table(edges: list[dict[str, Any]]) -> dict[tuple[int, int, str], Feature]:
    """Every edge of a side's ``edges`` list, later entries replacing earlier ones (as the loader lays them)."""
    table: dict[tuple[int, int, str], Feature] = {}
    for raw in edges:
        try:
            spec = EdgeSpec.model_validate(raw)
        except ValidationError:
            continue
        for square in spec.squares():
            table[canonical_edge(square, spec.side)] = (spec.kind, spec.grapple)
    return table


def edge_runs(table: dict[tuple[int, int, str], Feature], width: int, height: int) -> list[dict[str, Any]]:
    """The edges of ``table`` as straight runs in a stable order (kind, then top-to-bottom, left-to-right)."""
    refs: dict[tuple[Feature, str], list[Square]] = {}
    for key, feature in table.items():
        ref = _inside_ref(key, width, height)
        if ref is not None:
            refs.setdefault((feature, ref.side), []).append(ref.square)
    out: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    for ((kind, grapple), side), squares in refs.items():
        along_column = side in ("E", "W")
        squares.sort(key=lambda s: (s[0], s[1]) if along_column else (s[1], s[0]))
        runs: list[list[Square]] = []
        for sq in squares:
            last = runs[-1][-1] if runs else None
            step = (0, 1) if along_column else (1, 0)
            if last is not None and (last[0] + step[0], last[1] + step[1]) == sq:
                runs[-1].append(sq)
            else:
                runs.append([sq])
        for run in runs:
            entry: dict[str, Any] = (
                {"at": square_name(run[0])}
                if len(run) == 1
                else {"from": square_name(run[0]), "to": square_name(run[-1])}
            )
            entry |= {"side": side, "kind": kind}
            if grapple:
                entry["grapple"] = True
            order = (EDGE_KINDS.index(kind), grapple, run[0][1], run[0][0], side)
            out.append((order, entry))
    out.sort(key=lambda pair: pair[0])
    return [entry for _order, entry in out]


class TileEditor:
    """Edits one tile library document (see the module docstring)."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc

    @classmethod
    def new(cls) -> TileEditor:
        """An editor on a new, empty library."""
        return cls(Document(new_library()))

    @classmethod
    def open(cls, path: Path, *, as_copy: bool = False) -> TileEditor:
        """Open a library file (``as_copy``: the document has no file yet, e.g. to extend the bundled one)."""
        data = read_json(path)
        if not isinstance(data, dict):
            raise EditError(f"{path}: expected a tile library (a JSON object)")
        return cls(Document(data, None if as_copy else path))

    # --- reading ------------------------------------------------------------------------------------
    @property
    def tiles(self) -> list[dict[str, Any]]:
        """The tiles of the library (read only)."""
        tiles = self.doc.data.get("tiles")
        return tiles if isinstance(tiles, list) else []

    def tile(self, index: int) -> dict[str, Any]:
        """Tile ``index``."""
        try:
            return self.tiles[index]
        except IndexError:
            raise EditError(f"the library has no tile {index}") from None

    def size(self, index: int) -> tuple[int, int]:
        """(width, height) of tile ``index``."""
        size = self.tile(index).get("size", [1, 1])
        return int(size[0]), int(size[1])

    def side(self, index: int, side: SideName) -> dict[str, Any]:
        """One side's data."""
        sides = self.tile(index).get("sides", {})
        if side not in sides:
            raise EditError(f"tile {self.tile(index).get('id')!r} has no side {side}")
        return sides[side]  # type: ignore[no-any-return]

    def _inside(self, index: int, squares: list[Square]) -> None:
        width, height = self.size(index)
        for x, y in squares:
            if not (0 <= x < width and 0 <= y < height):
                raise EditError(f"square {(x, y)} is not on the {width}×{height} tile")

    # --- tiles --------------------------------------------------------------------------------------
    def add_tile(
        self, tile_id: str, size: tuple[int, int], *, name_en: str = "", name_zh: str = "", kind: str = "map"
    ) -> int:
        """Add a blank double-sided tile of ``size`` (width, height) squares; returns its index."""
        width, height = size
        if any(tile.get("id") == tile_id for tile in self.tiles):
            raise EditError(f"the library already has a tile {tile_id!r}")
        if not (1 <= width <= 26 and 1 <= height <= 99):
            raise EditError("a tile is 1 to 26 squares wide and 1 to 99 high")
        if kind not in TILE_KINDS:
            raise EditError(f"unknown tile kind {kind!r}")
        tile = {
            "id": tile_id,
            "name_en": name_en,
            "name_zh": name_zh,
            "size": [width, height],
            "kind": kind,
            "sides": {"A": blank_side(width, height), "B": blank_side(width, height)},
        }
        with self.doc.transaction(t("New tile {tile}", tile=tile_id)) as tx:
            return tx.append(("tiles",), tile)

    def copy_tile(self, index: int, tile_id: str) -> int:
        """Add a copy of tile ``index`` under a new id; returns its index."""
        if any(tile.get("id") == tile_id for tile in self.tiles):
            raise EditError(f"the library already has a tile {tile_id!r}")
        tile = copy.deepcopy(self.tile(index)) | {"id": tile_id}
        with self.doc.transaction(t("Copy tile {tile}", tile=tile_id)) as tx:
            return tx.append(("tiles",), tile)

    def remove_tile(self, index: int) -> None:
        """Delete tile ``index``."""
        name = str(self.tile(index).get("id"))
        with self.doc.transaction(t("Delete tile {tile}", tile=name)) as tx:
            tx.remove(("tiles",), index)

    # --- squares ------------------------------------------------------------------------------------
    def paint(self, index: int, side: SideName, squares: list[Square], char: str) -> None:
        """Give every square of ``squares`` the terrain of legend character ``char`` (one undo step)."""
        if char not in LEGEND:
            raise EditError(f"unknown terrain character {char!r}")
        self._inside(index, squares)
        rows = list(self.side(index, side)["rows"])
        width, _height = self.size(index)
        for x, y in squares:
            row = rows[y].ljust(width, ".")
            rows[y] = row[:x] + char + row[x + 1 :]
        with self.doc.transaction(t("Paint {terrain}", terrain=t(TERRAIN_NAMES[LEGEND[char]]))) as tx:
            tx.set(("tiles", index, "sides", side, "rows"), rows)

    # --- edges --------------------------------------------------------------------------------------
    def set_edges(
        self, index: int, side: SideName, refs: list[EdgeRef], kind: str | None, *, grapple: bool = False
    ) -> None:
        """Draw ``kind`` on every edge of ``refs`` (None erases them); the side's edges are stored as runs."""
        if kind is not None and kind not in EDGE_KINDS:
            raise EditError(f"unknown edge feature {kind!r}")
        if grapple and kind != "high_wall":
            raise EditError("grapple points are drawn on high walls (SAS-TER-13)")
        self._inside(index, [ref.square for ref in refs])
        width, height = self.size(index)
        data = self.side(index, side)
        table = edge_table(list(data.get("edges", [])))
        for ref in refs:
            if kind is None:
                table.pop(ref.key(), None)
            else:
                table[ref.key()] = (kind, grapple)
        label = t("Erase edges") if kind is None else t("Draw {feature}", feature=t(EDGE_NAMES[kind]))
        with self.doc.transaction(label) as tx:
            tx.set(("tiles", index, "sides", side, "edges"), edge_runs(table, width, height))

    # --- marks --------------------------------------------------------------------------------------
    def marks_at(self, index: int, side: SideName, square: Square) -> list[int]:
        """Indexes of the marks printed on ``square`` (patrol lines: any square of the line)."""
        name = square_name(square)
        found = []
        for i, mark in enumerate(self.side(index, side).get("marks", [])):
            if mark.get("at") == name or name in (mark.get("path") or []):
                found.append(i)
        return found

    def add_mark(self, index: int, side: SideName, kind: str, square: Square, **props: Any) -> int:
        """Print a mark on ``square`` with the usual defaults (a sentry looks south with one arrow, …)."""
        if kind not in MARK_KINDS:
            raise EditError(f"unknown mark {kind!r}")
        self._inside(index, [square])
        mark = {"kind": kind, "at": square_name(square)} | copy.deepcopy(_DEFAULT_MARKS[kind]) | props
        with self.doc.transaction(t("Place {mark}", mark=t(MARK_NAMES[kind]))) as tx:
            return tx.append(("tiles", index, "sides", side, "marks"), mark)

    def remove_marks(self, index: int, side: SideName, square: Square) -> int:
        """Remove every mark on ``square`` (a patrol line goes with its start points); returns how many."""
        marks = self.side(index, side).get("marks", [])
        doomed = set(self.marks_at(index, side, square))
        lines = {marks[i].get("line") for i in doomed if marks[i].get("kind") in ("patrol_line", "patrol_start")}
        doomed |= {i for i, m in enumerate(marks) if m.get("line") in lines - {None}}
        if not doomed:
            return 0
        with self.doc.transaction(t("Remove marks")) as tx:
            for i in sorted(doomed, reverse=True):
                tx.remove(("tiles", index, "sides", side, "marks"), i)
        return len(doomed)

    def turn_mark(self, index: int, side: SideName, mark_index: int) -> None:
        """Turn a mark a quarter clockwise: its facing, or all its arrows and its solid arrow (SAS-BRD-4)."""
        path: JsonPath = ("tiles", index, "sides", side, "marks", mark_index)
        mark = self.doc.get(path)
        turned = copy.deepcopy(mark)
        for key in ("facing", "solid"):
            if key in turned:
                turned[key] = _TURN[turned[key]]
        if "arrows" in turned and turned.get("kind") != "patrol_start":
            turned["arrows"] = [_TURN[a] for a in turned["arrows"]]
        if turned == mark:
            raise EditError(f"a {mark.get('kind')} mark has no facing to turn")
        kind = str(mark.get("kind"))
        name = t(MARK_NAMES[kind]) if kind in MARK_NAMES else localized(kind)
        with self.doc.transaction(t("Turn {mark}", mark=name)) as tx:
            tx.set(path, turned)

    def draw_patrol(self, index: int, side: SideName, path: list[Square], colour: str) -> str:
        """A patrol line along ``path`` with a start point at each end facing along it (SAS-BRD-5); its id."""
        steps = [sq for i, sq in enumerate(path) if i == 0 or sq != path[i - 1]]
        if len(steps) < 2:
            raise EditError("drag across at least two squares to draw a patrol line")
        if colour not in ("black", "white"):
            raise EditError("a patrol line is black or white")
        self._inside(index, steps)
        for a, b in itertools.pairwise(steps):
            if direction_between(a, b) is None:
                raise EditError(f"{square_name(a)} and {square_name(b)} are not side by side")
        used = {m.get("line") for m in self.side(index, side).get("marks", [])}
        number = 1
        while f"{colour[0]}{number}" in used:
            number += 1
        line = f"{colour[0]}{number}"
        names = [square_name(sq) for sq in steps]
        first = direction_between(steps[0], steps[1]) or "N"
        last = direction_between(steps[-1], steps[-2]) or "N"
        marks = [
            {"kind": "patrol_line", "line": line, "colour": colour, "path": names},
            {"kind": "patrol_start", "at": names[0], "line": line, "colour": colour, "arrows": [first]},
            {"kind": "patrol_start", "at": names[-1], "line": line, "colour": colour, "arrows": [last]},
        ]
        with self.doc.transaction(t("Draw patrol line {line}", line=line)) as tx:
            for mark in marks:
                tx.append(("tiles", index, "sides", side, "marks"), mark)
        return line

    # --- checking, preview, saving ------------------------------------------------------------------
    def findings(self) -> list[Finding]:
        """Every problem of the library as the loader reports it, located on its square where possible."""
        try:
            TileLibrary.model_validate(self.doc.data)
        except ValidationError as exc:
            return [self._finding(tuple(e["loc"]), e["msg"]) for e in exc.errors(include_url=False)]
        return []

    def _finding(self, loc: tuple[Any, ...], message: str) -> Finding:
        path = json_path_text(tuple(p for p in loc if isinstance(p, (str, int))))
        return Finding("error", path, localized(message), self.locate(path))

    def locate(self, path_text: str) -> str | None:
        """The square label a finding's JSON path points at (``"E3"``), if any."""
        path = parse_json_path(path_text)
        for end in range(len(path), 0, -1):
            node = self.doc.get(path[:end], None)
            if isinstance(node, dict):
                for key in ("at", "from"):
                    if isinstance(node.get(key), str):
                        return str(node[key])
                if isinstance(node.get("path"), list) and node["path"]:
                    return str(node["path"][0])
        return None

    def preview(self, index: int, side: SideName) -> Board:
        """The tile side as a one-tile board; unfinished pieces (an edge or mark that does not parse) are left out."""
        tile = self.tile(index)
        width, height = self.size(index)
        width, height = min(max(width, 1), 26), min(max(height, 1), 99)
        data = self.side(index, side)
        edges = [e for e in (_parsed(EdgeSpec, raw) for raw in data.get("edges", [])) if e is not None]
        edges = [e for e in edges if all(0 <= x < width and 0 <= y < height for x, y in e.squares())]
        marks = [m for m in (_parsed(MarkSpec, raw) for raw in data.get("marks", [])) if m is not None]
        marks = [m for m in marks if all(0 <= x < width and 0 <= y < height for x, y in m.squares())]
        rows = [str(r) for r in data.get("rows", [])]
        spec = TileSideSpec.model_construct(rows=rows, edges=edges, marks=marks)
        tile_id = str(tile.get("id") or "tile")
        grid, board_marks = assemble([Placement(side_grid(tile_id, (width, height), spec), (0, 0), 0, tile_id)])
        outline = [(0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height))]
        board_spec = TiledBoardSpec.model_construct(kind="tiled", library="", tiles=[], extras=[])
        name = f"{tile_id}/{side}"
        en, zh = str(tile.get("name_en") or tile_id), str(tile.get("name_zh") or "")
        titles = {name: localized(f"{en}/{side}", f"{zh}/{side}" if zh else None)}  # painted in the window's language
        return Board(grid, dict(board_marks.items()), [], {}, [(name, outline)], board_spec, tile_names=titles)

    def text(self) -> str:
        """The canonical file text."""
        return canonical_text(self.doc.data, library_schema())

    def save(self, path: Path | None = None) -> Path:
        """Write the library (atomically) to ``path`` or its own file; returns where it went."""
        target = path or self.doc.path
        if target is None:
            raise ValueError("the library has no file yet; choose one")
        write_atomic(target, self.text())
        self.doc.mark_saved(target)
        return target


def _parsed(model: type[EdgeSpec] | type[MarkSpec], raw: Any) -> Any:
    try:
        return model.model_validate(raw)
    except ValidationError:
        return None


def describe_square(editor: TileEditor, index: int, side: SideName, square: Square) -> Text:
    """What a square of a tile side holds: its terrain and its marks (the tile editor's status line)."""
    data = editor.side(index, side)
    rows = data.get("rows", [])
    x, y = square
    char = rows[y][x] if y < len(rows) and x < len(rows[y]) else "."
    terrain = t(TERRAIN_NAMES.get(LEGEND.get(char, ""), "Open ground"))
    kinds = [data["marks"][i].get("kind", "") for i in editor.marks_at(index, side, square)]
    names = [t(MARK_NAMES.get(k, k)) for k in dict.fromkeys(kinds)]
    if not names:
        return t("{square}: {terrain}", square=square_name(square), terrain=terrain)
    marks = names[0]
    for name in names[1:]:
        marks = t("{a}, {b}", a=marks, b=name)
    return t("{square}: {terrain}; {marks}", square=square_name(square), terrain=terrain, marks=marks)


__all__ = [
    "EDGE_KINDS",
    "MARK_KINDS",
    "MARK_NAMES",
    "TERRAIN_NAMES",
    "TILE_KINDS",
    "EdgeRef",
    "TileEditor",
    "blank_side",
    "describe_square",
    "edge_runs",
    "edge_table",
    "nearest_edge",
    "new_library",
    "stroke_edges",
]

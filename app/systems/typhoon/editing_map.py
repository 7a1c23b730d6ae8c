"""Editing the Typhoon hex map in the scenario editor: terrain, hexsides, roads and railways, marks, set-up areas.

A scenario that names a bundled board file gets the map copied into the document on its first map edit (the
saved scenario then carries its own map). Brushes that work on hexsides and on roads or railways read a drag
as a chain of hexes: each step between two neighbouring hexes of one stroke marks that hexside or extends
that path (TY-MAP-1, TY-MAP-2, TY-MAP-3, TY-MAP-4, TY-MAP-7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.geometry.hexgrid import HexGrid
from app.scenario.boards import load_board_file
from app.scenario.editor.document import JsonPath, Transaction
from app.scenario.resources import resolve_ref

BOARD: JsonPath = ("board",)
TERRAINS = ("clear", "light_forest", "deep_forest", "swamp", "lake", "mountain", "large_city", "all_sea", "prohibited")
HEXSIDES = ("river", "major_river", "bridge", "prohibited")
MARKS = {  # palette id -> the mark it adds
    "town": {"kind": "town", "name_en": "Town", "name_zh": "城镇"},
    "large_city": {"kind": "large_city", "name_en": "City", "name_zh": "城市"},
    "fortified": {"kind": "fortified"},
    "supply_axis": {"kind": "supply_source", "side": "axis"},
    "supply_soviet": {"kind": "supply_source", "side": "soviet"},
}


def inline_board(tx: Transaction, folder: Path | None) -> dict[str, Any]:
    """The document's hex map, copied in from its board file first if the document only names one."""
    board = tx.get(BOARD)
    if isinstance(board, str):
        spec = load_board_file(resolve_ref(board, folder)).board
        tx.set(BOARD, spec.model_dump(mode="json", exclude_none=True))
    found: dict[str, Any] = tx.get(BOARD)
    return found


def grid_of(board: dict[str, Any]) -> HexGrid:
    """The bare hex grid of a map (no terrain): enough to tell neighbours apart."""
    return HexGrid(
        board.get("orientation", "flat"),
        board.get("offset", "odd"),
        int(board.get("columns", 1)),
        int(board.get("rows", 1)),
        id_format=board.get("id_format", "{col:02d}{row:02d}"),
        first_col=int(board.get("first_col", 1)),
        first_row=int(board.get("first_row", 1)),
    )


def paint_terrain(tx: Transaction, board: dict[str, Any], label: str, terrain: str) -> None:
    """Set the base terrain of a hex (the default terrain is stored as no entry)."""
    path = (*BOARD, "terrain", label)
    if terrain == board.get("default_terrain", "clear"):
        if label in board.get("terrain", {}):
            tx.delete(path)
        return
    tx.set(path, terrain)


def add_mark(tx: Transaction, board: dict[str, Any], label: str, what: str) -> JsonPath | None:
    """Add a town, large city, fortified hex or supply source to a hex (None if it is already there)."""
    mark = {"at": label, **MARKS[what]}
    same = ("at", "kind", "side")
    if any(all(m.get(k) == mark.get(k) for k in same) for m in board.get("marks", [])):
        return None
    if what == "large_city":
        paint_terrain(tx, board, label, "large_city")
    return (*BOARD, "marks", tx.append((*BOARD, "marks"), mark))


def toggle_area(tx: Transaction, board: dict[str, Any], label: str, name: str | None) -> None:
    """Add a hex to the named area (``None``: take it out of every area)."""
    areas = board.get("areas", {})
    if name is None:
        for key, labels in areas.items():
            if label in labels:
                tx.set((*BOARD, "areas", key), [x for x in labels if x != label])
        return
    current = board.get("areas", {}).get(name, [])
    if label not in current:
        tx.set((*BOARD, "areas", name), sorted([*current, label]))


@dataclass
class Stroke:
    """What one drag of a hexside, road or railway brush has done so far (one transaction)."""

    tx: int
    last: str
    path: JsonPath | None = None
    done: list[str] = field(default_factory=list)


def stroke_step(stroke: Stroke | None, tx: Transaction, label: str) -> tuple[Stroke, str | None]:
    """The stroke continued to ``label`` and the hex it came from (None when a new stroke starts here)."""
    if stroke is not None and stroke.tx == id(tx) and stroke.last != label:
        came = stroke.last
        stroke.last = label
        return stroke, came
    return Stroke(id(tx), label), None


def mark_hexside(tx: Transaction, board: dict[str, Any], a: str, b: str, kind: str | None) -> bool:
    """Put ``kind`` on the hexside between two neighbouring hexes (``None``: clear it); False if not neighbours."""
    grid = grid_of(board)
    try:
        if grid.direction_index(grid.from_label(a), grid.from_label(b)) is None:
            return False
    except ValueError:
        return False
    sides = board.get("hexsides", [])
    here = [i for i, s in enumerate(sides) if {s.get("a"), s.get("b")} == {a, b}]
    if kind is None:
        for i in reversed(here):
            tx.remove((*BOARD, "hexsides"), i)
    elif not any(sides[i].get("kind") == kind for i in here):
        tx.append((*BOARD, "hexsides"), {"a": a, "b": b, "kind": kind})
    return True


def extend_line(tx: Transaction, board: dict[str, Any], stroke: Stroke, came: str, label: str, *, key: str) -> None:
    """Extend the stroke's road or railway by one hex (starting the path on its second hex)."""
    grid = grid_of(board)
    if grid.direction_index(grid.from_label(came), grid.from_label(label)) is None:
        stroke.path = None
        return
    if stroke.path is None:
        stroke.path = (*BOARD, key, tx.append((*BOARD, key), [came, label]))
        return
    path: list[str] = tx.get(stroke.path)
    tx.set(stroke.path, [*path, label])


def erase_lines(tx: Transaction, board: dict[str, Any], label: str) -> bool:
    """Remove every road and railway through a hex; whether there was any."""
    found = False
    for key in ("roads", "railways"):
        for i in reversed(range(len(board.get(key, [])))):
            if label in board[key][i]:
                tx.remove((*BOARD, key), i)
                found = True
    return found

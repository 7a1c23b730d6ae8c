"""Editing geomorphic boards inside a scenario document (the editor plug-in's board tools; LNL-SETUP-1,
LNL-SETUP-2, LNL-STACK-4).

A scenario lays boards (inline ``board_defs`` or board files) at map columns and rows, some turned 180°
(:mod:`app.systems.lnl.board`). The editor paints on the map, so these helpers find which board and which
board-local hex lie under a map label, copy a board from its file into the document before its first change
(so a bundled board file is never edited in place), and set a hex's terrain, ground level or building storeys.
They work on the JSON document (no Qt, no validation: the editor validates after each change).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.datafile import read_json_file
from app.scenario.editor.document import JsonPath, Transaction, get_at
from app.scenario.resources import resolve_ref
from app.systems.lnl.tables import terrains

MAP_LABEL = "{col:02d}{row:02d}"


@dataclass(frozen=True)
class BoardHex:
    """A map hex as the board that prints it sees it.

    Attributes:
        placement: Index of the placement in ``boards``.
        board: The board id.
        local: The board-local label ``CCRR``.
    """

    placement: int
    board: str
    local: str


def boards_of(data: dict[str, Any], folder: Path | None) -> dict[str, dict[str, Any]]:
    """Every board the document can place, by id: its board files first, then its inline boards (which win)."""
    found: dict[str, dict[str, Any]] = {}
    for ref in get_at(data, ("board_files",), []):
        board = _file_board(ref, folder)
        if board is not None:
            found[str(board.get("id"))] = board
    for board in get_at(data, ("board_defs",), []):
        if isinstance(board, dict):
            found[str(board.get("id"))] = board
    return found


def _file_board(ref: Any, folder: Path | None) -> dict[str, Any] | None:
    try:
        data = read_json_file(resolve_ref(str(ref), folder))
    except (OSError, ValueError):
        return None
    board = data.get("board") if isinstance(data, dict) else None
    return board if isinstance(board, dict) else None


def _cell(label: str) -> tuple[int, int] | None:
    """Map label ``CCRR`` -> 0-based (column, row)."""
    if len(label) != 4 or not label.isdigit():
        return None
    return int(label[:2]) - 1, int(label[2:]) - 1


def board_hex(data: dict[str, Any], label: str, folder: Path | None) -> BoardHex | None:
    """The board and board-local hex under the map label ``label`` (``None`` off every board)."""
    cell = _cell(label)
    boards = boards_of(data, folder)
    for index, placed in enumerate(get_at(data, ("boards",), [])):
        board = boards.get(str(placed.get("board"))) if isinstance(placed, dict) else None
        if cell is None or board is None:
            continue
        columns, rows = int(board.get("columns", 0)), int(board.get("rows", 0))
        c, r = cell[0] - int(placed.get("col", 0)), cell[1] - int(placed.get("row", 0))
        if 0 <= c < columns and 0 <= r < rows:
            if placed.get("rotated"):
                c, r = columns - 1 - c, rows - 1 - r
            return BoardHex(index, str(board.get("id")), MAP_LABEL.format(col=c + 1, row=r + 1))
    return None


def _on_map(placed: dict[str, Any], board: dict[str, Any], local: str) -> str | None:
    """The map label of board-local hex ``local`` of ``board`` laid as ``placed``."""
    cell = _cell(local)
    if cell is None:
        return None
    c, r = cell
    if placed.get("rotated"):
        c, r = int(board.get("columns", 0)) - 1 - c, int(board.get("rows", 0)) - 1 - r
    return MAP_LABEL.format(col=int(placed.get("col", 0)) + c + 1, row=int(placed.get("row", 0)) + r + 1)


def map_label(data: dict[str, Any], label: str, folder: Path | None) -> str:
    """A label as the map prints it: board-local ``A:0305`` becomes the map's ``CCRR`` (others unchanged)."""
    name, sep, local = label.partition(":")
    if not sep:
        return label
    boards = boards_of(data, folder)
    for placed in get_at(data, ("boards",), []):
        board = boards.get(str(placed.get("board"))) if isinstance(placed, dict) else None
        if board is not None and placed.get("name") == name:
            return _on_map(placed, board, local) or label
    return label


def local_label(data: dict[str, Any], index: int, local: str) -> str | None:
    """The map label of board-local hex ``local`` of inline board ``index`` (where it is first placed)."""
    board = get_at(data, ("board_defs", index), None)
    if not isinstance(board, dict):
        return None
    for placed in get_at(data, ("boards",), []):
        if isinstance(placed, dict) and placed.get("board") == board.get("id"):
            return _on_map(placed, board, local)
    return None


def inline_board(tx: Transaction, board_id: str, folder: Path | None) -> int | None:
    """The index in ``board_defs`` of board ``board_id``, copying it there from its board file first if needed."""
    defs = tx.get(("board_defs",), [])
    for index, board in enumerate(defs):
        if isinstance(board, dict) and board.get("id") == board_id:
            return index
    for index, ref in enumerate(tx.get(("board_files",), [])):
        board = _file_board(ref, folder)
        if board is not None and board.get("id") == board_id:
            if not isinstance(tx.get(("board_defs",), None), list):
                tx.set(("board_defs",), [])
            at = tx.append(("board_defs",), copy.deepcopy(board))
            tx.remove(("board_files",), index)
            return at
    return None


def edit_hex(tx: Transaction, where: BoardHex, folder: Path | None, change: dict[str, Any]) -> JsonPath | None:
    """Apply ``change`` (``terrain``, ``elevation``, ``storeys``) to a board hex; returns the hex's path.

    Terrain equal to the board's default and zero levels are left out of the file; a hex that is not a building
    keeps no storeys. Returns ``None`` when the change does not fit (storeys on a hex that is not a building).
    """
    index = inline_board(tx, where.board, folder)
    if index is None:
        return None
    board = tx.get(("board_defs", index))
    spec = dict(board.get("hexes", {}).get(where.local, {}))
    spec.update(change)
    terrain = spec.get("terrain") or board.get("default_terrain", "open")
    known = terrains()
    building = terrain in known and known[terrain].building
    if "storeys" in change and not building:
        return None
    if not building:
        spec.pop("storeys", None)
    if spec.get("terrain") == board.get("default_terrain", "open"):
        spec.pop("terrain")
    spec = {k: v for k, v in spec.items() if v not in (0, None, "")}
    path: JsonPath = ("board_defs", index, "hexes", where.local)
    if spec:
        tx.set(path, spec)
    elif tx.get(path, None) is not None:
        tx.delete(path)
    return path

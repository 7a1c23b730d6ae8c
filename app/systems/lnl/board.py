"""The map: geomorphic boards laid side by side into one hex map (LNL-SETUP-1, LNL-SETUP-2, LNL-STACK-4).

Each board is a small flat-topped hex map (odd columns shoved down). A placement puts the board's first column
and row at a map column and row, optionally turned 180° (hex (c, r) of a W×H board lies at (W−1−c, H−1−r)); an
even column offset and an even board width keep the shoved columns in step, so neighbouring boards join like
any other hexes. The result is an ordinary hex map (``app.scenario.boards.Board``) that every window draws, plus
the ground elevation and building storeys of each hex, which the rules read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.core.datafile import read_json_file
from app.core.i18n import Text
from app.geometry.hexgrid import Hex, HexGrid
from app.scenario.boards import Board, build_board
from app.scenario.boards_hex import HexMapSpec
from app.scenario.loading import Problem, ScenarioError
from app.scenario.resources import resolve_ref
from app.systems.lnl.board_marks import level_marks
from app.systems.lnl.scenario import SIDES, BoardFile, GeoBoard, LnlScenario
from app.systems.lnl.tables import Terrain, UnitType, terrains

LABEL = "{col:02d}{row:02d}"


@dataclass(frozen=True, eq=False)
class Runtime:
    """A loaded scenario: the map, levels and the validated model.

    Attributes:
        model: The scenario file.
        board: The assembled hex map.
        elevation: Ground level by hex (missing: 0).
        storeys: Building storeys by hex (missing: none).
        local: Map hex by board-local label ("A:0305").
    """

    model: LnlScenario
    board: Board
    elevation: dict[Hex, int]
    storeys: dict[Hex, int]
    local: dict[str, Hex]

    @property
    def grid(self) -> HexGrid:
        """The hex grid."""
        topo = self.board.topology
        assert isinstance(topo, HexGrid)
        return topo

    def hex(self, label: str) -> Hex:
        """The hex named by a map label ("0305") or a board-local one ("A:0305").

        Raises:
            ValueError: No such hex.
        """
        if ":" in label:
            if label not in self.local:
                raise ValueError(f"no hex {label!r}")
            return self.local[label]
        return self.grid.from_label(label)

    def terrain(self, h: Hex) -> Terrain:
        """The terrain at the hex's centre dot (LNL-SETUP-2)."""
        return terrains()[self.grid.terrain(h)]

    def level(self, h: Hex) -> int:
        """Ground elevation of ``h``."""
        return self.elevation.get(h, 0)

    def unit_type(self, type_id: str) -> UnitType:
        """A counter type by id."""
        return self.model.catalogue()[type_id]

    def side_name(self, side: str) -> Text:
        """The force name of ``side``."""
        return self.model.force(side).name.text()


def _boards(model: LnlScenario, folder: Path | None) -> dict[str, GeoBoard]:
    found = {b.id: b for b in model.board_defs}
    for i, ref in enumerate(model.board_files):
        try:
            data = read_json_file(resolve_ref(ref, folder))
            board = BoardFile.model_validate(data).board
        except (ValueError, OSError, ValidationError) as exc:
            raise ScenarioError(model.id, [Problem(f"$.board_files[{i}]", str(exc)[:400])]) from exc
        found[board.id] = board
    return found


def _laid(model: LnlScenario, boards: dict[str, GeoBoard]) -> dict[tuple[int, int], tuple[str, Any, int]]:
    """Map cell (col, row) -> (board-local label, hex spec or None, placement index)."""
    cells: dict[tuple[int, int], tuple[str, Any, int]] = {}
    for i, placed in enumerate(model.boards):
        board = boards.get(placed.board)
        if board is None:
            raise ScenarioError(model.id, [Problem(f"$.boards[{i}].board", f"no board {placed.board!r}")])
        for c in range(board.columns):
            for r in range(board.rows):
                local = f"{c + 1:02d}{r + 1:02d}"
                mc, mr = (board.columns - 1 - c, board.rows - 1 - r) if placed.rotated else (c, r)
                cell = (placed.col + mc, placed.row + mr)
                if cell in cells:
                    raise ScenarioError(model.id, [Problem(f"$.boards[{i}]", f"overlaps another board at {cell}")])
                cells[cell] = (local, board.hexes.get(local), i)
    return cells


def build_runtime(model: LnlScenario, folder: Path | None) -> Runtime:
    """Lay the boards and build the map (errors name the JSON path)."""
    boards = _boards(model, folder)
    cells = _laid(model, boards)
    columns = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    label = {cell: LABEL.format(col=cell[0] + 1, row=cell[1] + 1) for cell in cells}
    terrain: dict[str, str] = {}
    sides: list[dict[str, str]] = []
    for cell, (_local, spec, i) in cells.items():
        geo = boards[model.boards[i].board]
        kind = (spec.terrain if spec is not None else None) or geo.default_terrain
        terrain[label[cell]] = kind
    by_local = {(i, local): label[cell] for cell, (local, _spec, i) in cells.items()}
    for i, placed in enumerate(model.boards):
        for side in boards[placed.board].hexsides:
            sides.append({"a": by_local[i, side.a], "b": by_local[i, side.b], "kind": side.kind})
    marks = level_marks(cells, label, terrain)  # ▲2, 3F: the heights printed on the map
    spec = HexMapSpec.model_validate(
        {
            "kind": "hex",
            "orientation": "flat",
            "offset": "odd",
            "columns": columns,
            "rows": rows,
            "present": sorted(label.values()),
            "terrain": terrain,
            "hexsides": sides,
            "marks": marks,
        }
    )
    board = build_board(spec, lambda ref: resolve_ref(ref, folder))
    grid = board.topology
    assert isinstance(grid, HexGrid)
    elevation, storeys = {}, {}
    for cell, (_local, hs, _i) in cells.items():
        h = grid.from_label(label[cell])
        if hs is not None and hs.elevation:
            elevation[h] = hs.elevation
        if hs is not None and hs.storeys:
            storeys[h] = hs.storeys
        elif terrains()[grid.terrain(h)].building:
            storeys[h] = 1
    local = {
        f"{p.name}:{loc}": grid.from_label(by_local[i, loc])
        for i, p in enumerate(model.boards)
        if p.name
        for (j, loc) in by_local
        if j == i
    }
    runtime = Runtime(model, board, elevation, storeys, local)
    problems = _placement_problems(runtime)
    if problems:
        raise ScenarioError(model.id, problems)
    return runtime


def _placement_problems(runtime: Runtime) -> list[Problem]:
    problems = []
    model = runtime.model
    for fi, force in enumerate(model.forces):
        for ui, unit in enumerate(force.units):
            try:
                h = runtime.hex(unit.at)
            except ValueError:
                problems.append(Problem(f"$.forces[{fi}].units[{ui}].at", f"no hex {unit.at!r} on the map"))
                continue
            top = max(runtime.storeys.get(h, 1) - 1, 0)
            if unit.level > top:
                problems.append(
                    Problem(f"$.forces[{fi}].units[{ui}].level", f"hex {unit.at} has no storey {unit.level}")
                )
        for zi, label in enumerate(force.setup_zone):
            problems += _label_problem(runtime, f"$.forces[{fi}].setup_zone[{zi}]", label)
    for vi, label in enumerate(model.victory.hexes):
        problems += _label_problem(runtime, f"$.victory.hexes[{vi}]", label)
    for label in model.victory.initial_control:
        problems += _label_problem(runtime, "$.victory.initial_control", label)
    for label in model.start.hex_markers:
        problems += _label_problem(runtime, "$.start.hex_markers", label)
    for mi in range(len(model.markers)):
        problems += _marker_problems(runtime, mi)
    assert len(SIDES) == 2
    return problems


def _marker_problems(runtime: Runtime, index: int) -> list[Problem]:
    """A set-up marker on a hex of the map; a Spotted marker on a storey the hex has; a Melee marker where both
    sides have units on the ground floor (LNL-SETUP-1, LNL-FIRE-1, LNL-MELEE-1)."""
    marker = runtime.model.markers[index]
    path = f"$.markers[{index}]"
    found = _label_problem(runtime, f"{path}.at", marker.at)
    if found:
        return found
    h = runtime.hex(marker.at)
    top = max(runtime.storeys.get(h, 1) - 1, 0)
    if marker.level > top:
        return [Problem(f"{path}.level", f"hex {marker.at} has no storey {marker.level} (its top storey is {top})")]
    if marker.kind == "melee" and not _both_sides(runtime, h):
        return [Problem(f"{path}.kind", f"a Melee marker needs units of both sides on one storey of {marker.at}")]
    return []


def _both_sides(runtime: Runtime, h: Hex) -> bool:
    """Units of both sides stand on one storey of ``h`` (a melee there is possible, LNL-MELEE-1)."""
    places: dict[str, set[int]] = {}
    for force in runtime.model.forces:
        for unit in force.units:
            try:
                here = not unit.off_map and runtime.hex(unit.at) == h
            except ValueError:
                here = False
            if here:
                places.setdefault(force.side, set()).add(unit.level)
    return len(places) == 2 and bool(set.intersection(*places.values()))


def _label_problem(runtime: Runtime, path: str, label: str) -> list[Problem]:
    try:
        runtime.hex(label)
    except ValueError:
        return [Problem(path, f"no hex {label!r} on the map")]
    return []

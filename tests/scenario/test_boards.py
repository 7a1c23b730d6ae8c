"""Board files and tile libraries: validation, building, rotation, sections, adjacency (app.scenario.boards).

Tiled boards are read with the SAS tile-library format (app.systems.sas.tiles), the one bundled.
"""

from __future__ import annotations

import copy
import itertools
import json
import os
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from app.geometry.areas import AreaMap
from app.geometry.hexgrid import HexGrid
from app.geometry.square import VECTORS, SquareGrid, direction_between
from app.geometry.tiles import Mark
from app.scenario.boards import (
    Board,
    BoardError,
    HexMapSpec,
    TiledBoardSpec,
    build_board,
    load_board_file,
)
from app.systems.sas.tiles.checks import LEGEND
from app.systems.sas.tiles.library import TileLibrary, load_tile_library

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "resources"
BOARD_FILES = sorted((RESOURCES / "boards").glob("*.json"))
LIBRARY_PATH = RESOURCES / "tiles" / "sas_core.json"


def resolve(ref: str) -> Path:
    """A test stand-in for ``resolve_ref``: only ``resources:`` references."""
    return RESOURCES / ref.removeprefix("resources:")


def build(name: str) -> Board:
    return build_board(load_board_file(RESOURCES / "boards" / name).board, resolve, load_tile_library)


@pytest.fixture(scope="module")
def library() -> TileLibrary:
    return load_tile_library(LIBRARY_PATH)


def library_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(LIBRARY_PATH.read_text("utf-8"))
    return data


def error_locs(exc: ValidationError) -> list[str]:
    return [".".join(str(p) for p in e["loc"]) for e in exc.errors()]


# --- bundled files ---------------------------------------------------------------------------------


def test_bundled_files_exist() -> None:
    names = {p.name for p in BOARD_FILES}
    assert {
        "sas_three_by_three.json",
        "sas_two_by_two.json",
        "cca_standard.json",
        "cca_sample_terrain.json",
        "typhoon_vyazma.json",
        "third_reich_europe.json",
    } <= names


@pytest.mark.parametrize("path", BOARD_FILES, ids=lambda p: p.name)
def test_every_bundled_board_validates_and_builds(path: Path) -> None:
    board = build_board(load_board_file(path).board, resolve, load_tile_library)
    assert len(board.topology.locations()) > 0
    for loc in board.marks:
        assert board.topology.contains(loc)


def test_tile_library_sizes(library: TileLibrary) -> None:
    map_tiles = [t for t in library.tiles if t.kind == "map"]
    assert len(map_tiles) >= 9
    assert all(t.size == (8, 8) and set(t.sides) == {"A", "B"} for t in map_tiles)
    kinds = {t.kind for t in library.tiles}
    assert kinds == {"map", "spawn", "entry_exit", "supply_dump"}
    spawn_colours = {m.colour for t in library.tiles if t.kind == "spawn" for s in t.sides.values() for m in s.marks}
    assert spawn_colours == {"white", "black", "mixed"}


def test_every_tile_side_defines_every_square(library: TileLibrary) -> None:
    for tile in library.tiles:
        for side in tile.sides:
            grid = library.tile_grid(tile.id, side)
            width, height = tile.size
            assert set(grid.terrain) == {(x, y) for x in range(width) for y in range(height)}
            assert set(grid.terrain.values()) <= set(LEGEND.values())


def test_every_map_tile_side_has_sentries_and_patrols(library: TileLibrary) -> None:
    for tile in (t for t in library.tiles if t.kind == "map"):
        for name, side in tile.sides.items():
            kinds = {m.kind for m in side.marks}
            assert {"sentry", "patrol_line", "patrol_start"} <= kinds, f"{tile.id}/{name}"


# --- tiles: patrol lines, rotation ----------------------------------------------------------------


def patrol_paths(marks: dict[Any, tuple[Mark, ...]]) -> dict[str, list[tuple[int, Any, Mark]]]:
    lines: dict[str, list[tuple[int, Any, Mark]]] = {}
    for loc, found in marks.items():
        for mark in found:
            if mark.kind == "patrol_line":
                props = dict(mark.props)
                lines.setdefault(str(props["line"]), []).append((int(str(props["index"])), loc, mark))
    return {k: sorted(v, key=lambda item: item[0]) for k, v in lines.items()}


def check_patrol_lines(marks: dict[Any, tuple[Mark, ...]]) -> int:
    """Every line is connected, its arrows point at the next square, and it has 2 starts at its ends."""
    starts: dict[str, list[Any]] = {}
    for loc, found in marks.items():
        for mark in found:
            if mark.kind == "patrol_start":
                starts.setdefault(str(dict(mark.props)["line"]), []).append(loc)
                assert dict(mark.props)["start_facing"] == mark.directions[0]
    lines = patrol_paths(marks)
    for line, path in lines.items():
        for (_, a, mark), (_, b, _) in itertools.pairwise(path):
            assert direction_between(a, b) == mark.directions[0], line
        assert sorted(starts[line]) == sorted({path[0][1], path[-1][1]}), line
    assert set(starts) == set(lines)
    return len(lines)


@pytest.mark.parametrize("quarter_turns", [0, 1, 2, 3])
def test_rotation_keeps_marks_consistent(library: TileLibrary, quarter_turns: int) -> None:
    for tile in library.tiles:
        for side in tile.sides:
            base = library.tile_grid(tile.id, side)
            turned = base.rotated(quarter_turns)
            check_patrol_lines(dict(turned.marks))
            for found in turned.marks.values():
                for mark in found:
                    props = dict(mark.props)
                    if mark.kind == "sentry":
                        assert props["solid"] in mark.directions
                    if "facing" in props:
                        assert mark.directions == (props["facing"],)
            assert sorted(turned.terrain.values()) == sorted(base.terrain.values())
            assert len(turned.edges) == len(base.edges)


def test_rotation_moves_a_sentry_and_its_arrows(library: TileLibrary) -> None:
    base = library.tile_grid("farm", "A")
    sentry = next(m for m in base.marks[(2, 3)] if m.kind == "sentry")  # C4: arrows N, E; solid E
    assert sentry.directions == ("N", "E") and dict(sentry.props)["solid"] == "E"
    turned = library.tile_grid("farm", "A").rotated(1)  # clockwise: (x, y) -> (7 - y, x)
    moved = next(m for m in turned.marks[(4, 2)] if m.kind == "sentry")
    assert moved.directions == ("E", "S") and dict(moved.props)["solid"] == "S"


def test_patrol_lines_connected_on_built_boards() -> None:
    for name in ("sas_three_by_three.json", "sas_two_by_two.json"):
        board = build(name)
        assert check_patrol_lines(board.marks) >= 4


def test_patrol_lines_are_qualified_by_tile(library: TileLibrary) -> None:
    grid = library.tile_grid("village", "A")
    lines = {dict(m.props)["line"] for ms in grid.marks.values() for m in ms if m.kind == "patrol_line"}
    assert lines == {"village/w1"}


def test_building_walls_enclose_buildings(library: TileLibrary) -> None:
    grid = library.tile_grid("chateau", "A")
    hall, courtyard = (3, 4), (3, 5)  # D5 (hall) and D6 (courtyard): the main door
    assert [f.kind for f in grid.edges[(3, 5, "N")]] == ["door"]
    assert grid.terrain[hall] == "building" and grid.terrain[courtyard] == "regular"
    grapples = [k for k, fs in grid.edges.items() for f in fs if f.kind == "high_wall" and f.get("grapple")]
    assert len(grapples) == 3


# --- tiled boards ----------------------------------------------------------------------------------


def test_three_by_three_board_layout() -> None:
    board = build("sas_three_by_three.json")
    grid = board.topology
    assert isinstance(grid, SquareGrid)
    spec = board.spec
    assert isinstance(spec, TiledBoardSpec) and len(spec.tiles) == 9
    map_squares = {(x, y) for x in range(2, 26) for y in range(2, 26)}
    assert map_squares <= set(grid.locations())
    assert len(board.tile_outlines) == len(spec.tiles) + len(spec.extras)
    assert board.tile_outlines[0] == ("woods/B", [(2.0, 2.0), (10.0, 2.0), (10.0, 10.0), (2.0, 10.0)])
    kinds = {m.kind for ms in board.marks.values() for m in ms}
    assert {"spawn", "entry_exit", "vehicle_spot", "sentry", "guard", "officer"} <= kinds
    dumps = [loc for loc in grid.locations() if grid.terrain(loc) == "supply_dump"]
    assert len(dumps) == 4


def test_two_by_two_board_size() -> None:
    board = build("sas_two_by_two.json")
    spec = board.spec
    assert isinstance(spec, TiledBoardSpec) and len(spec.tiles) == 4
    assert {(x, y) for x in range(2, 18) for y in range(2, 18)} <= set(board.topology.locations())


def test_spawn_tiles_face_the_map() -> None:
    board = build("sas_three_by_three.json")
    grid = board.topology
    for loc, found in board.marks.items():
        for mark in found:
            if mark.kind == "spawn" and dict(mark.props)["row"] == "front":
                x, y = loc
                near = [(x + dx, y + dy) for dx, dy in VECTORS.values()]
                assert any(2 <= nx < 26 and 2 <= ny < 26 and grid.contains((nx, ny)) for nx, ny in near), loc


def test_overlapping_tiles_are_reported() -> None:
    spec = TiledBoardSpec.model_validate(
        {
            "kind": "tiled",
            "library": "resources:tiles/sas_core.json",
            "tiles": [{"tile": "farm", "side": "A", "at": [0, 0]}, {"tile": "woods", "side": "B", "at": [4, 0]}],
        }
    )
    with pytest.raises(BoardError, match="overlaps"):
        build_board(spec, resolve, load_tile_library)


def test_unknown_tile_and_wrong_kind_are_reported() -> None:
    base = {"kind": "tiled", "library": "resources:tiles/sas_core.json"}
    spec = TiledBoardSpec.model_validate({**base, "tiles": [{"tile": "nope", "side": "A", "at": [0, 0]}]})
    with pytest.raises(BoardError, match=r"tiles\.0\.tile"):
        build_board(spec, resolve, load_tile_library)
    spec = TiledBoardSpec.model_validate({**base, "tiles": [{"tile": "spawn_1", "side": "A", "at": [0, 0]}]})
    with pytest.raises(BoardError, match="spawn tile"):
        build_board(spec, resolve, load_tile_library)


def test_same_tile_twice_is_a_validation_error() -> None:
    placed = {"tile": "farm", "side": "A", "at": [0, 0]}
    with pytest.raises(ValidationError) as info:
        TiledBoardSpec.model_validate(
            {"kind": "tiled", "library": "x", "tiles": [placed, {**placed, "side": "B", "at": [8, 0]}]}
        )
    assert "tiles.1.tile" in error_locs(info.value)


# --- bad tile data ---------------------------------------------------------------------------------


def bad_library(mutate: Any) -> list[str]:
    data = copy.deepcopy(library_data())
    mutate(data)
    with pytest.raises(ValidationError) as info:
        TileLibrary.model_validate(data)
    return error_locs(info.value)


def test_bad_row_count_names_the_rows_field() -> None:
    locs = bad_library(lambda d: d["tiles"][3]["sides"]["A"]["rows"].pop())
    assert "tiles.3.sides.A.rows" in locs


def test_bad_row_length_and_legend_name_the_row() -> None:
    def mutate(d: dict[str, Any]) -> None:
        rows = d["tiles"][2]["sides"]["B"]["rows"]
        rows[4] = rows[4][:-1]
        rows[5] = "?" + rows[5][1:]

    locs = bad_library(mutate)
    assert "tiles.2.sides.B.rows.4" in locs and "tiles.2.sides.B.rows.5" in locs


def test_mark_off_the_tile_names_the_mark() -> None:
    locs = bad_library(lambda d: d["tiles"][0]["sides"]["A"]["marks"][0].update(at="K3"))
    assert "tiles.0.sides.A.marks.0.at" in locs


def test_sentry_without_solid_arrow_is_rejected() -> None:
    def mutate(d: dict[str, Any]) -> None:
        sentry = next(m for m in d["tiles"][0]["sides"]["A"]["marks"] if m["kind"] == "sentry")
        sentry["solid"] = "S"

    locs = bad_library(mutate)
    assert any(loc.startswith("tiles.0.sides.A.marks.") for loc in locs)


def test_broken_patrol_line_is_rejected() -> None:
    def mutate(d: dict[str, Any]) -> None:
        line = next(m for m in d["tiles"][1]["sides"]["A"]["marks"] if m["kind"] == "patrol_line")
        del line["path"][2]

    locs = bad_library(mutate)
    assert any(loc.startswith("tiles.1.sides.A.marks.") and ".path." in loc for loc in locs)


def test_patrol_line_needs_two_start_points() -> None:
    def mutate(d: dict[str, Any]) -> None:
        marks = d["tiles"][0]["sides"]["A"]["marks"]
        index = next(i for i, m in enumerate(marks) if m["kind"] == "patrol_start")
        del marks[index]

    locs = bad_library(mutate)
    assert any(loc.endswith(".path") for loc in locs)


def test_open_building_is_rejected() -> None:
    def mutate(d: dict[str, Any]) -> None:
        edges = d["tiles"][0]["sides"]["A"]["edges"]
        del edges[0]  # the farmhouse's north wall

    assert "tiles.0.sides.A.edges" in bad_library(mutate)


def test_clashing_edges_are_rejected() -> None:
    def mutate(d: dict[str, Any]) -> None:
        d["tiles"][0]["sides"]["A"]["edges"].append({"at": "E2", "side": "N", "kind": "hedge"})

    locs = bad_library(mutate)
    assert any(loc.startswith("tiles.0.sides.A.edges.") for loc in locs)


def test_unknown_field_is_rejected() -> None:
    locs = bad_library(lambda d: d["tiles"][0]["sides"]["A"].update(colour="red"))
    assert "tiles.0.sides.A.colour" in locs


def test_run_must_be_straight() -> None:
    def mutate(d: dict[str, Any]) -> None:
        d["tiles"][0]["sides"]["A"]["edges"].append({"from": "A1", "to": "B2", "side": "E", "kind": "hedge"})

    assert any(loc.startswith("tiles.0.sides.A.edges.") for loc in bad_library(mutate))


def test_library_cache_returns_same_object(tmp_path: Path) -> None:
    path = tmp_path / "lib.json"
    path.write_text(LIBRARY_PATH.read_text("utf-8"), "utf-8")
    assert load_tile_library(path) is load_tile_library(path)
    stamp = path.stat().st_mtime_ns
    path.write_text("{}", "utf-8")
    os.utime(path, ns=(stamp + 10**9, stamp + 10**9))  # a changed file is read again
    with pytest.raises(BoardError, match=r"lib\.json is not a valid tile library"):
        load_tile_library(path)
    with pytest.raises(BoardError, match=r"missing\.json"):
        load_tile_library(path.parent / "missing.json")


# --- C&C: Ancients ---------------------------------------------------------------------------------


def test_cca_board_layout_and_sections() -> None:
    board = build("cca_standard.json")
    grid = board.topology
    assert isinstance(grid, HexGrid)
    hexes = grid.locations()
    assert len(hexes) == 113 == 5 * 13 + 4 * 12
    per_row: dict[int, int] = {}
    for h in hexes:
        per_row[grid.to_offset(h)[1] + 1] = per_row.get(grid.to_offset(h)[1] + 1, 0) + 1
    assert per_row == {r: 13 if r % 2 else 12 for r in range(1, 10)}
    sections = board.sections
    assert set(sections) == {"left", "centre", "right"}
    assert set().union(*sections.values()) == set(hexes)
    shared = {h for h in hexes if sum(h in s for s in sections.values()) == 2}
    expected = {f"{c:02d}{r:02d}" for c in (4, 9) for r in (2, 4, 6, 8)}
    assert {grid.label(h) for h in shared} == expected
    assert not (sections["left"] & sections["right"])
    assert [len(sections[n]) for n in ("left", "centre", "right")] == [36, 49, 36]


def test_cca_section_lines_survive_a_dump_round_trip() -> None:
    spec = load_board_file(RESOURCES / "boards" / "cca_standard.json").board
    assert isinstance(spec, HexMapSpec)
    again = HexMapSpec.model_validate(spec.model_dump())
    assert again == spec


def test_cca_sample_terrain() -> None:
    board = build("cca_sample_terrain.json")
    grid = board.topology
    assert isinstance(grid, HexGrid)
    kinds = {grid.terrain(h) for h in grid.locations()}
    assert {"hill", "forest", "river", "fordable_river", "rampart", "fortified_camp"} <= kinds
    rampart = grid.from_label("0608")
    fronts = [n for n in grid.neighbours(rampart) if grid.edge_features(rampart, n)]
    assert len(fronts) == 2 and all(grid.to_offset(n)[1] == grid.to_offset(rampart)[1] - 1 for n in fronts)


def test_hex_map_bad_label_names_the_field() -> None:
    with pytest.raises(ValidationError) as info:
        HexMapSpec.model_validate(
            {
                "kind": "hex",
                "orientation": "flat",
                "offset": "odd",
                "columns": 3,
                "rows": 3,
                "terrain": {"0909": "forest"},
                "roads": [["0101", "0303"]],
            }
        )
    locs = error_locs(info.value)
    assert "terrain.0909" in locs and "roads.0.1" in locs


# --- Typhoon ---------------------------------------------------------------------------------------


def test_typhoon_map() -> None:
    board = build("typhoon_vyazma.json")
    grid = board.topology
    assert isinstance(grid, HexGrid)
    assert len(grid.locations()) == 20 * 15
    assert grid.from_label("0508") in grid.locations()
    towns = {dict(m.props).get("name_en") for ms in board.marks.values() for m in ms}
    assert {"Vyazma", "Gzhatsk", "Yukhnov"} <= towns
    assert board.roads and board.railways
    for path in board.roads + board.railways:
        assert all(grid.distance(a, b) == 1 for a, b in itertools.pairwise(path))
    rivers = [
        (a, b)
        for a in grid.locations()
        for b in grid.neighbours(a)
        if any(f.kind in ("river", "major_river") for f in grid.edge_features(a, b))
    ]
    assert len(rivers) // 2 >= 40
    bridges = [
        (a, b)
        for a in grid.locations()
        for b in grid.neighbours(a)
        if any(f.kind == "bridge" for f in grid.edge_features(a, b))
    ]
    assert bridges


# --- Third Reich -----------------------------------------------------------------------------------


def test_third_reich_adjacency() -> None:
    board = build("third_reich_europe.json")
    areas = board.topology
    assert isinstance(areas, AreaMap)
    assert 20 <= len(areas.locations()) <= 30

    def adjacent(a: str, b: str) -> bool:
        return b in areas.neighbours(a)

    assert adjacent("berlin", "warsaw") and adjacent("warsaw", "brest") and adjacent("moscow", "brest")
    assert adjacent("spain", "southern_france") and adjacent("italy", "yugoslavia")
    assert adjacent("greece", "mediterranean") and adjacent("turkey", "black_sea")
    assert not adjacent("spain", "italy") and not adjacent("london", "berlin")
    # the Channel and the Danish straits are links, not shared borders
    assert adjacent("london", "paris") and [f.kind for f in areas.edge_features("london", "paris")] == ["sea_crossing"]
    assert adjacent("north_sea", "baltic_sea")
    # Sweden and Berlin meet at one corner only (TR-MAP-3)
    assert not adjacent("sweden", "berlin")
    names = {dict(m.props)["name_zh"] for ms in board.marks.values() for m in ms}
    assert "莫斯科" in names and "伦敦" in names

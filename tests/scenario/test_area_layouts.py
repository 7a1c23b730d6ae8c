"""Stored layouts of the bundled area maps (app.scenario.boards_area): a map opens from its layout without shapely
and answers exactly as the map computed from its outlines (TR-MAP-3: adjacency is a shared border)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.geometry.areas import AreaMap
from app.geometry.topology import GeometryError
from app.scenario.boards import AreaMapSpec, load_board_file
from app.scenario.boards_area import LAYOUTS, area_map, build_area_parts, layout_path, stored_layout, write_layout
from app.scenario.resources import RESOURCES

ROOT = Path(__file__).resolve().parents[2]
EUROPE = RESOURCES / "boards" / "third_reich_europe_1939.json"


def _area_boards() -> dict[str, AreaMapSpec]:
    specs = {path.name: load_board_file(path).board for path in sorted((RESOURCES / "boards").glob("*.json"))}
    return {name: spec for name, spec in specs.items() if isinstance(spec, AreaMapSpec)}


def _europe() -> AreaMapSpec:
    spec = load_board_file(EUROPE).board
    assert isinstance(spec, AreaMapSpec)
    return spec


def test_tr_map_3_every_bundled_area_board_has_the_layout_its_outlines_give() -> None:
    """TR-MAP-3: the stored shared borders (and centres) are exactly what shapely finds in the outlines; no stored
    layout is left over from outlines no board has (run packaging/area_layouts.py after changing a board)."""
    boards = _area_boards()
    assert {"third_reich_europe.json", "third_reich_europe_1939.json"} <= set(boards)
    for name, spec in boards.items():
        assert stored_layout(spec) == area_map(spec, None).layout(), f"{name}: run packaging/area_layouts.py"
    assert set(LAYOUTS.glob("*.json")) == {layout_path(spec) for spec in boards.values()}


def test_tr_map_3_a_map_from_its_layout_answers_as_the_computed_one() -> None:
    """TR-MAP-3: neighbours, borders, link features, centres, distances and bounds are the same either way."""
    spec = _europe()
    layout = stored_layout(spec)
    assert layout is not None
    stored, computed = area_map(spec, layout), area_map(spec, None)
    assert stored.locations() == computed.locations() and stored.bounds() == computed.bounds()
    for area in computed.locations():
        assert stored.neighbours(area) == computed.neighbours(area)
        assert stored.centre(area) == computed.centre(area)
        assert stored.terrain(area) == computed.terrain(area) and stored.label(area) == computed.label(area)
        for other in computed.neighbours(area):
            assert stored.edge_segment(area, other) == computed.edge_segment(area, other)
            assert stored.edge_features(area, other) == computed.edge_features(area, other)
        assert stored.distance("berlin", area) == computed.distance("berlin", area)
    assert stored.shape("berlin").equals(computed.shape("berlin"))  # polygons are built when asked for


def test_locate_finds_the_area_shapely_finds_first_in_map_order() -> None:
    """Clicks are located without shapely: inside, on a shared vertex (the first area in map order), outside."""
    import shapely

    board = area_map(_europe(), stored_layout(_europe()))
    ids = board.locations()
    tree = shapely.STRtree([board.shape(a) for a in ids])
    x0, y0, x1, y1 = board.bounds()
    points = [(x0 + (x1 - x0) * i / 97, y0 + (y1 - y0) * j / 89) for i in range(-2, 100) for j in range(-2, 92)]
    points += [point for area in ids[::5] for point in board.polygon(area)[::7]]
    for x, y in points:
        hits = sorted(int(i) for i in tree.query(shapely.Point(x, y), predicate="intersects"))
        assert board.locate(x, y) == (ids[hits[0]] if hits else None), (x, y)


def test_changed_outlines_are_computed_and_checked_as_before(tmp_path: Path) -> None:
    """A map whose outlines differ from every stored one (an edited copy) is computed from its polygons, so a bad
    polygon is still refused; a damaged layout file is ignored, not trusted."""
    spec = _europe()
    moved = spec.model_copy(deep=True)
    x, y = moved.areas[0].polygon[0]
    moved.areas[0].polygon[0] = (x + 0.5, y)
    assert stored_layout(moved) is None
    overlapping = spec.model_copy(deep=True)
    overlapping.areas[1].polygon = list(overlapping.areas[0].polygon)
    with pytest.raises(GeometryError, match="overlap"):
        build_area_parts(overlapping)
    written = write_layout(spec, tmp_path)
    assert stored_layout(spec, tmp_path) == stored_layout(spec)
    written.write_text('{"borders": [["berlin"]], "centres": {}}', encoding="utf-8")
    assert stored_layout(spec, tmp_path) is None


def test_a_layout_naming_an_unknown_area_is_refused() -> None:
    layout = stored_layout(_europe())
    assert layout is not None
    with pytest.raises(GeometryError, match="unknown area"):
        AreaMap({"berlin": [(0, 0), (1, 0), (1, 1)]}, layout=layout)


def test_opening_the_largest_third_reich_scenario_imports_no_shapely() -> None:
    """DESIGN §10 (largest scenario load ≤ 150 ms): shapely and numpy (≈ 100 ms to import) stay unloaded when a
    bundled area map opens and the window asks what it draws (bounds, centres, borders) and where a click fell."""
    scenario = ROOT / "scenarios" / "third_reich" / "barbarossa_1941.json"
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from app.__main__ import LazySystems\n"
        "from app.scenario.catalog import open_session\n"
        f"session = open_session(Path({str(scenario)!r}), LazySystems())\n"
        "topo = session.view(None).board.topology\n"
        "topo.bounds(); [topo.centre(a) for a in topo.locations()]; topo.locate(300.0, 200.0)\n"
        "[topo.edge_segment(a, b) for a in topo.locations() for b in topo.neighbours(a)]\n"
        "assert 'shapely' not in sys.modules and 'numpy' not in sys.modules\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT)
    assert result.returncode == 0, result.stderr

"""Area maps imported from GeoJSON: outlines fitted into one coverage, adjacency from shared borders (TR-MAP-3)."""

from __future__ import annotations

import json
from typing import Any

from app.geometry.areas import AreaMap
from app.scenario.area_import import ImportOptions, board_from_geojson
from app.scenario.boards import AreaMapSpec, BoardFile, load_board_file
from app.scenario.resources import resolve_ref

XY = ImportOptions(lonlat=False, scale=1.0, tolerance=0.3)


def _feature(name: str, ring: list[tuple[float, float]], **props: str) -> dict[str, Any]:
    closed = [list(p) for p in [*ring, ring[0]]]
    return {
        "type": "Feature",
        "properties": {"name_en": name, **props},
        "geometry": {"type": "Polygon", "coordinates": [closed]},
    }


def _square(x: float, y: float, size: float = 10.0) -> list[tuple[float, float]]:
    return [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]


def _map(board: dict[str, Any]) -> AreaMap:
    return AreaMap({a["id"]: [tuple(p) for p in a["polygon"]] for a in board["board"]["areas"]})


def test_neighbours_that_overlap_or_leave_a_gap_end_up_sharing_their_border_tr_map_3() -> None:
    """TR-MAP-3: A overlaps B by 0.2 and C leaves a 0.2 gap to A; both pairs become neighbours."""
    doc = {
        "type": "FeatureCollection",
        "features": [
            _feature("Alpha", _square(0, 0)),
            _feature("Beta", _square(9.8, 0)),
            _feature("Gamma", _square(0, 10.2)),
            _feature("Delta", _square(10, 10), terrain="sea"),
        ],
    }
    board = board_from_geojson(doc, "Test-Map", XY)
    assert BoardFile.model_validate(board).id == "test_map"  # a valid board file, its id made safe
    topo = _map(board)
    assert set(topo.neighbours("alpha")) >= {"beta", "gamma"}
    assert AreaMapSpec.model_validate(board["board"]).areas[3].terrain == "sea"


def test_areas_meeting_at_a_corner_are_not_neighbours_tr_map_3() -> None:
    """TR-MAP-3: two squares touching only at a corner are not adjacent, and the import reports the contact."""
    doc = {"type": "FeatureCollection", "features": [_feature("NW", _square(0, 0)), _feature("SE", _square(10, 10))]}
    board = board_from_geojson(doc, "corners", ImportOptions(lonlat=False, scale=1.0, tolerance=0.01))
    assert "nw" not in _map(board).neighbours("se")
    assert "only at a point: 1" in board["notes"]


def test_longitude_latitude_is_projected_north_up_and_multipolygons_keep_their_largest_part() -> None:
    big = [[[0.0, 50.0], [2.0, 50.0], [2.0, 52.0], [0.0, 52.0], [0.0, 50.0]]]
    islet = [[[5.0, 50.0], [5.1, 50.0], [5.1, 50.1], [5.0, 50.0]]]
    feature = {
        "type": "Feature",
        "properties": {"name": "Land"},
        "geometry": {"type": "MultiPolygon", "coordinates": [big, islet]},
    }
    board = board_from_geojson(feature, "one", ImportOptions(scale=10.0))
    (area,) = board["board"]["areas"]
    xs = [p[0] for p in area["polygon"]]
    ys = [p[1] for p in area["polygon"]]
    assert (min(ys), max(ys)) == (0.0, 20.0) and max(xs) < 20.0  # 2 degrees of longitude at 51 N are narrower
    assert area["id"] == "land"


def test_the_bundled_map_survives_a_round_trip() -> None:
    """Exported as GeoJSON and imported again, the map of Europe keeps every area and every border."""
    spec = load_board_file(resolve_ref("resources:boards/third_reich_europe_1939.json", None)).board
    assert isinstance(spec, AreaMapSpec)
    doc = {"type": "FeatureCollection", "features": [_feature(a.name_en, a.polygon, id=a.id) for a in spec.areas]}
    board = board_from_geojson(
        json.loads(json.dumps(doc)), "europe", ImportOptions(lonlat=False, scale=1.0, tolerance=0.01)
    )
    before = AreaMap({a.id: a.polygon for a in spec.areas})
    after = _map(board)
    assert after.locations() == before.locations()
    assert all(set(after.neighbours(a)) == set(before.neighbours(a)) for a in before.locations())

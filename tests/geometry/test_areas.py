"""Area maps: validation, adjacency by shared border (not by point), links."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.geometry.areas import AreaMap
from app.geometry.los import Crossing, trace
from app.geometry.topology import EdgeFeature, GeometryError, Topology


def square(x: float, y: float, size: float = 1.0) -> list[tuple[float, float]]:
    return [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]


def checkerboard() -> AreaMap:
    return AreaMap({"a": square(0, 0), "b": square(1, 0), "c": square(0, 1), "d": square(1, 1)})


def strip(n: int) -> AreaMap:
    return AreaMap({f"s{i}": square(i, 0) for i in range(n)}, terrain={"s0": "sea"}, labels={"s1": "Kiel"})


def test_point_touching_is_not_adjacent() -> None:
    board = checkerboard()
    assert isinstance(board, Topology) and board.kind == "area"
    assert board.neighbours("a") == ("b", "c")
    assert "d" not in board.neighbours("a")
    assert board.distance("a", "d") == 2
    assert board.edge_segment("a", "b") in (((1.0, 0.0), (1.0, 1.0)), ((1.0, 1.0), (1.0, 0.0)))
    with pytest.raises(GeometryError):
        board.edge_segment("a", "d")


def test_links_add_adjacency_and_features() -> None:
    board = AreaMap({"x": square(0, 0), "y": square(5, 0)}, links=[("x", "y", "strait")])
    assert board.neighbours("x") == ("y",)
    assert board.edge_features("y", "x") == (EdgeFeature("strait"),)
    assert board.edge_segment("x", "y") == (board.centre("x"), board.centre("y"))
    with pytest.raises(GeometryError, match="nowhere"):
        AreaMap({"x": square(0, 0)}, links=[("x", "nowhere", "sea")])


def test_unreachable_distance_raises() -> None:
    board = AreaMap({"x": square(0, 0), "y": square(5, 0)})
    with pytest.raises(GeometryError):
        board.distance("x", "y")


def test_invalid_and_overlapping_polygons_named() -> None:
    with pytest.raises(GeometryError, match="bowtie"):
        AreaMap({"bowtie": [(0, 0), (1, 1), (1, 0), (0, 1)]})
    with pytest.raises(GeometryError, match="line"):
        AreaMap({"line": [(0, 0), (1, 1)]})
    with pytest.raises(GeometryError, match=r"'p'.*'q'"):
        AreaMap({"p": square(0, 0, 2), "q": square(1, 1, 2)})


def test_lookups() -> None:
    board = strip(3)
    assert board.locations() == ("s0", "s1", "s2")
    assert board.terrain("s0") == "sea" and board.terrain("s2") == "clear"
    assert board.label("s1") == "Kiel" and board.label("s2") == "s2"
    assert board.locate(2.5, 0.5) == "s2"
    assert board.locate(9, 9) is None
    assert board.bounds() == (0, 0, 3, 1)
    assert board.polygon("s1") == [(1, 0), (2, 0), (2, 1), (1, 1)]
    assert board.contains("s1") and not board.contains("zz")


def test_area_trace_crosses_middle_area() -> None:
    board = strip(4)
    tr = trace(board, "s0", "s3")
    assert [c for c in tr.crossings if c.kind == "cell"] == [Crossing("cell", ("s1",)), Crossing("cell", ("s2",))]
    assert tr.crossings[0] == Crossing("edge", ("s0", "s1"))


def test_area_trace_along_border_and_corner() -> None:
    board = AreaMap(
        {
            "top": [(0, 0), (4, 0), (4, 1), (0, 1)],
            "left": [(0, 1), (2, 1), (2, 3), (0, 3)],
            "right": [(2, 1), (4, 1), (4, 3), (2, 3)],
            "bottom": [(0, 3), (4, 3), (4, 4), (0, 4)],
        }
    )
    # Both representative points lie on x = 2: the line runs along the left/right border.
    tr = trace(board, "top", "bottom")
    assert tr.crossings == (Crossing("edge", ("left", "right")),)
    assert tr.crossings[0].along
    corner = trace(checkerboard(), "a", "d")
    assert corner.crossings == (Crossing("corner", ("a", "b", "c", "d")),)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(2, 4), st.data())
def test_grid_of_area_squares_adjacency(w: int, h: int, data: st.DataObject) -> None:
    board = AreaMap({f"{x},{y}": square(x, y) for x in range(w) for y in range(h)})
    x, y = data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1))
    expected = {
        f"{x + dx},{y + dy}" for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)) if 0 <= x + dx < w and 0 <= y + dy < h
    }
    assert set(board.neighbours(f"{x},{y}")) == expected
    for n in board.neighbours(f"{x},{y}"):
        assert board.distance(n, f"{x},{y}") == 1

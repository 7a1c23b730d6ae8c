"""Line of sight: exact grid traces (checked against shapely) and rules judgement."""

from __future__ import annotations

import itertools

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from app.geometry.hexgrid import HexGrid
from app.geometry.los import CLEAR, Crossing, Verdict, line_of_sight, trace
from app.geometry.square import SquareGrid
from app.geometry.topology import GeometryError, Loc, Topology

MIN_LENGTH = 1e-9


def open_squares(n: int = 12) -> SquareGrid:
    return SquareGrid(n, n, {(x, y): "open" for x in range(n) for y in range(n)})


SQUARES = open_squares()
HEXES = {
    "flat": HexGrid("flat", "odd", 11, 11),
    "pointy": HexGrid("pointy", "even", 11, 11),
}


def interior_length(topo: Topology, loc: Loc, seg: shapely.LineString) -> float:
    """Length of the segment strictly inside ``loc`` (shrunk a little so float noise on a rim is ignored)."""
    return float(seg.intersection(topo.shape(loc).buffer(-1e-6)).length)


def check_against_shapely(topo: Topology, a: Loc, b: Loc) -> None:
    seg = shapely.LineString([topo.centre(a), topo.centre(b)])
    tr = trace(topo, a, b)
    cells = [c.locs[0] for c in tr.crossings if c.kind == "cell"]
    assert len(cells) == len(set(cells))
    assert a not in cells and b not in cells
    for loc in cells:
        assert interior_length(topo, loc, seg) > MIN_LENGTH, loc
    near = [loc for loc in topo.locations() if topo.shape(loc).distance(seg) < 1e-9]
    crossed = {loc for loc in near if loc not in (a, b) and interior_length(topo, loc, seg) > MIN_LENGTH}
    assert crossed == set(cells)
    for crossing in tr.crossings:
        if crossing.kind == "edge":
            x, y = crossing.locs
            assert topo.distance(x, y) == 1
        if crossing.kind == "corner":
            common = shapely.intersection_all([topo.shape(loc).buffer(1e-9) for loc in crossing.locs])
            assert not common.is_empty and seg.distance(common) < 1e-9


def reversed_crossings(crossings: tuple[Crossing, ...]) -> tuple[Crossing, ...]:
    return tuple(Crossing(c.kind, c.locs[::-1]) for c in reversed(crossings))


squares = st.tuples(st.integers(0, 11), st.integers(0, 11))
offsets = st.tuples(st.integers(0, 10), st.integers(0, 10))


@settings(max_examples=150, deadline=None)
@given(squares, squares)
def test_square_trace_matches_shapely(a: tuple[int, int], b: tuple[int, int]) -> None:
    check_against_shapely(SQUARES, a, b)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["flat", "pointy"]), offsets, offsets)
def test_hex_trace_matches_shapely(orientation: str, a: tuple[int, int], b: tuple[int, int]) -> None:
    grid = HEXES[orientation]
    check_against_shapely(grid, grid.from_offset(*a), grid.from_offset(*b))


@settings(max_examples=150, deadline=None)
@given(squares, squares, st.sampled_from(["squares", "flat", "pointy"]))
def test_trace_reversed_is_same_path(a: tuple[int, int], b: tuple[int, int], which: str) -> None:
    topo: SquareGrid | HexGrid = SQUARES if which == "squares" else HEXES[which]
    if isinstance(topo, HexGrid):
        a, b = topo.from_offset(*(min(v, 10) for v in a)), topo.from_offset(*(min(v, 10) for v in b))
    forward, backward = trace(topo, a, b), trace(topo, b, a)
    assert backward.crossings == reversed_crossings(forward.crossings)
    cells = [c.locs for c in forward.crossings if c.kind == "cell"]
    assert [c.locs for c in backward.crossings if c.kind == "cell"] == cells[::-1]


@settings(max_examples=100, deadline=None)
@given(squares, squares)
def test_square_trace_alternates_borders_and_cells(a: tuple[int, int], b: tuple[int, int]) -> None:
    kinds = [c.kind for c in trace(SQUARES, a, b).crossings]
    if a != b:
        assert kinds[0] != "cell" and kinds[-1] != "cell"
        assert all((k == "cell") != (n == "cell") for k, n in itertools.pairwise(kinds))


def test_square_diagonal_passes_corners() -> None:
    tr = trace(SQUARES, (0, 0), (2, 2))
    assert tr.crossings == (
        Crossing("corner", ((0, 0), (1, 0), (0, 1), (1, 1))),
        Crossing("cell", ((1, 1),)),
        Crossing("corner", ((1, 1), (2, 1), (1, 2), (2, 2))),
    )
    assert trace(SQUARES, (3, 3), (3, 3)).crossings == ()
    assert trace(SQUARES, (3, 3), (4, 3)).crossings == (Crossing("edge", ((3, 3), (4, 3))),)


def test_knight_move_crosses_two_cells() -> None:
    tr = trace(SQUARES, (0, 0), (2, 1))
    assert tr.crossings == (
        Crossing("edge", ((0, 0), (1, 0))),
        Crossing("cell", ((1, 0),)),
        Crossing("edge", ((1, 0), (1, 1))),
        Crossing("cell", ((1, 1),)),
        Crossing("edge", ((1, 1), (2, 1))),
    )


def test_trace_skips_holes_and_rejects_off_board() -> None:
    terrain = {(x, y): "o" for x in range(5) for y in range(5) if (x, y) != (2, 0)}
    grid = SquareGrid(5, 5, terrain)
    tr = trace(grid, (0, 0), (4, 0))
    assert Crossing("cell", ((1, 0),)) in tr.crossings
    assert all((2, 0) not in c.locs for c in tr.crossings)
    with pytest.raises(GeometryError):
        trace(grid, (0, 0), (2, 0))


def test_hex_line_along_hexside_is_one_edge() -> None:
    grid = HexGrid("pointy", "odd", 13, 9)
    a = (0, 0)
    tr = trace(grid, a, (1, 1))  # the "diagonal" between two neighbours runs along their shared hexside
    assert len(tr.crossings) == 1
    (edge,) = tr.crossings
    assert edge.kind == "edge" and edge.along
    assert set(edge.locs) == {(1, 0), (0, 1)}
    straight = trace(grid, a, (3, 0))
    assert [c.kind for c in straight.crossings] == ["edge", "cell", "edge", "cell", "edge"]
    assert not any(c.along for c in straight.crossings)


def test_los_judgement_and_reasons() -> None:
    terrain = {(x, y): "open" for x in range(6) for y in range(3)}
    terrain[(2, 1)] = terrain[(3, 1)] = "building"
    terrain[(1, 1)] = "smoke"
    grid = SquareGrid(6, 3, terrain)

    def judge(c: Crossing) -> Verdict:
        if c.kind != "cell":
            return CLEAR
        kind = grid.terrain(c.locs[0])
        if kind == "building":
            return Verdict("block", "building", "SAS-4.2")
        if kind == "smoke":
            return Verdict("hinder", "smoke", "SAS-4.5")
        return CLEAR

    first = line_of_sight(grid, (0, 1), (5, 1), judge)
    assert not first.clear
    assert [c.locs for c, _ in first.blocked_by] == [((2, 1),)]
    assert [c.locs for c, _ in first.hindered_by] == [((1, 1),)]
    assert first.why() == ["blocked at cell (2, 1): building [SAS-4.2]", "hindered at cell (1, 1): smoke [SAS-4.5]"]
    every = line_of_sight(grid, (0, 1), (5, 1), judge, stop_at_first_block=False)
    assert len(every.blocked_by) == 2
    assert line_of_sight(grid, (0, 0), (5, 0), judge).clear


def test_cc_style_both_sides_rule_is_expressible() -> None:
    grid = HexGrid("pointy", "odd", 13, 9, terrain={(1, 0): "forest", (0, 1): "forest"})

    def judge(c: Crossing) -> Verdict:
        forests = [grid.terrain(h) == "forest" for h in c.locs]
        if c.kind == "cell" and all(forests):
            return Verdict("block", "forest", "CC-LOS")
        if c.kind == "edge" and c.along and all(forests):
            return Verdict("block", "forest on both sides", "CC-LOS")
        return CLEAR

    assert not line_of_sight(grid, (0, 0), (1, 1), judge).clear
    grid2 = HexGrid("pointy", "odd", 13, 9, terrain={(1, 0): "forest"})
    assert line_of_sight(grid2, (0, 0), (1, 1), lambda c: judge(c) if c.kind == "cell" else CLEAR).clear

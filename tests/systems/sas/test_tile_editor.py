"""The tile editor's model: encoding a player's own tile (SAS-BRD, SAS-TER) as undoable edits of a library.

Every edit is one undo step; the library the edits make is valid exactly when the loader accepts it; the
edges are stored as runs that mean the same thing as what was drawn; save → open → save is byte-identical.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.scenario.boards import TiledBoardSpec, build_board
from app.scenario.editor.document import EditError
from app.systems.sas.tiles.editor import (
    EdgeRef,
    TileEditor,
    edge_runs,
    edge_table,
    nearest_edge,
    stroke_edges,
)
from app.systems.sas.tiles.library import TileLibrary, load_tile_library

CORE = Path(__file__).resolve().parents[3] / "resources" / "tiles" / "sas_core.json"


def _barn(editor: TileEditor) -> int:
    """A 6×6 tile with a 2×2 barn (walls, a door, a window), a hedge, a sentry, a guard and a patrol line."""
    i = editor.add_tile("barn", (6, 6), name_en="Barn", name_zh="谷仓")
    editor.paint(i, "A", [(1, 1), (2, 1), (1, 2), (2, 2)], "B")
    walls = [EdgeRef((1, 1), "N"), EdgeRef((2, 1), "N"), EdgeRef((1, 2), "S"), EdgeRef((2, 2), "S")]
    walls += [EdgeRef((1, 1), "W"), EdgeRef((1, 2), "W"), EdgeRef((2, 1), "E"), EdgeRef((2, 2), "E")]
    editor.set_edges(i, "A", walls, "building_wall")
    editor.set_edges(i, "A", [EdgeRef((1, 2), "W")], "door")  # SAS-TER-11: a door cut into the wall
    editor.set_edges(i, "A", [EdgeRef((2, 1), "N")], "window")  # SAS-TER-12
    editor.set_edges(i, "A", [EdgeRef((x, 3), "S") for x in range(4)], "hedge")
    editor.add_mark(i, "A", "sentry", (4, 1), arrows=["W", "S"], solid="W")  # SAS-BRD-4
    editor.add_mark(i, "A", "guard", (0, 2))
    editor.add_mark(i, "A", "room", (1, 1), label="Barn")
    editor.draw_patrol(i, "A", [(0, 5), (1, 5), (2, 5), (3, 5)], "white")  # SAS-BRD-5
    return i


def test_a_tile_drawn_in_the_editor_loads_and_builds_a_board(tmp_path: Path) -> None:
    """SAS-BRD-1: the player's tile is laid on a board like any printed tile."""
    editor = TileEditor.new()
    i = _barn(editor)
    assert editor.findings() == []
    library = TileLibrary.model_validate(editor.doc.data)
    grid = library.tile_grid("barn", "A")
    assert grid.terrain[(1, 1)] == "building" and grid.terrain[(0, 0)] == "regular"
    kinds = {f.kind for features in grid.edges.values() for f in features}
    assert kinds == {"building_wall", "door", "window", "hedge"}
    marks = {m.kind for ms in grid.marks.values() for m in ms}
    assert marks == {"sentry", "guard", "room", "patrol_line", "patrol_start"}
    starts = sorted((sq, m.directions) for sq, ms in grid.marks.items() for m in ms if m.kind == "patrol_start")
    assert starts == [((0, 5), ("E",)), ((3, 5), ("W",))]  # both ends face along the line
    path = editor.save(tmp_path / "my_tiles.json")
    board = build_board(
        TiledBoardSpec(kind="tiled", library=str(path), tiles=[{"tile": "barn", "side": "A", "at": [0, 0]}]),
        Path,
        load_tile_library,
    )
    assert board.topology.width == 6
    assert editor.preview(i, "A").topology.width == 6


def test_every_edit_is_one_undo_step_and_undo_restores_the_blank_library() -> None:
    editor = TileEditor.new()
    blank = editor.text()
    _barn(editor)
    steps = 0
    while editor.doc.undo():
        steps += 1
    assert steps == 10 and editor.text() == blank
    while editor.doc.redo():
        pass
    assert editor.findings() == []


def test_save_open_save_is_byte_identical(tmp_path: Path) -> None:
    editor = TileEditor.new()
    _barn(editor)
    first = editor.save(tmp_path / "a.json").read_text(encoding="utf-8")
    again = TileEditor.open(tmp_path / "a.json")
    assert again.save(tmp_path / "b.json").read_text(encoding="utf-8") == first
    assert load_tile_library(tmp_path / "b.json").tile("barn").size == (6, 6)


def test_the_bundled_library_opened_as_a_copy_keeps_every_tile_and_needs_a_new_file() -> None:
    editor = TileEditor.open(CORE, as_copy=True)
    assert editor.doc.path is None and editor.findings() == []
    before = TileLibrary.model_validate(editor.doc.data)
    i = next(k for k, tile in enumerate(editor.tiles) if tile["id"] == "farm")
    editor.set_edges(i, "A", [EdgeRef((0, 0), "N")], "low_wall")  # rewrites farm/A's edges as runs
    editor.set_edges(i, "A", [EdgeRef((0, 0), "N")], None)
    after = TileLibrary.model_validate(editor.doc.data)
    assert after.tile_grid("farm", "A").edges == before.tile_grid("farm", "A").edges
    with pytest.raises(ValueError, match="no file"):
        editor.save()


def test_problems_are_located_on_their_square() -> None:
    """A patrol line crossing a building wall is refused by the loader's check; the finding names the square."""
    editor = TileEditor.new()
    i = _barn(editor)
    editor.draw_patrol(i, "A", [(0, 1), (1, 1)], "black")  # walks through the barn's west wall
    findings = editor.findings()
    assert findings and all(f.severity == "error" for f in findings)
    assert any(f.path.startswith(f"$.tiles[{i}].sides.A.marks") and f.where for f in findings)


def test_refused_edits_say_why_and_change_nothing() -> None:
    editor = TileEditor.new()
    i = editor.add_tile("t", (4, 4))
    text = editor.text()
    with pytest.raises(EditError, match="already"):
        editor.add_tile("t", (4, 4))
    with pytest.raises(EditError, match="not on the"):
        editor.paint(i, "A", [(4, 0)], "T")
    with pytest.raises(EditError, match="side by side"):
        editor.draw_patrol(i, "A", [(0, 0), (2, 0)], "black")
    with pytest.raises(EditError, match="grapple"):
        editor.set_edges(i, "A", [EdgeRef((0, 0), "N")], "low_wall", grapple=True)
    with pytest.raises(EditError, match="no facing"):
        editor.turn_mark(i, "A", editor.add_mark(i, "A", "entry_exit", (0, 0)))
    editor.doc.undo()
    assert editor.text() == text


def test_turning_a_sentry_turns_every_arrow_and_the_solid_one() -> None:
    """SAS-BRD-4: the arrows of a sentry point turn with it."""
    editor = TileEditor.new()
    i = editor.add_tile("t", (4, 4))
    m = editor.add_mark(i, "A", "sentry", (1, 1), arrows=["N", "E"], solid="E")
    editor.turn_mark(i, "A", m)
    mark = editor.side(i, "A")["marks"][m]
    assert mark["arrows"] == ["E", "S"] and mark["solid"] == "S"


def test_removing_a_patrol_line_takes_its_start_points_with_it() -> None:
    editor = TileEditor.new()
    i = editor.add_tile("t", (4, 4))
    editor.draw_patrol(i, "A", [(0, 0), (1, 0), (1, 1)], "black")
    assert editor.remove_marks(i, "A", (1, 0)) == 3
    assert editor.side(i, "A")["marks"] == []


def test_mouse_strokes_pick_the_square_sides_they_run_along() -> None:
    assert nearest_edge(2.5, 3.05, 8, 8) == EdgeRef((2, 3), "N")
    assert nearest_edge(2.97, 3.5, 8, 8) == EdgeRef((2, 3), "E")
    along_row = stroke_edges([(0.4, 2.1), (3.6, 1.9)], 8, 8)  # a wobbly horizontal stroke on the line y = 2
    assert {ref.key() for ref in along_row} == {(x, 1, "S") for x in range(4)}
    down_column = stroke_edges([(5.1, 0.2), (4.9, 2.8)], 8, 8)
    assert {ref.key() for ref in down_column} == {(4, y, "E") for y in range(3)}


_EDGE = st.tuples(
    st.integers(0, 5), st.integers(0, 5), st.sampled_from("NESW"), st.sampled_from(["low_wall", "hedge", "door"])
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_EDGE, max_size=25))
def test_edges_stored_as_runs_mean_what_was_drawn(drawn: list[tuple[int, int, str, str]]) -> None:
    """Whatever is drawn, in whatever order, the stored runs give back the same edge of every square side."""
    table = {EdgeRef((x, y), side).key(): (kind, False) for x, y, side, kind in drawn}
    runs = edge_runs(table, 6, 6)
    assert edge_table(runs) == table
    assert edge_runs(edge_table(runs), 6, 6) == runs  # stable: saving twice gives the same list


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("paint"), st.integers(0, 3), st.integers(0, 3), st.sampled_from(".T~:B")),
            st.tuples(st.just("edge"), st.integers(0, 3), st.integers(0, 3), st.sampled_from("NESW")),
            st.tuples(st.just("mark"), st.integers(0, 3), st.integers(0, 3), st.sampled_from(["guard", "room"])),
            st.tuples(st.just("erase"), st.integers(0, 3), st.integers(0, 3), st.just("")),
        ),
        max_size=12,
    )
)
def test_random_edit_sequences_undo_to_the_start_and_redo_to_the_end(ops: list[tuple[str, int, int, str]]) -> None:
    editor = TileEditor.new()
    i = editor.add_tile("t", (4, 4))
    start = editor.text()
    for op, x, y, arg in ops:
        if op == "paint":
            editor.paint(i, "A", [(x, y)], arg)
        elif op == "edge":
            editor.set_edges(i, "A", [EdgeRef((x, y), arg)], "low_wall")
        elif op == "mark":
            editor.add_mark(i, "A", arg, (x, y))
        else:
            editor.remove_marks(i, "A", (x, y))
    end = editor.text()
    while editor.doc.can_undo and editor.text() != start:
        editor.doc.undo()
    assert editor.text() == start
    while editor.doc.redo():
        pass
    assert editor.text() == end

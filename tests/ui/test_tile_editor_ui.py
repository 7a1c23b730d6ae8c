"""The tile editor driven with the mouse through its real widgets, then its tile used in a mission (pytest-qt).

A player encodes a tile of their own copy: a new tile from the dialog, terrain painted by dragging, a wall
drawn along square sides, a sentry point clicked in and turned, a patrol line dragged out; the library is
saved next to the mission, the mission switches to it, and the new tile is laid and played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QDialog, QFileDialog

from app.__main__ import LazySystems
from app.systems.sas.tiles.library import load_tile_library
from app.ui.editor.tiles import NewTileDialog, TileEditorWindow
from app.ui.editor.window import EditorWindow

pytestmark = pytest.mark.usefixtures("adjutant_data_dir")
MISSION = Path(__file__).resolve().parents[2] / "scenarios" / "sas" / "editor_mill_road.json"


def _pick(window: TileEditorWindow, qtbot: Any, entry: str | None) -> None:
    tree = window.palette.tree
    item = window.palette.item_for(entry)
    assert item is not None, entry
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    assert window.tool == entry


def _at(window: TileEditorWindow, x: float, y: float) -> QPoint:
    """Viewport position of the point (x, y) in squares of the shown tile side."""
    pos = window.board.mapFromScene(QPointF(x, y))
    assert window.board.viewport().rect().contains(pos)
    return pos


def _drag(window: TileEditorWindow, qtbot: Any, points: list[tuple[float, float]]) -> None:
    viewport = window.board.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=_at(window, *points[0]))
    for point in points[1:]:
        qtbot.mouseMove(viewport, _at(window, *point))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=_at(window, *points[-1]))


def test_a_tile_encoded_with_the_mouse_is_saved_and_laid_in_a_mission(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mission = tmp_path / "mission.json"
    mission.write_bytes(MISSION.read_bytes())
    systems = LazySystems()
    editor = EditorWindow(systems, systems.editor_plugin)
    qtbot.addWidget(editor)
    assert editor.open_path(mission)
    window = editor.open_tile_editor()  # the bundled library opens as a copy
    assert isinstance(window, TileEditorWindow) and window.editor.doc.path is None
    window.resize(1300, 900)
    qtbot.waitExposed(window)

    def fill_dialog(dialog: NewTileDialog) -> QDialog.DialogCode:
        dialog.tile_id.setText("my_orchard")
        dialog.name_en.setText("Orchard")
        dialog.name_zh.setText("果园")
        dialog.width_box.setValue(6)
        dialog.height_box.setValue(5)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewTileDialog, "exec", fill_dialog)
    qtbot.mouseClick(window.new_button, Qt.MouseButton.LeftButton)
    assert window.editor.tile(window.index or 0)["id"] == "my_orchard"
    window.board.fit()

    _pick(window, qtbot, "terrain:T")  # forest along the top row, by dragging
    _drag(window, qtbot, [(0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (3.5, 0.5)])
    _pick(window, qtbot, "edge:low_wall")  # a low wall along the line between rows 2 and 3
    _drag(window, qtbot, [(0.3, 2.05), (1.5, 1.97), (2.7, 2.02)])
    _pick(window, qtbot, "mark:sentry")
    qtbot.mouseClick(window.board.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, 4.5, 1.5))
    window.actions_by_name["turn"].trigger()  # R: the sentry now looks west
    _pick(window, qtbot, "patrol:black")
    _drag(window, qtbot, [(0.5, 4.5), (1.5, 4.5), (2.5, 4.5), (2.5, 3.5)])

    side = window.editor.side(window.index or 0, "A")
    assert side["rows"][0] == "TTTT.."
    assert side["edges"] == [{"from": "A2", "to": "C2", "side": "S", "kind": "low_wall"}]
    sentry = next(m for m in side["marks"] if m["kind"] == "sentry")
    assert sentry["at"] == "E2" and sentry["solid"] == "W"
    line = next(m for m in side["marks"] if m["kind"] == "patrol_line")
    assert line["path"] == ["A5", "B5", "C5", "C4"]
    assert window.findings == []
    assert "No problems" in window.problems.list.item(0).text()

    saved = tmp_path / "my_tiles.json"  # Save asks where (the bundled file is never overwritten)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(saved), ""))
    window.actions_by_name["save"].trigger()
    assert load_tile_library(saved).tile("my_orchard").size == (6, 5)
    c = editor.controller
    assert c.doc.get(("board", "library")) == "my_tiles.json"  # relative to the mission: shareable together
    assert editor.palette.item_for("tile:my_orchard") is not None

    c.set_tool("tile:my_orchard")
    c.click(editor.spot((18, 5)))  # east of the woods tile: the 6×5 orchard centred there
    assert c.result.playable, [f.message.render() for f in c.result.findings]
    assert c.playtest_session().legal_commands()
    c.undo()
    c.undo()
    assert c.doc.get(("board", "library")) == "resources:tiles/sas_core.json"
    c.doc.mark_saved()
    window.editor.doc.mark_saved()


def test_a_library_outside_the_missions_folder_is_refused_with_the_reason(
    qtbot: Any, tmp_path: Path, no_modal_boxes: list[str]
) -> None:
    """Missions refer to files inside their own folder only (adjutant validate refuses the rest)."""
    (tmp_path / "missions").mkdir()
    mission = tmp_path / "missions" / "mission.json"
    mission.write_bytes(MISSION.read_bytes())
    systems = LazySystems()
    editor = EditorWindow(systems, systems.editor_plugin)
    qtbot.addWidget(editor)
    assert editor.open_path(mission)
    window = editor.open_tile_editor()
    assert window is not None and window.default_folder == mission.parent
    assert window.write(tmp_path / "elsewhere.json")  # saved, but the mission cannot use it
    assert editor.controller.doc.get(("board", "library")) == "resources:tiles/sas_core.json"
    assert any("own folder" in text for text in no_modal_boxes)
    assert window.write(mission.parent / "tiles" / "mine.json")  # a folder inside the mission's is fine
    assert editor.controller.doc.get(("board", "library")) == "tiles/mine.json"
    editor.controller.doc.mark_saved()
    window.editor.doc.mark_saved()

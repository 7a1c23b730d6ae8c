"""The editor window driven with the mouse and keyboard through its real widgets (pytest-qt, offscreen).

A small SAS mission and a small C&C battle are built by clicking the palette and the board, dragging,
painting and typing in the forms; they are checked live, saved, reopened byte-identically and played.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLineEdit, QTreeWidget

from app.__main__ import LazySystems
from app.scenario.catalog import open_session
from app.scenario.editor.files import open_document
from app.ui.app import AppShell
from app.ui.editor.window import EditorWindow
from app.ui.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("adjutant_data_dir")


@pytest.fixture
def shell(qtbot: Any) -> Iterator[AppShell]:
    app_shell = AppShell(LazySystems())
    yield app_shell
    if app_shell.window is not None:
        app_shell.window.close()
    if app_shell.editor is not None:
        app_shell.editor.controller.doc.mark_saved()  # no "discard changes?" question
        app_shell.editor.close()
    if app_shell.start_page is not None:  # closing the editor shows the start page
        app_shell.start_page.close()


def _editor(shell: AppShell, qtbot: Any, system_id: str) -> EditorWindow:
    editor = shell.open_editor(system_id)
    assert editor is not None
    editor.resize(1400, 900)
    qtbot.waitExposed(editor)
    editor.board.fit()
    return editor


def _pick(editor: EditorWindow, qtbot: Any, entry: str | None) -> None:
    """Click a palette row (None: the select tool)."""
    tree: QTreeWidget = editor.palette.tree
    item = editor.palette.item_for(entry)
    assert item is not None, entry
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    assert editor.controller.tool == entry


def _pos(editor: EditorWindow, label: str) -> QPoint:
    """Viewport position of a board location's centre."""
    loc = editor._labels[label]
    pos = editor.board.mapFromScene(editor.scene.centre_of(loc))
    assert editor.board.viewport().rect().contains(pos), label  # the fitted board shows every location
    return pos


def _click(editor: EditorWindow, qtbot: Any, label: str) -> None:
    qtbot.mouseClick(editor.board.viewport(), Qt.MouseButton.LeftButton, pos=_pos(editor, label))


def _drag(editor: EditorWindow, qtbot: Any, labels: list[str]) -> None:
    """Press on the first location, pass over the others, release on the last."""
    viewport = editor.board.viewport()
    start = _pos(editor, labels[0])
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for label in labels[1:]:
        qtbot.mouseMove(viewport, _pos(editor, label))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=_pos(editor, labels[-1]))


def _key(editor: EditorWindow, key: str) -> None:
    """The action bound to ``key`` (offscreen windows do not reliably get shortcut events: trigger it)."""
    action = next(a for a in editor.actions_by_name.values() if key in [k.toString() for k in a.shortcuts()])
    action.trigger()


def _field(editor: EditorWindow, path: tuple[Any, ...]) -> Any:
    widget = editor.setup.form.editors.get(path) or editor.inspector.form.editors.get(path)
    assert widget is not None, path
    return widget


def _type(qtbot: Any, line: QLineEdit, text: str) -> None:
    line.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def test_build_a_sas_mission_with_the_mouse_then_play_it(shell: AppShell, qtbot: Any, tmp_path: Path) -> None:
    editor = _editor(shell, qtbot, "sas")
    c = editor.controller
    _pick(editor, qtbot, "unit:guard")
    _click(editor, qtbot, "C6")
    assert c.doc.data["extra_units"][0]["at"] == "C6"
    assert c.selected == ("extra_units", 0)  # a new counter is selected for the inspector
    _pick(editor, qtbot, None)
    _drag(editor, qtbot, ["C6", "C8"])  # drag the guard two squares down
    assert c.doc.data["extra_units"][0]["at"] == "C8"
    _key(editor, "R")  # rotate: S -> W
    assert c.doc.data["extra_units"][0]["facing"] == "W"

    turn_limit = _field(editor, ("turn_limit",))
    _type(qtbot, turn_limit, "x")  # refused as typed, nothing changes
    assert editor.setup.form.errors[("turn_limit",)].isVisibleTo(editor.setup.form)
    assert c.doc.data["turn_limit"] == 12
    turn_limit.clear()
    _type(qtbot, turn_limit, "9")
    assert c.doc.data["turn_limit"] == 9
    editor.actions_by_name["undo"].trigger()
    assert c.doc.data["turn_limit"] == 12
    editor.actions_by_name["redo"].trigger()
    assert c.result.playable and not c.result.errors

    saved = c.save(tmp_path / "mine.json")
    text = saved.read_text(encoding="utf-8")
    assert editor.open_path(saved)
    assert c.save() == saved and saved.read_text(encoding="utf-8") == text  # save -> load -> save: same bytes

    editor.actions_by_name["playtest"].trigger()
    qtbot.wait(50)
    game = shell.window
    assert isinstance(game, MainWindow) and not editor.isVisible()
    session = game.session
    for _ in range(3):  # play a few legal commands of the mission just built
        session.submit(session.legal_commands()[0])
    game.close()
    qtbot.waitUntil(editor.isVisible)
    assert shell.window is None and c.doc.path == saved and not c.doc.dirty  # the editor kept the document


def test_problems_are_listed_located_and_select_their_culprit(shell: AppShell, qtbot: Any) -> None:
    editor = _editor(shell, qtbot, "sas")
    c = editor.controller
    _pick(editor, qtbot, "unit:guard")
    _click(editor, qtbot, "D7")
    _pick(editor, qtbot, "unit:officer")
    _click(editor, qtbot, "D7")  # two units on one square
    errors = [f for f in c.result.findings if f.severity == "error"]
    assert errors and errors[0].where == "D7"
    assert editor._labels["D7"] in editor.scene.layers["view"].fills  # shown on the board
    assert not editor.actions_by_name["playtest"].isEnabled()
    _pick(editor, qtbot, None)
    c.select(None)
    problems = editor.problems.list
    item = next(problems.item(i) for i in range(problems.count()) if "D7" in problems.item(i).text())
    qtbot.mouseClick(problems.viewport(), Qt.MouseButton.LeftButton, pos=problems.visualItemRect(item).center())
    assert c.selected is not None and c.selected[0] == "extra_units"
    _key(editor, "Del")
    assert c.result.playable


def test_tiles_are_laid_moved_rotated_and_flipped(shell: AppShell, qtbot: Any) -> None:
    editor = _editor(shell, qtbot, "sas")
    c = editor.controller
    _pick(editor, qtbot, "tile:woods")
    loc = editor.board._loc(_pos(editor, "H4"))  # the woods (8×8) centred 4 squares right of the farm's edge
    editor.board.spot_clicked.emit((loc[0] + 4, loc[1] + 3))
    tiles = c.doc.data["board"]["tiles"]
    assert [t["tile"] for t in tiles] == ["farm", "woods"] and tiles[1]["at"] == [8, 3]  # laid under the cursor
    _pick(editor, qtbot, None)
    _click(editor, qtbot, "J5")  # a woods square selects the tile
    assert c.selected == ("board", "tiles", 1)
    _key(editor, "T")
    assert tiles[1]["side"] == "B"
    editor.actions_by_name["rotate"].trigger()
    assert tiles[1]["rotation"] == 90
    _drag(editor, qtbot, ["J5", "J6"])  # the whole tile shifts one square down
    assert c.doc.data["board"]["tiles"][1]["at"] == [8, 4]
    while c.doc.can_undo:
        editor.actions_by_name["undo"].trigger()
    assert [t["tile"] for t in c.doc.data["board"]["tiles"]] == ["farm"]


def test_build_a_cca_battle_painting_terrain_then_play_it(shell: AppShell, qtbot: Any, tmp_path: Path) -> None:
    editor = _editor(shell, qtbot, "cca")
    c = editor.controller
    _pick(editor, qtbot, "terrain:forest")
    assert editor.board.painting
    _drag(editor, qtbot, ["0505", "0605", "0705"])  # one stroke of the brush
    assert c.doc.data["board"]["terrain"] == {"0505": "forest", "0605": "forest", "0705": "forest"}
    editor.actions_by_name["undo"].trigger()  # a stroke is one undo step
    assert c.doc.data["board"]["terrain"] == {}
    editor.actions_by_name["redo"].trigger()
    _pick(editor, qtbot, "unit:0:HI")
    _click(editor, qtbot, "0608")
    _pick(editor, qtbot, "leader:0")
    _click(editor, qtbot, "0608")
    _pick(editor, qtbot, "unit:1:LC")
    _click(editor, qtbot, "0302")
    banners = _field(editor, ("armies", 0, "banners"))
    _type(qtbot, banners, "3")
    assert c.doc.data["armies"][0]["banners"] == 3
    assert c.result.playable, [f.message.render() for f in c.result.findings]
    saved = c.save(tmp_path / "battle.json")
    session = open_session(saved, LazySystems())  # what the editor writes is what the game loads
    assert len(session.view().counters) >= 5
    editor.actions_by_name["playtest"].trigger()
    assert isinstance(shell.window, MainWindow)
    qtbot.wait(50)  # let the game window finish starting (its deferred fit and autosave) before it closes


def test_smoke_test_runs_off_the_gui_thread(shell: AppShell, qtbot: Any) -> None:
    editor = _editor(shell, qtbot, "cca")
    editor.smoke_games = 1  # one checked game proves the run is off the GUI thread (each costs ~15 s of checks)
    editor.actions_by_name["smoke"].trigger()
    assert editor.smoke_run is not None
    qtbot.waitUntil(lambda: editor.smoke_run is None, timeout=60_000)
    run = editor.last_smoke
    assert run is not None and len(run.reports) == 1 and run.ok
    assert "1/1" in editor.statusBar().currentMessage()


def test_a_broken_file_is_refused_with_its_problem(
    shell: AppShell, qtbot: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr("app.ui.editor.window.QMessageBox.warning", lambda _p, _t, text: shown.append(text))
    editor = _editor(shell, qtbot, "sas")
    assert not editor.open_path(bad)
    assert shown and "bad.json" in shown[0]
    assert editor.controller.system_id == "sas"  # the open document is kept


def test_editor_opens_a_bundled_mission_and_it_saves_in_canonical_form(shell: AppShell, qtbot: Any) -> None:
    path = Path(__file__).resolve().parents[2] / "scenarios" / "sas" / "editor_mill_road.json"
    editor = shell.open_editor(path=path)
    assert editor is not None and editor.controller.result.playable
    assert json.loads(path.read_text(encoding="utf-8")) == open_document(path).data


def test_cca_choices_read_as_words_and_a_leader_gets_two_names(shell: AppShell, qtbot: Any) -> None:
    """CCA-SETUP-1, CCA-UNIT-3: the set-up form shows a side as words ("bottom edge") and stores its value
    ("bottom"); a leader placed from the palette is named in English and in Chinese in the inspector."""
    editor = _editor(shell, qtbot, "cca")
    c = editor.controller
    side = _field(editor, ("armies", 0, "side"))
    assert [side.itemText(i) for i in range(side.count())] == ["bottom edge", "top edge"]
    assert side.currentData() == "bottom"
    side.setCurrentIndex(1)
    side.activated.emit(1)
    assert c.doc.data["armies"][0]["side"] == "top"
    editor.actions_by_name["undo"].trigger()
    _pick(editor, qtbot, "leader:0")
    _click(editor, qtbot, "0608")
    _pick(editor, qtbot, None)
    _click(editor, qtbot, "0608")
    _type(qtbot, _field(editor, ("armies", 0, "leaders", 0, "name", "en")), "Hannibal")
    chinese = _field(editor, ("armies", 0, "leaders", 0, "name", "zh_CN"))
    chinese.setText("汉尼拔")  # QTest cannot type outside Latin-1: the text as an input method leaves it
    chinese.editingFinished.emit()
    assert c.doc.data["armies"][0]["leaders"] == [{"at": "0608", "name": {"en": "Hannibal", "zh_CN": "汉尼拔"}}]
    assert c.result.playable

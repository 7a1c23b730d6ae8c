"""Table sync in the window (issue 15, point 4): right-click a counter to correct it to match the table — turn,
flip, move (the next click gives the square), set a value, remove — or the board to add a counter or set the
stealth meter; each correction is logged (CORE-SYNC-1) and undone like any command. SAS and C&C."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from app.__main__ import LazySystems
from app.scenario.catalog import open_session
from tests.ui.conftest import shown_window

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = LazySystems()


def _action(menu: QMenu, *path: str):  # type: ignore[no-untyped-def]
    """The action reached through submenus by their texts."""
    for text in path[:-1]:
        menu = next(a.menu() for a in menu.actions() if a.menu() is not None and a.text() == text)
    return next(a for a in menu.actions() if a.text() == path[-1])


def _right_click(qtbot, win, loc) -> QMenu:  # type: ignore[no-untyped-def]
    point = win.board_view.mapFromScene(win.scene.centre_of(loc))
    qtbot.mouseClick(win.board_view.viewport(), Qt.MouseButton.RightButton, pos=point)
    menu = win.table_sync.last_menu
    assert menu is not None
    return menu


def test_sas_counter_turned_flipped_moved_and_undone(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    session = open_session(ROOT / "scenarios" / "sas" / "tutorial_assassination.json", SYSTEMS)
    win = shown_window(qtbot, session, adjutant_data_dir)
    win.table_sync.popup = lambda _menu, _at: None  # offscreen: a real popup would grab the keyboard
    unit = next(u for u in session.state.units if u.facing != "E")
    menu = _right_click(qtbot, win, unit.loc)
    assert menu.actions()[0].text() == "Correct to match the table"
    _action(menu, "Turn to face", "east").trigger()
    assert session.state.unit(unit.id).facing == "E"
    assert "Table sync" in session.events()[-1].text.render() and session.events()[-1].rule_id == "CORE-SYNC-1"
    _action(_right_click(qtbot, win, unit.loc), "Counter side", "alert").trigger()
    assert session.state.unit(unit.id).alert
    _action(_right_click(qtbot, win, unit.loc), "Move").trigger()
    free = next(c for c in session.state.rt.map_cells if session.state.unit_at(c) is None and c != unit.loc)
    qtbot.mouseClick(
        win.board_view.viewport(), Qt.MouseButton.LeftButton, pos=win.board_view.mapFromScene(win.scene.centre_of(free))
    )
    assert session.state.unit(unit.id).loc == free
    for _ in range(3):
        win.actions_by_name["undo"].trigger()
    back = session.state.unit(unit.id)
    assert (back.loc, back.facing, back.alert) == (unit.loc, unit.facing, unit.alert)
    win.close()


def test_sas_board_menu_sets_the_meter_and_adds_a_counter_in_chinese(
    qtbot, adjutant_data_dir, compiled_translations
) -> None:  # type: ignore[no-untyped-def]
    session = open_session(ROOT / "scenarios" / "sas" / "tutorial_assassination.json", SYSTEMS)
    win = shown_window(qtbot, session, adjutant_data_dir)
    win.table_sync.popup = lambda _menu, _at: None  # offscreen: a real popup would grab the keyboard
    win.set_language("zh_CN")
    taken = {u.loc for u in session.state.units} | {o.loc for o in session.state.operators}
    empty = next(c for c in session.state.rt.map_cells if c not in taken)
    menu = _right_click(qtbot, win, empty)
    assert menu.actions()[0].text() == "校正为与桌面一致"
    _action(menu, "设置潜行刻度", "3").trigger()
    assert session.state.meter == 3
    assert "3" in win.tracks_label.text()
    count = len(session.state.units)
    _action(_right_click(qtbot, win, empty), "在此添加步枪兵").trigger()
    assert len(session.state.units) == count + 1 and session.state.unit_at(empty) is not None
    assert "桌面同步" in session.events()[-1].text.render("zh_CN")
    win.set_language("en")  # the language is the app's: leave it as the next test expects
    win.close()


def test_cca_blocks_set_and_unit_removed(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    session = open_session(ROOT / "scenarios" / "cca" / "akragas_clash.json", SYSTEMS)
    win = shown_window(qtbot, session, adjutant_data_dir)
    win.table_sync.popup = lambda _menu, _at: None  # offscreen: a real popup would grab the keyboard
    unit = next(u for u in session.state.units if u.blocks > 1)
    _action(_right_click(qtbot, win, unit.hex), "Blocks", "1").trigger()
    assert session.state.unit(unit.id).blocks == 1
    _action(_right_click(qtbot, win, unit.hex), "Remove from the board").trigger()
    assert session.state.unit(unit.id) is None
    win.actions_by_name["undo"].trigger()
    assert session.state.unit(unit.id).blocks == 1
    win.close()

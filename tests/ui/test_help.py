"""Help (issue 15, point 6): F1 opens the current game's guide, and the shortcuts window lists every action
with its keys, in the interface language."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QTableWidget, QTextBrowser

from app.ui.help_dialogs import guide_path


def _window(qtbot, data_dir):  # type: ignore[no-untyped-def]
    from app.__main__ import LazySystems
    from app.scenario.catalog import default_entry, open_session
    from app.ui.app import AppShell
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    entry = default_entry(AppShell(LazySystems()).entries())
    win = MainWindow(open_session(entry.path, LazySystems()), Preferences(), data_dir)
    qtbot.addWidget(win)
    return win


def test_every_system_with_a_window_has_a_guide() -> None:
    assert guide_path("sas") is not None and guide_path("cca") is not None
    assert guide_path("no-such-game") is None


def test_f1_opens_the_guide_of_the_game(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir)
    win.actions_by_name["how_to_play"].trigger()
    dialog = win.findChild(QDialog, "how_to_play")
    assert dialog is not None and dialog.isVisible()
    text = dialog.findChild(QTextBrowser).toPlainText()
    assert len(text) > 200 and "sas-howto" not in text
    dialog.close()
    win.close()


def test_shortcuts_window_lists_the_keys(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir)
    win.actions_by_name["shortcuts"].trigger()
    table = win.findChild(QDialog, "shortcuts").findChild(QTableWidget)
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows["Undo"] == "Ctrl+Z" and rows["How to play"] == "F1"
    win.set_language("zh_CN")
    win.actions_by_name["shortcuts"].trigger()
    dialogs = win.findChildren(QDialog, "shortcuts")
    latest = dialogs[-1].findChild(QTableWidget)
    assert latest.horizontalHeaderItem(1).text() == "按键"
    win.set_language("en")
    win.close()

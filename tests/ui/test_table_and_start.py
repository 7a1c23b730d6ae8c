"""Table-mode dice entry, the start page, rendering helpers."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.core.i18n import localized
from app.ui.dice_tray import parse_dice
from tests.ui.fakes import FakeSystem, Fire, make_session

BOARDS = sorted((Path(__file__).resolve().parents[2] / "resources" / "boards").glob("*.json"))


def test_table_mode_dice_prompt_resubmits(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = make_session("table")
    win = MainWindow(session, Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.show()
    win.interaction.select("b1")
    fire = next(b for b, c, _ in win.command_bar.buttons if isinstance(c, Fire))
    qtbot.mouseClick(fire, Qt.MouseButton.LeftButton)
    assert win.dice.need is not None and win.dice.entry.isVisible()
    assert "d6" in win.dice.prompt.text()
    caption = win.command_bar.caption.text()  # play5: the bar says what the table must do, not "the bot is playing"
    assert caption.startswith(win.dice.prompt.text()) and "Dice panel" in caption
    assert (win.dice.prompt.text(), False) in win.table.lines()  # the "At the table" checklist asks for it too
    qtbot.keyClicks(win.dice.entry, "9")
    qtbot.mouseClick(win.dice.submit_button, Qt.MouseButton.LeftButton)
    assert session.commands == [] and win.dice.error.text()
    win.dice.entry.clear()
    qtbot.keyClicks(win.dice.entry, "5")
    qtbot.keyClick(win.dice.entry, Qt.Key.Key_Return)
    assert session.commands[-1].dice == (5,)
    assert not win.dice.entry.isVisible() and "Dice panel" not in win.command_bar.caption.text()
    assert win.table.isVisible()  # the table instructions moved from the phase tracker to their own dock
    assert ("Move your counters.", False) in win.table.lines() and ("Roll one die.", False) in win.table.lines()
    win.close()


def test_parse_dice() -> None:
    assert parse_dice("3 5 1", 6) == [3, 5, 1]
    assert parse_dice("351", 6) == [3, 5, 1]
    assert parse_dice("3,7", 6) is None
    assert parse_dice("10 2", 10) == [10, 2]


class _Entry:
    def __init__(self, path: Path) -> None:
        self.path, self.system, self.id, self.default = path, "fake", "fake-one", True
        self.title = localized("Fake mission", "假任务")


def test_start_page_lists_and_opens(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from app.core.saves import save_to_path
    from app.ui.start_page import StartPage

    save = tmp_path / "interrupted.json"
    session = make_session()
    save_to_path(session, save, closed_cleanly=False)
    from app.core.saves import read_save

    page = StartPage({"fake": FakeSystem()}, [_Entry(save)], [save], read_save(save))
    qtbot.addWidget(page)
    page.show()
    assert page.system_list.count() == 1 and page.scenario_list.count() == 1
    assert page.scenario_list.item(0).text() == "Fake mission"
    assert page.restore_frame.isVisible() and "interrupted" in page.restore_label.text()
    page.seed.setValue(42)
    page.table_radio.setChecked(True)
    with qtbot.waitSignal(page.scenario_chosen) as blocker:
        qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    assert blocker.args[1:] == [42, "table", ()]
    with qtbot.waitSignal(page.restore_requested):
        qtbot.mouseClick(page.restore_button, Qt.MouseButton.LeftButton)


def test_shell_restores_and_autosaves(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.core.saves import pending_restore, save_to_path
    from app.ui.app import AppShell

    session = make_session()
    session.submit(session.legal_commands()[0])
    save_to_path(session, adjutant_data_dir / "autosave.json", closed_cleanly=False)
    shell = AppShell({"fake": FakeSystem()})
    save = pending_restore(adjutant_data_dir)
    assert save is not None
    window = shell.restore(save)
    qtbot.addWidget(window)
    assert len(window.session.commands) == 1
    window.close()
    assert pending_restore(adjutant_data_dir) is None


@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_every_board_renders(path: Path, qapp) -> None:  # type: ignore[no-untyped-def]
    from app.__main__ import LazySystems
    from app.ui.render import distinct_colours, render_board

    image = render_board(path, None, 500, systems=LazySystems())  # a tiled board's tiles are read by its system
    assert image.width() > 100 and distinct_colours(image) > 20


def test_every_bundled_scenario_renders(qapp, tmp_path) -> None:  # type: ignore[no-untyped-def]
    try:
        from app.__main__ import load_systems
    except ImportError as exc:  # a system still being written
        pytest.skip(f"systems not importable yet: {exc}")
    from app.scenario.catalog import bundled
    from app.ui.render import distinct_colours, render_file

    systems = load_systems()
    entries = [e for e in bundled() if e.system in systems]
    if not entries:
        pytest.skip("no bundled scenarios yet")
    from PySide6.QtGui import QImage

    for entry in entries:
        out = tmp_path / f"{entry.id}.png"
        render_file(entry.path, out, 600, systems)
        assert distinct_colours(QImage(str(out))) > 20, entry.path


def test_render_session_helper_writes_png(qapp, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from app.ui.render import render_session

    out = tmp_path / "fake.png"
    render_session(make_session(hexes=True), out, 400)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_file_of_a_save(qapp, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from app.core.saves import save_to_path
    from app.ui.render import render_file

    save = tmp_path / "game.json"
    save_to_path(make_session(), save)
    render_file(save, tmp_path / "save.png", 300, {"fake": FakeSystem()})
    assert (tmp_path / "save.png").stat().st_size > 1000


def test_shell_opens_the_default_mission_or_offers_restore(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.__main__ import LazySystems
    from app.core.saves import save_to_path
    from app.ui.app import AppShell

    shell = AppShell(LazySystems())
    shell.open_default()
    assert shell.window is not None and shell.start_page is None
    qtbot.addWidget(shell.window)
    assert shell.window.session.scenario.id == "sas_tutorial_assassination"
    session = shell.window.session
    shell.window.close()
    session.submit(session.legal_commands()[0])
    save_to_path(session, adjutant_data_dir / "autosave.json", closed_cleanly=False)  # as after a crash
    crashed = AppShell(LazySystems())
    crashed.open_default()
    assert crashed.window is None and crashed.start_page is not None
    qtbot.addWidget(crashed.start_page)

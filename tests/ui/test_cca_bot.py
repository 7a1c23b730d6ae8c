"""Solo against the bot: a bot seat plays its orders off the GUI thread and explains them in the log."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.scenario.catalog import bundled, open_session
from app.systems.cca import SYSTEM

AKRAGAS = Path(__file__).resolve().parents[2] / "scenarios" / "cca" / "akragas_clash.json"


def _window(qtbot, data_dir, bots: tuple[str, ...]):  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = open_session(AKRAGAS, {"cca": SYSTEM}, seed=3)
    win = MainWindow(session, Preferences(), data_dir, agent_for_side=SYSTEM.make_agent, bot_sides=bots)
    win.controller.auto_delay_ms = 1
    qtbot.addWidget(win)
    win.show()
    return win


def test_bot_seat_plays_and_explains(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir, ("bottom", "top"))
    session = win.session
    qtbot.waitUntil(lambda: len(session.history) >= 8, timeout=20000)
    notes = [t for t in win.log.texts() if "(bot):" in t]
    assert notes, win.log.texts()[:5]
    assert win.controller.explanations
    win.controller.bot_sides = frozenset()  # stop automating, then undo safely while nothing is pending
    qtbot.wait(50)
    before = len(session.history)
    win.controller.undo()
    assert len(session.history) == before - 1
    assert sum("(bot):" in t for t in win.log.texts()) <= len(notes) + 8
    win.close()


def test_hot_seat_by_default_needs_no_bot(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir, ())
    qtbot.wait(100)
    assert not win.controller.is_automated_turn() or len(win.session.legal_commands()) == 1
    win.close()


def test_undo_while_the_bot_thinks_discards_its_answer(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir, ("bottom", "top"))
    session = win.session
    qtbot.waitUntil(lambda: len(session.history) >= 2, timeout=20000)
    for _ in range(5):
        win.controller.undo()  # any answer in flight is for an older generation: cancelled or ignored
    win.controller.bot_sides = frozenset()
    qtbot.wait(300)
    assert len(session.history) <= 2
    win.close()


def test_start_page_offers_a_bot_seat(qtbot) -> None:  # type: ignore[no-untyped-def]
    from app.ui.start_page import StartPage

    entries = [e for e in bundled() if e.path == AKRAGAS]
    page = StartPage({"cca": SYSTEM}, entries, [], None)
    qtbot.addWidget(page)
    assert set(page.seat_combos) == {"bottom", "top"}
    assert page.bot_sides() == ()  # hot-seat by default
    page.seat_combos["top"].setCurrentIndex(1)
    with qtbot.waitSignal(page.scenario_chosen) as blocker:
        qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    assert blocker.args[3] == ("top",)

"""The side you play is always shown (issue 15, points 3 and 5): in the window title and the phase tracker."""

from __future__ import annotations

from app.ui.main_window import MainWindow
from app.ui.settings import Preferences
from tests.ui.fakes import make_session


def test_solo_window_says_which_side_is_yours_and_who_the_bot_plays(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = MainWindow(make_session(), Preferences(), adjutant_data_dir, bot_sides=("red",))
    qtbot.addWidget(win)
    text = win.seats_text(win.controller.view())
    assert text.startswith("You play ") and "the bot plays" in text
    assert text in win.windowTitle() and win.phase.seats.text() == text
    win.close()


def test_chinese_seats_text(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    win = MainWindow(make_session(), Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.set_language("zh_CN")
    assert win.phase.seats.text().startswith("你执掌：")
    win.set_language("en")
    win.close()

"""Hot-seat privacy (issue 15, points 3 and 5): when the keyboard passes to the other player, a screen covers
the window (and the hand just played) until that player reveals it; a solo game never shows it."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.fakes import EndTurn, make_session


def _window(qtbot, data_dir, *, hot_seat: bool):  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    win = MainWindow(make_session(), Preferences(), data_dir)
    qtbot.addWidget(win)
    if hot_seat:
        win.controller.human_sides = lambda: ("blue", "red")  # both sides played at this keyboard
    win.resize(1000, 700)
    win.show()
    return win


def test_screen_covers_the_window_between_hot_seat_turns(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir, hot_seat=True)
    assert not win.privacy.isVisible()
    win.controller.submit(EndTurn(side="blue"))
    assert win.privacy.isVisible() and win.privacy.geometry() == win.rect()
    assert "red" in win.privacy.message.text()
    qtbot.mouseClick(win.privacy.reveal_button, Qt.MouseButton.LeftButton)
    assert not win.privacy.isVisible()
    win.close()


def test_no_screen_in_a_solo_game(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir, hot_seat=False)
    win.controller.submit(EndTurn(side="blue"))
    assert not win.privacy.isVisible()
    win.close()

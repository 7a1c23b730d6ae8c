"""The end screen says who won and why, and stays up (play3: the result was a toast that faded after 4.5 s)."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import Qt

from app.scenario.catalog import open_session
from app.systems.lnl import SYSTEM

SKIRMISH = Path(__file__).resolve().parents[2] / "scenarios" / "lnl" / "skirmish.json"


def _finished_game():  # type: ignore[no-untyped-def]
    session = open_session(SKIRMISH, {"lnl": SYSTEM}, seed=3)
    rng = random.Random(1)
    while session.outcome() is None:
        session.submit(rng.choice(list(session.legal_commands())))
    return session


def test_lnl_setup_1_the_banner_names_the_winner_and_the_deciding_event_with_its_rule(  # type: ignore[no-untyped-def]
    qtbot, adjutant_data_dir, compiled_translations
) -> None:
    """LNL-SETUP-1: the scenario's victory check ends the game; the banner quotes it with its rule ID."""
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = _finished_game()
    win = MainWindow(session, Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.show()
    banner = win.outcome_banner
    assert banner.isVisible() and win.command_bar.caption.text() == ""
    text = banner.label.text()
    assert "Game over — German rifle platoon wins (Victory)" in text
    why = "Why: The last turn is over: US rifle platoon holds 0 of 2 victory hexes (1 needed), German rifle platoon"
    assert why + " holds 2: German rifle platoon wins." in text and "[LNL-SETUP-1]" in text
    win.set_language("zh_CN")
    assert "游戏结束——德军步枪排" in banner.label.text() and "原因：" in banner.label.text()
    assert "美军步枪排控制 2 个胜利格中的 0 个（需要 1 个），德军步枪排控制 2 个" in banner.label.text()
    assert banner.new_button.text() == "新游戏"
    win.set_language("en")
    with qtbot.waitSignal(win.new_game_requested):
        qtbot.mouseClick(banner.new_button, Qt.MouseButton.LeftButton)
    win.controller.undo()
    assert not banner.isVisible(), "the game goes on again after an undo"
    win.close()

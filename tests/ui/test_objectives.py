"""The objectives & victory panel (issue 15, point 4; CCA-VICTORY-1, CCA-VICTORY-3): the briefing, the
objectives on the board and the banner tracks, in the interface language."""

from __future__ import annotations

from pathlib import Path

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_panel_shows_briefing_objectives_and_score(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    from app.__main__ import LazySystems
    from app.scenario.catalog import open_session
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    path = next(p for p in sorted((SCENARIOS / "cca").glob("*.json")) if '"objectives"' in p.read_text("utf-8"))
    session = open_session(path, LazySystems())
    win = MainWindow(session, Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    text = win.objectives.text.toPlainText()
    assert "Briefing" in text and session.scenario.description.en[:30] in text
    assert "Objectives on the board" in text and "banner" in text
    view = win.controller.view()
    assert all(track.name.render("en") in text for track in view.tracks)
    win.set_language("zh_CN")
    assert "简报" in win.objectives.text.toPlainText() and win.objectives.windowTitle() == "目标与胜利"
    win.set_language("en")
    win.close()

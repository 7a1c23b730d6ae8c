"""Third Reich in the Chinese window: the hover line and the inspector name an area by its printed Chinese name, its
terrain and its straits in Chinese (they read "Bohemia", "land" before)."""

from __future__ import annotations

import json
from pathlib import Path

from app.core.session import Session
from tests.ui.conftest import shown_window

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "third_reich"


def test_tr_map_1_hover_reads_areas_in_chinese(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    """TR-MAP-1: hovering Bohemia reads "波希米亚 · 地形: 陆地"; Naples names its strait to Sicily "海峡 → 西西里";
    in English the printed names and plain words stay ("Bohemia", "land", "strait → Sicily")."""
    from app.systems.third_reich import SYSTEM
    from app.systems.third_reich.scenario import ThirdReichScenario

    path = FOLDER / "barbarossa_1941.json"
    model = ThirdReichScenario.model_validate(json.loads(path.read_text("utf-8")))
    win = shown_window(qtbot, Session(SYSTEM, model, seed=1, folder=FOLDER), adjutant_data_dir)
    try:
        win.interaction._on_board_view_location_hovered("bohemia")
        text = win.hover_label.toolTip()
        assert "Bohemia" in text and "Terrain: land" in text, text
        win.interaction._on_board_view_location_hovered("naples")
        assert "strait → Sicily" in win.hover_label.toolTip()
        win.set_language("zh_CN")
        win.interaction._on_board_view_location_hovered("bohemia")
        text = win.hover_label.toolTip()
        assert "波希米亚" in text and "陆地" in text and "Bohemia" not in text and "land" not in text, text
        win.interaction._on_board_view_location_hovered("naples")
        assert "海峡 → 西西里" in win.hover_label.toolTip()
    finally:
        win.set_language("en")
        win.close()

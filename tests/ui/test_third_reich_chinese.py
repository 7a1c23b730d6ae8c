"""Third Reich in the Chinese window: the hover line names an area's straits and the areas across them in
Chinese (they read "strait → Sicily" before)."""

from __future__ import annotations

import json
from pathlib import Path

from app.core.session import Session
from tests.ui.conftest import shown_window

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "third_reich"


def test_tr_map_1_hover_names_straits_in_chinese(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    """TR-MAP-1: Naples is joined to Sicily across a strait: the hover's edges read "海峡 → 西西里" in Chinese and
    "strait → Sicily" in English (the area across by its printed name, the link kind in words)."""
    from app.systems.third_reich import SYSTEM
    from app.systems.third_reich.scenario import ThirdReichScenario

    path = FOLDER / "barbarossa_1941.json"
    model = ThirdReichScenario.model_validate(json.loads(path.read_text("utf-8")))
    win = shown_window(qtbot, Session(SYSTEM, model, seed=1, folder=FOLDER), adjutant_data_dir)
    try:
        win.interaction._on_board_view_location_hovered("naples")
        assert "strait → Sicily" in win.hover_label.toolTip()
        win.set_language("zh_CN")
        win.interaction._on_board_view_location_hovered("naples")
        text = win.hover_label.toolTip()
        assert "海峡 → 西西里" in text and "Sicily" not in text and "strait" not in text, text
    finally:
        win.set_language("en")
        win.close()

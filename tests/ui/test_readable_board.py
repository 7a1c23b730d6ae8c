"""Readable boards (issue 15, point 7): at the default zoom of every bundled scenario a square or hex is big enough
to read its counters; the minimap never hides the counters to act with; overlays, their legend and the hover line
speak in plain words in both languages (SAS-LOS-5: the Axis sight overlay)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect

from app.__main__ import LazySystems
from app.scenario.catalog import bundled, open_session
from app.ui.board_view import MIN_CELL_PIXELS
from tests.ui.conftest import shown_window

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "scenarios" / "sas" / "tutorial_assassination.json"
SYSTEMS = LazySystems()
PLAYED = [e.path for e in bundled() if e.system in ("sas", "cca")]


def _window(qtbot, path: Path, data_dir: Path, size: tuple[int, int] = (1024, 700)):  # type: ignore[no-untyped-def]
    win = shown_window(qtbot, open_session(path, SYSTEMS), data_dir)
    win.resize(*size)
    qtbot.wait(20)
    win.show_default_view()
    qtbot.wait(20)
    return win


@pytest.mark.parametrize("path", PLAYED, ids=[p.stem for p in PLAYED])
def test_default_view_of_every_bundled_scenario_keeps_squares_legible(qtbot, adjutant_data_dir, path) -> None:  # type: ignore[no-untyped-def]
    """At 1024×700 the default view never shrinks a square or hex below the legible minimum."""
    win = _window(qtbot, path, adjutant_data_dir)
    assert win.board_view.cell_pixels() >= MIN_CELL_PIXELS - 0.01
    win.close()


def test_small_window_shows_the_action_and_the_minimap_leaves_it_free(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """SAS tutorial at 1024×700: the operators on the entry tile are in view, the minimap shows (part of the
    board is out of view) and covers neither them nor the squares next to them."""
    win = _window(qtbot, TUTORIAL, adjutant_data_dir)
    view = win.board_view
    assert not view.shows_whole_board() and win.minimap.isVisible()
    ops = [item for cid, item in win.scene.counters.items() if cid in ("jock", "paddy")]
    assert len(ops) == 2
    cell = round(view.cell_pixels())
    covered = QRect(win.minimap.pos(), win.minimap.size())
    for item in ops:
        at = view.mapFromScene(item.pos())
        assert view.viewport().rect().contains(at)
        assert not covered.intersects(QRect(at.x() - cell, at.y() - cell, 2 * cell, 2 * cell))
    win.actions_by_name["fit"].trigger()  # the whole board in view: no minimap over it
    assert view.shows_whole_board() and not win.minimap.isVisible()
    win.close()


def test_overlays_legend_and_hover_in_plain_words(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    """The vision overlays are named "Axis sight" and "Seen by" (never "vision"/"vision_why"); showing one puts a
    legend with the grades' names in the status bar; the hover line names terrain and who sees the square."""
    win = _window(qtbot, TUTORIAL, adjutant_data_dir, (1500, 950))
    titles = [a.text() for a in win.overlay_menu.actions()]
    assert titles == ["Seen by", "Axis sight"] or sorted(titles) == ["Axis sight", "Seen by"]
    sight = next(a for a in win.overlay_menu.actions() if a.text() == "Axis sight")
    sight.trigger()
    assert win.legend_label.isVisible()
    assert "Axis sight" in win.legend_label.text() and "in full view" in win.legend_label.text()
    seen = next(iter(win.controller.view().highlights["seen_by"]))
    win.interaction._on_board_view_location_hovered(seen)
    text = win.hover_label.toolTip()
    assert "Seen by:" in text and " on " in text and "Terrain:" in text
    assert "vision" not in text and "regular" not in text
    win.set_language("zh_CN")
    titles = [a.text() for a in win.overlay_menu.actions()]
    assert "轴心视野" in titles
    assert "完全可见" in win.legend_label.text()
    win.interaction._on_board_view_location_hovered(seen)
    assert "被以下单位看见" in win.hover_label.toolTip()
    win.set_language("en")  # the language is the app's: leave it as the next test expects
    win.close()


def test_hover_names_the_place_and_its_terrain_in_the_window_language(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """TR-MAP-1: hovering an area of the Third Reich map names it and its kind (land or sea area) in the
    window's language, never by its English id; a Typhoon hex keeps its printed ID beside the town's name."""
    win = _window(qtbot, ROOT / "scenarios" / "third_reich" / "campaign_1939.json", adjutant_data_dir)
    win.interaction._on_board_view_location_hovered("berlin")
    assert win.hover_label.toolTip().startswith("Berlin") and "Terrain: land area" in win.hover_label.toolTip()
    win.set_language("zh_CN")
    win.interaction._on_board_view_location_hovered("berlin")
    text = win.hover_label.toolTip()
    assert text.startswith("柏林") and "陆地区域" in text and "Berlin" not in text and "land" not in text
    win.set_language("en")  # the language is the app's: leave it as the next test expects
    win.close()
    win = _window(qtbot, ROOT / "scenarios" / "typhoon" / "typhoon_campaign.json", adjutant_data_dir)
    win.set_language("zh_CN")
    win.interaction._on_board_view_location_hovered(win.scene.geo.topology.from_label("2509"))
    assert win.hover_label.toolTip().startswith("2509 莫斯科")
    win.set_language("en")
    win.close()

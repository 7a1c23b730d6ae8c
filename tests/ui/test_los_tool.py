"""The line-of-sight tool (app/ui/los_tool.py): a right-drag from a unit to any hex draws the line the system's
``HasLineOfSight`` traces — hindrances in amber, the blocker in red, the profile with the report's rule ID — and
nothing for a system without the capability (DESIGN §3: the LOS shown is the one fire uses)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QGraphicsPathItem

from app.core.capabilities import HasLineOfSight
from app.core.i18n import t
from app.core.line_of_sight import LosReport
from app.core.session import Session
from app.geometry.hexgrid import Hex, axial_round, hex_distance
from tests.ui.conftest import shown_window
from tests.ui.fakes import FakeScenario, FakeState, FakeSystem


class SightedSystem(FakeSystem, HasLineOfSight[FakeState]):
    """The fake game on hexes with lines of sight: forest blocks, hills hinder (rule ids FAKE-LOS-1, FAKE-LOS-2)."""

    def line_of_sight(self, state: FakeState, origin: Any, target: Any, unit: str | None = None) -> LosReport | None:
        grid = state.board.topology
        if not (grid.contains(origin) and grid.contains(target)):
            return None
        n = hex_distance(origin, target)
        cells: list[Hex] = [origin]
        for i in range(1, n + 1):
            q = origin[0] + (target[0] - origin[0]) * i / n + 1e-6
            r = origin[1] + (target[1] - origin[1]) * i / n + 1e-6
            cells.append(axial_round(q, r))
        inner = cells[1:-1]
        hinder = tuple(c for c in inner if grid.terrain(c) == "hill")
        blocker = next((c for c in inner if grid.terrain(c) == "forest"), None)
        levels = tuple(2.0 if c == blocker else 1.0 if c in hinder else 0.0 for c in cells)
        rule = "FAKE-LOS-1" if blocker is not None else "FAKE-LOS-2"
        text = t("Blocked by forest") if blocker is not None else t("Clear line")
        return LosReport(origin, target, tuple(cells), levels, (0.5, 0.5), hinder, blocker, rule, text)


def _window(qtbot, data_dir: Path, system: FakeSystem) -> Any:  # type: ignore[no-untyped-def]
    scenario = FakeScenario(system="fake", schema_version=1, id="fake-hex", title={"en": "Fake hexes"}, hex=True)
    return shown_window(qtbot, Session(system, scenario, seed=3), data_dir)  # type: ignore[arg-type]


def _point(win: Any, loc: Hex) -> QPoint:
    return win.board_view.mapFromScene(win.scene.centre_of(loc))


def _right_drag(qtbot, win: Any, start: Hex, end: Hex) -> None:  # type: ignore[no-untyped-def]
    viewport = win.board_view.viewport()
    a, b = _point(win, start), _point(win, end)
    qtbot.mousePress(viewport, Qt.MouseButton.RightButton, pos=a)
    middle = (a + b) / 2
    for pos in (a + QPoint(12, 0), middle, b):
        qtbot.mouseMove(viewport, pos)
    qtbot.mouseRelease(viewport, Qt.MouseButton.RightButton, pos=b)


def _drawn(win: Any) -> list[QGraphicsPathItem]:
    return [i for i in win.scene.items() if isinstance(i, QGraphicsPathItem) and i in win.sight._items]


def test_a_right_drag_from_a_unit_draws_the_blocked_line_and_its_profile(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """FAKE-LOS-1: from r1 at (5, 3) over the hill at (2, 1) (a hindrance) to the forest at (1, 1) (the blocker)."""
    win = _window(qtbot, adjutant_data_dir, SightedSystem())
    _right_drag(qtbot, win, (5, 3), (0, 0))
    report = win.sight.report
    assert report is not None and report.origin == (5, 3) and report.target == (0, 0)
    assert report.blocker == (1, 1) and report.rule_id == "FAKE-LOS-1"
    assert (2, 1) in report.hindrances
    assert len(_drawn(win)) == 5  # hindrances, blocker, the line (outline, colour) and the dashed rest
    profile = win.sight.profile
    assert profile.isVisible() and "FAKE-LOS-1" in profile.caption and "forest" in profile.caption
    assert profile.labels[0] == win.scene.geo.topology.label((5, 3))
    image = profile.grab().toImage()
    assert image.width() > 0  # the profile paints (bars, eye line, caption)


def test_a_clear_line_has_no_blocker_and_a_click_or_a_command_clears_it(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """FAKE-LOS-2: a line over open ground is clear; clicking the board removes the drawing."""
    win = _window(qtbot, adjutant_data_dir, SightedSystem())
    _right_drag(qtbot, win, (5, 3), (5, 0))
    assert win.sight.report is not None and win.sight.report.clear
    assert win.sight.profile.isVisible() and _drawn(win)
    qtbot.mouseClick(win.board_view.viewport(), Qt.MouseButton.LeftButton, pos=_point(win, (3, 3)))
    assert win.sight.report is None and not win.sight.profile.isVisible() and not _drawn(win)


def test_the_profile_speaks_the_window_language(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir, SightedSystem())
    win.set_language("zh_CN")
    _right_drag(qtbot, win, (5, 3), (0, 0))
    assert win.sight.lang == "zh_CN" and "FAKE-LOS-1" in win.sight.profile.caption
    win.set_language("en")


def test_a_system_without_lines_of_sight_gets_no_tool(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir, FakeSystem())
    _right_drag(qtbot, win, (5, 3), (0, 0))
    assert not win.sight.available and win.sight.report is None and not _drawn(win)
    assert not win.sight.profile.isVisible()


def test_the_squad_game_s_line_in_the_window(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """LNL-LOS-3: on Saint-Martin the orchard's three hindrances block; the window shows the rule the game uses."""
    from app.__main__ import LazySystems
    from app.scenario.catalog import build_runtime, load_scenario

    path = Path(__file__).resolve().parents[2] / "scenarios" / "lnl" / "saint_martin.json"
    system, model = load_scenario(path, LazySystems())
    session = Session(system, model, seed=1, folder=path.parent, runtime=build_runtime(path, system, model))
    win = shown_window(qtbot, session, adjutant_data_dir)
    grid = session.state.runtime.grid
    _right_drag(qtbot, win, grid.from_label("0103"), grid.from_label("0501"))
    report = win.sight.report
    assert report is not None and report.rule_id == "LNL-LOS-3" and report.blocker == grid.from_label("0401")
    assert "LNL-LOS-3" in win.sight.profile.caption and win.sight.profile.labels[-1] == "0501"


def test_the_status_bar_says_how_to_reach_the_tool(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    sighted = _window(qtbot, adjutant_data_dir, SightedSystem()).sight.hint
    assert "line of sight" in sighted.text() and not sighted.isHidden()
    assert _window(qtbot, adjutant_data_dir, FakeSystem()).sight.hint.isHidden()

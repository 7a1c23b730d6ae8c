"""The authored geomorphic boards and the four bundled scenarios (LNL-SETUP-1, LNL-SETUP-2, LNL-STACK-4, LNL-LOS-1,
LNL-LOS-3, LNL-LOS-4), and the line of sight the window's LOS tool shows on them (app/systems/lnl/sight.py)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from app.core.dice import Dice
from app.scenario.loading import read_json
from app.systems.lnl.board import Runtime, build_runtime
from app.systems.lnl.board_marks import height_text
from app.systems.lnl.scenario import BoardFile, LnlScenario
from app.systems.lnl.sight import line_of_sight
from app.systems.lnl.state import State, Unit

FOLDER = Path(__file__).resolve().parents[3] / "scenarios" / "lnl"
BOARDS = ("a_village", "b_hill", "c_stream", "d_farm")
SCENARIOS = {  # file -> (map columns, rows, counters)
    "saint_martin": (12, 10, 14),
    "hill_140": (24, 10, 14),
    "mill_bridge": (24, 10, 15),
    "norman_valley": (24, 20, 28),
    "church_sniper": (12, 10, 9),
}


@cache
def _runtime(name: str) -> Runtime:
    path = FOLDER / f"{name}.json"
    return build_runtime(LnlScenario.model_validate(read_json(path)), path.parent)


def _state(name: str, *units: Unit) -> State:
    return State(runtime=_runtime(name), dice=Dice(seed=1), units=units)


@pytest.mark.parametrize("board", BOARDS)
def test_each_board_file_is_a_twelve_by_ten_geomorphic_board(board: str) -> None:
    """LNL-SETUP-1: every board is 12 columns (even, so it may be turned 180°) by 10 hexes."""
    parsed = BoardFile.model_validate(read_json(FOLDER / "boards" / f"{board}.json")).board
    assert (parsed.id, parsed.columns, parsed.rows) == (board, 12, 10)
    assert parsed.name.zh_CN and parsed.name.en.startswith("Board ")


@pytest.mark.parametrize(("name", "size"), SCENARIOS.items())
def test_each_scenario_lays_its_boards_into_one_map(name: str, size: tuple[int, int, int]) -> None:
    runtime = _runtime(name)
    columns, rows, counters = size
    assert (runtime.grid.columns, runtime.grid.rows) == (columns, rows)
    assert len(runtime.grid.locations()) == columns * rows
    assert sum(len(f.units) for f in runtime.model.forces) == counters
    assert runtime.model.briefing is not None and runtime.model.briefing.zh_CN


def test_the_four_scenarios_cover_infantry_support_weapons_vehicles_and_combined_arms() -> None:
    def classes(name: str) -> set[str]:
        model = _runtime(name).model
        catalogue = model.catalogue()
        return {catalogue[t].cls for f in model.forces for u in f.units for t in (u.type, *u.weapons)}

    assert not classes("saint_martin") & {"sw", "vehicle", "weapon_team"}
    assert "sw" in classes("hill_140") and "vehicle" not in classes("hill_140")
    assert "vehicle" in classes("mill_bridge")
    assert {"sw", "vehicle", "weapon_team", "leader", "medic", "scout"} <= classes("norman_valley")


def test_the_sniper_scenario_keeps_its_sniper_off_the_map() -> None:
    """LNL-SNIPER-1: the bell-tower scenario's German sniper is not set up at the start; it waits to be placed."""
    model = _runtime("church_sniper").model
    catalogue = model.catalogue()
    snipers = [u for f in model.forces for u in f.units if catalogue[u.type].cls == "sniper"]
    assert len(snipers) == 1 and snipers[0].off_map


def test_boards_join_along_their_seams() -> None:
    """LNL-SETUP-1: board A's road (row 5) runs on into board B's at the seam of the combined map."""
    runtime = _runtime("norman_valley")
    grid = runtime.grid
    west, east = grid.from_label("1205"), grid.from_label("1305")
    assert east in grid.neighbours(west)
    assert grid.terrain(west) == grid.terrain(east) == "road"
    assert runtime.local["A:1205"] == west and runtime.local["B:0105"] == east


def test_heights_and_storeys_are_printed_on_the_map() -> None:
    """LNL-SETUP-2, LNL-STACK-4: the hill's levels and the church tower's storeys are marked where they are."""
    runtime = _runtime("norman_valley")
    marks = {runtime.grid.label(h): [m.props for m in ms] for h, ms in runtime.board.marks.items()}
    assert marks["1702"] == [(("name_en", "▲3"), ("name_zh", "▲3"))]  # board B's summit
    assert (("name_en", "3F"), ("name_zh", "3F")) in marks["0803"]  # the church tower
    assert runtime.level(runtime.grid.from_label("1702")) == 3 and runtime.storeys[runtime.grid.from_label("0803")] == 3
    assert height_text(-1, 2) == "▼1 2F" and height_text(0, 1) == ""


def test_a_road_line_is_clear_and_woods_block() -> None:
    """LNL-LOS-1: along board A's road nothing stands in the way; the wood at its west edge blocks."""
    state = _state("saint_martin")
    grid = state.runtime.grid
    road = line_of_sight(state, grid.from_label("0105"), grid.from_label("1105"))
    assert road is not None and road.clear and len(road.cells) == 11 and road.problems() == []
    woods = line_of_sight(state, grid.from_label("0107"), grid.from_label("0110"))
    assert woods is not None and woods.blocker == grid.from_label("0108") and woods.rule_id == "LNL-LOS-1"
    assert "0108" in woods.text.render("en")  # type: ignore[union-attr]


def test_a_hill_between_two_plains_blocks_the_line() -> None:
    """LNL-LOS-4: from the village road to the far road, the ground of Hill 140 (level 1) rises above the line."""
    state = _state("norman_valley")
    grid = state.runtime.grid
    report = line_of_sight(state, grid.from_label("0105"), grid.from_label("2405"))
    assert report is not None and report.rule_id == "LNL-LOS-4"
    assert report.blocker == grid.from_label("1605") and report.levels[report.cells.index(report.blocker)] == 1.0


def test_the_dragged_unit_s_storey_is_the_eye_level() -> None:
    """LNL-LOS-4: a squad on the church's second storey looks from level 2; the hex alone, from the ground."""
    church = _runtime("norman_valley").grid.from_label("0803")
    state = _state("norman_valley", Unit("x1", "axis", "de_squad", church, level=2))
    target = state.runtime.grid.from_label("0409")
    assert line_of_sight(state, church, target, "x1").eyes[0] == 2.0  # type: ignore[union-attr]
    assert line_of_sight(state, church, target).eyes[0] == 0.0  # type: ignore[union-attr]
    assert line_of_sight(state, church, (99, 99)) is None


def test_three_hindrances_block_and_each_is_shown() -> None:
    """LNL-LOS-3: through board A's orchard, each hindrance hex counts once; the third blocks the line."""
    state = _state("saint_martin")
    grid = state.runtime.grid
    report = line_of_sight(state, grid.from_label("0103"), grid.from_label("0501"))
    assert report is not None and report.problems() == []
    assert [grid.label(h) for h in report.hindrances] == ["0202", "0302", "0401"]
    assert report.rule_id == "LNL-LOS-3" and report.blocker == grid.from_label("0401")
    assert "3 hindrances" in report.text.render("en")  # type: ignore[union-attr]

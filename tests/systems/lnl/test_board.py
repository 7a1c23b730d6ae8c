"""Geomorphic boards laid into one map; scenario checks that name the JSON path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from app.core.errors import IllegalCommandError
from app.scenario.loading import ScenarioError
from app.systems.lnl import SYSTEM
from app.systems.lnl import messages as m
from app.systems.lnl.scenario import LnlScenario
from tests.systems.lnl.helpers import hx, scenario, session, state, submit, unit

ROOT = Path(__file__).resolve().parents[3]


def _two_boards(rotated: bool) -> dict[str, Any]:
    model = scenario([unit("us_squad", "A:0101", "a1")], [unit("de_squad", "B:0101", "x1")]).model_dump(
        mode="json", exclude_none=True
    )
    model["board_defs"] = [
        {
            "id": "b",
            "name": {"en": "B"},
            "columns": 4,
            "rows": 3,
            "hexes": {"0101": {"terrain": "woods", "elevation": 1}},
        },
    ]
    model["boards"] = [{"board": "b", "name": "A"}, {"board": "b", "col": 4, "rotated": rotated, "name": "B"}]
    return model


def test_boards_join_and_turn() -> None:
    """LNL-SETUP-1, LNL-SETUP-2: two 4×3 boards side by side make an 8×3 map; turned 180°, the second board's
    hex 0101 lies at its far corner (map 0803) with its terrain and level."""
    plain = session(LnlScenario.model_validate(_two_boards(False)))
    assert state(plain).runtime.grid.terrain(hx(plain, "0501")) == "woods"
    turned = session(LnlScenario.model_validate(_two_boards(True)))
    rt = state(turned).runtime
    corner = hx(turned, "0803")
    assert rt.grid.terrain(corner) == "woods" and rt.level(corner) == 1 and rt.hex("B:0101") == corner
    assert len(rt.grid.neighbours(hx(turned, "0402"))) == 6  # the seam joins like any other hexes


def test_overlapping_boards_are_named() -> None:
    """Placement errors name the JSON path."""
    data = _two_boards(False)
    data["boards"][1]["col"] = 2
    with pytest.raises(ScenarioError) as err:
        SYSTEM.load_scenario(LnlScenario.model_validate(data), None)
    assert "$.boards[1]" in str(err.value)


def test_bad_fields_are_refused() -> None:
    """An odd board column, storeys on open ground and unknown counters are refused; units off the map are named."""
    data = _two_boards(False)
    data["boards"][1]["col"] = 3
    with pytest.raises(ValidationError):
        LnlScenario.model_validate(data)
    data = _two_boards(False)
    data["board_defs"][0]["hexes"]["0202"] = {"storeys": 2}
    with pytest.raises(ValidationError):
        LnlScenario.model_validate(data)
    data = _two_boards(False)
    data["forces"][0]["units"][0]["type"] = "no_such_unit"
    with pytest.raises(ValidationError):
        LnlScenario.model_validate(data)
    data = _two_boards(False)
    data["forces"][0]["units"][0]["at"] = "0909"
    with pytest.raises(ScenarioError) as err:
        SYSTEM.load_scenario(LnlScenario.model_validate(data), None)
    assert "$.forces[0].units[0].at" in str(err.value)


def test_storeys_hold_units_and_limit_activation() -> None:
    """LNL-STACK-4, LNL-OPS-3: a two-storey house has storeys 0 and 1; units on different storeys are not
    activated together."""
    model = scenario(
        [unit("us_squad", "0101", "a1"), unit("us_squad", "0101", "a2", level=1), unit("us_leader", "0101", "a3")],
        [unit("de_squad", "0104", "x1")],
        hexes={"0101": {"terrain": "stone_building", "storeys": 2}},
    )
    s = session(model)
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.Fire(side="allies", units=("a1", "a2"), target=hx(s, "0104")), (1, 6))
    assert err.value.rule_id == "LNL-OPS-3"
    bad = model.model_dump(mode="json", exclude_none=True)
    bad["forces"][0]["units"][1]["level"] = 2
    with pytest.raises(ScenarioError):
        SYSTEM.load_scenario(LnlScenario.model_validate(bad), None)


def test_bundled_scenarios_load() -> None:
    """Every bundled scenario file validates and builds its map."""
    for path in sorted((ROOT / "scenarios" / "lnl").glob("*.json")):
        model = LnlScenario.model_validate(json.loads(path.read_text(encoding="utf-8")))
        runtime = SYSTEM.load_scenario(model, path.parent)
        assert runtime.grid.locations()


def test_lnl_setup_2_terrain_and_hexsides_read_as_words_in_both_languages() -> None:
    """LNL-SETUP-2: the hover line and the inspector name a hex's terrain and its walls in the reader's language,
    never by id (the glossary of the view); every terrain of the chart has a Chinese name."""
    view = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0104", "x1")])).view(None)
    words = view.glossary
    assert words["stone_building"].render("en") != "stone_building"
    assert words["wall"].render("zh_CN") == "墙"
    assert all(word.render("zh_CN") != word.render("en") for word in words.values())

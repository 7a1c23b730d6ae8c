"""Hex markers of a scenario's set-up (LNL-SETUP-1): Spotted markers on one storey (LNL-FIRE-1, LNL-SPOT-2), smoke and
an ongoing melee; the loader names the file and the field of a marker that cannot be."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.scenario.catalog import open_session
from app.scenario.loading import ScenarioError
from app.systems.lnl import SYSTEM
from app.systems.lnl import messages as m
from app.systems.lnl.scenario import LnlScenario
from app.systems.lnl.spotting import exposed
from tests.systems.lnl.helpers import get, hx, scenario, session, state, submit, unit

HOUSE = {"0103": {"terrain": "building", "storeys": 2}}


def _upstairs(markers: list[dict[str, Any]]) -> dict[str, Any]:
    """A US squad in the open; German squads on both storeys of a two-storey house."""
    model = scenario(
        [unit("us_squad", "0101", "a1")],
        [unit("de_squad", "0103", "x1"), unit("de_squad", "0103", "x2", level=1)],
        hexes=HOUSE,
    )
    data = model.model_dump(mode="json", exclude_none=True)
    data["markers"] = markers
    return data


def test_lnl_setup_1_an_upper_storey_starts_spotted() -> None:
    """LNL-SETUP-1, LNL-FIRE-1, LNL-SPOT-2: the scenario puts a Spotted marker on the upper storey only: the squad
    upstairs is exposed from the start and may be fired on at once; the one on the ground floor is not."""
    s = session(LnlScenario.model_validate(_upstairs([{"at": "0103", "kind": "spotted", "level": 1}])))
    assert state(s).hex_has(hx(s, "0103"), "spotted@1") and not state(s).hex_has(hx(s, "0103"), "spotted")
    assert exposed(state(s), get(s, "x2")) and not exposed(state(s), get(s, "x1"))
    submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0103"), level=1), (1, 6))


def test_lnl_setup_1_smoke_at_set_up_ages_like_any_smoke() -> None:
    """LNL-SETUP-1, LNL-SMOKE-4: a Smoke 1 marker of the set-up becomes Smoke 2 in the Administrative Phase."""
    s = session(LnlScenario.model_validate(_upstairs([{"at": "0102", "kind": "smoke1"}])))
    assert state(s).smoke(hx(s, "0102"))
    for side in ("allies", "axis", "allies"):
        submit(s, m.Pass(side=side))
    assert state(s).hex_has(hx(s, "0102"), "smoke2")


@pytest.mark.parametrize(
    ("marker", "path"),
    [
        ({"at": "0103", "kind": "spotted", "level": 2}, "$.markers[0].level"),
        ({"at": "0909", "kind": "spotted"}, "$.markers[0].at"),
        ({"at": "0101", "kind": "melee"}, "$.markers[0].kind"),
    ],
)
def test_a_marker_that_cannot_be_is_named(marker: dict[str, Any], path: str) -> None:
    """LNL-SETUP-1: a storey the hex lacks, a hex off the map, a Melee marker without both sides: refused with
    the JSON path."""
    with pytest.raises(ScenarioError) as err:
        SYSTEM.load_scenario(LnlScenario.model_validate(_upstairs([marker])), None)
    assert path in str(err.value)


def test_smoke_has_no_storey_and_the_file_is_named(tmp_path: Path) -> None:
    """LNL-SETUP-1: smoke covers the whole hex (a storey is refused); loading the file names it and the field."""
    data = _upstairs([{"at": "0102", "kind": "smoke1", "level": 1}])
    path = tmp_path / "upstairs.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        open_session(path, {"lnl": SYSTEM})
    assert "upstairs.json" in str(err.value) and "$.markers[0]" in str(err.value)
    data["markers"][0] = {"at": "0103", "kind": "spotted", "level": 3}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        open_session(path, {"lnl": SYSTEM})
    assert "upstairs.json" in str(err.value) and "$.markers[0].level" in str(err.value)

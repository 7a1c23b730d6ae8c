"""The bundled scenarios load and their set-up follows the rules (TY-SETUP-2, TY-SETUP-4, TY-SETUP-6, TY-CITY-1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.session import Session
from app.scenario.loading import ScenarioError
from app.systems.typhoon import SYSTEM
from app.systems.typhoon.scenario import TyphoonScenario
from tests.systems.typhoon.helpers import hq, scenario, unit

FOLDER = Path(__file__).resolve().parents[3] / "scenarios" / "typhoon"


def bundled(name: str) -> TyphoonScenario:
    """A bundled scenario's model."""
    return TyphoonScenario.model_validate(json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.json")), ids=lambda p: p.stem)
def test_ty_setup_2_bundled_scenarios_set_up(path: Path) -> None:
    """TY-SETUP-2: at most two units a hex at set-up; TY-SETUP-6: everything starts full; TY-SETUP-4: counters with
    no map hex wait in the reserve box."""
    model = TyphoonScenario.model_validate(json.loads(path.read_text(encoding="utf-8")))
    s = Session(SYSTEM, model, seed=1, folder=FOLDER)
    st = s.state
    hexes = [u.hex for u in st.units if u.hex is not None]
    assert all(hexes.count(h) <= 2 for h in hexes)
    assert model.first_turn > 1 or not any(u.reduced for u in st.units)  # a later start is a position
    assert s.active_side() == "axis"


def test_ty_city_1_initial_control() -> None:
    """TY-CITY-1: the towns and cities listed are Axis-controlled, every other one Soviet."""
    model = scenario(
        [hq("g", "axis", "0204"), hq("s", "soviet", "1004")],
        marks=[{"at": "0304", "kind": "town"}, {"at": "0804", "kind": "town"}],
        axis_controlled=["0304"],
    )
    st = Session(SYSTEM, model).state
    assert st.controller(st.runtime.hex("0304")) == "axis"
    assert st.controller(st.runtime.hex("0804")) == "soviet"


def test_scenario_errors_name_the_path() -> None:
    """A counter placed on no hex, or an HQ card naming a non-HQ, is refused with its JSON path."""
    model = scenario([hq("g", "axis", "0204"), unit("x", "soviet", "9999")])
    with pytest.raises(ScenarioError) as found:
        SYSTEM.load_scenario(model, None)
    assert "$.setup[1].at" in str(found.value)

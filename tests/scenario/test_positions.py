"""Loading positions (issue 13 item 7): a bad ``position`` section is reported like any other scenario problem,
naming the file, the JSON path and what is wrong; the JSON Schema export carries the section."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from app.scenario.catalog import open_session
from app.scenario.editor.checking import load_document
from app.scenario.loading import ScenarioError
from app.systems.cca import SYSTEM as CCA
from app.systems.sas import SYSTEM as SAS
from tests.support.positions import POSITIONS

SYSTEMS = {"sas": SAS, "cca": CCA}


def _problems(tmp_path: Path, name: str, position: dict[str, Any]) -> list[str]:
    """The problems reported for the position file ``name`` with its position section replaced."""
    data = json.loads((POSITIONS / name).read_text("utf-8"))
    data["position"] = position
    shutil.copy(POSITIONS / "tiles.json", tmp_path / "tiles.json")
    path = tmp_path / name
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(ScenarioError) as err:
        open_session(path, SYSTEMS)
    assert err.value.file == str(path)
    return [str(p) for p in err.value.problems]


PADDY = {"id": "paddy", "at": "C6"}
SAS_CASES = [
    ({"operators": [PADDY], "meter": -1}, "$.position.meter: Input should be greater than or equal to 0"),
    ({"operators": [{**PADDY, "crouch": True}]}, "$.position.operators[0].crouch: unknown field"),
    ({"operators": [{**PADDY, "at": "Z99"}]}, "$.position.operators[0].at: square 'Z99' is not on the board"),
    ({"operators": [PADDY, {"id": "jock", "at": "A1"}]}, "$.position.operators[1].id: 'jock' is not in the team"),
    (
        {"operators": [PADDY], "units": [{"id": "x", "kind": "rifle", "at": "A1"}]},
        "$.position.units[0]: no setup unit is called 'x'; a new unit needs ['role', 'facing']",
    ),
    ({"operators": [PADDY], "units": [{"id": "x", "kind": "tank"}]}, "$.position.units[0]: Value error, unknown unit"),
    ({"operators": [PADDY], "removed": ["ghost"]}, "$.position.removed[0]: no unit or object 'ghost' at setup"),
    (
        {"operators": [PADDY], "phase": "event", "activation": {"operator": "paddy", "ap": 2}},
        "$.position.activation: an operator is activated only in the Operator phase (SAS-OP-1)",
    ),
    ({"operators": [PADDY], "deck": {"cards": ["E01", "Z9"]}}, "$.position.deck.cards: cards ['Z9'] are not in"),
    ({"operators": [PADDY], "typhoon": {"status": "called"}}, "$.position.typhoon: the mission does not allow"),
    ({"operators": [PADDY], "hunter": {"hand": ["H1"]}}, "$.position.hunter: the hunter needs Jäger mode"),
    ({"operators": [{**PADDY, "mark": "ghost"}]}, "$.position.operators: paddy: mark 'ghost' names no piece"),
    ({"operators": [PADDY], "section": "battle", "phase": "patrol"}, "$.position: Value error, the battle section"),
]


@pytest.mark.parametrize(("position", "problem"), SAS_CASES)
def test_sas_position_errors_name_the_field(tmp_path: Path, position: dict[str, Any], problem: str) -> None:
    """A bad SAS position names its JSON path and the problem (DESIGN §6), whether pydantic or the board finds it."""
    problems = _problems(tmp_path, "sas_react_paddy_hedge.json", position)
    assert any(p.startswith(problem) for p in problems), problems


CCA_CASES = [
    ({"phase": "battle"}, "$.position: Value error, the battle step needs the 'card' played"),
    ({"phase": "card", "hands": {"top": ["no_such_card"]}}, "$.position: Value error, unknown cards ['no_such_card']"),
    (
        {"phase": "card", "hands": {"top": ["rally", "two_left", "two_centre", "two_right", "three_left"]}},
        "$.position.hands.top: 5 cards, more than its Command",
    ),
    ({"phase": "battle", "card": "rally", "ordered": ["t9"]}, "$.position.ordered: no piece 't9'"),
    ({"phase": "deal", "side": "top"}, "$.position.side: unknown field"),
]


@pytest.mark.parametrize(("position", "problem"), CCA_CASES)
def test_cca_position_errors_name_the_field(tmp_path: Path, position: dict[str, Any], problem: str) -> None:
    """A bad C&C position names its JSON path and the problem (DESIGN §6)."""
    problems = _problems(tmp_path, "cca_rampage_blocked.json", position)
    assert any(p.startswith(problem) for p in problems), problems


def test_schema_export_includes_the_position_sections() -> None:
    """`adjutant schema sas` / `adjutant schema cca` describe the position section with its fields."""
    sas = SAS.scenario_model().model_json_schema()
    cca = CCA.scenario_model().model_json_schema()
    assert "position" in sas["properties"] and "activation" in sas["$defs"]["SasPosition"]["properties"]
    assert sas["$defs"]["SasPosition"]["additionalProperties"] is False
    assert "hands" in cca["$defs"]["Position"]["properties"]


def test_the_editor_lists_a_bad_position_at_its_field() -> None:
    """The editor's problems list (checked as you type) points at the position's field, as the loader does."""
    data = json.loads((POSITIONS / "sas_react_paddy_hedge.json").read_text("utf-8"))
    data["position"]["units"][0]["at"] = "Z99"
    result, _system = load_document(data, POSITIONS / "sas_react_paddy_hedge.json", SYSTEMS)
    assert [(f.path, f.severity) for f in result.findings] == [("$.position.units[0].at", "error")]
    data = json.loads((POSITIONS / "cca_rampage_blocked.json").read_text("utf-8"))
    data["position"]["ordered"] = ["b9"]
    result, _system = load_document(data, POSITIONS / "cca_rampage_blocked.json", SYSTEMS)
    assert [f.path for f in result.findings] == ["$.position.ordered"] and not result.playable

"""Loading scenario files: every failure names the file, the JSON path and the problem (DESIGN §6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.scenario.catalog import build_runtime, load_scenario, open_session
from app.scenario.loading import ScenarioError, json_path
from app.scenario.resources import ResourceError, resolve_ref
from tests.support import TOY_SYSTEMS
from tests.toy import TOY_SCENARIO, ToyScenario


def _good() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TOY_SCENARIO.read_text(encoding="utf-8"))
    return data


def _write(folder: Path, data: Any, name: str = "mission.json") -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=1), encoding="utf-8")
    return path


def _problems(path: Path) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path, TOY_SYSTEMS)
    assert info.value.file == str(path)
    assert str(path) in str(info.value)
    return [(p.path, p.message) for p in info.value.problems]


def test_good_file_loads() -> None:
    system, model = load_scenario(TOY_SCENARIO, TOY_SYSTEMS)
    assert system.info.id == "toy"
    assert isinstance(model, ToyScenario)
    assert model.track_length == 12


def test_bad_json_gives_line_and_column(tmp_path: Path) -> None:
    path = _write(tmp_path, '{\n  "format": "adjutant-scenario",\n  "system" "toy"\n}')
    [(where, message)] = _problems(path)
    assert where == "$"
    assert "line 3, column 12" in message


def test_missing_file_and_non_object(tmp_path: Path) -> None:
    assert _problems(tmp_path / "nope.json")[0][1].startswith("cannot read file")
    assert _problems(_write(tmp_path, "[1, 2]"))[0] == ("$", "expected a JSON object at the top level")
    (tmp_path / "latin1.json").write_bytes(b'{"id": "caf\xe9"}')
    assert _problems(tmp_path / "latin1.json") == [("$", "file is not UTF-8 text")]


def test_unknown_field(tmp_path: Path) -> None:
    path = _write(tmp_path, {**_good(), "colour": "red"})
    assert _problems(path) == [("$.colour", "unknown field (check the spelling; extra fields are not allowed)")]


def test_wrong_type_deep_in_a_list(tmp_path: Path) -> None:
    data = _good()
    data["counters"][1]["start"] = "two"
    del data["counters"][2]["side"]
    problems = dict(_problems(_write(tmp_path, data)))
    assert "integer" in problems["$.counters[1].start"]
    assert problems["$.counters[2].side"] == "required field is missing"


def test_wrong_system_and_format(tmp_path: Path) -> None:
    problems = dict(_problems(_write(tmp_path, {**_good(), "system": "chess", "format": "adjutant-save"})))
    assert "unknown system 'chess'" in problems["$.system"]
    assert "toy" in problems["$.system"]
    assert "adjutant-scenario" in problems["$.format"]


def test_newer_schema_version(tmp_path: Path) -> None:
    [(where, message)] = _problems(_write(tmp_path, {**_good(), "schema_version": 3}))
    assert where == "$.schema_version"
    assert "newer" in message


def test_bad_schema_version(tmp_path: Path) -> None:
    assert _problems(_write(tmp_path, {**_good(), "schema_version": "2"}))[0][0] == "$.schema_version"


def test_migration_is_applied(tmp_path: Path) -> None:
    data = _good()
    data["schema_version"] = 1
    data["length"] = data.pop("track_length") - 2
    _, model = load_scenario(_write(tmp_path, data), TOY_SYSTEMS)
    assert isinstance(model, ToyScenario)
    assert (model.schema_version, model.track_length) == (2, 10)


def test_model_validator_problem_is_reported(tmp_path: Path) -> None:
    data = _good()
    data["counters"] = [c for c in data["counters"] if c["side"] == "red"]
    [(where, message)] = _problems(_write(tmp_path, data))
    assert where == "$"
    assert "both sides" in message


@pytest.mark.parametrize("ref", ["../../etc/passwd", "/etc/passwd", "sub/../../outside.png", "a\\b.png"])
def test_resource_escaping_the_folder_is_refused(tmp_path: Path, ref: str) -> None:
    folder = tmp_path / "mission"
    folder.mkdir()
    (tmp_path / "outside.png").write_bytes(b"x")
    [(where, message)] = _problems(_write(folder, {**_good(), "art": ref}))
    assert where == "$.art"
    assert "leaves its folder" in message or "relative path" in message


def test_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "mission"
    folder.mkdir()
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"x")
    (folder / "art.png").symlink_to(secret)
    [(where, message)] = _problems(_write(folder, {**_good(), "art": "art.png"}))
    assert where == "$.art"
    assert "leaves its folder" in message


def test_resource_inside_the_folder_is_fine(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "board.png").write_bytes(b"x")
    session = open_session(_write(tmp_path, {**_good(), "art": "art/board.png"}), TOY_SYSTEMS)
    assert session.folder == tmp_path
    assert _problems(_write(tmp_path, {**_good(), "art": "art/missing.png"}))[0][1].endswith("missing file")


def test_resource_error_while_building_becomes_a_board_problem(tmp_path: Path) -> None:
    path = _write(tmp_path, _good())
    model = ToyScenario.model_validate({**_good(), "art": "../escape.png"})  # no folder context: not checked
    with pytest.raises(ScenarioError) as info:
        build_runtime(path, TOY_SYSTEMS["toy"], model)
    assert info.value.problems[0].path == "$.board"
    assert "leaves its folder" in info.value.problems[0].message


def test_resolve_ref_rules(tmp_path: Path) -> None:
    (tmp_path / "tiles.json").write_text("{}", encoding="utf-8")
    assert resolve_ref("tiles.json", tmp_path) == (tmp_path / "tiles.json").resolve()
    for ref in ("resources:../pyproject.toml", "", "resources:"):
        with pytest.raises(ResourceError):
            resolve_ref(ref, tmp_path)
    with pytest.raises(ResourceError, match="no folder"):
        resolve_ref("tiles.json", None)


def test_json_path_format() -> None:
    assert json_path(("units", 3, "facing")) == "$.units[3].facing"
    assert json_path(()) == "$"

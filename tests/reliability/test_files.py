"""Issue 16: every file the app opens goes through one reading path; no file can crash, leak or exhaust.

Each case is a tampering found by the audit: it must end in a clean error naming the file, the JSON path and
the problem (values cut to a readable length), never a traceback.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from app.core.datafile import MAX_BYTES, DataFileError, parse_json_text, read_json_file
from app.scenario.boards import BoardError, load_board_file
from app.scenario.catalog import validate_file
from app.scenario.loading import ScenarioError
from tests.support import real_systems

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "sas" / "tutorial_assassination.json"
HEX_BOARD = ROOT / "resources" / "boards" / "cca_standard.json"


def _problems(path: Path) -> list[str]:
    error = validate_file(path, real_systems())
    assert isinstance(error, ScenarioError), "the tampered file must give a clean ScenarioError"
    assert error.file == str(path)
    return [str(p) for p in error.problems]


def _scenario(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "mission.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    return path


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (b"\x00\x01\x02\xff\xfe binary", "not UTF-8"),
        ('{"format": "adjutant-scenario"}'.encode("utf-16"), "not UTF-8"),
        (_nested(1000), "nested more than"),
        ('{"a": ' + "9" * 5000 + "}", "integer with 5,000 digits"),
        ('{"a": 1e400}', "out of range"),
        ('{"a": NaN}', "not a number JSON allows"),
        ('{"a": "\\ud800"}', "lone surrogate"),
        ('{"format": "adjutant-scenario", "sys', "invalid JSON at line 1"),
    ],
    ids=["binary", "utf16", "nesting", "big-int", "inf", "nan", "surrogate", "truncated"],
)
def test_damaged_scenario_text_gives_a_clean_error(tmp_path: Path, text: str | bytes, expected: str) -> None:
    """Issue 16 item 1: encoding, nesting, integer and float limits before pydantic."""
    problems = _problems(_scenario(tmp_path, text))
    assert any(expected in p for p in problems), problems


def test_devices_folders_loops_and_huge_files_are_refused(tmp_path: Path) -> None:
    """Issue 16 item 1: only regular files are read, never more than the size limit (/dev/zero never ends)."""
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    for path, expected in [
        (Path("/dev/zero"), "not a regular file"),
        (tmp_path, "not a regular file"),
        (loop, "cannot read file"),
        (huge, "too large"),
    ]:
        with pytest.raises(DataFileError) as info:
            read_json_file(path)
        assert expected in str(info.value)
    assert any("cannot read file" in p for p in _problems(loop))


def test_a_huge_bad_value_is_cut_in_the_message(tmp_path: Path) -> None:
    """Issue 16 item 1: a 1 MB bad string is not repeated whole in the message."""
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data["system"] = "x" * 1_000_000
    message = "\n".join(_problems(_scenario(tmp_path, json.dumps(data))))
    assert "$.system" in message
    assert len(message) < 2_000


@pytest.mark.parametrize("value", [2147483648, 1e308, -(10**12)])
def test_coordinates_and_numbers_are_bounded(tmp_path: Path, value: float) -> None:
    """Issue 16 item 1: a coordinate that would overflow the renderer or the rules is refused with its path."""
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data["board"]["tiles"][0]["at"] = [value, 0]
    problems = _problems(_scenario(tmp_path, json.dumps(data)))
    assert any(p.startswith("$.board.tiles[0].at[0]: number") and "out of range" in p for p in problems), problems


@pytest.mark.parametrize("fmt", ["{col:>300000000}", "{col.__class__.__mro__}", "{0}", "{row!r}", "x" * 41])
def test_id_format_is_a_fixed_grammar(tmp_path: Path, fmt: str) -> None:
    """Issue 16 item 1: a board's ``id_format`` is never given to ``str.format`` unchecked."""
    data = json.loads(HEX_BOARD.read_text(encoding="utf-8"))
    data["board"]["id_format"] = fmt
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BoardError, match="id_format"):
        load_board_file(path)
    error = validate_file(path, real_systems())
    assert error is not None and any(p.path.endswith(".id_format") for p in error.problems), error


def test_bundled_id_formats_still_work() -> None:
    """The grammar accepts every format the bundled boards use."""
    assert load_board_file(HEX_BOARD).board.id_format == "{col:02d}{row:02d}"  # type: ignore[union-attr]


def test_no_traceback_in_the_cli_for_a_tampered_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 1: ``adjutant validate`` reports the file and the problem and exits 1, not 2."""
    from app.cli import main

    path = _scenario(tmp_path, _nested(5000))
    assert main(["validate", str(path)], real_systems()) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.out + out.err
    assert "nested more than" in out.out + out.err
    assert os.fspath(path) in out.out + out.err


def test_a_placement_error_names_the_file_and_the_json_path(tmp_path: Path) -> None:
    """Issue 16 item 1: a C&C unit off the board is reported against the file, with its JSON path."""
    data = json.loads((ROOT / "scenarios" / "cca" / "camp_assault.json").read_text(encoding="utf-8"))
    data["armies"][0]["units"][0]["at"] = "9999"
    path = _scenario(tmp_path, json.dumps(data))
    error = validate_file(path, real_systems())
    assert error is not None and error.file == str(path)
    assert [p.path for p in error.problems] == ["$.armies[0].units[0].at"]


def test_a_scenario_the_rules_cannot_set_up_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 1: an ``initial_state`` refusal (the entry tile removed) is not an "internal error"."""
    from app.cli import main

    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data["board"]["extras"] = [e for e in data["board"]["extras"] if e["tile"] != "entry_exit"]
    path = _scenario(tmp_path, json.dumps(data))
    assert any("cannot be set up" in p for p in _problems(path))
    assert main(["script", str(path), str(tmp_path / "none.txt")], real_systems()) == 1
    assert "internal error" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "line",
    [
        '{"kind": "activate", "side": "sas", "operator": "nobody"}',
        '{"kind": "activate", "side": "sas"}',
        '{"kind": "warp", "side": "sas"}',
        '{"kind": "activate", "side": "sas", "operator": 7}',
    ],
)
def test_a_mutated_script_command_is_refused_as_illegal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    """Issue 16 item 2, CORE-CMD-1: a script command naming nothing real is an illegal command, not a KeyError."""
    from app.cli import main

    script = tmp_path / "moves.txt"
    script.write_text(line + "\n", encoding="utf-8")
    assert main(["script", str(SCENARIO), str(script)], real_systems()) == 1
    out = capsys.readouterr()
    [refusal] = [json.loads(x) for x in out.out.splitlines()]
    assert refusal["rule_id"] == "CORE-CMD-1" and refusal["line"] == 1
    assert "internal error" not in out.err


def test_a_cca_hand_of_one_card_is_refused(tmp_path: Path) -> None:
    """Issue 16 item 1, CCA-CARD-3: a hand size of 1 validated and then dead-ended; it is now a clean error."""
    data = json.loads((ROOT / "scenarios" / "cca" / "camp_assault.json").read_text(encoding="utf-8"))
    data["armies"][0]["command"] = 1
    assert any(p.startswith("$.armies[0].command") for p in _problems(_scenario(tmp_path, json.dumps(data))))


def test_a_huge_value_a_system_quotes_is_cut_too(tmp_path: Path) -> None:
    """Issue 16 item 1: messages built by a system (an unknown vehicle type) are cut to a readable length."""
    data = json.loads((ROOT / "scenarios" / "sas" / "heavy_metal_armoured_column.json").read_text(encoding="utf-8"))
    data["vehicles"][0]["kind"] = "tank" * 250_000
    problems = _problems(_scenario(tmp_path, json.dumps(data)))
    assert problems and all(len(p) < 1_000 for p in problems)


@pytest.mark.parametrize(
    "ref", ["resources:tiles/" + "[" * 5000 + ".json", "tiles/\u0000.json", "resources:x/../../.."]
)
def test_a_hostile_reference_is_a_clean_error(tmp_path: Path, ref: str) -> None:
    """Issue 16 item 1 (found by the mutation fuzzer): an overlong or NUL reference is refused, not an OSError."""
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data["board"]["library"] = ref
    problems = _problems(_scenario(tmp_path, json.dumps(data)))
    assert problems and all(len(p) < 1_000 for p in problems)


def test_strings_are_checked_only_when_an_escape_could_hide_a_lone_surrogate(tmp_path: Path) -> None:
    """The walk over every string runs only when the text holds a surrogate escape (start-up time, DESIGN §10):
    a pair is an emoji, a lone one (escaped, or in a text given directly) is still refused."""
    pair = tmp_path / "pair.json"
    pair.write_text('{"name": "\\ud83d\\ude00", "list": ["\\u00e9"]}', encoding="utf-8")
    assert read_json_file(pair) == {"name": "\U0001f600", "list": ["\u00e9"]}
    for text in ('{"a": ["x", "\\udfff"]}', '{"a": "\udc00"}'):
        with pytest.raises(DataFileError, match="lone surrogate"):
            parse_json_text(text, "given.json")

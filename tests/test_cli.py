"""The command line, run in-process with the toy system (docs/cli.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.cli import COMMANDS, main
from app.core.saves import read_save, save_to_path
from tests.support import TOY_SYSTEMS, toy_session
from tests.toy import SYSTEM, TOY_SCENARIO, Advance, Rest

Captured = pytest.CaptureFixture[str]


def run(capsys: Captured, *argv: str | Path, **kwargs: Any) -> tuple[int, str, str]:
    code = main([str(a) for a in argv], TOY_SYSTEMS, **kwargs)
    out, err = capsys.readouterr()
    return code, out, err


def _jsonl(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_validate_good(capsys: Captured) -> None:
    code, out, _ = run(capsys, "validate", TOY_SCENARIO)
    assert code == 0
    assert out.splitlines()[0] == f"OK  {TOY_SCENARIO}"


def test_validate_bad_and_folder(capsys: Captured, tmp_path: Path) -> None:
    data = json.loads(TOY_SCENARIO.read_text(encoding="utf-8"))
    data["counters"][0]["start"] = "x"
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "good.json").write_text(TOY_SCENARIO.read_text(encoding="utf-8"), encoding="utf-8")
    save_to_path(toy_session(), tmp_path / "game.json")
    code, out, err = run(capsys, "validate", tmp_path)
    assert code == 1
    assert f"{tmp_path / 'bad.json'}: 1 problem(s)" in out
    assert "  $.counters[0].start: " in out
    assert f"OK  {tmp_path / 'good.json'}" in out
    assert f"SKIP {tmp_path / 'game.json'}" in out
    assert out.rstrip().endswith("validate: 2 checked, 1 failed, 1 skipped")
    assert "Traceback" not in out + err


def test_validate_missing_file_and_empty_folder(capsys: Captured, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "validate", tmp_path / "nope.json")
    assert code == 1
    assert "cannot read file" in out
    assert run(capsys, "validate", tmp_path)[0] == 1


def test_schema(capsys: Captured) -> None:
    code, out, _ = run(capsys, "schema", "toy")
    assert code == 0
    schema = json.loads(out)
    assert schema["additionalProperties"] is False
    assert "track_length" in schema["properties"]


def test_schema_unknown_system(capsys: Captured) -> None:
    code, _, err = run(capsys, "schema", "chess")
    assert code == 2
    assert "known systems: toy" in err


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(capsys: Captured, command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert out.startswith(f"usage: adjutant {command}")


def test_usage_error(capsys: Captured) -> None:
    assert run(capsys, "frobnicate")[0] == 2
    assert run(capsys, "--lang", "fr", "schema", "toy")[0] == 2


def test_render_calls_the_renderer(capsys: Captured, tmp_path: Path) -> None:
    calls: list[tuple[Path, Path, int]] = []
    out_png = tmp_path / "out.png"

    def renderer(*args: Path | int) -> None:
        calls.append(args)  # type: ignore[arg-type]
        out_png.write_bytes(b"png")

    code, out, _ = run(capsys, "render", TOY_SCENARIO, "-o", out_png, "--size", "800", renderer=renderer)
    assert code == 0
    assert out == f"wrote {out_png}\n"
    assert calls == [(TOY_SCENARIO, out_png, 800)]
    assert run(capsys, "render", TOY_SCENARIO, "-o", out_png)[0] == 2  # no renderer in this build
    assert run(capsys, "render", tmp_path / "nope.json", "-o", out_png, renderer=lambda *a: None)[0] == 1
    missing = tmp_path / "never.png"  # a renderer that writes nothing is not reported as a success
    assert run(capsys, "render", TOY_SCENARIO, "-o", missing, renderer=lambda *a: None)[0] == 1
    assert run(capsys, "render", TOY_SCENARIO, "-o", missing, "--size", "0", renderer=renderer)[0] == 2


def test_script_prints_events_and_saves(capsys: Captured, tmp_path: Path) -> None:
    commands = _jsonl(
        tmp_path / "game.jsonl",
        "# red moves first",
        json.dumps(Advance(side="red", counter="r1").model_dump(mode="json")),
        "",
        '{"kind": "toy.rest", "side": "blue"}',
    )
    save = tmp_path / "out.json"
    code, out, _ = run(capsys, "script", TOY_SCENARIO, commands, "--seed", "3", "--save", save)
    assert code == 0
    events = [json.loads(line) for line in out.splitlines()]
    assert events[0]["kind"] == "toy.moved"
    assert events[0]["text_en"].startswith("r1 moves from 0 to ")
    assert events[0]["ruling"]["dice"][0]["natural"] in range(1, 7)
    assert events[-1]["text_en"] == "blue rests."
    assert len(read_save(save).commands) == 2


def test_script_table_mode_and_errors(capsys: Captured, tmp_path: Path) -> None:
    lines = [
        '{"kind": "toy.advance", "side": "red", "counter": "r1", "dice": [5]}',
        '{"kind": "toy.rest", "side": "red"}',
    ]
    code, out, _ = run(capsys, "script", "--table", TOY_SCENARIO, _jsonl(tmp_path / "a.jsonl", *lines))
    assert code == 1
    moved, error = (json.loads(line) for line in out.splitlines())
    assert moved["end"] == 5
    assert error == {"error": "It is blue's turn.", "rule_id": "TOY-3", "line": 2}
    code, out, _ = run(capsys, "script", "--table", TOY_SCENARIO, _jsonl(tmp_path / "b.jsonl", lines[0][:40] + "}"))
    assert code == 1
    assert json.loads(out)["line"] == 1
    code, out, _ = run(
        capsys, "script", "--table", TOY_SCENARIO, _jsonl(tmp_path / "c.jsonl", lines[0].replace(', "dice": [5]', ""))
    )
    assert json.loads(out)["need"] == {"what": "dice", "count": 1, "sides": 6, "options": []}


def test_script_in_chinese(capsys: Captured, tmp_path: Path) -> None:
    commands = _jsonl(tmp_path / "a.jsonl", '{"kind": "toy.rest", "side": "red"}')
    code, out, _ = run(capsys, "--lang", "zh_CN", "script", TOY_SCENARIO, commands)
    assert code == 0
    assert {"text_en", "text_zh_CN"} <= json.loads(out).keys()


def test_replay(capsys: Captured, tmp_path: Path) -> None:
    session = toy_session(seed=2)
    while session.outcome() is None:
        session.submit(session.legal_commands()[0])
    path = tmp_path / "game.json"
    save_to_path(session, path)
    code, out, _ = run(capsys, "replay", path)
    assert code == 0
    assert "system: toy (rules 1)" in out
    assert "scenario: toy-race" in out
    assert f"commands: {len(session.commands)}" in out
    assert "digest: verified" in out
    assert "wins" in out or "equally" in out
    assert out.rstrip().endswith("The game is over.")


def test_replay_mismatch(capsys: Captured, tmp_path: Path) -> None:
    session = toy_session()
    session.submit(Rest(side="red"))
    path = tmp_path / "game.json"
    save_to_path(session, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["digest"] = "f" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "replay", path)
    assert code == 1
    assert "digest mismatch" in err
    assert run(capsys, "replay", tmp_path / "missing.json")[0] == 1


def test_fuzz_summary(capsys: Captured) -> None:
    code, out, _ = run(capsys, "fuzz", TOY_SCENARIO, "--games", "5", "--seed", "3")
    assert code == 0
    assert out.splitlines()[-1] == "fuzz: 5 games, 5 finished, 0 dead ends, 0 runaways, 0 crashes"


def test_fuzz_runaway(capsys: Captured) -> None:
    code, out, _ = run(capsys, "fuzz", TOY_SCENARIO, "--games", "2", "--max-steps", "2")
    assert code == 1  # a runaway fails the run (issue 16 item 5)
    assert out.splitlines()[-1] == "fuzz: 2 games, 0 finished, 0 dead ends, 2 runaways, 0 crashes"


def test_fuzz_crash_writes_a_replayable_save(capsys: Captured, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_apply = SYSTEM.apply

    def flaky(state: Any, command: Any) -> Any:
        if state.turn == 3:
            raise RuntimeError("boom")
        return real_apply(state, command)

    monkeypatch.setattr(SYSTEM, "apply", flaky)
    code, out, _ = run(capsys, "fuzz", TOY_SCENARIO, "--games", "1", "--out", tmp_path)
    assert code == 1
    assert "RuntimeError: boom" in out
    assert out.splitlines()[-1].endswith("1 crashes")
    monkeypatch.undo()
    saves = sorted(tmp_path.glob("*.save.json"))
    assert len(saves) == 1
    assert run(capsys, "replay", saves[0])[0] == 0
    failing = json.loads(next(tmp_path.glob("*.failing.json")).read_text(encoding="utf-8"))
    assert failing["command"]["side"] == "red"
    assert "boom" in failing["traceback"]


def test_fuzz_dead_end(capsys: Captured, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SYSTEM, "legal_commands", lambda state, side=None: [])
    code, out, _ = run(capsys, "fuzz", TOY_SCENARIO, "--games", "1")
    assert code == 1
    assert "dead end" in out


def test_internal_error_is_one_line(capsys: Captured, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> Any:
        raise ZeroDivisionError("division by zero")  # anything unexpected

    monkeypatch.setattr(SYSTEM, "scenario_model", broken)
    code, _, err = run(capsys, "schema", "toy")
    assert code == 2
    assert err.startswith("internal error: ")
    assert len(err.strip().splitlines()) == 1


def test_replay_when_the_scenario_cannot_be_rebuilt(capsys: Captured, tmp_path: Path) -> None:
    (tmp_path / "art.png").write_bytes(b"x")
    data = json.loads(TOY_SCENARIO.read_text(encoding="utf-8"))
    scenario = tmp_path / "mission.json"
    scenario.write_text(json.dumps({**data, "art": "art.png"}), encoding="utf-8")
    commands = _jsonl(tmp_path / "a.jsonl", '{"kind": "toy.rest", "side": "red"}')
    save = tmp_path / "game.json"
    assert run(capsys, "script", scenario, commands, "--save", save)[0] == 0
    (tmp_path / "art.png").unlink()
    code, _, err = run(capsys, "replay", save)
    assert code == 1
    assert "cannot rebuild the saved game" in err
    assert "missing file" in err


def test_help_names_the_window_options_and_speaks_the_chosen_language(capsys: Captured) -> None:
    """`adjutant --help` lists --version, --edit and opening a file; `--lang zh_CN --help` is in Chinese."""
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "--version" in out and "--edit" in out and "adjutant [FILE]" in out
    code, out, _ = run(capsys, "--lang", "zh_CN", "--help")
    assert code == 0 and "命令行工具" in out and "检查剧本文件" in out


def test_validate_summary_in_chinese(capsys: Captured) -> None:
    code, out, _ = run(capsys, "--lang=zh_CN", "validate", TOY_SCENARIO)
    assert code == 0
    assert out.splitlines()[-1] == "validate: 检查 1 个，失败 0 个，跳过 0 个"


def test_lang_before_a_file_opens_the_window_in_that_language_and_before_a_subcommand_reaches_the_cli() -> None:
    """`adjutant --lang zh_CN FILE` is the window in Chinese; `adjutant --lang zh_CN validate` the CLI in Chinese;
    an unknown language is left for the CLI to refuse."""
    from app.__main__ import window_language

    assert window_language(["--lang", "zh_CN", "scenarios/cca/granicus_crossing.json"]) == (
        "zh_CN",
        ["scenarios/cca/granicus_crossing.json"],
    )
    assert window_language(["--lang=en"]) == ("en", [])
    assert window_language(["--lang", "fr", "validate"]) == (None, ["--lang", "fr", "validate"])
    assert window_language(["validate", "x"]) == (None, ["validate", "x"])

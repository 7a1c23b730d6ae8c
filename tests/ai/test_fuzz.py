"""The engine's fuzzer (app/ai/fuzz.py), shared by `adjutant fuzz`, the editor's smoke test and conformance."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.ai.fuzz import Fuzzer, GameReport, count_results
from app.cli import main
from tests.support import TOY_SYSTEMS
from tests.toy import SYSTEM, TOY_SCENARIO


def test_fuzzer_honours_the_systems_runaway_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy declares ``HasFuzzHints``: its ``fuzz_max_steps`` is the runaway limit when none is given."""
    monkeypatch.setattr(SYSTEM, "fuzz_max_steps", 2)
    fuzzer = Fuzzer.open(TOY_SCENARIO, TOY_SYSTEMS)
    assert fuzzer.limit == 2
    report = fuzzer.run(0, seed=1)
    assert (report.result, report.steps, report.detail) == ("runaway", 2, "no result after 2 commands")


def test_an_explicit_limit_overrides_the_systems(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SYSTEM, "fuzz_max_steps", 2)
    fuzzer = Fuzzer.open(TOY_SCENARIO, TOY_SYSTEMS, max_steps=5000)
    assert fuzzer.limit == 5000
    assert fuzzer.run(0, seed=1).result == "finished"


def test_cli_fuzz_uses_the_systems_limit_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(SYSTEM, "fuzz_max_steps", 1)
    assert main(["fuzz", str(TOY_SCENARIO), "--games", "2"], TOY_SYSTEMS) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "fuzz: 2 games, 0 finished, 0 dead ends, 2 runaways, 0 crashes"


def test_fuzz_weight_steers_the_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The system's ``fuzz_weight`` makes a command (nearly) certain when the others weigh almost nothing."""
    fuzzer = Fuzzer.open(TOY_SCENARIO, TOY_SYSTEMS)
    session = fuzzer.new_session(1)
    commands = list(session.legal_commands())
    favourite = commands[-1]

    def weight(state: Any, command: Any) -> float:
        return 1e6 if command == favourite else 0.0

    monkeypatch.setattr(SYSTEM, "fuzz_weight", weight)
    rng = random.Random(5)
    assert all(fuzzer.pick(session, commands, rng) == favourite for _ in range(20))


def test_count_results_lists_every_result() -> None:
    reports = [GameReport(0, 1, "finished", 3), GameReport(1, 2, "crash", 1), GameReport(2, 3, "finished", 4)]
    assert count_results(reports) == {"finished": 2, "dead end": 0, "runaway": 0, "crash": 1}
    assert count_results([]) == dict.fromkeys(("finished", "dead end", "runaway", "crash"), 0)

"""The engine's fuzzer (app/ai/fuzz.py), shared by `adjutant fuzz`, the editor's smoke test and conformance."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from app.ai import fuzz
from app.ai.agent import Choice
from app.ai.fuzz import Fuzzer, GameReport, count_results
from app.ai.fuzz_checks import render_all
from app.cli import main
from app.core.i18n import Text
from app.core.messages import Command
from app.core.session import Session
from tests.support import TOY_SYSTEMS, real_systems
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
    assert main(["fuzz", str(TOY_SCENARIO), "--games", "2"], TOY_SYSTEMS) == 1  # runaways now fail the run
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


def test_a_view_that_raises_is_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every side's view is built at every step: a system whose ``view`` raises is caught as a crash."""

    def broken(state: Any, side: Any) -> Any:
        raise RuntimeError("view exploded")

    monkeypatch.setattr(SYSTEM, "view", broken)
    report = Fuzzer.open(TOY_SCENARIO, TOY_SYSTEMS).run(0, seed=1)
    assert report.result == "crash"
    assert "view exploded" in report.detail


def test_every_text_is_rendered_in_both_languages() -> None:
    """``render_all`` renders each Text nested in dataclasses, mappings and sequences in en and zh_CN."""
    seen: list[str] = []

    class Spy(Text):
        def render(self, lang: str = "en") -> str:
            seen.append(lang)
            return super().render(lang)

    view = GameReport(0, 1, "finished", 0, files=[])
    nested = {"a": [Spy(msg="x"), (Spy(msg="y"),)], "b": view}
    assert render_all(nested) == 2
    assert sorted(seen) == ["en", "en", "zh_CN", "zh_CN"]


def test_a_description_that_raises_is_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every legal command is described at every step: a system whose ``describe`` raises is caught."""

    def describe(state: Any, command: Any) -> Any:
        raise RuntimeError(f"cannot describe {command.kind}")

    monkeypatch.setattr(SYSTEM, "describe", describe)
    report = Fuzzer.open(TOY_SCENARIO, TOY_SYSTEMS).run(0, seed=1)
    assert report.result == "crash"
    assert "cannot describe" in report.detail


def test_the_systems_bot_chooses_a_share_of_the_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``bot_share`` 1 every move comes from the system's ``HasBot`` agent; an illegal choice crashes."""
    calls: list[str] = []

    class Bot:
        def __init__(self, side: str) -> None:
            self.side = side

        def choose(self, session: Session, side: str, budget: Any) -> Choice:
            calls.append(side)
            return Choice(session.legal_commands(side)[0], Text(msg="first"))

    monkeypatch.setattr(SYSTEM, "make_agent", Bot, raising=False)
    fuzzer = Fuzzer.open(TOY_SCENARIO, TOY_SYSTEMS, max_steps=5, bot_share=1.0)
    report = fuzzer.run(0, seed=1)
    assert report.result != "crash", report.detail
    assert len(calls) == report.steps > 0

    class Cheat(Bot):
        def choose(self, session: Session, side: str, budget: Any) -> Choice:
            return Choice(Command(kind="no-such-command"), Text(msg="cheat"))

    monkeypatch.setattr(SYSTEM, "make_agent", Cheat, raising=False)
    report = fuzzer.run(0, seed=1)
    assert report.result == "crash"
    assert "illegal command" in report.detail


def test_cli_fuzz_exits_non_zero_on_a_runaway(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SYSTEM, "fuzz_max_steps", 1)
    assert main(["fuzz", str(TOY_SCENARIO), "--games", "1"], TOY_SYSTEMS) == 1


def test_a_game_replays_in_a_fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI-sized: a few commands of a bundled scenario replay in ``python -m app replay`` to the same digest;
    a digest the fresh process does not reproduce is a crash."""
    path = Path(__file__).parents[2] / "scenarios" / "sas" / "convoy_ambush.json"
    fuzzer = Fuzzer.open(path, real_systems(), max_steps=3)
    fuzzer.fresh_process = True
    assert fuzzer.run(0, seed=1).result == "runaway"
    monkeypatch.setattr(fuzz, "state_digest", lambda system, state: "0" * 64)
    report = fuzzer.run(0, seed=1)
    assert report.result == "crash"
    assert "fresh process" in report.detail


def test_cli_fuzz_render_draws_each_game_through_the_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--render`` passes each game's save to the renderer hook (app.ai never imports Qt); a failing draw is a
    crash, and without a renderer the option is refused."""
    drawn: list[Path] = []

    def renderer(save: Path, output: Path, size: int) -> None:
        drawn.append(save)
        if len(drawn) == 2:
            raise RuntimeError("paint failed")

    monkeypatch.setattr(SYSTEM, "fuzz_max_steps", 5000)
    assert main(["fuzz", str(TOY_SCENARIO), "--games", "2", "--render"], TOY_SYSTEMS, renderer) == 1
    assert len(drawn) == 2
    assert main(["fuzz", str(TOY_SCENARIO), "--games", "1", "--render"], TOY_SYSTEMS) == 2


def _checked_steps(monkeypatch: pytest.MonkeyPatch, every: int, index: int) -> tuple[GameReport, list[int]]:
    """Play toy game ``index`` with ``check_every`` ``every``; the command count at each view check."""
    seen: list[int] = []
    monkeypatch.setattr(fuzz, "check_views", lambda session: seen.append(len(session.commands)))
    fuzzer = Fuzzer.open(TOY_SCENARIO, TOY_SYSTEMS, max_steps=5000)
    fuzzer.check_every = every
    return fuzzer.run(index, seed=3), seen


def test_sampled_checks_play_the_same_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """``check_every`` changes which steps are checked, never the game: same result, steps and commands."""
    full, every_step = _checked_steps(monkeypatch, 1, 0)
    sampled, some_steps = _checked_steps(monkeypatch, 3, 0)
    assert (sampled.result, sampled.steps, sampled.detail) == (full.result, full.steps, full.detail)
    assert every_step == list(range(full.steps + 1))
    assert some_steps == [s for s in range(full.steps + 1) if s == 0 or s % 3 == 0 or s == full.steps]


def test_sampled_checks_cover_every_step_over_as_many_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game ``i`` checks the steps ``i`` modulo N (and its first and last), so N games cover every residue."""
    residues: set[int] = set()
    for index in range(3):
        report, steps = _checked_steps(monkeypatch, 3, index)
        expected = {0, report.steps} | {s for s in range(report.steps + 1) if s % 3 == index}
        assert set(steps) == expected
        residues.update(s % 3 for s in steps if s not in (0, report.steps))
    assert residues == {0, 1, 2}


def test_cli_check_every_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", str(TOY_SCENARIO), "--check-every", "0"], TOY_SYSTEMS) == 2
    assert "--check-every" in capsys.readouterr().err

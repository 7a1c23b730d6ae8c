"""The conformance suite every game system passes (DESIGN §9).

Random play finishes (no crash, dead end or runaway), replays are deterministic, saves round-trip, views
and legal-command queries are pure, a pending decision offers exactly the legal commands, and every legal
command survives JSON and can be described.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from app.ai.fuzz import Fuzzer, check_replay
from app.core.messages import Command
from app.core.saves import SaveFile, from_save, to_save
from app.core.session import Session
from app.core.system import state_digest
from app.core.view import CommandInfo, GameView
from tests.conformance.cases import CASES, Case, Loaded, all_systems, load, random_game

GAMES = 3
SEEDS = (1, 2)
PROBE_STEPS = 40  # states along a game on which every legal command is round-tripped and described
# Determinism, save round-trips and view purity are properties of every step, not of finishing a game:
# they are checked on the first STEP_CAP commands of a game (finishing is test_random_play_finishes's job).
STEP_CAP = 400
LARGE_STEP_CAP = 80  # the same for campaign-sized scenarios (cases.Loaded.large)
LARGE_CHECK_EVERY = 8  # after the first PROBE_STEPS steps of a campaign, purity is checked on every 8th step


@pytest.mark.parametrize("case", CASES)
def test_random_play_finishes(case: Case) -> None:
    loaded = load(case)
    # views in both languages and descriptions are checked on every step by test_views_and_queries_are_pure;
    # here the fuzzer only plays the games to their end
    fuzzer = Fuzzer(
        all_systems(), loaded.system, loaded.scenario, loaded.runtime, loaded.folder, loaded.max_steps, checks=False
    )
    for index in range(1 if loaded.large else GAMES):
        report = fuzzer.run(index, seed=100)
        assert report.result == "finished", f"game {index} seed {report.seed}: {report.result}\n{report.detail}"


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_replay_is_deterministic(case: Case, seed: int) -> None:
    loaded = load(case)
    game = random_game(loaded, seed, _cap(loaded))
    digests = [state_digest(loaded.system, entry.state) for entry in game.history]
    replay = loaded.session(seed)
    for entry, digest in zip(game.history, digests, strict=True):
        events = replay.submit(
            loaded.system.parse_command(json.loads(json.dumps(entry.command.model_dump(mode="json"))))
        )
        assert state_digest(loaded.system, replay.state) == digest
        assert events == entry.events
    again = random_game(loaded, seed, _cap(loaded))
    assert again.commands == game.commands  # the same seed plays the same


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_save_round_trip(case: Case, seed: int) -> None:
    loaded = load(case)
    game = random_game(loaded, seed, _cap(loaded) // 2)
    save = to_save(game)
    restored = from_save(SaveFile.model_validate_json(json.dumps(save.model_dump(mode="json"))), all_systems())
    assert state_digest(loaded.system, restored.state) == state_digest(loaded.system, game.state)
    assert restored.commands == game.commands
    assert to_save(restored).model_dump(exclude={"saved_at"}) == save.model_dump(exclude={"saved_at"})
    for command in game.commands:
        assert _json_round_trip(game, command) == command
    check_replay(game, all_systems())


def _cap(loaded: Loaded) -> int:
    """How many commands of a random game the per-step properties are checked on."""
    return min(loaded.max_steps, LARGE_STEP_CAP if loaded.large else STEP_CAP)


def _json_round_trip(session: Session, command: Command) -> Command:
    return session.system.parse_command(json.loads(json.dumps(command.model_dump(mode="json"))))


def _views(session: Session) -> dict[str | None, GameView]:
    sides: list[str | None] = [None, *session.system.info.sides]
    return {side: session.view(side) for side in sides}


def _same_view(a: GameView, b: GameView) -> bool:
    same_board = a.board is b.board or a.board == b.board
    return same_board and dataclasses.replace(a, board=None) == dataclasses.replace(b, board=None)


def _check_pure(session: Session) -> list[Command]:
    """View and query the current state twice; nothing may change and the answers must agree."""
    before = state_digest(session.system, session.state)
    json.dumps(session.system.encode_state(session.state))  # plain JSON: nothing left to str() in digests
    first, second = _views(session), _views(session)
    assert all(_same_view(first[side], second[side]) for side in first), "view() is not deterministic"
    commands = list(session.legal_commands())
    assert commands == list(session.legal_commands())
    _check_decision(session, first, commands)
    assert session.outcome() == session.system.outcome(session.state)
    assert state_digest(session.system, session.state) == before, "view()/legal_commands() changed the state"
    return commands


def _check_decision(session: Session, views: dict[str | None, GameView], commands: list[Command]) -> None:
    """A pending decision (app.core.flow) is the side to act's, its options are exactly the legal commands, and
    every viewer sees who decides and what (a private decision hides only its options from the other sides)."""
    decision = views[None].decision
    if decision is None:
        assert all(v.decision is None for v in views.values()), "a decision only some viewers see"
        return
    assert decision.side == session.active_side()
    assert decision.commands == commands == [o.command for o in views[decision.side].decision.options]  # type: ignore[union-attr]
    assert 0 <= decision.default < len(decision.options) and decision.prompt.render("en").strip()
    for view in views.values():
        assert view.decision is not None and view.decision.side == decision.side
        assert view.decision.prompt == decision.prompt


@pytest.mark.parametrize("case", CASES)
def test_views_and_queries_are_pure(case: Case) -> None:
    loaded = load(case)
    session = loaded.session(7)
    rng = random.Random(7)
    made: list[str] = []
    for step in range(_cap(loaded)):
        checked = not loaded.large or step < PROBE_STEPS or step % LARGE_CHECK_EVERY == 0
        commands = _check_pure(session) if checked else list(session.legal_commands())
        if not commands or session.outcome() is not None:
            break
        session.submit(rng.choice(commands))
        made.append(state_digest(loaded.system, session.state))
    # apply never mutated an earlier state: every stored state still has the digest it had when it was made
    assert [state_digest(loaded.system, entry.state) for entry in session.history] == made


@pytest.mark.parametrize("case", CASES)
def test_legal_commands_round_trip_and_describe(case: Case) -> None:
    loaded = load(case)
    session = loaded.session(3)
    for _ in range(PROBE_STEPS):
        commands = list(session.legal_commands())
        if not commands or session.outcome() is not None:
            break
        for command in commands:
            assert _json_round_trip(session, command) == command
            info = session.describe(command)
            assert isinstance(info, CommandInfo)
            assert info.label.render("en").strip()
            assert info.label.render("zh_CN").strip()
        session.submit(commands[len(session.commands) * 7 % len(commands)])

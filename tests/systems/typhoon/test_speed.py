"""The engine's speed-ups change no game: random games (with the bot choosing a share of the moves) give the same
command log and final state as before them.

The digests below were recorded on main's code before any speed-up (issue 17: fuzz 200 games per scenario); a
cache that forgot an input of a route search, a line of communication or a zone of control would change a
listed move, a supply check or a bot's choice, and with it the rest of the game. A change of the bot or of the
scenario data changes these games too: then check that the games with and without the remembered answers agree
(the last test) and record the new digests (``python tests/systems/typhoon/test_speed.py`` prints them).
TY-MOV-4, TY-LOC-1, TY-ZOC-1.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from app.ai.fuzz import Fuzzer
from app.core.system import state_digest
from app.systems.typhoon.position import Recall
from tests.support import real_systems

FOLDER = Path(__file__).resolve().parents[3] / "scenarios" / "typhoon"

# (scenario, seed, commands at most, bot share) -> digest of the command log and the final state, from main's code
RECORDED = [
    ("typhoon_campaign", 1, 400, 0.1, "2ca5ef53a95fc647"),
    ("typhoon_drive_on_moscow", 1, 400, 0.1, "eef3a177e902dba7"),
    ("typhoon_vyazma_bryansk", 1, 400, 0.1, "a993854e8a166d7f"),
    ("typhoon_vyazma_bryansk", 2, 400, 0.0, "b131be49473f1100"),
    ("vyazma_gate", 1, 400, 0.1, "3d2f03cb810ff8d2"),
    ("vyazma_gate", 2, 400, 0.0, "a73e2ae0f7ec7007"),
]


def game_digest(name: str, seed: int, steps: int, bot_share: float) -> str:
    """Play ``steps`` random commands (a ``bot_share`` of them the bot's) and digest the log and the state."""
    fuzzer = Fuzzer.open(FOLDER / f"{name}.json", real_systems(), max_steps=steps, bot_share=bot_share)
    fuzzer.checks = False  # the checks never touch the random choice
    session = fuzzer.new_session(seed)
    fuzzer.play(session, random.Random(seed * 1_000_003), 0)
    text = json.dumps([c.model_dump(mode="json") for c in session.commands], sort_keys=True)
    return hashlib.sha256((text + state_digest(session.system, session.state)).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("name", "seed", "steps", "bot_share", "digest"), RECORDED)
def test_random_games_are_the_same_as_before_the_speed_ups(
    name: str, seed: int, steps: int, bot_share: float, digest: str
) -> None:
    """TY-MOV-4, TY-LOC-1, TY-ZOC-1: the same seed plays the same game, move for move, as main's code did."""
    assert game_digest(name, seed, steps, bot_share) == digest


@pytest.mark.parametrize(("name", "seed"), [("typhoon_campaign", 3), ("typhoon_vyazma_bryansk", 4)])
def test_remembered_answers_change_no_game(monkeypatch: pytest.MonkeyPatch, name: str, seed: int) -> None:
    """TY-MOV-4, TY-LOC-1, TY-ZOC-1: a game played with every answer worked out afresh is the same game."""
    remembered = game_digest(name, seed, 250, 0.1)
    monkeypatch.setattr(Recall, "get", lambda self, key, compute: compute())
    assert game_digest(name, seed, 250, 0.1) == remembered


if __name__ == "__main__":
    for name, seed, steps, bot_share, _ in RECORDED:
        print(f'    ("{name}", {seed}, {steps}, {bot_share}, "{game_digest(name, seed, steps, bot_share)}"),')

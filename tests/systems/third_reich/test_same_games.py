"""Speed-ups never change a game: random and bot games recorded on the engine before they were made.

Each digest was recorded on commit f943108 (rules version 5), before the later speed-ups (tables for control and
hand-overs, counters made once, a normal move's reach shared by like groups). The first speed-ups (commit a1eb27a:
has_play_action, look-up tables, commands made once per scenario) were checked the same way against main at
12da205 under rules version 4. The digest covers every command of the game (dice included) and every event with
its ruling, so any change to a legal list's order, a ruling or a roll shows here. It covers the texts' structure
too: the digests were re-recorded when unit names gained the nation's Chinese name (zh-small, "GE Tank 4-2-3" reads
"德国坦克 4-2-3" in Chinese); the same games with every text rendered in English digest exactly as before it.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from app.ai.agent import Budget
from app.ai.fuzz import Fuzzer
from app.core.session import Session
from app.systems.third_reich.bot import ThirdReichBot
from tests.support import real_systems
from tests.systems.third_reich.helpers import FOLDER

UNLIMITED = 1e9
"""The bot's budget here: a bot cut short by the clock would choose differently on a faster engine."""


def _digest(session: Session) -> str:
    found = hashlib.sha256()
    for entry in session.history:
        found.update(json.dumps(entry.command.model_dump(mode="json"), sort_keys=True).encode())
        for event in entry.events:
            found.update(json.dumps(event.model_dump(mode="json"), sort_keys=True, default=str).encode())
    return found.hexdigest()[:16]


@pytest.mark.parametrize(
    ("scenario", "index", "steps", "expected"),
    [
        ("barbarossa_1941", 0, 250, "1059f1a48c5aad76"),
        ("endgame_1943", 1, 250, "1d39390b69cd700d"),
        ("campaign_1939", 1, 250, "e7fb1e3ea11892c6"),
    ],
)
def test_random_games_are_the_recorded_ones(scenario: str, index: int, steps: int, expected: str) -> None:
    """The fuzzer's random game (seed 7100, game ``index``) plays the recorded commands, events and rulings
    (TR-SEQ-3: the legal commands of every position, in their order)."""
    fuzzer = Fuzzer.open(FOLDER / f"{scenario}.json", real_systems(), max_steps=steps)
    fuzzer.checks = False
    session = fuzzer.new_session(7100 + index)
    fuzzer.play(session, random.Random(7100 * 1_000_003 + index), index)
    assert _digest(session) == expected


@pytest.mark.parametrize(
    ("scenario", "seed", "steps", "bots", "expected"),
    [
        ("barbarossa_1941", 5, 60, ("axis", "allied"), "592e276dfd2763b9"),
        ("endgame_1943", 7, 80, ("allied",), "f1361bf02a620652"),
    ],
)
def test_bot_games_are_the_recorded_ones(
    scenario: str, seed: int, steps: int, bots: tuple[str, ...], expected: str
) -> None:
    """The bot (given all the time it needs) against random play chooses as it did (TR-SEQ-3)."""
    fuzzer = Fuzzer.open(FOLDER / f"{scenario}.json", real_systems())
    session = fuzzer.new_session(seed)
    rng = random.Random(seed)
    agents = {side: ThirdReichBot(side) for side in bots}
    for _ in range(steps):
        commands = session.legal_commands()
        side = session.active_side()
        if session.outcome() is not None or not commands or side is None:
            break
        agent = agents.get(side)
        session.submit(agent.choose(session, side, Budget(UNLIMITED)).command if agent else rng.choice(list(commands)))
    assert _digest(session) == expected

"""No internal id or enum value reaches a player (issue 15, point 8): random games of every shipped system, each
view (every side's and the neutral one), every event and the description of the legal commands rendered in both
languages, with no ``snake_case`` id and, in Chinese, no lower-case English word left in them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.__main__ import REGISTRY, LazySystems
from app.ai.fuzz import Fuzzer
from app.ai.fuzz_checks import id_like_tokens, words_problems
from app.scenario.catalog import bundled

SYSTEMS = LazySystems()
STEPS = 20  # commands per game: past the set-up into the first phases (a share of the fuzz games, kept fast)
GAMES = [e.path for e in bundled() if e.system in REGISTRY]


def test_id_like_tokens_are_found_and_words_are_not() -> None:
    assert id_like_tokens("Seen by: patrol_farm_b1", "en") == ["patrol_farm_b1"]
    assert id_like_tokens("D12上的白色巡逻兵（rear_los）", "zh_CN") == ["rear_los"]
    assert id_like_tokens("哨兵朝向north", "zh_CN") == ["north"]  # an English word left in a Chinese text
    assert id_like_tokens("哨兵 operator 离开", "zh_CN") == ["operator"]
    assert id_like_tokens("Jock Lewes fires the Sten gun (3 dice, 4+)", "en") == []
    assert id_like_tokens("乔克·卢斯用 SMG 射击 resources:tiles/x.json", "zh_CN") == []


@pytest.mark.parametrize("path", GAMES, ids=[f"{p.parent.name}:{p.stem}" for p in GAMES])
def test_views_events_and_descriptions_of_a_random_game_show_no_ids(path: Path) -> None:
    fuzzer = Fuzzer.open(path, SYSTEMS)
    session = fuzzer.new_session(5)
    rng = random.Random(5)
    problems: list[str] = []
    for _ in range(STEPS):
        for side in (*session.system.info.sides, None):
            problems += words_problems(session.view(side))
        commands = session.legal_commands()
        if session.outcome() is not None or not commands:
            break
        for command in rng.sample(list(commands), min(4, len(commands))):
            problems += words_problems(session.describe(command))
        problems += words_problems(list(session.submit(fuzzer.pick(session, commands, rng))))
    assert not problems, "\n".join(sorted(set(problems))[:20])

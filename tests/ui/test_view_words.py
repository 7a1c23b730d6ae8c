"""Every id the window shows from the three new systems' views has words in the glossary (play3: the Chinese
inspector read "状态 active", and Third Reich's control overlay and its legend read "control", "axis", "allied")."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.__main__ import LazySystems
from app.scenario.catalog import open_session

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
DRAWING_HINTS = {"rear_los"}


def _ids(view) -> set[str]:  # type: ignore[no-untyped-def]
    ids = {flag for counter in view.counters for flag in counter.flags} - DRAWING_HINTS
    for name in view.highlights:
        if name.startswith("why:"):
            continue
        ids.add(name)
        ids |= {grade for grade in view.highlights[name].values() if isinstance(grade, str)}
    return ids


@pytest.mark.parametrize("scenario", ["typhoon/vyazma_gate.json", "third_reich/sample_1939.json"])
def test_flags_layers_and_grades_have_chinese_words(scenario: str) -> None:
    session = open_session(SCENARIOS / scenario, LazySystems(), seed=3)
    rng, seen = random.Random(2), set()
    for _ in range(60):
        if session.outcome() is not None:
            break
        view = session.view(session.active_side())
        for key in _ids(view):
            seen.add(key)
            assert key in view.glossary, f"{key!r} has no words"
            assert view.glossary[key].render("zh_CN") != key
        session.submit(rng.choice(list(session.legal_commands())))
    assert seen, "the game showed some state"

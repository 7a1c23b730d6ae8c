"""The bot (DESIGN §9 "AI"): obvious moves in crafted positions, and it beats a random player over fixed seeds
(the full measure and its think time per choice: tests/benchmarks/bench_cca.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.session import Session
from app.systems.cca import messages as m
from app.systems.cca.bot import choose
from app.systems.cca.scenario import CcaScenario
from tests.benchmarks.bench_cca import SCENARIOS, play

from .helpers import scenario, start, submit

HAND = ("two_centre", "three_centre", "two_left", "two_right")
HILL = {"name": {"en": "the hill"}, "side": "bottom", "hexes": ["0605"], "banners": 1}


def _moving(model: CcaScenario) -> Session:
    """Bottom to move, its first unit ordered."""
    session = start(model, HAND, HAND)
    submit(session, m.PlayCard(side="bottom", card="two_centre"))
    submit(session, m.OrderUnit(side="bottom", piece="b1"))
    if session.state.phase == "order":
        submit(session, m.EndOrders(side="bottom"))
    return session


def test_bot_takes_an_objective() -> None:
    """CCA-VICTORY-3: a free objective next to an ordered unit is taken."""
    session = _moving(scenario([("bottom", "MI", "0606")], objectives=[HILL]))
    choice = choose(session.state, "bottom")
    assert choice.command == m.Move(side="bottom", piece="b1", to=session.state.runtime.grid.from_label("0605"))
    assert "CCA-VICTORY-3" in choice.reason.render("en")


def test_bot_stays_on_an_objective_rather_than_close_in() -> None:
    """CCA-VICTORY-3: stepping off a held objective to attack would give the banner back."""
    session = _moving(scenario([("bottom", "MI", "0605"), ("top", "HI", "0603")], objectives=[HILL]))
    assert session.state.total_banners("bottom") == 1
    assert choose(session.state, "bottom").command == m.EndMovement(side="bottom")


def test_bot_leaves_the_battlefield_for_a_banner() -> None:
    """CCA-MOVE-3: a unit that may leave for a banner does."""
    exits = {"bottom": {"edge": "enemy", "banners": 1}}
    session = _moving(scenario([("bottom", "LC", "0603")], exits=exits))
    choice = choose(session.state, "bottom")
    assert choice.command == m.ExitBoard(side="bottom", piece="b1") and "CCA-MOVE-3" in choice.reason.render("en")


def test_bot_plays_a_winning_move() -> None:
    """CCA-VICTORY-1: the banner that wins is taken at once."""
    session = _moving(scenario([("bottom", "MI", "0606"), ("top", "HI", "0603")], objectives=[HILL], banners=(1, 6)))
    assert choose(session.state, "bottom").command.kind == "move"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_bot_beats_random(path: Path) -> None:
    """Goal E: the bot beats a random player, on each side, within its think budget (≤ 1 s per choice).

    Two of the benchmark's fixed seeds per scenario; the benchmark plays six and reports the rate."""
    results = [play(path, 100 + seed, ("bottom", "top")[seed % 2]) for seed in (0, 1)]
    assert all(won for won, _ in results)
    assert max(max(times) for _, times in results) < 2.0  # twice the budget, so a busy machine does not fail it

"""Rise and Fall of the Third Reich figures: a bot round, the legal actions of a group, the bot against random.

A bot round is the bot's choosing of every command of one of its rounds (the card, its actions, the answers to
questions; the engine applying them is not counted), timed in thread CPU time so that other processes on the
machine do not count. Win rates are over
``TR_BENCH_GAMES`` fixed-seed games per seat and scenario (default: 10 on the sample, 4 on the others).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from app.ai.agent import Budget, RandomAgent
from app.core.session import Session
from app.systems.third_reich import SYSTEM
from app.systems.third_reich.bot import ThirdReichBot
from app.systems.third_reich.rounds import group_actions, groups
from app.systems.third_reich.scenario import ThirdReichScenario
from app.systems.third_reich.state import State

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "third_reich"


def _session(path: Path, seed: int) -> Session:
    model = ThirdReichScenario.model_validate(json.loads(path.read_text("utf-8")))
    return Session(SYSTEM, model, seed=seed, folder=path.parent)


def game(path: Path, seed: int, bot_side: str) -> tuple[bool, list[float]]:
    """One bot-vs-random game: whether the bot won, and the time of each of the bot's rounds."""
    s = _session(path, seed)
    other = "allied" if bot_side == "axis" else "axis"
    agents = {bot_side: ThirdReichBot(bot_side), other: RandomAgent(seed)}
    rounds: list[float] = []
    spent, marker = 0.0, None
    while (side := s.active_side()) is not None:
        state = s.state
        assert isinstance(state, State)
        key = (state.turn, state.active, state.passes)
        if side == bot_side:
            if key != marker and spent:
                rounds.append(spent)
                spent = 0.0
            marker = key
            start = time.thread_time()
            command = agents[side].choose(s, side, Budget(1.0)).command
            spent += time.thread_time() - start
            s.submit(command)
        else:
            s.submit(agents[side].choose(s, side, Budget(1.0)).command)
    outcome = s.outcome()
    return outcome is not None and outcome.winner == bot_side, [*rounds, spent]


def group_legal_time(path: Path) -> float:
    """Mean time of the legal actions of one group (every group of the opening position, SV paid)."""
    state = _session(path, 1).state
    assert isinstance(state, State)
    found = groups(state, "axis") + groups(state, "allied")
    start = time.perf_counter()
    for group in found:
        group_actions(state, state.unit_side(group[0]) or "axis", group, "sv")
    return (time.perf_counter() - start) / max(len(found), 1)


def main() -> None:
    """Print the figures."""
    for path in sorted(FOLDER.glob("*.json")):
        name = path.stem
        games = int(os.environ.get("TR_BENCH_GAMES", "10" if name.startswith("sample") else "4"))
        print(f"third_reich.{name}.group_legal_actions: {1000 * group_legal_time(path):.2f} ms (budget: 20 ms)")
        for side in ("axis", "allied"):
            results = [game(path, 100 + seed, side) for seed in range(games)]
            wins = sum(1 for won, _ in results if won)
            worst = max(max(r) for _, r in results)
            print(f"third_reich.{name}.bot_{side}_vs_random_win_rate: {100 * wins / games:.0f} % (budget: ≥ 90 %)")
            print(f"third_reich.{name}.bot_round_time_{side}: {1000 * worst:.0f} ms (budget: 1000 ms)")


if __name__ == "__main__":
    main()

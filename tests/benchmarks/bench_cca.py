"""Commands & Colors: Ancients figures: the bot's win rate against a random player and its time per choice."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from app.systems.cca import SYSTEM
from app.systems.cca.bot import choose
from app.systems.cca.scenario import CcaScenario

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "cca").glob("*.json"))


def play(path: Path, seed: int, bot_side: str) -> tuple[bool, list[float]]:
    """One bot-vs-random game; returns whether the bot won and its choice times."""
    model = CcaScenario.model_validate(json.loads(path.read_text("utf-8")))
    state = SYSTEM.initial_state(SYSTEM.load_scenario(model, path.parent), seed)
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(4000):
        if SYSTEM.outcome(state) is not None:
            break
        side = SYSTEM.active_side(state)
        if side == bot_side:
            start = time.perf_counter()
            command = choose(state, side).command
            times.append(time.perf_counter() - start)
        else:
            command = rng.choice(list(SYSTEM.legal_commands(state)))
        state, _ = SYSTEM.apply(state, command)
    return state.winner == bot_side, times


def main(games_per_scenario: int = 6) -> None:
    """Print the figures."""
    wins = games = 0
    times: list[float] = []
    for path in SCENARIOS:
        for seed in range(games_per_scenario):
            won, spent = play(path, 100 + seed, ("bottom", "top")[seed % 2])
            wins += won
            games += 1
            times += spent
    print(f"cca.bot_vs_random_win_rate: {100 * wins / games:.1f} % (budget: ≥ 90 %)")
    print(f"cca.bot_order_time: {1000 * max(times):.0f} ms (budget: 1000 ms)")
    print(f"cca.bot_order_time_mean: {1000 * sum(times) / len(times):.1f} ms over {len(times)} choices, {games} games")


if __name__ == "__main__":
    main()

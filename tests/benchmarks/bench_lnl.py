"""Squad game figures: a bot action (time per choice, win rate against random play), LOS across a full map and
legal commands, on every bundled scenario (the largest decides the worst figures)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from app.systems.lnl import SYSTEM
from app.systems.lnl.board import Runtime
from app.systems.lnl.bot import choose
from app.systems.lnl.los import _trace
from app.systems.lnl.scenario import LnlScenario
from app.systems.lnl.state import State

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "lnl").glob("*.json"))
BOT_BUDGET_MS = 1000.0
LOS_BUDGET_MS = 20.0


def _runtime(path: Path) -> Runtime:
    model = LnlScenario.model_validate(json.loads(path.read_text("utf-8")))
    return SYSTEM.load_scenario(model, path.parent)


def play(runtime: Runtime, seed: int, bot_side: str) -> tuple[bool, list[float], list[float]]:
    """One bot-vs-random game: whether the bot won, its choice times and the legal-command times."""
    state: State = SYSTEM.initial_state(runtime, seed)
    rng = random.Random(seed)
    choices: list[float] = []
    legal: list[float] = []
    for _ in range(3000):
        side = SYSTEM.active_side(state)
        if side is None:
            break
        start = time.perf_counter()
        options = list(SYSTEM.legal_commands(state))
        legal.append(time.perf_counter() - start)
        if side == bot_side:
            start = time.thread_time()  # this thread's CPU: other processes on the machine do not count
            command = choose(state, side, rng).command
            choices.append(time.thread_time() - start)
        else:
            command = rng.choice(options)
        state, _ = SYSTEM.apply(state, command)
    return state.winner == bot_side, choices, legal


def los_across(runtime: Runtime) -> float:
    """Milliseconds for one uncached line from corner to corner of the map."""
    hexes = runtime.grid.locations()
    a, b = hexes[0], hexes[-1]
    start = time.perf_counter()
    for _ in range(20):
        _trace(runtime, a, b)
    return 1000 * (time.perf_counter() - start) / 20


def main(games_per_scenario: int = 3) -> None:
    """Print the figures: every scenario, the bot on each side against random play."""
    wins = games = 0
    choices: list[float] = []
    legal: list[float] = []
    worst_los = 0.0
    for path in SCENARIOS:
        runtime = _runtime(path)
        worst_los = max(worst_los, los_across(runtime))
        for side in ("allies", "axis"):
            won_here, slowest = 0, 0.0
            for seed in range(games_per_scenario):
                won, spent, listed = play(runtime, 200 + seed, side)
                won_here += won
                choices += spent
                legal += listed
                slowest = max([slowest, *spent])
            wins += won_here
            games += games_per_scenario
            print(
                f"lnl.bot_vs_random.{path.stem}.{side}: {won_here}/{games_per_scenario} won, "
                f"slowest action {1000 * slowest:.0f} ms thread CPU"
            )
    print(f"lnl.bot_vs_random_win_rate: {100 * wins / games:.1f} % (budget: ≥ 90 %)")
    print(f"lnl.bot_action_time: {1000 * max(choices):.0f} ms (budget: {BOT_BUDGET_MS:.0f} ms)")
    print(f"lnl.bot_action_time_mean: {1000 * sum(choices) / len(choices):.1f} ms over {len(choices)} choices")
    print(f"lnl.los_across_full_map: {worst_los:.2f} ms (budget: {LOS_BUDGET_MS:.0f} ms)")
    print(f"lnl.legal_commands_mean: {1000 * sum(legal) / len(legal):.1f} ms over {len(legal)} positions")


if __name__ == "__main__":
    main()

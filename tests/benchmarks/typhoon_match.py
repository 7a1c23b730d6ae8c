#!/usr/bin/env python3
"""Operation Typhoon 1941: the bundled bot against itself (or against a random player) on a bundled scenario.

Prints one line per game: the winner, the last turn played, the large-city hexes the Axis counts at the end, each
side's steps on the map, and the bot's slowest choice in CPU seconds. Used to measure the bot and the scenarios'
balance (docs/typhoon-howto.md, balance notes). Not part of ``make bench`` (a campaign game takes minutes)::

    nice -n 10 .venv/bin/python tests/benchmarks/typhoon_match.py typhoon_campaign --games 4 --seed 0
    nice -n 10 .venv/bin/python tests/benchmarks/typhoon_match.py vyazma_gate --random soviet --games 10
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from app.ai.agent import Agent, Budget, RandomAgent  # noqa: E402
from app.core.session import Session  # noqa: E402
from app.systems.typhoon import SYSTEM  # noqa: E402
from app.systems.typhoon.scenario import TyphoonScenario  # noqa: E402
from app.systems.typhoon.state import State  # noqa: E402
from app.systems.typhoon.victory import counted  # noqa: E402

FOLDER = ROOT / "scenarios" / "typhoon"


def steps(state: State, side: str) -> int:
    """Steps of ``side`` on the map (a full two-sided unit is two)."""
    return sum(1 if u.reduced or state.spec(u.id).reduced is None else 2 for u in state.on_map(side))


def game(name: str, seed: int, random_side: str | None, trace: bool) -> tuple[str | None, int, int, float]:
    """One game: (winner, last turn, Axis large-city hexes counted, the bot's slowest choice in CPU seconds)."""
    model = TyphoonScenario.model_validate(json.loads((FOLDER / f"{name}.json").read_text("utf-8")))
    s = Session(SYSTEM, model, seed=seed, folder=FOLDER)
    agents: dict[str, Agent] = {side: SYSTEM.make_agent(side) for side in SYSTEM.info.sides}
    if random_side is not None:
        agents[random_side] = RandomAgent(seed)
    slowest, turn = 0.0, 0
    while (side := s.active_side()) is not None:
        start = time.thread_time()
        choice = agents[side].choose(s, side, Budget(1.0))
        if side != random_side:
            slowest = max(slowest, time.thread_time() - start)
        s.submit(choice.command)
        state: State = s.state
        if trace and state.turn != turn:
            turn = state.turn
            cities, keys = counted(state)
            print(
                f"  turn {turn}: cities {len(cities)} keys {len(keys)} steps axis {steps(state, 'axis')} "
                f"soviet {steps(state, 'soviet')}",
                flush=True,
            )
    outcome = s.outcome()
    final: State = s.state
    return (outcome.winner if outcome else None), final.turn, len(counted(final)[0]), slowest


def main() -> None:
    """Play the games and print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--random", choices=SYSTEM.info.sides, default=None, help="side played by a random player")
    parser.add_argument("--trace", action="store_true", help="print the position at each new turn")
    args = parser.parse_args()
    wins: dict[str | None, int] = {}
    for seed in range(args.seed, args.seed + args.games):
        start = time.time()
        winner, turn, cities, slow = game(args.scenario, seed, args.random, args.trace)
        wins[winner] = wins.get(winner, 0) + 1
        print(
            f"seed {seed}: winner {winner} turn {turn} cities {cities} slowest {slow:.2f} s "
            f"({time.time() - start:.0f} s)",
            flush=True,
        )
    print(f"{args.scenario}: {wins}")


if __name__ == "__main__":
    main()

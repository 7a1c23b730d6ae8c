"""Operation Typhoon 1941 figures: a full turn of bot play, the legal moves of a stack, the bot's time per choice
and its win rate against a random player on every bundled scenario (measured figures: docs/typhoon-howto.md)."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

from app.ai.agent import Budget, RandomAgent
from app.core.session import Session
from app.systems.typhoon import SYSTEM
from app.systems.typhoon import messages as m
from app.systems.typhoon.movement import ROUTES, routes
from app.systems.typhoon.scenario import TyphoonScenario

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "typhoon"


def model(name: str = "vyazma_gate") -> TyphoonScenario:
    """A bundled scenario."""
    return TyphoonScenario.model_validate(json.loads((FOLDER / f"{name}.json").read_text("utf-8")))


def bot_turn(seed: int) -> tuple[float, float]:
    """Both sides played by the bot for the whole first turn: (total seconds, slowest choice)."""
    s = Session(SYSTEM, model(), seed=seed, folder=FOLDER)
    bots = {side: SYSTEM.make_agent(side) for side in SYSTEM.info.sides}
    slowest, start = 0.0, time.perf_counter()
    while s.state.turn == 1 and (side := s.active_side()) is not None:
        t0 = time.perf_counter()
        command = bots[side].choose(s, side, Budget(1.0)).command
        slowest = max(slowest, time.perf_counter() - t0)
        s.submit(command)
    return time.perf_counter() - start, slowest


def stack_moves() -> float:
    """Seconds to list every move of a two-unit stack activated on the first draw (the 4A HQ)."""
    s = Session(SYSTEM, model(), seed=1, folder=FOLDER)
    s.submit(m.SelectCard(side="axis", card="4A"))
    s.submit(m.SelectCard(side="axis", card="2PzA"))
    s.submit(m.SelectCard(side="soviet", card="19A"))
    s.submit(m.SelectCard(side="soviet", card="16A"))
    s.submit(m.DrawCard(side="axis").with_table_input(None, ["4A"]))
    s.submit(m.MoveUnit(side="axis", unit="ger-5i", to=s.state.runtime.hex("0507")))
    start = time.perf_counter()
    rounds = 20
    for _ in range(rounds):
        fresh = replace(s.state)  # a new state object: nothing remembered from the last round
        ROUTES.clear()  # nor reachable hexes remembered by position (movement.ROUTES)
        for uid in ("ger-7pz", "ger-5i"):
            routes(fresh, uid)
    return (time.perf_counter() - start) / rounds


def play(name: str, bot_side: str, seed: int) -> tuple[bool, float]:
    """One game of the bot against a random player: whether the bot won, and its slowest choice in seconds of
    this thread's CPU time (the machine's load does not count)."""
    s = Session(SYSTEM, model(name), seed=seed, folder=FOLDER)
    other = SYSTEM.info.sides[1 - SYSTEM.info.sides.index(bot_side)]
    agents = {bot_side: SYSTEM.make_agent(bot_side), other: RandomAgent(seed)}
    slowest = 0.0
    while (acting := s.active_side()) is not None:
        start = time.thread_time()
        command = agents[acting].choose(s, acting, Budget(1.0)).command
        if acting == bot_side:
            slowest = max(slowest, time.thread_time() - start)
        s.submit(command)
    outcome = s.outcome()
    return outcome is not None and outcome.winner == bot_side, slowest


def win_rate(name: str = "vyazma_gate", games: int = 10) -> tuple[float, float]:
    """Share of games the bot wins against a random player, sides alternating, and its slowest choice."""
    results = [play(name, SYSTEM.info.sides[seed % 2], 100 + seed) for seed in range(games)]
    return 100 * sum(won for won, _ in results) / games, max(slow for _, slow in results)


def main() -> None:
    """Print the figures."""
    turns = [bot_turn(seed) for seed in range(3)]
    print(f"typhoon.bot_full_turn: {1000 * max(t for t, _ in turns):.0f} ms (budget: 4000 ms)")
    print(f"typhoon.bot_choice_max: {1000 * max(w for _, w in turns):.0f} ms (budget: 1000 ms)")
    print(f"typhoon.legal_moves_stack: {1000 * stack_moves():.1f} ms (budget: 20 ms)")
    rate, _slow = win_rate()
    print(f"typhoon.bot_vs_random_win_rate: {rate:.1f} % (budget: ≥ 90 %)")
    for name in ("typhoon_vyazma_bryansk", "typhoon_drive_on_moscow", "typhoon_campaign"):
        rate, slow = win_rate(name, games=4)
        print(f"typhoon.{name}.bot_vs_random_win_rate: {rate:.1f} % (budget: ≥ 90 %)")
        print(f"typhoon.{name}.bot_choice_max_cpu: {1000 * slow:.0f} ms (budget: 1000 ms)")


if __name__ == "__main__":
    main()

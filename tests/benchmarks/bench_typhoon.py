"""Operation Typhoon 1941 figures: a full turn of bot play, the legal moves of a stack, the bot's time per choice
and its win rate against a random player."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

from app.ai.agent import Budget, RandomAgent
from app.core.session import Session
from app.systems.typhoon import SYSTEM
from app.systems.typhoon import messages as m
from app.systems.typhoon.movement import routes
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
        for uid in ("ger-7pz", "ger-5i"):
            routes(fresh, uid)
    return (time.perf_counter() - start) / rounds


def win_rate(games: int = 10) -> float:
    """Share of games the bot wins against a random player, sides alternating."""
    wins = 0
    for seed in range(games):
        side = SYSTEM.info.sides[seed % 2]
        other = SYSTEM.info.sides[1 - seed % 2]
        s = Session(SYSTEM, model(), seed=100 + seed, folder=FOLDER)
        agents = {side: SYSTEM.make_agent(side), other: RandomAgent(seed)}
        while (acting := s.active_side()) is not None:
            s.submit(agents[acting].choose(s, acting, Budget(1.0)).command)
        outcome = s.outcome()
        wins += outcome is not None and outcome.winner == side
    return 100 * wins / games


def main() -> None:
    """Print the figures."""
    turns = [bot_turn(seed) for seed in range(3)]
    print(f"typhoon.bot_full_turn: {1000 * max(t for t, _ in turns):.0f} ms (budget: 4000 ms)")
    print(f"typhoon.bot_choice_max: {1000 * max(w for _, w in turns):.0f} ms (budget: 1000 ms)")
    print(f"typhoon.legal_moves_stack: {1000 * stack_moves():.1f} ms (budget: 20 ms)")
    print(f"typhoon.bot_vs_random_win_rate: {win_rate():.1f} % (budget: ≥ 90 %)")


if __name__ == "__main__":
    main()

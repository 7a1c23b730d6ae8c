"""Benchmark: replay a 1,000-command save (DESIGN §10 budget: 500 ms).

Run with ``.venv/bin/python -m tests.benchmarks.bench_replay``. Uses a real system when the composition
root registers one and a bundled scenario yields a game of 1,000 commands; otherwise the toy system.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from app.core.saves import SaveFile, from_save, to_save
from app.core.session import Session
from app.core.system import GameSystem
from app.scenario.catalog import bundled, open_session
from app.scenario.loading import ScenarioError
from tests.support import real_systems
from tests.toy import SYSTEM, Rest, ToyScenario

COMMANDS = 1000
BUDGET_MS = 500
TOY_LONG: dict[str, Any] = {
    "system": "toy",
    "schema_version": 2,
    "id": "toy-long",
    "title": {"en": "Long toy race"},
    "track_length": 60,
    "turns": 2000,
    "counters": [{"id": f"{side[0]}{i}", "side": side} for side in ("red", "blue") for i in range(4)],
}


def play(session: Session, rng: random.Random, rest_bias: float = 0.0) -> bool:
    """Random legal play up to COMMANDS commands; True if the game lasted that long."""
    while len(session.commands) < COMMANDS:
        if session.outcome() is not None:
            return False
        commands = session.legal_commands()
        if not commands:
            return False
        rests = [c for c in commands if isinstance(c, Rest)]
        session.submit(rests[0] if rests and rng.random() < rest_bias else rng.choice(commands))
    return True


def real_save() -> tuple[SaveFile, Mapping[str, GameSystem], str] | None:
    """A 1,000-command save from a bundled scenario of a real system, if any yields one."""
    systems = real_systems()
    for entry in bundled():
        if entry.system not in systems:
            continue
        for seed in range(1, 4):
            try:
                session = open_session(entry.path, systems, seed=seed)
            except ScenarioError:
                break
            if play(session, random.Random(seed)):
                return to_save(session), systems, f"{entry.system}:{entry.id} seed {seed}"
    return None


def toy_save() -> tuple[SaveFile, Mapping[str, GameSystem], str]:
    """A 1,000-command toy game (mostly rests, so it lasts)."""
    model = ToyScenario.model_validate(TOY_LONG)
    for seed in range(1, 50):
        session = Session(SYSTEM, model, seed=seed)
        if play(session, random.Random(seed), rest_bias=0.85):
            return to_save(session), {"toy": SYSTEM}, f"toy:toy-long seed {seed}"
    raise RuntimeError("no toy game lasted 1,000 commands")


def best_of(save: SaveFile, systems: Mapping[str, GameSystem], runs: int = 3) -> float:
    """Best wall time of ``from_save`` in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        from_save(save, systems)
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def main() -> None:
    """Print the figure."""
    save, systems, source = real_save() or toy_save()
    assert len(save.commands) == COMMANDS
    print(f"replay source: {source} ({len(save.commands)} commands)")
    print(f"replay.1000_commands: {best_of(save, systems):.0f} ms (budget: {BUDGET_MS} ms)")


if __name__ == "__main__":
    main()

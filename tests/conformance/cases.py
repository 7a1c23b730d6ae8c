"""The (system, scenario) pairs every conformance test runs on, loaded once per test session.

The toy system always runs. Real systems come from ``app.__main__.load_systems()`` when the composition
root provides it, paired with their bundled scenarios from :func:`app.scenario.catalog.bundled`.
A system may set ``max_game_steps`` (default 5,000, :func:`app.ai.fuzz.runaway_limit`) to bound how long a random
game may take.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from app.ai.fuzz import runaway_limit
from app.core.session import Session
from app.core.system import GameSystem
from app.scenario.catalog import build_runtime, bundled, load_scenario
from tests.support import TOY_SYSTEMS, real_systems
from tests.support.toy import TOY_SCENARIO


@dataclass(frozen=True)
class Case:
    """One scenario of one system."""

    system_id: str
    path: Path

    @property
    def id(self) -> str:
        """The pytest id."""
        return f"{self.system_id}:{self.path.stem}"


@cache
def all_systems() -> Mapping[str, GameSystem]:
    """Every system under test, by id."""
    return {**real_systems(), **TOY_SYSTEMS}


def discover() -> list[Case]:
    """The toy scenario plus every bundled scenario of a registered system."""
    systems = all_systems()
    cases = [Case("toy", TOY_SCENARIO)]
    cases += [Case(e.system, e.path) for e in bundled() if e.system in systems and e.system != "toy"]
    return cases


CASES = [pytest.param(case, id=case.id) for case in discover()]


@dataclass(frozen=True)
class Loaded:
    """A scenario loaded and built once, ready for many sessions."""

    system: GameSystem
    scenario: BaseModel
    runtime: Any
    folder: Path

    def session(self, seed: int = 1) -> Session:
        """A fresh game."""
        return Session(self.system, self.scenario, seed=seed, folder=self.folder, runtime=self.runtime)

    @property
    def max_steps(self) -> int:
        """How many commands a game may take before it counts as a runaway."""
        return runaway_limit(self.system)


@cache
def load(case: Case) -> Loaded:
    """Load a case's scenario (cached across tests)."""
    system, model = load_scenario(case.path, all_systems())
    return Loaded(system, model, build_runtime(case.path, system, model), case.path.parent)


def random_game(loaded: Loaded, seed: int, steps: int) -> Session:
    """A game played with random legal commands for at most ``steps`` commands (or until it ends)."""
    session = loaded.session(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.outcome() is not None:
            break
        commands = session.legal_commands()
        if not commands:
            break
        session.submit(rng.choice(commands))
    return session

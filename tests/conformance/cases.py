"""The (system, scenario) pairs every conformance test runs on, loaded once per test session.

The systems are the shipped registry plus the toy's registry line (:func:`tests.support.registry_with_toy`),
each paired with its bundled scenarios (:func:`app.scenario.catalog.bundled`; the toy's live in its package).
A system declaring ``HasFuzzHints`` bounds how long a random game may take (default 5,000 commands).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from app.core.capabilities import runaway_limit
from app.core.session import Session
from app.core.system import GameSystem
from app.scenario.catalog import build_runtime, bundled, load_scenario
from tests.support import registry_with_toy
from tests.toy import SCENARIOS as TOY_SCENARIOS


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
    registry = registry_with_toy()
    return {system_id: registry[system_id] for system_id in registry}


def discover() -> list[Case]:
    """Every bundled scenario of a registered system, the toy's first."""
    systems = all_systems()
    return [Case(e.system, e.path) for e in [*bundled(TOY_SCENARIOS), *bundled()] if e.system in systems]


CASES = [pytest.param(case, id=case.id) for case in discover()]


LARGE = 100  # counters at the start
LARGE_BOARD = 400  # locations on the board


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

    @cached_property
    def large(self) -> bool:
        """A campaign-sized scenario (more than LARGE counters at the start, or a board of more than LARGE_BOARD
        locations): the per-step properties are checked
        on fewer steps and one game is played to its end instead of three (the suite's time budget); the full
        random-play run of such a scenario is ``adjutant fuzz``'s job."""
        view = self.session().view(None)
        topology = getattr(view.board, "topology", None)  # the toy draws no board
        return len(view.counters) > LARGE or (topology is not None and len(topology.locations()) > LARGE_BOARD)

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

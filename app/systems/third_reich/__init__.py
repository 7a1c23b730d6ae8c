"""Rise and Fall of the Third Reich (Game Journal) — the rules engine (rule IDs TR-*)."""

from __future__ import annotations

from app.core.system import GameSystem
from app.systems.third_reich.runtime import Runtime
from app.systems.third_reich.state import State
from app.systems.third_reich.system import ThirdReichSystem

SYSTEM: GameSystem[State, Runtime] = ThirdReichSystem()  # mypy checks the system against the contract here

__all__ = ["SYSTEM", "ThirdReichSystem"]

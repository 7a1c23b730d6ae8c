"""Commands & Colors: Ancients — the rules (chapters 1–15 of the core-series rulebook, IDs CCA-*)."""

from __future__ import annotations

from app.core.system import GameSystem
from app.systems.cca.scenario import Runtime
from app.systems.cca.state import State
from app.systems.cca.system import CcaSystem

SYSTEM: GameSystem[State, Runtime] = CcaSystem()  # mypy checks the system against the contract here

__all__ = ["SYSTEM", "CcaSystem"]

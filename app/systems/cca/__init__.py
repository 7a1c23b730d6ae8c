"""Commands & Colors: Ancients — the rules (chapters 1–15 of the core-series rulebook, IDs CCA-*)."""

from __future__ import annotations

from app.systems.cca.system import CcaSystem

SYSTEM = CcaSystem()

__all__ = ["SYSTEM", "CcaSystem"]

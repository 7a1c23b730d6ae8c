"""The squad-level tactical game in the style of Lock 'n Load Tactical (rules: docs/rules/lnl.md, IDs LNL-*)."""

from __future__ import annotations

from app.core.system import GameSystem
from app.systems.lnl.board import Runtime
from app.systems.lnl.state import State
from app.systems.lnl.system import LnlSystem

SYSTEM: GameSystem[State, Runtime] = LnlSystem()  # mypy checks the system against the contract here

__all__ = ["SYSTEM", "LnlSystem"]

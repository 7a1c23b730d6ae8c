"""Zones of control (rulebook §3.2): TY-ZOC-1, TY-ZOC-2, TY-ZOC-3, TY-ZOC-4, TY-ZOC-5."""

from __future__ import annotations

from app.systems.typhoon.position import Recall, enemy_hexes
from app.systems.typhoon.runtime import Hex, Runtime
from app.systems.typhoon.state import State

ZONES: Recall[frozenset[Hex]] = Recall(256)
"""Zones by the hexes that project them: a move by a side's own units leaves its enemy's zone alone."""


def enemy_zoc(state: State, side: str) -> frozenset[Hex]:
    """Hexes in the ZOC of ``side``'s enemies: the six neighbours of every enemy unit, not into closed hexes or
    across prohibited hexsides (TY-ZOC-1, TY-ZOC-2); overlapping zones count once (TY-ZOC-3)."""
    return state.memo(("zoc", side), lambda: _zone(state.runtime, enemy_hexes(state, side)))


def _zone(rt: Runtime, hexes: frozenset[Hex]) -> frozenset[Hex]:
    return ZONES.get((rt, hexes), lambda: frozenset(n for h in hexes for n in rt.facts.links[h]))

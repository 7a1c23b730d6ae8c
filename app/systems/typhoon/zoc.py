"""Zones of control (rulebook §3.2): TY-ZOC-1, TY-ZOC-2, TY-ZOC-3, TY-ZOC-4, TY-ZOC-5."""

from __future__ import annotations

from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, other


def enemy_zoc(state: State, side: str) -> frozenset[Hex]:
    """Hexes in the ZOC of ``side``'s enemies: the six neighbours of every enemy unit, not into closed hexes or
    across prohibited hexsides (TY-ZOC-1, TY-ZOC-2); overlapping zones count once (TY-ZOC-3)."""
    return state.memo(("zoc", side), lambda: _enemy_zoc(state, side))


def _enemy_zoc(state: State, side: str) -> frozenset[Hex]:
    rt = state.runtime
    found: set[Hex] = set()
    for u in state.on_map(other(side)):
        assert u.hex is not None
        found.update(rt.facts.links[u.hex])
    return frozenset(found)

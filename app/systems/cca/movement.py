"""Movement (rulebook chapter 7): CCA-MOVE-1, CCA-MOVE-2, CCA-MOVE-3, CCA-MOVE-4, CCA-MOVE-5, CCA-MOVE-6, CCA-MOVE-7,
CCA-LMOVE-1, CCA-LMOVE-2, CCA-LMOVE-3, CCA-LMOVE-4, CCA-WAR-3, and the card movement changes.

Destinations are found by a breadth-first search over hexes: a unit may not enter or pass through any
other unit or an enemy leader (light foot may pass friends under Order Light Troops / Move-Fire-Move),
stops on entering a lone friendly leader's hex or stopping terrain, and never enters impassable terrain.
"""

from __future__ import annotations

from dataclasses import replace

from app.systems.cca.leaders import lone
from app.systems.cca.orders import enemy_adjacent
from app.systems.cca.state import Hex, Leader, State, Unit
from app.systems.cca.tables import cards
from app.systems.cca.terrain import may_enter, stops, terrain_at


def unit_allowance(state: State, unit: Unit) -> int:
    """Most hexes the unit may move now, with the card's changes (CCA-MOVE-7)."""
    card = cards()[state.turn.card or "two_centre"]
    if card.no_move:
        return 0
    allowance = unit.spec.move + card.move_bonus
    return min(allowance, card.max_move) if card.max_move is not None else allowance


def _passable(state: State, unit: Unit, h: Hex, pass_friends: bool) -> tuple[bool, bool]:
    """(may enter, must stop) for ``unit`` stepping into ``h``."""
    if not may_enter(state, unit.spec, h):
        return False, False
    other = state.unit_at(h)
    lead = state.leader_at(h)
    if lead is not None and lead.side != unit.side:
        return False, False
    if other is not None:
        return (pass_friends and other.side == unit.side), False  # may pass, never end there
    if lead is not None:  # a lone friendly leader: stop and attach (CCA-MOVE-5)
        own = state.attached_leader(unit)
        return own is None or own.id in state.turn.detached, True
    return True, stops(state, unit.spec, h)


def unit_destinations(state: State, unit: Unit, allowance: int | None = None) -> dict[Hex, int]:
    """Hexes the unit may end its move in, with the hexes moved (CCA-MOVE-4, CCA-MOVE-5, CCA-MOVE-6, CCA-MOVE-7,
    CCA-WAR-3)."""
    card = cards()[state.turn.card or "two_centre"]
    pass_friends = card.light_foot_pass and unit.spec.light_foot_missile
    limit = unit_allowance(state, unit) if allowance is None else allowance
    grid = state.runtime.grid
    best: dict[Hex, int] = {}
    frontier = [unit.hex]
    seen = {unit.hex: 0}
    for step in range(1, limit + 1):
        nxt = []
        for h in frontier:
            for n in grid.neighbours(h):
                if n in seen:
                    continue
                ok, stop = _passable(state, unit, n, pass_friends)
                if not ok:
                    continue
                seen[n] = step
                if state.unit_at(n) is None:
                    best[n] = step
                if not stop:
                    nxt.append(n)
        frontier = nxt
    if unit.spec.warrior_charge:
        best = {h: d for h, d in best.items() if d < 2 or _charge_ok(state, unit, h)}
    return best


def _charge_ok(state: State, unit: Unit, h: Hex) -> bool:
    """A warrior's 2-hex move must end next to an enemy unit (CCA-MOVE-7, CCA-WAR-3)."""
    return enemy_adjacent(state, replace(unit, hex=h))


def leader_destinations(state: State, leader: Leader) -> dict[Hex, int]:
    """Where an ordered leader may move: 1–3 hexes through friends, never into enemies or impassable terrain
    (CCA-LMOVE-1, CCA-LMOVE-2, CCA-LMOVE-3, CCA-LMOVE-4, CCA-ORDER-6, CCA-SEA-1, CCA-RIVER-1)."""
    grid = state.runtime.grid
    seen = {leader.hex: 0}
    frontier = [leader.hex]
    best: dict[Hex, int] = {}
    for step in range(1, 4):
        nxt = []
        for h in frontier:
            for n in grid.neighbours(h):
                if n in seen or not grid.contains(n) or terrain_at(state, n).impassable:
                    continue
                unit, other = state.unit_at(n), state.leader_at(n)
                if (unit is not None and unit.side != leader.side) or (other is not None and other.side != leader.side):
                    continue
                seen[n] = step
                nxt.append(n)
                if other is None and (unit is None or unit.id not in state.turn.ordered):
                    best[n] = step
        frontier = nxt
    return best


def apply_move(state: State, piece_id: str, to: Hex, distance: int) -> State:
    """Move a piece (a unit takes its attached leader unless he was ordered on his own, CCA-ORDER-3, CCA-ORDER-4)."""
    unit = state.unit(piece_id)
    if unit is not None:
        lead = state.attached_leader(unit)
        state = state.with_unit(replace(unit, hex=to))
        if lead is not None and lead.id not in state.turn.detached:
            state = state.with_leader(replace(lead, hex=to))
        charged = state.turn.charged + ((unit.id,) if unit.spec.warrior_charge and distance >= 2 else ())
        return state.with_turn(moved=(*state.turn.moved, (piece_id, distance)), charged=charged)
    leader = state.leader(piece_id)
    assert leader is not None
    state = state.with_leader(replace(leader, hex=to))
    return state.with_turn(moved=(*state.turn.moved, (piece_id, distance)))


__all__ = ["apply_move", "leader_destinations", "lone", "unit_allowance", "unit_destinations"]

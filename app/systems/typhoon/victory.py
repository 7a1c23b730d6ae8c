"""Victory (rulebook §14.4): TY-VIC-1, TY-VIC-2, TY-VIC-3, TY-VIC-4, TY-GEN-5, TY-CITY-3."""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State
from app.systems.typhoon.supply import in_supply


def held(state: State, hexes: frozenset[Hex]) -> frozenset[Hex]:
    """Hexes of ``hexes`` the Axis holds: controls (TY-VIC-4), or occupies with ``requires_occupation``."""
    found = hexes & state.axis_hexes
    if state.runtime.model.victory.requires_occupation:
        found = frozenset(h for h in found if state.occupant(h) == "axis")
    return found


def counted(state: State) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """Large-city hexes the Axis holds with an Axis LOC, and the key hexes among them (TY-VIC-1, TY-VIC-2)."""
    rt = state.runtime
    cities = held(state, rt.victory_cities) & in_supply(state, "axis")
    return cities, cities & rt.key_hexes


def mark_key_hexes(state: State) -> State:
    """Remember the first moment the Axis holds the key hexes at once (TY-VIC-2, sticky, OQ-TY-3)."""
    need = state.runtime.model.victory.final_key
    if state.key_flag or not state.runtime.key_hexes or len(held(state, state.runtime.key_hexes)) < need:
        return state
    return replace(state, key_flag=True)


def _sudden_death(state: State, cities: frozenset[Hex], keys: frozenset[Hex]) -> bool:
    spec = state.runtime.model.victory
    return len(cities) >= spec.sudden_death_cities and len(keys) >= spec.sudden_death_key


def check(state: State) -> tuple[str, Text] | None:
    """At the end of a turn: the winner and why, if the game ends now (TY-VIC-1, TY-VIC-2, TY-VIC-3)."""
    spec, rt = state.runtime.model.victory, state.runtime
    if state.turn != spec.sudden_death_turn and state.turn < rt.last_turn:
        return None
    cities, keys = counted(state)
    if state.turn == spec.sudden_death_turn and _sudden_death(state, cities, keys):
        return "axis", t(
            "The Axis holds {n} large-city hexes, {k} of them key hexes: sudden death.", n=len(cities), k=len(keys)
        )
    if state.turn < rt.last_turn:
        return None
    if (state.key_flag or spec.final_key == 0) and len(cities) >= spec.final_cities:
        return "axis", t("The Axis holds {n} large-city hexes with a line of communication.", n=len(cities))
    return "soviet", t("The Axis falls short: {n} large-city hexes held with a line of communication.", n=len(cities))

"""How a move explains itself: every MP it spent, hex by hex, with the rule that charges it (rulebook §9).

TY-MOV-4, TY-MOV-5, TY-MOV-6, TY-MOV-7, TY-MOV-8, TY-MOV-10, TY-MARCH-1, TY-WX-2, TY-WX-6.
"""

from __future__ import annotations

import itertools

from app.core.i18n import t
from app.core.ruling import Modifier, Ruling
from app.systems.typhoon.losses import name
from app.systems.typhoon.movement import Route, allowance, zoc_cost
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, mechanized
from app.systems.typhoon.terrain import enter_parts, terrain_name
from app.systems.typhoon.zoc import enemy_zoc


def move_ruling(state: State, unit_id: str, route: Route) -> Ruling:
    """The ruling of a move about to be made from the unit's hex along ``route`` (``state``: before the move)."""
    unit = state.unit(unit_id)
    assert unit is not None and unit.hex is not None
    ma = allowance(state, unit_id)
    title = t("{unit} to {hex}", unit=name(state, unit_id), hex=state.runtime.label(route.to))
    if route.march:
        note = t("{n} road hexes at ½ MP each, outside enemy zones", n=len(route.path))
        result = t("{cost} MP of {ma} in march mode", cost=route.cost, ma=state.spec(unit_id).movement)
        return Ruling(title=title, rule_id="TY-MARCH-1", result=result, notes=(note,))
    result = t("{cost} MP of {ma}", cost=route.cost, ma=ma)
    return Ruling(title=title, rule_id="TY-MOV-4", modifiers=tuple(_costs(state, unit_id, route)), result=result)


def _costs(state: State, unit_id: str, route: Route) -> list[Modifier]:
    """One modifier per MP charge of a normal move; an unbridged major river (or a mountain division's climb) is
    the whole move (TY-MOV-8, TY-MOV-10)."""
    unit, rt = state.unit(unit_id), state.runtime
    assert unit is not None and unit.hex is not None
    mech, found = mechanized(state.spec(unit_id)), []
    zoc, z = enemy_zoc(state, unit.side), zoc_cost(state, unit.side)
    zrule = "TY-WX-6" if z == 1 else "TY-MOV-6"
    for a, b in itertools.pairwise((unit.hex, *route.path)):
        parts = enter_parts(rt, a, b, mech, state.turn)
        if parts is None or (rt.facts.river(a, b) == "major_river" and not rt.facts.bridged(a, b)):
            rule = "TY-MOV-8" if rt.facts.river(a, b) == "major_river" else "TY-MOV-10"
            found.append(
                Modifier(value=route.halves // 2, reason=t("the whole move: {hex}", hex=rt.label(b)), rule_id=rule)
            )
            continue
        if a in zoc:
            found.append(Modifier(value=z, reason=t("leaving an enemy zone: {hex}", hex=rt.label(a)), rule_id=zrule))
        found += [_part(state, b, kind, mp) for kind, mp in parts]
        if b in zoc:
            found.append(Modifier(value=z, reason=t("entering an enemy zone: {hex}", hex=rt.label(b)), rule_id=zrule))
    return found


def _part(state: State, b: Hex, kind: str, mp: int) -> Modifier:
    """One part of the cost of entering ``b``."""
    label = state.runtime.label(b)
    if kind == "road":
        return Modifier(value=mp, reason=t("{hex}: along the road", hex=label), rule_id="TY-MOV-5")
    if kind == "river":
        return Modifier(value=mp, reason=t("{hex}: across a river", hex=label), rule_id="TY-MOV-7")
    cleared = kind == "light_forest" and state.runtime.facts.terrain.get(b, "clear") == "clear"
    reason = t("{hex}: {terrain}", hex=label, terrain=terrain_name(kind))
    return Modifier(value=mp, reason=reason, rule_id="TY-WX-2" if cleared else "TY-MOV-7")

"""The combat segment: declaring and resolving attacks (rulebook §10.1, §10.2, §10.4).

TY-CBT-1, TY-CBT-2, TY-CBT-3, TY-CBT-4, TY-CBT-5, TY-CBT-6, TY-CBT-7, TY-CRT-1, TY-CRT-2, TY-CRT-3, TY-CRT-4,
TY-CRT-5, TY-CRT-6, TY-ACT-3, TY-ACT-7, TY-HQU-1.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from app.core import flow
from app.core.i18n import Text, t
from app.core.ruling import DieResult, Ruling
from app.systems.typhoon.context import Ctx
from app.systems.typhoon.odds import odds
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import Attack, State, Step, other
from app.systems.typhoon.steps_base import STACK
from app.systems.typhoon.tables import COLUMNS, crt_result, result_effect
from app.systems.typhoon.terrain import crossable, open_hex

ALL_SUBSETS = 4
"""Up to this many eligible attackers, every group of them is offered; beyond it, single units, stacks and all."""


def declared_units(state: State) -> set[str]:
    """Units already committed to an attack this segment (TY-CBT-2)."""
    return {u for a in state.attacks for u in a.units}


def eligible(state: State, target: Hex) -> list[str]:
    """Activated units of the phasing side that may join an attack on ``target`` (TY-CBT-1, TY-CBT-2, TY-CBT-3,
    TY-CBT-6)."""
    rt, busy = state.runtime, declared_units(state)
    if not open_hex(rt, target) or state.occupant(target) != other(state.phasing):
        return []
    found = []
    for uid in state.active:
        unit = state.unit(uid)
        if unit is None or unit.hex is None or uid in busy or unit.side != state.phasing or uid in state.limited:
            continue
        if rt.grid.distance(unit.hex, target) == 1 and crossable(rt, unit.hex, target):
            found.append(uid)
    return found


def targets(state: State) -> list[Hex]:
    """Enemy hexes next to an eligible attacker, not yet attacked this segment (TY-CBT-4)."""
    if state.closed:
        return []
    taken = {a.target for a in state.attacks}
    found: set[Hex] = set()
    for uid in state.active:
        unit = state.unit(uid)
        if unit is None or unit.hex is None:
            continue
        found.update(n for n in state.runtime.grid.neighbours(unit.hex) if state.occupant(n) == other(state.phasing))
    return sorted(h for h in found - taken if eligible(state, h))


def groups(state: State, target: Hex) -> list[tuple[str, ...]]:
    """Groups of attackers offered against ``target`` whose odds reach 1-1 (TY-SHIFT-6)."""
    units = eligible(state, target)
    if len(units) <= ALL_SUBSETS:
        found = [c for k in range(1, len(units) + 1) for c in itertools.combinations(units, k)]
    else:
        stacks: dict[object, list[str]] = {}
        for uid in units:
            stacks.setdefault((state.unit(uid) or None) and state.unit(uid).hex, []).append(uid)  # type: ignore[union-attr]
        found = [(u,) for u in units] + [tuple(s) for s in stacks.values() if len(s) > 1] + [tuple(units)]
    return [g for g in dict.fromkeys(found) if odds(state, g, target).allowed]


def declarable(state: State, units: tuple[str, ...], target: Hex) -> bool:
    """Any group of distinct eligible units may attack a hex not yet attacked, at 1-1 or better (TY-CBT-2,
    TY-CBT-4, TY-SHIFT-6): the legal commands list only some groups when many units are eligible."""
    if state.closed or not units or len(set(units)) != len(units) or target in {a.target for a in state.attacks}:
        return False
    return set(units) <= set(eligible(state, target)) and odds(state, units, target).allowed


def declare(state: State, units: tuple[str, ...], target: Hex, ctx: Ctx) -> State:
    """Declare an attack (TY-CBT-7)."""
    found = odds(state, units, target)
    where = state.runtime.label(target)
    ctx.say(
        t("Attack declared on {hex} at {odds}.", hex=where, odds=found.label),
        "TY-CBT-7",
        t(
            "Mark the attack on {hex}: {a} against {d}, odds {odds}.",
            hex=where,
            a=found.attack,
            d=found.defence,
            odds=found.label,
        ),
    )
    return replace(state, attacks=(*state.attacks, Attack(target, units)))


def resolve(state: State, target: Hex, ctx: Ctx) -> State:
    """Roll for one declared attack and apply the result through the flow's steps (TY-CRT-2)."""
    attack = next(a for a in state.attacks if a.target == target and not a.resolved)
    found = odds(state, attack.units, target)
    column = max(found.column, 0)
    (die,) = ctx.roller.roll(1, t("combat at {hex}", hex=state.runtime.label(target)))
    code = crt_result(column, die)
    defenders = tuple(u.id for u in state.at(target))
    ruling = Ruling(
        title=t("Attack on {hex}: {a} against {d}", hex=state.runtime.label(target), a=found.attack, d=found.defence),
        rule_id="TY-CRT-1",
        dice=(DieResult(natural=die, modified=die, success=code not in ("A1", "A2", "-")),),
        modifiers=found.shifts,
        result=t("{base} shifted to {column}: {result}", base=_column(found.base), column=COLUMNS[column], result=code),
        notes=found.notes,
    )
    ctx.say(
        t("Combat at {hex}: die {die}, {result}.", hex=state.runtime.label(target), die=die, result=code),
        "TY-CRT-1",
        _result_words(code),
        ruling=ruling,
    )
    attacks = tuple(replace(a, resolved=True) if a is attack else a for a in state.attacks)
    state = replace(state, attacks=attacks, closed=True)
    return flow.push(STACK, state, *result_steps(state, attack, defenders, code))


def _result_words(code: str) -> Text:
    """What a CRT result asks of the players at the table (TY-CRT-3, TY-CRT-5, TY-CRT-6)."""
    lost_a, lost_d, hexes = result_effect(code)
    return t(
        "Result {result}: the attacker loses {a} steps; the defender loses {d} steps and retreats {r} hexes.",
        result=code,
        a=lost_a,
        d=lost_d,
        r=hexes,
    )


def _column(index: int) -> str:
    return COLUMNS[index] if index >= 0 else "<1-1"


def result_steps(state: State, attack: Attack, defenders: tuple[str, ...], code: str) -> list[Step]:
    """The steps a CRT result asks for: attacker losses (TY-CRT-3), defender losses and retreats (TY-CRT-5,
    TY-CRT-6), then the advance (TY-ADV-1)."""
    lost_a, lost_d, hexes = result_effect(code)
    attacker, defender = state.phasing, other(state.phasing)
    steps: list[Step] = []
    if lost_a:
        steps.append(Step("loss", attacker, attack.units, lost_a))
    if lost_d:
        steps.append(Step("loss", defender, defenders, lost_d))
    if hexes:
        steps += [Step("retreat", defender, (u,), hexes, attack.target) for u in defenders]
        steps.append(Step("advance", attacker, attack.units, 0, attack.target))
    return steps


def all_resolved(state: State) -> bool:
    """Every declared attack has been resolved."""
    return all(a.resolved for a in state.attacks)

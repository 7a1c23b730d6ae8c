"""Combat strengths, odds and column shifts (rulebook §10.3): TY-ODDS-1, TY-ODDS-2, TY-ODDS-3, TY-ODDS-4,
TY-ODDS-5, TY-ODDS-6, TY-ODDS-7, TY-SHIFT-2, TY-SHIFT-5, TY-SHIFT-6, TY-FORT-1, TY-FORT-2, TY-GEN-3.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from app.core.i18n import Text, t
from app.core.ruling import Modifier
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, attack_value, defence_value, other
from app.systems.typhoon.tables import COLUMNS, RATIOS, crt_result
from app.systems.typhoon.terrain import terrain_shifts, weather_shifts

FORT_BONUS = 4
"""Added once to the Soviet defence in a fortified hex (TY-FORT-1)."""


@dataclass(frozen=True)
class Odds:
    """The odds of one attack as the rules compute them.

    Attributes:
        attack: Attack total after river halving.
        defence: Defence total (fortification included).
        base: Base column index (-1: below 1-1).
        shifts: Every column shift with its reason and rule (negative: left, toward the defender).
        column: Final column index (-1: the attack is not allowed, TY-SHIFT-6).
        notes: How the totals were made.
    """

    attack: int
    defence: int
    base: int
    shifts: tuple[Modifier, ...]
    column: int
    notes: tuple[Text, ...] = ()

    @property
    def allowed(self) -> bool:
        """Final column at least 1-1 (TY-SHIFT-6)."""
        return self.column >= 0

    @property
    def label(self) -> str:
        """The final column's name ("3-1", "10+")."""
        return COLUMNS[self.column] if self.allowed else "<1-1"

    def distribution(self) -> dict[str, Fraction]:
        """Chance of each CRT result for one die (TY-CRT-2)."""
        if not self.allowed:
            return {}
        found = Counter(crt_result(self.column, die) for die in range(1, 7))
        return {code: Fraction(n, 6) for code, n in sorted(found.items(), key=lambda kv: _order(kv[0]))}


def _order(code: str) -> int:
    order = ["A2", "A1", "-", "R", "RR", "1RR", "2RR", "3RR", "4RR"]
    return order.index(code) if code in order else len(order)


def base_column(attack: int, defence: int) -> int:
    """The highest column whose ratio the odds reach, rounding for the defender (TY-ODDS-6, TY-ODDS-7)."""
    if defence <= 0:
        return len(COLUMNS) - 1
    found = -1
    for index, (num, den) in enumerate(RATIOS):
        if attack * den >= num * defence:
            found = index
    return found


def final_column(base: int, net: int) -> int:
    """Apply the net shift once to the base column, capped at 10+ (TY-SHIFT-2, TY-SHIFT-5, TY-SHIFT-6)."""
    return min(base + net, len(COLUMNS) - 1)


def crosses_river(state: State, a: Hex, b: Hex) -> bool:
    """A river or major-river hexside lies between ``a`` and ``b``, bridge or not (TY-ODDS-2)."""
    return state.runtime.facts.river(a, b) is not None


def attack_total(state: State, units: tuple[str, ...], target: Hex) -> tuple[int, list[Text]]:
    """Sum of attack strengths; a unit attacking across a river is halved, fractions dropped (TY-ODDS-1,
    TY-ODDS-2, TY-GEN-3). Per unit by default; ``options.river_halving: "sum"`` halves their sum once."""
    crossing, straight, notes = 0, 0, []
    per_unit = state.runtime.model.options.river_halving == "per_unit"
    for uid in units:
        unit = state.unit(uid)
        assert unit is not None and unit.hex is not None
        value = attack_value(state.spec(uid), unit.reduced)
        if crosses_river(state, unit.hex, target):
            crossing += value // 2 if per_unit else value
            unit_name = state.runtime.unit_name(uid)
            notes.append(
                t("{unit} attacks across a river: {a} halved to {b} (TY-ODDS-2)", unit=unit_name, a=value, b=value // 2)
            )
        else:
            straight += value
    return straight + (crossing if per_unit else crossing // 2), notes


def defence_notes(state: State, target: Hex) -> list[Text]:
    """Defenders that add nothing because they retreated into the hex this segment (TY-ODDS-3)."""
    return [
        t(
            "{unit} retreated here in this combat segment: it adds no defence (TY-ODDS-3)",
            unit=state.runtime.unit_name(u.id),
        )
        for u in state.at(target)
        if u.id in state.retreated
    ]


def defence_total(state: State, target: Hex) -> int:
    """Sum of the defenders' strengths, except units that retreated in this segment (TY-ODDS-3), plus 4 for
    Soviets in a fortified hex (TY-ODDS-5, TY-FORT-1)."""
    here = state.at(target)
    total = sum(defence_value(state.spec(u.id), u.reduced) for u in here if u.id not in state.retreated)
    if here and here[0].side == "soviet" and target in state.runtime.facts.fortified:
        total += FORT_BONUS
    return total


def odds(state: State, units: tuple[str, ...], target: Hex) -> Odds:
    """The odds of ``units`` attacking ``target`` now."""
    attack, notes = attack_total(state, units, target)
    defence = defence_total(state, target)
    defenders = state.at(target)
    attacker = other(defenders[0].side) if defenders else state.phasing
    shifts = [*terrain_shifts(state.runtime, target, state.turn), *weather_shifts(state.runtime, state.turn, attacker)]
    if defenders and defenders[0].side == "soviet" and target in state.runtime.facts.fortified:
        shifts.append(
            Modifier(value=0, reason=t("fortified: +{n} to the Soviet defence", n=FORT_BONUS), rule_id="TY-FORT-1")
        )
    base = base_column(attack, defence)
    column = final_column(base, sum(m.value for m in shifts))
    return Odds(attack, defence, base, tuple(shifts), column, (*notes, *defence_notes(state, target)))

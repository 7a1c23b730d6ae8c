"""What an attack is worth to the automated commander, and where to gather units for one (TY-CBT-7, TY-CRT-1,
TY-RET-6, TY-STK-1).

An attack is scored from the exact CRT column it would reach: each result's chance times the steps the defenders
lose (the result's own losses and what their retreat costs them: every enemy ZOC hex entered, or all their steps
when no way is left), less the attacker's losses, plus the worth of the hex they leave. The assault plan picks the
enemy hex where the activated units that can still move, stacked two a hex around it, reach the best attack.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from app.systems.typhoon.bot_eval import clearing_effect, objectives, plan, rear_threat
from app.systems.typhoon.movement import MAX_STACK
from app.systems.typhoon.odds import base_column, crosses_river, defence_total, final_column
from app.systems.typhoon.retreat import retreat_toll
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, attack_value, other
from app.systems.typhoon.tables import crt_result, result_effect
from app.systems.typhoon.terrain import crossable, open_hex, terrain_shifts, weather_shifts

KILL = 2.0
"""Worth of one enemy step lost."""
OWN_LOSS = {"axis": 1.5, "soviet": 1.0}
"""Cost of one own step lost, by side: Axis losses are hard to replace (TY-REIN-7)."""
PUSH = 0.5
"""Worth of each hex the defenders are pushed back."""
TAKE = {"axis": 1.0, "soviet": 0.0}
"""Worth of a vacated hex to a side that must advance (the Axis: the front moves toward the cities)."""
OBJECTIVE = 2.0
"""Worth of driving the enemy out of a victory hex (TY-VIC-1)."""
REAR = 0.1
"""Worth, to the Axis, of driving off a Soviet unit near its railway, for each Axis unit whose LOC it could cut."""
REAR_MAX = 20
"""Axis units counted at most for :data:`REAR`."""
PER_UNIT = 0.3
"""What committing one more unit costs when groups are compared: it is missing from the next attack."""


def steps_of(state: State, unit_id: str) -> int:
    """Steps a unit has left (a full two-sided unit has two, TY-UNIT-4)."""
    unit = state.unit(unit_id)
    return 1 if unit is None or unit.reduced or state.spec(unit_id).reduced is None else 2


def retreat_cost(state: State, target: Hex, hexes: int) -> int:
    """Steps the defenders of ``target`` lose retreating ``hexes`` hexes now (TY-RET-4, TY-RET-5, TY-RET-6)."""

    def work() -> int:
        total = 0
        for u in state.at(target):
            toll = retreat_toll(state, u.id, hexes)
            total += steps_of(state, u.id) if toll is None else min(toll, steps_of(state, u.id))
        return total

    return state.memo(("bot_retreat", target, hexes), work)


def prize(state: State, side: str, target: Hex) -> float:
    """Worth of the defenders leaving ``target``: an objective, the attacker's supply it reopens, ground, and for the
    Axis the railway the defenders threaten (TY-LOC-6)."""
    rear = REAR * min(rear_threat(state, target), REAR_MAX) if side == "axis" else 0.0
    objective = OBJECTIVE if target in objectives(state) else 0.0
    return objective + clearing_effect(state, side, target) + TAKE[side] + rear


def outcome_value(state: State, side: str, target: Hex, column: int) -> float:
    """Expected worth to ``side`` of attacking ``target`` on CRT column ``column`` (-1: not allowed)."""
    if column < 0:
        return float("-inf")

    def work() -> float:
        steps = sum(steps_of(state, u.id) for u in state.at(target))
        worth, gain = 0.0, prize(state, side, target)
        for code, n in Counter(crt_result(column, die) for die in range(1, 7)).items():
            lost_a, lost_d, hexes = result_effect(code)
            killed = min(steps, lost_d + (retreat_cost(state, target, hexes) if hexes else 0))
            value = KILL * killed - OWN_LOSS[side] * lost_a + (PUSH * hexes + gain if hexes or killed >= steps else 0)
            worth += n / 6 * value
        return worth

    return state.memo(("bot_outcome", side, target, column), work)


def column_for(state: State, side: str, target: Hex, attack: int) -> int:
    """The final CRT column of ``attack`` strength points against ``target`` (TY-ODDS-6, TY-SHIFT-5)."""
    rt = state.runtime
    net = sum(x.value for x in (*terrain_shifts(rt, target, state.turn), *weather_shifts(rt, state.turn, side)))
    return final_column(base_column(attack, defence_total(state, target)), net)


@dataclass
class Assault:
    """Where to gather units against one enemy hex.

    Attributes:
        target: The enemy hex.
        moves: Unit id to the hex next to ``target`` it should attack from (its own hex when already there).
        value: Expected worth of the attack, less :data:`PER_UNIT` for each unit.
        gain: ``value`` less what the units already next to ``target`` would do alone.
        size: Units that will attack, those already in place included.
        column: The CRT column they will reach (TY-ODDS-6).
    """

    target: Hex
    moves: dict[str, Hex] = field(default_factory=dict)
    value: float = 0.0
    gain: float = 0.0
    size: int = 0
    column: int = -1

    def pending(self, state: State) -> list[tuple[str, Hex]]:
        """The moves still to make, strongest unit first."""
        found = [(uid, h) for uid, h in self.moves.items() if (u := state.unit(uid)) is not None and u.hex != h]
        return sorted(found, key=lambda uh: -attack_value(state.spec(uh[0]), _reduced(state, uh[0])))


def _reduced(state: State, unit_id: str) -> bool:
    unit = state.unit(unit_id)
    return unit is not None and unit.reduced


def strength(state: State, unit_id: str, at: Hex, target: Hex) -> int:
    """Attack strength ``unit_id`` brings against ``target`` from ``at``: halved across a river (TY-ODDS-2)."""
    value = attack_value(state.spec(unit_id), _reduced(state, unit_id))
    return value // 2 if crosses_river(state, at, target) else value


def _sides(state: State, side: str, target: Hex) -> list[Hex]:
    """Hexes next to ``target`` an attack may come from: open, crossable, not held by the enemy."""
    rt = state.runtime
    return [
        n
        for n in rt.grid.neighbours(target)
        if open_hex(rt, n) and crossable(rt, n, target) and state.occupant(n) != other(side)
    ]


def fixed_attackers(state: State, side: str, target: Hex, movers: frozenset[str]) -> list[str]:
    """Activated units next to ``target`` that will not move again and may attack it (TY-CBT-1, TY-ACT-3)."""
    still = set(state.active) - movers - set(state.limited)
    return [
        u.id
        for n in _sides(state, side, target)
        for u in state.at(n)
        if u.id in still and state.spec(u.id).symbol != "hq"
    ]


def where(state: State, unit_id: str) -> Hex:
    """The hex of a unit on the map."""
    unit = state.unit(unit_id)
    assert unit is not None and unit.hex is not None
    return unit.hex


def assault(state: State, side: str, target: Hex, reach: dict[str, set[Hex]], taken: frozenset[str]) -> Assault:
    """The best gathering against ``target`` of the units in ``reach`` (each with the hexes it can end in) not in
    ``taken``: strongest first, each into a free place next to ``target`` within its reach (TY-STK-1)."""
    movers = frozenset(reach) - taken
    fixed = fixed_attackers(state, side, target, frozenset(reach))
    room = {n: MAX_STACK - sum(1 for u in state.at(n) if u.id not in movers) for n in _sides(state, side, target)}
    total = sum(strength(state, uid, where(state, uid), target) for uid in fixed)
    base = outcome_value(state, side, target, column_for(state, side, target, total)) if fixed else 0.0
    best = Assault(target, value=max(base, 0.0) - PER_UNIT * len(fixed))
    start, moves = best.value, dict[str, Hex]()
    for uid, places in _offers(state, side, target, {u: reach[u] for u in movers}, room):
        free = [n for n in places if room[n] > 0]
        if not free:
            continue
        at = max(free, key=lambda n: (strength(state, uid, n, target), n == where(state, uid)))
        room[at] -= 1
        moves[uid] = at
        total += strength(state, uid, at, target)
        column = column_for(state, side, target, total)
        value = outcome_value(state, side, target, column) - PER_UNIT * (len(fixed) + len(moves))
        if value > best.value:
            best = Assault(target, dict(moves), value, size=len(fixed) + len(moves), column=column)
    best.gain = best.value - start
    return best


def _offers(
    state: State, side: str, target: Hex, reach: dict[str, set[Hex]], room: dict[Hex, int]
) -> list[tuple[str, list[Hex]]]:
    """Units that can end next to ``target`` in a free, supplied place (or stand there), strongest first."""
    supplied = plan(state, side).supplied
    found = []
    for uid in sorted(reach):
        if state.spec(uid).symbol == "hq":
            continue
        here = where(state, uid)
        places = [n for n in reach[uid] if room.get(n, 0) > 0 and (n in supplied or n == here)]
        power = max((strength(state, uid, n, target) for n in places), default=0)
        if power > 0:
            found.append((power, uid, places))
    return [(uid, places) for _power, uid, places in sorted(found, key=lambda f: -f[0])]

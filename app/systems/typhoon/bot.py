"""The automated commander: a greedy, explainable player (DESIGN §3, "the automated enemy").

Every choice is scored from the rules' own numbers: the exact CRT distribution of each possible attack
(:mod:`app.systems.typhoon.odds`), the distance of each reachable hex to the victory cities, the terrain's
column shifts, both sides' lines of communication (:mod:`app.systems.typhoon.bot_eval`). No dice are peeked at.
"""

from __future__ import annotations

from collections.abc import Sequence

import app.systems.typhoon.messages as m
from app.ai.agent import Budget, Choice
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.session import Session
from app.systems.typhoon.bot_attack import PER_UNIT, Assault, assault, outcome_value, where
from app.systems.typhoon.bot_eval import hex_value, plan, rail_stakes, supply_effect
from app.systems.typhoon.movement import routes
from app.systems.typhoon.odds import odds
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State, Unit, other
from app.systems.typhoon.tables import COLUMNS, result_effect
from app.systems.typhoon.zoc import enemy_zoc

ATTACK_MIN = {"axis": 0.15, "soviet": 0.8}
"""Smallest expected value of an attack the bot declares, by side (the Soviets defend)."""
GATHER_MIN = {"axis": 0.5, "soviet": 1.5}
"""Smallest gain a gathering of units against one hex must promise before units move for it, by side."""
GATHERINGS = 4
"""Gatherings planned in one movement segment at most (each unit joins one)."""
TRIED = 8
"""Moves, best first by their hexes' worth, tried on a copy of the position to see whose supply they cut."""
MIN_GAIN = 0.25
"""Smallest gain a move must bring; below it the unit stays."""


def attack_value(state: State, command: m.DeclareAttack) -> float:
    """Expected worth of a declared attack: the defenders' steps lost (results and retreats), less the attacker's,
    plus the worth of the hex they leave (TY-CRT-3, TY-RET-6, TY-VIC-1, TY-LOC-3)."""
    found = odds(state, command.units, command.target)
    return outcome_value(state, command.side, command.target, found.column) - 0.05 * len(command.units)


class TyphoonBot:
    """An :class:`app.ai.agent.Agent` for either side."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.focus: Hex | None = None
        """The enemy hex units were last gathered against: kept first while the gathering is not complete."""

    def choose(self, session: Session, side: str, budget: Budget) -> Choice:
        """The next command for ``side`` and why."""
        del budget
        state: State = session.state
        legal = list(session.legal_commands(side))
        if not legal:
            raise ValueError(f"no legal command for side {side!r}")
        if state.phase == "move" and not state.steps:
            gathered, committed = self._gather(state, side, legal)
            found = gathered or _move(state, side, legal, committed)
            if found is not None:
                return found
        for chooser in (_decision, _select, _attack, _place):
            found = chooser(state, side, legal)
            if found is not None:
                return found
        return Choice(_pass(legal), t("Nothing worth doing: pass [TY-SEQ-4]."))

    def _gather(self, state: State, side: str, legal: list[Command]) -> tuple[Choice | None, frozenset[str]]:
        """The next move of the best gatherings of activated units around enemy hexes, and the units that already
        stand where a gathering wants them (they stay) (TY-CBT-1, TY-STK-1)."""
        reach: dict[str, set[Hex]] = {}
        for c in legal:
            if isinstance(c, m.MoveUnit) and (unit := state.unit(c.unit)) is not None and unit.hex is not None:
                reach.setdefault(c.unit, {unit.hex}).add(c.to)
        spots = {h for hexes in reach.values() for h in hexes}
        spots |= {u.hex for u in state.on_map(side) if u.id in state.active and u.hex is not None}
        grid, enemy = state.runtime.grid, other(side)
        targets = {n for h in spots for n in grid.neighbours(h) if state.occupant(n) == enemy}
        taken: frozenset[str] = frozenset()
        plans = {h: assault(state, side, h, reach, taken) for h in sorted(targets)}
        for _ in range(GATHERINGS):
            good = [p for p in plans.values() if p.moves and p.gain >= GATHER_MIN[side]]
            if not good:
                break
            best = max(good, key=lambda p: (p.target == self.focus, p.gain))
            pending = best.pending(state)
            if pending:
                self.focus = best.target
                return _gather_move(state, best, pending[0], legal), taken
            taken |= frozenset(best.moves)
            del plans[best.target]
            near = {n for u in best.moves for n in grid.neighbours(where(state, u))}
            for h, p in plans.items():  # only a plan that used these units, or has them next to its hex, changes
                if h in near or set(p.moves) & set(best.moves):
                    plans[h] = assault(state, side, h, reach, taken)
        return None, taken


def _pass(legal: Sequence[Command]) -> Command:
    order = ("ty.draw", "ty.resolve", "ty.end_move", "ty.end_combat", "ty.end_place", "ty.end_withdraw")
    for kind in order:
        found = next((c for c in legal if c.kind == kind), None)
        if found is not None:
            return found
    return legal[0]


def _decision(state: State, side: str, legal: list[Command]) -> Choice | None:
    if not state.steps:
        return None
    step = state.steps[0]
    if step.kind in ("guderian", "guderian_end"):
        play = step.kind == "guderian_end" or (step.card != "SUPPLY" and state.runtime.cards[step.card].side != "axis")
        chosen = next(c for c in legal if isinstance(c, m.PlayGuderian if play else m.DeclineGuderian))
        why = (
            t("Guderian interrupts to act before the Soviets [TY-GUD-3].")
            if play
            else t("Keep Guderian for later [TY-GUD-2].")
        )
        return Choice(chosen, why)
    if step.kind == "advance":
        moves = [c for c in legal if isinstance(c, m.Advance)]
        best = max(moves, key=lambda c: hex_value(state, side, c.path[-1], c.unit), default=None)
        here = state.unit(best.unit) if best is not None else None
        if best is not None and _worth_advancing(state, side, best, here):
            return Choice(best, t("Advance toward the objective [TY-ADV-1]."))
        return Choice(next(c for c in legal if isinstance(c, m.EndAdvance)), t("Hold the line: no advance [TY-ADV-4]."))
    return Choice(legal[0], t("Take the default: the least costly loss or the retreat toward supply [TY-RET-8]."))


def _worth_advancing(state: State, side: str, command: m.Advance, unit: Unit | None) -> bool:
    if unit is None or unit.hex is None:
        return False
    slack = 1.0 if side == "axis" else 0.0
    return hex_value(state, side, command.path[-1], unit.id) > hex_value(state, side, unit.hex, unit.id) - slack


def _select(state: State, side: str, legal: list[Command]) -> Choice | None:
    picks = [c for c in legal if isinstance(c, m.SelectCard)]
    if not picks:
        return None
    waiting = any(u.box in ("reserve", "withdrawn") and u.side == side for u in state.units)
    zoc = enemy_zoc(state, side)

    def worth(c: m.SelectCard) -> float:
        card = state.runtime.cards[c.card]
        if card.kind == "reinf":
            return 5.0 if waiting else 0.1
        near = _in_range(state, side, card.hq or "")
        front = sum(1 for u in near if u.hex in zoc)
        return len(near) + 0.5 * front + (1.0 if c.hold else 0.0)

    best, rt = max(picks, key=worth), state.runtime
    card = rt.cards[best.card]
    if card.kind == "reinf":
        return Choice(best, t("Choose the REINF card: units wait to enter the map [TY-CMD-4]."), worth(best))
    if best.hold:
        return Choice(best, t("Keep Guderian in hand to interrupt a Soviet card later [TY-GUD-1]."), worth(best))
    n = len(_in_range(state, side, card.hq or ""))
    return Choice(best, t("Choose {card}: it activates {n} units [TY-CMD-4].", card=rt.card_name(best.card), n=n))


def _in_range(state: State, side: str, hq_id: str, at: Hex | None = None) -> list[Unit]:
    """Units of ``side`` an HQ's card would activate now, or with the HQ at ``at`` (TY-ACT-1, TY-ACT-5)."""
    hq = state.unit(hq_id)
    centre = at or (hq.hex if hq is not None else None)
    if centre is None:
        return []
    reach, grid = state.spec(hq_id).command_range or 0, state.runtime.grid
    return [
        u for u in state.on_map(side) if u.hex is not None and u.id != hq_id and grid.distance(u.hex, centre) <= reach
    ]


def _gather_move(state: State, plan: Assault, step: tuple[str, Hex], legal: list[Command]) -> Choice:
    """The move that brings one unit of ``plan`` next to its target (normal movement when it reaches)."""
    uid, to = step
    moves = [c for c in legal if isinstance(c, m.MoveUnit) and c.unit == uid and c.to == to]
    command = min(moves, key=lambda c: c.march)
    words: dict[str, str | int | float] = {"hex": state.runtime.label(plan.target), "n": plan.size}
    words |= {"odds": COLUMNS[plan.column], "v": round(plan.value, 1)}
    if plan.size == 1:
        why = t("Move next to {hex} to attack it alone at {odds}, worth {v} [TY-CBT-7].", **words)
    else:
        why = t("Gather {n} units next to {hex} to attack it together at {odds}, worth {v} [TY-CBT-7].", **words)
    return Choice(command, why, plan.gain)


def _move(state: State, side: str, legal: list[Command], committed: frozenset[str] = frozenset()) -> Choice | None:
    """The move that gains most: its hexes' worth (objectives, supply, cover), then, for the best few, the enemy
    units it cuts off and the own units it leaves without a LOC (TY-LOC-1, TY-SUP-1). ``committed`` units stay
    where a gathering wants them."""
    scored = []
    for c in legal:
        unit = state.unit(c.unit) if isinstance(c, m.MoveUnit) else None
        if isinstance(c, m.MoveUnit) and unit is not None and unit.hex is not None and c.unit not in committed:
            gain = hex_value(state, side, c.to, c.unit) - hex_value(state, side, unit.hex, c.unit)
            scored.append((gain, c, unit))
    scored.sort(key=lambda gc: -gc[0])
    best, gain, cut = None, MIN_GAIN, 0.0
    for base, c, _unit in scored[:TRIED]:
        path = next(r.path for r in routes(state, c.unit) if r.to == c.to and r.march == c.march)
        effect = supply_effect(state, side, c.unit, path)
        if base + effect > gain:
            best, gain, cut = c, base + effect, effect
    if best is None:
        return None
    if state.spec(best.unit).symbol == "hq":
        n = len(_in_range(state, side, best.unit, best.to))
        why = t("Move the HQ where its command range takes in {n} units for its next card [TY-ACT-5].", n=n)
    elif cut > 0:
        why = t("Move to cut enemy units off from supply (gain {g}) [TY-SUP-1].", g=round(gain, 1))
    elif best.to in plan(state, side).guard:
        label, n = state.runtime.label(best.to), rail_stakes(state)[best.to]
        why = t(
            "Guard the railway at {hex}, near the enemy: {n} units draw their LOC through it [TY-LOC-6].",
            hex=label,
            n=n,
        )
    else:
        why = t("Move toward the objectives, keeping a line of communication (gain {g}) [TY-LOC-1].", g=round(gain, 1))
    return Choice(best, why, gain)


def _attack(state: State, side: str, legal: list[Command]) -> Choice | None:
    declares = [c for c in legal if isinstance(c, m.DeclareAttack)]
    declares = [c for c in declares if all(state.spec(u).symbol != "hq" for u in c.units)]  # HQs do not risk attacks
    scored = [(attack_value(state, c), c) for c in declares]
    scored = [(v, c) for v, c in scored if v >= ATTACK_MIN[side]]
    if scored:
        value, best = max(scored, key=lambda vc: (vc[0] - PER_UNIT * len(vc[1].units), -len(vc[1].units)))
        return Choice(best, _attack_reason(state, best, value), value)
    resolve = next((c for c in legal if isinstance(c, m.ResolveAttack)), None)
    if resolve is not None:
        return Choice(resolve, t("Resolve the declared attack [TY-CRT-2]."))
    return None


def _attack_reason(state: State, command: m.DeclareAttack, value: float) -> Text:
    """Why this attack: the odds, the chance the defenders must leave the hex, the expected worth."""
    found = odds(state, command.units, command.target)
    leave = sum(p for code, p in found.distribution().items() if result_effect(code)[2] > 0)
    if len(command.units) == 1:
        return t(
            "Attack {hex} with one unit at {odds}: the defenders leave it {p} % of the time; expected worth {v} "
            "[TY-CBT-7].",
            hex=state.runtime.label(command.target),
            odds=found.label,
            p=round(100 * leave),
            v=round(value, 1),
        )
    return t(
        "Attack {hex} with {n} units at {odds}: the defenders leave it {p} % of the time; expected worth {v} "
        "[TY-CBT-7].",
        hex=state.runtime.label(command.target),
        n=len(command.units),
        odds=found.label,
        p=round(100 * leave),
        v=round(value, 1),
    )


def _place(state: State, side: str, legal: list[Command]) -> Choice | None:
    places = [c for c in legal if isinstance(c, m.PlaceUnit)]
    if not places:
        guards = next((c for c in legal if isinstance(c, m.ConvertGuards)), None)
        return Choice(guards, t("Convert a rifle division into Guards [TY-OPT-GRD-1].")) if guards else None
    enemies = [u.hex for u in state.on_map(other(side)) if u.hex is not None]
    grid = state.runtime.grid

    def worth(c: m.PlaceUnit) -> float:
        front = min((grid.distance(c.at, e) for e in enemies), default=0)
        return hex_value(state, side, c.at) - 0.2 * front + (2.0 if c.at in state.runtime.moscow else 0.0)

    best = max(places, key=worth)
    return Choice(best, t("Bring the reinforcement in near the front [TY-REIN-3]."))

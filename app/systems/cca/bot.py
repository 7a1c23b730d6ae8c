"""The automated general: a greedy, explainable player of whole orders (DESIGN §3 "the automated enemy").

Every choice is scored from the rules' own numbers — the exact hit distribution of each possible battle
(:func:`describe.odds`), the move destinations and the order quotas — never from peeking at future dice:
battles are valued by expectation, and only dice-free commands (moves, orders) are simulated.
"""

from __future__ import annotations

from collections.abc import Sequence

import app.systems.cca.messages as m
from app.ai.agent import Budget, Choice
from app.core.i18n import t
from app.core.messages import Command
from app.core.session import Session
from app.systems.cca.describe import odds
from app.systems.cca.orders import may_order, pieces
from app.systems.cca.state import Hex, State, Unit
from app.systems.cca.turn import apply_command, battle_targets, legal, may_battle

ATTACK_THRESHOLD = 0.2
BANNER_VALUE = 2.0  # a banner gained by moving (objective, leaving the board) weighs like a likely kill


def attack_value(state: State, unit: Unit, target: Hex) -> float:
    """Expected blocks removed, plus a premium for a likely kill and for flags."""
    _, hits, flag = odds(state, unit.id, target)
    victim = state.unit_at(target)
    blocks = victim.blocks if victim is not None else 1
    expected = sum(min(k, blocks) * p for k, p in enumerate(hits))
    kill = sum(p for k, p in enumerate(hits) if k >= blocks)
    return expected + 2.0 * kill + 0.3 * flag


def best_attack(state: State, unit: Unit) -> tuple[float, Hex | None]:
    """The most valuable battle ``unit`` could declare now."""
    best: tuple[float, Hex | None] = (0.0, None)
    for target in battle_targets(state, unit):
        value = attack_value(state, unit, target)
        if value > best[0]:
            best = (value, target)
    return best


def nearest_enemy(state: State, unit: Unit) -> int:
    """Hex distance to the closest enemy unit."""
    grid = state.runtime.grid
    return min((grid.distance(unit.hex, u.hex) for u in state.units if u.side != unit.side), default=0)


def potential(state: State, unit: Unit) -> float:
    """How useful an order to ``unit`` looks (closer to the enemy is better)."""
    d = nearest_enemy(state, unit)
    return 1.0 / (1 + max(0, d - unit.spec.move)) + (0.5 if d == 1 else 0.0)


def _apply(state: State, command: Command) -> State:
    return apply_command(state, command)[0]


class CcaBot:
    """Greedy bot: best card by reachable targets, orders by potential, moves and battles by expected hits."""

    def choose(self, session: Session, side: str, budget: Budget) -> Choice:
        """Choose one legal command for ``side`` within ``budget`` (raises ``Cancelled`` when cancelled)."""
        return choose(session.state, side, budget)


def choose(state: State, side: str, budget: Budget | None = None) -> Choice:
    """The bot's command for ``state`` and why; out of time, the best command found so far."""
    budget = budget or Budget(60.0)
    options = legal(state)
    if not options:
        raise ValueError(f"no legal command for {side!r}")
    if state.tasks:
        return _task_choice(state, options)
    if state.phase == "card":
        return _card_choice(state, options, budget)
    if state.phase == "order":
        return _order_choice(state, options)
    if state.phase == "move":
        return _move_choice(state, options, budget)
    if state.phase == "battle":
        return _battle_choice(state, options)
    return Choice(options[0], t("Only choice."))


def _card_choice(state: State, options: Sequence[Command], budget: Budget) -> Choice:
    best: tuple[float, Command] = (-1.0, options[0])
    for command in options:
        if budget.expired():
            break
        after = _apply(state, command)
        value = sum(_greedy_orders(after))
        if value > best[0]:
            best = (value, command)
    return Choice(best[1], t("Card whose orders reach the most enemies (score {s})", s=f"{best[0]:.2f}"), best[0])


def _greedy_orders(state: State) -> list[float]:
    values: list[float] = []
    for _ in range(8):
        if state.phase != "order":
            break
        scored = [
            (potential(state, p), p.id)
            for p in pieces(state, state.active)
            if isinstance(p, Unit) and may_order(state, p)
        ]
        if not scored:
            break
        value, piece = max(scored)
        values.append(value)
        state = _apply(state, m.OrderUnit(side=state.active, piece=piece))
    return values


def _order_choice(state: State, options: Sequence[Command]) -> Choice:
    scored = []
    for command in options:
        if isinstance(command, m.OrderUnit) and (unit := state.unit(command.piece)) is not None:
            scored.append((potential(state, unit), command))
    if scored:
        value, command = max(scored, key=lambda x: x[0])
        return Choice(command, t("Order the unit closest to battle (score {s})", s=f"{value:.2f}"), value)
    return Choice(options[-1], t("No more useful orders."))


def _position_value(state: State, unit: Unit) -> float:
    value, _ = best_attack(state, unit)
    return value - 0.05 * nearest_enemy(state, unit)


def _move_choice(state: State, options: Sequence[Command], budget: Budget) -> Choice:
    best: tuple[float, Command | None, int] = (0.01, None, 0)
    for command in options:
        if budget.expired():
            break
        if not isinstance(command, m.Move | m.ExitBoard) or (unit := state.unit(command.piece)) is None:
            continue
        here = _position_value(state, unit) if may_battle(state, unit) else -0.05 * nearest_enemy(state, unit)
        after = _apply(state, command)
        banners = after.total_banners(unit.side) - state.total_banners(unit.side)
        moved = after.unit(unit.id)
        gain = BANNER_VALUE * banners + (_position_value(after, moved) if moved is not None else 0.0) - here
        if after.winner == unit.side:
            gain += 100.0
        if gain > best[0]:
            best = (gain, command, banners)
    gain, chosen, banners = best
    if chosen is None:
        return Choice(options[-1], t("No move improves the attack."))
    g = f"{gain:.2f}"
    if isinstance(chosen, m.ExitBoard):
        why = t("Leave the battlefield for {n} banner(s) (gain {g}) [CCA-MOVE-3]", n=banners, g=g)
    elif banners > 0:
        why = t("Take an objective for {n} banner(s) (gain {g}) [CCA-VICTORY-3]", n=banners, g=g)
    else:
        why = t("Move to the best attack position (gain {g})", g=g)
    return Choice(chosen, why, gain)


def _battle_choice(state: State, options: Sequence[Command]) -> Choice:
    best: tuple[float, Command | None] = (ATTACK_THRESHOLD, None)
    for command in options:
        if isinstance(command, m.Battle) and (unit := state.unit(command.unit)) is not None:
            value = attack_value(state, unit, command.target)
            if value > best[0] or not any(isinstance(c, m.EndTurn) for c in options):
                best = (max(value, best[0]), command)
    if best[1] is None:
        return Choice(options[-1], t("No battle worth its risk."))
    return Choice(best[1], t("Best expected damage (score {s}) [CCA-HIT-1]", s=f"{best[0]:.2f}"), best[0])


def _task_choice(state: State, options: Sequence[Command]) -> Choice:
    if isinstance(options[0], m.IgnoreFlags):
        return Choice(options[0], t("Ignore every flag it may [CCA-BOLSTER-1]."))
    for kind in (m.Advance, m.BattleBack):
        found = [c for c in options if isinstance(c, kind)]
        if found:
            what = t("Always advance [CCA-MOMENTUM-1].") if kind is m.Advance else t("Always battle back [CCA-BACK-1].")
            return Choice(found[0], what)
    strikes = [c for c in options if isinstance(c, m.FirstStrike)]
    if strikes:
        return Choice(strikes[0], t("Strike first before the attacker rolls [CCA-CARD-4]."))
    evades = [c for c in options if isinstance(c, m.Evade)]
    if evades:
        unit = state.unit(evades[0].unit)
        if unit is not None and (unit.blocks <= 2 or unit.spec.colour == "green"):
            return Choice(evades[0], t("Evade to save a weak unit [CCA-EVADE-1]."))
        return Choice(next(c for c in options if isinstance(c, m.Stand)), t("Stand and battle back."))
    battles = [c for c in options if isinstance(c, m.Battle)]
    if battles:
        return _battle_choice(state, options)
    evading = [c for c in options if isinstance(c, m.LeaderEvade) and not c.off_board]
    if evading:
        pick = max(evading, key=lambda c: state.unit_at(c.path[-1]) is not None)
        return Choice(pick, t("Evade to a friendly unit."))
    return Choice(options[-1] if isinstance(options[-1], m.Decline) else options[0], t("Default choice."))

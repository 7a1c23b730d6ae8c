"""Resolving the steps of a battle in order (rulebook chapter 10 procedure, CCA-CC-2, CCA-HIT-8).

The battle steps are steps of the core flow (``app.core.flow``): :class:`BattleSteps` tells it, for each pending
:class:`Task`, the commands that decide it (``choices``), whether it waits for its owner's decision, how it resolves
and how the decision is worded; the core settles the steps that need no decision and builds the pending decision
every view carries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import app.systems.cca.messages as m
from app.core import flow
from app.core.flow import Decision, Prompt
from app.core.i18n import t
from app.core.messages import Command
from app.systems.cca.close import (
    BONUS,
    NO_BACK,
    NO_MOMENTUM,
    attack,
    battle_back,
    close_targets,
    may_battle_back,
    may_first_strike,
)
from app.systems.cca.combat import retreat_hexes
from app.systems.cca.draw import draw_card
from app.systems.cca.evade import bonus_allowed, evade_options, leader_evade, leader_paths, no_path
from app.systems.cca.messages import Ctx
from app.systems.cca.movement import unit_destinations
from app.systems.cca.retreat import elephant_step, finish_retreat, move_unit, outcomes, rampage
from app.systems.cca.state import TASKS, State, Task, TaskStack, Unit
from app.systems.cca.tables import class_name
from app.systems.cca.terrain import stops
from app.systems.cca.victory import check_victory
from app.systems.cca.view import piece_name, side_name

ALWAYS_ASK = ("battle_back", "momentum", "bonus", "extra_hex", "move_after_fire")  # optional steps: even one option


def _drop(state: State) -> State:
    return flow.pop(TASKS, state)


def _push(state: State, *tasks: Task) -> State:
    return flow.goto(TASKS, state, *tasks)


@dataclass(frozen=True)
class BattleSteps(TaskStack):
    """The battle steps on the core flow (``app.core.flow.StepRules``); ``ctx`` collects what resolving says."""

    ctx: Ctx | None = None

    def options(self, state: State, step: Task) -> Sequence[Command]:
        """The commands that decide ``step``."""
        return choices(state, step)

    def waits(self, state: State, step: Task, options: Sequence[Command]) -> bool:
        """A real choice waits; an optional step waits even with one option (to take it or decline it)."""
        return len(options) > 1 or (len(options) == 1 and step.kind in ALWAYS_ASK)

    def act(self, state: State, step: Task, command: Command | None) -> State:
        """Resolve ``step``; the game may be won on the spot (CCA-VICTORY-1)."""
        assert self.ctx is not None, "resolving a battle step needs a context"
        return check_victory(resolve(state, self.ctx, step, command), self.ctx)

    def finished(self, state: State) -> bool:
        """Whether a side has won."""
        return state.winner is not None

    def prompt(self, state: State, step: Task) -> Prompt:
        """The question ``step`` asks its owner."""
        return prompt(state, step)


def settle(state: State, ctx: Ctx) -> State:
    """Resolve every pending step that needs no decision; stop at the first one that does."""
    return flow.settle(BattleSteps(ctx), state)


def decide(state: State, ctx: Ctx, command: Command) -> State:
    """Resolve the waiting step with the player's command (one of ``choices``)."""
    return flow.decide(BattleSteps(ctx), state, command)


def pending(state: State) -> Decision | None:
    """The decision the battle waits for, for every viewer."""
    from app.systems.cca.describe import describe

    return flow.pending_decision(BattleSteps(), state, lambda c: describe(state, c).label)


def prompt(state: State, task: Task) -> Prompt:
    """How a waiting battle step is worded (pieces by class and hex, never raw ids, D15)."""
    name, other = piece_name(state, task.subject), piece_name(state, task.other or task.subject)
    texts = {
        "evade": (t("{unit} is attacked by {other}: evade or stand?", unit=name, other=other), "CCA-EVADE-1"),
        "first_strike": (t("{unit} is attacked by {other}: how does it meet it?", unit=name, other=other), "CCA-CC-2"),
        "retreat": (t("{unit} must retreat: choose the hex.", unit=name), "CCA-RETREAT-1"),
        "leader_evade": (t("{leader} must evade: choose where.", leader=name), "CCA-LEADER-6"),
        "battle_back": (t("{unit} may battle back against {other}.", unit=name, other=other), "CCA-BACK-1"),
        "momentum": (t("{unit} may advance into the vacated hex.", unit=name), "CCA-MOMENTUM-1"),
        "extra_hex": (t("{unit} may move 1 more hex.", unit=name), "CCA-MOMENTUM-2"),
        "move_after_fire": (t("{unit} may move 1 hex after firing.", unit=name), "CCA-CARD-4"),
        "bonus": (t("{unit} may make a bonus close combat.", unit=name), "CCA-BONUS-1"),
        "bolster": (
            t("{unit} may ignore up to {n} of {f} flag(s): how many?", unit=name, n=task.extra, f=task.amount),
            "CCA-BOLSTER-1",
        ),
    }
    text, rule_id = texts.get(task.kind, (t("{unit}: decide.", unit=name), "CCA-CC-2"))
    secret = task.kind in ("evade", "first_strike") and any(isinstance(c, m.FirstStrike) for c in choices(state, task))
    return Prompt(text, rule_id, task.subject, private=secret)  # the opponent does not see a First Strike card in hand


def choices(state: State, task: Task) -> list[Command]:
    """Commands that decide ``task`` (empty: it resolves by itself)."""
    s, u = task.side, task.subject
    unit = state.unit(u)
    if task.kind in ("evade", "first_strike") and unit is not None:
        evades = sorted(evade_options(state, unit)) if task.kind == "evade" else []
        first = [m.FirstStrike(side=s, unit=u)] if may_first_strike(state, unit) else []
        return [m.Stand(side=s, unit=u), *(m.Evade(side=s, unit=u, to=h) for h in evades), *first]
    if task.kind == "retreat" and unit is not None:
        if unit.spec.elephant:
            options = _elephant_options(state, task)
            return [m.Retreat(side=s, unit=u, to=h) for h in options] if len(options) > 1 else []
        found = outcomes(state, unit, task.amount)
        return [m.Retreat(side=s, unit=u, to=h) for h in sorted(found)] if len(found) > 1 else []
    if task.kind == "leader_evade" and (leader := state.leader(u)) is not None:
        paths = leader_paths(state, leader)
        return [m.LeaderEvade(side=s, leader=u, path=p, off_board=o) for p, o in paths] if len(paths) > 1 else []
    if unit is None:
        return []
    if task.kind == "bolster":  # the most first: the default (D5)
        return [m.IgnoreFlags(side=s, unit=u, flags=n) for n in range(task.extra, -1, -1)]
    return _optional_choices(state, task, unit)


def _optional_choices(state: State, task: Task, unit: Unit) -> list[Command]:
    """Take or decline an optional step (CCA-BACK-1, CCA-MOMENTUM-1, CCA-MOMENTUM-2, CCA-BONUS-1, CCA-CARD-4)."""
    s, u = task.side, task.subject
    if task.kind == "battle_back":
        return [m.BattleBack(side=s, unit=u), m.Decline(side=s, unit=u, step="battle_back")]
    if task.kind == "momentum":
        return [m.Advance(side=s, unit=u), m.Decline(side=s, unit=u, step="momentum")]
    if task.kind in ("extra_hex", "move_after_fire"):
        dests = unit_destinations(state, unit, allowance=1)
        return [*(m.ExtraMove(side=s, unit=u, to=h) for h in sorted(dests)), m.Decline(side=s, unit=u, step=task.kind)]
    if task.kind == "bonus":
        return [
            *(m.Battle(side=s, unit=u, target=h) for h in sorted(close_targets(state, unit))),
            m.Decline(side=s, unit=u, step="bonus"),
        ]
    return []


def _bolster(state: State, ctx: Ctx, task: Task, command: Command | None) -> State:
    """Ignore the flags the owner chose, retreat for the rest at once (CCA-BOLSTER-1, CCA-RETREAT-1)."""
    unit = state.unit(task.subject)
    assert unit is not None
    state = _drop(state)
    ignored = command.flags if isinstance(command, m.IgnoreFlags) else task.extra
    if ignored:
        text = t("{cls} ignores {n} flag(s).", cls=class_name(unit.cls), n=ignored)
        ctx.say("flags_ignored", text, "CCA-BOLSTER-1", at=(unit.hex,))
    left = task.amount - ignored
    if not left:
        return state
    return _push(state, Task("retreat", unit.side, unit.id, amount=retreat_hexes(unit, left, task.other or None)))


def _elephant_options(state: State, task: Task) -> list[tuple[int, int]]:
    from app.systems.cca.combat import free_rear

    unit = state.unit(task.subject)
    return [] if unit is None or task.extra == 0 else free_rear(state, unit, unit.hex)


def resolve(state: State, ctx: Ctx, task: Task, command: Command | None) -> State:
    """Resolve the first task with the deciding command (``None``: it needs none)."""
    unit = state.unit(task.subject)
    if task.kind == "leader_evade":
        return _leader_evade(state, ctx, task, command)
    if unit is None:
        return _drop(state)
    if task.kind in ("evade", "first_strike"):
        return _evade(state, ctx, task, command)
    if task.kind == "struck_first":
        return _after_first_strike(state, ctx, task)
    if task.kind == "retreat":
        return _retreat(state, ctx, task, command)
    if task.kind == "bolster":
        return _bolster(state, ctx, task, command)
    if task.kind == "after_attack":
        return _after_attack(state, task)
    if task.kind == "extra_hex" and not isinstance(command, m.ExtraMove):
        return _offer_bonus(_drop(state), task)
    if isinstance(command, m.Decline) or command is None:
        return _drop(state)
    return _decided(state, ctx, task, command)


def _decided(state: State, ctx: Ctx, task: Task, command: Command) -> State:
    unit = state.unit(task.subject)
    assert unit is not None
    if isinstance(command, m.BattleBack):
        return battle_back(_drop(state), ctx, task.subject, task.other)
    if isinstance(command, m.Advance):
        assert task.origin is not None
        state = move_unit(_drop(state), unit, task.origin)
        ctx.say(
            "advanced", t("{cls} advances.", cls=class_name(unit.cls)), "CCA-MOMENTUM-1", at=(unit.hex, task.origin)
        )
        follow = []
        moved = state.unit(unit.id)
        stopped = stops(state, unit.spec, task.origin)  # forest, ford, broken ground end the advance there
        if unit.spec.cavalry_extra_hex and not task.extra & BONUS and not stopped:
            follow.append(Task("extra_hex", task.side, unit.id, extra=task.extra))
        elif moved is not None and not task.extra & BONUS and bonus_allowed(state, moved):
            follow.append(Task("bonus", task.side, unit.id))
        return flow.push(TASKS, state, *follow)
    if isinstance(command, m.ExtraMove):
        state = move_unit(_drop(state), unit, command.to)
        ctx.say(
            "moved",
            t("{cls} moves 1 more hex.", cls=class_name(unit.cls)),
            "CCA-MOMENTUM-2",
            at=(unit.hex, command.to),
        )
        return _offer_bonus(state, task) if task.kind == "extra_hex" else state
    if isinstance(command, m.Battle):
        from app.systems.cca.close import declare

        state = replace(_drop(state).with_turn(bonus_used=(*state.turn.bonus_used, unit.id)), checked=())
        return declare(state, ctx, unit, command.target, bonus=True)
    return _drop(state)


def _offer_bonus(state: State, task: Task) -> State:
    """After cavalry's extra hex, taken, declined or impossible, the bonus close combat is still open
    (CCA-MOMENTUM-2: the extra hex is optional; CCA-BONUS-1: cavalry may make one bonus close combat)."""
    moved = state.unit(task.subject)
    if moved is not None and bonus_allowed(state, moved):
        return flow.push(TASKS, state, Task("bonus", task.side, moved.id))
    return state


def _evade(state: State, ctx: Ctx, task: Task, command: Command | None) -> State:
    unit = state.unit(task.subject)
    assert unit is not None
    state = _drop(state)
    if isinstance(command, m.FirstStrike):
        return _first_strike(state, ctx, task)
    if isinstance(command, m.Evade):
        ctx.say("evaded", t("{cls} evades.", cls=class_name(unit.cls)), "CCA-EVADE-4", at=(unit.hex, command.to))
        state = move_unit(state, unit, command.to)
        return attack(state, ctx, task.other, unit.id, task.extra | NO_MOMENTUM, evaded_from=task.origin)
    return attack(state, ctx, task.other, unit.id, task.extra)


def _first_strike(state: State, ctx: Ctx, task: Task) -> State:
    """The attacked unit's owner plays First Strike: discard it, draw a replacement, battle first (D14)."""
    from app.systems.cca.tables import cards

    card = next(c for c in state.hand(task.side) if cards()[c].tactic == "first_strike")
    hand = list(state.hand(task.side))
    hand.remove(card)
    state = replace(state.with_hand(task.side, tuple(hand)), discard=(*state.discard, card))
    ctx.say(
        "played", t("{side} plays {card}.", side=side_name(state, task.side), card=cards()[card].name), "CCA-CARD-4"
    )
    state = draw_card(state, ctx, task.side)
    attacker = state.unit(task.other)
    assert attacker is not None
    rest, state = flow.set_aside(TASKS, state)
    state = battle_back(state, ctx, task.subject, task.other, first=True)
    after = Task("struck_first", attacker.side, attacker.id, other=task.subject, extra=task.extra, origin=attacker.hex)
    return flow.resume(TASKS, state, rest, after)


def _after_first_strike(state: State, ctx: Ctx, task: Task) -> State:
    """The attack goes on if the attacker survived in its hex next to its target (D14); no battle back then."""
    attacker, defender = state.unit(task.subject), state.unit(task.other)
    state = _drop(state)
    grid = state.runtime.grid
    if attacker is None or defender is None or attacker.hex != task.origin:
        ctx.say("called_off", t("The attack is called off after the First Strike."), "CCA-CARD-4")
        return state
    if defender.hex not in grid.neighbours(attacker.hex):
        return state
    return attack(state, ctx, attacker.id, defender.id, task.extra | NO_BACK)


def _retreat(state: State, ctx: Ctx, task: Task, command: Command | None) -> State:
    unit = state.unit(task.subject)
    assert unit is not None
    if unit.spec.elephant:
        return _elephant_retreat(_drop(state), ctx, task, command)
    found = outcomes(state, unit, task.amount)
    to = command.to if isinstance(command, m.Retreat) and command.to in found else min(found)
    return finish_retreat(_drop(state), ctx, unit, to, found[to])


def _elephant_retreat(state: State, ctx: Ctx, task: Task, command: Command | None) -> State:
    """Rampage first, then one hex per flag; a lone friendly leader's hex ends it (CCA-RAMPAGE-1, CCA-RAMPAGE-2,
    CCA-RAMPAGE-3, CCA-RAMPAGE-4, CCA-RAMPAGE-5, CCA-RETREAT-7).

    ``task`` is already dropped; the rest of the retreat goes back in front of whatever the step queued
    (a trampled unit's leader evading, say).
    """
    unit = state.unit(task.subject)
    assert unit is not None
    if task.extra == 0:
        state = rampage(state, ctx, unit)
        return flow.push(TASKS, state, replace(task, extra=1)) if state.unit(unit.id) else state
    to = command.to if isinstance(command, m.Retreat) else None
    had_leader = state.attached_leader(unit) is not None
    state = elephant_step(state, ctx, unit, to)
    moved = state.unit(unit.id)
    joined = moved is not None and not had_leader and state.attached_leader(moved) is not None
    if task.amount > 1 and moved is not None and not joined:
        return flow.push(TASKS, state, replace(task, amount=task.amount - 1))
    return state


def _leader_evade(state: State, ctx: Ctx, task: Task, command: Command | None) -> State:
    leader = state.leader(task.subject)
    state = _drop(state)
    if leader is None:
        return state
    if isinstance(command, m.LeaderEvade):
        return leader_evade(state, ctx, leader, command.path, command.off_board)
    paths = leader_paths(state, leader)
    if not paths:
        return no_path(state, ctx, leader)
    return leader_evade(state, ctx, leader, *paths[0])


def _after_attack(state: State, task: Task) -> State:
    """Momentum advance after a successful close combat, otherwise battle back (CCA-CC-2 steps 7–8)."""
    attacker, defender = state.unit(task.subject), state.unit(task.other)
    assert attacker is not None
    vacated = defender is None or defender.hex != task.origin
    momentum_ok = (
        vacated
        and not task.extra & NO_MOMENTUM
        and attacker.side == state.active
        and not attacker.spec.war_machine
        and task.origin is not None
        and state.unit_at(task.origin) is None
        and state.leader_at(task.origin) is None
    )
    if momentum_ok:
        return _push(state, Task("momentum", attacker.side, attacker.id, extra=task.extra, origin=task.origin))
    if (
        not vacated
        and defender is not None
        and not task.extra & NO_BACK
        and may_battle_back(state, defender.id, attacker.id, task.origin)
    ):
        return _push(state, Task("battle_back", defender.side, defender.id, other=attacker.id))
    return _drop(state)

"""The course of one melee round and who targets whom (LNL-MELEE-1, LNL-MELEE-3, LNL-MELEE-5, LNL-MELEE-6,
LNL-MELEE-8, LNL-MELEE-9).

The quick reference (§近战.5, §近战.9): the attacking side picks its targets among the defenders able to melee
and rolls with the melee FP of all its fighting units; if afterwards both sides can still fight, attack and
defence swap, so the defenders now pick their targets among the attackers able to melee and roll in their turn.
Whenever a side has more than one possible target, the side that strikes answers a decision (a ``melee`` step for
the attacker, ``melee_back`` for the defenders' reply); with one target there is nothing to choose. With the
``melee_simultaneous`` option both sides pick first and then both roll at once (the reply's step keeps the
attacker's targets in ``done``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

import app.systems.lnl.messages as m
from app.core.i18n import t
from app.core.messages import Command
from app.geometry.hexgrid import Hex
from app.systems.lnl.forces import is_vehicle
from app.systems.lnl.melee import capable, eliminate, kill_number, melee_fp, roll, rout
from app.systems.lnl.messages import Ctx
from app.systems.lnl.state import State, Step, Unit, other


@dataclass(frozen=True)
class Where:
    """A melee: its hex, storey and the side that attacks in it."""

    hex: Hex
    level: int
    attacker: str

    @property
    def defender(self) -> str:
        """The side attacked."""
        return other(self.attacker)


def fighters(state: State, h: Hex, level: int, side: str, *, initiating: bool) -> list[Unit]:
    """The side's units on the storey able to melee; weapon teams only when they do not start it (LNL-MELEE-2)."""
    return [u for u in state.at(h, side, level) if not is_vehicle(state, u) and capable(state, u, attacking=initiating)]


def open_melee(state: State, ctx: Ctx, h: Hex, level: int, attacker: str) -> State:
    """A melee starts in ``h`` (LNL-MELEE-1): the Melee marker goes on; defenders none of whom can fight are all
    eliminated (LNL-MELEE-3); else the attacker picks its targets when it has a choice (LNL-MELEE-5)."""
    state = replace(state.mark_hex(h, "melee"), melees=(*state.melees, h))
    att = fighters(state, h, level, attacker, initiating=True)
    dfn = fighters(state, h, level, other(attacker), initiating=False)
    if not att:
        return state
    if not dfn:
        ctx.say("melee_rout", t("No defender can fight: all are eliminated."), "LNL-MELEE-3", at=(h,))
        beaten = [u for u in state.at(h, other(attacker), level) if not is_vehicle(state, u)]
        return eliminate(state, beaten)
    if len(dfn) > 1:
        return replace(state, steps=(Step("melee", attacker, h, level=level),))
    return strike(state, ctx, Where(h, level, attacker), (dfn[0].id,))


def strike(state: State, ctx: Ctx, where: Where, targets: tuple[str, ...]) -> State:
    """The attacker's roll against ``targets`` with all its fighting units (LNL-MELEE-5, LNL-MELEE-6,
    LNL-MELEE-8); then the swap (LNL-MELEE-9). Both at once with ``melee_simultaneous``."""
    if state.options.melee_simultaneous:
        return _swap(state, ctx, where, targets)
    att = fighters(state, where.hex, where.level, where.attacker, initiating=True)
    every = fighters(state, where.hex, where.level, where.defender, initiating=False)
    dfn = [u for u in every if u.id in targets]
    if dfn and roll(state, ctx, att, dfn, every):
        state = eliminate(state, dfn)
    return _swap(state, ctx, where, ())


def _swap(state: State, ctx: Ctx, where: Where, first: tuple[str, ...]) -> State:
    """If both sides can still fight, attack and defence swap: the defenders pick among the attackers able to
    melee (a decision when there is more than one) and roll (LNL-MELEE-9)."""
    back = fighters(state, where.hex, where.level, where.defender, initiating=False)
    att = fighters(state, where.hex, where.level, where.attacker, initiating=True)
    if not back or not att:
        return rout(state, ctx, where.hex, where.level)
    if len(att) > 1:
        return replace(state, steps=(Step("melee_back", where.defender, where.hex, done=first, level=where.level),))
    return strike_back(state, ctx, where, (att[0].id,), first)


def strike_back(state: State, ctx: Ctx, where: Where, targets: tuple[str, ...], first: tuple[str, ...] = ()) -> State:
    """The defenders' reply: all of them able to fight roll against the attackers they target; with ``first``
    (the attacker's targets, simultaneous option) both rolls are made now and applied together (LNL-MELEE-9); a
    side left unable to fight is eliminated (LNL-MELEE-3)."""
    back = fighters(state, where.hex, where.level, where.defender, initiating=False)
    att = fighters(state, where.hex, where.level, where.attacker, initiating=True)
    hit = [u for u in att if u.id in targets]
    if first:
        dfn = [u for u in back if u.id in first]
        killed = dfn if roll(state, ctx, att, dfn, back) else []
        state = eliminate(state, killed + (hit if roll(state, ctx, back, hit, att) else []))
    elif hit and roll(state, ctx, back, hit, att):
        state = eliminate(state, hit)
    return rout(state, ctx, where.hex, where.level)


def resolve_targets(state: State, ctx: Ctx, command: m.MeleeTargets) -> State:
    """A side has answered the pending melee decision with its targets (LNL-MELEE-5, LNL-MELEE-9)."""
    step = state.steps[0]
    state = replace(state, steps=())
    if step.kind == "melee":
        return strike(state, ctx, Where(command.hex, step.level, command.side), command.targets)
    where = Where(command.hex, step.level, other(command.side))
    return strike_back(state, ctx, where, command.targets, step.done)


def candidates(state: State, step: Step) -> list[Unit]:
    """Who the deciding side may target: the defenders able to melee, or in the reply the attackers
    (LNL-MELEE-5, LNL-MELEE-9)."""
    assert step.hex is not None
    return fighters(state, step.hex, step.level, other(step.side), initiating=step.kind == "melee_back")


def target_commands(state: State) -> list[Command]:
    """The deciding side's choices of targets: every group of the candidates, all of them last (the default)."""
    step = state.steps[0]
    assert step.hex is not None
    ids = [u.id for u in candidates(state, step)]
    groups = [g for n in range(1, len(ids)) for g in combinations(ids, n)] + [tuple(ids)]
    return [m.MeleeTargets(side=step.side, hex=step.hex, targets=g) for g in groups]


def strike_odds(state: State, command: m.MeleeTargets) -> tuple[float, float]:
    """The chance that the deciding side's roll eliminates the chosen targets (LNL-MELEE-8), and the share of
    the candidates' melee FP they hold."""
    step = state.steps[0]
    every = candidates(state, step)
    att = fighters(state, command.hex, step.level, command.side, initiating=step.kind == "melee")
    dfn = [u for u in every if u.id in command.targets]
    if not att or not dfn:
        return 0.0, 0.0
    _, kill, mods = kill_number(att, dfn, state, every)
    need = kill - sum(x.value for x in mods)
    odds = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need) / 36
    return odds, melee_fp(state, dfn)[0] / melee_fp(state, every)[0]

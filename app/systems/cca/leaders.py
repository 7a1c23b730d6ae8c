"""Leaders (rulebook chapter 13): benefits, casualty checks and losses (CCA-LEADER-1, CCA-LEADER-2, CCA-LEADER-3,
CCA-LEADER-4, CCA-LEADER-5, CCA-LEADER-6, CCA-LEADER-7, CCA-LEADER-8, CCA-VICTORY-2).

A hit leader is removed and the enemy gains a banner; a leader whose unit is destroyed rolls one die and,
if he survives, must evade (the evade itself is a task decided by his owner, CCA-LEVADE).
"""

from __future__ import annotations

from dataclasses import replace

from app.core import flow
from app.core.i18n import t
from app.core.ruling import DieResult, Ruling
from app.systems.cca.battledice import face_of
from app.systems.cca.messages import Ctx
from app.systems.cca.state import TASKS, Leader, State, Task, Unit, other
from app.systems.cca.tables import face_names, unit_table
from app.systems.cca.view import side_name


def leader_near(state: State, unit: Unit) -> bool:
    """A friendly leader attached to or adjacent to ``unit`` (CCA-HIT-1, CCA-LEADER-8)."""
    near = {unit.hex, *state.runtime.grid.neighbours(unit.hex)}
    return any(x.side == unit.side and x.hex in near for x in state.leaders)


def lone(state: State, leader: Leader) -> bool:
    """A leader in a hex without a friendly unit."""
    unit = state.unit_at(leader.hex)
    return unit is None or unit.side != leader.side


def eliminate_leader(state: State, ctx: Ctx, leader: Leader, rule: str) -> State:
    """Remove a hit leader; the opponent gains a banner (CCA-LEADER-7)."""
    ctx.say(
        "leader_killed",
        t(
            "Leader {name} is killed; {side} gains a banner.",
            name=state.leader_name(leader),
            side=side_name(state, other(leader.side)),
        ),
        rule,
        at=(leader.hex,),
    )
    return state.without(leader.id).add_banner(other(leader.side))


def _check(state: State, ctx: Ctx, dice: int, need: int, leader: Leader, *, rule: str) -> bool:
    values = ctx.roller.roll(dice, t("leader casualty check"), faces=face_names())
    helmets = sum(1 for v in values if face_of(v) == "leader")
    hit = helmets >= need
    ruling = Ruling(
        title=t("Casualty check for {name}", name=state.leader_name(leader)),
        rule_id=rule,
        dice=tuple(DieResult(natural=v, modified=v, success=face_of(v) == "leader", face=face_of(v)) for v in values),
        target=need,
        result=t("hit") if hit else t("survives"),
    )
    ctx.say("casualty_check", ruling.title, rule, ruling, (leader.hex,))
    return hit


def casualty_check(state: State, ctx: Ctx, leader: Leader, unit_destroyed: bool) -> State:
    """Check an attached leader whose unit lost blocks (CCA-LEADER-1, CCA-LEADER-2, CCA-LEADER-3, CCA-LEADER-4,
    CCA-LEADER-5); once per battle.

    The leaders already checked are kept in the state (``State.checked``, cleared when a battle is declared),
    so a check made before a retreat decision still counts when the blocked retreat costs more blocks.

    A leader left alone after his unit is destroyed rolls 1 die (helmet kills) and must then evade.
    """
    if leader.id in state.checked:
        return _maybe_evade(state, leader, unit_destroyed)
    state = replace(state, checked=(*state.checked, leader.id))
    spec = unit_table().leader
    if unit_destroyed:
        if _check(state, ctx, spec.casualty_dice_unit_eliminated, 1, leader, rule="CCA-LEADER-4"):
            return eliminate_leader(state, ctx, leader, "CCA-LEADER-4")
        return _maybe_evade(state, leader, True)
    if _check(
        state, ctx, spec.casualty_dice_unit_survives, spec.casualty_helmets_unit_survives, leader, rule="CCA-LEADER-2"
    ):
        return eliminate_leader(state, ctx, leader, "CCA-LEADER-2")
    return state


def _maybe_evade(state: State, leader: Leader, alone: bool) -> State:
    if not alone or state.leader(leader.id) is None:
        return state
    return flow.push(TASKS, state, Task("leader_evade", leader.side, leader.id))

"""Victory (rulebook chapter 3, "Object of the game") and leaving the battlefield (chapter 7).

Banners come from eliminated units and leaders (CCA-VICTORY-2, scored where the loss happens), from the
scenario's terrain objectives (CCA-VICTORY-3) and, where a scenario special rule lets units leave across a
long edge (CCA-MOVE-3, CCA-LMOVE-3), from units that leave. The first side to reach its count wins at once
(CCA-VICTORY-1, Q19).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.systems.cca.board import baseline_row
from app.systems.cca.messages import Ctx
from app.systems.cca.movement import unit_allowance, unit_destinations
from app.systems.cca.scenario import SIDES, Objective
from app.systems.cca.state import Hex, State, Unit, other
from app.systems.cca.tables import class_name
from app.systems.cca.terrain import stops
from app.systems.cca.view import side_name


def _occupied(state: State, objective: Objective) -> bool:
    grid = state.runtime.grid
    hexes = {grid.from_label(label) for label in objective.hexes}
    return any(u.side == objective.side and u.hex in hexes for u in state.units)


def update_objectives(state: State, ctx: Ctx) -> State:
    """Recount the objectives held: temporary ones while occupied, permanent ones once won (CCA-VICTORY-3)."""
    objectives = state.runtime.model.objectives
    if not objectives:
        return state
    held = tuple(
        i for i, o in enumerate(objectives) if _occupied(state, o) or (o.kind == "permanent" and i in state.objectives)
    )
    for i in held:
        if i not in state.objectives:
            o = objectives[i]
            text = t(
                "{side} takes {name}: {n} banner(s).", side=side_name(state, o.side), name=o.name.text(), n=o.banners
            )
            ctx.say("objective_taken", text, "CCA-VICTORY-3")
    for i in state.objectives:
        if i not in held:
            o = objectives[i]
            text = t(
                "{side} no longer holds {name}: {n} banner(s) lost.",
                side=side_name(state, o.side),
                name=o.name.text(),
                n=o.banners,
            )
            ctx.say("objective_lost", text, "CCA-VICTORY-3")
    return replace(state, objectives=held)


def check_victory(state: State, ctx: Ctx) -> State:
    """The first side to reach its banner count wins at once (CCA-VICTORY-1, Q19).

    One step can give both armies their last banner (an elephant's rampage, say); the army whose turn it
    is then wins (D17 [INTERP]).
    """
    state = update_objectives(state, ctx)
    for side in sorted(SIDES, key=lambda s: s != state.active):
        total = state.total_banners(side)
        if state.winner is None and total >= state.runtime.model.army(side).banners:
            ctx.say(
                "won", t("{side} reaches {n} banners and wins.", side=side_name(state, side), n=total), "CCA-VICTORY-1"
            )
            state = replace(state, winner=side, phase="over", tasks=())
    return state


def exit_row(state: State, side: str) -> int | None:
    """The row a unit of ``side`` may leave from, if the scenario allows leaving (CCA-MOVE-3)."""
    rule = state.runtime.model.army(side).exit
    if rule is None:
        return None
    return baseline_row(state.runtime.grid, other(side) if rule.edge == "enemy" else side)


def may_exit(state: State, unit: Unit) -> bool:
    """Whether an ordered unit that has not moved may leave across its exit edge this turn (CCA-MOVE-3).

    Leaving costs one hex of movement from a hex on that edge: the unit must reach such a hex with a hex
    of its allowance to spare and without having to stop there (forest, ford, … or a lone friendly
    leader's hex, CCA-MOVE-5). Warriors move 1 unless they charge, and a charge must end next to an enemy,
    so they may leave only from the edge itself.
    """
    row = exit_row(state, unit.side)
    if row is None or unit.id not in state.turn.ordered or state.turn.moved_by(unit.id):
        return False
    allowance = 1 if unit.spec.warrior_charge else unit_allowance(state, unit)
    if allowance < 1:
        return False
    reach: dict[Hex, int] = {unit.hex: 0, **unit_destinations(state, unit)}
    return any(h[1] == row and d < allowance and (d == 0 or _passes(state, unit, h)) for h, d in reach.items())


def _passes(state: State, unit: Unit, h: Hex) -> bool:
    """Whether ``unit`` entering ``h`` may go on moving (CCA-FOREST-1, CCA-BROKEN-1, CCA-FORD-1, CCA-MOVE-5)."""
    return not stops(state, unit.spec, h) and state.leader_at(h) is None


def exit_board(state: State, ctx: Ctx, unit: Unit) -> State:
    """The unit (with its attached leader) leaves the battlefield; its army may gain banners (CCA-VICTORY-3)."""
    rule = state.runtime.model.army(unit.side).exit
    assert rule is not None
    leader = state.attached_leader(unit)
    state = state.without(unit.id)
    if leader is not None and leader.id not in state.turn.detached:
        state = state.without(leader.id)
    state = state.with_turn(moved=(*state.turn.moved, (unit.id, 1)))
    text = t(
        "{cls} leaves the battlefield; {side} gains {n} banner(s).",
        cls=class_name(unit.cls),
        side=side_name(state, unit.side),
        n=rule.banners,
    )
    ctx.say("exited", text, "CCA-MOVE-3", at=(unit.hex,))
    return state.add_banner(unit.side, rule.banners) if rule.banners else state

"""Retreat and rampage (rulebook chapter 11): CCA-RETREAT-1, CCA-RETREAT-2, CCA-RETREAT-3, CCA-RETREAT-4, CCA-RETREAT-5,
CCA-RETREAT-6, CCA-RETREAT-7, CCA-RETREAT-8, CCA-RETREAT-9, CCA-RAMPAGE-1, CCA-RAMPAGE-2, CCA-RAMPAGE-3, CCA-RAMPAGE-4,
CCA-RAMPAGE-5, CCA-ELEPHANT-7.

A retreat is one decision: the owner picks where the unit ends (every path is toward its own side; only
outcomes with the fewest lost blocks are offered, since a unit must retreat when it can). Elephants retreat
1 hex per flag, one step at a time, trampling whatever blocks the path.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, t
from app.core.ruling import DieResult, Ruling
from app.systems.cca.battledice import Strike, roll, score
from app.systems.cca.board import rear_hexes
from app.systems.cca.combat import free_rear, lose_blocks
from app.systems.cca.leaders import eliminate_leader, lone
from app.systems.cca.messages import Ctx
from app.systems.cca.state import Hex, State, Unit, other
from app.systems.cca.tables import class_name


def outcomes(state: State, unit: Unit, hexes: int) -> dict[Hex, int]:
    """Possible end hexes with the blocks lost on the way, fewest losses only (CCA-RETREAT-3, CCA-RETREAT-4,
    CCA-RETREAT-5, CCA-RETREAT-6, CCA-RETREAT-7, CCA-RETREAT-8)."""
    found: dict[Hex, int] = {}
    frontier = {unit.hex}
    for step in range(hexes):
        nxt: set[Hex] = set()
        for h in frontier:
            options = free_rear(state, unit, h)
            if not options:
                found[h] = min(found.get(h, hexes), hexes - step)
            for o in options:
                lead = state.leader_at(o)
                if lead is not None:  # a lone friendly leader: stop and attach (CCA-RETREAT-7)
                    found[o] = 0
                else:
                    nxt.add(o)
        frontier = nxt
    for h in frontier:
        found[h] = 0
    best = min(found.values()) if found else 0
    return {h: n for h, n in found.items() if n == best}


def move_unit(state: State, unit: Unit, to: Hex) -> State:
    """Move a unit and its attached leader (CCA-RETREAT-6, CCA-ORDER-3)."""
    leader = state.attached_leader(unit)
    state = state.with_unit(replace(unit, hex=to))
    return state if leader is None else state.with_leader(replace(leader, hex=to))


def finish_retreat(state: State, ctx: Ctx, unit: Unit, to: Hex, lost: int) -> State:
    """Apply a chosen retreat: move, then lose a block per hex not made (CCA-RETREAT-8)."""
    if to != unit.hex:
        ctx.say("retreated", t("{cls} retreats.", cls=class_name(unit.cls)), "CCA-RETREAT-1", at=(unit.hex, to))
        state = move_unit(state, unit, to)
    if lost:
        state = lose_blocks(state, ctx, unit.id, lost, "CCA-RETREAT-8")
    return state


def rampage(state: State, ctx: Ctx, elephant: Unit) -> State:
    """Before retreating an elephant rolls 2 dice at every adjacent unit and lone leader (CCA-RAMPAGE-1,
    CCA-RAMPAGE-2)."""
    grid = state.runtime.grid
    for h in grid.neighbours(elephant.hex):
        victim = state.unit_at(h)
        if victim is not None:
            strike = Strike("rampage", victim.spec.hit_face)
            values = roll(ctx.roller, 2, strike, t("rampage"))
            result = score(values, strike)
            _tell(ctx, t("Elephant rampages into {cls}", cls=class_name(victim.cls)), result.dice, result.hits, h)
            state = lose_blocks(state, ctx, victim.id, result.hits, "CCA-RAMPAGE-2")
            continue
        lead = state.leader_at(h)
        if lead is not None and lone(state, lead):
            strike = Strike("rampage", None)
            result = score(roll(ctx.roller, 2, strike, t("rampage")), strike)
            _tell(
                ctx,
                t("Elephant rampages into leader {name}", name=state.leader_name(lead)),
                result.dice,
                result.hits,
                h,
            )
            if result.hits:
                state = eliminate_leader(state, ctx, lead, "CCA-RAMPAGE-2")
    return state


def _tell(ctx: Ctx, title: Text, dice: tuple[DieResult, ...], hits: int, h: Hex) -> None:
    ruling = Ruling(title=title, rule_id="CCA-RAMPAGE-1", dice=dice, result=t("{n} hit(s)", n=hits))
    ctx.say("rampage", ruling.title, "CCA-RAMPAGE-1", ruling, (h,))


def elephant_step(state: State, ctx: Ctx, elephant: Unit, choice: Hex | None) -> State:
    """One hex of an elephant's retreat (CCA-RAMPAGE-4, CCA-RAMPAGE-5): step, trample the blockers, or lose a block."""
    options = free_rear(state, elephant, elephant.hex)
    if options:
        to = choice if choice in options else options[0]
        return finish_retreat(state, ctx, elephant, to, 0)
    grid = state.runtime.grid
    blockers = [h for h in rear_hexes(grid, elephant.hex, elephant.side) if grid.contains(h)]
    pieces = [(state.unit_at(h), state.leader_at(h)) for h in blockers]
    if not any(u is not None or x is not None for u, x in pieces):
        return lose_blocks(state, ctx, elephant.id, 1, "CCA-RAMPAGE-5")
    for unit, lead in pieces:
        if unit is not None:
            state = lose_blocks(state, ctx, unit.id, 1, "CCA-RAMPAGE-4")
        elif lead is not None:
            state = eliminate_leader(state, ctx, lead, "CCA-RAMPAGE-5")
    ctx.say("trampled", t("The elephant's retreat is blocked; the pieces behind it are trampled."), "CCA-RAMPAGE-4")
    return state


__all__ = ["elephant_step", "finish_retreat", "move_unit", "other", "outcomes", "rampage"]

"""Scuba gear and the speargun: swimming, being hidden in the water, leaving it, passing under bridges.

Rulebook chapter: §21 items, SAS-EQ-14 (an operator with scuba gear who enters a water square by Move, Move & Place
or Sprint swaps to his scuba token; he may then move within the water and Move or Sprint out of it to a regular
square, swapping back; low cover such as a bridge's low walls blocks the way out of the water; a scuba operator
passes under a bridge, keeping the scuba token on its squares), SAS-EQ-15 (LOS to an operator in the water is
blocked unless he is exposed; in scuba mode only Move, Attack, Move & Attack, Aim, Mark and Sprint out of the water)
and SAS-EQ-16 (the speargun is the only weapon usable in the water, once per activation; low cover blocks LOS
between water and land), with SAS-TER-2 (water) and SAS-TER-15 (bridges). The seed's example lets an operator on a
bridge drop into the water across its low wall (OQ-40). Values printed only on the board (the speargun's range
and attack value) are proposals in ``data/operators.json``.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.geometry.los import trace
from app.systems.sas.board.reasons import Why, terrain_name, why
from app.systems.sas.context import Ctx
from app.systems.sas.state import OperatorState, SasRuntime, SasState

Cell = tuple[int, int]


def swim(rt: SasRuntime, c: Cell) -> bool:
    """A water square (SAS-TER-2)."""
    return bool(rt.tables.terrain.squares[rt.grid.terrain(c)].swim)


def wet(rt: SasRuntime, c: Cell, scuba: bool) -> bool:
    """Where a scuba operator stays in the water: water squares, and bridge squares he passes under (SAS-TER-15)."""
    effect = rt.tables.terrain.squares[rt.grid.terrain(c)]
    return bool(effect.swim or (scuba and effect.over_water))


def geared(op: OperatorState) -> bool:
    """He carries scuba gear (SAS-EQ-14)."""
    return op.item_count("scuba_gear") > 0


def arms(state: SasState, op: OperatorState) -> tuple[str, ...]:
    """The weapons he can use now: his board's and his items' (the speargun comes with the scuba gear); in the water
    only the speargun, once per activation (SAS-EQ-16); Nancy in her civilian clothes only the garrote."""
    tables = state.rt.tables
    board = tables.board(op.board_id)
    if op.disguised:  # the disguise side: the garrote only (SAS-NANCY-5, SAS-NANCY-9)
        return tuple(board.disguise_weapons)
    weapons = [*board.weapons]
    weapons += [w for item, n in op.items if n > 0 for w in tables.items[item].weapons if w not in weapons]
    if op.scuba:
        weapons = [w for w in weapons if tables.weapons[w].water]
    act = state.activation
    if act is not None and act.operator == op.id:
        weapons = [w for w in weapons if w not in act.spent]
    return tuple(weapons)


def moved(state: SasState, op: OperatorState, at: Cell) -> OperatorState:
    """The operator as he would be after stepping to ``at``: with his scuba token in the water (SAS-EQ-14)."""
    return replace(op, loc=at, scuba=geared(op) and wet(state.rt, at, op.scuba))


def _low_cover_edge(rt: SasRuntime, p: Cell, q: Cell) -> bool:
    for feature in rt.grid.edge_between(p, q):
        effect = rt.tables.terrain.edges.get(feature.kind)
        if effect is not None and effect.low_cover:
            return True
    return False


def exit_blocked(rt: SasRuntime, a: Cell, b: Cell) -> bool:
    """Low cover on the way from the water in ``a`` to the land in ``b`` blocks him (SAS-EQ-14): on the edge, or, for
    a diagonal step, on both ways round the corner."""
    if a[0] == b[0] or a[1] == b[1]:
        return _low_cover_edge(rt, a, b)
    routes = [((b[0], a[1])), ((a[0], b[1]))]
    return all(_low_cover_edge(rt, a, via) or _low_cover_edge(rt, via, b) for via in routes)


def step_problem(state: SasState, op: OperatorState, to: Cell) -> Why | None:
    """Why a step into, within or out of the water breaks the scuba rules (SAS-EQ-14), or None."""
    rt = state.rt
    assert op.loc is not None
    if swim(rt, to) and not op.scuba and op.carrying:
        return why("object_water")
    if op.scuba and not wet(rt, to, True) and exit_blocked(rt, op.loc, to):
        return why("water_exit")
    return None


def low_cover_between(rt: SasRuntime, a: Cell, b: Cell) -> Why | None:
    """The low cover on the line between a square in the water and one on land (SAS-EQ-16), or None."""
    cache: dict[tuple[Cell, Cell], Why | None] = rt.cache.setdefault("water_lines", {})
    if (a, b) not in cache:
        found = None
        for crossing in trace(rt.grid, a, b).crossings:
            locs: tuple[Cell, ...] = crossing.locs  # type: ignore[assignment]
            if crossing.kind == "cell" and rt.tables.terrain.squares[rt.grid.terrain(locs[0])].low_cover:
                found = why("shore_square", what=terrain_name(rt, rt.grid.terrain(locs[0])), sq=rt.label(locs[0]))
            pairs = [(p, q) for p in locs for q in locs if abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1]
            if crossing.kind != "cell" and any(_low_cover_edge(rt, p, q) for p, q in pairs):
                found = why("shore_edge", sq=rt.label(locs[-1]))
            if found:
                break
        cache[(a, b)] = found
    return cache[(a, b)]


def water_line(state: SasState, a: Cell, a_scuba: bool, b: Cell, b_scuba: bool) -> Why | None:
    """Why low cover blocks the line between the water and the land (SAS-EQ-16), or None."""
    rt = state.rt
    if wet(rt, a, a_scuba) == wet(rt, b, b_scuba):
        return None
    found = low_cover_between(rt, a, b)
    return None if found is None else why("water", why=found)


def hidden(state: SasState, op: OperatorState) -> bool:
    """LOS to an operator in the water is blocked unless he is exposed (SAS-EQ-15)."""
    return op.scuba and not op.exposed


def swap_token(ctx: Ctx, op_id: str) -> None:
    """After a step: into the water he takes his scuba token, out of it his normal token (SAS-EQ-14)."""
    op = ctx.state.op(op_id)
    if op.loc is None or not geared(op):
        return
    now = wet(ctx.state.rt, op.loc, op.scuba)
    if now == op.scuba:
        return
    ctx.state = ctx.state.with_op(op_id, scuba=now, crouched=False)
    name = ctx.name(op_id)
    if now:
        text, todo = t("{op} slips into the water.", op=name), t("Replace {op} with his scuba token.", op=name)
    else:
        text, todo = t("{op} climbs out of the water.", op=name), t("Replace {op} with his normal token.", op=name)
    ctx.emit("scuba", text, "SAS-EQ-14", (op.loc,), instruction=todo)

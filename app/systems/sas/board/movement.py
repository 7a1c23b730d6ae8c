"""Movement: which steps are a Move, a Climb or impossible, for operators and for Axis infantry.

Rulebook chapters: §7.3 movement (SAS-MOVE-1, SAS-SPRINT-1, SAS-CLIMB-1, SAS-CLIMB-2), §3 terrain (SAS-TER-2, SAS-TER-3,
SAS-TER-4, SAS-TER-5, SAS-TER-6, SAS-TER-7, SAS-TER-8, SAS-TER-9, SAS-TER-10, SAS-TER-11, SAS-TER-12, SAS-TER-13,
SAS-TER-14, SAS-TER-15, SAS-TER-16: the move column of the summary table, read from ``data/terrain.json``), SAS-BRD-2
(end in an empty square) and SAS-ADV-5 (advancing infantry climb hedges and windows for 2 MP). An operator with a
grappling hook also climbs into rock squares and over high walls where they carry the grapple symbol (SAS-CLIMB-2,
SAS-EQ-9). A diagonal step passes a corner: it is as easy as the easier of the two ways round that corner (the corner
rule of OQ-9 applied to movement; doors are never passed diagonally, SAS-TER-11).
"""

from __future__ import annotations

from app.systems.sas.board.rooms import fires, room_of
from app.systems.sas.state import SasRuntime, SasState

Cell = tuple[int, int]
RANK = {"open": 0, "low": 1, "climb": 2, "blocked": 3}


def _edge_class(rt: SasRuntime, p: Cell, q: Cell, crouched: bool, *, diagonal: bool, hook: bool = False) -> str:
    worst = "open"
    for feature in rt.grid.edge_between(p, q):
        effect = rt.tables.terrain.edges.get(feature.kind)
        if effect is None:
            continue
        cls: str = effect.move
        if crouched and effect.crouched_move is not None:
            cls = effect.crouched_move
        if hook and effect.hook_move is not None and feature.get("grapple"):
            cls = effect.hook_move  # only at a grapple symbol (SAS-TER-13)
        if diagonal and not effect.diagonal:
            cls = "blocked"
        worst = max(worst, cls, key=RANK.__getitem__)
    return worst


def _square_class(rt: SasRuntime, c: Cell, hook: bool = False, swim: bool = False) -> str:
    effect = rt.tables.terrain.squares[rt.grid.terrain(c)]
    if swim and effect.swim:
        return "open"  # scuba gear (SAS-EQ-14)
    return effect.hook_move if hook and effect.hook_move is not None else effect.move


def step_class(
    rt: SasRuntime, a: Cell, b: Cell, crouched: bool = False, hook: bool = False, *, swim: bool = False
) -> str:
    """ "open", "climb" or "blocked" for one step from ``a`` to the adjacent ``b`` (terrain only); ``hook``: the
    operator carries a grappling hook (SAS-CLIMB-2); ``swim``: scuba gear, water is open (SAS-EQ-14)."""
    cache: dict[tuple[Cell, Cell, bool, bool, bool], str] = rt.cache.setdefault("steps", {})
    key = (a, b, crouched, hook, swim)
    if key not in cache:
        cache[key] = _step_class(rt, (a, b), crouched, hook, swim)
    return cache[key]


def _step_class(rt: SasRuntime, step: tuple[Cell, Cell], crouched: bool, hook: bool, swim: bool) -> str:
    a, b = step
    if not rt.grid.contains(b):
        return "blocked"
    target = _square_class(rt, b, hook, swim)
    if a[0] == b[0] or a[1] == b[1]:
        edge = _edge_class(rt, a, b, crouched, diagonal=False, hook=hook)
    else:
        routes = []
        for via in ((b[0], a[1]), (a[0], b[1])):
            if not rt.grid.contains(via) or _square_class(rt, via, swim=swim) != "open":
                routes.append("blocked")
                continue
            first = _edge_class(rt, a, via, crouched, diagonal=True, hook=hook)
            second = _edge_class(rt, via, b, crouched, diagonal=True, hook=hook)
            routes.append(max(first, second, key=RANK.__getitem__))
        edge = min(routes, key=RANK.__getitem__)
    return max(target, edge, key=RANK.__getitem__)


def blocked_by_state(state: SasState, b: Cell) -> bool:
    """Active blast templates block infantry movement (SAS-TER-16)."""
    return b in state.templates


def empty(state: SasState, b: Cell, ignore: str | None = None) -> bool:
    """No unit, operator or fuel barrel ends here (SAS-BRD-2, SAS-OBJ-6)."""
    unit = state.unit_at(b)
    op = state.op_at(b)
    if (unit is not None and unit.id != ignore) or (op is not None and op.id != ignore):
        return False
    if state.op_vehicle_at(b) is not None:  # an operator vehicle's token fills its squares (SAS-BRD-2, SAS-OVEH-1)
        return False
    return not any(o.kind == "fuel_barrel" for o in state.objects_at(b))


def axis_step_cost(state: SasState, a: Cell, b: Cell, free_climb: bool = False) -> float | None:
    """MP for an Axis infantry step: 1, climbing a hedge/window/crate 2, else impossible (SAS-ADV-5); a dog crosses
    hedges and windows for 1 (``free_climb``, SAS-HD-7); nobody enters a room with a fire marker (SAS-HD-4)."""
    if b in state.templates or (b in state.rt.spawn_cells and a not in state.rt.spawn_cells):
        return None
    if state.rt.grid.terrain(b) == "building" and _into_fire(state, a, b):
        return None
    cls = step_class(state.rt, a, b)
    if cls == "climb" and free_climb and _square_class(state.rt, b) != "climb":
        return 1.0
    return {"open": 1.0, "climb": 2.0}.get(cls)


def _into_fire(state: SasState, a: Cell, b: Cell) -> bool:
    """A step into a room with a fire marker from outside that room (SAS-HD-4)."""
    if not any(o.kind == "fire" for o in state.objects):
        return False
    room = room_of(state.rt, b)
    return room is not None and a not in room and fires(state, room) > 0

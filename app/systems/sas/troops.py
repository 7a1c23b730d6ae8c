"""The troop transport truck: unloading its SMG infantry when it becomes alert, and losing them with it.

Rulebook chapter: §27 Heavy Metal (SAS-HM-2: the troop truck moves like a truck; when it becomes alert its token is
flipped to its empty alert side and 8 alert SMG infantry are placed in available squares next to it, on the side
nearest an exposed operator, if any — "the nearest available adjacent squares"; they advance in the Axis Advance
phase. If the alarm sounds while it is not yet on the map — a patrol, convoy or assault vehicle — it enters at the
start of the next Axis Advance phase and unloads there, and those SMG may then advance. Once unloaded the truck stays
where it is for the rest of the game; destroyed before unloading, every SMG aboard dies with it).

Solo choices (docs/sas-decisions.md D-XVEH-7..9): the truck unloads once the command that alerted it is over (after
the alarm, or after its move onto the map in the Advance phase), in its final position; the squares are those next
to its token that an infantryman could step into from it, empty and on the map, the nearest to the nearest exposed
operator first (ties in team order; with nobody exposed, the nearest operator on the map), then top-left; if fewer
than 8 are free, the rest stand in the next ring out, and so on; they face that operator (else the truck's way).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import localized, t
from app.systems.sas.context import Ctx
from app.systems.sas.facing import facing_toward
from app.systems.sas.movement import axis_step_cost, empty
from app.systems.sas.state import SasState, UnitState

Cell = tuple[int, int]
ROLE = "dismounted"  # infantry unloaded from a vehicle: they advance in both sections (SAS-HM-2)
UNLOADED = "unloaded"  # the truck's empty alert side
RINGS = 4  # how far out unloaded infantry may stand when the squares next to the truck are taken (D-XVEH-8)


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def carried(state: SasState, unit: UnitState) -> int:
    """How many infantry the vehicle still carries (a troop truck before unloading: 8, SAS-HM-2)."""
    stats = state.rt.tables.vehicle(unit.kind) if unit.is_vehicle else None
    return 0 if stats is None or unit.mode == UNLOADED else stats.carries


def unloaded(unit: UnitState) -> bool:
    """A carrier that has unloaded: it stays where it is for the rest of the game (SAS-HM-2)."""
    return unit.mode == UNLOADED


def unload_all(ctx: Ctx) -> bool:
    """Every alert troop truck on the map that still carries its infantry unloads them now (SAS-HM-2); True if one
    did."""
    ready = [u for u in ctx.state.map_units() if u.alert and carried(ctx.state, u)]
    for unit in ready:
        unload(ctx, unit.id)
    return bool(ready)


def aim_of(state: SasState, unit: UnitState) -> Cell | None:
    """The square the infantry unload toward: the nearest exposed operator, ties in team order; with nobody
    exposed, the nearest operator on the map (D-XVEH-7)."""
    ops = [o for o in state.active_ops() if o.loc is not None]
    pool = [o for o in ops if o.exposed] or ops
    if not pool:
        return None
    best = min(pool, key=lambda o: (unit.distance(o.loc), ops.index(o)))  # type: ignore[arg-type]
    return best.loc


def drop_squares(state: SasState, unit: UnitState, count: int, aim: Cell | None) -> list[Cell]:
    """Where the infantry stand: next to the token, on the map, empty, reached by an infantry step from it; the
    nearest to ``aim`` first, then top-left; the next ring out when these are full (SAS-HM-2, D-XVEH-8)."""
    rt = state.rt
    ring = [c for c in unit.cells if rt.grid.contains(c)]
    seen = set(unit.cells)
    taken: list[Cell] = []
    for _ in range(RINGS):
        nxt: set[Cell] = set()
        for a in ring:
            for b in rt.grid.neighbours(a):
                if b not in seen and b in rt.map_cells and axis_step_cost(state, a, b) is not None:
                    nxt.add(b)
        seen |= nxt
        free = sorted(
            (c for c in nxt if empty(state, c)), key=lambda c: (_dist(c, aim) if aim is not None else 0, c[1], c[0])
        )
        taken += free[: count - len(taken)]
        if len(taken) >= count or not nxt:
            break
        ring = sorted(nxt)
    return taken


def unload(ctx: Ctx, unit_id: str) -> None:
    """Flip the truck to its empty alert side and place its alert infantry next to it (SAS-HM-2)."""
    state = ctx.state
    unit = state.unit(unit_id)
    if unit is None or unit.on_spawn or not unit.alert or not (count := carried(state, unit)):
        return
    stats = state.rt.tables.vehicle(unit.kind)
    assert stats is not None
    aim = aim_of(state, unit)
    squares = drop_squares(state, unit, count, aim)
    ctx.state = ctx.state.with_unit(unit_id, mode=UNLOADED)
    placed: list[UnitState] = []
    for sq in squares:
        ctx.state, uid = ctx.state.new_id(stats.carries_kind)
        facing = facing_toward(sq, aim, unit.facing) if aim is not None else unit.facing
        placed.append(UnitState(uid, stats.carries_kind, ROLE, None, sq, facing, alert=True))
    ctx.state = replace(ctx.state, units=(*ctx.state.units, *placed))
    ctx.alerted.update(u.id for u in placed)  # alerted now: they react only after the next action (SAS-REACT-3)
    kind = ctx.state.rt.tables.units[stats.carries_kind]
    what = localized(kind.name_en, kind.name_zh)
    name = ctx.name(unit_id)
    where = ", ".join(ctx.label(c) for c in squares)
    ctx.emit(
        "troops_unloaded",
        t("{truck} unloads {n} alert {what}; it stays where it is from now on.", truck=name, n=len(squares), what=what),
        "SAS-HM-2",
        tuple(squares),
        instruction=t(
            "Flip {truck} to its empty alert side and place {n} alert {what} on {squares}.",
            truck=name,
            n=len(squares),
            what=what,
            squares=where,
        ),
    )
    if len(squares) < count:
        ctx.emit(
            "troops_lost",
            t(
                "No room for {n} more {what} near {truck}: they stay out of the game.",
                n=count - len(squares),
                what=what,
                truck=name,
            ),
            "SAS-HM-2",
        )


def lost_with(ctx: Ctx, unit: UnitState) -> None:
    """A carrier destroyed before unloading: every infantryman aboard dies with it (SAS-HM-2)."""
    count = carried(ctx.state, unit)
    stats = ctx.state.rt.tables.vehicle(unit.kind)
    if not count or stats is None:
        return
    kind = ctx.state.rt.tables.units[stats.carries_kind]
    ctx.emit(
        "troops_lost",
        t(
            "The {n} {what} aboard {truck} die with it.",
            n=count,
            what=localized(kind.name_en, kind.name_zh),
            truck=ctx.name(unit.id),
        ),
        "SAS-HM-2",
        tuple(unit.cells),
    )

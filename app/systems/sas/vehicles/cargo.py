"""Vehicles that carry infantry: the Kettenkrad's 2 Panzerfaust hunters, the assault boat's 6 SMG infantry and the
troop transport truck's 8 SMG infantry.

Rulebook chapter: §29 Jäger units. SAS-JGR-16: once the Kettenkrad is within 8 squares of an exposed operator it
flips to its empty side and its 2 Panzerfaust hunters are put on the squares next to its rear; they move in the Axis
Advance phase, and the Kettenkrad never moves again; destroyed before unloading, it takes both hunters with it.
SAS-JGR-17: an alert assault boat gets as close as it can, by water, to the nearest exposed operator, then becomes the
empty boat and its 6 SMG infantry are put on valid squares next to it; the boat never moves again and fires (reacts)
only while it carries them; destroyed before unloading, it takes all 6 with it. What a vehicle carries is data
(``cargo`` in ``data/vehicles.json``); the boat's approach is driven by ``vehicle_roles``.

SAS-HM-2: when the troop truck becomes alert it flips to its empty alert side and its 8 alert SMG infantry are put in
the squares next to it nearest an exposed operator; they advance in the Axis Advance phase — off the map when the
alarm sounds, it enters at the start of the next Advance phase and unloads, and they may then advance; it never moves
again; destroyed before unloading, its SMG die with it (D-XVEH-8, D-XVEH-9: it unloads once the command or Axis step
that alerted it, or brought it onto the board, is over).

Decisions (docs/sas-decisions.md D-JGR-12, D-JGR-13, D-JGR-14): a carrier counts distances from its nearest square, to
operators exposed on the map (support units included, D-SUP-3), only while it is on the board; passengers go on empty
map squares an infantry unit may stand on (not water, rock, crates, a supply dump, a spawn tile or a blast template) —
the Kettenkrad's on the two squares directly behind its rear first, then, like the boat's, on the squares nearest
the token (next to it first), nearest the operator, top-left; they face him, take the carrier's alert side, are
guards (they advance like any alert infantry, in either section); the Kettenkrad's do not move in the phase they
land in, the boat's and the truck's do (``move_at_once``, SAS-JGR-17 with SAS-HM-2). In Jäger mode the Kettenkrad's
Panzerfaust infantry are hunter units (SAS-JGR-14).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import Text, localized, t
from app.systems.sas.board.facing import facing_toward
from app.systems.sas.board.movement import empty
from app.systems.sas.context import Ctx
from app.systems.sas.state import SasState, UnitState
from app.systems.sas.tables import VehicleCargo, VehicleStats
from app.systems.sas.vehicles.shape import unit_pose

Cell = tuple[int, int]
EMPTY = "empty"  # the token's empty side (SAS-JGR-16, SAS-JGR-17)


def cargo_of(state: SasState, unit: UnitState) -> VehicleCargo | None:
    """The infantry the vehicle still carries; ``None`` once it has unloaded, or if it carries none."""
    stats: VehicleStats | None = state.rt.tables.vehicle(unit.kind)
    if stats is None or stats.cargo is None or unit.mode == EMPTY:
        return None
    return stats.cargo


def unloaded(unit: UnitState) -> bool:
    """The carrier shows its empty side: it stays where it is for the rest of the game (SAS-JGR-16, SAS-JGR-17)."""
    return unit.mode == EMPTY


def nearest_exposed(state: SasState, unit: UnitState) -> Cell | None:
    """The square of the exposed operator nearest the token (ties in team order), if any."""
    found = [o.loc for o in state.active_ops() if o.exposed and o.loc is not None]
    return min(found, key=unit.distance, default=None)


def in_reach(state: SasState, unit: UnitState) -> bool:
    """A loaded carrier that unloads near the operators (the Kettenkrad) is on the board within its range of an
    exposed operator (SAS-JGR-16)."""
    cargo = cargo_of(state, unit)
    if cargo is None or cargo.within is None or unit.on_spawn:
        return False
    near = nearest_exposed(state, unit)
    return near is not None and unit.distance(near) <= cargo.within


def drop_squares(state: SasState, unit: UnitState, count: int, toward: Cell | None) -> list[Cell]:
    """Where the passengers go (D-JGR-13): the squares right behind the rear first for a rear unloader, then the
    valid squares nearest the token, nearest ``toward``, top-left."""
    cargo = cargo_of(state, unit)
    own = set(unit.cells)
    rt = state.rt

    def valid(c: Cell) -> bool:
        terrain = rt.tables.terrain.squares[rt.grid.terrain(c)]
        ok = terrain.move == "open" and not terrain.swim
        return ok and c not in own and c not in rt.spawn_cells and c not in state.templates and empty(state, c)

    free = [c for c in rt.map_cells if valid(c)]
    pose = unit_pose(unit.kind, unit.loc, unit.facing)
    behind = pose.behind() if pose is not None and cargo is not None and cargo.rear else ()

    def key(c: Cell) -> tuple[int, int, int, int]:
        if c in behind:
            return (-1, behind.index(c), 0, 0)
        far = 0 if toward is None else max(abs(c[0] - toward[0]), abs(c[1] - toward[1]))
        return (unit.distance(c), far, c[1], c[0])

    return sorted(free, key=key)[:count]


def unload(ctx: Ctx, unit_id: str) -> list[str]:
    """The carrier flips to its empty side and its passengers are put next to it, facing the nearest exposed
    operator (SAS-JGR-16, SAS-JGR-17); returns their ids."""
    unit = ctx.state.unit(unit_id)
    cargo = cargo_of(ctx.state, unit) if unit is not None else None
    if unit is None or cargo is None:
        return []
    toward = nearest_exposed(ctx.state, unit)
    squares = drop_squares(ctx.state, unit, cargo.count, toward)
    ctx.state = ctx.state.with_unit(unit_id, mode=EMPTY)
    placed = []
    for square in squares:
        ctx.state, uid = ctx.state.new_id(cargo.kind)
        facing = facing_toward(square, toward, unit.facing) if toward is not None else unit.facing
        new = UnitState(uid, cargo.kind, "guard", None, square, facing, alert=unit.alert)
        done = ctx.state.done if cargo.move_at_once else ctx.state.done | {uid}  # SAS-HM-2: they may advance now
        ctx.state = replace(ctx.state, units=(*ctx.state.units, new), done=done)
        placed.append(uid)
    stats = ctx.state.rt.tables.units[cargo.kind]
    what = localized(stats.name_en, stats.name_zh)
    where = ", ".join(ctx.label(c) for c in squares)
    name = ctx.name(unit_id)
    ctx.emit(
        "vehicle_unloaded",
        t(
            "{unit} unloads {n} {what} at {squares}; it stays where it is from now on.",
            unit=name,
            n=len(squares),
            what=what,
            squares=where,
        ),
        cargo.rule or "SAS-JGR-16",
        tuple(squares),
        instruction=t(
            "Flip {unit} to its empty side and place {n} {what} token(s) at {squares}.",
            unit=name,
            n=len(squares),
            what=what,
            squares=where,
        ),
    )
    if len(squares) < cargo.count:
        ctx.emit(
            "unload_short",
            t("No room for the other {n}: they are lost.", n=cargo.count - len(squares)),
            cargo.rule or "SAS-JGR-16",
        )
    if cargo.hunters:  # the hunter's units (SAS-JGR-14)
        for uid in placed:
            ctx.state = ctx.state.with_hunter_unit(uid)
    return placed


def unload_alerted(ctx: Ctx) -> bool:
    """Every alert carrier on the board that unloads when alert (the troop truck) and still carries its infantry
    unloads them now (SAS-HM-2, D-XVEH-8); True if one did."""
    ready = [u for u in ctx.state.map_units() if u.alert and (c := cargo_of(ctx.state, u)) is not None and c.alert]
    for unit in ready:
        unload(ctx, unit.id)
    return bool(ready)


def lost(ctx: Ctx, unit: UnitState, name: Text) -> None:
    """A carrier destroyed before unloading (``unit`` as it was, named ``name``) takes its passengers with it
    (SAS-JGR-16, SAS-JGR-17)."""
    cargo = cargo_of(ctx.state, unit)
    if cargo is None:
        return
    stats = ctx.state.rt.tables.units[cargo.kind]
    ctx.emit(
        "passengers_killed",
        t(
            "The {n} {what} aboard {unit} die with it.",
            n=cargo.count,
            what=localized(stats.name_en, stats.name_zh),
            unit=name,
        ),
        cargo.rule or "SAS-JGR-16",
        (unit.loc,),
    )

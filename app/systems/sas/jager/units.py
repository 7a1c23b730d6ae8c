"""The Jäger hunter's units: numbered stalkers walking to their waypoints, hunter spawns, the hunter's own moves.

Rulebook chapter: §29 (SAS-JGR-2 the 4 numbered stalkers on spawn tiles, SAS-JGR-7 stalkers walk to their waypoint
and then stand guard, SAS-JGR-12, SAS-JGR-13 hunter spawns and the infantry hunter upgrade, SAS-JGR-14 hunter units move
where the hunter wishes in the Axis Advance phase). Stalkers are SMG infantry numbered 1–4 that, unlike other units
on spawn tiles, walk to their waypoints during the Stealth section (OQ-52); in the Battle section they follow the
automated rules like any alert infantry (decision D-JGR-3). A stalker takes the path an advancing unit would
(SAS-ADV-5 costs): of the squares it can reach with all its MP, the one nearest its waypoint, then the one using
the most MP, then the one nearer as the crow flies, then the top-left one. The hunter's units move before the
automated units of the Advance phase (decision D-JGR-5).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.geometry.paths import costs_from
from app.systems.sas.axis import alerts
from app.systems.sas.axis.advance import move_unit
from app.systems.sas.axis.eventphase import spawn
from app.systems.sas.board.facing import ORTHO, facing_toward
from app.systems.sas.board.movement import axis_step_cost, empty
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.jager import markers as jager_markers
from app.systems.sas.names import colour_name, facing_name
from app.systems.sas.operators import items, marks
from app.systems.sas.state import SasState, UnitState
from app.systems.sas.vehicles import cargo
from app.systems.sas.vehicles.motion import Reach, cells_of, end_poses, off_board, search, stats_of, traffic
from app.systems.sas.vehicles.roles import drive_to

Cell = tuple[int, int]
STALKERS = 4  # SAS-JGR-2
STALKER_KIND = "smg"  # OQ-52


def stalker_id(number: int) -> str:
    """The unit id of numbered stalker ``number``."""
    return f"stalker_{number}"


def stalker_number(unit_id: str) -> int:
    """The number of a stalker's unit id, 0 for any other unit."""
    head, _, tail = unit_id.partition("_")
    return int(tail) if head == "stalker" and tail.isdigit() else 0


def free_spawn_spots(state: SasState) -> list[Cell]:
    """Empty spots on spawn tiles, nearest the map first (SAS-JGR-2, SAS-BRD-8)."""
    return [
        s.loc
        for s in state.rt.spawn_spots
        if s.loc in state.rt.spawn_cells and state.unit_at(s.loc) is None and state.op_at(s.loc) is None
    ]


def place_stalker(ctx: Ctx, number: int, at: Cell) -> None:
    """Put stalker ``number`` on a spawn-tile spot, facing the map (SAS-JGR-2)."""
    centre = (ctx.state.rt.grid.width // 2, ctx.state.rt.grid.height // 2)
    uid = stalker_id(number)
    unit = UnitState(uid, STALKER_KIND, "stalker", None, at, facing_toward(at, centre), on_spawn=True)
    ctx.state = replace(ctx.state, units=(*ctx.state.units, unit))
    ctx.emit(
        "stalker_placed",
        t("The hunter places stalker {n} at {sq}.", n=number, sq=ctx.label(at)),
        "SAS-JGR-2",
        (at,),
        instruction=t("Place stalker token {n} at {sq}.", n=number, sq=ctx.label(at)),
    )


def enlist(ctx: Ctx, unit_id: str) -> None:
    """Put a unit under the hunter's control in the Axis Advance phase (SAS-JGR-14)."""
    ctx.state = ctx.state.with_hunter_unit(unit_id)


# --- spawns (SAS-JGR-12, SAS-JGR-13) ---------------------------------------------------------------------------
def spawn_hunter_infantry(ctx: Ctx, kind: str, colour: str) -> None:
    """A sniper or grenade hunter and 2 alert SMG infantry on the colour's spawn points; the hunter takes the spot
    nearest the map (SAS-JGR-13, decision D-JGR-7)."""
    for uid in spawn(ctx, colour, 1, alert=True, kinds=(kind,)):
        enlist(ctx, uid)
    spawn(ctx, colour, 2, alert=True)


def spawn_hunter_vehicle(ctx: Ctx, kind: str, colour: str) -> None:
    """A Kettenkrad or HMG Kübelwagen hunter on a spawn point of the colour: the first spot (nearest the map) where
    its whole token fits on empty squares, facing the map if it can (SAS-JGR-12, SAS-JGR-13, decision D-JGR-7). Before
    the alarm it waits there like any spawned unit, except when the hunter moves it (OQ-53)."""
    state = ctx.state
    centre = (state.rt.grid.width // 2, state.rt.grid.height // 2)
    for spot in [s for s in state.rt.spawn_spots if s.colour in (colour, "mixed")]:
        toward = facing_toward(spot.loc, centre)
        for facing in sorted(ORTHO, key=lambda f: f != toward):
            if _fits(state, kind, spot.loc, facing):
                ctx.state, uid = ctx.state.new_id(kind)
                alert = ctx.state.section == "battle"
                unit = UnitState(uid, kind, "spawned", colour, spot.loc, facing, alert=alert)
                unit = replace(unit, on_spawn=off_board(ctx.state.rt, unit))  # off the board on its tile (D-AVEH-4)
                ctx.state = replace(ctx.state, units=(*ctx.state.units, unit))
                ctx.emit(
                    "unit_spawned",
                    t(
                        "{unit} arrives at {sq}, facing {facing}.",
                        unit=ctx.name(uid),
                        sq=ctx.label(spot.loc),
                        facing=facing_name(facing),
                    ),
                    "SAS-JGR-12",
                    (spot.loc,),
                    instruction=t(
                        "Place a {unit} token at {sq}, facing {facing}.",
                        unit=ctx.name(uid),
                        sq=ctx.label(spot.loc),
                        facing=facing_name(facing),
                    ),
                )
                enlist(ctx, uid)
                return
    ctx.emit(
        "spawn_full", t("The {colour} spawn tiles are full: nothing happens.", colour=colour_name(colour)), "SAS-EVT-5"
    )


def _fits(state: SasState, kind: str, loc: Cell, facing: str) -> bool:
    cells = cells_of(kind, (loc[0], loc[1], facing), state.rt)
    return all(state.rt.grid.contains(c) for c in cells) and traffic(state, "").can_end(cells)


# --- stalkers walking to their waypoints (SAS-JGR-7) -----------------------------------------------------------
def waypoint_of(state: SasState, number: int) -> Cell | None:
    """Where waypoint ``number`` lies, if it was played."""
    found = [m.loc for m in jager_markers.markers(state, "waypoint") if m.number == number]
    return found[0] if found else None


def walkers(state: SasState) -> list[UnitState]:
    """Stalkers still to walk toward their waypoint this Advance phase, in number order (Stealth section only)."""
    hunter = state.hunter
    if hunter is None or state.section != "stealth" or state.phase != "advance":
        return []
    out = []
    for unit in state.units:
        number = stalker_number(unit.id)
        if not number or unit.role != "stalker" or unit.id in state.done or unit.id in hunter.hunters:
            continue
        if unit.cigarette or waypoint_of(state, number) is None:
            continue
        out.append(unit)
    return sorted(out, key=lambda u: stalker_number(u.id))


def stalker_step(ctx: Ctx) -> bool:
    """Move the next stalker with all its MP toward its waypoint; on arrival it stands guard there and the hunter
    turns it (SAS-JGR-7, OQ-52). False when no stalker is left to walk."""
    todo = walkers(ctx.state)
    if not todo:
        return False
    unit = todo[0]
    number = stalker_number(unit.id)
    goal = waypoint_of(ctx.state, number)
    assert goal is not None
    ctx.state = replace(ctx.state, done=ctx.state.done | {unit.id})
    best = _toward(ctx.state, unit, goal)
    if best != unit.loc:
        move_unit(ctx, unit, best, goal, rule="SAS-JGR-7", why=f"walking to waypoint {number}")
        items.stepped_on(ctx, unit.id)
        marks.fire(ctx)
    moved = ctx.state.unit(unit.id)
    if moved is not None and moved.loc == goal:
        ctx.state = ctx.state.with_unit(unit.id, role="guard", post=goal)
        ctx.emit(
            "stalker_arrived",
            t("Stalker {n} reaches its waypoint at {sq}: it stands guard there.", n=number, sq=ctx.label(goal)),
            "SAS-JGR-7",
            (goal,),
        )
        ctx.state = ctx.state.with_hunter(facing=unit.id)
    alerts.detect(ctx)
    return True


def _toward(state: SasState, unit: UnitState, goal: Cell) -> Cell:
    """The reachable square nearest ``goal`` (by MP), using the most MP, top-left on ties; staying if no square
    brings it nearer."""
    move = state.rt.tables.units[unit.kind].move
    spots = reach(state, unit, move)
    field = costs_from(state.rt.grid, goal, lambda a, b: axis_step_cost(state, b, a))  # type: ignore[arg-type]
    here = field.get(unit.loc)
    best = min(
        spots, key=lambda c: (field.get(c, 1e9), -spots[c], (c[0] - goal[0]) ** 2 + (c[1] - goal[1]) ** 2, c[1], c[0])
    )
    if best not in field or (here is not None and field[best] >= here):
        return unit.loc
    return best


def reach(state: SasState, unit: UnitState, move: int) -> dict[Cell, float]:
    """Squares an Axis unit on foot can end in with ``move`` MP (SAS-ADV-5 costs; not on a spawn tile unless it
    stays; an empty square), with the MP each costs."""
    found = costs_from(state.rt.grid, unit.loc, lambda a, b: axis_step_cost(state, a, b), max_cost=move)  # type: ignore[arg-type]
    return {
        c: v  # type: ignore[misc]
        for c, v in found.items()
        if c == unit.loc or (empty(state, c) and c not in state.rt.spawn_cells)  # type: ignore[arg-type]
    }


# --- the hunter's moves (SAS-JGR-14) ---------------------------------------------------------------------------
def movers(state: SasState) -> list[UnitState]:
    """Hunter units still to be moved by the hunter this Axis Advance phase (SAS-JGR-14); a unit with the cigarette
    does not move (SAS-EVT-8), nor an unloaded Kettenkrad (SAS-JGR-16), nor a vehicle with a failure marker
    (SAS-HM-1)."""
    hunter = state.hunter
    if hunter is None or state.phase != "advance" or state.over:
        return []
    alive = [state.unit(u) for u in hunter.hunters]
    return [
        u
        for u in alive
        if u is not None and u.id not in state.done and not u.cigarette and not cargo.unloaded(u) and not u.failed
    ]


def destinations(state: SasState, unit: UnitState) -> list[tuple[Cell, str | None]]:
    """Where the hunter may move the unit, staying included (SAS-JGR-14): an infantry unit's squares within its MP
    (he turns it afterwards); a vehicle's poses — anchor square and facing — within its MP (``vehicle_poses``)."""
    stats = state.rt.tables.units.get(unit.kind)
    if stats is None:
        poses = vehicle_poses(state, unit)
        return sorted(poses, key=lambda p: (p[0][1], p[0][0], ORTHO.index(p[1])))
    return [(c, None) for c in sorted(reach(state, unit, stats.move), key=lambda c: (c[1], c[0]))]


def vehicle_poses(state: SasState, unit: UnitState) -> dict[tuple[Cell, str], int]:
    """The poses a hunter vehicle reaches with its MP and may end on, with their cost: the vehicle movement rules'
    shortest paths (SAS-AVEH-2, SAS-AVEH-3, SAS-AVEH-4, SAS-AVEH-5, SAS-AVEH-6, ``vehicle_motion``; decision D-JGR-5),
    staying included."""
    reach = _reach(state, unit)
    return {((k[0], k[1]), k[2]): reach.cost[k] for k in end_poses(state, unit, reach)}


def _reach(state: SasState, unit: UnitState) -> Reach:
    return search(state, unit, stats_of(state, unit).move)


def hunter_move(ctx: Ctx, unit: UnitState, to: Cell, facing: str | None = None) -> None:
    """The hunter moves his unit; traps, marked attacks, doors and cats on the way react; then he turns an infantry
    unit (a vehicle's move sets its facing)."""
    ctx.state = replace(ctx.state, done=ctx.state.done | {unit.id})
    if to == unit.loc and facing in (None, unit.facing):
        ctx.emit("unit_stays", t("The hunter keeps {unit} where it is.", unit=ctx.name(unit.id)), "SAS-JGR-14")
        if cargo.in_reach(ctx.state, unit):
            cargo.unload(ctx, unit.id)  # SAS-JGR-16
    elif facing is not None:
        _drive(ctx, unit, to, facing)
    else:
        move_unit(ctx, unit, to, to, rule="SAS-JGR-14", why="moved by the hunter")
        items.stepped_on(ctx, unit.id)
        marks.fire(ctx)
    if ctx.state.unit(unit.id) is not None and unit.kind in ctx.state.rt.tables.units:
        ctx.state = ctx.state.with_hunter(facing=unit.id)
    alerts.detect(ctx)


def _drive(ctx: Ctx, unit: UnitState, to: Cell, facing: str) -> None:
    """A hunter vehicle drives to its new pose by a shortest path (D-JGR-5): mines, marked attacks and cats on the
    way react, and a loaded Kettenkrad within reach of an exposed operator unloads there (SAS-JGR-16)."""
    steps = _reach(ctx.state, unit).path((to[0], to[1], facing))
    drive_to(ctx, unit, steps, rule="SAS-JGR-14", why=t("driven by the hunter"))
    marks.fire(ctx)


def face(ctx: Ctx, unit_id: str, facing: str) -> None:
    """The hunter turns the unit he is placing (SAS-JGR-7, SAS-JGR-14)."""
    unit = ctx.state.unit(unit_id)
    ctx.state = ctx.state.with_hunter(facing=None)
    if unit is None:
        return
    text = t("The hunter turns {unit} to face {facing}.", unit=ctx.name(unit_id), facing=facing_name(facing))
    combat.set_facing(ctx, unit_id, facing, "SAS-JGR-7" if stalker_number(unit_id) else "SAS-JGR-14", text)
    alerts.detect(ctx)

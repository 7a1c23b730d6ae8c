"""Operator vehicles (Willys, support Willys, truck, rowing boat): what they are, who sits where, where they can
drive, what their gunners can see and hit, and who can see them. Pure queries; the actions are in
``ovehicle_actions``.

Rulebook chapter: §23 operator vehicles — SAS-OVEH-1 (seats, boarding), SAS-OVEH-3, SAS-OVEH-4 (Move with 4 MP like an
Axis vehicle, SAS-AVEH-2, SAS-AVEH-3; Foot down! 5 squares straight onto regular squares, OQ-44), SAS-OVEH-5, SAS-OVEH-8
(one roll of the vehicle's gun from a gunner seat, LOS like an Axis vehicle's, SAS-AVEH-7, SAS-AVEH-8; the Vickers
through one building wall), SAS-OVEH-7 (running over Axis infantry), SAS-OVEH-10 (attacked only with an operator aboard,
LOS to any part of it), SAS-OVEH-12, SAS-OVEH-13 (truck turns for 2 MP; the rowing boat on water only, low: low cover
blocks LOS to and from it, its gunner fires any way) and SAS-SUP-5 (the support Willys' own crew, always exposed).
Sizes, seats and values lost with the pictures are proposals in ``data/operator_vehicles.json`` (D-OVEH-1).

Where a vehicle may drive (decision D-OVEH-3): its whole token stays on the board; it may enter squares holding Axis
infantry (it runs them over, SAS-OVEH-7) but not squares holding an Axis vehicle, an operator on foot, another
operator vehicle or a fuel barrel. Which squares a move sweeps and what the terrain costs is the Axis vehicles'
reading (``vehicle_motion``, D-AVEH-2). Among equal paths the legal list keeps the first found, moves tried in the
order of ``vehicle_motion.MOVES`` (D-OVEH-4).

Sight (decision D-OVEH-5): a gunner's arc is the vehicle's front (or rear) 90° arc measured from the centre of its
front (rear) edge, 8 rows deep, as for Axis vehicles; range counts from the token's front (rear) row, and the line
is traced from a square of that row, so terrain under the token never blocks it. A boat gunner ("all") fires from
any square of the boat. An Axis unit sees a vehicle if it sees any square of its token (fully or half: a vehicle is
never crouched); low cover between a boat and the viewer blocks the line (SAS-OVEH-13).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from app.core.i18n import Text, localized
from app.geometry.los import trace
from app.geometry.paths import search
from app.systems.sas.board.facing import facing_toward
from app.systems.sas.board.reasons import Why, why
from app.systems.sas.board.vision import SIGHT, attack_line, sees_square
from app.systems.sas.operators.scuba import low_cover_between
from app.systems.sas.state import OperatorState, OperatorVehicleState, SasRuntime, SasState, UnitState
from app.systems.sas.tables import OperatorVehicleStats, Seat, WeaponStats
from app.systems.sas.vehicles.motion import MOVES, VehicleBoard
from app.systems.sas.vehicles.shape import Pose

Cell = tuple[int, int]
Key = tuple[int, int, str]
FIXED = ""  # the holder of a fixed seat: the vehicle's own crew (SAS-SUP-5)
MOVE_IDS = tuple(m.id for m in MOVES)
# Why the gunners cannot fire (SAS-SETUP-8, SAS-OVEH-5, SAS-AVEH-7).
NOT_ENTERED, NO_GUNNER, NOT_IN_ARC, NO_LINE = why("not_entered"), why("no_gunner"), why("not_in_arc"), why("no_line")


# --- the vehicle and its sheet ----------------------------------------------------------------------------
def stats(rt: SasRuntime, kind: str) -> OperatorVehicleStats:
    """The vehicle type ``kind``."""
    return next(v for v in rt.tables.operator_vehicles.vehicles if v.id == kind)


def vname(state: SasState, ov: OperatorVehicleState) -> Text:
    """The vehicle's printed name."""
    s = stats(state.rt, ov.kind)
    return localized(s.name_en, s.name_zh)


def hp(state: SasState, ov: OperatorVehicleState) -> int:
    """HP left (SAS-OVEH-9, SAS-OVEH-10)."""
    return stats(state.rt, ov.kind).hp - ov.damage


def seating(state: SasState, ov: OperatorVehicleState) -> dict[str, str]:
    """Occupied seats: seat id -> operator id (``FIXED`` for the vehicle's own crew, SAS-SUP-5)."""
    out = {s.id: FIXED for s in stats(state.rt, ov.kind).seats if s.fixed}
    for op in state.crew(ov.id):
        if op.seat is not None:
            out[op.seat] = op.id
    return out


def free_seats(state: SasState, ov: OperatorVehicleState) -> list[str]:
    """Seats nobody holds, in sheet order (SAS-OVEH-1)."""
    taken = seating(state, ov)
    return [s.id for s in stats(state.rt, ov.kind).seats if s.id not in taken]


def seated(state: SasState, ov: OperatorVehicleState, role: str) -> list[Seat]:
    """Occupied seats with ``role`` ("driver", "gunner", "passenger")."""
    taken = seating(state, ov)
    return [s for s in stats(state.rt, ov.kind).seats if s.role == role and s.id in taken]


def manned(state: SasState, ov: OperatorVehicleState) -> bool:
    """Someone is aboard: an operator, or its own crew (SAS-OVEH-10, SAS-SUP-5)."""
    return bool(seating(state, ov))


def target(state: SasState, ov: OperatorVehicleState) -> bool:
    """Axis units may see, react to and attack it: it has entered and someone is aboard (SAS-OVEH-10)."""
    return ov.entered and manned(state, ov)


def exposed(state: SasState, ov: OperatorVehicleState) -> bool:
    """It counts as an exposed target: the support Willys always (SAS-SUP-5), others with an exposed operator
    aboard (SAS-OVEH-10)."""
    if not target(state, ov):
        return False
    return stats(state.rt, ov.kind).always_exposed or any(o.exposed for o in state.crew(ov.id))


def exposed_vehicles(state: SasState) -> list[OperatorVehicleState]:
    """Vehicles the Axis advance on and attack like exposed operators (SAS-OVEH-10, SAS-SUP-5)."""
    return [v for v in state.op_vehicles if exposed(state, v)]


def aboard_anywhere(state: SasState) -> tuple[OperatorState, ...]:
    """Operators alive aboard any vehicle."""
    return tuple(o for o in state.operators if o.status == "active" and o.aboard is not None)


def blocking_cells(state: SasState) -> frozenset[Cell]:
    """Squares of vehicle tokens that block LOS for both sides (not the low rowing boat, SAS-OVEH-13)."""
    return frozenset(c for v in state.op_vehicles if stats(state.rt, v.kind).blocks_los for c in v.cells)


def dist(a: Cell, b: Cell) -> int:
    """Chebyshev distance (SAS-GEN-6)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def nearest(cells: tuple[Cell, ...] | list[Cell], to: Cell) -> Cell:
    """The square of ``cells`` nearest ``to`` (ties: top-left)."""
    return min(cells, key=lambda c: (dist(c, to), c[1], c[0]))


# --- driving (SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-7, D-OVEH-3)
# -----------------------------------------------------------------------
def board(rt: SasRuntime, kind: str) -> VehicleBoard:
    """The vehicle type's (cached) view of the board: terrain classes and move costs (SAS-AVEH-3)."""
    key = ("op_vehicle_board", kind)
    found: VehicleBoard | None = rt.cache.get(key)
    if found is None:
        found = rt.cache[key] = VehicleBoard(rt, stats(rt, kind).as_vehicle())
    return found


@dataclass(frozen=True)
class Road:
    """What stands in a vehicle's way: squares it may not enter, and Axis infantry it would run over."""

    blocked: frozenset[Cell]
    infantry: frozenset[Cell]


def road(state: SasState, ov: OperatorVehicleState) -> Road:
    """The traffic around ``ov`` (D-OVEH-3)."""
    blocked = {c for u in state.units if u.is_vehicle and not u.on_spawn for c in u.cells}
    blocked |= {o.loc for o in state.active_ops() if o.loc is not None}
    blocked |= {o.loc for o in state.objects if o.kind == "fuel_barrel" and o.loc is not None}
    blocked |= {c for v in state.op_vehicles if v.id != ov.id for c in v.cells}
    infantry = frozenset(u.loc for u in state.map_units() if not u.is_vehicle)
    return Road(frozenset(blocked), infantry)


@dataclass(frozen=True)
class Leg:
    """One single move made: the pose it leads to, its MP and the squares the token newly covers."""

    move: str
    key: Key
    cost: int
    new: tuple[Cell, ...]


def key_of(ov: OperatorVehicleState) -> Key:
    """The vehicle's pose as a search key."""
    return (ov.anchor[0], ov.anchor[1], ov.facing)


def pose_of(rt: SasRuntime, kind: str, key: Key) -> Pose:
    """The token geometry of ``kind`` in pose ``key``."""
    s = stats(rt, kind)
    return Pose((key[0], key[1]), key[2], s.width, s.length)


def leg(state: SasState, ov: OperatorVehicleState, here: Key, move: str, traffic: Road) -> Leg | Why:
    """The single move ``move`` from pose ``here``, or why it is not allowed (SAS-AVEH-2, SAS-AVEH-3, D-OVEH-3)."""
    vb = board(state.rt, ov.kind)
    tpl = next((t for t in vb.templates[here[2]] if t.move.id == move), None)
    if tpl is None:
        return why("unknown_move", move=move)
    x, y, _facing = here
    cost = vb.cost(tpl, x, y)
    if cost is None:
        return why("vehicle_terrain")
    nxt = (x + tpl.delta[0], y + tpl.delta[1], tpl.facing)
    if not all(state.rt.grid.contains(c) for c in pose_of(state.rt, ov.kind, nxt).cells()):
        return why("leaves_board")
    new = tuple((x + ox, y + oy) for ox, oy in tpl.new)
    if any(c in traffic.blocked for c in new):
        return why("in_the_way")
    return Leg(move, nxt, cost, new)


def plan(state: SasState, ov: OperatorVehicleState, moves: tuple[str, ...], budget: int) -> list[Leg] | Why:
    """The legs of a Move along ``moves`` with ``budget`` MP, or why it is not allowed (SAS-OVEH-3)."""
    traffic = road(state, ov)
    here, spent, out = key_of(ov), 0, []
    for move in moves:
        step = leg(state, ov, here, move, traffic)
        if isinstance(step, Why):
            return step
        spent += step.cost
        if spent > budget:
            return why("move_cost", spent=spent, budget=budget)
        out.append(step)
        here = step.key
    return out if out else why("no_move")


def reach(state: SasState, ov: OperatorVehicleState, budget: int) -> dict[Key, tuple[str, ...]]:
    """One cheapest way to every pose the vehicle can end a Move in (SAS-OVEH-3, SAS-AVEH-6, D-OVEH-4)."""
    traffic = road(state, ov)

    def legs(here: Key) -> Iterator[tuple[Key, int, str]]:
        for move in MOVE_IDS:
            step = leg(state, ov, here, move, traffic)
            if not isinstance(step, Why):
                yield step.key, step.cost, move

    found = search(key_of(ov), legs, max_cost=budget)
    return {key: found.labels_to(key) for key in found.cost if key != found.start}


def foot_down_reach(state: SasState, ov: OperatorVehicleState) -> int:
    """How many squares Foot down! can go straight ahead: each step an ordinary 1 MP step whose new squares are
    regular squares, up to the vehicle's Foot down distance; it ends before the first square it may not enter
    (SAS-OVEH-4, OQ-44)."""
    limit = stats(state.rt, ov.kind).foot_down
    regular = state.rt.tables.operator_vehicles.foot_down_terrain
    traffic = road(state, ov)
    here, count = key_of(ov), 0
    while count < limit:
        step = leg(state, ov, here, "forward", traffic)
        if isinstance(step, Why) or step.cost != 1:
            break
        if any(state.rt.grid.terrain(c) not in regular for c in step.new):
            break
        here, count = step.key, count + 1
    return count


# --- gunners' sight and range (SAS-OVEH-5, SAS-OVEH-8, SAS-OVEH-13, D-OVEH-5)
# -----------------------------------------------------
def gun_arcs(state: SasState, ov: OperatorVehicleState) -> tuple[str, ...]:
    """The arcs its occupied gunner seats fire into (SAS-OVEH-5)."""
    arcs: list[str] = []
    for seat in seated(state, ov, "gunner"):
        arcs += [a for a in seat.arcs if a not in arcs]
    return tuple(arcs)


def eye_row(pose: Pose, arc: str) -> tuple[Cell, ...]:
    """Where a gunner's line and range start: the front or rear row of the token; any square for "all"."""
    if arc == "front":
        return pose.front_row()
    if arc == "rear":
        return pose.rear_row()
    return pose.cells()


def in_arc(pose: Pose, arc: str, at: Cell) -> bool:
    """Whether ``at`` is in the 90° front (rear) arc from the centre of the front (rear) edge, 8 rows deep
    (SAS-AVEH-7, SAS-AVEH-8); any square off the token for "all" (the boat, SAS-OVEH-13)."""
    if arc == "all":
        return at not in pose.cells()
    px, py = pose.front_point() if arc == "front" else pose.rear_point()
    fx, fy = pose.forward if arc == "front" else (-pose.forward[0], -pose.forward[1])
    dx, dy = 2 * at[0] - 2 * px, 2 * at[1] - 2 * py
    forward, lateral = dx * fx + dy * fy, dy * fx - dx * fy
    return 0 < forward < 2 * SIGHT and abs(lateral) <= forward


def gun_range(pose: Pose, arc: str, at: Cell) -> int:
    """Range from the arc's row of the token (SAS-AVEH-8: it counts from the first square in front)."""
    return min(dist(c, at) for c in eye_row(pose, arc))


def gun_line(state: SasState, ov: OperatorVehicleState, arc: str, at: Cell) -> Why | None:
    """Why no square of the arc's row has a clear attack line to ``at`` (units, templates, terrain, other vehicles;
    low cover for the boat, SAS-OVEH-13), or None."""
    low = stats(state.rt, ov.kind).low
    last = NO_LINE
    for c in eye_row(ov.pose, arc):
        found = attack_line(state, c, at, ov.cells)
        if found is None and low and (cover := low_cover_between(state.rt, c, at)) is not None:
            found = why("boat_line", why=cover)
        if found is None:
            return None
        last = found
    return last


def one_wall(state: SasState, a: Cell, b: Cell) -> bool:
    """The line from ``a`` to ``b`` is blocked by exactly one wall edge (a building wall, door or window) and by
    nothing else: the Vickers fires through it at a unit inside the building (SAS-OVEH-8, like SAS-AATK-7)."""
    rt = state.rt
    walls = 0
    for crossing in trace(rt.grid, a, b).crossings:
        locs: tuple[Cell, ...] = crossing.locs  # type: ignore[assignment]
        if crossing.kind == "cell":
            if rt.tables.terrain.squares[rt.grid.terrain(locs[0])].los != "clear" and locs[0] != b:
                return False
            continue
        pairs = [(p, q) for p in locs for q in locs if p < q and abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1]
        kinds = [rt.tables.terrain.edges.get(f.kind) for p, q in pairs for f in rt.grid.edge_between(p, q)]
        if any(k is not None and k.los != "clear" for k in kinds):
            walls += 1
    return walls == 1


def gun_problem(state: SasState, ov: OperatorVehicleState, gun: WeaponStats, at: Cell) -> Why | None:
    """Why the vehicle's gunners cannot fire ``gun`` at the square ``at`` (SAS-OVEH-5, SAS-OVEH-8, SAS-OVEH-13), or
    None."""
    if not ov.entered:
        return NOT_ENTERED
    arcs = gun_arcs(state, ov)
    if not arcs:
        return NO_GUNNER
    problem = NOT_IN_ARC
    pose = ov.pose
    for arc in arcs:
        if not in_arc(pose, arc, at):
            continue
        if gun_range(pose, arc, at) > gun.long:
            problem = why("gun_range", n=gun.long)
            continue
        line = gun_line(state, ov, arc, at)
        if line is None:
            return None
        inside = state.rt.grid.terrain(at) == "building" and getattr(gun, "building", None) is not None
        if inside and any(one_wall(state, c, at) for c in eye_row(pose, arc)):
            return None
        problem = line
    return problem


def gun_distance(ov: OperatorVehicleState, state: SasState, at: Cell) -> int:
    """The range the roll counts: from the nearest row of a gunner's arc that covers ``at`` (SAS-AVEH-8)."""
    pose = ov.pose
    arcs = [a for a in gun_arcs(state, ov) if in_arc(pose, a, at)] or ["all"]
    return min(gun_range(pose, a, at) for a in arcs)


# --- being seen (SAS-OVEH-10) ----------------------------------------------------------------------------------
def seen_cells(state: SasState, unit: UnitState, ov: OperatorVehicleState) -> list[Cell]:
    """The squares of the token the unit sees (any grade: a vehicle is never crouched); low cover between a
    boat and the unit blocks (SAS-OVEH-13)."""
    low = stats(state.rt, ov.kind).low
    out = []
    for c in ov.cells:
        if not state.rt.grid.contains(c) or sees_square(state, unit, c) is None:
            continue
        if low and low_cover_between(state.rt, unit.loc, c) is not None:
            continue
        out.append(c)
    return out


def sees(state: SasState, unit: UnitState, ov: OperatorVehicleState) -> bool:
    """Whether the unit sees the vehicle: some square of it, and only once it is a target (SAS-OVEH-10)."""
    return target(state, ov) and bool(seen_cells(state, unit, ov))


# --- the Axis against a vehicle (SAS-OVEH-10, SAS-SUP-5; advance and attack as against an exposed operator) ------
def distance(ov: OperatorVehicleState, at: Cell) -> int:
    """Distance from ``at`` to the nearest square of the token (SAS-GEN-6)."""
    return min(dist(c, at) for c in ov.cells)


def can_attack(state: SasState, unit: UnitState, ov: OperatorVehicleState) -> bool:
    """The unit sees a square of the vehicle within its long range (SAS-AATK-1, SAS-OVEH-10)."""
    stats_ = state.rt.tables.units.get(unit.kind)
    if stats_ is None or not target(state, ov):
        return False
    return any(dist(unit.loc, c) <= stats_.long for c in seen_cells(state, unit, ov))


def best_spot(state: SasState, unit: UnitState, at: Cell, ov: OperatorVehicleState) -> bool:
    """A best attack position against a vehicle: a square of it visible at short range from ``at`` (facing it);
    cover never counts against a vehicle (SAS-ADV-4, SAS-OVEH-10)."""
    stats_ = state.rt.tables.units.get(unit.kind)
    if stats_ is None or at in ov.cells:
        return False
    near = nearest(ov.cells, at)
    if dist(at, near) > stats_.short:
        return False
    there = replace(unit, loc=at, facing=facing_toward(at, near, unit.facing))
    return any(dist(at, c) <= stats_.short for c in seen_cells(state, there, ov))

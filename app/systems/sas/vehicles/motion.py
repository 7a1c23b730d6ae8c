"""Axis vehicle movement: the single moves and their MP, terrain, passing units, the map's edge, shortest paths
and driving along a printed route.

Rulebook chapter: §18.1 Axis vehicle movement — SAS-AVEH-2 (1 MP forward, straight or diagonally, or a forward
turn; 2 MP in reverse; trucks turn for 2 MP and stop when a needed turn costs more than they have left),
SAS-AVEH-3 (blocking terrain; forest and hedge cost 2 MP to enter, forward or in reverse; leaving costs the normal
amount), SAS-AVEH-4 (passing Axis units if it can end in empty squares, else stopping short), SAS-AVEH-5 (partly
off the map), SAS-AVEH-6 (shortest paths count reverse and forest/hedge costs), with SAS-BRD-14 and SAS-TER-16
(vehicles drive through blast templates). The token's geometry is ``vehicle_shape`` (decision D-AVEH-1).

Which squares and edges a move of a several-square token crosses (decision D-AVEH-2): a move sweeps a *region*
— the squares under the token before and after it, plus, for a diagonal step, the squares of one of the two ways
round (the whole token shifted first along one axis, then along the other: the corner rule OQ-9 of infantry
applied to the whole token), and for a turn, the squares of its diagonal step before the token pivots. The move
is blocked if a blocking square lies in the region outside the token's old squares, or a blocking edge lies
between two squares of the region that were not both under the token already (an edge already under the token
is being left, never entered). It *enters* forest or hedge — and costs at least 2 MP — when a slow square or
slow edge passes the same test. Of the two ways round, the easier counts. Squares off the map are open ground.

Passing (decision D-AVEH-3): a vehicle drives through the squares of Axis units (SAS-AVEH-4) but never into an
operator's square (only convoys, which run operators over, SAS-AVEH-21) nor onto a fuel barrel; it ends its
move only where every square of its token is empty. Off the map (decision D-AVEH-4): a pose may stick out of
the map as long as one of its squares is on it; a vehicle that starts wholly off the map (entering) may drive
wholly off the map only until it first touches it.

Shortest paths are a Dijkstra search over poses (anchor square and facing). Deterministic ties (decision
D-AVEH-5): among equal costs the pose reached first wins, moves being tried in the order of ``MOVES`` (straight
on, diagonally left, diagonally right, turn left, turn right, then the same in reverse).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from app.geometry.paths import Search
from app.geometry.paths import search as dijkstra
from app.systems.sas.board.facing import ORTHO, VEC, rotate
from app.systems.sas.state import SasRuntime, SasState, UnitState
from app.systems.sas.tables import VehicleStats
from app.systems.sas.vehicles.shape import Pose, Side, footprint

Cell = tuple[int, int]
Key = tuple[int, int, str]  # a pose: anchor x, anchor y, facing
OPEN, SLOW, BLOCKED = 0, 1, 2
CLASS = {"open": OPEN, "slow": SLOW, "blocked": BLOCKED}
GAP = 3  # convoy vehicles end at least 3 squares apart: a gap of 2 squares (SAS-AVEH-18)


@dataclass(frozen=True)
class Move:
    """One single vehicle move (SAS-AVEH-2): ``forward`` +1 or -1 (reverse), ``side`` of a diagonal step or
    turn (None: straight), ``turn`` a diagonal step with a quarter rotation."""

    id: str
    forward: int
    side: Side | None
    turn: bool


MOVES: tuple[Move, ...] = (
    Move("forward", 1, None, False),
    Move("forward_left", 1, "left", False),
    Move("forward_right", 1, "right", False),
    Move("turn_left", 1, "left", True),
    Move("turn_right", 1, "right", True),
    Move("reverse", -1, None, False),
    Move("reverse_left", -1, "left", False),
    Move("reverse_right", -1, "right", False),
    Move("reverse_turn_left", -1, "left", True),
    Move("reverse_turn_right", -1, "right", True),
)
FORWARD_MOVES = MOVES[:5]


@dataclass(frozen=True)
class _Way:
    """One way a move can sweep (offsets from the old anchor): squares entered, edges crossed."""

    squares: tuple[Cell, ...]
    edges: tuple[tuple[Cell, Cell], ...]


@dataclass(frozen=True)
class _Template:
    """A move from one facing, relative to the old anchor (translation-invariant)."""

    index: int
    move: Move
    delta: Cell
    facing: str
    base: int
    ways: tuple[_Way, ...]
    new: tuple[Cell, ...]  # squares under the token after the move that were not under it before


@dataclass(frozen=True)
class Step:
    """A move made: what, the pose it leads to and its MP."""

    move: Move
    key: Key
    cost: int


def _region(before: set[Cell], swept: set[Cell]) -> _Way:
    """The squares and edges a move sweeping ``swept`` enters, given the token's old squares (D-AVEH-2)."""
    region = before | swept
    edges = []
    for x, y in sorted(region):
        for other in ((x + 1, y), (x, y + 1)):
            if other in region and not ((x, y) in before and other in before):
                edges.append(((x, y), other))
    return _Way(tuple(sorted(region - before)), tuple(edges))


@lru_cache(maxsize=64)
def _templates(width: int, length: int, turn_mp: int) -> dict[str, tuple[_Template, ...]]:
    """Every move from every facing for a token of this size (SAS-AVEH-2, D-AVEH-1, D-AVEH-2)."""
    out: dict[str, tuple[_Template, ...]] = {}
    for facing in ORTHO:
        pose = Pose((0, 0), facing, width, length)
        before = set(pose.cells())
        found = []
        for index, move in enumerate(MOVES):
            stepped = pose.step(move.forward, move.side)
            after = pose.turn(move.forward, move.side) if move.turn and move.side else stepped
            dx, dy = stepped.anchor
            swept = set(stepped.cells()) | set(after.cells())
            if dx and dy:  # a diagonal step: either way round the corner (OQ-9 for the whole token)
                ways = tuple(_region(before, swept | set(pose.shifted(*first).cells())) for first in ((dx, 0), (0, dy)))
            else:
                ways = (_region(before, swept),)
            base = 1 if move.forward > 0 else 2
            if move.turn:
                base = max(base, turn_mp)  # trucks turn for 2 MP (SAS-AVEH-2)
            new = tuple(sorted(set(after.cells()) - before))
            found.append(_Template(index, move, after.anchor, after.facing, base, ways, new))
        out[facing] = tuple(found)
    return out


class VehicleBoard:
    """One vehicle type's view of a board: the class of every square and edge, and the static move costs
    (SAS-AVEH-3). Built once per runtime and vehicle type (``board_for``)."""

    def __init__(self, rt: SasRuntime, stats: VehicleStats) -> None:
        table = rt.tables.vehicles
        self.stats = stats
        self.map_cells = rt.map_cells
        self.templates = _templates(stats.width, stats.length, stats.turn_mp)
        self.squares: dict[Cell, int] = {}
        self.edges: dict[tuple[Cell, Cell], int] = {}
        for c in rt.map_cells:
            cls = CLASS[table.move_class(stats, "squares", rt.grid.terrain(c))]
            if cls != OPEN:
                self.squares[c] = cls
            for other in ((c[0] + 1, c[1]), (c[0], c[1] + 1)):
                worst = OPEN
                for feature in rt.grid.edge_between(c, other):
                    worst = max(worst, CLASS[table.move_class(stats, "edges", feature.kind)])
                if worst != OPEN:
                    self.edges[(c, other)] = self.edges[(other, c)] = worst
        self._costs: dict[tuple[int, int, str, int], int | None] = {}
        xs = [c[0] for c in rt.map_cells] or [0]
        ys = [c[1] for c in rt.map_cells] or [0]
        margin = stats.width + stats.length
        self.box = (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)

    def cost(self, tpl: _Template, x: int, y: int) -> int | None:
        """MP of the move ``tpl`` from anchor (x, y) on empty ground, or None if terrain blocks it."""
        key = (x, y, tpl.facing, tpl.index)
        if key in self._costs:
            return self._costs[key]
        best = BLOCKED
        for way in tpl.ways:
            cls = OPEN
            for ox, oy in way.squares:
                cls = max(cls, self.squares.get((x + ox, y + oy), OPEN))
                if cls == BLOCKED:
                    break
            if cls != BLOCKED:
                for (ax, ay), (bx, by) in way.edges:
                    cls = max(cls, self.edges.get(((x + ax, y + ay), (x + bx, y + by)), OPEN))
                    if cls == BLOCKED:
                        break
            best = min(best, cls)
        found = None if best == BLOCKED else (tpl.base if best == OPEN else max(tpl.base, 2))
        self._costs[key] = found
        return found

    def inside(self, x: int, y: int) -> bool:
        """Whether an anchor lies in the area the search may use (the map plus a token's size round it)."""
        x0, y0, x1, y1 = self.box
        return x0 <= x <= x1 and y0 <= y <= y1


def stats_of(state: SasState, unit: UnitState) -> VehicleStats:
    """The vehicle type of ``unit`` (which must be a vehicle)."""
    return board_for(state.rt, unit.kind).stats


def board_for(rt: SasRuntime, kind: str) -> VehicleBoard:
    """The (cached) board view of vehicle type ``kind``."""
    key = ("vehicle_board", kind)
    found: VehicleBoard | None = rt.cache.get(key)
    if found is None:
        stats = rt.tables.vehicle(kind)
        assert stats is not None, kind
        found = rt.cache[key] = VehicleBoard(rt, stats)
    return found


def key_of(unit: UnitState) -> Key:
    """The unit's pose."""
    return (unit.loc[0], unit.loc[1], unit.facing)


def cells_of(kind: str, key: Key, rt: SasRuntime) -> tuple[Cell, ...]:
    """Squares under vehicle type ``kind`` in pose ``key``."""
    stats = board_for(rt, kind).stats
    return footprint((key[0], key[1]), key[2], stats.width, stats.length)


def pose(kind: str, key: Key, rt: SasRuntime) -> Pose:
    """The token geometry of vehicle type ``kind`` in pose ``key``."""
    stats = board_for(rt, kind).stats
    return Pose((key[0], key[1]), key[2], stats.width, stats.length)


def on_map_count(rt: SasRuntime, cells: Iterable[Cell]) -> int:
    """How many of ``cells`` are map squares."""
    return sum(1 for c in cells if c in rt.map_cells)


def wholly_off(rt: SasRuntime, kind: str, key: Key) -> bool:
    """No square of the token is on the map (SAS-AVEH-15)."""
    return on_map_count(rt, cells_of(kind, key, rt)) == 0


def off_board(rt: SasRuntime, unit: UnitState) -> bool:
    """A vehicle is off the board — sees and hears nothing, takes no part (SAS-BRD-14, SAS-AVEH-15) — while its
    front row is not wholly on the map: its LOS origin, the centre of its front edge (SAS-AVEH-8), is then not
    inside the map (decision D-AVEH-4). A vehicle wholly off the map is off the board."""
    front = pose(unit.kind, key_of(unit), rt).front_row()
    return any(c not in rt.map_cells for c in front)


def distance(unit: UnitState, target: Cell) -> int:
    """Chebyshev distance from the nearest square of the unit's token to ``target`` (SAS-GEN-6)."""
    return min(max(abs(c[0] - target[0]), abs(c[1] - target[1])) for c in unit.cells)


def nearest_cell(cells: Iterable[Cell], target: Cell) -> Cell:
    """The square of ``cells`` nearest ``target`` (ties: top-left)."""
    return min(cells, key=lambda c: (max(abs(c[0] - target[0]), abs(c[1] - target[1])), c[1], c[0]))


def gap(a: Iterable[Cell], b: Iterable[Cell]) -> int:
    """Chebyshev distance between the nearest squares of two tokens."""
    bs = tuple(b)
    return min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in a for q in bs)


@dataclass(frozen=True)
class Traffic:
    """What stands on the board for one vehicle's move (SAS-AVEH-4, D-AVEH-3): other Axis units' squares (passable,
    not to end on), operators (impassable unless ``crush``) and fuel barrels (impassable)."""

    units: frozenset[Cell]
    ops: frozenset[Cell]
    barrels: frozenset[Cell]
    crush: bool = False

    def can_enter(self, cells: Iterable[Cell]) -> bool:
        """The token may move onto these new squares."""
        return not any(c in self.barrels or (not self.crush and c in self.ops) for c in cells)

    def can_end(self, cells: Iterable[Cell]) -> bool:
        """Every square is empty (SAS-BRD-2, SAS-AVEH-4); a convoy's operators are run over (SAS-AVEH-21)."""
        return not any(c in self.units or c in self.barrels or (not self.crush and c in self.ops) for c in cells)


def traffic(state: SasState, unit_id: str, crush: bool = False) -> Traffic:
    """The traffic around vehicle ``unit_id``."""
    units = frozenset(c for u in state.units if u.id != unit_id for c in u.cells)
    units |= frozenset(c for v in state.op_vehicles for c in v.cells)  # passed like Axis units (SAS-AVEH-4)
    ops = frozenset(o.loc for o in state.active_ops() if o.loc is not None)
    barrels = frozenset(o.loc for o in state.objects if o.kind == "fuel_barrel" and o.loc is not None)
    return Traffic(units, ops, barrels, crush)


def steps_from(state: SasState, unit: UnitState, key: Key | None = None, moves: Iterable[Move] = MOVES) -> list[Step]:
    """The single moves vehicle ``unit`` can make from ``key`` (default: where it stands) and their MP,
    passing rules included (SAS-AVEH-2, SAS-AVEH-3, SAS-AVEH-4, SAS-AVEH-5). The poses may hold other Axis units: see
    ``Traffic.can_end``."""
    board = board_for(state.rt, unit.kind)
    here = key or key_of(unit)
    cars = traffic(state, unit.id)
    out = []
    wanted = {m.id for m in moves}
    for tpl in board.templates[here[2]]:
        if tpl.move.id not in wanted:
            continue
        cost = board.cost(tpl, here[0], here[1])
        nxt = (here[0] + tpl.delta[0], here[1] + tpl.delta[1], tpl.facing)
        if cost is None or not cars.can_enter((here[0] + x, here[1] + y) for x, y in tpl.new):
            continue
        if on_map_count(state.rt, cells_of(unit.kind, nxt, state.rt)) == 0 and not wholly_off(
            state.rt, unit.kind, here
        ):
            continue  # partly off the map only (SAS-AVEH-5)
        out.append(Step(tpl.move, nxt, cost))
    return out


@dataclass
class Reach:
    """A shortest-path search from a vehicle's pose: the MP to each pose reached and how (SAS-AVEH-6)."""

    start: Key
    cost: dict[Key, int]
    back: dict[Key, tuple[Key, Move]]
    found: Key | None = None

    def path(self, to: Key) -> list[Step]:
        """The moves from the start to ``to``."""
        out: list[Step] = []
        here = to
        while here != self.start:
            prev, move = self.back[here]
            out.append(Step(move, here, self.cost[here] - self.cost[prev]))
            here = prev
        out.reverse()
        return out


def search(
    state: SasState,
    unit: UnitState,
    budget: int,
    goal: Callable[[Key], bool] | None = None,
    *,
    crush: bool = False,
) -> Reach:
    """Dijkstra over poses from where ``unit`` stands, up to ``budget`` MP (SAS-AVEH-6, D-AVEH-5). With ``goal``
    the search stops at the first (cheapest) pose that meets it (``Reach.found``)."""
    rt = state.rt
    board = board_for(rt, unit.kind)
    width, length = board.stats.width, board.stats.length
    cars = traffic(state, unit.id, crush)
    start = key_of(unit)
    maps = rt.map_cells

    def moves(node: Node) -> Iterator[tuple[Node, int, Move]]:
        x, y, facing, entered = node
        for tpl in board.templates[facing]:
            mp = board.cost(tpl, x, y)
            nx, ny = x + tpl.delta[0], y + tpl.delta[1]
            if mp is None or not board.inside(nx, ny):
                continue
            if not cars.can_enter((x + ox, y + oy) for ox, oy in tpl.new):
                continue
            on = any(c in maps for c in footprint((nx, ny), tpl.facing, width, length))
            if on or not entered:  # not only partly off the map (SAS-AVEH-5, D-AVEH-4)
                yield (nx, ny, tpl.facing, entered or on), mp, tpl.move

    entered0 = on_map_count(rt, footprint((start[0], start[1]), start[2], width, length)) > 0
    stop = None if goal is None else (lambda node: goal(node[:3]))
    found = dijkstra((*start, entered0), moves, max_cost=budget, goal=stop)
    return _poses(start, found)


Node = tuple[int, int, str, bool]
"""A pose and whether the token has been wholly or partly on the map yet (SAS-AVEH-5)."""


def _poses(start: Key, found: Search[Node, Move]) -> Reach:
    """The search over (pose, entered) nodes seen per pose: the cheaper of its two nodes, the first reached on a tie."""
    cost: dict[Key, int] = {}
    back: dict[Key, tuple[Key, Move]] = {}
    first: dict[Key, Node] = {}
    for node, spent in found.cost.items():
        pose = node[:3]
        known = cost.get(pose)
        if known is not None and (known, found.lowered[first[pose]]) <= (spent, found.lowered[node]):
            continue
        cost[pose] = int(spent)
        first[pose] = node
        if node in found.back:
            before, move = found.back[node]
            back[pose] = (before[:3], move)
    return Reach(start, cost, back, None if found.found is None else found.found[:3])


def end_poses(state: SasState, unit: UnitState, reach: Reach) -> list[Key]:
    """Poses reached where the vehicle may end its move: every square empty, partly on the map (SAS-AVEH-4,
    SAS-AVEH-5)."""
    cars = traffic(state, unit.id)
    rt = state.rt
    out = []
    for key in reach.cost:
        cells = cells_of(unit.kind, key, rt)
        if key == reach.start or (cars.can_end(cells) and on_map_count(rt, cells)):
            out.append(key)
    return out


# --- routes ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    """A printed route in one direction of travel, extended straight back before its first square (where a
    vehicle waits off the map, a convoy lines up) and straight on after its last (where it leaves the map).

    ``index[c]`` lists the positions of square ``c`` along the line; positions before the first square are
    negative; ``last`` is the position of the route's last square (SAS-AVEH-14, SAS-AVEH-17)."""

    squares: tuple[Cell, ...]
    index: dict[Cell, tuple[int, ...]]
    first: int
    last: int

    def at(self, position: int) -> Cell:
        """The square at ``position``."""
        return self.squares[position - self.first]


EXTEND = 48  # squares added before and after a route (a convoy column waits behind its entry point)


@lru_cache(maxsize=256)
def line(route: tuple[Cell, ...]) -> Line:
    """The extended line of ``route`` (in its direction of travel)."""
    (x0, y0), (x1, y1) = route[0], route[1]
    (xa, ya), (xb, yb) = route[-2], route[-1]
    d0, d1 = (x1 - x0, y1 - y0), (xb - xa, yb - ya)
    before = tuple((x0 - d0[0] * k, y0 - d0[1] * k) for k in range(EXTEND, 0, -1))
    after = tuple((xb + d1[0] * k, yb + d1[1] * k) for k in range(1, EXTEND + 1))
    squares = before + route + after
    index: dict[Cell, list[int]] = {}
    for i, c in enumerate(squares):
        index.setdefault(c, []).append(i - EXTEND)
    return Line(squares, {c: tuple(v) for c, v in index.items()}, -EXTEND, len(route) - 1)


def entry_key(route: tuple[Cell, ...], width: int, behind: int = 0, side: Side = "right") -> Key:
    """Where a vehicle waits to drive ``route``: wholly off the map, facing along the route's first step, the
    route's first square straight ahead of its right-hand (``side``) front square (decision D-AVEH-6);
    ``behind`` more squares back (a convoy's column)."""
    (x0, y0), (x1, y1) = route[0], route[1]
    dx, dy = x1 - x0, y1 - y0
    facing = next(f for f, v in VEC.items() if v == (dx, dy))
    rx, ry = VEC[rotate(facing, "cw")]
    back = 1 + behind
    across = width - 1 if side == "right" else 0
    return (x0 - dx * back - rx * across, y0 - dy * back - ry * across, facing)


def progress(route: Line, front: Iterable[Cell], after: int | None = None, window: int = 0) -> int | None:
    """How far along the line a token's front row is: the furthest position of a front square (beyond
    ``after`` and at most ``window`` past it, when given)."""
    found = None
    for c in front:
        for i in route.index.get(c, ()):
            if after is not None and not after < i <= after + window:
                continue
            if found is None or i > found:
                found = i
    return found


def drive(
    state: SasState,
    unit: UnitState,
    route: tuple[Cell, ...],
    budget: int,
    *,
    crush: bool = False,
    side: Side = "right",
) -> list[Step]:
    """The moves a vehicle makes following ``route`` with up to ``budget`` MP (SAS-AVEH-14, SAS-AVEH-17, D-AVEH-6).

    The printed line runs under the token's right-hand column (``side``; driving a route back, its left-hand one,
    so it keeps to the same squares). At each square the vehicle takes, of the forward moves terrain allows, the
    one bringing that front square furthest along the line (ties: straight on,
    diagonally left or right, turn left or right; a diagonal step only onto the very next square of the line, so
    it never cuts a corner); failing that, any front square. It stops when no move gets it
    further, when that move costs more MP than it has left (a truck before a turn, SAS-AVEH-2), when an operator
    or a fuel barrel is in the way (SAS-AVEH-4, unless it runs operators over), or once it has passed the route's
    end and is wholly off the map (SAS-AVEH-15). Where it may end is the caller's business."""
    rt = state.rt
    board = board_for(rt, unit.kind)
    width, length = board.stats.width, board.stats.length
    cars = traffic(state, unit.id, crush)
    path = line(route)
    here = key_of(unit)
    at = progress(path, _front(here, width, length))
    if at is None:
        return []
    window = width + length + 1
    left = budget
    out: list[Step] = []
    while left > 0:
        chosen = _next_on_line(board, path, (here, at), window, side)
        if chosen is None:
            break
        tpl, nxt, ahead, mp = chosen
        x, y, _facing = here
        if mp > left or not cars.can_enter((x + ox, y + oy) for ox, oy in tpl.new):
            break
        out.append(Step(tpl.move, nxt, mp))
        left -= mp
        here, at = nxt, ahead
        if at > path.last and on_map_count(rt, footprint((here[0], here[1]), here[2], width, length)) == 0:
            break  # it has left the map (SAS-AVEH-15, SAS-AVEH-17)
    return out


def _next_on_line(
    board: VehicleBoard, path: Line, where: tuple[Key, int], window: int, side: Side
) -> tuple[_Template, Key, int, int] | None:
    """The forward move following the line best (D-AVEH-6): its template, pose, progress and MP."""
    width, length = board.stats.width, board.stats.length
    (x, y, facing), at = where
    own = slice(width - 1, width) if side == "right" else slice(0, 1)
    for right_only in (True, False):
        best: tuple[int, int, _Template, Key, int] | None = None
        for order, tpl in enumerate(board.templates[facing][: len(FORWARD_MOVES)]):
            mp = board.cost(tpl, x, y)
            if mp is None:
                continue
            nxt = (x + tpl.delta[0], y + tpl.delta[1], tpl.facing)
            front = _front(nxt, width, length)
            ahead = progress(path, front[own] if right_only else front, at, window)
            if ahead is not None and tpl.move.side and not tpl.move.turn and ahead != at + 1:
                continue  # a diagonal step follows a diagonal stretch of the line, it never cuts a corner
            if ahead is not None and (best is None or (ahead, -order) > (best[0], best[1])):
                best = (ahead, -order, tpl, nxt, mp)
        if best is not None:
            return best[2], best[3], best[0], best[4]
    return None


def _front(key: Key, width: int, length: int) -> tuple[Cell, ...]:
    return footprint((key[0], key[1]), key[2], width, length)[:width]


def past_end(route: tuple[Cell, ...], unit: UnitState, rt: SasRuntime) -> bool:
    """The vehicle has driven past the end of ``route`` and is wholly off the map (SAS-AVEH-15)."""
    stats = board_for(rt, unit.kind).stats
    at = progress(line(route), _front(key_of(unit), stats.width, stats.length))
    return at is not None and at > len(route) - 1 and wholly_off(rt, unit.kind, key_of(unit))


def describe_steps(steps: list[Step]) -> list[tuple[str, int, str]]:
    """Consecutive moves grouped for narration: (move id, how many, facing after)."""
    groups: list[tuple[str, int, str]] = []
    for step in steps:
        if groups and groups[-1][0] == step.move.id and not step.move.turn:
            groups[-1] = (step.move.id, groups[-1][1] + 1, step.key[2])
        else:
            groups.append((step.move.id, 1, step.key[2]))
    return groups


def legal_moves(state: SasState, unit: UnitState) -> dict[str, tuple[Key, int]]:
    """Every single move the vehicle can make now with its pose and MP, by move id (for tests and the UI)."""
    return {s.move.id: (s.key, s.cost) for s in steps_from(state, unit)}


def facing_index(facing: str) -> int:
    """N, E, S, W order (the last tie rule among equal poses, D-AVEH-5)."""
    return ORTHO.index(facing)


def as_unit(unit: UnitState, key: Key, rt: SasRuntime, **changes: Any) -> UnitState:
    """``unit`` placed in pose ``key`` (its off-board flag kept up to date)."""
    moved = replace(unit, loc=(key[0], key[1]), facing=key[2], **changes)
    return replace(moved, on_spawn=off_board(rt, moved))

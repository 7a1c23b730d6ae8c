"""Line of sight and visibility (rulebook chapter §4, SAS-LOS-1, SAS-LOS-2, SAS-LOS-3, SAS-LOS-4, SAS-LOS-5, SAS-LOS-6,
SAS-LOS-7, SAS-LOS-8, SAS-LOS-9, SAS-LOS-10, with SAS-TER-3, SAS-TER-4, SAS-TER-5, SAS-TER-6, SAS-TER-7, SAS-TER-8,
SAS-TER-9, SAS-TER-10, SAS-TER-11, SAS-TER-12, SAS-TER-13, SAS-TER-14, SAS-TER-15, SAS-TER-16, SAS-TER-17 for what
blocks).

One function judges every line: the centre-to-centre trace of ``app.geometry.los`` is examined crossing by
crossing. Squares: forest and rock can be seen into but not through (SAS-TER-3, SAS-TER-4), supply dumps block
(SAS-TER-14), crates are low cover (SAS-TER-9). Edges: building walls, doors and high walls block
(SAS-TER-10, SAS-TER-11, SAS-TER-13); a window blocks except for its six window squares (SAS-TER-12); low walls, hedges
and windows are low cover. A line through a corner point is blocked only if both ways round the corner are blocked
(OQ-9). Low cover (and fuel barrels, SAS-OBJ-6) hide corpses and crouched operators in a square next to the
cover from a viewer that is not itself next to it (SAS-LOS-5, OQ-61); forest hides them from any viewer that is
not adjacent (SAS-TER-3). The static part of every line is cached per board; units, templates and barrels are
checked per state: unalert Axis units block Axis sight, alert ones do not (SAS-LOS-3); any other Axis unit
blocks an operator's attack line (SAS-LOS-1, OQ-8). The cover that hides a crouched operator also blocks his own
LOS out across it (SAS-LOS-10); Blind Fire ignores it (OQ-64).

Axis infantry see a 90° arc to 8 squares plus the squares directly left and right (SAS-LOS-2, OQ-10).

Axis vehicles (§18.2, SAS-AVEH-7, SAS-AVEH-8) see from the centre of the front edge of their token (and of the rear edge
for vehicles with a rear arc): a 90° arc whose rows count from the first row of squares in front of (behind) the
token, to 8 rows, with no peripheral squares. The line from an edge centre to a square centre is the far half of
the centre-to-centre line from the mirror square through that point, so the exact grid trace serves both; the
first crossing, at the token's edge, is judged as the edge between the token and the square the line enters.
Terrain under the token never blocks (the line never crosses it); from an outer window square a vehicle does not
see into the building (the window exemption of SAS-TER-12 is the infantry viewer's only); every vehicle, alert or
not, blocks the sight and the attack lines of both sides (SAS-AVEH-8). "Next to the viewer" (seeing past cover
next to it, seeing into an adjacent forest) means next to any square of the token.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.geometry.gridtrace import square_template
from app.geometry.los import Crossing, trace
from app.systems.sas.board import windows
from app.systems.sas.board.facing import VEC, covers, rotate
from app.systems.sas.board.reasons import CLEAR, Why, terrain_name, why
from app.systems.sas.board.windows import touching as _touching
from app.systems.sas.operators import scuba
from app.systems.sas.state import OperatorState, SasRuntime, SasState, UnitState
from app.systems.sas.tables import tables
from app.systems.sas.vehicles.shape import unit_pose

Cell = tuple[int, int]
SIGHT = 8  # SAS-LOS-2, SAS-AVEH-7
FULL, HALF = "full", "half"
RANK = {FULL: 2, HALF: 1}
OUTSIDE = {"front": why("outside_front"), "rear": why("outside_rear")}  # SAS-AVEH-7
NOT_SEEN = ("none", CLEAR)


@dataclass(frozen=True)
class Corner:
    """A corner point the line passes exactly through, and the two ways round it (OQ-9)."""

    x: Cell | None
    y: Cell | None
    x_open: bool
    y_open: bool


@dataclass(frozen=True)
class Line:
    """The board's (static) verdict on a line from ``a`` to ``b``.

    Attributes:
        block: Why terrain blocks it (with the rule ID), or ``None``.
        hide: Why corpses and crouched operators in ``b`` are hidden (half visible), or ``None``.
        cells: Squares strictly between ``a`` and ``b`` (units, templates, barrels there matter).
        corners: Corner points passed exactly.
        window: The window edge (near square, far square) the line passes through when it misses the edge itself
            (it crosses the wall beside the window, SAS-TER-12).
    """

    block: Why | None
    hide: Why | None
    cells: tuple[Cell, ...]
    corners: tuple[Corner, ...]
    window: tuple[Cell, Cell] | None = None


@dataclass(frozen=True)
class Eye:
    """Where a vehicle looks from (SAS-AVEH-7, SAS-AVEH-8): the centre of its front or rear edge and the way it looks.

    Attributes:
        arc: "front" or "rear".
        point: The edge centre in doubled coordinates (square (x, y) has its centre at (2x, 2y)), exact.
        facing: The way the arc looks (the vehicle's facing, or the opposite for the rear arc).
        body: Every square of the token (next to the viewer means next to one of them).
    """

    arc: str
    point: Cell
    facing: str
    body: tuple[Cell, ...]


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _beside(viewer: Iterable[Cell], c: Cell) -> bool:
    """Whether ``c`` is a square of the viewer or next to one (SAS-LOS-5 / OQ-61, SAS-TER-3)."""
    return any(_dist(v, c) <= 1 for v in viewer)


class _Judge:
    """Examines the crossings of one line and remembers the first block and the hiding cover.

    ``viewer``: the viewer's squares (one for infantry, a vehicle's whole token); ``windows``: whether a viewer in
    an outer window square sees through the window (infantry, SAS-TER-12), which a vehicle does not (SAS-AVEH-7).
    """

    def __init__(self, rt: SasRuntime, viewer: frozenset[Cell], b: Cell, windows: bool = True) -> None:
        self.rt, self.viewer, self.b, self.windows = rt, viewer, b, windows
        self.block: Why | None = None
        self.hide: Why | None = None
        self.cells: list[Cell] = []
        self.corners: list[Corner] = []

    def cell(self, c: Cell) -> None:
        kind = self.rt.grid.terrain(c)
        effect = self.rt.tables.terrain.squares[kind]
        self.cells.append(c)
        if effect.los != "clear":
            self.block = self.block or self._at(kind, c, effect.rule)
        elif effect.low_cover and _dist(c, self.b) == 1 and not _beside(self.viewer, c):
            self.hide = self.hide or self._at(kind, c, "SAS-LOS-5")

    def _at(self, kind: str, c: Cell, rule: str) -> Why:
        return why("at", what=terrain_name(self.rt, kind), sq=self.rt.label(c), rule=rule)

    def edge(self, p: Cell, q: Cell) -> None:
        for feature in self.rt.grid.edge_between(p, q):
            effect = self.rt.tables.terrain.edges.get(feature.kind)
            if effect is None:
                continue
            near, far = _touching(p, q), _touching(q, p)
            by_window = self.windows and bool(self.viewer & near)
            if effect.los == "block" or (effect.los == "window" and not by_window and self.b not in far):
                rule = effect.rule if self.windows or effect.los == "block" else f"{effect.rule}, SAS-AVEH-7"
                self.block = self.block or self._between(feature.kind, p, q, rule)
            elif effect.low_cover and self.b in far and not self.viewer & near:
                self.hide = self.hide or self._between(feature.kind, p, q, "SAS-LOS-5")

    def _between(self, kind: str, p: Cell, q: Cell, rule: str) -> Why:
        label = self.rt.label
        return why("between", what=terrain_name(self.rt, kind), a=label(p), b=label(q), rule=rule)

    def _route(self, f: Cell, via: Cell | None, last: Cell) -> tuple[bool, bool]:
        """(open, low cover) for going round a corner through ``via``."""
        grid = self.rt.grid
        if via is None or not grid.contains(via):
            return False, False
        sq = self.rt.tables.terrain.squares[grid.terrain(via)]
        ends = via == self.b or via in self.viewer
        if sq.los != "clear" and not ends:
            return False, False
        low = sq.low_cover and not ends
        for p, q in ((f, via), (via, last)):
            for feature in grid.edge_between(p, q):
                effect = self.rt.tables.terrain.edges.get(feature.kind)
                if effect is not None and effect.los != "clear":
                    return False, False
                low = low or bool(effect and effect.low_cover)
        return True, low

    def corner(self, locs: tuple[Cell, ...]) -> None:
        f, last = locs[0], locs[-1]
        mids = list(locs[1:-1])
        x = mids[0] if mids else None
        y = mids[1] if len(mids) > 1 else None
        (x_open, x_low), (y_open, y_low) = self._route(f, x, last), self._route(f, y, last)
        self.corners.append(Corner(x, y, x_open, y_open))
        if not (x_open or y_open):
            self.block = self.block or why("corner", sq=self.rt.label(last))
        elif (x_low or not x_open) and (y_low or not y_open) and self.b in locs and not self.viewer.intersection(locs):
            self.hide = self.hide or why("low_corner", sq=self.rt.label(self.b))

    def judge(self, crossing: Crossing) -> None:
        locs: tuple[Cell, ...] = crossing.locs  # type: ignore[assignment]
        if crossing.kind == "cell":
            self.cell(locs[0])
        elif crossing.kind == "edge":
            self.edge(locs[0], locs[1])
        else:
            self.corner(locs)

    def verdict(self) -> Line:
        return Line(self.block, self.hide, tuple(self.cells), tuple(self.corners))


def line(rt: SasRuntime, a: Cell, b: Cell) -> Line:
    """The static verdict on the line from ``a`` to ``b`` (cached per board)."""
    cache: dict[tuple[Cell, Cell], Line] = rt.cache.setdefault("lines", {})
    found = cache.get((a, b))
    if found is None:
        found = _straight(rt, a, b)
        if found.block is not None:  # the wall beside a window: the way through it (SAS-TER-12)
            found = _through_window(rt, a, b) or found
        cache[(a, b)] = found
    return found


def _straight(rt: SasRuntime, a: Cell, b: Cell, by_window: bool = True) -> Line:
    judge = _Judge(rt, frozenset((a,)), b, by_window)
    for crossing in trace(rt.grid, a, b).crossings if a != b else ():
        judge.judge(crossing)
    return judge.verdict()


def _through_window(rt: SasRuntime, a: Cell, b: Cell) -> Line | None:
    """The line from ``a`` to ``b`` through a window next to one of them, if nothing blocks it (SAS-TER-12); the
    window squares on its way count as squares between (units there matter)."""
    for way in windows.routes(rt, a, b):
        part = _straight(rt, way.start, way.end, by_window=False)
        if part.block is None:
            between = (way.start, *part.cells, way.end, way.near, way.far)
            cells = tuple(dict.fromkeys(c for c in between if c not in (a, b)))
            name = terrain_name(rt, "window")
            window = why("between", what=name, a=rt.label(way.near), b=rt.label(way.far), rule="SAS-LOS-5")
            hide = window if way.hides else part.hide if way.end == b else None
            return Line(None, hide, cells, part.corners, (way.near, way.far))
    return None


# --- vehicles (SAS-AVEH-7, SAS-AVEH-8) ------------------------------------------------------------------------


def eyes(unit: UnitState) -> tuple[Eye, ...]:
    """A vehicle's LOS origins, front first (and rear for vehicles with a rear arc); ``()`` for infantry."""
    return _eyes(unit.kind, unit.loc, unit.facing)


@lru_cache(maxsize=4096)
def _eyes(kind: str, loc: Cell, facing: str) -> tuple[Eye, ...]:
    pose = unit_pose(kind, loc, facing)
    stats = tables().vehicle(kind)
    if pose is None or stats is None:
        return ()
    body = pose.cells()
    out = []
    for arc in stats.arcs:
        x, y = pose.front_point() if arc == "front" else pose.rear_point()
        looks = facing if arc == "front" else rotate(facing, "cw", 2)
        out.append(Eye(arc, (round(2 * x), round(2 * y)), looks, body))
    return tuple(out)


def _eye_offsets(eye: Eye, target: Cell) -> tuple[int, int]:
    """(forward, lateral) of ``target``'s centre from the eye, in half squares."""
    fx, fy = VEC[eye.facing]
    dx, dy = 2 * target[0] - eye.point[0], 2 * target[1] - eye.point[1]
    return dx * fx + dy * fy, dy * fx - dx * fy


def in_eye_arc(eye: Eye, target: Cell, reach: int | None = SIGHT) -> bool:
    """Whether ``target`` lies in the eye's 90° arc within ``reach`` rows of the token (8, SAS-AVEH-7, SAS-AVEH-8;
    ``None``: however far, a howitzer's arc, SAS-HM-4)."""
    forward, lateral = _eye_offsets(eye, target)
    return forward > 0 and (reach is None or forward < 2 * reach) and abs(lateral) <= forward


def eye_arc(rt: SasRuntime, eye: Eye) -> tuple[Cell, ...]:
    """The board squares in the eye's arc: row k (counted from the first row in front of the token) holds the
    squares whose centres are within 45° of the facing seen from the edge centre (SAS-AVEH-7, SAS-AVEH-8)."""
    cache: dict[tuple[Cell, str], tuple[Cell, ...]] = rt.cache.setdefault("eye_arcs", {})
    found = cache.get((eye.point, eye.facing))
    if found is None:
        fx, fy = VEC[eye.facing]
        rx, ry = -fy, fx
        ox, oy = eye.point
        cells = []
        for forward in range(1, 2 * SIGHT, 2):
            for lateral in range(-forward, forward + 1):
                x2, y2 = ox + fx * forward + rx * lateral, oy + fy * forward + ry * lateral
                if x2 % 2 == 0 and y2 % 2 == 0 and rt.grid.contains((x2 // 2, y2 // 2)):
                    cells.append((x2 // 2, y2 // 2))
        found = cache[(eye.point, eye.facing)] = tuple(cells)
    return found


def eye_crossings(rt: SasRuntime, eye: Eye, b: Cell) -> tuple[Crossing, ...]:
    """What the line from the eye's edge centre to the centre of ``b`` crosses, in order (SAS-AVEH-8).

    The edge centre is the midpoint of the line from the mirror square (2·point − b) to ``b``, so the far half of
    that line's exact trace is this line. Its first crossing, at the token's edge, becomes the edge between the
    token and the square the line enters (a wall or hedge along the front of the token is crossed).
    """
    cache: dict[tuple[Cell, str, Cell], tuple[Crossing, ...]] = rt.cache.setdefault("eye_crossings", {})
    key = (eye.point, eye.facing, b)
    found = cache.get(key)
    if found is None:
        cx, cy = eye.point[0] - b[0], eye.point[1] - b[1]
        template = square_template(b[0] - cx, b[1] - cy)
        out = []
        for kind, offsets, along in template[len(template) // 2 + 1 :]:
            locs = tuple((cx + dx, cy + dy) for dx, dy in offsets)
            kept = tuple(c for c in locs if rt.grid.contains(c))
            if len(kept) == len(locs) or (kind != "cell" and len(kept) >= 2):
                out.append(Crossing(kind, kept, along))  # type: ignore[arg-type]
        first = next((c.locs[0] for c in out if c.kind == "cell"), b)
        fx, fy = VEC[eye.facing]
        found = cache[key] = (Crossing("edge", ((first[0] - fx, first[1] - fy), first)), *out)  # type: ignore[index]
    return found


def eye_line(rt: SasRuntime, eye: Eye, b: Cell) -> Line:
    """The static verdict on the line from a vehicle's eye to ``b`` (cached per board)."""
    cache: dict[tuple[Eye, Cell], Line] = rt.cache.setdefault("eye_lines", {})
    found = cache.get((eye, b))
    if found is None:
        judge = _Judge(rt, frozenset(eye.body), b, windows=False)
        for crossing in eye_crossings(rt, eye, b):
            judge.judge(crossing)
        found = cache[(eye, b)] = judge.verdict()
    return found


# --- grading ------------------------------------------------------------------------------------------


def dynamic_block(ln: Line, blockers: frozenset[Cell]) -> Cell | None:
    """The first square of the line holding a blocker (unit, template), corners counted per OQ-9."""
    for c in ln.cells:
        if c in blockers:
            return c
    for corner in ln.corners:
        x_open = corner.x_open and corner.x not in blockers
        y_open = corner.y_open and corner.y not in blockers
        if not (x_open or y_open):
            return corner.x
    return None


def arc(rt: SasRuntime, loc: Cell, facing: str) -> tuple[Cell, ...]:
    """Squares an Axis infantry unit can see into: 90° to 8 squares + 2 peripheral (SAS-LOS-2, OQ-10)."""
    cache: dict[tuple[Cell, str], tuple[Cell, ...]] = rt.cache.setdefault("arcs", {})
    found = cache.get((loc, facing))
    if found is None:
        fx, fy = VEC[facing]
        cells = [(loc[0] - fy, loc[1] + fx), (loc[0] + fy, loc[1] - fx)]
        for forward in range(1, SIGHT + 1):
            for side in range(-forward, forward + 1):
                cells.append((loc[0] + fx * forward - fy * side, loc[1] + fy * forward + fx * side))
        found = cache[(loc, facing)] = tuple(c for c in cells if rt.grid.contains(c))
    return found


def in_arc(loc: Cell, facing: str, target: Cell, reach: int = SIGHT) -> bool:
    """Whether ``target`` is in the arc or peripheral squares of a unit at ``loc`` (SAS-LOS-2); ``reach``: a sniper
    aims along his arc to his long range 16 (SAS-KS-2, D-KS-2)."""
    dist = _dist(loc, target)
    if dist > reach:
        return False  # beyond its look, arc or not (cheapest test first: most squares are far)
    if dist == 1 and not covers(facing, loc, target):
        fx, fy = VEC[facing]
        return target in ((loc[0] - fy, loc[1] + fx), (loc[0] + fy, loc[1] - fx))
    return covers(facing, loc, target)


_BLOCKERS: list[tuple[tuple[UnitState, ...], tuple[Cell, ...], frozenset[Cell], tuple[Any, ...]]] = []


def axis_blockers(state: SasState) -> frozenset[Cell]:
    """Squares that block Axis sight: unalert Axis units, every vehicle's token even alert (SAS-AVEH-8), active blast
    templates (SAS-LOS-3, SAS-TER-16) and operator vehicles but the rowing boat (SAS-OVEH-13). The last answer is
    kept for the same (immutable) units, templates and operator vehicles."""
    if (
        _BLOCKERS
        and _BLOCKERS[0][0] is state.units
        and _BLOCKERS[0][1] is state.templates
        and _BLOCKERS[0][3] is state.op_vehicles
    ):
        return _BLOCKERS[0][2]
    cells = list(state.templates)
    for unit in state.units:
        if unit.on_spawn:
            continue
        if unit.is_vehicle:
            cells += unit.cells
        elif not unit.alert:
            cells.append(unit.loc)
    found = frozenset(cells) | _op_vehicle_cells(state)
    _BLOCKERS[:] = [(state.units, state.templates, found, state.op_vehicles)]
    return found


# One entry each, swapped whole (one list item holding a tuple), so a bot thinking on another thread can only miss
# the memo, never read another state's.
_LESS: list[tuple[frozenset[Cell], dict[tuple[Cell, ...], frozenset[Cell]]]] = [(frozenset(), {})]
_SIGHT: list[tuple[tuple[Any, ...], dict[Any, Any]]] = [((), {})]


def blockers_for(state: SasState, unit: UnitState) -> frozenset[Cell]:
    """``axis_blockers`` less the viewing unit's own squares: a unit does not block its own sight (SAS-LOS-3). Kept
    per viewer for the last blockers, so the units of one state each pay for the difference once."""
    blockers = axis_blockers(state)
    cells = unit.cells
    if not any(c in blockers for c in cells):  # an alert infantry unit blocks nothing: nothing to take out
        return blockers
    entry = _LESS[0]
    if entry[0] is not blockers:
        entry = _LESS[0] = (blockers, {})
    found = entry[1].get(cells)
    if found is None:
        found = entry[1][cells] = blockers - set(cells)
    return found


def sight_memo(state: SasState) -> dict[Any, Any]:
    """A memo for what Axis sight in ``state`` depends on besides the viewing unit: the runtime (board, tables) and
    the state's units, blast templates, operator vehicles and objects, compared by identity (they are immutable, and
    an operator's move or an AP spent leaves them the same objects). Views of successive states share it."""
    key = (state.rt, state.units, state.templates, state.op_vehicles, state.objects)
    entry = _SIGHT[0]
    if len(entry[0]) != len(key) or any(a is not b for a, b in zip(entry[0], key, strict=True)):
        entry = _SIGHT[0] = (key, {})
    return entry[1]


def _op_vehicle_cells(state: SasState) -> frozenset[Cell]:
    """Squares of operator vehicle tokens that block LOS (every operator vehicle but the rowing boat, which lies
    low on the water, SAS-OVEH-13)."""
    if not state.op_vehicles:
        return frozenset()
    boats = {v.id for v in state.rt.tables.operator_vehicles.vehicles if not v.blocks_los}
    return frozenset(c for v in state.op_vehicles if v.kind not in boats for c in v.cells)


def barrels(state: SasState) -> frozenset[Cell]:
    """Squares holding a fuel barrel (SAS-OBJ-6)."""
    return frozenset(o.loc for o in state.objects if o.kind == "fuel_barrel" and o.loc is not None)


def graded(
    state: SasState, ln: Line, viewer: Iterable[Cell], b: Cell, *, blockers: frozenset[Cell], drums: frozenset[Cell]
) -> tuple[str | None, Why]:
    """Visibility of square ``b`` along ``ln`` from a viewer on the squares ``viewer``: "full", "half" or
    ``None``, and why (SAS-LOS-5)."""
    rt = state.rt
    if ln.block:
        return None, why("blocked", why=ln.block)
    stop = dynamic_block(ln, blockers)
    if stop is not None:
        rule = "SAS-AVEH-8" if (unit := state.unit_at(stop)) is not None and unit.is_vehicle else "SAS-LOS-3"
        return None, why("blocked_by", sq=rt.label(stop), rule=rule)
    if ln.hide:
        return HALF, why("half", why=ln.hide)
    kind = rt.grid.terrain(b)
    square = rt.tables.terrain.squares[kind]
    if square.hides and not _beside(viewer, b):
        return HALF, why("not_adjacent", what=terrain_name(rt, kind), rule=square.rule)
    for c in ln.cells:
        if c in drums and _dist(c, b) == 1 and not _beside(viewer, c):
            return HALF, why("half", why=why("barrel", sq=rt.label(c)))
    return FULL, CLEAR


def grade(
    state: SasState, a: Cell, b: Cell, blockers: frozenset[Cell], drums: frozenset[Cell]
) -> tuple[str | None, Why]:
    """Visibility of square ``b`` from an Axis infantry unit in ``a`` (SAS-LOS-5)."""
    return graded(state, line(state.rt, a, b), (a,), b, blockers=blockers, drums=drums)


def eye_grade(
    state: SasState, eye: Eye, b: Cell, blockers: frozenset[Cell], drums: frozenset[Cell]
) -> tuple[str | None, Why]:
    """Visibility of square ``b`` through a vehicle's eye, or ``None`` outside its arc (SAS-AVEH-7, SAS-AVEH-8)."""
    if not in_eye_arc(eye, b):
        return None, OUTSIDE[eye.arc]
    return graded(state, eye_line(state.rt, eye, b), eye.body, b, blockers=blockers, drums=drums)


def can_see(unit: UnitState, state: SasState) -> bool:
    """Whether the unit has any sight now: not on a spawn tile, no cigarette (SAS-BRD-14, SAS-EVT-8), not talking to
    Nancy or in her garrote (SAS-NANCY-7, SAS-NANCY-9), a vehicle not wholly off the map (SAS-AVEH-15); an AA gun has no
    ground LOS (SAS-SUP-15)."""
    stats = state.rt.tables.units.get(unit.kind)
    if stats is not None and stats.air_only:  # SAS-SUP-15: it sees only the sky (antiair.py)
        return False
    if unit.on_spawn or unit.cigarette or unit.mode in ("talking", "strangled"):
        return False
    return not unit.is_vehicle or any(state.rt.grid.contains(c) for c in unit.cells)


def vision(state: SasState, unit: UnitState, explain: bool = False) -> dict[Cell, tuple[str, Why]]:
    """Every square the unit sees, with its grade and (when ``explain``) blocked squares too. A vehicle's
    reasons name the arc (front or rear) that sees the square. Worked out once per unit and ``sight_memo``."""
    memo = sight_memo(state)
    found: dict[Cell, tuple[str, Why]] | None = memo.get((unit, explain))
    if found is None:
        found = memo[(unit, explain)] = _vision(state, unit, explain)
    return dict(found)


def _vision(state: SasState, unit: UnitState, explain: bool) -> dict[Cell, tuple[str, Why]]:
    out: dict[Cell, tuple[str, Why]] = {}
    if not can_see(unit, state):
        return out
    blockers, drums = blockers_for(state, unit), barrels(state)
    looks = eyes(unit)
    if not looks:
        for c in arc(state.rt, unit.loc, unit.facing):
            g, reason = grade(state, unit.loc, c, blockers, drums)
            if g is not None:
                out[c] = (g, reason)
            elif explain:
                out[c] = ("none", reason)
        return out
    for eye in looks:
        for c in eye_arc(state.rt, eye):
            g, reason = eye_grade(state, eye, c, blockers, drums)
            have = out.get(c, NOT_SEEN)[0]
            if g is not None and RANK[g] > RANK.get(have, 0):
                out[c] = (g, why(eye.arc, why=reason))  # "front arc, …" / "rear arc, …"
            elif explain and have == "none":
                out[c] = ("none", why(eye.arc, why=reason))
    return out


def sees_square(state: SasState, unit: UnitState, target: Cell, reach: int = SIGHT) -> str | None:
    """The unit's visibility grade of one square (None: not seen); a vehicle's best over its arcs. ``reach``: how
    far along its arc an infantry unit looks (8; a sniper's attack line: 16, D-KS-2)."""
    looks = eyes(unit)
    if not looks and not in_arc(unit.loc, unit.facing, target, reach):
        return None  # the cheapest test first: most squares are outside an infantry unit's arc
    if not can_see(unit, state) or target in unit.cells:
        return None
    if not looks:
        g, _why = grade(state, unit.loc, target, blockers_for(state, unit), barrels(state))
        return g
    best: str | None = None
    for eye in looks:
        if in_eye_arc(eye, target) and state.rt.grid.contains(target):
            g, _why = eye_grade(state, eye, target, blockers_for(state, unit), barrels(state))
            if g is not None and RANK[g] > RANK.get(best or "", 0):
                best = g
    return best


def camouflaged(state: SasState, op: OperatorState) -> bool:
    """A camo net hides him in a forest square: he holds one, is not exposed, carries no object and has not just
    attacked (SAS-EQ-12)."""
    if op.loc is None or op.exposed or op.carrying or op.unveiled or not op.item_count("camo_net"):
        return False
    return bool(state.rt.tables.terrain.squares[state.rt.grid.terrain(op.loc)].camo)


def undercover(state: SasState, op: OperatorState) -> bool:
    """Nancy in her disguise, not exposed, before the alarm: the Axis do not detect her (SAS-NANCY-3, SAS-NANCY-5,
    SAS-NANCY-8)."""
    return op.disguised and not op.exposed and state.section == "stealth"


def _hidden_from(state: SasState, unit: UnitState, op: OperatorState) -> bool:
    """Whether the operator is out of the unit's sight whatever the line: off the map, in the water unexposed
    (SAS-EQ-15), under a camo net beyond the next square (SAS-EQ-12, D-EQ-5), or behind low cover between the
    water and the land (SAS-EQ-16)."""
    if op.loc is None or scuba.hidden(state, op):
        return True
    if camouflaged(state, op) and unit.distance(op.loc) > 1:
        return True
    if not op.scuba:
        return False
    near = min(unit.cells, key=lambda c: (_dist(c, op.loc), c[1], c[0]))  # type: ignore[arg-type]
    return bool(scuba.water_line(state, near, False, op.loc, True))


def sees_op(state: SasState, unit: UnitState, op: OperatorState, reach: int = SIGHT) -> bool:
    """Whether the unit detects the operator: in its sight (``in_sight``) and not Nancy undercover (SAS-NANCY-3).
    ``reach``: how far along its arc it looks (8; a sniper's attack line: 16, D-KS-2)."""
    return not undercover(state, op) and in_sight(state, unit, op, reach)


def in_sight(state: SasState, unit: UnitState, op: OperatorState, reach: int = SIGHT) -> bool:
    """Whether the operator is in the unit's LOS: fully visible square, or half visible and standing (SAS-LOS-5);
    under a camo net only from an adjacent square (SAS-EQ-12, decision D-EQ-5)."""
    if op.loc is None or (not eyes(unit) and not in_arc(unit.loc, unit.facing, op.loc, reach)):
        return False  # the cheapest tests first: most operators are outside an infantry unit's arc
    if _hidden_from(state, unit, op):
        return False
    g = sees_square(state, unit, op.loc, reach)
    return g == FULL or (g == HALF and not op.crouched)


def sees_op_through(state: SasState, unit: UnitState, eye: Eye, op: OperatorState) -> bool:
    """Whether the vehicle sees the operator through this eye (its front or its rear arc, SAS-AVEH-7)."""
    if not can_see(unit, state) or undercover(state, op) or _hidden_from(state, unit, op):
        return False
    g, _why = eye_grade(state, eye, op.loc, blockers_for(state, unit), barrels(state))  # type: ignore[arg-type]
    return g == FULL or (g == HALF and not op.crouched)


def eye_on(state: SasState, unit: UnitState, op: OperatorState) -> Eye | None:
    """The arc (front first) through which a vehicle sees the operator now, or ``None`` (SAS-AVEH-7, SAS-AVEH-11)."""
    return next((eye for eye in eyes(unit) if sees_op_through(state, unit, eye, op)), None)


def sees_corpse(state: SasState, unit: UnitState, loc: Cell) -> bool:
    """Corpses are seen only in fully visible squares (SAS-LOS-5, SAS-OBJ-4)."""
    return sees_square(state, unit, loc) == FULL


def watchers(state: SasState, op: OperatorState) -> tuple[UnitState, ...]:
    """Axis units on the map that see the operator now."""
    return tuple(u for u in state.map_units() if sees_op(state, u, op))


def hiding_cover(state: SasState, viewer: Cell, crouched_at: Cell) -> Why | None:
    """The low cover or fuel barrel that hides a crouched operator in ``crouched_at`` from ``viewer`` and, vice
    versa, blocks his own LOS to it (SAS-LOS-5, SAS-LOS-10, OQ-61); ``None`` when nothing does."""
    ln = line(state.rt, viewer, crouched_at)
    if ln.hide:
        return ln.hide
    for c in ln.cells:
        if c in barrels(state) and _dist(c, crouched_at) == 1 and _dist(c, viewer) > 1:
            return why("barrel", sq=state.rt.label(c))
    return None


def attack_line(state: SasState, a: Cell, b: Cell, exclude: Iterable[Cell] = ()) -> Why | None:
    """Why an operator in ``a`` cannot attack ``b`` (None: the line is clear) (SAS-LOS-1, OQ-8, OQ-9). Every
    other Axis unit blocks, a vehicle with its whole token (SAS-AVEH-8); the target's own squares do not."""
    ln = line(state.rt, a, b)
    if ln.block:
        return ln.block
    skip = {a, b, *exclude}
    cells = [c for u in state.map_units() if b not in u.cells for c in u.cells if c not in skip]
    blockers = frozenset(cells + list(state.templates)) | (_op_vehicle_cells(state) - skip)
    stop = dynamic_block(ln, blockers)
    if stop is None:
        return None
    unit = state.unit_at(stop)
    rule = "SAS-AVEH-8" if unit is not None and unit.is_vehicle else "SAS-LOS-1"
    return why("axis_unit", sq=state.rt.label(stop), rule=rule)

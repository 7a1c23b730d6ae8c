"""Line of sight and visibility (rulebook chapter §4, SAS-LOS-1..10, with SAS-TER-3..17 for what blocks).

One function judges every line: the centre-to-centre trace of ``app.geometry.los`` is examined crossing by
crossing. Squares: forest and rock can be seen into but not through (SAS-TER-3/4), supply dumps block
(SAS-TER-14), crates are low cover (SAS-TER-9). Edges: building walls, doors and high walls block
(SAS-TER-10/11/13); a window blocks except for its six window squares (SAS-TER-12); low walls, hedges and
windows are low cover. A line through a corner point is blocked only if both ways round the corner are blocked
(OQ-9). Low cover (and fuel barrels, SAS-OBJ-6) hide corpses and crouched operators in a square next to the
cover from a viewer that is not itself next to it (SAS-LOS-5, OQ-61); forest hides them from any viewer that is
not adjacent (SAS-TER-3). The static part of every line is cached per board; units, templates and barrels are
checked per state: unalert Axis units block Axis sight, alert ones do not (SAS-LOS-3); any other Axis unit
blocks an operator's attack line (SAS-LOS-1, OQ-8). The cover that hides a crouched operator also blocks his own
LOS out across it (SAS-LOS-10); Blind Fire ignores it (OQ-64).

Axis infantry see a 90° arc to 8 squares plus the squares directly left and right (SAS-LOS-2, OQ-10).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.geometry.los import Crossing, trace
from app.systems.sas import scuba
from app.systems.sas.facing import VEC, covers
from app.systems.sas.mission import SasRuntime
from app.systems.sas.state import OperatorState, SasState, UnitState

Cell = tuple[int, int]
SIGHT = 8  # SAS-LOS-2
FULL, HALF = "full", "half"


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
    """

    block: str | None
    hide: str | None
    cells: tuple[Cell, ...]
    corners: tuple[Corner, ...]


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _touching(side: Cell, other: Cell) -> frozenset[Cell]:
    """The three squares on ``side``'s side touching the edge between ``side`` and ``other`` (SAS-TER-12)."""
    tx, ty = (0, 1) if side[1] == other[1] else (1, 0)
    return frozenset({side, (side[0] + tx, side[1] + ty), (side[0] - tx, side[1] - ty)})


class _Judge:
    """Examines the crossings of one line and remembers the first block and the hiding cover."""

    def __init__(self, rt: SasRuntime, a: Cell, b: Cell) -> None:
        self.rt, self.a, self.b = rt, a, b
        self.block: str | None = None
        self.hide: str | None = None
        self.cells: list[Cell] = []
        self.corners: list[Corner] = []

    def cell(self, c: Cell) -> None:
        effect = self.rt.tables.terrain.squares[self.rt.grid.terrain(c)]
        self.cells.append(c)
        if effect.los != "clear":
            self.block = self.block or f"{self.rt.grid.terrain(c)} at {self.rt.label(c)} [{effect.rule}]"
        elif effect.low_cover and _dist(c, self.b) == 1 and _dist(c, self.a) > 1:
            self.hide = self.hide or f"{self.rt.grid.terrain(c)} at {self.rt.label(c)} [SAS-LOS-5]"

    def edge(self, p: Cell, q: Cell) -> None:
        for feature in self.rt.grid.edge_between(p, q):
            effect = self.rt.tables.terrain.edges.get(feature.kind)
            if effect is None:
                continue
            where = f"{feature.kind} between {self.rt.label(p)} and {self.rt.label(q)}"
            near, far = _touching(p, q), _touching(q, p)
            if effect.los == "block" or (effect.los == "window" and self.a not in near and self.b not in far):
                self.block = self.block or f"{where} [{effect.rule}]"
            elif effect.low_cover and self.b in far and self.a not in near:
                self.hide = self.hide or f"{where} [SAS-LOS-5]"

    def _route(self, f: Cell, via: Cell | None, last: Cell) -> tuple[bool, bool]:
        """(open, low cover) for going round a corner through ``via``."""
        grid = self.rt.grid
        if via is None or not grid.contains(via):
            return False, False
        sq = self.rt.tables.terrain.squares[grid.terrain(via)]
        if sq.los != "clear" and via not in (self.a, self.b):
            return False, False
        low = sq.low_cover and via not in (self.a, self.b)
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
            self.block = self.block or f"corner at {self.rt.label(last)} [OQ-9]"
        elif (x_low or not x_open) and (y_low or not y_open) and self.b in locs and self.a not in locs:
            self.hide = self.hide or f"low cover at the corner by {self.rt.label(self.b)} [SAS-LOS-5]"

    def judge(self, crossing: Crossing) -> None:
        locs: tuple[Cell, ...] = crossing.locs  # type: ignore[assignment]
        if crossing.kind == "cell":
            self.cell(locs[0])
        elif crossing.kind == "edge":
            self.edge(locs[0], locs[1])
        else:
            self.corner(locs)


def line(rt: SasRuntime, a: Cell, b: Cell) -> Line:
    """The static verdict on the line from ``a`` to ``b`` (cached per board)."""
    cache: dict[tuple[Cell, Cell], Line] = rt.cache.setdefault("lines", {})
    found = cache.get((a, b))
    if found is None:
        judge = _Judge(rt, a, b)
        for crossing in trace(rt.grid, a, b).crossings:
            judge.judge(crossing)
        found = cache[(a, b)] = Line(judge.block, judge.hide, tuple(judge.cells), tuple(judge.corners))
    return found


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
    if _dist(loc, target) == 1 and not covers(facing, loc, target):
        fx, fy = VEC[facing]
        return target in ((loc[0] - fy, loc[1] + fx), (loc[0] + fy, loc[1] - fx))
    return covers(facing, loc, target) and _dist(loc, target) <= reach


def axis_blockers(state: SasState) -> frozenset[Cell]:
    """Squares that block Axis sight: unalert Axis units and active blast templates (SAS-LOS-3, SAS-TER-16)."""
    return frozenset([u.loc for u in state.units if not u.alert and not u.on_spawn] + list(state.templates))


def barrels(state: SasState) -> frozenset[Cell]:
    """Squares holding a fuel barrel (SAS-OBJ-6)."""
    return frozenset(o.loc for o in state.objects if o.kind == "fuel_barrel" and o.loc is not None)


def grade(
    state: SasState, a: Cell, b: Cell, blockers: frozenset[Cell], drums: frozenset[Cell]
) -> tuple[str | None, str]:
    """Visibility of square ``b`` from an Axis unit in ``a``: "full", "half" or ``None``, and why (SAS-LOS-5)."""
    rt = state.rt
    ln = line(rt, a, b)
    if ln.block:
        return None, f"blocked: {ln.block}"
    stop = dynamic_block(ln, blockers)
    if stop is not None:
        return None, f"blocked: unit or template at {rt.label(stop)} [SAS-LOS-3]"
    if ln.hide:
        return HALF, f"half: {ln.hide}"
    if rt.tables.terrain.squares[rt.grid.terrain(b)].hides and _dist(a, b) > 1:
        return HALF, "half: forest, viewer not adjacent [SAS-TER-3]"
    for c in ln.cells:
        if c in drums and _dist(c, b) == 1 and _dist(c, a) > 1:
            return HALF, f"half: fuel barrel at {rt.label(c)} [SAS-OBJ-6]"
    return FULL, "full: clear line [SAS-LOS-5]"


def can_see(unit: UnitState, state: SasState) -> bool:
    """Whether the unit has any sight now (spawn tiles, cigarette: SAS-BRD-14, SAS-EVT-8; talking to Nancy or in
    her garrote: SAS-NANCY-7/9). An AA gun has no ground LOS (SAS-SUP-15)."""
    stats = state.rt.tables.units.get(unit.kind)
    if stats is not None and stats.air_only:  # SAS-SUP-15: it sees only the sky (antiair.py)
        return False
    return not unit.on_spawn and not unit.cigarette and unit.mode not in ("talking", "strangled")


def vision(state: SasState, unit: UnitState, explain: bool = False) -> dict[Cell, tuple[str, str]]:
    """Every square the unit sees, with its grade and (when ``explain``) blocked squares too."""
    out: dict[Cell, tuple[str, str]] = {}
    if not can_see(unit, state):
        return out
    blockers, drums = axis_blockers(state) - {unit.loc}, barrels(state)
    for c in arc(state.rt, unit.loc, unit.facing):
        g, why = grade(state, unit.loc, c, blockers, drums)
        if g is not None:
            out[c] = (g, why)
        elif explain:
            out[c] = ("none", why)
    return out


def sees_square(state: SasState, unit: UnitState, target: Cell, reach: int = SIGHT) -> str | None:
    """The unit's visibility grade of one square (None: not seen)."""
    if not can_see(unit, state) or target == unit.loc or not in_arc(unit.loc, unit.facing, target, reach):
        return None
    g, _why = grade(state, unit.loc, target, axis_blockers(state) - {unit.loc}, barrels(state))
    return g


def camouflaged(state: SasState, op: OperatorState) -> bool:
    """A camo net hides him in a forest square: he holds one, is not exposed, carries no object and has not just
    attacked (SAS-EQ-12)."""
    if op.loc is None or op.exposed or op.carrying or op.unveiled or not op.item_count("camo_net"):
        return False
    return bool(state.rt.tables.terrain.squares[state.rt.grid.terrain(op.loc)].camo)


def undercover(state: SasState, op: OperatorState) -> bool:
    """Nancy in her disguise, not exposed, before the alarm: the Axis do not detect her (SAS-NANCY-3/5/8)."""
    return op.disguised and not op.exposed and state.section == "stealth"


def sees_op(state: SasState, unit: UnitState, op: OperatorState, reach: int = SIGHT) -> bool:
    """Whether the unit detects the operator: in its sight (``in_sight``) and not Nancy undercover (SAS-NANCY-3).
    ``reach``: how far along its arc it looks (8; a sniper's attack line: 16, D-KS-2)."""
    return not undercover(state, op) and in_sight(state, unit, op, reach)


def in_sight(state: SasState, unit: UnitState, op: OperatorState, reach: int = SIGHT) -> bool:
    """Whether the operator is in the unit's LOS: fully visible square, or half visible and standing (SAS-LOS-5);
    under a camo net only from an adjacent square (SAS-EQ-12, decision D-EQ-5)."""
    if op.loc is None or scuba.hidden(state, op):  # in the water only an exposed operator is seen (SAS-EQ-15)
        return False
    if _dist(unit.loc, op.loc) > 1 and camouflaged(state, op):
        return False
    if op.scuba and scuba.water_line(state, unit.loc, False, op.loc, True):
        return False
    g = sees_square(state, unit, op.loc, reach)
    return g == FULL or (g == HALF and not op.crouched)


def sees_corpse(state: SasState, unit: UnitState, loc: Cell) -> bool:
    """Corpses are seen only in fully visible squares (SAS-LOS-5, SAS-OBJ-4)."""
    return sees_square(state, unit, loc) == FULL


def watchers(state: SasState, op: OperatorState) -> tuple[UnitState, ...]:
    """Axis units on the map that see the operator now."""
    return tuple(u for u in state.map_units() if sees_op(state, u, op))


def hiding_cover(state: SasState, viewer: Cell, crouched_at: Cell) -> str | None:
    """The low cover or fuel barrel that hides a crouched operator in ``crouched_at`` from ``viewer`` and, vice
    versa, blocks his own LOS to it (SAS-LOS-5, SAS-LOS-10, OQ-61); ``None`` when nothing does."""
    ln = line(state.rt, viewer, crouched_at)
    if ln.hide:
        return ln.hide
    for c in ln.cells:
        if c in barrels(state) and _dist(c, crouched_at) == 1 and _dist(c, viewer) > 1:
            return f"fuel barrel at {state.rt.label(c)} [SAS-OBJ-6]"
    return None


def attack_line(state: SasState, a: Cell, b: Cell, exclude: Iterable[Cell] = ()) -> str | None:
    """Why an operator in ``a`` cannot attack ``b`` (None: the line is clear) (SAS-LOS-1, OQ-8, OQ-9)."""
    ln = line(state.rt, a, b)
    if ln.block:
        return ln.block
    skip = {a, b, *exclude}
    blockers = frozenset([u.loc for u in state.map_units() if u.loc not in skip] + list(state.templates))
    stop = dynamic_block(ln, blockers)
    return None if stop is None else f"Axis unit or template at {state.rt.label(stop)} [SAS-LOS-1]"

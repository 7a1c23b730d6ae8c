"""Line of sight: trace the segment between two location centres and let the rules judge each crossing.

``trace`` reports, in order from origin to target, every location interior the segment passes through
(``cell``), every border it crosses or runs along (``edge``) and every corner point it passes exactly
through (``corner``). Square and hex grids use exact cached grid traversal (see ``gridtrace``); any other
topology (area maps) is traced with shapely. ``line_of_sight`` asks a rules ``Judge`` about each crossing
and keeps what blocked or hindered the line, and why, so the UI can draw it and highlight the blocker.

Locations that do not exist on the board (holes in a square board, missing hexes) are left out of
crossings; an edge or corner is kept while at least two of its locations exist.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, cast

from app.geometry.gridtrace import Template, hex_template, square_template
from app.geometry.hexgrid import HexGrid
from app.geometry.square import SquareGrid
from app.geometry.topology import GeometryError, Loc, Topology

if TYPE_CHECKING:  # shapely costs ~130 ms to import (numpy): imported by the functions that need shapes
    import shapely

RIM_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Crossing:
    """One thing a line of sight crosses.

    Attributes:
        kind: ``"cell"`` (a location interior), ``"edge"`` (a border) or ``"corner"`` (a corner point).
        locs: ``(loc,)`` for a cell; ``(a, b)`` the two locations an edge separates (in travel order, or
            left then right of the line when it runs along the edge); every location sharing a corner
            (the one left first, the one entered last).
        along: True when the line runs along the edge rather than through it (hex grids, area maps).
            Not part of equality.
    """

    kind: Literal["cell", "edge", "corner"]
    locs: tuple[Loc, ...]
    along: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class Trace:
    """Everything the segment between two centres crosses, in order from ``origin`` to ``target``."""

    origin: Loc
    target: Loc
    crossings: tuple[Crossing, ...]


@dataclass(frozen=True)
class Verdict:
    """A rules judgement on one crossing, with the reason and rule ID shown to the player."""

    effect: Literal["clear", "hinder", "block"]
    reason: str = ""
    rule_id: str = ""


CLEAR = Verdict("clear")
Judge = Callable[[Crossing], Verdict]
Judged = tuple[tuple[Crossing, Verdict], ...]


@dataclass(frozen=True)
class LosResult:
    """The outcome of a line-of-sight check."""

    trace: Trace
    clear: bool
    blocked_by: Judged
    hindered_by: Judged

    def why(self) -> list[str]:
        """Return human-readable reasons, blockers first, each with its rule ID."""
        lines = []
        for word, judged in (("blocked", self.blocked_by), ("hindered", self.hindered_by)):
            for crossing, verdict in judged:
                where = " | ".join(str(loc) for loc in crossing.locs)
                text = f"{word} at {crossing.kind} {where}"
                if verdict.reason:
                    text += f": {verdict.reason}"
                if verdict.rule_id:
                    text += f" [{verdict.rule_id}]"
                lines.append(text)
        return lines


def line_of_sight(topo: Topology, a: Loc, b: Loc, judge: Judge, stop_at_first_block: bool = True) -> LosResult:
    """Trace from ``a`` to ``b`` and judge every crossing in order.

    Args:
        topo: The board.
        a: Observer location.
        b: Target location.
        judge: Rules callback giving a ``Verdict`` for each crossing.
        stop_at_first_block: Stop judging at the first blocking crossing.

    Returns:
        The trace and what blocked or hindered it.
    """
    tr = trace(topo, a, b)
    blocked: list[tuple[Crossing, Verdict]] = []
    hindered: list[tuple[Crossing, Verdict]] = []
    for crossing in tr.crossings:
        verdict = judge(crossing)
        if verdict.effect == "block":
            blocked.append((crossing, verdict))
            if stop_at_first_block:
                break
        elif verdict.effect == "hinder":
            hindered.append((crossing, verdict))
    return LosResult(tr, not blocked, tuple(blocked), tuple(hindered))


def trace(topo: Topology, a: Loc, b: Loc) -> Trace:
    """Return what the segment between the centres of ``a`` and ``b`` crosses.

    Raises:
        GeometryError: ``a`` or ``b`` is not a location of ``topo``.
    """
    for loc in (a, b):
        if not topo.contains(loc):
            raise GeometryError(f"{loc!r} is not on the board")
    if isinstance(topo, SquareGrid):
        (ax, ay), (bx, by) = cast(tuple[int, int], a), cast(tuple[int, int], b)
        return Trace(a, b, _translate(topo, _square_compiled(bx - ax, by - ay), ax, ay))
    if isinstance(topo, HexGrid):
        (aq, ar), (bq, br) = cast(tuple[int, int], a), cast(tuple[int, int], b)
        compiled = _hex_compiled(bq - aq, br - ar, topo.orientation == "flat")
        return Trace(a, b, _translate(topo, compiled, aq, ar))
    return Trace(a, b, _shapely_crossings(topo, a, b))


# Crossings are interned per board: a template entry is (shape id, dx, dy) where the shape id names the
# crossing's pattern relative to its first location, so a crossing is built once per board position.
_SHAPES: dict[tuple[str, tuple[tuple[int, int], ...], bool], int] = {}
_SHAPE_LIST: list[tuple[str, tuple[tuple[int, int], ...], bool]] = []
_DROPPED = Crossing("cell", ())
_INTERNED: weakref.WeakKeyDictionary[Topology, dict[tuple[int, int, int], Crossing]] = weakref.WeakKeyDictionary()
Compiled = tuple[tuple[int, int, int], ...]


def _shape_id(kind: str, offsets: tuple[tuple[int, int], ...], along: bool) -> int:
    fx, fy = offsets[0]
    key = (kind, tuple((x - fx, y - fy) for x, y in offsets), along)
    sid = _SHAPES.get(key)
    if sid is None:
        sid = _SHAPES[key] = len(_SHAPE_LIST)
        _SHAPE_LIST.append(key)
    return sid


def _compile(template: Template) -> Compiled:
    return tuple((_shape_id(kind, offs, along), *offs[0]) for kind, offs, along in template)


@lru_cache(maxsize=65536)
def _square_compiled(dx: int, dy: int) -> Compiled:
    return _compile(square_template(dx, dy))


@lru_cache(maxsize=65536)
def _hex_compiled(dq: int, dr: int, flat: bool) -> Compiled:
    return _compile(hex_template(dq, dr, flat))


def _build(topo: Topology, sid: int, x: int, y: int) -> Crossing:
    kind, rel, along = _SHAPE_LIST[sid]
    locs = tuple(loc for loc in ((x + rx, y + ry) for rx, ry in rel) if topo.contains(loc))
    if len(locs) == len(rel) or (kind != "cell" and len(locs) >= 2):
        return Crossing(cast(Literal["cell", "edge", "corner"], kind), locs, along)
    return _DROPPED


def _translate(topo: Topology, compiled: Compiled, ox: int, oy: int) -> tuple[Crossing, ...]:
    """Turn a compiled offset template into crossings starting at ``(ox, oy)``, dropping missing locations."""
    interned = _INTERNED.get(topo)
    if interned is None:
        interned = _INTERNED[topo] = {}
    get = interned.get
    out = []
    dropped = False
    for sid, dx, dy in compiled:
        key = (sid, ox + dx, oy + dy)
        crossing = get(key)
        if crossing is None:
            crossing = interned[key] = _build(topo, sid, ox + dx, oy + dy)
            dropped = dropped or crossing is _DROPPED
        elif crossing is _DROPPED:
            dropped = True
        out.append(crossing)
    return tuple(c for c in out if c is not _DROPPED) if dropped else tuple(out)


# --- generic shapely tracing (area maps and any other topology) -------------------------------------------

Piece = tuple[float, float, tuple[Loc, ...]]  # (start, end) along the segment, locations


def _spans(line: shapely.Geometry, seg: shapely.LineString) -> list[tuple[float, float]]:
    import shapely

    spans = []
    for part in shapely.get_parts(line):
        if part.geom_type == "LineString" and part.length > RIM_TOLERANCE:
            s0, s1 = sorted((seg.project(shapely.Point(part.coords[0])), seg.project(shapely.Point(part.coords[-1]))))
            spans.append((float(s0), float(s1)))
    return spans


def _shapely_pieces(topo: Topology, seg: shapely.LineString, candidates: Sequence[Loc]) -> list[Piece]:
    pieces: list[Piece] = []
    rims: dict[tuple[float, float], list[Loc]] = {}
    for loc in candidates:
        poly = topo.shape(loc)
        inside = seg.intersection(poly)
        rim = seg.intersection(poly.exterior)
        interior = inside.difference(rim) if rim.length > 0 else inside
        pieces.extend((s0, s1, (loc,)) for s0, s1 in _spans(interior, seg))
        for s0, s1 in _spans(rim, seg):
            rims.setdefault((round(s0, 9), round(s1, 9)), []).append(loc)
    pieces.extend((s0, s1, tuple(locs)) for (s0, s1), locs in rims.items() if len(locs) == 2)
    return sorted(pieces, key=lambda p: (p[0], p[1]))


def _shapely_crossings(topo: Topology, a: Loc, b: Loc) -> tuple[Crossing, ...]:
    import shapely

    seg = shapely.LineString([topo.centre(a), topo.centre(b)])
    if seg.length == 0:
        return ()
    query = getattr(topo, "query", None)
    candidates = query(seg) if callable(query) else [c for c in topo.locations() if topo.shape(c).intersects(seg)]
    pieces = _shapely_pieces(topo, seg, candidates)
    out: list[Crossing] = []
    for before, after in itertools.pairwise(pieces):
        touching = abs(after[0] - before[1]) <= RIM_TOLERANCE
        if touching and len(before[2]) == 1 and len(after[2]) == 1 and before[2] != after[2]:
            point = seg.interpolate(after[0]).buffer(RIM_TOLERANCE * 10)
            at_point = [c for c in candidates if topo.shape(c).intersects(point)]
            middle = [c for c in at_point if c not in (before[2][0], after[2][0])]
            kind: Literal["edge", "corner"] = "corner" if middle else "edge"
            out.append(Crossing(kind, (before[2][0], *middle, after[2][0])))
        if len(after[2]) == 2:
            out.append(Crossing("edge", after[2], along=True))
        elif after[2][0] not in (a, b):
            out.append(Crossing("cell", after[2]))
    return tuple(out)

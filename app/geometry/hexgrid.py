"""Hex grids (Typhoon, LnLT, Commands & Colors): axial ``(q, r)`` coordinates, printed IDs, hexside features.

Hex size (centre to corner) is 1.0. Axial directions, by index: 0 ``(+1, 0)``, 1 ``(+1, -1)``,
2 ``(0, -1)``, 3 ``(-1, 0)``, 4 ``(-1, +1)``, 5 ``(0, +1)`` (pointy: E, NE, NW, W, SW, SE; flat: SE, NE,
N, NW, SW, S; y grows down).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Literal, cast

from app.geometry.topology import EdgeFeature, GeometryError, Loc, Point, Segment

if TYPE_CHECKING:  # shapely costs ~130 ms to import (numpy): imported by the functions that need shapes
    import shapely

Hex = tuple[int, int]

AXIAL_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_DIRECTION_INDEX = {d: i for i, d in enumerate(AXIAL_DIRECTIONS)}
SQRT3 = math.sqrt(3.0)
# Corner offsets: flat (dx, dy / sqrt(3)), pointy (dx / sqrt(3), dy); clockwise on screen (y down).
_FLAT_CORNERS = ((1.0, 0.0), (0.5, 0.5), (-0.5, 0.5), (-1.0, 0.0), (-0.5, -0.5), (0.5, -0.5))
_POINTY_CORNERS = ((0.5, 0.5), (0.0, 1.0), (-0.5, 0.5), (-0.5, -0.5), (0.0, -1.0), (0.5, -0.5))


def hex_distance(a: Hex, b: Hex) -> int:
    """Return the number of hex steps between axial hexes ``a`` and ``b``."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def axial_round(q: float, r: float) -> Hex:
    """Return the axial hex containing fractional axial coordinates ``(q, r)``."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


class HexGrid:
    """A hex-grid board (implements ``Topology``, ``kind == "hex"``).

    Args:
        orientation: ``"flat"`` (columns of hexes, e.g. odd-q Typhoon maps) or ``"pointy"`` (rows).
        offset: Which columns (flat) or rows (pointy) are shoved: ``"odd"`` or ``"even"``.
        columns: Number of offset columns.
        rows: Number of offset rows.
        terrain: Terrain by axial hex; missing hexes are ``"clear"``.
        present: Axial hexes that exist (default: every column x row).
        hexsides: Features on hexsides, keyed by ``frozenset({a, b})``.
        id_format: Printed ID format with ``col``/``row`` numbers, e.g. ``"{col:02d}{row:02d}"``.
        first_col: Printed number of offset column 0.
        first_row: Printed number of offset row 0.
    """

    kind: str = "hex"

    def __init__(  # noqa: PLR0917 - the public signature is positional by design
        self,
        orientation: Literal["flat", "pointy"],
        offset: Literal["odd", "even"],
        columns: int,
        rows: int,
        terrain: Mapping[Hex, str] | None = None,
        present: Iterable[Hex] | None = None,
        hexsides: Mapping[frozenset[Hex], tuple[EdgeFeature, ...]] | None = None,
        id_format: str = "{col:02d}{row:02d}",
        first_col: int = 1,
        first_row: int = 1,
    ) -> None:
        if orientation not in ("flat", "pointy") or offset not in ("odd", "even"):
            raise GeometryError(f"unknown hex layout {orientation!r}/{offset!r}")
        self.orientation = orientation
        self.offset = offset
        self.columns, self.rows = columns, rows
        self.id_format, self.first_col, self.first_row = id_format, first_col, first_row
        if present is None:
            present = (self.from_offset(c, r) for r in range(rows) for c in range(columns))
        hexes = {(int(h[0]), int(h[1])) for h in present}
        self._hexes: tuple[Hex, ...] = tuple(sorted(hexes, key=lambda h: self.to_offset(h)[::-1]))
        self._present = frozenset(self._hexes)
        self._terrain = {h: (terrain or {}).get(h, "clear") for h in self._hexes}
        self._sides = {frozenset(k): tuple(v) for k, v in (hexsides or {}).items()}
        self._shapes: dict[Hex, shapely.Polygon] = {}
        self._neighbours: dict[Hex, tuple[Hex, ...]] = {}
        self._by_label: dict[str, Hex] | None = None

    # --- coordinates -------------------------------------------------------------------------------

    def from_offset(self, col: int, row: int) -> Hex:
        """Return the axial hex of 0-based offset coordinates ``(col, row)``."""
        if self.orientation == "flat":
            shove = (col - (col & 1)) // 2 if self.offset == "odd" else (col + (col & 1)) // 2
            return (col, row - shove)
        shove = (row - (row & 1)) // 2 if self.offset == "odd" else (row + (row & 1)) // 2
        return (col - shove, row)

    def to_offset(self, h: Loc) -> tuple[int, int]:
        """Return the 0-based offset ``(col, row)`` of axial hex ``h``."""
        q, r = cast(Hex, h)
        if self.orientation == "flat":
            shove = (q - (q & 1)) // 2 if self.offset == "odd" else (q + (q & 1)) // 2
            return (q, r + shove)
        shove = (r - (r & 1)) // 2 if self.offset == "odd" else (r + (r & 1)) // 2
        return (q + shove, r)

    def label(self, loc: Loc) -> str:
        """Return the printed ID of ``loc``, e.g. ``"0508"`` for column 5, row 8."""
        col, row = self.to_offset(loc)
        return self.id_format.format(col=col + self.first_col, row=row + self.first_row)

    def from_label(self, label: str) -> Hex:
        """Return the present hex printed as ``label``.

        Raises:
            GeometryError: No present hex has that ID.
        """
        if self._by_label is None:
            self._by_label = {self.label(h): h for h in self._hexes}
        found = self._by_label.get(label.strip())
        if found is None:
            raise GeometryError(f"no hex labelled {label!r}")
        return found

    # --- topology ----------------------------------------------------------------------------------

    def locations(self) -> tuple[Hex, ...]:
        """Return every present hex, row by row (offset row, then column)."""
        return self._hexes

    def contains(self, loc: Loc) -> bool:
        """Return whether ``loc`` is a present hex."""
        return loc in self._present

    def neighbours(self, loc: Loc) -> tuple[Hex, ...]:
        """Return the present neighbours of ``loc`` in direction-index order."""
        h = cast(Hex, loc)
        found = self._neighbours.get(h)
        if found is None:
            q, r = h
            found = tuple((q + dq, r + dr) for dq, dr in AXIAL_DIRECTIONS if (q + dq, r + dr) in self._present)
            self._neighbours[h] = found
        return found

    def direction_index(self, a: Loc, b: Loc) -> int | None:
        """Return the direction index (0..5) from ``a`` to the neighbouring ``b``, or ``None``."""
        (aq, ar), (bq, br) = cast(Hex, a), cast(Hex, b)
        return _DIRECTION_INDEX.get((bq - aq, br - ar))

    def distance(self, a: Loc, b: Loc) -> int:
        """Return the hex distance between ``a`` and ``b``."""
        return hex_distance(cast(Hex, a), cast(Hex, b))

    def centre(self, loc: Loc) -> Point:
        """Return the centre of hex ``loc`` (hex size 1, y down)."""
        q, r = cast(Hex, loc)
        if self.orientation == "flat":
            return (1.5 * q, SQRT3 * (r + q / 2))
        return (SQRT3 * (q + r / 2), 1.5 * r)

    def polygon(self, loc: Loc) -> list[Point]:
        """Return the 6 corners of hex ``loc``, clockwise on screen.

        Corners are computed from exact half-unit coordinates so neighbouring hexes share bit-identical
        corner points.
        """
        q, r = cast(Hex, loc)
        if self.orientation == "flat":
            return [(1.5 * q + dx, SQRT3 * (r + q / 2 + hy)) for dx, hy in _FLAT_CORNERS]
        return [(SQRT3 * (q + r / 2 + hx), 1.5 * r + dy) for hx, dy in _POINTY_CORNERS]

    def shape(self, loc: Loc) -> shapely.Polygon:
        """Return the cached shapely polygon of hex ``loc``."""
        h = cast(Hex, loc)
        poly = self._shapes.get(h)
        if poly is None:
            import shapely

            poly = shapely.Polygon(self.polygon(h))
            self._shapes[h] = poly
        return poly

    def terrain(self, loc: Loc) -> str:
        """Return the terrain id of hex ``loc`` (``KeyError`` if not present)."""
        return self._terrain[cast(Hex, loc)]

    def edge_features(self, a: Loc, b: Loc) -> tuple[EdgeFeature, ...]:
        """Return the hexside features between ``a`` and ``b`` (``()`` when none or not adjacent)."""
        return self._sides.get(frozenset((cast(Hex, a), cast(Hex, b))), ())

    def edge_segment(self, a: Loc, b: Loc) -> Segment:
        """Return the hexside shared by neighbouring hexes ``a`` and ``b``.

        Raises:
            GeometryError: The hexes are not neighbours.
        """
        if self.direction_index(a, b) is None:
            raise GeometryError(f"hexes {a} and {b} are not neighbours")
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # The hexside is perpendicular to the centre line, 1.0 long; centres are sqrt(3) apart.
        px, py = (ay - by) / SQRT3 / 2, (bx - ax) / SQRT3 / 2
        return ((mx - px, my - py), (mx + px, my + py))

    def locate(self, x: float, y: float) -> Hex | None:
        """Return the present hex containing point ``(x, y)``, or ``None``."""
        if self.orientation == "flat":
            q = x * 2 / 3
            r = y / SQRT3 - q / 2
        else:
            r = y * 2 / 3
            q = x / SQRT3 - r / 2
        h = axial_round(q, r)
        return h if h in self._present else None

    def bounds(self) -> tuple[float, float, float, float]:
        """Return ``(minx, miny, maxx, maxy)`` over all present hexes."""
        if not self._hexes:
            return (0.0, 0.0, 0.0, 0.0)
        xs, ys = zip(*(self.centre(h) for h in self._hexes), strict=True)
        dx, dy = (1.0, SQRT3 / 2) if self.orientation == "flat" else (SQRT3 / 2, 1.0)
        return (min(xs) - dx, min(ys) - dy, max(xs) + dx, max(ys) + dy)

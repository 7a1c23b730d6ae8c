"""Area maps (Third Reich): named polygons, adjacent when their borders share a segment, plus explicit links.

Two areas touching at a single point are not adjacent. Links (sea lanes, straits) add adjacency between
areas that do not touch; the link kind is reported as an ``EdgeFeature`` on that border.

Finding the shared borders needs shapely (≈ 100 ms to import) and ≈ 60 ms on the 104 areas of Europe. What
they yield, an :class:`AreaLayout`, can be stored with a known map and given back to :class:`AreaMap`, which
then builds no polygon until one is asked for (``shape``, ``query``): a bundled map opens without shapely.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from app.geometry.topology import EdgeFeature, GeometryError, Loc, Point, Segment, merge_features

if TYPE_CHECKING:  # shapely costs ~130 ms to import (numpy): imported by the functions that need shapes
    import shapely

SHARED_BORDER_MIN = 1e-6
OVERLAP_MAX = 1e-6
LAYOUT_VERSION = 1  # bump when what AreaMap derives from its outlines changes: stored layouts are then stale


@dataclass(frozen=True)
class AreaLayout:
    """What an area map derives from its outlines with shapely, to be stored beside a map that does not change.

    Attributes:
        borders: Every pair of areas sharing a border, in the order found, with its longest straight piece
            (``None`` when the shared border has no line of length > 0).
        centres: A point inside each area (shapely's representative point), by id.
    """

    borders: tuple[tuple[str, str, Segment | None], ...]
    centres: dict[str, Point]


def _build_polygon(area: str, points: Sequence[tuple[float, float]]) -> shapely.Polygon:
    if len(points) < 3:
        raise GeometryError(f"area {area!r} needs at least 3 points, got {len(points)}")
    import shapely
    from shapely.validation import explain_validity

    poly = shapely.Polygon([(float(x), float(y)) for x, y in points])
    if not poly.is_valid or poly.area <= 0:
        raise GeometryError(f"area {area!r} has an invalid polygon: {explain_validity(poly)}")
    shapely.prepare(poly)
    return poly


def _longest_line(geom: shapely.Geometry) -> Segment | None:
    import shapely

    merged = shapely.line_merge(geom) if geom.geom_type == "MultiLineString" else geom
    lines = [g for g in shapely.get_parts(merged) if g.geom_type == "LineString" and g.length > 0]
    if not lines:
        return None
    best = max(lines, key=lambda g: g.length)
    (x0, y0), (x1, y1) = best.coords[0], best.coords[-1]
    return ((float(x0), float(y0)), (float(x1), float(y1)))


class AreaMap:
    """An area-movement board (implements ``Topology``, ``kind == "area"``; locations are area ids).

    Args:
        areas: Outline points of every area, by id.
        terrain: Terrain by area id (default ``"clear"``).
        links: Extra adjacency ``(a, b, kind)``, e.g. ``("Kiel", "Copenhagen", "strait")``.
        labels: Printed names by area id (default: the id).

    Raises:
        GeometryError: A polygon is invalid or self-intersecting, two areas overlap, or a link names an
            unknown area.
    """

    kind: str = "area"

    def __init__(
        self,
        areas: Mapping[str, Sequence[tuple[float, float]]],
        terrain: Mapping[str, str] | None = None,
        links: Iterable[tuple[str, str, str]] = (),
        labels: Mapping[str, str] | None = None,
        layout: AreaLayout | None = None,
    ) -> None:
        self._ids: tuple[str, ...] = tuple(areas)
        self._outlines = {a: [(float(x), float(y)) for x, y in pts] for a, pts in areas.items()}
        self._terrain = {a: (terrain or {}).get(a, "clear") for a in self._ids}
        self._labels = dict(labels or {})
        self._polygons: dict[str, shapely.Polygon] | None = None  # built on first use when a layout is given
        self._strtree: shapely.STRtree | None = None
        self._boxes: dict[str, tuple[float, float, float, float]] | None = None  # for locate, built on first use
        self._adjacent: dict[str, set[str]] = {a: set() for a in self._ids}
        self._borders: dict[frozenset[str], Segment] = {}
        self._shared: list[tuple[str, str, Segment | None]] = []
        self._centres: dict[str, Point] = {}
        self._links: dict[frozenset[str], tuple[EdgeFeature, ...]] = {}
        if layout is None:
            self._find_borders()
        else:
            self._use_layout(layout)
        self._add_links(links)
        self._neighbours = {a: tuple(b for b in self._ids if b in self._adjacent[a]) for a in self._ids}
        self._bfs: dict[str, dict[str, int]] = {}

    @property
    def _shapes(self) -> dict[str, shapely.Polygon]:
        """The polygon of every area (checked valid when built from the outlines, without a layout)."""
        if self._polygons is None:
            self._polygons = {a: _build_polygon(a, pts) for a, pts in self._outlines.items()}
        return self._polygons

    @property
    def _tree(self) -> shapely.STRtree:
        if self._strtree is None:
            import shapely

            self._strtree = shapely.STRtree([self._shapes[a] for a in self._ids])
        return self._strtree

    def _share(self, a: str, b: str, segment: Segment | None) -> None:
        self._adjacent[a].add(b)
        self._adjacent[b].add(a)
        self._shared.append((a, b, segment))
        if segment is not None:
            self._borders[frozenset((a, b))] = segment

    def _use_layout(self, layout: AreaLayout) -> None:
        for a, b, segment in layout.borders:
            for area in (a, b):
                if area not in self._adjacent:
                    raise GeometryError(f"the stored layout names unknown area {area!r}")
            self._share(a, b, segment)
        self._centres.update(layout.centres)

    def layout(self) -> AreaLayout:
        """What this map derived from its outlines (shared borders, centres), to store beside the map."""
        return AreaLayout(tuple(self._shared), {a: self.centre(a) for a in self._ids})

    def _find_borders(self) -> None:
        for i, a in enumerate(self._ids):
            pa = self._shapes[a]
            for j in sorted(int(k) for k in self._tree.query(pa)):
                if j <= i:
                    continue
                b = self._ids[j]
                pb = self._shapes[b]
                if not pa.intersects(pb):  # only their bounding boxes meet
                    continue
                if not pa.touches(pb) and pa.intersection(pb).area > OVERLAP_MAX:  # touching: no area in common
                    raise GeometryError(f"areas {a!r} and {b!r} overlap")
                shared = pa.boundary.intersection(pb.boundary)
                if shared.length > SHARED_BORDER_MIN:
                    self._share(a, b, _longest_line(shared))

    def _add_links(self, links: Iterable[tuple[str, str, str]]) -> None:
        for a, b, kind in links:
            for area in (a, b):
                if area not in self._outlines:
                    raise GeometryError(f"link {a!r}-{b!r} names unknown area {area!r}")
            key = frozenset((a, b))
            self._links[key] = merge_features(self._links.get(key, ()), (EdgeFeature(kind),))
            self._adjacent[a].add(b)
            self._adjacent[b].add(a)

    def locations(self) -> tuple[str, ...]:
        """Return every area id, in the order given."""
        return self._ids

    def contains(self, loc: Loc) -> bool:
        """Return whether ``loc`` is an area id of this map."""
        return loc in self._outlines

    def neighbours(self, loc: Loc) -> tuple[str, ...]:
        """Return the areas adjacent to ``loc`` (shared border or link), in map order."""
        return self._neighbours[cast(str, loc)]

    def distance(self, a: Loc, b: Loc) -> int:
        """Return the number of area steps from ``a`` to ``b``.

        Raises:
            GeometryError: ``b`` cannot be reached from ``a``.
        """
        start = cast(str, a)
        steps = self._bfs.get(start)
        if steps is None:
            steps = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for there in self._neighbours[here]:
                    if there not in steps:
                        steps[there] = steps[here] + 1
                        queue.append(there)
            self._bfs[start] = steps
        if b not in steps:
            raise GeometryError(f"area {b!r} cannot be reached from {a!r}")
        return steps[b]

    def centre(self, loc: Loc) -> Point:
        """Return a point guaranteed inside area ``loc`` (its representative point)."""
        area = cast(str, loc)
        found = self._centres.get(area)
        if found is None:
            point = self._shapes[area].representative_point()
            found = self._centres[area] = (float(point.x), float(point.y))
        return found

    def shape(self, loc: Loc) -> shapely.Polygon:
        """Return the shapely polygon of area ``loc``."""
        return self._shapes[cast(str, loc)]

    def polygon(self, loc: Loc) -> list[Point]:
        """Return the outline points of area ``loc`` as given."""
        return list(self._outlines[cast(str, loc)])

    def terrain(self, loc: Loc) -> str:
        """Return the terrain id of area ``loc``."""
        return self._terrain[cast(str, loc)]

    def edge_features(self, a: Loc, b: Loc) -> tuple[EdgeFeature, ...]:
        """Return the link kinds between ``a`` and ``b`` as features (``()`` when not linked)."""
        return self._links.get(frozenset((cast(str, a), cast(str, b))), ())

    def edge_segment(self, a: Loc, b: Loc) -> Segment:
        """Return the longest shared border piece; for areas joined only by a link, centre to centre.

        Raises:
            GeometryError: The areas are not adjacent.
        """
        key = frozenset((cast(str, a), cast(str, b)))
        border = self._borders.get(key)
        if border is not None:
            return border
        if key in self._links:
            return (self.centre(a), self.centre(b))
        raise GeometryError(f"areas {a!r} and {b!r} are not adjacent")

    def label(self, loc: Loc) -> str:
        """Return the printed name of area ``loc``."""
        return self._labels.get(cast(str, loc), cast(str, loc))

    def locate(self, x: float, y: float) -> str | None:
        """Return the area covering point ``(x, y)`` (the first in map order on a border), or ``None``."""
        if self._boxes is None:
            self._boxes = {a: _box(pts) for a, pts in self._outlines.items()}
        for area, (x0, y0, x1, y1) in self._boxes.items():
            if x0 <= x <= x1 and y0 <= y <= y1 and _covers(self._outlines[area], x, y):
                return area
        return None

    def bounds(self) -> tuple[float, float, float, float]:
        """Return ``(minx, miny, maxx, maxy)`` of all areas."""
        if not self._ids:
            return (0.0, 0.0, 0.0, 0.0)
        boxes = [_box(pts) for pts in self._outlines.values()]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )

    def query(self, geom: shapely.Geometry) -> list[str]:
        """Return ids of areas whose bounding boxes meet ``geom``, in map order."""
        return [self._ids[i] for i in sorted(int(k) for k in self._tree.query(geom))]


def _box(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _covers(ring: Sequence[Point], x: float, y: float) -> bool:
    """Whether the polygon with outline ``ring`` holds ``(x, y)``, its border included (crossing count)."""
    inside = False
    x1, y1 = ring[-1]
    for x2, y2 in ring:
        on_line = (x2 - x1) * (y - y1) == (y2 - y1) * (x - x1)
        if on_line and min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2):
            return True  # on this edge
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
        x1, y1 = x2, y2
    return inside

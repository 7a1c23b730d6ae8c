"""Area maps (Third Reich): named polygons, adjacent when their borders share a segment, plus explicit links.

Two areas touching at a single point are not adjacent. Links (sea lanes, straits) add adjacency between
areas that do not touch; the link kind is reported as an ``EdgeFeature`` on that border.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from app.geometry.topology import EdgeFeature, GeometryError, Loc, Point, Segment, merge_features

if TYPE_CHECKING:  # shapely costs ~130 ms to import (numpy): imported by the functions that need shapes
    import shapely

SHARED_BORDER_MIN = 1e-6
OVERLAP_MAX = 1e-6


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
    ) -> None:
        self._ids: tuple[str, ...] = tuple(areas)
        self._shapes: dict[str, shapely.Polygon] = {a: _build_polygon(a, pts) for a, pts in areas.items()}
        self._outlines = {a: [(float(x), float(y)) for x, y in pts] for a, pts in areas.items()}
        self._terrain = {a: (terrain or {}).get(a, "clear") for a in self._ids}
        self._labels = dict(labels or {})
        import shapely

        self._tree = shapely.STRtree([self._shapes[a] for a in self._ids])
        self._adjacent: dict[str, set[str]] = {a: set() for a in self._ids}
        self._borders: dict[frozenset[str], Segment] = {}
        self._links: dict[frozenset[str], tuple[EdgeFeature, ...]] = {}
        self._find_borders()
        self._add_links(links)
        self._neighbours = {a: tuple(b for b in self._ids if b in self._adjacent[a]) for a in self._ids}
        self._bfs: dict[str, dict[str, int]] = {}

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
                    self._adjacent[a].add(b)
                    self._adjacent[b].add(a)
                    segment = _longest_line(shared)
                    if segment is not None:
                        self._borders[frozenset((a, b))] = segment

    def _add_links(self, links: Iterable[tuple[str, str, str]]) -> None:
        for a, b, kind in links:
            for area in (a, b):
                if area not in self._shapes:
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
        return loc in self._shapes

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
        point = self._shapes[cast(str, loc)].representative_point()
        return (float(point.x), float(point.y))

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
        import shapely

        point = shapely.Point(x, y)
        hits = sorted(int(i) for i in self._tree.query(point, predicate="intersects"))
        return self._ids[hits[0]] if hits else None

    def bounds(self) -> tuple[float, float, float, float]:
        """Return ``(minx, miny, maxx, maxy)`` of all areas."""
        if not self._ids:
            return (0.0, 0.0, 0.0, 0.0)
        import shapely

        minx, miny, maxx, maxy = shapely.total_bounds(list(self._shapes.values()))
        return (float(minx), float(miny), float(maxx), float(maxy))

    def query(self, geom: shapely.Geometry) -> list[str]:
        """Return ids of areas whose bounding boxes meet ``geom``, in map order."""
        return [self._ids[i] for i in sorted(int(k) for k in self._tree.query(geom))]

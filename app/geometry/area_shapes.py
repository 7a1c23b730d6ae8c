"""Turning drawn or imported outlines into an area map: one coverage whose neighbours share their border vertices.

Outlines drawn by hand or imported from GIS data rarely meet exactly: neighbours overlap a little or leave
slivers between them. :func:`fit_coverage` snaps every outline to its neighbours' vertices within a
tolerance, cuts away what overlaps an earlier outline and keeps the largest piece, so that
:class:`app.geometry.areas.AreaMap` finds the common borders (adjacency = a shared segment; a single shared
point is not adjacency). :func:`label_points` gives each area a point far inside it for its name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import shapely
from shapely.geometry import Polygon
from shapely.ops import polylabel

Outline = list[tuple[float, float]]


def _largest(geom: shapely.Geometry) -> Polygon | None:
    parts = [p for p in shapely.get_parts(shapely.make_valid(geom)) if isinstance(p, Polygon) and p.area > 0]
    return max(parts, key=lambda p: p.area) if parts else None


def _outline(poly: Polygon, digits: int) -> Outline:
    ring = shapely.orient_polygons(Polygon(poly.exterior)).exterior.coords[:-1]
    return [(round(float(x), digits), round(float(y), digits)) for x, y in ring]


def fit_coverage(
    outlines: Mapping[str, Sequence[tuple[float, float]]], tolerance: float, digits: int = 2
) -> dict[str, Outline]:
    """Snap outlines onto each other and remove overlaps (earlier outlines win), dropping holes.

    Args:
        outlines: Outline points by area id, in priority order.
        tolerance: Largest gap or overlap (map units) closed by snapping.
        digits: Decimal places kept in the result.

    Returns:
        Cleaned outlines by area id; an area that vanishes (entirely covered by earlier ones) is left out.
    """
    shapes: dict[str, Polygon] = {}
    for area, points in outlines.items():
        poly = _largest(Polygon(points))
        if poly is None:
            continue
        if shapes:
            others = shapely.union_all([s.exterior for s in shapes.values()])
            poly = _largest(shapely.snap(poly, others, tolerance).difference(shapely.union_all(list(shapes.values()))))
        if poly is not None and poly.area > tolerance * tolerance:
            shapes[area] = poly
    return {area: _outline(poly, digits) for area, poly in shapes.items()}


def label_points(outlines: Mapping[str, Sequence[tuple[float, float]]]) -> dict[str, tuple[float, float]]:
    """A point deep inside every outline (the pole of inaccessibility), for printing its name."""
    found = {}
    for area, points in outlines.items():
        poly = Polygon(points)
        tolerance = max(1e-3, (poly.bounds[2] - poly.bounds[0]) / 100)
        point = polylabel(poly, tolerance=tolerance)
        found[area] = (round(point.x, 1), round(point.y, 1))
    return found


def point_contacts(outlines: Mapping[str, Sequence[tuple[float, float]]]) -> list[tuple[str, str]]:
    """Pairs of areas whose outlines meet only in points (so they are not adjacent), in map order."""
    shapes = {area: Polygon(points) for area, points in outlines.items()}
    tree = shapely.STRtree(list(shapes.values()))
    ids = list(shapes)
    found = []
    for i, area in enumerate(ids):
        for j in sorted(int(k) for k in tree.query(shapes[area])):
            other = shapes[ids[j]]
            if j > i and shapes[area].touches(other) and shapes[area].boundary.intersection(other.boundary).length == 0:
                found.append((area, ids[j]))
    return found

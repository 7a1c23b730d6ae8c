"""The projection of the Typhoon map: latitude/longitude to the hex grid (used by the map and scenario builders).

Equirectangular about 55 N: 18 km between hex centres, flat-top hexes in odd-q columns, 28 columns x 26 rows.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from shapely.geometry import Point, Polygon

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import geography as geo

from app.geometry.hexgrid import HexGrid

Hex = tuple[int, int]
XY = tuple[float, float]
COLUMNS, ROWS = 28, 26
HEX_KM = 18.0
LAT0, LON0 = 57.00, 31.75  # centre of hex 0101
KM_LAT, KM_LON = 111.2, 111.32 * math.cos(math.radians(55.0))
SCALE = math.sqrt(3) / HEX_KM  # grid units per km


def project(p: geo.LatLon) -> XY:
    """Return grid coordinates (hex size 1, y down) of a latitude/longitude."""
    lat, lon = p
    return ((lon - LON0) * KM_LON * SCALE, (LAT0 - lat) * KM_LAT * SCALE)


def make_grid() -> HexGrid:
    """Return the empty hex grid of the map."""
    return HexGrid("flat", "odd", COLUMNS, ROWS)


def hex_at(grid: HexGrid, p: geo.LatLon) -> Hex:
    """Return the hex under a point, or the nearest hex when the point lies just off the map."""
    x, y = project(p)
    found = grid.locate(x, y)
    if found is not None:
        return found
    return min(grid.locations(), key=lambda h: math.dist(grid.centre(h), (x, y)))


def axis_side(grid: HexGrid, start_line: list[geo.LatLon]) -> set[Hex]:
    """Return the hexes whose centre lies west of a start line (TY-CITY-1)."""
    line = [project(p) for p in start_line]
    far_west = -10.0
    area = Polygon([*line, (far_west, line[-1][1]), (far_west, line[0][1])])
    return {h for h in grid.locations() if area.contains(Point(grid.centre(h)))}

"""Build ``resources/boards/typhoon_1941.json`` from the geography in ``geography.py``.

Run from the repository root: ``.venv/bin/python packaging/typhoon/build_map.py``. The output is committed;
re-run after editing the geography. The projection is equirectangular about 55 N: 18 km between hex
centres, flat-top hexes in odd-q columns, 28 columns x 26 rows, IDs ``CCRR``.

* Hex terrain: the region type covering the largest part of a hex, if that is at least half of it.
* Rivers: each course is snapped to the chain of hexsides that follows it most closely (a shortest path on
  the hex corners, each hexside costing its length plus its distance from the course), so a river separates
  the hexes on its two banks. Tributaries end on the river they join.
* Roads and railways: hex paths between consecutive places, each the cheapest path that stays near the
  straight line and avoids lakes; wherever one crosses a river hexside that hexside carries ``bridge``.
"""

from __future__ import annotations

import heapq
import itertools
import json
import math
import sys
from pathlib import Path

import shapely
from shapely.geometry import LineString, Point, Polygon

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import geography as geo
import scenario_files
from projection import COLUMNS, ROWS, XY, Hex, axis_side, hex_at, make_grid, project

from app.geometry.hexgrid import HexGrid

OUT = Path(__file__).resolve().parents[2] / "resources" / "boards" / "typhoon_1941.json"


def terrain(grid: HexGrid) -> dict[Hex, str]:
    """Return the terrain of every hex that is not clear (region area majority)."""
    regions: dict[str, shapely.Geometry] = {}
    for kind, ring in geo.REGIONS:
        poly = Polygon([project(p) for p in ring])
        regions[kind] = poly if kind not in regions else regions[kind].union(poly)
    found: dict[Hex, str] = {}
    for h in grid.locations():
        shape = grid.shape(h)
        areas = {kind: shape.intersection(region).area for kind, region in regions.items()}
        kind, area = max(sorted(areas.items()), key=lambda item: item[1])
        if area >= shape.area / 2:
            found[h] = kind
    return found


def large_cities(grid: HexGrid) -> dict[str, list[Hex]]:
    """Return the hexes of every large city by key (point hex first, then the rest of its extent)."""
    found: dict[str, list[Hex]] = {}
    for key, _en, _zh, point, extent in geo.LARGE_CITIES:
        hexes = [hex_at(grid, point)]
        if extent is not None:
            area = Polygon([project(p) for p in extent])
            hexes += [h for h in grid.locations() if h not in hexes and area.contains(Point(grid.centre(h)))]
        found[key] = hexes
    return found


def towns(grid: HexGrid, taken: set[Hex]) -> tuple[dict[str, Hex], list[str]]:
    """Return the hex of every town that has a hex of its own, and the towns dropped for lack of one."""
    placed: dict[str, Hex] = {}
    dropped: list[str] = []
    for key, _en, _zh, point in geo.TOWNS:
        h = hex_at(grid, point)
        if h in taken:
            dropped.append(key)
            continue
        placed[key] = h
        taken.add(h)
    return placed, dropped


def _key(p: XY) -> XY:
    return (round(p[0], 5), round(p[1], 5))


def corner_graph(grid: HexGrid) -> dict[XY, list[tuple[XY, frozenset[Hex]]]]:
    """Return the hex corners joined by interior hexsides (each edge names the two hexes it separates)."""
    graph: dict[XY, list[tuple[XY, frozenset[Hex]]]] = {}
    for h in grid.locations():
        for n in grid.neighbours(h):
            if h < n:
                a, b = grid.edge_segment(h, n)
                pair = frozenset((h, n))
                graph.setdefault(_key(a), []).append((_key(b), pair))
                graph.setdefault(_key(b), []).append((_key(a), pair))
    return graph


def snap_course(
    graph: dict[XY, list[tuple[XY, frozenset[Hex]]]], course: LineString, end_nodes: set[XY], start: XY | None
) -> tuple[list[frozenset[Hex]], XY]:
    """Return the hexsides of the corner path that follows ``course`` most closely, and its last corner.

    The path starts at ``start`` (or the corner nearest the course's first point) and ends at the corner of
    ``end_nodes`` (corners already on a river) nearest the course's last point, if one is within 2 units.
    """
    if start is None:
        start = min(graph, key=lambda c: math.dist(c, course.coords[0]))
    pool = [c for c in end_nodes if math.dist(c, course.coords[-1]) <= 2.0] or list(graph)
    goal = min(pool, key=lambda c: math.dist(c, course.coords[-1]))
    best: dict[XY, float] = {start: 0.0}
    back: dict[XY, tuple[XY, frozenset[Hex]]] = {}
    queue: list[tuple[float, XY]] = [(0.0, start)]
    while queue:
        cost, node = heapq.heappop(queue)
        if node == goal:
            break
        if cost > best[node]:
            continue
        for nxt, pair in graph[node]:
            mid = ((node[0] + nxt[0]) / 2, (node[1] + nxt[1]) / 2)
            step = cost + 1.0 + 6.0 * course.distance(Point(mid))
            if step < best.get(nxt, math.inf):
                best[nxt], back[nxt] = step, (node, pair)
                heapq.heappush(queue, (step, nxt))
    sides: list[frozenset[Hex]] = []
    node = goal
    while node != start:
        node, pair = back[node]
        sides.append(pair)
    return sides[::-1], goal


def rivers(grid: HexGrid) -> dict[frozenset[Hex], str]:
    """Return the river kind of every river hexside (a major river wins where two courses share a side)."""
    graph = corner_graph(grid)
    minx, miny, maxx, maxy = grid.bounds()
    frame = shapely.box(minx + 0.5, miny + 0.5, maxx - 0.5, maxy - 0.5)
    sides: dict[frozenset[Hex], str] = {}
    nodes: set[XY] = set()
    for _en, _zh, course, major_from in geo.RIVERS:
        cut = len(course) if major_from is None else major_from
        start: XY | None = None
        for kind, part in (("river", course[: cut + 1]), ("major_river", course[cut:])):
            clipped = LineString([project(p) for p in part]).intersection(frame) if len(part) > 1 else None
            for piece in getattr(clipped, "geoms", [clipped]):
                if piece is None or piece.is_empty or piece.length < 0.5:
                    continue
                found, start = snap_course(graph, piece, nodes, start)
                for pair in found:
                    if sides.get(pair) != "major_river":
                        sides[pair] = kind
                    nodes.update(_key(c) for c in grid.edge_segment(*sorted(pair)))
    return sides


def place_xy(name: str) -> geo.LatLon:
    """Return the latitude/longitude of a large city, town or waypoint by key."""
    for key, _en, _zh, point, *_rest in (*geo.LARGE_CITIES, *geo.TOWNS):
        if key == name:
            return point
    return geo.WAYPOINTS[name]


def hex_path(grid: HexGrid, a: Hex, b: Hex, cost: dict[Hex, float], sides: dict[frozenset[Hex], str]) -> list[Hex]:
    """Return the cheapest hex path from ``a`` to ``b`` near the straight line (lakes cost 50 a hex)."""
    line = LineString([grid.centre(a), grid.centre(b)])
    best: dict[Hex, float] = {a: 0.0}
    back: dict[Hex, Hex] = {}
    queue: list[tuple[float, Hex]] = [(0.0, a)]
    while queue:
        spent, h = heapq.heappop(queue)
        if h == b:
            break
        if spent > best[h]:
            continue
        for n in grid.neighbours(h):
            crossing = {"river": 0.4, "major_river": 0.8}.get(sides.get(frozenset((h, n)), ""), 0.0)
            step = spent + 1.0 + cost.get(n, 0.0) + crossing + 0.5 * line.distance(Point(grid.centre(n)))
            if step < best.get(n, math.inf):
                best[n], back[n] = step, h
                heapq.heappush(queue, (step, n))
    path = [b]
    while path[-1] != a:
        path.append(back[path[-1]])
    return path[::-1]


def routes(
    grid: HexGrid, chains: list[list[str]], ground: dict[Hex, str], sides: dict[frozenset[Hex], str]
) -> list[list[Hex]]:
    """Return hex paths for chains of places (one path per chain)."""
    cost = {h: 50.0 for h, kind in ground.items() if kind == "lake"}
    paths: list[list[Hex]] = []
    for chain in chains:
        stops = [hex_at(grid, place_xy(name)) for name in chain]
        path: list[Hex] = [stops[0]]
        for a, b in itertools.pairwise(stops):
            if a != b:
                path += hex_path(grid, a, b, cost, sides)[1:]
        paths.append(path)
    return paths


def fortified(grid: HexGrid) -> list[Hex]:
    """Return the fortified hexes: along each fortified line, one hex every ``step`` hexes."""
    found: list[Hex] = []
    for _name, course, step in geo.FORTIFIED_LINES:
        line = LineString([project(p) for p in course])
        seen: list[Hex] = []
        for i in range(int(line.length / 0.25) + 1):
            point = line.interpolate(i * 0.25)
            h = grid.locate(point.x, point.y)
            if h is not None and h not in seen:
                seen.append(h)
        picked: list[Hex] = []
        for h in seen:
            if not picked or grid.distance(picked[-1], h) >= step:
                picked.append(h)
        found += [h for h in picked if h not in found]
    return found


def _names() -> dict[str, tuple[str, str]]:
    return {key: (en, zh) for key, en, zh, *_rest in (*geo.LARGE_CITIES, *geo.TOWNS)}


def build() -> tuple[dict[str, object], dict[str, object]]:
    """Return the board file and the facts the scenario builder needs (all by printed hex ID)."""
    grid = make_grid()
    ground = terrain(grid)
    cities = large_cities(grid)
    for hexes in cities.values():
        ground.update(dict.fromkeys(hexes, "large_city"))
    placed, dropped = towns(grid, {h for hexes in cities.values() for h in hexes})
    sides = rivers(grid)
    roads = routes(grid, geo.ROADS, ground, sides)
    rails = routes(grid, geo.RAILWAYS, ground, sides)
    label, names = grid.label, _names()
    marks: list[dict[str, object]] = []
    for key, hexes in cities.items():
        marks += [
            {"at": label(h), "kind": "large_city", "name_en": names[key][0], "name_zh": names[key][1]} for h in hexes
        ]
    for key, h in placed.items():
        marks.append({"at": label(h), "kind": "town", "name_en": names[key][0], "name_zh": names[key][1]})
    sources = [(side, hex_at(grid, p)) for side, p in geo.SUPPLY_SOURCES]
    marks += [{"at": label(h), "kind": "supply_source", "side": side} for side, h in sources]
    forts = fortified(grid) + [h for key in geo.FORTIFIED_CITIES for h in cities[key]]
    marks += [{"at": label(h), "kind": "fortified"} for h in forts]
    hexsides = [{"a": label(a), "b": label(b), "kind": kind} for pair, kind in sides.items() for a, b in [sorted(pair)]]
    bridged = {frozenset(step) for path in (*roads, *rails) for step in itertools.pairwise(path)} & set(sides)
    hexsides += [{"a": label(a), "b": label(b), "kind": "bridge"} for pair in bridged for a, b in [sorted(pair)]]
    hexsides.sort(key=lambda s: (s["a"], s["b"], s["kind"]))
    board = _board_file(
        {label(h): kind for h, kind in sorted(ground.items(), key=lambda item: label(item[0]))},
        hexsides,
        [[label(h) for h in path] for path in roads],
        [[label(h) for h in path] for path in rails],
        marks,
    )
    west = axis_side(grid, geo.START_LINE)
    facts: dict[str, object] = {
        "cities": {key: [label(h) for h in hexes] for key, hexes in cities.items()},
        "towns": {key: label(h) for key, h in placed.items()},
        "dropped_towns": dropped,
        "axis_side": sorted(label(h) for h in west),
        "axis_controlled": sorted(
            label(h) for h in {*placed.values(), *itertools.chain(*cities.values())} if h in west
        ),
        "supply": {side: [label(h) for s, h in sources if s == side] for side in ("axis", "soviet")},
        "fortified": [label(h) for h in forts],
        "railways": [[label(h) for h in path] for path in rails],
        "roads": [[label(h) for h in path] for path in roads],
        "terrain": {label(h): kind for h, kind in ground.items()},
    }
    return board, facts


NOTES = (
    "Operation Typhoon 1941, from Smolensk to beyond Moscow and from Kalinin to Orel: an original map authored "
    "from general geographic knowledge by packaging/typhoon/build_map.py (not the published map; see "
    "docs/typhoon-map.md). Flat-top hexes in odd-q columns, 18 km between hex centres, printed IDs CCRR. Hex "
    "terrain is the base terrain (TY-MAP-7); towns, large-city names, supply sources (TY-MAP-3) and fortified "
    "hexes are marks. Rivers and major rivers lie on hexsides (TY-MAP-1); every hexside a road or railway "
    "crosses a river on also carries 'bridge' (TY-MAP-4)."
)


def _board_file(
    ground: dict[str, str],
    hexsides: list[dict[str, str]],
    roads: list[list[str]],
    rails: list[list[str]],
    marks: list[dict[str, object]],
) -> dict[str, object]:
    spec = {
        "kind": "hex",
        "name_en": "Operation Typhoon, October–December 1941",
        "name_zh": "台风行动，1941年10月至12月",
        "orientation": "flat",
        "offset": "odd",
        "columns": COLUMNS,
        "rows": ROWS,
        "id_format": "{col:02d}{row:02d}",
        "first_col": 1,
        "first_row": 1,
        "default_terrain": "clear",
        "terrain": ground,
        "hexsides": hexsides,
        "roads": roads,
        "railways": rails,
        "marks": marks,
    }
    return {
        "format": "adjutant-board",
        "schema_version": 1,
        "id": "typhoon_1941",
        "system": "typhoon",
        "notes": NOTES,
        "board": spec,
    }


def main() -> None:
    """Write the board file and print a summary."""
    board, facts = build()
    scenario_files.write_all(board, facts)
    OUT.write_text(json.dumps(board, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    spec = board["board"]
    assert isinstance(spec, dict)
    print(
        f"wrote {OUT}: {len(spec['terrain'])} non-clear hexes, {len(spec['hexsides'])} hexside features, "
        f"{len(spec['roads'])} roads, {len(spec['railways'])} railways, {len(spec['marks'])} marks"
    )
    print("dropped towns (hex taken):", ", ".join(facts["dropped_towns"]) or "none")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()

"""Build resources/boards/third_reich_europe_1939.json from Natural Earth outlines (public domain).

Run from the repository root (needs npm on the PATH and the project's virtual environment for shapely)::

    .venv/bin/python packaging/third_reich/build_map.py              # fetches world-atlas@2 with npm pack
    .venv/bin/python packaging/third_reich/build_map.py --atlas DIR  # an unpacked world-atlas package

Method (docs/third-reich-map.md): decode the TopoJSON ``countries-50m.json`` of the npm package
``world-atlas@2`` (Natural Earth 1:50m admin-0 countries), project longitude/latitude to a flat map
(equirectangular, x scaled by cos 50°), clip to the map frame, and node all linework at once: country
borders, the Voronoi borders between the seed points of each country group (packaging/third_reich/areas.py)
and the sea cut lines. Every face of that one planar partition is given to an area (land: its group and
nearest seed; water: the sea whose seed its water piece holds). Pieces cut off from their area's seed go to
the neighbour they share most border with, so that every area is one polygon. ``shapely.coverage_simplify``
then simplifies the whole partition at once, which keeps common borders identical in both neighbours.
The output is deterministic: the same package version gives byte-identical JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import shapely
from areas import CUTS, GROUPS, LANDS, LINKS, SEAS
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import polylabel

WEST, EAST, SOUTH, NORTH = -26.0, 56.0, 28.5, 72.0
SCALE = 12.0  # map units per degree of latitude
KX = math.cos(math.radians(50.0)) * SCALE
TOLERANCE = 0.9  # coverage_simplify tolerance in map units
OUT = Path("resources/boards/third_reich_europe_1939.json")
LABEL_SIZE = 0.17  # label height as a fraction of the median area size (app/ui/marks.py draws names so)
LABEL_GAP = 0.15  # free space kept between two labels, in label heights


def project(lon: float, lat: float) -> tuple[float, float]:
    """Longitude/latitude to map units (x right, y down)."""
    return ((lon - WEST) * KX, (NORTH - lat) * SCALE)


def fetch_atlas() -> Path:
    """Unpack world-atlas@2 from the npm registry into a temporary folder."""
    tmp = Path(tempfile.mkdtemp(prefix="world-atlas-"))
    subprocess.run(["npm", "pack", "world-atlas@2", "--silent"], cwd=tmp, check=True, capture_output=True)
    tarball = next(tmp.glob("world-atlas-*.tgz"))
    subprocess.run(["tar", "xzf", tarball.name], cwd=tmp, check=True)
    return tmp / "package"


def decode_arcs(topo: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """Delta-decode and un-quantise the TopoJSON arcs, projected to map units."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            lon = x * sx + tx
            # Russia's mainland ring crosses the antimeridian: keep Chukotka east of 180 so the ring stays whole.
            points.append(project(lon + 360 if lon < -169 else lon, y * sy + ty))
        arcs.append(points)
    return arcs


def _ring(arcs: list[list[tuple[float, float]]], indexes: list[int]) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    for i in indexes:
        arc = arcs[i] if i >= 0 else arcs[~i][::-1]
        points.extend(arc[1:] if points else arc)
    return points


def countries(topo: dict[str, Any]) -> dict[str, list[Polygon]]:
    """Country polygons (map units) by Natural Earth name."""
    arcs = decode_arcs(topo)
    found: dict[str, list[Polygon]] = {}
    for geom in topo["objects"]["countries"]["geometries"]:
        polys = geom.get("arcs", [])
        if geom["type"] == "Polygon":
            polys = [polys]
        shapes = [Polygon(_ring(arcs, p[0]), [_ring(arcs, h) for h in p[1:]]) for p in polys]
        found[geom["properties"]["name"]] = [shapely.make_valid(s) for s in shapes]
    return found


def group_shapes(world: dict[str, list[Polygon]]) -> dict[str, shapely.Geometry]:
    """The union of each country group, clipped to the map frame."""
    frame = box(*project(WEST, NORTH), *project(EAST, SOUTH))
    kaliningrad = box(*project(19.0, 55.5), *project(23.0, 54.0))
    shapes = {}
    for group, names in GROUPS.items():
        parts = []
        for name in names:
            if name == "Russia/kaliningrad":
                parts += [p.intersection(kaliningrad) for p in world["Russia"]]
            elif name == "Russia":
                parts += [p.difference(kaliningrad) for p in world["Russia"]]
            else:
                parts += world[name]
        shapes[group] = shapely.union_all(parts).intersection(frame)
    return shapes


def voronoi_lines(groups: dict[str, shapely.Geometry]) -> list[shapely.Geometry]:
    """Voronoi borders between the seeds of each group, kept inside the group."""
    lines = []
    for group, shape in groups.items():
        seeds = [Point(project(*land.seed)) for land in LANDS if land.group == group]
        if len(seeds) < 2:
            continue
        cells = shapely.voronoi_polygons(shapely.MultiPoint(seeds), extend_to=shape.envelope.buffer(50))
        lines.append(shapely.union_all([c.boundary for c in cells.geoms]).intersection(shape.buffer(1e-9)))
    return lines


def cut_lines() -> list[LineString]:
    """The sea cut lines in map units."""
    return [LineString([project(*p) for p in cut]) for cut in CUTS]


def faces(groups: dict[str, shapely.Geometry]) -> list[Polygon]:
    """Node every border, coast, Voronoi border, cut line and the frame; return the faces inside the frame."""
    frame = box(*project(WEST, NORTH), *project(EAST, SOUTH))
    lines = [frame.boundary, *(g.boundary for g in groups.values()), *voronoi_lines(groups), *cut_lines()]
    noded = shapely.union_all([shapely.intersection(line, frame) for line in lines])
    return [f for f in shapely.get_parts(shapely.polygonize(shapely.get_parts(noded))) if f.area > 1e-9]


def label_faces(parts: list[Polygon], groups: dict[str, shapely.Geometry]) -> list[str | None]:
    """Land faces get the nearest seed of their group; water faces get None (seas come later)."""
    seeds = {land.id: Point(project(*land.seed)) for land in LANDS}
    by_group: dict[str, list[str]] = defaultdict(list)
    for land in LANDS:
        by_group[land.group].append(land.id)
    labels: list[str | None] = []
    for face in parts:
        at = face.point_on_surface()
        group = next((g for g, shape in groups.items() if shape.contains(at)), None)
        if group is None:
            labels.append(None)
        else:
            labels.append(min(by_group[group], key=lambda a: (seeds[a].distance(at), a)))
    return labels


def face_graph(parts: list[Polygon]) -> dict[int, dict[int, float]]:
    """Shared border length between every two faces that share a segment."""
    tree = shapely.STRtree(parts)
    graph: dict[int, dict[int, float]] = defaultdict(dict)
    for i, face in enumerate(parts):
        for j in (int(k) for k in tree.query(face)):
            if j > i:
                length = face.boundary.intersection(parts[j].boundary).length
                if length > 1e-9:
                    graph[i][j] = graph[j][i] = length
    return graph


def label_seas(parts: list[Polygon], labels: list[str | None], graph: dict[int, dict[int, float]]) -> None:
    """Flood the water faces from each sea seed without crossing a cut line."""
    cuts = shapely.union_all(cut_lines()).buffer(1e-6)
    for sea in SEAS:
        seed = Point(project(*sea.seed))
        start = next(i for i, f in enumerate(parts) if f.covers(seed))
        if labels[start] is not None:
            raise SystemExit(f"{sea.id}: its water is already {labels[start]} (a cut line is missing)")
        stack = [start]
        labels[start] = sea.id
        while stack:
            i = stack.pop()
            for j in graph[i]:
                if labels[j] is None and not parts[i].boundary.intersection(parts[j].boundary).within(cuts):
                    labels[j] = sea.id
                    stack.append(j)


def absorb(parts: list[Polygon], labels: list[str | None], graph: dict[int, dict[int, float]]) -> None:
    """Give every face cut off from its area's seed (or unlabelled) to the neighbour it shares most border with.

    Land pieces prefer land neighbours of the same group, then any land, then sea; water pieces prefer sea.
    Repeated until every area is one connected piece that holds its seed.
    """
    seeds = {land.id: Point(project(*land.seed)) for land in LANDS} | {s.id: Point(project(*s.seed)) for s in SEAS}
    group_of = {land.id: land.group for land in LANDS}
    for _ in range(50):
        stray = _stray_faces(parts, labels, graph, seeds)
        if not stray:
            return
        for i in sorted(stray):
            choices: dict[str, float] = defaultdict(float)
            for j, length in graph[i].items():
                if labels[j] is not None and j not in stray:
                    choices[labels[j]] += length
            if choices:
                mine = labels[i]
                labels[i] = max(choices, key=lambda a: (_rank(mine, a, group_of), choices[a], a))
    raise SystemExit("stray faces remain after 50 rounds")


def _rank(mine: str | None, other: str, group_of: dict[str, str]) -> int:
    if mine in group_of and other in group_of:
        return 2 if group_of[mine] == group_of[other] else 1
    return 1 if (mine in group_of) == (other in group_of) else 0


def _stray_faces(
    parts: list[Polygon], labels: list[str | None], graph: dict[int, dict[int, float]], seeds: dict[str, Point]
) -> set[int]:
    stray = {i for i, label in enumerate(labels) if label is None}
    by_area: dict[str, list[int]] = defaultdict(list)
    for i, label in enumerate(labels):
        if label is not None:
            by_area[label].append(i)
    for area, members in by_area.items():
        start = next((i for i in members if parts[i].covers(seeds[area])), None)
        reached = _reach(start, set(members), graph) if start is not None else set()
        stray |= set(members) - reached
    return stray


def _reach(start: int, members: set[int], graph: dict[int, dict[int, float]]) -> set[int]:
    seen, stack = {start}, [start]
    while stack:
        for j in graph[stack.pop()]:
            if j in members and j not in seen:
                seen.add(j)
                stack.append(j)
    return seen


def assemble(parts: list[Polygon], labels: list[str | None]) -> dict[str, Polygon]:
    """One polygon per area (the union of its faces), in table order: land first, then sea."""
    by_area: dict[str, list[Polygon]] = defaultdict(list)
    for face, label in zip(parts, labels, strict=True):
        if label is not None:
            by_area[label].append(face)
    areas = {}
    for area_id in [land.id for land in LANDS] + [sea.id for sea in SEAS]:
        shape = shapely.union_all(by_area[area_id])
        if not isinstance(shape, Polygon):
            raise SystemExit(f"{area_id}: not one polygon ({shape.geom_type})")
        areas[area_id] = shape
    return areas


def simplify(areas: dict[str, Polygon]) -> dict[str, list[tuple[float, float]]]:
    """Simplify the coverage (common borders stay common) and round to 0.01 map units."""
    ids = list(areas)
    simple = shapely.coverage_simplify([areas[a] for a in ids], TOLERANCE, simplify_boundary=False)
    outlines = {}
    for area_id, shape in zip(ids, simple, strict=True):
        if not isinstance(shape, Polygon) or shape.interiors:
            raise SystemExit(f"{area_id}: simplified to a {shape.geom_type} or one with holes")
        ring = shapely.orient_polygons(shape).exterior.coords[:-1]
        points = [(round(x, 2), round(y, 2)) for x, y in ring]
        if not Polygon(points).is_valid:
            raise SystemExit(f"{area_id}: invalid after rounding")
        outlines[area_id] = points
    return outlines


def label_size(outlines: dict[str, list[tuple[float, float]]]) -> float:
    """Label height in map units, as the window draws area names (0.17 x the median area extent)."""
    sizes = []
    for points in outlines.values():
        x0, y0, x1, y1 = Polygon(points).bounds
        sizes.append(min(x1 - x0, y1 - y0))
    sizes.sort()
    return LABEL_SIZE * sizes[len(sizes) // 2]


def label_box(at: tuple[float, float], en: str, zh: str, size: float) -> Polygon:
    """The rectangle a label covers in either language (bold Latin ~0.68 x height a letter, CJK 1.0)."""
    width = max(0.68 * len(en), 1.0 * len(zh)) * size
    return box(at[0] - width / 2, at[1] - 0.6 * size, at[0] + width / 2, at[1] + 0.6 * size)


def place_labels(outlines: dict[str, list[tuple[float, float]]], names: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """A label point inside every area whose label box overlaps no other (smallest areas placed first)."""
    size = label_size(outlines)
    shapes = {a: Polygon(p) for a, p in outlines.items()}
    frame = box(*project(WEST, NORTH), *project(EAST, SOUTH))
    placed: dict[str, Polygon] = {}
    at: dict[str, tuple[float, float]] = {}
    for area_id in sorted(shapes, key=lambda a: (shapes[a].area, a)):
        shape, (en, zh) = shapes[area_id], names[area_id]
        best = polylabel(shape, tolerance=0.5)
        ranked = sorted(_candidates(shape, size), key=lambda p: _score(shape, best, p, label_box(p, en, zh, size)))
        free = [
            p
            for p in ranked
            if frame.contains(label_box(p, en, zh, size))
            and not any(label_box(p, en, zh, size).buffer(LABEL_GAP * size).intersects(b) for b in placed.values())
        ]
        if not free:
            raise SystemExit(f"{area_id}: no room for its label")
        at[area_id] = free[0]
        placed[area_id] = label_box(free[0], en, zh, size)
    return {"size": size, "at": at}


def _candidates(shape: Polygon, size: float) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = shape.buffer(size).bounds
    step = size / 2
    points = [polylabel(shape, tolerance=0.5).coords[0]]
    for i in range(int((x1 - x0) / step) + 1):
        for j in range(int((y1 - y0) / step) + 1):
            points.append((x0 + i * step, y0 + j * step))
    near = shape.buffer(size)  # a label may lean out of a small area, never far from it
    return [(round(x, 1), round(y, 1)) for x, y in points if near.contains(Point(x, y))]


def _score(shape: Polygon, best: Point, p: tuple[float, float], label: Polygon) -> tuple[float, ...]:
    outside = label.difference(shape).area / label.area
    return (round(outside, 2), best.distance(Point(p)), p)


def board_json(outlines: dict[str, list[tuple[float, float]]], labels: dict[str, Any]) -> str:
    """The board file, one area per line block (stable order: land by table, then sea)."""
    names = {land.id: (land.en, land.zh, "land") for land in LANDS} | {s.id: (s.en, s.zh, "sea") for s in SEAS}
    areas = []
    for area_id, points in outlines.items():
        en, zh, terrain = names[area_id]
        area = {"id": area_id, "name_en": en, "name_zh": zh, "terrain": terrain, "label_at": labels["at"][area_id]}
        areas.append("      " + json.dumps(area | {"polygon": points}, ensure_ascii=False, separators=(",", ":")))
    links = [json.dumps({"a": a, "b": b, "kind": k}, separators=(",", ":")) for a, b, k in LINKS]
    head = {
        "format": "adjutant-board",
        "schema_version": 1,
        "id": "third_reich_europe_1939",
        "system": "third_reich",
        "notes": NOTES,
    }
    text = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    text += ',\n "board": {\n  "kind": "area",\n  "name_en": "Europe 1939",\n  "name_zh": "1939年的欧洲",\n'
    text += '  "areas": [\n' + ",\n".join(areas) + "\n  ],\n"
    text += '  "links": [\n   ' + ",\n   ".join(links) + "\n  ]\n }\n}\n"
    return text


NOTES = (
    "Original area map of Europe, the Atlantic, the Mediterranean and the Middle East for Rise and Fall of the Third "
    "Reich. Coastlines and frontiers: Natural Earth 1:50m admin-0 countries (public domain) from the npm package "
    "world-atlas@2, projected equirectangular (x scaled by cos 50 deg, 12 units a degree of latitude); areas split by "
    "Voronoi cells around authored seed points, seas by authored cut lines, simplified as one coverage so that "
    "neighbours share the same vertices. Built by packaging/third_reich/build_map.py (docs/third-reich-map.md)."
)


def check(outlines: dict[str, list[tuple[float, float]]]) -> list[str]:
    """Problems: seeds outside their area, invalid polygons, holes, unreachable areas, links naming nothing."""
    problems = []
    shapes = {a: Polygon(p) for a, p in outlines.items()}
    for item in (*LANDS, *SEAS):
        if not shapes[item.id].is_valid:
            problems.append(f"{item.id}: invalid polygon")
    problems += [f"link {a}-{b}: unknown area" for a, b, _ in LINKS if a not in shapes or b not in shapes]
    return problems


def main(argv: list[str] | None = None) -> int:
    """Build the board file; print a summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atlas", type=Path, help="an unpacked world-atlas@2 package (default: npm pack)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    atlas = args.atlas or fetch_atlas()
    topo = json.loads((atlas / "countries-50m.json").read_text(encoding="utf-8"))
    groups = group_shapes(countries(topo))
    misplaced = [land.id for land in LANDS if not groups[land.group].contains(Point(project(*land.seed)))]
    if misplaced:
        raise SystemExit(f"seeds outside their country group: {misplaced}")
    parts = faces(groups)
    labels = label_faces(parts, groups)
    graph = face_graph(parts)
    label_seas(parts, labels, graph)
    absorb(parts, labels, graph)
    outlines = simplify(assemble(parts, labels))
    names = {land.id: (land.en, land.zh) for land in LANDS} | {s.id: (s.en, s.zh) for s in SEAS}
    problems = check(outlines)
    if problems:
        raise SystemExit("\n".join(problems))
    args.out.write_text(board_json(outlines, place_labels(outlines, names)), encoding="utf-8")
    vertices = sum(len(p) for p in outlines.values())
    sys.stdout.write(f"{args.out}: {len(LANDS)} land, {len(SEAS)} sea areas, {vertices} vertices\n")
    sys.stdout.write("now store its layout (borders, centres): .venv/bin/python packaging/area_layouts.py\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

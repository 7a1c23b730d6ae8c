"""Import an area map from GeoJSON polygons into an ``adjutant-board`` file (``kind: "area"``, docs/boards.md).

Each Polygon or MultiPolygon feature becomes an area (a MultiPolygon keeps its largest part; holes are
dropped). Properties name the area (``id``, ``name_en``, ``name_zh``, ``terrain``; other keys can be chosen).
Longitude/latitude input is projected equirectangular, x scaled by the cosine of the middle latitude, y down.
The outlines are then fitted into one coverage (``app.geometry.area_shapes.fit_coverage``) so that the
adjacency the board derives from shared borders is right; links (straits, sea crossings) are added by hand
afterwards, in the editor or the file. Run ``python -m app.scenario.area_import IN.geojson OUT.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.geometry.area_shapes import fit_coverage, label_points, point_contacts
from app.geometry.areas import AreaMap

Ring = list[tuple[float, float]]


@dataclass(frozen=True)
class ImportOptions:
    """How to read the features.

    Attributes:
        lonlat: Coordinates are longitude/latitude (projected); otherwise taken as map units, y down.
        scale: Map units per degree of latitude (lonlat) or per input unit.
        tolerance: Gap or overlap between neighbours closed by snapping, in map units.
        keys: Property names for id, English name, Chinese name and terrain.
    """

    lonlat: bool = True
    scale: float = 12.0
    tolerance: float = 0.5
    keys: tuple[str, str, str, str] = ("id", "name_en", "name_zh", "terrain")


def _rings(geometry: dict[str, Any]) -> Ring:
    kind, coords = geometry.get("type"), geometry.get("coordinates") or []
    polygons = [coords] if kind == "Polygon" else coords if kind == "MultiPolygon" else []
    outers = [[(float(p[0]), float(p[1])) for p in poly[0]] for poly in polygons if poly]
    return max(outers, key=_area, default=[])


def _area(ring: Ring) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True))) / 2


def _slug(text: str, index: int) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    return slug or f"area_{index}"


def features(doc: dict[str, Any], options: ImportOptions) -> list[tuple[dict[str, str], Ring]]:
    """(properties, outer ring) of every polygon feature, in file order."""
    items = doc.get("features", [doc]) if doc.get("type") == "FeatureCollection" else [doc]
    id_key, en_key, zh_key, terrain_key = options.keys
    found = []
    for index, feature in enumerate(items):
        ring = _rings(feature.get("geometry") or {})
        if len(ring) < 4:
            continue
        props = feature.get("properties") or {}
        name = str(props.get(en_key) or props.get("name") or f"Area {index + 1}")
        area_id = _slug(str(props.get(id_key) or name), index)
        terrain = str(props.get(terrain_key) or "land")
        found.append(
            ({"id": area_id, "name_en": name, "name_zh": str(props.get(zh_key) or name), "terrain": terrain}, ring[:-1])
        )
    return found


def project(rings: Sequence[Ring], options: ImportOptions) -> list[Ring]:
    """Longitude/latitude to map units (x right, y down, origin at the north-west corner)."""
    points = [p for ring in rings for p in ring]
    west, north = min(p[0] for p in points), max(p[1] for p in points)
    south = min(p[1] for p in points)
    kx = math.cos(math.radians((north + south) / 2)) if options.lonlat else 1.0
    sign = -1.0 if options.lonlat else 1.0
    top = north if options.lonlat else min(p[1] for p in points)
    return [[((x - west) * kx * options.scale, sign * (y - top) * options.scale) for x, y in ring] for ring in rings]


def board_from_geojson(doc: dict[str, Any], board_id: str, options: ImportOptions | None = None) -> dict[str, Any]:
    """A board file (dict) with one area per polygon feature; raises GeometryError if the result is invalid."""
    options = options or ImportOptions()
    board_id = _slug(board_id, 0)
    items = features(doc, options)
    rings = project([ring for _, ring in items], options)
    fitted = fit_coverage({props["id"]: ring for (props, _), ring in zip(items, rings, strict=True)}, options.tolerance)
    labels = label_points(fitted)
    areas = [
        props | {"polygon": [list(p) for p in fitted[props["id"]]], "label_at": list(labels[props["id"]])}
        for props, _ in items
        if props["id"] in fitted
    ]
    AreaMap({props["id"]: fitted[props["id"]] for props, _ in items if props["id"] in fitted})  # fails loudly if bad
    board = {"kind": "area", "name_en": board_id, "name_zh": board_id, "areas": areas, "links": []}
    notes = f"Imported from GeoJSON; areas meeting only at a point: {len(point_contacts(fitted))}."
    return {
        "format": "adjutant-board",
        "schema_version": 1,
        "id": board_id,
        "system": "",
        "notes": notes,
        "board": board,
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m app.scenario.area_import IN.geojson OUT.json [--xy] [--scale S] [--tolerance T]``."""
    parser = argparse.ArgumentParser(description="GeoJSON polygons to an adjutant area board")
    parser.add_argument("source", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--xy", action="store_true", help="coordinates are map units, not longitude/latitude")
    parser.add_argument("--scale", type=float, default=12.0)
    parser.add_argument("--tolerance", type=float, default=0.5)
    args = parser.parse_args(argv)
    options = ImportOptions(lonlat=not args.xy, scale=args.scale, tolerance=args.tolerance)
    board = board_from_geojson(json.loads(args.source.read_text(encoding="utf-8")), args.out.stem, options)
    args.out.write_text(json.dumps(board, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(f"{args.out}: {len(board['board']['areas'])} areas\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

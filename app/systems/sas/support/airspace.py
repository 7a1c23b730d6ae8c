"""The airspace over the map: map tiles, attack-run paths, map edges and where the Typhoon is.

Rulebook chapter: §24 air (SAS-SUP-7 the entry edge relative to the entry/exit tile's edge, SAS-SUP-8 a line of
tiles as the attack-run path with the Typhoon off the map level with their centres, SAS-SUP-9 the centre square of
each tile, SAS-SUP-11 Axis units on a tile, not inside a building). Pure geometry and queries on the state; the
Typhoon's actions are in ``air``, the fire at it in ``antiair``. Solo readings (docs/sas-decisions.md): an 8×8
tile has four central squares; its "centre square" is the top-left one (D-AIR-3); the entry/exit tile's edge is
the map edge nearest to it (D-AIR-2); tiles are named by column letter and row number of the tile grid (A1 top
left), with their printed name.
"""

from __future__ import annotations

from typing import Literal

from app.core.i18n import Text, localized, t
from app.systems.sas.state import SasRuntime, SasState, UnitState
from app.systems.sas.support.air_tables import TyphoonStats, air_table

Cell = tuple[int, int]
Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1, y1 excluded)
EDGES = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
EDGE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
Relation = Literal["same", "side", "opposite"]


def stats() -> TyphoonStats:
    """The Typhoon's sheet (data/air.json; SAS-SUP-14, OQ-48)."""
    return air_table().typhoon


def tiles(rt: SasRuntime) -> tuple[Rect, ...]:
    """The map tiles' squares as rectangles, in the mission's order (SAS-BRD-1); none on a hand-made board."""
    cached: tuple[Rect, ...] | None = rt.cache.get("air_tiles")
    if cached is None:
        found = []
        for _name, corners in rt.board.tile_outlines[: len(rt.mission.board.tiles)]:
            xs, ys = [int(p[0]) for p in corners], [int(p[1]) for p in corners]
            found.append((min(xs), min(ys), max(xs), max(ys)))
        cached = rt.cache["air_tiles"] = tuple(found)
    return cached


def inside(rect: Rect, cell: Cell) -> bool:
    """Whether ``cell`` lies on the tile."""
    return rect[0] <= cell[0] < rect[2] and rect[1] <= cell[1] < rect[3]


def centre(rect: Rect) -> Cell:
    """The tile's centre square; of the four central squares of an even-sized tile, the top-left one (D-AIR-3)."""
    return (rect[0] + (rect[2] - rect[0] - 1) // 2, rect[1] + (rect[3] - rect[1] - 1) // 2)


def bounds(rt: SasRuntime) -> Rect:
    """The map's bounding rectangle (map tiles only)."""
    rects = tiles(rt)
    if rects:
        return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))
    xs, ys = [c[0] for c in rt.map_cells], [c[1] for c in rt.map_cells]
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)


def home_edge(rt: SasRuntime) -> str:
    """The map edge of the entry/exit tile: the one nearest to it (SAS-SUP-7, D-AIR-2)."""
    if not rt.entry_exit:
        return "S"
    x0, y0, x1, y1 = bounds(rt)
    cx = sum(c[0] + 0.5 for c in rt.entry_exit) / len(rt.entry_exit)
    cy = sum(c[1] + 0.5 for c in rt.entry_exit) / len(rt.entry_exit)
    gaps = {"N": cy - y0, "E": x1 - cx, "S": y1 - cy, "W": cx - x0}
    return min(EDGES, key=lambda e: gaps[e])


def relation(reference: str, edge: str) -> Relation:
    """How ``edge`` lies to ``reference``: the same edge, a side (adjacent) edge or the opposite edge (SAS-SUP-7)."""
    if edge == reference:
        return "same"
    return "opposite" if OPPOSITE[reference] == edge else "side"


def reference_edge(state: SasState) -> str:
    """The edge the card position counts from: the entry/exit tile's edge for the first run, the edge the Typhoon
    last left by for another (SAS-SUP-7, SAS-SUP-10)."""
    return state.typhoon.left_by or home_edge(state.rt)


def card_position(state: SasState, edge: str) -> int:
    """Where the Typhoon card goes in the event deck to enter by ``edge``: 2nd, 3rd or 4th (SAS-SUP-7, SAS-DECK-5)."""
    return stats().card_positions[relation(reference_edge(state), edge)]


def lines(rt: SasRuntime, edge: str) -> list[tuple[int, ...]]:
    """The attack-run paths from ``edge``: each line of tiles running away from it, in flight order; lines from the
    top (entering by E or W) or from the left (N or S) (SAS-SUP-8)."""
    rects = tiles(rt)
    across = edge in ("E", "W")
    bands: dict[tuple[int, int], list[int]] = {}
    for i, r in enumerate(rects):
        bands.setdefault((r[1], r[3]) if across else (r[0], r[2]), []).append(i)
    far = {
        "E": lambda i: -rects[i][0],
        "W": lambda i: rects[i][0],
        "N": lambda i: rects[i][1],
        "S": lambda i: -rects[i][1],
    }
    return [tuple(sorted(band, key=far[edge])) for _key, band in sorted(bands.items())]


def flight(edge: str) -> str:
    """The Typhoon's heading when it enters by ``edge``."""
    return OPPOSITE[edge]


def off_map(rt: SasRuntime, edge: str, rect: Rect) -> Cell:
    """The square just off the map at ``edge``, level with the tile's centre (SAS-SUP-8)."""
    x0, y0, x1, y1 = bounds(rt)
    cx, cy = centre(rect)
    return {"N": (cx, y0 - 1), "S": (cx, y1), "W": (x0 - 1, cy), "E": (x1, cy)}[edge]


def tile_name(rt: SasRuntime, index: int) -> Text:
    """ "tile B1 (Woods)": the tile's place in the tile grid and its printed name."""
    rects = tiles(rt)
    cols = sorted({r[0] for r in rects})
    rows = sorted({r[1] for r in rects})
    rect = rects[index]
    grid = f"{chr(ord('A') + cols.index(rect[0]))}{rows.index(rect[1]) + 1}"
    return t("tile {grid} ({name})", grid=grid, name=_printed(rt, index))


def _printed(rt: SasRuntime, index: int) -> Text:
    tile_id = rt.mission.board.tiles[index].tile
    names: dict[str, tuple[str, str]] = rt.cache.setdefault("air_tile_names", {})
    if not names:
        from app.scenario.resources import resolve_ref
        from app.systems.sas.tiles.library import load_tile_library

        try:
            library = load_tile_library(resolve_ref(rt.mission.board.library, None))
            names.update({tile.id: (tile.name_en, tile.name_zh) for tile in library.tiles})
        except Exception:
            names[""] = ("", "")
    en, zh = names.get(tile_id, (tile_id, tile_id))
    return localized(en or tile_id, zh or None)


# --- the Typhoon in the state ------------------------------------------------------------------------------


def flying(state: SasState) -> bool:
    """The Typhoon is on its attack run (off the map at its edge or over a tile)."""
    return state.typhoon.status == "flying"


def on_map(state: SasState) -> bool:
    """The Typhoon is over a map tile (SAS-SUP-6: it has entered the map)."""
    return flying(state) and state.typhoon.step >= 0


def current_tile(state: SasState) -> int | None:
    """The tile the Typhoon is over, if any."""
    return state.typhoon.path[state.typhoon.step] if on_map(state) else None


def ahead(state: SasState, moves: int = 1) -> int | None:
    """The tile the Typhoon enters after ``moves`` more moves (1: the next tile); ``None`` past the last tile."""
    plane = state.typhoon
    nxt = plane.step + moves
    return plane.path[nxt] if flying(state) and 0 <= nxt < len(plane.path) else None


def where(state: SasState) -> Cell | None:
    """The Typhoon's square: the centre of its tile, or off the map level with its path (SAS-SUP-8, SAS-SUP-9)."""
    if not flying(state):
        return None
    rects = tiles(state.rt)
    plane = state.typhoon
    if plane.step < 0:
        return off_map(state.rt, plane.edge, rects[plane.path[0]])
    return centre(rects[plane.path[plane.step]])


def ap_left(state: SasState) -> int:
    """The Typhoon's AP left this turn: 2 each turn it flies (SAS-SUP-9)."""
    plane = state.typhoon
    if not flying(state):
        return 0
    return plane.ap if plane.turn == state.turn else stats().ap


def must_act(state: SasState) -> bool:
    """At the start of the Operator phase the Typhoon acts before the operators: its path is chosen, then it spends
    both its AP (SAS-SUP-8, SAS-SUP-9)."""
    if state.phase != "operator" or state.over:
        return False
    if state.typhoon.status == "arriving":
        return bool(tiles(state.rt))
    return ap_left(state) > 0


def on_tile(state: SasState, unit: UnitState, index: int) -> bool:
    """Any square of the unit lies on the tile (a vehicle's whole token counts)."""
    rect = tiles(state.rt)[index]
    return not unit.on_spawn and any(inside(rect, c) for c in unit.cells)


def indoors(state: SasState, unit: UnitState) -> bool:
    """An infantry unit inside a building: it has no LOS to the Typhoon, nor the Typhoon to it (SAS-SUP-11)."""
    return not unit.is_vehicle and state.rt.grid.terrain(unit.loc) == "building"


def square_on(state: SasState, unit: UnitState, index: int) -> Cell:
    """The unit's square on the tile (a vehicle: its first footprint square there)."""
    rect = tiles(state.rt)[index]
    if inside(rect, unit.loc):
        return unit.loc
    return next((c for c in unit.cells if inside(rect, c)), unit.loc)

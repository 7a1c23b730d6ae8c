"""Setup: building the runtime of a mission and the state before the first command.

Rulebook chapter: §5 setup (SAS-SETUP-3..9) with §2 (SAS-BRD-4 sentry points, SAS-BRD-5 patrol lines,
SAS-BRD-7 guards, SAS-BRD-8 spawn tiles, SAS-BRD-9 entry/exit tile) and SAS-UNIT-3 (officers). Solo choices
(which patrol start point, where operators stand on the entry/exit tile) follow docs/sas-decisions.md
D-SETUP-1 and D-SETUP-2.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from app.core.dice import Dice
from app.geometry.square import VECTORS, SquareGrid
from app.scenario.boards import Board, build_board, load_tile_library
from app.scenario.loading import ScenarioValueError
from app.scenario.resources import resolve_ref
from app.systems.sas.deck import initial_deck
from app.systems.sas.facing import facing_toward
from app.systems.sas.jager import initial as initial_hunter
from app.systems.sas.mission import PatrolLine, SasMission, SasRuntime, SentryPoint, SpawnSpot
from app.systems.sas.state import ObjectState, OperatorState, SasState, UnitState
from app.systems.sas.tables import EventCard, Tables, hunter_decks, tables

Cell = tuple[int, int]
MarkRow = tuple[Cell, dict[str, Any], tuple[str, ...]]


def _props(mark: Any) -> dict[str, Any]:
    return dict(mark.props)


def _read_marks(board: Board) -> dict[str, list[MarkRow]]:
    found: dict[str, list[MarkRow]] = {}
    for loc, marks in sorted(board.marks.items(), key=lambda kv: (kv[0][1], kv[0][0])):  # type: ignore[index]
        for mark in marks:
            found.setdefault(mark.kind, []).append((loc, _props(mark), mark.directions))  # type: ignore[arg-type]
    return found


def _patrol_lines(marks: dict[str, list[MarkRow]]) -> dict[str, PatrolLine]:
    squares: dict[str, list[tuple[int, Cell]]] = {}
    colours: dict[str, str] = {}
    for loc, props, _dirs in marks.get("patrol_line", []):
        squares.setdefault(props["line"], []).append((props["index"], loc))
        colours[props["line"]] = props["colour"]
    starts: dict[str, list[tuple[Cell, str]]] = {}
    for loc, props, dirs in marks.get("patrol_start", []):
        starts.setdefault(props["line"], []).append((loc, dirs[0]))
    lines = {}
    for line_id, indexed in squares.items():
        path = tuple(loc for _i, loc in sorted(indexed))
        loop = len(path) > 2 and max(abs(path[0][0] - path[-1][0]), abs(path[0][1] - path[-1][1])) == 1
        lines[line_id] = PatrolLine(line_id, colours[line_id], path, tuple(starts.get(line_id, [])), loop)
    return lines


def _cells_of(outline: list[tuple[float, float]]) -> set[Cell]:
    (x0, y0), (x1, y1) = outline[0], outline[2]
    return {(x, y) for x in range(int(x0), int(x1)) for y in range(int(y0), int(y1))}


def _tile_areas(mission: SasMission, board: Board, folder: Path | None) -> tuple[set[Cell], set[Cell]]:
    """Map squares (map tiles) and spawn-tile squares (SAS-BRD-1, SAS-BRD-8)."""
    spec = mission.board
    library = load_tile_library(resolve_ref(spec.library, folder))
    outlines = board.tile_outlines
    map_cells: set[Cell] = set()
    for outline in outlines[: len(spec.tiles)]:
        map_cells |= _cells_of(outline[1])
    spawn: set[Cell] = set()
    for placed, outline in zip(spec.extras, outlines[len(spec.tiles) :], strict=True):
        if library.tile(placed.tile).kind == "spawn":
            spawn |= _cells_of(outline[1])
    return map_cells, spawn


def _deck(mission: SasMission, tab: Tables) -> dict[str, EventCard]:
    cards = mission.event_deck.cards if mission.event_deck.cards is not None else tab.decks[mission.event_deck.name]
    return {c.id: c for c in cards}


def build_runtime(mission: SasMission, folder: Path | None) -> SasRuntime:
    """Build the board and read the forces off it (SAS-SETUP-3..5).

    Raises:
        ValueError: A square, patrol line or start point named by the mission does not exist.
    """
    board = build_board(mission.board, lambda ref: resolve_ref(ref, folder))
    grid = board.topology
    assert isinstance(grid, SquareGrid)
    marks = _read_marks(board)
    map_cells, spawn_cells = _tile_areas(mission, board, folder)
    tab = tables()
    sentries = {loc: SentryPoint(loc, p["colour"], dirs, p["solid"]) for loc, p, dirs in marks.get("sentry", [])}
    units = _sentries(sentries) + _patrolmen(mission, _patrol_lines(marks)) + _marked_units(mission, marks)
    rt = SasRuntime(
        mission=mission,
        board=board,
        grid=grid,
        tables=tab,
        sentry_points=sentries,
        lines=_patrol_lines(marks),
        spawn_spots=_spawn_spots(marks, map_cells),
        spawn_cells=frozenset(spawn_cells),
        entry_exit=frozenset(loc for loc, _p, _d in marks.get("entry_exit", [])),
        map_cells=frozenset(map_cells),
        cards=_deck(mission, tab),
        team=tuple(tab.operators[o] for o in mission.operators),
        initial_units=(),
        initial_objects=(),
        objective_cells={},
    )
    rt.cache["labels"] = {grid.label(c): c for c in grid.locations()}
    rt.initial_units = units + _extra_units(rt)
    rt.initial_objects = _barrels(rt, marks)
    if mission.jager is not None:  # SAS-JGR-2: the hunter deck
        cards = mission.jager.cards if mission.jager.cards is not None else hunter_decks()[mission.jager.deck]
        rt.hunter_cards = {c.id: c for c in cards}
        if not any(s.loc in rt.spawn_cells for s in rt.spawn_spots):
            raise ScenarioValueError("$.jager", "Jäger mode needs spawn tiles for the 4 stalkers (SAS-JGR-2)")
    rt.objective_cells = {
        o.id: frozenset(rt.cell(a, f"$.objectives[{i}].at[{j}]") for j, a in enumerate(o.at))
        for i, o in enumerate(mission.objectives)
    }
    _check_objectives(rt)
    return rt


def _spawn_spots(marks: dict[str, list[MarkRow]], map_cells: set[Cell]) -> tuple[SpawnSpot, ...]:
    """Spawn spots, front row first, then nearest to the map (SAS-EVT-5 'nearest to the map first')."""
    spots = [SpawnSpot(loc, p["colour"], p["row"]) for loc, p, _d in marks.get("spawn", [])]

    def key(spot: SpawnSpot) -> tuple[int, int, int, int]:
        near = min((max(abs(spot.loc[0] - c[0]), abs(spot.loc[1] - c[1])) for c in map_cells), default=0)
        return (spot.row != "front", near, spot.loc[1], spot.loc[0])

    return tuple(sorted(spots, key=key))


def _sentries(points: dict[Cell, SentryPoint]) -> tuple[UnitState, ...]:
    """A rifleman of the point's colour on every sentry point, facing the solid arrow (SAS-BRD-4)."""
    return tuple(
        UnitState(f"sentry_{_name(loc)}", "rifle", "sentry", p.colour, loc, p.solid, post=loc)
        for loc, p in points.items()
    )


def _name(loc: Cell) -> str:
    return f"{loc[0]}_{loc[1]}"


def _patrolmen(mission: SasMission, lines: dict[str, PatrolLine]) -> tuple[UnitState, ...]:
    """A rifleman on one start point of every patrol line (SAS-BRD-5; solo choice D-SETUP-1)."""
    units = []
    for line in lines.values():
        if not line.starts:
            continue
        chosen = _start_point(mission, line)
        loc, arrow = chosen
        index = line.path.index(loc)
        heading = _heading(line, index, arrow)
        uid = "patrol_" + line.id.replace("/", "_")
        units.append(UnitState(uid, "rifle", "patrolman", line.colour, loc, arrow, line=line.id, heading=heading))
    return tuple(units)


def _start_point(mission: SasMission, line: PatrolLine) -> tuple[Cell, str]:
    wanted = mission.patrol_starts.get(line.id)
    for loc, arrow in line.starts:
        if wanted is not None and f"{loc[0]},{loc[1]}" == wanted:
            return loc, arrow
    return min(line.starts, key=lambda s: line.path.index(s[0]))


def _heading(line: PatrolLine, index: int, arrow: str) -> int:
    """+1 if the start arrow points along the line toward its end, else -1."""
    ax, ay = VECTORS[arrow]
    if index + 1 < len(line.path):
        nx, ny = line.path[index + 1]
        x, y = line.path[index]
        return 1 if (nx - x) * ax + (ny - y) * ay > 0 else -1
    return -1


def _marked_units(mission: SasMission, marks: dict[str, list[MarkRow]]) -> tuple[UnitState, ...]:
    """SMG guards on guard marks (SAS-BRD-7) and officers on officer marks (SAS-UNIT-3)."""
    units = []
    for kind, role, wanted in (("smg", "guard", mission.tile_guards), ("officer", "officer", mission.tile_officers)):
        if not wanted:
            continue
        for loc, _p, dirs in marks.get(role, []):
            units.append(UnitState(f"{role}_{_name(loc)}", kind, role, None, loc, dirs[0], post=loc))
    return tuple(units)


def _extra_units(rt: SasRuntime) -> tuple[UnitState, ...]:
    """Units placed by the mission page (SAS-MSN-2 extra guards, officers)."""
    out = []
    for i, p in enumerate(rt.mission.extra_units):
        loc = rt.cell(p.at, f"$.extra_units[{i}].at")
        uid = p.id or f"{p.role}_{_name(loc)}"
        out.append(UnitState(uid, p.kind, p.role, p.colour, loc, p.facing, post=loc))
    return tuple(out)


def _barrels(rt: SasRuntime, marks: dict[str, list[MarkRow]]) -> tuple[ObjectState, ...]:
    cells = [loc for loc, _p, _d in marks.get("fuel_barrel", [])] + [
        rt.cell(a, f"$.fuel_barrels[{i}]") for i, a in enumerate(rt.mission.fuel_barrels)
    ]
    return tuple(ObjectState(f"barrel_{_name(c)}", "fuel_barrel", c) for c in cells)


def _check_objectives(rt: SasRuntime) -> None:
    ids = {u.id for u in rt.initial_units}
    for objective in rt.mission.objectives:
        if missing := [u for u in objective.units if u not in ids]:
            raise ValueError(f"objective {objective.id}: no unit {missing}; units: {sorted(ids)}")


def initial_state(rt: SasRuntime, seed: int) -> SasState:
    """The state before the first command: operators on the entry/exit tile, meter set (SAS-SETUP-6..9)."""
    squares = sorted(rt.entry_exit, key=lambda c: (c[1], c[0]))
    if len(squares) < len(rt.team):
        raise ValueError("the entry/exit tile has fewer squares than the team has operators")
    centre = (rt.grid.width // 2, rt.grid.height // 2)
    ops = tuple(
        OperatorState(
            board.id,
            loc,
            facing_toward(loc, centre),
            board.hp,
            ammo=tuple((w, rt.tables.weapons[w].ammo or 0) for w in board.weapons if rt.tables.weapons[w].ammo),
            items=tuple(sorted(rt.mission.equipment.get(board.id, board.items).items())),
        )
        for board, loc in zip(rt.team, squares, strict=False)
    )
    meter = rt.mission.stealth[rt.mission.difficulty]
    deck, piles = initial_deck(rt)  # SAS-DECK-2/3
    return SasState(
        rt=rt,
        dice=Dice(seed=seed),
        turn=1,
        section="stealth",
        phase="operator",
        meter=meter,
        operators=ops,
        units=tuple(replace(u, on_spawn=u.loc in rt.spawn_cells) for u in rt.initial_units),
        objects=rt.initial_objects,
        deck=deck,
        piles=piles,
        hunter=initial_hunter(rt),  # Jäger mode (SAS-JGR-2)
    )

"""Setup: building the runtime of a mission and the state before the first command.

Rulebook chapter: §5 setup (SAS-SETUP-3, SAS-SETUP-4, SAS-SETUP-5, SAS-SETUP-6, SAS-SETUP-7, SAS-SETUP-8, SAS-SETUP-9)
with §2 (SAS-BRD-4 sentry points, SAS-BRD-5 patrol lines, SAS-BRD-7 guards, SAS-BRD-8 spawn tiles, SAS-BRD-9 entry/exit
tile) and SAS-UNIT-3 (officers). Solo choices (which patrol start point, where operators stand on the entry/exit tile)
follow docs/sas-decisions.md D-SETUP-1 and D-SETUP-2.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from app.core.dice import Dice
from app.geometry.square import VECTORS, SquareGrid
from app.geometry.tiles import Mark
from app.scenario.boards import Board
from app.scenario.loading import ScenarioValueError
from app.scenario.resources import resolve_ref
from app.systems.sas.axis.deck import initial_deck
from app.systems.sas.board.facing import facing_toward
from app.systems.sas.jager.mode import initial as initial_hunter
from app.systems.sas.mission import Convoy, PatrolLine, SasMission, SentryPoint, SpawnSpot
from app.systems.sas.position_setup import apply_position, positioned_operators
from app.systems.sas.state import ObjectState, OperatorState, OperatorVehicleState, SasRuntime, SasState, UnitState
from app.systems.sas.tables import EventCard, Tables, hunter_decks, tables
from app.systems.sas.tiles.board import build_sas_board
from app.systems.sas.tiles.library import load_tile_library
from app.systems.sas.vehicles.motion import cells_of, entry_key, off_board
from app.systems.sas.vehicles.shape import Pose

Cell = tuple[int, int]
WILLYS_MIN_TILES = 8  # SAS-MSN-3: remove the Willys on maps of fewer than 8 tiles
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
    spec = mission.event_deck
    cards = list(spec.cards if spec.cards is not None else tab.decks[spec.name]) + spec.extra_cards
    found: dict[str, EventCard] = {}
    for i, card in enumerate(cards):
        if card.id in found:
            raise ScenarioValueError(
                f"$.event_deck.extra_cards[{i - len(cards) + len(spec.extra_cards)}].id",
                f"card {card.id!r} is already in the deck",
            )
        found[card.id] = card
    for i, card_id in enumerate(spec.expansion_cards):  # e.g. Mechanical failure (SAS-HM-1)
        if card_id in found:
            raise ScenarioValueError(f"$.event_deck.expansion_cards[{i}]", f"card {card_id!r} is already in the deck")
        found[card_id] = tab.expansion_cards[card_id]
    return found


def build_runtime(mission: SasMission, folder: Path | None) -> SasRuntime:
    """Build the board and read the forces off it (SAS-SETUP-3, SAS-SETUP-4, SAS-SETUP-5).

    Raises:
        ValueError: A square, patrol line or start point named by the mission does not exist.
    """
    board = build_sas_board(mission.board, lambda ref: resolve_ref(ref, folder))
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
    rt.initial_units = units + _extra_units(rt) + place_vehicles(rt)
    _check_unique_ids(rt.initial_units)
    _draw_routes(rt)
    rt.initial_objects = _barrels(rt, marks)
    if mission.jager is not None:  # SAS-JGR-2: the hunter deck
        cards = mission.jager.cards if mission.jager.cards is not None else hunter_decks()[mission.jager.deck]
        rt.hunter_cards = {c.id: c for c in cards}
        if not any(s.loc in rt.spawn_cells for s in rt.spawn_spots):
            raise ScenarioValueError("$.jager", "Jäger mode needs spawn tiles for the 4 stalkers (SAS-JGR-2)")
    rt.initial_vehicles = _vehicles(rt, marks)
    rt.support = _support_units(rt)
    rt.objective_cells = {
        o.id: frozenset(rt.cell(a, f"$.objectives[{i}].at[{j}]") for j, a in enumerate(o.at))
        for i, o in enumerate(mission.objectives)
    }
    _check_objectives(rt)
    if mission.position is not None:
        initial_state(rt, 1)  # a position's errors name their field when the file is loaded
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


def _check_unique_ids(units: tuple[UnitState, ...]) -> None:
    """Every Axis unit at setup has its own id (a vehicle named like a placed guard would be two units in one)."""
    seen: set[str] = set()
    for unit in units:
        if unit.id in seen:
            raise ScenarioValueError("$", f"two units at setup have the id {unit.id!r}; give each unit its own id")
        seen.add(unit.id)


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


def _support_units(rt: SasRuntime) -> tuple[OperatorState, ...]:
    """Resistance fighters and SAS support units at the mission's squares, 3 HP each (SAS-SUP-1, SAS-SUP-3)."""
    out: list[OperatorState] = []
    for i, p in enumerate(rt.mission.support_units):
        card = rt.tables.support[p.kind]
        uid = p.id or f"{p.kind}_{i + 1}"
        ammo = tuple((w, rt.tables.weapons[w].ammo or 0) for w in card.weapons if rt.tables.weapons[w].ammo)
        loc = rt.cell(p.at, f"$.support_units[{i}].at")
        if loc in {u.loc for u in rt.initial_units} | {o.loc for o in out} or loc in rt.entry_exit:
            raise ValueError(f"support unit {uid}: square {p.at} is taken (a unit, another support unit, the entry)")
        out.append(OperatorState(uid, loc, p.facing, card.hp, ammo=ammo, kind=p.kind, support=True))
    return tuple(out)


def _barrels(rt: SasRuntime, marks: dict[str, list[MarkRow]]) -> tuple[ObjectState, ...]:
    cells = [loc for loc, _p, _d in marks.get("fuel_barrel", [])] + [
        rt.cell(a, f"$.fuel_barrels[{i}]") for i, a in enumerate(rt.mission.fuel_barrels)
    ]
    return tuple(ObjectState(f"barrel_{_name(c)}", "fuel_barrel", c) for c in cells)


def _vehicles(rt: SasRuntime, marks: dict[str, list[MarkRow]]) -> tuple[OperatorVehicleState, ...]:
    """Operator vehicles of the recommended setup (SAS-SETUP-8, SAS-OVEH-11, SAS-OVEH-12, SAS-OVEH-13, SAS-SUP-5): at
    the square the mission names or on the board's vehicle spot; the Willys is left out on maps of fewer than 8 tiles
    (SAS-MSN-3). A vehicle that stands off the map tiles (the entry/exit tile's spot) has not entered yet."""
    spots = [(loc, str(props.get("facing") or dirs[0])) for loc, props, dirs in marks.get("vehicle_spot", [])]
    table = rt.tables.operator_vehicles
    out = []
    for i, placed in enumerate(rt.mission.operator_vehicles):
        if placed.kind == "willys" and len(rt.mission.board.tiles) < WILLYS_MIN_TILES:
            continue
        where = f"$.operator_vehicles[{i}].at"
        facing: str = placed.facing or "N"
        if placed.at is not None:
            anchor = rt.cell(placed.at, where)
        elif spots:
            facing = placed.facing or spots[0][1]
            anchor = _front_left([loc for loc, f in spots if f == facing] or [spots[0][0]], facing)
        else:
            raise ScenarioValueError(where, "the board has no vehicle spot: name the square")
        stats = next(v for v in table.vehicles if v.id == placed.kind)
        cells = Pose(anchor, facing, stats.width, stats.length).cells()
        if not all(rt.grid.contains(c) for c in cells):
            raise ScenarioValueError(where, f"the {placed.kind} token would leave the board")
        entered = any(c in rt.map_cells for c in cells)
        vid = placed.id or placed.kind
        out.append(OperatorVehicleState(vid, placed.kind, anchor, facing, ap=table.ap_per_turn, entered=entered))
    return tuple(out)


def _front_left(cells: list[Cell], facing: str) -> Cell:
    """The front-left square of a group of squares seen from a driver facing ``facing`` (D-AVEH-1)."""
    fx, fy = VECTORS[facing]
    rx, ry = -fy, fx
    return min(cells, key=lambda c: (-(c[0] * fx + c[1] * fy), c[0] * rx + c[1] * ry))


def crews(rt: SasRuntime) -> dict[str, tuple[str, str]]:
    """Operator id -> (vehicle id, seat) for the operators who start aboard a vehicle (SAS-SETUP-8)."""
    kept = {v.id for v in rt.initial_vehicles}
    out: dict[str, tuple[str, str]] = {}
    for placed in rt.mission.operator_vehicles:
        vid = placed.id or placed.kind
        if vid in kept:
            out.update({op_id: (vid, seat) for seat, op_id in placed.crew.items()})
    return out


def _check_objectives(rt: SasRuntime) -> None:
    """A kill objective names units on the board at setup or vehicles a special card brings (a convoy,
    SAS-AVEH-17; spawned vehicles, SAS-AVEH-22); the error names the field."""
    ids = {u.id for u in rt.initial_units} | {u.id for units in rt.arrivals.values() for u in units}
    for i, objective in enumerate(rt.mission.objectives):
        for j, unit_id in enumerate(objective.units):
            if unit_id not in ids:
                raise ScenarioValueError(
                    f"$.objectives[{i}].units[{j}]",
                    f"objective {objective.id}: no unit {unit_id!r} at setup nor brought by a special card; "
                    f"units: {sorted(ids)}",
                )


def initial_state(rt: SasRuntime, seed: int) -> SasState:
    """The state before the first command: operators on the entry/exit tile or on their vehicle's sheet, support
    units where the mission puts them, meter set (SAS-SETUP-6, SAS-SETUP-7, SAS-SETUP-8, SAS-SETUP-9, SAS-SUP-1); then
    the mission's position, if any."""
    squares = sorted(rt.entry_exit, key=lambda c: (c[1], c[0]))
    aboard = crews(rt)
    placed = positioned_operators(rt)
    walkers = [b for b in rt.team if b.id not in aboard and b.id not in placed]
    if len(squares) < len(walkers):
        raise ValueError("the entry/exit tile has fewer squares than the team has operators")
    centre = (rt.grid.width // 2, rt.grid.height // 2)
    places = dict(zip((b.id for b in walkers), squares, strict=False))
    ops = tuple(
        OperatorState(
            board.id,
            places.get(board.id),
            facing_toward(places[board.id], centre) if board.id in places else "N",
            board.hp,
            ammo=tuple((w, rt.tables.weapons[w].ammo or 0) for w in board.weapons if rt.tables.weapons[w].ammo),
            items=tuple(sorted(rt.mission.equipment.get(board.id, board.items).items())),
            aboard=aboard[board.id][0] if board.id in aboard else None,
            seat=aboard[board.id][1] if board.id in aboard else None,
            talks=board.talk_tokens,
        )
        for board in rt.team
        if board.id in places or board.id in aboard or board.id in placed
    )
    ops = (*ops, *rt.support)  # support units act in the Operator phase like operators (SAS-SUP-1)
    meter = rt.mission.stealth[rt.mission.difficulty]
    deck, piles = initial_deck(rt)  # SAS-DECK-2, SAS-DECK-3
    state = SasState(
        rt=rt,
        dice=Dice(seed=seed),
        turn=1,
        section="stealth",
        phase="operator",
        meter=meter,
        operators=ops,
        units=tuple(
            replace(u, on_spawn=off_board(rt, u) if u.is_vehicle else u.loc in rt.spawn_cells) for u in rt.initial_units
        ),
        objects=rt.initial_objects,
        deck=deck,
        piles=piles,
        hunter=initial_hunter(rt),  # Jäger mode (SAS-JGR-2)
        op_vehicles=rt.initial_vehicles,
    )
    return apply_position(rt, state)


INWARD = {"N": (0, 1), "S": (0, -1), "E": (-1, 0), "W": (1, 0)}  # a map edge -> the way into the map


def _route(rt: SasRuntime, labels: list[str], where: str) -> tuple[Cell, ...]:
    """A vehicle route: contiguous squares from a map-edge square, entered straight from off the map, to one where
    it leaves straight off the map (SAS-AVEH-14, SAS-AVEH-15, SAS-AVEH-17)."""
    squares = tuple(rt.cell(label, f"{where}[{j}]") for j, label in enumerate(labels))
    for j in range(1, len(squares)):
        (ax, ay), (bx, by) = squares[j - 1], squares[j]
        if max(abs(ax - bx), abs(ay - by)) != 1:
            raise ScenarioValueError(f"{where}[{j}]", f"square {labels[j]!r} is not next to the previous one")
    for j, nxt in ((0, 1), (len(squares) - 1, len(squares) - 2)):
        (x, y), (nx, ny) = squares[j], squares[nxt]
        dx, dy = x - nx, y - ny
        if (dx and dy) or squares[j] not in rt.map_cells or (x + dx, y + dy) in rt.map_cells:
            raise ScenarioValueError(
                f"{where}[{j}]",
                f"a route must {'start' if j == 0 else 'end'} on a map-edge square, its "
                f"{'first' if j == 0 else 'last'} step straight across that edge",
            )
    return squares


def _special(rt: SasRuntime, card: str, where: str) -> str:
    """A card bringing vehicles must be a special card of the deck, which needs an event window (SAS-DECK-1, SAS-DECK-2,
    SAS-DECK-3)."""
    found = rt.cards.get(card)
    if found is None or not found.special:
        raise ScenarioValueError(where, f"{card!r} is not a special event card of the deck")
    if rt.mission.event_window is None:
        raise ScenarioValueError(where, "special cards need an event window (SAS-DECK-2): set 'event_window'")
    return card


def _draw_routes(rt: SasRuntime) -> None:
    """Print the vehicle routes on the board as the mission page does: patrol routes thick black dashed lines,
    convoy routes thick white ones (SAS-AVEH-14, SAS-AVEH-17), so the board shows where vehicles will drive."""
    convoys = {c.id for c in rt.mission.convoys}
    marks = rt.board.marks
    for route_id, route in rt.routes.items():
        colour = "vehicle_white" if route_id in convoys else "vehicle_black"
        for index, cell in enumerate(route):
            if cell in rt.map_cells:
                props = (("line", f"route:{route_id}"), ("index", index), ("colour", colour), ("width", 0.14))
                marks[cell] = (*marks.get(cell, ()), Mark("patrol_line", (), props))


def place_vehicles(rt: SasRuntime) -> tuple[UnitState, ...]:
    """Vehicles on the mission page (SAS-BRD-10): patrol vehicles wait off the map at their route's first square,
    guards stand on their square, assault vehicles wait off the map at their edge, spawned ones on their spawn tile
    (SAS-AVEH-14, SAS-AVEH-15, SAS-AVEH-16, SAS-AVEH-17, SAS-AVEH-18, SAS-AVEH-19, SAS-AVEH-20, SAS-AVEH-21,
    SAS-AVEH-22, SAS-AVEH-23, SAS-AVEH-24). Convoys and vehicles brought by a special card go to ``rt.arrivals`` (placed
    when it is drawn, SAS-AVEH-17)."""
    out: list[UnitState] = []
    arrivals: dict[str, list[UnitState]] = {}
    for i, v in enumerate(rt.mission.vehicles):
        where = f"$.vehicles[{i}]"
        stats = rt.tables.vehicle(v.kind)
        assert stats is not None
        if v.role == "patrol":
            route = rt.routes[v.id] = _route(rt, v.route, f"{where}.route")
            x, y, facing = entry_key(route, stats.width)
            out.append(UnitState(v.id, v.kind, "patrol", "black", (x, y), facing, line=v.id))
            continue
        assert v.at is not None
        at = rt.cell(v.at, f"{where}.at")
        if v.role == "assault":
            assert v.edge is not None
            dx, dy = INWARD[v.edge]
            if at not in rt.map_cells or (at[0] - dx, at[1] - dy) in rt.map_cells:
                raise ScenarioValueError(f"{where}.at", f"square {v.at!r} is not on the map's {v.edge} edge")
            x, y, facing = entry_key((at, (at[0] + dx, at[1] + dy)), stats.width)
            out.append(UnitState(v.id, v.kind, "assault", "red", (x, y), facing))
            continue
        assert v.facing is not None
        key = (at[0], at[1], v.facing)
        if v.role == "guard":
            if any(c not in rt.map_cells for c in cells_of(v.kind, key, rt)):
                raise ScenarioValueError(f"{where}.at", f"the {v.kind} token does not fit on the map there")
            out.append(UnitState(v.id, v.kind, "guard", "yellow", at, v.facing, post=at))
            continue
        if at not in rt.spawn_cells:
            raise ScenarioValueError(f"{where}.at", f"square {v.at!r} is not on a spawn tile")
        unit = UnitState(v.id, v.kind, "spawned", None, at, v.facing)
        if v.card is None:
            out.append(unit)
        else:
            arrivals.setdefault(_special(rt, v.card, f"{where}.card"), []).append(unit)
    _place_convoys(rt, arrivals)
    rt.arrivals = {card: tuple(replace(u, on_spawn=True) for u in units) for card, units in arrivals.items()}
    return tuple(out)


def _place_convoys(rt: SasRuntime, arrivals: dict[str, list[UnitState]]) -> None:
    """Each convoy waits, in formation along its route outside the map, for its special card (SAS-AVEH-17,
    SAS-AVEH-18); its route and members are recorded in ``rt.routes`` and ``rt.convoys``."""
    for i, c in enumerate(rt.mission.convoys):
        where = f"$.convoys[{i}]"
        route = rt.routes[c.id] = _route(rt, c.route, f"{where}.route")
        dx, dy = route[1][0] - route[0][0], route[1][1] - route[0][1]
        if INWARD[c.edge] != (dx, dy):
            raise ScenarioValueError(f"{where}.edge", f"the route does not enter the map across its {c.edge} edge")
        card = _special(rt, c.card, f"{where}.card")
        behind = 0
        for member in c.formation:
            stats = rt.tables.vehicle(member.kind)
            assert stats is not None
            x, y, facing = entry_key(route, stats.width, behind)
            role, colour = ("scout", "blue") if member.scout else ("convoy", "white")
            arrivals.setdefault(card, []).append(
                UnitState(member.id, member.kind, role, colour, (x, y), facing, line=c.id)
            )
            behind += stats.length + 2  # a 2-square gap to the next one (SAS-AVEH-18)
        rt.convoys[c.id] = Convoy(c.id, card, route, tuple(v.id for v in c.formation))

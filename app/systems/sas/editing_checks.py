"""Rules-aware checks of an edited SAS mission (SAS-MSN-3, SAS-MSN-4, SAS-BRD-5, SAS-MOV, SAS-TER).

Run by the editor on a mission that loads: the map size against the team and the stealth meter
(SAS-MSN-3, SAS-MSN-4), two units set up on one square, units on squares nobody may enter (water, rock, supply dumps:
SAS-TER-2, SAS-TER-4, SAS-TER-14), objectives no operator can reach from the entry/exit squares (walking round high
walls and building walls, through doors and windows), patrol start choices that are not a start point
of their line (SAS-BRD-5), objectives no victory level asks for (SAS-MSN-1) and Axis units set up on an operator's
start square.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from app.core.i18n import t
from app.geometry.square import SquareGrid
from app.scenario.editor.plugin import Finding
from app.systems.sas.state import SasRuntime, SasState

Cell = tuple[int, int]
OPENINGS = ("door", "window")


def expected_size(tiles: int) -> tuple[int, int] | None:
    """(operators, Normal stealth value) for a map of ``tiles`` map tiles (SAS-MSN-4); None below 4 tiles.

    The table gives 4 → 2/6, 6 → 3/7, 8+ → 4/8; SAS-MSN-3 says to adjust "correspondingly" in between, so
    5 tiles count as 6 and 7 as 8 (a bigger map never gets the smaller team).
    """
    if tiles < 4:
        return None
    if tiles == 4:
        return 2, 6
    return (3, 7) if tiles <= 6 else (4, 8)


def mission_checks(rt: SasRuntime, state: SasState) -> list[Finding]:
    """Every check of this module."""  # SAS-BRD-2 one counter a square, SAS-MSN-1 objectives, SAS-MSN-4 size
    paths = _unit_paths(rt)
    return [
        *_sizing(rt),
        *_stacking(state, paths),
        *_impassable(rt, state, paths),
        *_unreachable(rt, state),
        *_patrol_starts(rt),
        *_unused_objectives(rt),
        *_on_operators(state, paths),
    ]


def _unused_objectives(rt: SasRuntime) -> list[Finding]:
    """An objective that no victory level asks for counts for nothing (SAS-MSN-1)."""
    used = {o for level in rt.mission.victory for o in level.objectives}
    return [
        Finding("warning", f"$.objectives[{i}]", t("Objective {id}: no victory level asks for it", id=o.id))
        for i, o in enumerate(rt.mission.objectives)
        if o.id not in used
    ]


def _on_operators(state: SasState, paths: dict[str, str]) -> list[Finding]:
    """An Axis unit set up on an operator's start square: a square holds one operator or one Axis unit (SAS-BRD-2),
    and the editor would draw the sentry over the operator."""
    starts = {op.loc: op.id for op in state.operators if op.loc is not None}
    found: list[Finding] = []
    for unit in state.units:
        if unit.loc in starts:
            label = state.rt.grid.label(unit.loc)
            message = t(
                "{unit} is set up on {square}, where {op} starts", unit=unit.id, square=label, op=starts[unit.loc]
            )
            found.append(Finding("error", paths.get(unit.id, "$.board"), message, label))
    return found


def _unit_paths(rt: SasRuntime) -> dict[str, str]:
    """JSON paths of the units the mission places itself (by unit id)."""
    paths: dict[str, str] = {}
    for i, unit in enumerate(rt.mission.extra_units):
        loc = rt.cache.get("labels", {}).get(unit.at)
        uid = unit.id or (f"{unit.role}_{loc[0]}_{loc[1]}" if loc else "")
        paths[uid] = f"$.extra_units[{i}]"
    return paths


def _sizing(rt: SasRuntime) -> list[Finding]:
    mission = rt.mission
    tiles = len(mission.board.tiles)
    expected = expected_size(tiles)
    if expected is None:
        return _no_willys(rt, tiles)
    operators, normal = expected
    found: list[Finding] = []
    if len(mission.operators) != operators:
        message = t(
            "SAS-MSN-4: a map of {tiles} tiles calls for {expected} operators; this team has {count}",
            tiles=tiles,
            expected=operators,
            count=len(mission.operators),
        )
        found.append(Finding("warning", "$.operators", message))
    found.extend(_reinforcements(rt, tiles))
    wanted = {"easy": normal + 1, "normal": normal, "hard": normal - 1}
    for level, value in sorted(mission.stealth.items()):
        if level in wanted and value != wanted[level]:
            message = t(
                "SAS-MSN-4: the {level} stealth meter of a {tiles}-tile map starts at {expected}, not {value}",
                level=level,
                tiles=tiles,
                expected=wanted[level],
                value=value,
            )
            found.append(Finding("warning", f"$.stealth.{level}", message))
    return found


WILLYS = ("willys", "support_willys")
SUPPORT_TEAM = 4  # SAS-MSN-4: 8+ tiles, 4 operators + 1 Willys or 4 support units


def _no_willys(rt: SasRuntime, tiles: int) -> list[Finding]:
    """A map of fewer than 8 tiles is played without the Willys (SAS-MSN-3: "少于8块图砖的地图板应移除威利斯吉普")."""
    if tiles >= 8 or not any(v.kind in WILLYS for v in rt.mission.operator_vehicles):
        return []
    message = t("SAS-MSN-3: a map of {tiles} tiles (fewer than 8) is played without the Willys; remove it", tiles=tiles)
    return [Finding("warning", "$.operator_vehicles", message)]


def _reinforcements(rt: SasRuntime, tiles: int) -> list[Finding]:
    """A map of 8 or more tiles brings one Willys or four support units besides the four operators (SAS-MSN-4); a
    smaller map none (SAS-MSN-3)."""
    mission = rt.mission
    if tiles < 8:
        return _no_willys(rt, tiles)
    if any(v.kind in WILLYS for v in mission.operator_vehicles) or len(mission.support_units) >= SUPPORT_TEAM:
        return []
    message = t(
        "SAS-MSN-4: a map of {tiles} tiles brings one Willys or {count} support units besides the operators; "
        "this mission has {support} support units and no Willys",
        tiles=tiles,
        count=SUPPORT_TEAM,
        support=len(mission.support_units),
    )
    return [Finding("warning", "$.operator_vehicles", message)]


def _stacking(state: SasState, paths: dict[str, str]) -> list[Finding]:
    seen: dict[Cell, str] = {}
    found: list[Finding] = []
    for unit in state.units:
        if unit.loc in seen:
            label = state.rt.grid.label(unit.loc)
            message = t(
                "Two units set up on {square}: {first} and {second}", square=label, first=seen[unit.loc], second=unit.id
            )
            found.append(Finding("error", paths.get(unit.id, "$.board"), message, label))
        seen.setdefault(unit.loc, unit.id)
    return found


def _square_move(rt: SasRuntime, cell: Cell) -> str:
    effect = rt.tables.terrain.squares.get(rt.grid.terrain(cell))
    return effect.move if effect is not None else "open"


def _impassable(rt: SasRuntime, state: SasState, paths: dict[str, str]) -> list[Finding]:
    found: list[Finding] = []
    for unit in state.units:
        if rt.grid.contains(unit.loc) and _square_move(rt, unit.loc) == "blocked":
            label = rt.grid.label(unit.loc)
            message = t(
                "{unit} stands on {terrain} at {square}, where no one may stand",
                unit=unit.id,
                terrain=rt.grid.terrain(unit.loc),
                square=label,
            )
            found.append(Finding("error", paths.get(unit.id, "$.board"), message, label))
    return found


def _edge_open(grid: SquareGrid, rt: SasRuntime, a: Cell, b: Cell) -> bool:
    features = grid.edge_between(a, b)
    if any(f.kind in OPENINGS for f in features):
        return True
    edges = rt.tables.terrain.edges
    return all(edges[f.kind].move != "blocked" for f in features if f.kind in edges)


def _step_open(rt: SasRuntime, a: Cell, b: Cell) -> bool:
    grid = rt.grid
    if a[0] == b[0] or a[1] == b[1]:
        return _edge_open(grid, rt, a, b)
    corners = ((b[0], a[1]), (a[0], b[1]))  # a diagonal step slips past the corner if one L-route is open
    return any(grid.contains(c) and _edge_open(grid, rt, a, c) and _edge_open(grid, rt, c, b) for c in corners)


def reachable(rt: SasRuntime, start: Iterable[Cell]) -> set[Cell]:
    """Squares an operator can walk to from ``start`` (ignoring the Axis)."""
    seen = {c for c in start if rt.grid.contains(c)}
    queue = deque(seen)
    while queue:
        cell = queue.popleft()
        for nxt in rt.grid.neighbours(cell):
            n = (int(nxt[0]), int(nxt[1]))
            if n not in seen and _square_move(rt, n) != "blocked" and _step_open(rt, cell, n):
                seen.add(n)
                queue.append(n)
    return seen


def _unreachable(rt: SasRuntime, state: SasState) -> list[Finding]:
    walk = reachable(rt, rt.entry_exit)
    near = walk | {(int(n[0]), int(n[1])) for c in walk for n in rt.grid.neighbours(c)}
    units = {u.id: u.loc for u in state.units}
    found: list[Finding] = []
    for i, objective in enumerate(rt.mission.objectives):
        cells = set(rt.objective_cells.get(objective.id, frozenset()))
        cells |= {units[u] for u in objective.units if u in units}
        if cells and not cells & near:
            where = rt.grid.label(min(cells))
            message = t(
                "No operator can reach objective {objective} from the entry/exit squares", objective=objective.id
            )
            found.append(Finding("warning", f"$.objectives[{i}]", message, where))
    return found


def _patrol_starts(rt: SasRuntime) -> list[Finding]:
    found: list[Finding] = []
    for line_id, start in sorted(rt.mission.patrol_starts.items()):
        line = rt.lines.get(line_id)
        if line is None:
            message = t("SAS-BRD-5: there is no patrol line {line} on this board", line=line_id)
            found.append(Finding("error", f"$.patrol_starts.{line_id}", message))
            continue
        if start not in {f"{c[0]},{c[1]}" for c, _arrow in line.starts}:
            message = t("SAS-BRD-5: {start} is not a start point of patrol line {line}", start=start, line=line_id)
            found.append(Finding("error", f"$.patrol_starts.{line_id}", message, rt.grid.label(line.path[0])))
    return found

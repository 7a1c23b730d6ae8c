"""A loaded Typhoon scenario: the built map and what the rules ask of it (TY-MAP-1, TY-MAP-3, TY-MAP-4, TY-MAP-7).

The map's terrain, towns, large cities, fortified hexes, roads, railways, rivers and bridges are turned once
into sets the rules query (:class:`MapFacts`); the counters and cards are indexed by id.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from pydantic import ValidationError

from app.core.i18n import Text, localized
from app.geometry.hexgrid import HexGrid
from app.scenario.boards import Board, HexMapSpec, build_board, load_board_file
from app.scenario.loading import Problem, ScenarioError
from app.scenario.resources import resolve_ref
from app.systems.typhoon.scenario import SIDES, CardSpec, OrderOfBattle, TurnSpec, TyphoonScenario, UnitSpec

Hex = tuple[int, int]
Pair = frozenset[Hex]
BOXES = ("reserve", "guards", "withdrawn")
CLOSED = frozenset({"lake", "all_sea", "prohibited"})
"""Hex terrain no unit may enter, attack into or advance into (TY-MOV-12, TY-CBT-6)."""
DEFAULT_WEATHER = {1: "clear", 2: "clear", 3: "mud", 4: "mud", 5: "mud", 6: "freeze", 7: "freeze"}


@dataclass(frozen=True)
class MapFacts:
    """The map as the rules see it: terrain by hex and the features that matter (TY-MAP-7)."""

    terrain: dict[Hex, str]
    towns: frozenset[Hex]
    cities: frozenset[Hex]
    fortified: frozenset[Hex]
    roads: frozenset[Pair]
    rails: frozenset[Pair]
    rail_hexes: frozenset[Hex]
    road_hexes: frozenset[Hex]
    sides: dict[Pair, frozenset[str]]
    names: dict[Hex, tuple[str, str]]
    open_hexes: frozenset[Hex] = frozenset()
    links: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    """Each hex's neighbours a unit, a ZOC or a LOC may reach: open, across no prohibited hexside."""

    def side_kinds(self, a: Hex, b: Hex) -> frozenset[str]:
        """Hexside features between ``a`` and ``b`` (river, major_river, prohibited, bridge)."""
        return self.sides.get(frozenset((a, b)), frozenset())

    def river(self, a: Hex, b: Hex) -> str | None:
        """'major_river', 'river' or None for the hexside between ``a`` and ``b``."""
        kinds = self.side_kinds(a, b)
        return "major_river" if "major_river" in kinds else "river" if "river" in kinds else None

    def bridged(self, a: Hex, b: Hex) -> bool:
        """A road or railway crosses the hexside, or a bridge is printed there (TY-MAP-4)."""
        pair = frozenset((a, b))
        return pair in self.roads or pair in self.rails or "bridge" in self.side_kinds(a, b)


@dataclass(frozen=True, eq=False)
class Runtime:
    """A loaded scenario: the model, the board, the counters and cards by id, the map's facts."""

    model: TyphoonScenario
    board: Board
    units: dict[str, UnitSpec]
    cards: dict[str, CardSpec]
    facts: MapFacts
    sources: dict[str, frozenset[Hex]]
    east_edge: frozenset[Hex]
    moscow: frozenset[Hex]
    key_hexes: frozenset[Hex]
    victory_cities: frozenset[Hex]

    @property
    def grid(self) -> HexGrid:
        """The hex grid."""
        topo = self.board.topology
        assert isinstance(topo, HexGrid)
        return topo

    def hex(self, label: str) -> Hex:
        """The hex of a printed ID."""
        return self.grid.from_label(label)

    def label(self, h: Hex | None) -> str:
        """The printed ID of a hex ('-' off the map)."""
        return "-" if h is None else self.grid.label(h)

    def turn_spec(self, turn: int) -> TurnSpec:
        """The turn-track box of ``turn`` (the last box past the end)."""
        index = min(max(turn - self.model.first_turn, 0), len(self.model.turns) - 1)
        return self.model.turns[index]

    def weather(self, turn: int) -> str:
        """The weather of ``turn`` (TY-WX-1): the track's, else the rulebook's table."""
        return self.turn_spec(turn).weather or DEFAULT_WEATHER.get(turn, "snow")

    def unit_name(self, unit_id: str) -> Text:
        """The counter's printed name in both languages."""
        spec = self.units[unit_id]
        return localized(spec.name_en, spec.name_zh or None)

    def card_name(self, card_id: str) -> Text:
        """A card's name in both languages."""
        if card_id == "SUPPLY":
            return localized("SUPPLY", "补给")
        card = self.cards[card_id]
        if card.name_en:
            return localized(card.name_en, card.name_zh or None)
        if card.hq is not None:
            return self.unit_name(card.hq)
        return localized(card.id, None)

    @property
    def last_turn(self) -> int:
        """The last turn played."""
        return self.model.last_turn


def board_spec(model: TyphoonScenario, folder: Path | None) -> HexMapSpec:
    """The scenario's hex map."""
    if isinstance(model.board, HexMapSpec):
        return model.board
    base = load_board_file(resolve_ref(model.board, folder)).board
    if not isinstance(base, HexMapSpec):
        raise ScenarioError(model.id, [Problem("$.board", f"{model.board} is not a hex map")])
    return base


def map_facts(board: Board, extra_forts: frozenset[Hex]) -> MapFacts:
    """The map's terrain and features (TY-MAP-1, TY-MAP-4, TY-MAP-7)."""
    grid = board.topology
    assert isinstance(grid, HexGrid)
    board_marks = {cast(Hex, h): marks for h, marks in board.marks.items()}
    kinds = {h: {m.kind for m in marks} for h, marks in board_marks.items()}
    terrain = {h: grid.terrain(h) for h in grid.locations()}
    names = {}
    for h, marks in board_marks.items():
        for mark in marks:
            props = dict(mark.props)
            if "name_en" in props:
                names[h] = (str(props["name_en"]), str(props.get("name_zh") or props["name_en"]))
    sides: dict[Pair, frozenset[str]] = {}
    for a in grid.locations():
        for b in grid.neighbours(a):
            found = {f.kind for f in grid.edge_features(a, b)}
            if found:
                sides[frozenset((a, b))] = frozenset(found)
    return MapFacts(
        terrain=terrain,
        towns=frozenset(h for h, k in kinds.items() if "town" in k),
        cities=frozenset(h for h, x in terrain.items() if x == "large_city")
        | frozenset(h for h, k in kinds.items() if "large_city" in k),
        fortified=frozenset(h for h, k in kinds.items() if "fortified" in k) | extra_forts,
        roads=_pairs(board.roads),
        rails=_pairs(board.railways),
        rail_hexes=frozenset(cast(Hex, h) for path in board.railways for h in path),
        road_hexes=frozenset(cast(Hex, h) for path in board.roads for h in path),
        sides=sides,
        names=names,
        open_hexes=frozenset(h for h, x in terrain.items() if x not in CLOSED),
        links=_links(grid, terrain, sides),
    )


def _links(grid: HexGrid, terrain: dict[Hex, str], sides: dict[Pair, frozenset[str]]) -> dict[Hex, tuple[Hex, ...]]:
    def ok(a: Hex, b: Hex) -> bool:
        return terrain.get(b) not in CLOSED and "prohibited" not in sides.get(frozenset((a, b)), frozenset())

    return {h: tuple(n for n in grid.neighbours(h) if ok(h, n)) for h in grid.locations()}


def _pairs(paths: list[list[Any]]) -> frozenset[Pair]:
    return frozenset(frozenset((cast(Hex, a), cast(Hex, b))) for path in paths for a, b in itertools.pairwise(path))


def load_units(model: TyphoonScenario, folder: Path | None) -> dict[str, UnitSpec]:
    """The counters: the order-of-battle file's, then the scenario's own."""
    units: list[UnitSpec] = []
    if model.order_of_battle is not None:
        path = resolve_ref(model.order_of_battle, folder)
        try:
            units += OrderOfBattle.model_validate(json.loads(path.read_text(encoding="utf-8"))).units
        except (OSError, ValueError, ValidationError) as exc:
            raise ScenarioError(model.id, [Problem("$.order_of_battle", f"cannot read {path.name}: {exc}")]) from exc
    units += model.units
    found: dict[str, UnitSpec] = {}
    for i, u in enumerate(units):
        if u.id in found:
            raise ScenarioError(model.id, [Problem(f"$.units[{i}].id", f"counter {u.id!r} defined twice")])
        found[u.id] = u
    return found


def load_runtime(model: TyphoonScenario, folder: Path | None) -> Runtime:
    """Build the board, index counters and cards, and check every reference (errors name the JSON path)."""
    board = build_board(board_spec(model, folder), lambda ref: resolve_ref(ref, folder))
    grid = board.topology
    assert isinstance(grid, HexGrid)
    units = load_units(model, folder)
    known = {grid.label(h): h for h in grid.locations()}
    problems = _problems(model, units, known)
    if problems:
        raise ScenarioError(model.id, problems)

    def hexes(labels: list[str]) -> frozenset[Hex]:
        return frozenset(known[x] for x in labels)

    facts = map_facts(board, hexes(model.fortified))
    sources = _sources(model, board, known)
    victory = hexes(model.victory.large_cities) if model.victory.large_cities is not None else facts.cities
    return Runtime(
        model=model,
        board=board,
        units=units,
        cards={c.id: c for c in model.cards},
        facts=facts,
        sources=sources,
        east_edge=hexes(model.east_edge) or east_column(grid, facts),
        moscow=hexes(model.moscow),
        key_hexes=hexes(model.victory.key_hexes),
        victory_cities=victory,
    )


def east_column(grid: HexGrid, facts: MapFacts) -> frozenset[Hex]:
    """The open hexes of the map's east edge: the hexes beyond the Soviet sources that §15.4 lets the Soviets use
    when the scenario lists none of its own (TY-OPT-OFF-1)."""
    last = max(grid.to_offset(h)[0] for h in grid.locations())
    return frozenset(h for h in grid.locations() if grid.to_offset(h)[0] == last and h in facts.open_hexes)


def _sources(model: TyphoonScenario, board: Board, known: dict[str, Hex]) -> dict[str, frozenset[Hex]]:
    """Supply sources per side: the scenario's list, else the map's marks (TY-MAP-3)."""
    if model.supply_sources is not None:
        return {s: frozenset(known[x] for x in model.supply_sources.get(s, [])) for s in SIDES}  # type: ignore[call-overload]
    found: dict[str, set[Hex]] = {s: set() for s in SIDES}
    for h, marks in board.marks.items():
        for mark in marks:
            side = dict(mark.props).get("side")
            if mark.kind == "supply_source" and side in found:
                found[str(side)].add(cast(Hex, h))
    return {s: frozenset(v) for s, v in found.items()}


def _problems(model: TyphoonScenario, units: dict[str, UnitSpec], known: dict[str, Hex]) -> list[Problem]:
    """Unknown counters, cards' HQs and hexes; counters placed twice or not at all."""
    return _placement_problems(model, units, known) + _card_problems(model, units) + _hex_problems(model, known)


def _placement_problems(model: TyphoonScenario, units: dict[str, UnitSpec], known: dict[str, Hex]) -> list[Problem]:
    problems: list[Problem] = []
    placed: set[str] = set()
    for i, p in enumerate(model.setup):
        if p.unit not in units:
            problems.append(Problem(f"$.setup[{i}].unit", f"no counter {p.unit!r}"))
        if p.at not in known and p.at not in BOXES:
            problems.append(Problem(f"$.setup[{i}].at", f"no hex {p.at!r} (nor a box: {', '.join(BOXES)})"))
        if p.unit in placed:
            problems.append(Problem(f"$.setup[{i}].unit", f"counter {p.unit!r} placed twice"))
        placed.add(p.unit)
    for i, a in enumerate(model.arrivals):
        problems += [Problem(f"$.arrivals[{i}].units", f"no counter {u!r}") for u in a.units if u not in units]
        placed |= set(a.units)
    for i, r in enumerate(model.removals):
        problems += [Problem(f"$.removals[{i}].units", f"no counter {u!r}") for u in r.units if u not in units]
    problems += [Problem("$.setup", f"counter {u!r} is never placed") for u in sorted(set(units) - placed)]
    return problems


def _card_problems(model: TyphoonScenario, units: dict[str, UnitSpec]) -> list[Problem]:
    problems = []
    for i, c in enumerate(model.cards):
        hq = units.get(c.hq or "")
        if c.hq is not None and (hq is None or hq.command_range is None or hq.side != c.side):
            problems.append(Problem(f"$.cards[{i}].hq", f"{c.hq!r} is not an HQ of the card's side"))
    return problems


def _hex_problems(model: TyphoonScenario, known: dict[str, Hex]) -> list[Problem]:
    lists = {"axis_controlled": model.axis_controlled, "moscow": model.moscow, "fortified": model.fortified}
    lists |= {"east_edge": model.east_edge, "victory.key_hexes": model.victory.key_hexes}
    lists |= {"victory.large_cities": model.victory.large_cities or []}
    lists |= {f"supply_sources.{s}": v for s, v in (model.supply_sources or {}).items()}
    problems = []
    for key, labels in lists.items():
        problems += [Problem(f"$.{key}[{i}]", f"no hex {x!r}") for i, x in enumerate(labels) if x not in known]
    return problems

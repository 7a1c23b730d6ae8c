"""A loaded Third Reich scenario: the area board, the unit-type table and quick look-ups (TR-MAP-1, TR-MAP-2,
TR-MAP-3, TR-UNIT-1, TR-MOB-2)."""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Literal, TypeVar, cast

from pydantic import BaseModel, ConfigDict

from app.core.i18n import Text, localized
from app.geometry.areas import AreaMap
from app.scenario.boards import AreaMapSpec, Board, build_board, load_board_file
from app.scenario.loading import Problem, ScenarioError
from app.scenario.resources import resolve_ref
from app.systems.third_reich.scenario import AreaData, Card, CounterDesign, Nation, ThirdReichScenario

DATA = Path(__file__).resolve().parent / "data"
UnitClass = Literal["land", "air", "naval", "submarine"]
T = TypeVar("T")
DERIVED_LIMIT = 50_000
"""Values :meth:`Runtime.derived` keeps before it starts afresh (a few megabytes)."""


class UnitType(BaseModel):
    """One unit type (TR-UNIT-1): its class, mobilization cost (TR-MOB-2) and names."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cls: UnitClass
    cost: int
    name_en: str
    name_zh: str
    short_zh: str
    symbol: str | None

    @property
    def name(self) -> Text:
        """The type's name, translated."""
        return localized(self.name_en, self.name_zh)


@cache
def unit_types() -> dict[str, UnitType]:
    """The unit-type table (``data/unit_types.json``)."""
    raw = json.loads((DATA / "unit_types.json").read_text(encoding="utf-8"))
    return {code: UnitType.model_validate(row) for code, row in raw.items()}


@dataclass(frozen=True, eq=False)
class Runtime:
    """The scenario ready to play: model, board and look-ups by id."""

    model: ThirdReichScenario
    board: Board
    designs: dict[str, CounterDesign] = field(default_factory=dict)
    nations: dict[str, Nation] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)

    @property
    def map(self) -> AreaMap:
        """The area topology."""
        topo = self.board.topology
        assert isinstance(topo, AreaMap)
        return topo

    def area(self, area: str) -> AreaData:
        """The game data of ``area``."""
        return self.model.areas[area]

    def is_sea(self, area: str) -> bool:
        """Whether ``area`` is a sea area (TR-MAP-1)."""
        return area in self.seas

    @cached_property
    def seas(self) -> frozenset[str]:
        """The sea areas."""
        return frozenset(a for a in self.map.locations() if self.map.terrain(a) == "sea")

    @cached_property
    def classes(self) -> dict[str, str]:
        """Unit class by counter design id."""
        return {d.id: unit_types()[d.type].cls for d in self.designs.values()}

    def linked_neighbours(self, area: str) -> tuple[str, ...]:
        """Adjacent areas plus the Allied link Central Atlantic–Egypt (TR-AREA-2), for the turns Egypt is Allied."""
        found = self._linked.get(area)
        if found is None:
            found = self._linked[area] = self._with_link(area)
        return found

    @cached_property
    def _linked(self) -> dict[str, tuple[str, ...]]:
        return {}

    def _with_link(self, area: str) -> tuple[str, ...]:
        near = self.map.neighbours(area)
        egypt, atlantic, med = (self.role(r) for r in ("egypt", "central_atlantic", "east_mediterranean"))
        if egypt is None or atlantic is None:
            return near
        ends = {atlantic: tuple(a for a in (egypt, med) if a is not None), egypt: (atlantic,), med: (atlantic,)}
        return near + tuple(a for a in ends.get(area, ()) if a not in near and a != area)

    def derived(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, kept for ``key``: a value that depends only on this scenario and the key (the key holds
        every input, e.g. the units themselves). The store is emptied when it grows past ``DERIVED_LIMIT``."""
        store = self._derived
        try:
            return cast(T, store[key])
        except KeyError:
            if len(store) >= DERIVED_LIMIT:
                store.clear()
            value = store[key] = make()
            return value

    @cached_property
    def _derived(self) -> dict[Hashable, object]:
        return {}

    def closed_roles(self, roles: tuple[str, ...]) -> frozenset[str]:
        """The areas holding the named special roles (a side's closed areas, TR-AREA-3, TR-AREA-4, TR-AREA-5)."""
        found = self._roles_found.get(roles)
        if found is None:
            found = self._roles_found[roles] = frozenset(a for r in roles if (a := self.role(r)) is not None)
        return found

    @cached_property
    def _roles_found(self) -> dict[tuple[str, ...], frozenset[str]]:
        return {}

    def role(self, role: str) -> str | None:
        """The area id holding a named special role, if the scenario names one."""
        return self.roles.get(role)

    def option(self, name: str) -> bool:
        """Whether an optional rule is in force (§16)."""
        return name in self.model.options

    def name(self, area: str) -> Text:
        """The printed name of ``area``."""
        for mark in self.board.marks.get(area, ()):
            props = dict(mark.props)
            return localized(str(props.get("name_en", area)), str(props.get("name_zh", "")) or None)
        return localized(area, None)


def load_runtime(model: ThirdReichScenario, folder: Path | None) -> Runtime:
    """Build the board and check the scenario's area data and set-up against it (errors name the JSON path)."""
    board_file = load_board_file(resolve_ref(model.board, folder))
    if not isinstance(board_file.board, AreaMapSpec):
        raise ScenarioError(model.id, [Problem("$.board", f"{model.board} is not an area map")])
    board = build_board(board_file.board, lambda ref: resolve_ref(ref, folder))
    runtime = Runtime(
        model,
        board,
        {c.id: c for c in model.counters},
        {n.code: n for n in model.nations},
        {c.id: c for c in model.cards},
        {str(role): area for role, area in model.special.items()},
    )
    problems = _problems(runtime)
    if problems:
        raise ScenarioError(model.id, problems)
    return runtime


def _problems(runtime: Runtime) -> list[Problem]:
    model, areas = runtime.model, set(runtime.map.locations())
    problems = [Problem("$.areas", f"no game data for area {a!r}") for a in sorted(areas - set(model.areas))]
    problems += [Problem(f"$.areas.{a}", "no such area on the board") for a in sorted(set(model.areas) - areas)]
    problems += [Problem(f"$.special.{r}", f"no area {a!r}") for r, a in model.special.items() if a not in areas]
    for index, placement in enumerate(model.setup):
        if placement.at not in areas and placement.at not in ("pool", "development"):
            problems.append(Problem(f"$.setup[{index}].at", f"no area {placement.at!r}"))
    for code in model.entry_track.positions:
        if code not in runtime.nations:
            problems.append(Problem(f"$.entry_track.positions.{code}", f"unknown nation {code}"))
    return problems

"""Scenario files of the squad game (LNL-SETUP-1, LNL-SETUP-2, LNL-STACK-4; format: docs/lnl-scenario-format.md).

A scenario lays geomorphic hex boards side by side (each board is its own small hex map with terrain by hex
centre, ground elevation and building storeys, defined inline or in a board file), names the two forces
(units by counter type and hex, carried support weapons, state), the set-up zones, the victory hexes, the turn
limit, who holds the initiative on turn 1, the optional rules and the briefing.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.scenario.base import Localized, ScenarioBase
from app.systems.lnl.tables import Options, UnitType, terrains, unit_types

SIDES: tuple[str, str] = ("allies", "axis")
Side = Literal["allies", "axis"]
LOCAL_LABEL = r"^[0-9]{4}$"
UNIT_MARKERS = ("moved", "fired", "ops_complete", "low_crawl", "stealth", "assault_move")
HEX_MARKERS = ("spotted", "smoke1", "smoke2", "melee")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class HexSpec(_Strict):
    """What is printed in one hex of a board (LNL-SETUP-2: terrain and level at the centre dot)."""

    terrain: str | None = Field(None, description="Terrain id (data/terrain.json); default: the board's.")
    elevation: int = Field(0, ge=-2, le=6, description="Ground level (0 = the plain, 1 = a hill, ...).")
    storeys: int = Field(0, ge=0, le=4, description="Building storeys (buildings only; 1 = single storey).")


class BoardSide(_Strict):
    """A feature along a hexside of a board (walls and hedges, LNL-MOVE-2)."""

    a: str = Field(pattern=LOCAL_LABEL, description="Board-local label of one hex.")
    b: str = Field(pattern=LOCAL_LABEL, description="Board-local label of the neighbouring hex.")
    kind: Literal["wall", "hedge"] = Field(description="Feature.")


class GeoBoard(_Strict):
    """One geomorphic board: flat-topped hexes in columns (odd columns shoved down), labels ``CCRR`` from 0101."""

    id: str = Field(pattern=r"^[a-z0-9_]+$", description="Board id placements refer to.")
    name: Localized = Field(description="Board name.")
    columns: int = Field(ge=2, le=40, description="Columns (even, so a board may be turned 180°).")
    rows: int = Field(ge=1, le=40, description="Hexes per column.")
    default_terrain: str = Field("open", description="Terrain of hexes not listed.")
    hexes: dict[str, HexSpec] = Field(default_factory=dict, description="Hexes that differ, by local label CCRR.")
    hexsides: list[BoardSide] = Field(default_factory=list, description="Walls and hedges.")

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.columns % 2:
            raise ValueError("a board needs an even number of columns (it may be turned 180°)")
        known = terrains()
        for label, spec in self.hexes.items():
            col, row = int(label[:2]), int(label[2:])
            if not (1 <= col <= self.columns and 1 <= row <= self.rows):
                raise ValueError(f"hex {label} is not on a {self.columns}x{self.rows} board")
            kind = spec.terrain or self.default_terrain
            if kind not in known:
                raise ValueError(f"hex {label}: unknown terrain {kind!r}; known: {', '.join(known)}")
            if spec.storeys and not known[kind].building:
                raise ValueError(f"hex {label}: storeys on {kind}, which is not a building")
        if self.default_terrain not in known:
            raise ValueError(f"unknown default terrain {self.default_terrain!r}")
        return self


class BoardFile(_Strict):
    """A board file (``format: adjutant-lnl-board``) a scenario names in ``board_files``."""

    format: Literal["adjutant-lnl-board"] = Field(description="File format marker.")
    schema_version: Literal[1] = Field(description="Schema version.")
    board: GeoBoard


class BoardPlacement(_Strict):
    """A board laid on the table: its first column and row on the map, optionally turned 180°."""

    board: str = Field(description="Id of a board in board_defs or in one of the board_files.")
    col: int = Field(0, ge=0, le=200, description="Map column (0-based, even) of the board's first column.")
    row: int = Field(0, ge=0, le=200, description="Map row (0-based) of the board's first row.")
    rotated: bool = Field(False, description="Turned 180°.")
    name: str = Field("", pattern=r"^[A-Za-z0-9]*$", description="Short name for board-local labels ('A:0305').")

    @model_validator(mode="after")
    def _even(self) -> Self:
        if self.col % 2:
            raise ValueError("a board starts on an even map column (hex columns must line up)")
        return self


class UnitPlacement(_Strict):
    """One counter on the map (positions as data: any state the rules track)."""

    type: str = Field(description="Counter type id (data/units.json or the scenario's unit_types).")
    at: str = Field(description="Map label CCRR or board-local 'A:CCRR'.")
    id: str | None = Field(None, pattern=r"^[a-z0-9_]+$", description="Stable id (default: side initial + number).")
    level: int = Field(0, ge=0, le=4, description="Building storey (0 = ground floor).")
    status: Literal["good", "shaken"] = Field("good", description="Good order or Shaken.")
    wounded: bool = Field(False, description="A wounded SMC (LNL-DMG-2).")
    weapons: list[str] = Field(default_factory=list, description="Support weapons carried (type ids, LNL-SW-1).")
    jammed: list[str] = Field(default_factory=list, description="Carried support weapons that are jammed (LNL-SW-7).")
    stowed: list[str] = Field(default_factory=list, description="Carried tripod weapons that are stowed (LNL-SW-9).")
    skill: str = Field("", description="Heroes: the skill card held (LNL-HERO-1).")
    facing: int = Field(0, ge=0, le=5, description="Vehicles and weapon teams: hex direction 0..5 the front faces.")
    buttoned: bool = Field(True, description="Vehicles: hatches closed (LNL-VEH-1).")
    markers: list[Literal["moved", "fired", "ops_complete", "low_crawl", "stealth", "assault_move"]] = Field(
        default_factory=list, description="Markers on the counter."
    )
    off_map: bool = Field(False, description="Snipers: kept off the map until placed (LNL-SNIPER-1).")


class Force(_Strict):
    """One side's force."""

    side: Side
    name: Localized = Field(description="Force name, e.g. 'US 2nd Platoon'.")
    units: list[UnitPlacement] = Field(min_length=1)
    setup_zone: list[str] = Field(default_factory=list, description="Hexes where the side may set up (labels).")


class Victory(_Strict):
    """Victory: the ``attacker`` wins if at the end it controls at least ``needed`` of ``hexes`` (a hex is
    controlled by the side that last had it to itself; at the start by ``initial_control`` or the defender).
    A side with no unit left on the map loses at once."""

    hexes: list[str] = Field(default_factory=list, description="Victory hexes (labels).")
    attacker: Side = Field(description="The side that must take the hexes.")
    needed: int = Field(1, ge=0, description="Victory hexes the attacker must control at the end.")
    initial_control: dict[str, Side] = Field(default_factory=dict, description="Owner by hex label at the start.")


class SetupMarker(_Strict):
    """A hex marker the scenario's set-up places (LNL-SETUP-1): a Spotted marker on one storey (each storey is
    spotted on its own, LNL-FIRE-1), smoke, or the Melee marker of a melee already going on."""

    at: str = Field(description="Map label CCRR or board-local 'A:CCRR'.")
    kind: Literal["spotted", "smoke1", "smoke2", "melee"] = Field(description="The marker.")
    level: int = Field(0, ge=0, le=4, description="Spotted markers: the storey spotted (0 = ground floor).")

    @model_validator(mode="after")
    def _storey(self) -> Self:
        if self.level and self.kind != "spotted":
            raise ValueError(f"only a Spotted marker belongs to a storey; a {self.kind} marker covers the whole hex")
        return self

    def state_marker(self) -> str:
        """The marker as the game state keeps it (an upper storey's Spotted marker names its storey)."""
        return f"spotted@{self.level}" if self.kind == "spotted" and self.level else self.kind


class StartPosition(_Strict):
    """Start somewhere other than turn 1's Rally Phase (worked examples, tests)."""

    turn: int = Field(1, ge=1)
    phase: Literal["rally", "operations"] = "rally"
    initiative: Side | None = Field(None, description="Initiative holder (default: the scenario's).")
    hex_markers: dict[str, list[Literal["spotted", "smoke1", "smoke2", "melee"]]] = Field(default_factory=dict)


class LnlScenario(ScenarioBase):
    """A squad-game scenario (schema version 1)."""

    system: Literal["lnl"] = Field(description="Always 'lnl'.")
    schema_version: Literal[1] = Field(description="Schema version.")
    board_defs: list[GeoBoard] = Field(default_factory=list, description="Boards defined in this file.")
    board_files: list[str] = Field(default_factory=list, description="Board files (refs inside the folder).")
    boards: list[BoardPlacement] = Field(min_length=1, description="The boards as laid on the table.")
    unit_types: list[UnitType] = Field(default_factory=list, description="Extra counter types of this scenario.")
    forces: list[Force] = Field(min_length=2, max_length=2)
    turns: int = Field(ge=1, le=30, description="Turn limit.")
    initiative: Side = Field(description="Holds the initiative before turn 1's roll (LNL-RALLY-1 ties).")
    victory: Victory
    rules: Options = Field(default_factory=Options, description="Optional rules and interpretation switches.")
    briefing: Localized | None = Field(None, description="Briefing shown before play.")
    markers: list[SetupMarker] = Field(default_factory=list, description="Hex markers placed at set-up.")
    start: StartPosition = Field(default_factory=StartPosition)

    @model_validator(mode="after")
    def _check(self) -> Self:
        if {f.side for f in self.forces} != set(SIDES):
            raise ValueError("one force must be 'allies' and the other 'axis'")
        known = self.catalogue()
        for f in self.forces:
            for u in f.units:
                for name in (u.type, *u.weapons):
                    if name not in known:
                        raise ValueError(f"unknown counter type {name!r}")
                if any(known[w].cls != "sw" for w in u.weapons):
                    raise ValueError(f"{u.type} carries something that is not a support weapon")
        ids = [u.id for f in self.forces for u in f.units if u.id]
        if len(ids) != len(set(ids)):
            raise ValueError("unit ids must be unique")
        return self

    def catalogue(self) -> dict[str, UnitType]:
        """The counter types: data/units.json plus this scenario's own."""
        return {**unit_types(), **{u.id: u for u in self.unit_types}}

    def force(self, side: str) -> Force:
        """The force of ``side``."""
        return next(f for f in self.forces if f.side == side)

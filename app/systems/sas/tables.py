"""SAS data tables: Axis unit stats, operator boards, action costs, terrain effects, event decks.

Rulebook chapters: §19 Axis unit types (SAS-UNIT stat table), §2 operator boards (SAS-BRD-11) and §21 items
(SAS-EQ), §7.2 action table (SAS-ACT-1, SAS-ACT-2), §3 terrain (SAS-TER, summary table §3.6) and §14 event cards
(SAS-EVT, SAS-EVTB, SAS-BRD-13), §22 blast scatter (SAS-BLAST-3/4, OQ-41). The tables are JSON under
``app/systems/sas/data``; this module only validates them (pydantic, ``extra="forbid"``) and caches them. Nothing
here is a rule: the rules modules read these tables.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).with_name("data")
Colour = Literal["black", "white"]
Rotation = Literal["cw", "ccw"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class UnitStats(_Strict):
    """One row of the Axis unit stat table (SAS-UNIT, §19.1)."""

    id: str
    name_en: str
    name_zh: str
    hp: int = Field(ge=1)
    move: int = Field(ge=0)
    short: int = Field(ge=0)
    long: int = Field(ge=0)
    dice: int = Field(ge=0)
    target: int = Field(ge=1, le=7)
    knife_target: bool = False
    source: str = ""


class WeaponStats(_Strict):
    """A weapon printed on an operator board (SAS-BRD-11 fields ③–⑦)."""

    id: str
    name_en: str
    name_zh: str
    kind: Literal["gun", "knife"]
    target: int = Field(ge=1, le=7)
    short: int = Field(ge=0)
    long: int = Field(ge=1)
    rolls: int = Field(ge=1)
    sweep: bool = False
    noise: int = Field(ge=0)
    ammo: int | None = Field(default=None, ge=0)
    water: bool = Field(False, description="Usable by a scuba operator in the water (speargun, SAS-EQ-16).")
    once: bool = Field(False, description="At most one Attack or Mark with it per activation (speargun, SAS-EQ-16).")
    silent_kill: bool = Field(
        False,
        description="An assassination (speargun): witnesses are checked at the kill; a miss from the water does "
        "not expose him (SAS-EQ-16).",
    )
    source: str = ""


class ItemStats(_Strict):
    """An item token (SAS-EQ)."""

    id: str
    name_en: str
    name_zh: str
    rolls: int = Field(ge=0)
    target: int = Field(ge=0)
    noise: int = Field(ge=0)
    long: int = Field(0, ge=0, description="Throwing range (grenade 6, SAS-EQ-6).")
    alarm: bool = Field(False, description="Bears the alarm symbol (SAS-NOISE-4).")
    weapons: tuple[str, ...] = Field((), description="Weapons that come with the item (scuba gear: speargun).")
    source: str = ""


class OperatorBoard(_Strict):
    """One operator board (SAS-BRD-11): HP, recovery point, equipment and items."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name_en: str
    name_zh: str
    hp: int = Field(ge=1)
    recovery: int = Field(ge=1)
    weapons: tuple[str, ...]
    items: dict[str, int]
    source: str = ""


class OperatorTable(_Strict):
    """The operators data file."""

    format: Literal["adjutant-sas-operators"]
    schema_version: Literal[1]
    note: str = ""
    weapons: tuple[WeaponStats, ...]
    items: tuple[ItemStats, ...]
    operators: tuple[OperatorBoard, ...]

    @model_validator(mode="after")
    def _references(self) -> Self:
        weapons = {w.id for w in self.weapons}
        items = {i.id for i in self.items}
        for op in self.operators:
            if unknown := [w for w in op.weapons if w not in weapons]:
                raise ValueError(f"operator {op.id}: unknown weapons {unknown}")
            if unknown := [i for i in op.items if i not in items]:
                raise ValueError(f"operator {op.id}: unknown items {unknown}")
        for item in self.items:
            if unknown := [w for w in item.weapons if w not in weapons]:
                raise ValueError(f"item {item.id}: unknown weapons {unknown}")
        return self


class UnitTable(_Strict):
    """The Axis units data file."""

    format: Literal["adjutant-sas-units"]
    schema_version: Literal[1]
    note: str = ""
    units: tuple[UnitStats, ...]


class ActionCost(_Strict):
    """One row of the action table (SAS-ACT-1) with its availability (SAS-ACT-2)."""

    id: str
    ap: int = Field(ge=0, le=4)
    rule: str
    standing: bool
    crouched: bool
    carrying: bool
    scuba: bool = Field(False, description="Allowed in scuba mode (SAS-EQ-15).")


class ActionTable(_Strict):
    """The actions data file."""

    format: Literal["adjutant-sas-actions"]
    schema_version: Literal[1]
    note: str = ""
    ap_per_activation: int = Field(ge=1)
    actions: tuple[ActionCost, ...]


Direction = Literal["F", "FR", "R", "BR", "B", "BL", "L", "FL"]
Die = Literal["1", "2", "3", "4", "5", "6"]


class BlastTable(_Strict):
    """Blast template scatter (SAS-BLAST-1/3/4): direction per 2D6 total, distance per 1D6."""

    format: Literal["adjutant-sas-blasts"]
    schema_version: Literal[1]
    note: str = ""
    directions: dict[Literal["2", "3", "4", "5", "6", "8", "9", "10", "11", "12"], Direction]
    small: dict[Die, int]
    large: dict[Die, int]

    @model_validator(mode="after")
    def _complete(self) -> Self:
        if len(self.directions) != 10 or len(self.small) != 6 or len(self.large) != 6:
            raise ValueError("every 2D6 total but 7 needs a direction, every 1D6 face a distance")
        return self


MoveClass = Literal["open", "climb", "blocked"]


class SquareEffect(_Strict):
    """Effects of a square type (SAS-TER-1..4, 9, 14)."""

    move: MoveClass
    hook_move: MoveClass | None = Field(None, description="With a grappling hook (rock: climb, SAS-CLIMB-2).")
    los: Literal["clear", "enter", "block"]
    hides: bool = False
    low_cover: bool = False
    cover: int = 0
    cover_lost_adjacent: bool = True
    no_sprint_between: bool = False
    camo: bool = Field(False, description="A standing operator with a camo net is not visible here (SAS-EQ-12).")
    swim: bool = Field(False, description="Water: a scuba operator moves here (SAS-TER-2, SAS-EQ-14).")
    over_water: bool = Field(False, description="Bridge: a scuba operator passes under it (SAS-TER-15).")
    rule: str


class EdgeEffect(_Strict):
    """Effects of an edge feature (SAS-TER-7, 8, 10..13)."""

    move: MoveClass
    crouched_move: MoveClass | None = None
    hook_move: MoveClass | None = Field(
        None, description="With a grappling hook, where the edge has the 'grapple' symbol (high wall, SAS-TER-13)."
    )
    diagonal: bool = True
    los: Literal["clear", "block", "window"]
    low_cover: bool = False
    cover: int = 0
    cover_lost_adjacent: bool = True
    rule: str


class TerrainTable(_Strict):
    """The terrain data file."""

    format: Literal["adjutant-sas-terrain"]
    schema_version: Literal[1]
    note: str = ""
    squares: dict[str, SquareEffect]
    edges: dict[str, EdgeEffect]


class StealthHalf(_Strict):
    """The left half of an event card (SAS-EVT-1..8)."""

    type: Literal["sentry_turn", "patrolman_turn", "spawn", "alarm_advance", "cigarette"]
    colour: Colour | None = None
    rotation: Rotation | None = None
    times: int = Field(1, ge=1, le=2)
    count: int = Field(0, ge=0, le=8)

    @model_validator(mode="after")
    def _fields(self) -> Self:
        needs_colour = self.type in ("sentry_turn", "patrolman_turn", "spawn")
        if needs_colour and self.colour is None:
            raise ValueError(f"a {self.type} half needs a colour")
        if self.type in ("sentry_turn", "patrolman_turn") and self.rotation is None:
            raise ValueError(f"a {self.type} half needs a rotation (cw or ccw)")
        if self.type == "spawn" and self.count < 1:
            raise ValueError("a spawn half needs a count >= 1")
        return self


class BattleHalf(_Strict):
    """The right half of an event card (SAS-EVTB-1..3)."""

    type: Literal["spawn", "sentry_sweep"]
    colour: Colour
    rotation: Rotation | None = None
    count: int = Field(0, ge=0, le=8)

    @model_validator(mode="after")
    def _fields(self) -> Self:
        if self.type == "spawn" and self.count < 1:
            raise ValueError("a spawn half needs a count >= 1")
        if self.type == "sentry_sweep" and self.rotation is None:
            raise ValueError("a sentry sweep needs a rotation (cw or ccw)")
        return self


class EventCard(_Strict):
    """One event card: a stealth half and a battle half (SAS-BRD-13)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_\-]+$", description="Name typed at the table when this card is drawn.")
    special: bool = Field(False, description="A special event card, placed by the event window (SAS-DECK-1..3).")
    name_en: str = Field("", description="A special card's title.")
    name_zh: str = ""
    stealth: StealthHalf
    battle: BattleHalf


class DeckTable(_Strict):
    """The decks data file."""

    format: Literal["adjutant-sas-decks"]
    schema_version: Literal[1]
    note: str = ""
    decks: dict[str, tuple[EventCard, ...]]


VehicleMove = Literal["open", "slow", "blocked"]
Arc = Literal["front", "rear"]


class VehicleWeapon(_Strict):
    """A vehicle's weapon (SAS-AVEH-10, SAS-UNIT-9..13; values lost with the icons are marked ``proposed``)."""

    id: str
    name_en: str
    name_zh: str = ""
    kind: Literal["gun", "howitzer", "flamethrower", "air"] = "gun"
    dice: int = Field(ge=0)
    target: int = Field(ge=1, le=7)
    short: int = Field(ge=0)
    long: int = Field(ge=0)
    through_wall: tuple[Arc, ...] = Field((), description="Arcs through which it fires through one wall (SAS-AATK-7).")
    arcs: tuple[Arc, ...] | None = Field(None, description="Arcs it may fire into (default: the vehicle's arcs).")
    reactions: bool = Field(True, description="Used for reaction attacks (SAS-UNIT-13: the howitzer is not).")
    proposed: bool = Field(False, description="The value is a proposal, not printed in the text (OQ-31).")
    source: str = ""


class VehicleTerrain(_Strict):
    """How a vehicle treats square types and edge features: open (1 MP), slow (2 MP to enter), blocked."""

    squares: dict[str, VehicleMove] = Field(default_factory=dict)
    edges: dict[str, VehicleMove] = Field(default_factory=dict)


class VehicleStats(_Strict):
    """One Axis vehicle type (SAS-AVEH, SAS-UNIT stat table §19.1)."""

    id: str
    name_en: str
    name_zh: str
    set: str
    hp: int = Field(ge=1)
    move: int = Field(ge=0)
    armoured: bool
    width: int = Field(ge=1)
    length: int = Field(ge=1)
    arcs: tuple[Arc, ...]
    turn_mp: int = Field(1, ge=1, description="MP a turn costs (trucks: 2, SAS-AVEH-2).")
    terrain: VehicleTerrain | None = Field(None, description="Overrides of the default vehicle terrain table.")
    weapons: tuple[VehicleWeapon, ...] = ()
    source: str = ""

    @property
    def armed(self) -> bool:
        """Unarmed vehicles never attack (SAS-AVEH-13)."""
        return any(w.dice > 0 for w in self.weapons)


class VehicleTable(_Strict):
    format: Literal["adjutant-sas-vehicles"]
    schema_version: Literal[1]
    note: str = ""
    terrain: VehicleTerrain
    vehicles: list[VehicleStats]

    def move_class(self, vehicle: VehicleStats, what: Literal["squares", "edges"], terrain_id: str) -> VehicleMove:
        """How ``vehicle`` treats ``terrain_id`` (its own override first; unknown terrain is blocked)."""
        own = getattr(vehicle.terrain, what, {}) if vehicle.terrain else {}
        if terrain_id in own:
            return own[terrain_id]  # type: ignore[no-any-return]
        return getattr(self.terrain, what).get(terrain_id, "blocked")  # type: ignore[no-any-return]


class Tables(_Strict):
    """Every SAS table, validated."""

    units: dict[str, UnitStats]
    weapons: dict[str, WeaponStats]
    items: dict[str, ItemStats]
    operators: dict[str, OperatorBoard]
    actions: dict[str, ActionCost]
    ap_per_activation: int
    terrain: TerrainTable
    decks: dict[str, tuple[EventCard, ...]]
    blasts: BlastTable
    vehicles: VehicleTable

    def vehicle(self, kind: str) -> VehicleStats | None:
        """The vehicle type ``kind``; ``None`` for infantry kinds."""
        for v in self.vehicles.vehicles:
            if v.id == kind:
                return v
        return None


def _read(name: str) -> object:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def tables() -> Tables:
    """Load and validate every table (cached; a broken table raises pydantic's ValidationError)."""
    ops = OperatorTable.model_validate(_read("operators.json"))
    units = UnitTable.model_validate(_read("units.json"))
    actions = ActionTable.model_validate(_read("actions.json"))
    return Tables(
        units={u.id: u for u in units.units},
        weapons={w.id: w for w in ops.weapons},
        items={i.id: i for i in ops.items},
        operators={o.id: o for o in ops.operators},
        actions={a.id: a for a in actions.actions},
        ap_per_activation=actions.ap_per_activation,
        terrain=TerrainTable.model_validate(_read("terrain.json")),
        decks=DeckTable.model_validate(_read("decks.json")).decks,
        blasts=BlastTable.model_validate(_read("blasts.json")),
        vehicles=VehicleTable.model_validate(_read("vehicles.json")),
    )


HunterStealthType = Literal[
    "sentry_turn",
    "patrolman_turn",
    "alarm_advance",
    "waypoint",
    "cat",
    "twig",
    "door_lock",
    "blood_stain",
    "spawn_kettenkrad",
]
HunterBattleType = Literal[
    "spawn", "spawn_sniper", "spawn_grenadier", "spawn_hmg_kubelwagen", "spawn_kettenkrad", "upgrade"
]


class HunterStealthHalf(_Strict):
    """The left half of a Jäger hunter card (SAS-JGR-6..12): the events that mirror regular cards, the stalker
    waypoints, cat, twig, door lock, blood stain, and (OQ-53) the Kettenkrad hunter."""

    type: HunterStealthType
    colour: Colour | None = None
    rotation: Rotation | None = None
    times: int = Field(1, ge=1, le=2)
    number: int = Field(0, ge=0, le=4, description="Waypoint number 1-4 (SAS-JGR-7).")
    text_en: str = Field("", description="The card's text, as printed on your card.")
    text_zh: str = ""

    @model_validator(mode="after")
    def _fields(self) -> Self:
        if self.type in ("sentry_turn", "patrolman_turn", "spawn_kettenkrad") and self.colour is None:
            raise ValueError(f"a {self.type} half needs a colour")
        if self.type in ("sentry_turn", "patrolman_turn") and self.rotation is None:
            raise ValueError(f"a {self.type} half needs a rotation (cw or ccw)")
        if (self.type == "waypoint") != (self.number > 0):
            raise ValueError("a waypoint half, and only it, has a number 1-4")
        return self


class HunterBattleHalf(_Strict):
    """The right half of a Jäger hunter card (SAS-JGR-13): spawns of regular and hunter units, the infantry hunter
    upgrade."""

    type: HunterBattleType
    colour: Colour | None = None
    count: int = Field(0, ge=0, le=8)
    text_en: str = ""
    text_zh: str = ""

    @model_validator(mode="after")
    def _fields(self) -> Self:
        if self.type != "upgrade" and self.colour is None:
            raise ValueError(f"a {self.type} half needs a colour")
        if self.type == "spawn" and self.count < 1:
            raise ValueError("a spawn half needs a count >= 1")
        return self


class HunterCard(_Strict):
    """One card of the Jäger hunter deck: a stealth half and a battle half, like an event card (SAS-JGR-3..13)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_\-]+$", description="Name typed at the table when this card is drawn.")
    stealth: HunterStealthHalf
    battle: HunterBattleHalf


class HunterDeckTable(_Strict):
    """The Jäger hunter decks data file."""

    format: Literal["adjutant-sas-jager"]
    schema_version: Literal[1]
    note: str = ""
    decks: dict[str, tuple[HunterCard, ...]]

    @model_validator(mode="after")
    def _unique(self) -> Self:
        for name, cards in self.decks.items():
            ids = [c.id for c in cards]
            if len(set(ids)) != len(ids):
                raise ValueError(f"hunter deck {name}: card ids must be unique")
        return self


@lru_cache(maxsize=1)
def hunter_decks() -> dict[str, tuple[HunterCard, ...]]:
    """The Jäger hunter decks of ``data/jager.json`` (SAS-JGR-2), validated and cached."""
    return HunterDeckTable.model_validate(_read("jager.json")).decks

"""SAS mission files: the pydantic model of a mission page and its runtime (board, forces, deck).

Rulebook chapters: §2 board and components (SAS-BRD-1, SAS-BRD-4, SAS-BRD-5, SAS-BRD-7, SAS-BRD-8, SAS-BRD-9,
SAS-BRD-12), §5 setup (SAS-SETUP-1, SAS-SETUP-2, SAS-SETUP-3, SAS-SETUP-4, SAS-SETUP-5, SAS-SETUP-6, SAS-SETUP-7,
SAS-SETUP-8, SAS-SETUP-9), §14.3 event deck (SAS-DECK-1, SAS-DECK-2, SAS-DECK-3) and §31 missions (SAS-MSN-1,
SAS-MSN-4). A mission file (``system: "sas"``, ``schema_version: 1``) names its board (a tiled board from a tile
library), the team, the stealth value per difficulty, the event deck (a named deck from ``data/decks.json`` or the
owner's own cards inline), the objectives and the victory levels, any support units (SAS-SUP-1, SAS-SUP-3), whether the
Typhoon may be called and the AA guns (SAS-SUP-6, SAS-SUP-15), and optionally Jäger mode (§29 SAS-JGR-1, SAS-JGR-2: the
hunter deck, OQ-51's starting hand). ``setup.build_runtime`` places the forces by the setup rules.
"""

# No `from __future__ import annotations` here: pydantic evaluates the field annotations of this module's many
# models at import, and real types cost it less than strings (start-up time, DESIGN §10).
from dataclasses import dataclass
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from app.core.defaults import new_dict, new_list
from app.scenario.base import Localized, ScenarioBase
from app.systems.sas.position import SasPosition
from app.systems.sas.tables import EventCard, HunterCard, hunter_decks, tables
from app.systems.sas.tiles.board import SasBoardSpec

Cell = tuple[int, int]
Side = Literal["N", "E", "S", "W"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


class UnitPlacement(_Strict):
    """An extra Axis unit placed by the mission (SAS-BRD-7 guards, SAS-UNIT-3 officers, SAS-MSN-2)."""

    id: str | None = Field(None, pattern=r"^[a-z][a-z0-9_]*$", description="Unit id (default: role_square).")
    kind: Literal[
        "smg",
        "officer",
        "rifle",
        "mortar",
        "hmg_team",
        "sniper",
        "panzerfaust",
        "grenadier",
        "flame_inf",
        "dog",
        "aa_gun",
    ] = Field(
        description="Unit type from the stat table (special infantry: SAS-UNIT-5, SAS-UNIT-6, SAS-UNIT-7, SAS-UNIT-8, "
        "SAS-UNIT-12, SAS-KS-1, SAS-KS-2, "
        "SAS-HD-5, SAS-HD-7; guard dogs: role 'guard'; 'aa_gun' with role 'guard': an AA gun, SAS-SUP-15)."
    )
    role: Literal["guard", "officer", "sentry", "spawned"] = Field(
        description="Role (SAS-UNIT-4); 'spawned': a unit that arrives as from an event card (on a spawn tile)."
    )
    at: str = Field(pattern=r"^[A-Z]+[0-9]+$", description="Board square, e.g. 'E7'.")
    facing: Side = Field(description="Facing at setup.")
    colour: Literal["black", "white"] | None = Field(None, description="Colour (sentries).")


class OperatorVehiclePlacement(_Strict):
    """An operator vehicle in the mission's recommended setup (SAS-SETUP-8, SAS-OVEH-11, SAS-OVEH-12, SAS-OVEH-13,
    SAS-SUP-5).

    The Willys is optional (the mission says whether it may be used); with it, one operator sits in its driver seat
    and others may take other seats: they stay on its sheet until it enters the map. Trucks and rowing boats stand
    at their green-framed positions, the support Willys at the map edge the mission shows.
    """

    kind: Literal["willys", "support_willys", "truck", "rowing_boat"] = Field(description="data/operator_vehicles.json")
    id: str | None = Field(None, pattern=r"^[a-z][a-z0-9_]*$", description="Vehicle id (default: its kind).")
    at: str | None = Field(
        None,
        pattern=r"^[A-Z]+[0-9]+$",
        description="Front-left square of the token (as seen by its driver); default: the board's vehicle spot "
        "(the entry/exit tile's).",
    )
    facing: Side | None = Field(None, description="Facing of its front (default: the vehicle spot's).")
    crew: dict[str, str] = Field(default_factory=new_dict, description="Seat -> operator id, aboard at the start.")


class SupportPlacement(_Strict):
    """A support unit placed by the mission: a resistance fighter or an SAS support unit (SAS-SUP-1, SAS-SUP-3)."""

    id: str | None = Field(None, pattern=r"^[a-z][a-z0-9_]*$", description="Unit id (default: kind_number).")
    kind: str = Field(description="Support unit type from data/operators.json: 'resistance' or 'sas_support'.")
    at: str = Field(pattern=r"^[A-Z]+[0-9]+$", description="Board square, e.g. 'E7'.")
    facing: Side = Field("N", description="Facing at setup.")

    @model_validator(mode="after")
    def _known(self) -> Self:
        if self.kind not in tables().support:
            raise ValueError(f"unknown support unit {self.kind!r}; known: {sorted(tables().support)}")
        return self


class DeckSpec(_Strict):
    """The event deck: a named deck of ``data/decks.json`` or the owner's cards (SAS-DECK-1)."""

    name: str = Field("core", description="Deck name in data/decks.json (ignored when 'cards' is given).")
    cards: list[EventCard] | None = Field(None, description="The cards of your own deck, if encoded here.")
    extra_cards: list[EventCard] = Field(
        default_factory=new_list,
        description="Cards added to the deck: the mission's own special event cards, e.g. the one that brings its "
        "convoy (SAS-DECK-1, SAS-AVEH-17).",
    )
    expansion_cards: list[str] = Field(
        default_factory=new_list,
        description="Ids of expansion event cards (data/decks.json 'expansion_cards') shuffled into the deck, e.g. "
        "'HM1' Mechanical failure (Heavy Metal, SAS-HM-1).",
    )

    @field_validator("expansion_cards")
    @classmethod
    def _known_cards(cls, cards: list[str]) -> list[str]:
        known = tables().expansion_cards
        if unknown := [c for c in cards if c not in known]:
            raise ValueError(f"unknown expansion cards {unknown}; known: {sorted(known)}")
        return cards


VehicleRole = Literal["patrol", "guard", "assault", "spawned"]


class VehiclePlacement(_Strict):
    """An Axis vehicle on the mission page (SAS-BRD-10, SAS-AVEH-14, SAS-AVEH-15 patrol, SAS-AVEH-22 spawned,
    SAS-AVEH-23 guard, SAS-AVEH-24 assault).

    A token is placed by its front-left square and its facing (docs/sas-decisions.md D-AVEH-1)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="Unit id, e.g. 'patrol_bike'.")
    kind: str = Field(description="Vehicle type id from data/vehicles.json, e.g. 'motorcycle'.")
    role: VehicleRole = Field(
        description="patrol (black border: drives its route in black Patrol phases), guard (yellow: stays put), "
        "assault (red: waits at a map edge, enters after the alarm), spawned (on a spawn tile)."
    )
    route: list[str] = Field(
        default_factory=new_list,
        description="patrol: the thick black dashed line, square by square, from the map-edge square where it "
        "enters to the map-edge square where it leaves (SAS-AVEH-14).",
    )
    at: str | None = Field(
        None,
        pattern=r"^[A-Z]+[0-9]+$",
        description="guard, spawned: the token's front-left square; assault: the map-edge square it enters by.",
    )
    facing: Side | None = Field(None, description="guard, spawned: its facing.")
    edge: Side | None = Field(None, description="assault: the map edge it waits at (SAS-AVEH-24).")
    card: str | None = Field(
        None, description="spawned: the special event card that brings it (none: on its spawn tile from the start)."
    )

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        known = [v.id for v in tables().vehicles.vehicles]
        if kind not in known:
            raise ValueError(f"unknown vehicle type {kind!r}; known: {known}")
        return kind

    @model_validator(mode="after")
    def _fields(self) -> Self:
        needs = {
            "patrol": ("route",),
            "guard": ("at", "facing"),
            "assault": ("at", "edge"),
            "spawned": ("at", "facing"),
        }
        for name in needs[self.role]:
            if not getattr(self, name):
                raise ValueError(f"a {self.role} vehicle needs '{name}'")
        if self.role == "patrol" and len(self.route) < 2:
            raise ValueError("'route' needs at least 2 squares")
        unused = (
            {"route", "at", "facing", "edge", "card"}
            - set(needs[self.role])
            - ({"card"} if self.role == "spawned" else set())
        )
        if given := sorted(name for name in unused if getattr(self, name)):
            raise ValueError(f"a {self.role} vehicle does not use {given}")
        return self


class ConvoyVehicle(_Strict):
    """One vehicle of a convoy's formation (SAS-AVEH-17, SAS-AVEH-20)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="Unit id.")
    kind: str = Field(description="Vehicle type id from data/vehicles.json.")
    scout: bool = Field(False, description="The lead vehicle is a scout (blue border, SAS-AVEH-20).")

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        return VehiclePlacement._known_kind(kind)


class ConvoySpec(_Strict):
    """A convoy (white border): route, entry edge, formation, the special card that brings it (SAS-AVEH-17, SAS-AVEH-18,
    SAS-AVEH-19, SAS-AVEH-20, SAS-AVEH-21)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="Convoy id.")
    card: str = Field(description="Id of the special event card that brings the convoy on (SAS-AVEH-17).")
    edge: Side = Field(description="The map edge it enters by; the route starts on it.")
    route: list[str] = Field(
        min_length=2,
        description="The thick white dashed line, square by square, from the map-edge square where it enters to the "
        "map-edge square where it leaves.",
    )
    formation: list[ConvoyVehicle] = Field(min_length=1, description="The vehicles in order, the lead first.")

    @model_validator(mode="after")
    def _scout_leads(self) -> Self:
        if any(v.scout for v in self.formation[1:]):
            raise ValueError("only the lead vehicle (formation[0]) may be a scout")
        return self


class JagerSpec(_Strict):
    """Jäger (hunter) mode: a player, or the hunter bot, plays the Axis with a hunter deck (SAS-JGR-1, SAS-JGR-2)."""

    deck: str = Field("jager", description="Hunter deck name in data/jager.json (ignored when 'cards' is given).")
    cards: list[HunterCard] | None = Field(None, description="The cards of your own hunter deck, if encoded here.")
    starting_hand: int = Field(
        0, ge=0, le=4, description="Hunter cards dealt before the first turn (not in the rulebook: OQ-51 proposes 0)."
    )

    @model_validator(mode="after")
    def _deck(self) -> Self:
        if self.cards is None and self.deck not in hunter_decks():
            raise ValueError(f"unknown hunter deck {self.deck!r}; known: {sorted(hunter_decks())}")
        if self.cards is not None and len({c.id for c in self.cards}) != len(self.cards):
            raise ValueError("hunter card ids must be unique")
        return self


class ObjectiveSpec(_Strict):
    """One mission objective (SAS-BRD-12 ⑤)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    kind: Literal["kill", "destroy"] = Field(description="kill: the listed units; destroy: a blast covers a square.")
    title: Localized
    units: list[str] = Field(default_factory=new_list, description="kill: unit ids, e.g. 'officer_F2'.")
    at: list[str] = Field(default_factory=new_list, description="destroy: target squares, e.g. 'F3'.")
    blasts: list[Literal["lewes_bomb", "rat_bomb", "fuel_barrel", "grenade", "landmine", "typhoon_rocket"]] = Field(
        default_factory=new_list,
        description="destroy: the blasts that count (empty: any blast), e.g. only a Lewes bomb.",
    )

    @model_validator(mode="after")
    def _targets(self) -> Self:
        if self.kind == "kill" and not self.units:
            raise ValueError("a kill objective lists its units")
        if self.kind == "destroy" and not self.at:
            raise ValueError("a destroy objective lists its squares")
        return self


class VictorySpec(_Strict):
    """A victory level (SAS-MSN-1): the objectives needed and how many operators must get out."""

    level: Literal["major", "minor"]
    objectives: list[str] = Field(default_factory=new_list, description="Objective ids that must be achieved.")
    exfiltrated: int = Field(0, ge=0, description="Operators that must leave by the entry/exit tile.")


class SasMission(ScenarioBase):
    """An SAS mission page (SAS-BRD-12) as a file."""

    system: Literal["sas"] = "sas"
    schema_version: Literal[1] = 1
    mission_type: Localized | None = Field(None, description="Mission type (assassination, demolition, raid…).")
    board: SasBoardSpec = Field(description="The map tiles and small tiles (SAS-BRD-1).")
    operators: list[str] = Field(min_length=1, max_length=4, description="The team (operator board ids).")
    recommended_operators: list[str] = Field(default_factory=new_list, description="Recommended setup (SAS-SETUP-2).")
    stealth: dict[str, int] = Field(description="Stealth meter start value per difficulty (SAS-METER-1).")
    difficulty: str = Field("normal", description="Chosen difficulty (a key of 'stealth').")
    event_deck: DeckSpec = Field(default_factory=DeckSpec)
    event_window: tuple[int, int] | None = Field(None, description="Special event window A/B (SAS-DECK-2).")
    patrol_starts: dict[str, str] = Field(
        default_factory=new_dict, description="Patrol line id -> chosen start square."
    )
    tile_guards: bool = Field(True, description="Place SMG guards on the tiles' guard marks (SAS-BRD-7).")
    tile_officers: bool = Field(True, description="Place officers on the tiles' officer marks (SAS-UNIT-3).")
    extra_units: list[UnitPlacement] = Field(default_factory=new_list)
    vehicles: list[VehiclePlacement] = Field(
        default_factory=new_list,
        description="Axis vehicles (SAS-AVEH-14, "
        "SAS-AVEH-15, SAS-AVEH-16, "
        "SAS-AVEH-17, SAS-AVEH-18, "
        "SAS-AVEH-19, SAS-AVEH-20, "
        "SAS-AVEH-21, SAS-AVEH-22, "
        "SAS-AVEH-23, SAS-AVEH-24).",
    )
    convoys: list[ConvoySpec] = Field(
        default_factory=new_list,
        description="Convoys (SAS-AVEH-17, SAS-AVEH-18, SAS-AVEH-19, SAS-AVEH-20, SAS-AVEH-21).",
    )
    fuel_barrels: list[str] = Field(default_factory=new_list, description="Extra fuel barrel squares (SAS-OBJ-5).")
    objectives: list[ObjectiveSpec] = Field(default_factory=new_list)
    victory: list[VictorySpec] = Field(min_length=1)
    turn_limit: int | None = Field(None, ge=1, description="The mission fails after this turn (OQ-55).")
    operator_vehicles: list[OperatorVehiclePlacement] = Field(
        default_factory=new_list,
        description="Operator vehicles of the recommended setup: the Willys (removed on maps of fewer than 8 tiles, "
        "SAS-MSN-3), trucks and rowing boats at their green-framed positions, the support Willys (SAS-OVEH-11, "
        "SAS-OVEH-12, SAS-OVEH-13).",
    )
    support_units: list[SupportPlacement] = Field(
        default_factory=new_list, description="Resistance fighters and SAS support units (SAS-SUP-1, SAS-SUP-3)."
    )
    typhoon: bool = Field(False, description="The Hawker Typhoon may be called in (SAS-SUP-6).")
    equipment: dict[str, dict[str, int]] = Field(
        default_factory=new_dict,
        description="Operator id -> his item tokens for this mission (the board side or kit chosen, SAS-SETUP-2); "
        "replaces the items of data/operators.json.",
    )
    jager: JagerSpec | None = Field(
        None, description="Jäger mode: the Axis is played by a hunter with a hunter deck (SAS-JGR); needs 'easy'."
    )
    position: SasPosition | None = Field(
        None,
        description="A position to start from instead of the first turn's setup: pieces anywhere in any state the "
        "rules track (a worked example, a position copied from the table); see docs/sas-howto.md.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        known = tables().operators
        if unknown := [o for o in [*self.operators, *self.recommended_operators] if o not in known]:
            raise ValueError(f"unknown operators {unknown}; known: {sorted(known)}")
        if len(set(self.operators)) != len(self.operators):
            raise ValueError("an operator is listed twice")
        if self.event_window is not None and min(self.event_window) < 0:
            raise ValueError("the event window's piles hold 0 or more cards (SAS-DECK-2)")
        if self.difficulty not in self.stealth:
            raise ValueError(f"difficulty {self.difficulty!r} has no stealth value")
        if self.jager is not None and self.difficulty != "easy":
            raise ValueError("Jäger mode plays with the stealth meter on Easy: set difficulty 'easy' (SAS-JGR-2)")
        if self.event_deck.cards is None and self.event_deck.name not in tables().decks:
            raise ValueError(f"unknown event deck {self.event_deck.name!r}")
        for op_id, kit in self.equipment.items():
            if op_id not in self.operators or (unknown := [i for i in kit if i not in tables().items]):
                raise ValueError(f"equipment for {op_id!r}: not in the team, or unknown items")
        _check_vehicles(self)
        vehicle_ids = [v.id for v in self.vehicles] + [v.id for c in self.convoys for v in c.formation]
        if twice := sorted({v for v in vehicle_ids if vehicle_ids.count(v) > 1}):
            raise ValueError(f"vehicle ids used twice: {twice}")
        ids = {o.id for o in self.objectives}
        for level in self.victory:
            if missing := [o for o in level.objectives if o not in ids]:
                raise ValueError(f"victory level {level.level} names unknown objectives {missing}")
        return self


def _check_vehicles(mission: SasMission) -> None:
    """Crews sit on the vehicle's seats, are in the team, once each; a Willys has a driver (SAS-SETUP-8)."""
    kinds = {v.id: v for v in tables().operator_vehicles.vehicles}
    seen: set[str] = set()
    ids = [v.id or v.kind for v in mission.operator_vehicles]
    if len(set(ids)) != len(ids):
        raise ValueError("two operator vehicles have the same id")
    for placed in mission.operator_vehicles:
        stats = kinds[placed.kind]
        seats = {s.id for s in stats.seats if not s.fixed}
        if unknown := [s for s in placed.crew if s not in seats]:
            raise ValueError(f"vehicle {placed.kind}: no seats {unknown}; seats: {sorted(seats)}")
        for op_id in placed.crew.values():
            if op_id not in mission.operators or op_id in seen:
                raise ValueError(f"vehicle {placed.kind}: {op_id!r} is not in the team or already aboard")
            seen.add(op_id)
        if placed.kind == "willys" and "driver" not in placed.crew:
            raise ValueError("the Willys starts with an operator in its driver seat (SAS-SETUP-8)")


@dataclass(frozen=True)
class SentryPoint:
    """A printed sentry point (SAS-BRD-4)."""

    loc: Cell
    colour: str
    arrows: tuple[str, ...]
    solid: str


@dataclass(frozen=True)
class PatrolLine:
    """A printed patrol line (SAS-BRD-5): its squares in order and its start points."""

    id: str
    colour: str
    path: tuple[Cell, ...]
    starts: tuple[tuple[Cell, str], ...]
    loop: bool


@dataclass(frozen=True)
class SpawnSpot:
    """A spot on a spawn tile (SAS-BRD-8)."""

    loc: Cell
    colour: str
    row: str


@dataclass(frozen=True)
class Convoy:
    """A convoy read off the mission page: its route, formation (lead first) and the card that brings it."""

    id: str
    card: str
    route: tuple[Cell, ...]
    members: tuple[str, ...]

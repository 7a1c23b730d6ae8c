"""SAS data tables: Axis unit stats, operator boards, action costs, terrain effects, event decks.

Rulebook chapters: §19 Axis unit types (SAS-UNIT stat table), §2 operator boards (SAS-BRD-11) and §21 items
(SAS-EQ), §7.2 action table (SAS-ACT-1, SAS-ACT-2), §3 terrain (SAS-TER, summary table §3.6) and §14 event cards
(SAS-EVT, SAS-EVTB, SAS-BRD-13), §22 blast scatter (SAS-BLAST-3, SAS-BLAST-4, OQ-41). The tables are JSON under
``app/systems/sas/data``; this module only validates them (pydantic, ``extra="forbid"``) and caches them. Nothing
here is a rule: the rules modules read these tables.
"""

# No `from __future__ import annotations` here: pydantic evaluates the field annotations of this module's many
# models at import, and real types cost it less than strings (start-up time, DESIGN §10).
import json
from functools import lru_cache
from pathlib import Path
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from app.core.defaults import new_dict
from app.core.i18n import Text, localized, t

DATA = Path(__file__).with_name("data")
Colour = Literal["black", "white"]
Rotation = Literal["cw", "ccw"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


Advance = Literal["best", "first", "sentry_point", "blast_range"]


class UnitBlast(Strict):
    """An Axis infantry unit's blast weapon: mortar (SAS-UNIT-7) or Panzerfaust / grenade (SAS-KS-1)."""

    rolls: int = Field(ge=1, description="Attack rolls when an operator is under the template (SAS-BLAST-2).")
    target: int = Field(ge=1, le=7)
    scatter: Literal["small", "large"] = Field(description="Scatter roll (SAS-BLAST-3, SAS-BLAST-4).")
    long: int | None = Field(None, ge=1, description="Range; none: anywhere on the map, no LOS (mortar).")
    clear: int = Field(ge=0, description="It never targets an operator this close to an Axis unit (7 / 4 squares).")
    clear_self: bool = Field(description="The firer itself counts for 'clear' (mortar: yes; Panzerfaust: others).")
    building: int = Field(0, le=0, description="Modifier against an operator inside a building (mortar: -3).")
    mode: str = Field("", description="Token side it fires from (mortar: 'attack', set up on a sentry point).")
    then: str | None = Field(None, description="Single use: the unit it becomes after firing (SMG infantry).")
    proposed: bool = Field(False, description="Rolls and target are a proposal, not in the text (OQ-54).")


class UnitStats(Strict):
    """One row of the Axis unit stat table (SAS-UNIT, §19.1) and the special rules a unit type follows."""

    id: str
    name_en: str
    name_zh: str
    abbr_en: str = Field("", max_length=4, description="Short name printed on the counter in the app (English).")
    abbr_zh: str = Field("", max_length=4, description="Short name printed on the counter in the app (Chinese).")
    hp: int = Field(ge=1)
    move: int = Field(ge=0)
    short: int = Field(ge=0)
    long: int = Field(ge=0)
    dice: int = Field(ge=0)
    target: int = Field(ge=1, le=7)
    knife_target: bool = False
    advance: Advance = Field(
        "best",
        description="best: to a best attack position (SAS-ADV-4); first: stops at the first valid attack position "
        "(HMG team, sniper); sentry_point: to the nearest outdoor sentry point (mortar); blast_range: stops once an "
        "exposed operator is within its blast range (Panzerfaust / grenade infantry).",
    )
    reactions: int = Field(1, ge=0, description="Reaction attacks it makes (0: never reacts, SAS-REACT-7).")
    react_as: str | None = Field(None, description="Stat row its reaction attacks use (mortar team: SMG).")
    blast: UnitBlast | None = None
    hit_becomes: str | None = Field(None, description="One operator success replaces it by this unit (mortar).")
    casualty_at: int | None = Field(None, ge=1, description="HP left at which its token shows the casualty side.")
    through_wall: bool = Field(False, description="Fires through one wall at exposed operators inside (SAS-AATK-7).")
    flame: bool = Field(
        False,
        description="A flamethrower: no soft cover, fire markers in rooms, rooms without LOS (SAS-HD-2, "
        "SAS-HD-3, SAS-HD-4).",
    )
    melee: bool = Field(False, description="Attacks only an adjacent operator, never across a wall or window (dog).")
    free_climb: bool = Field(False, description="Crossing a hedge or window costs no extra MP (dog, SAS-HD-7).")
    smell: int = Field(0, ge=0, description="Smells operators moving this close and turns to them (dog: 2).")
    bark: bool = Field(False, description="Barks (shouts) whenever it sees an operator not yet exposed (dog).")
    armoured: bool = Field(False, description="Only blast weapons damage it (AA gun, SAS-SUP-15).")
    air_only: bool = Field(
        False, description="Its attack is only against air units and it has no ground LOS (AA gun, SAS-SUP-15)."
    )
    proposed: bool = Field(False, description="Attack dice or target are a proposal, not in the text (OQ-31).")
    source: str = ""


class WeaponStats(Strict):
    """A weapon printed on an operator board (SAS-BRD-11 fields ③–⑦)."""

    id: str
    name_en: str
    name_zh: str
    kind: Literal["gun", "knife", "garrote"]
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


class ItemStats(Strict):
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


class OperatorBoard(Strict):
    """One operator board (SAS-BRD-11): HP, recovery point, equipment and items; or a support unit's card
    (SAS-SUP-1: 3 HP, weapons, no items)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name_en: str
    name_zh: str
    hp: int = Field(ge=1)
    recovery: int = Field(ge=1)
    weapons: tuple[str, ...]
    items: dict[str, int]
    disguise: bool = Field(False, description="The board has a civilian-disguise side (Nancy, SAS-NANCY-1).")
    disguise_weapons: tuple[str, ...] = Field(
        (), description="Weapons of the disguise side (the garrote, SAS-NANCY-9)."
    )
    talk_tokens: int = Field(0, ge=0, description="Talk tokens (Nancy: 3, SAS-NANCY-6).")
    source: str = ""


class OperatorTable(Strict):
    """The operators data file."""

    format: Literal["adjutant-sas-operators"]
    schema_version: Literal[1]
    note: str = ""
    weapons: tuple[WeaponStats, ...]
    items: tuple[ItemStats, ...]
    operators: tuple[OperatorBoard, ...]
    support_units: tuple[OperatorBoard, ...] = Field((), description="Support unit types (SAS-SUP-1, SAS-SUP-3).")

    @model_validator(mode="after")
    def _references(self) -> Self:
        weapons = {w.id for w in self.weapons}
        items = {i.id for i in self.items}
        for op in (*self.operators, *self.support_units):
            if unknown := [w for w in (*op.weapons, *op.disguise_weapons) if w not in weapons]:
                raise ValueError(f"operator {op.id}: unknown weapons {unknown}")
            if unknown := [i for i in op.items if i not in items]:
                raise ValueError(f"operator {op.id}: unknown items {unknown}")
        for item in self.items:
            if unknown := [w for w in item.weapons if w not in weapons]:
                raise ValueError(f"item {item.id}: unknown weapons {unknown}")
        return self


class UnitTable(Strict):
    """The Axis units data file."""

    format: Literal["adjutant-sas-units"]
    schema_version: Literal[1]
    note: str = ""
    units: tuple[UnitStats, ...]

    @model_validator(mode="after")
    def _references(self) -> Self:
        ids = {u.id for u in self.units}
        for unit in self.units:
            named = [unit.react_as, unit.hit_becomes, unit.blast.then if unit.blast else None]
            if unknown := [n for n in named if n is not None and n not in ids]:
                raise ValueError(f"unit {unit.id}: unknown unit types {unknown}")
        return self


class ActionCost(Strict):
    """One row of the action table (SAS-ACT-1) with its availability (SAS-ACT-2)."""

    id: str
    ap: int = Field(ge=0, le=4)
    rule: str
    standing: bool
    crouched: bool
    carrying: bool
    scuba: bool = Field(False, description="Allowed in scuba mode (SAS-EQ-15).")
    disguised: bool = Field(False, description="Allowed to Nancy in her disguise, unexposed (SAS-NANCY-3).")
    support: bool = Field(False, description="On the support-unit action card (SAS-ACT-2, SAS-SUP-1).")


class ActionTable(Strict):
    """The actions data file."""

    format: Literal["adjutant-sas-actions"]
    schema_version: Literal[1]
    note: str = ""
    ap_per_activation: int = Field(ge=1)
    actions: tuple[ActionCost, ...]


Direction = Literal["F", "FR", "R", "BR", "B", "BL", "L", "FL"]
Die = Literal["1", "2", "3", "4", "5", "6"]


class BlastTable(Strict):
    """Blast template scatter (SAS-BLAST-1, SAS-BLAST-3, SAS-BLAST-4): direction per 2D6 total, distance per 1D6."""

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

    def direction(self, total: int) -> Direction:
        """The direction for a 2D6 total other than 7 (SAS-BLAST-3, SAS-BLAST-4)."""
        return next(d for key, d in self.directions.items() if key == str(total))

    def distance(self, size: str, face: int) -> int:
        """Squares for a 1D6 face: a small template's table, else a large one's (SAS-BLAST-3, SAS-BLAST-4)."""
        table = self.small if size == "small" else self.large
        return next(n for key, n in table.items() if key == str(face))


MoveClass = Literal["open", "climb", "blocked"]


class SquareEffect(Strict):
    """Effects of a square type (SAS-TER-1, SAS-TER-2, SAS-TER-3, SAS-TER-4, 9, 14)."""

    name_en: str = Field("", description="What a player calls it (the hover line, the terrain chart).")
    name_zh: str = ""

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
    no_disguise: bool = Field(False, description="Nancy in her disguise may not enter (forest, SAS-NANCY-3).")
    rule: str


class EdgeEffect(Strict):
    """Effects of an edge feature (SAS-TER-7, 8, 10..13)."""

    name_en: str = Field("", description="What a player calls it (the hover line, the terrain chart).")
    name_zh: str = ""

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


class TerrainTable(Strict):
    """The terrain data file."""

    format: Literal["adjutant-sas-terrain"]
    schema_version: Literal[1]
    note: str = ""
    squares: dict[str, SquareEffect]
    edges: dict[str, EdgeEffect]


class StealthHalf(Strict):
    """The left half of an event card (SAS-EVT-1, SAS-EVT-2, SAS-EVT-3, SAS-EVT-4, SAS-EVT-5, SAS-EVT-6, SAS-EVT-7,
    SAS-EVT-8)."""

    type: Literal["sentry_turn", "patrolman_turn", "spawn", "alarm_advance", "cigarette", "mechanical_failure"]
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


class BattleHalf(Strict):
    """The right half of an event card (SAS-EVTB-1, SAS-EVTB-2, SAS-EVTB-3)."""

    type: Literal["spawn", "sentry_sweep", "mechanical_failure"]
    colour: Colour | None = Field(None, description="The spawn tiles or sentries it concerns (spawn, sentry_sweep).")
    rotation: Rotation | None = None
    count: int = Field(0, ge=0, le=8)
    units: tuple[str, ...] = Field(
        (),
        max_length=8,
        description="The units shown, in placement order (unit types of data/units.json: 'smg', 'mortar', "
        "'hmg_team', 'sniper'...); empty: 'count' SMG infantry (SAS-EVTB-2, SAS-UNIT-5, SAS-KS-1, SAS-KS-2).",
    )

    @model_validator(mode="after")
    def _fields(self) -> Self:
        if self.units and self.count not in (0, len(self.units)):
            raise ValueError("a spawn half lists its units or gives a count, not both")
        if unknown := [u for u in self.units if u not in _unit_ids()]:
            raise ValueError(f"unknown unit types {unknown}")
        if self.type == "spawn" and self.count < 1 and not self.units:
            raise ValueError("a spawn half needs a count >= 1")
        if self.type != "mechanical_failure" and self.colour is None:
            raise ValueError(f"a {self.type} half needs a colour")
        if self.type == "sentry_sweep" and self.rotation is None:
            raise ValueError("a sentry sweep needs a rotation (cw or ccw)")
        return self

    @property
    def kinds(self) -> tuple[str, ...]:
        """The unit types a spawn places, in order (SAS-EVTB-2)."""
        return self.units or ("smg",) * self.count


class EventCard(Strict):
    """One event card: a stealth half and a battle half (SAS-BRD-13)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_\-]+$", description="Name typed at the table when this card is drawn.")
    special: bool = Field(
        False, description="A special event card, placed by the event window (SAS-DECK-1, SAS-DECK-2, SAS-DECK-3)."
    )
    name_en: str = Field("", description="The card's short title, shown and logged with its id.")
    name_zh: str = ""
    set: str = Field("", description="The expansion the card comes from ('heavy_metal': Mechanical failure, SAS-HM-1).")
    stealth: StealthHalf | None = Field(None, description="Left half; a special card may have none (SAS-AVEH-17).")
    battle: BattleHalf | None = Field(None, description="Right half; a special card may have none.")

    def label(self) -> Text:
        """The card as a player finds it: its number and title ("E01: Black sentries turn right / …")."""
        if not self.name_en:
            return localized(self.id)
        return t("{card}: {title}", card=self.id, title=localized(self.name_en, self.name_zh or None))

    @model_validator(mode="after")
    def _halves(self) -> Self:
        if not self.special and (self.stealth is None or self.battle is None):
            raise ValueError("a regular event card has a stealth half and a battle half")
        return self


class DeckTable(Strict):
    """The decks data file."""

    format: Literal["adjutant-sas-decks"]
    schema_version: Literal[1]
    note: str = ""
    decks: dict[str, tuple[EventCard, ...]]
    expansion_cards: tuple[EventCard, ...] = Field(
        (), description="Expansion event cards a mission adds to its deck by id (event_deck.expansion_cards)."
    )


VehicleMove = Literal["open", "slow", "blocked"]
Arc = Literal["front", "rear"]


class VehicleWeapon(Strict):
    """A vehicle's weapon (SAS-AVEH-10, SAS-UNIT-9, SAS-UNIT-10, SAS-UNIT-11, SAS-UNIT-12, SAS-UNIT-13; values lost with
    the icons are marked ``proposed``)."""

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
    turret: bool = Field(
        False, description="Fires all round: a howitzer at any exposed operator on the map (SAS-UNIT-13, Panzer III)."
    )
    rule: str = Field("", description="The rule the weapon follows, cited in its rulings (a howitzer: SAS-HM-4).")
    cargo: bool = Field(
        False, description="Fired by the infantry it carries: only until they unload (the assault boat, SAS-JGR-17)."
    )
    proposed: bool = Field(False, description="The value is a proposal, not printed in the text (OQ-31).")
    source: str = ""


class VehicleCargo(Strict):
    """Infantry a vehicle carries and unloads (SAS-JGR-16 Kettenkrad, SAS-JGR-17 assault boat)."""

    kind: str = Field(description="Unit type of the passengers (data/units.json).")
    count: int = Field(ge=1)
    within: int | None = Field(
        None,
        ge=1,
        description="Unload on coming within this many squares of an exposed operator (Kettenkrad: 8); none: on "
        "getting as close to him as it can (assault boat).",
    )
    rear: bool = Field(False, description="Passengers go on the squares behind the token (Kettenkrad) first.")
    alert: bool = Field(
        False, description="Unload as soon as it is alert on the board, wherever it is (the troop truck, SAS-HM-2)."
    )
    move_at_once: bool = Field(
        False, description="The passengers may advance in the phase they land in (the troop truck, SAS-HM-2)."
    )
    hunters: bool = Field(False, description="In Jäger mode the passengers are hunter units (SAS-JGR-14).")
    rule: str = ""

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in _unit_ids():
            raise ValueError(f"unknown unit type {kind!r} (data/units.json)")
        return kind


class VehicleTerrain(Strict):
    """How a vehicle treats square types and edge features: open (1 MP), slow (2 MP to enter), blocked."""

    squares: dict[str, VehicleMove] = Field(default_factory=new_dict)
    edges: dict[str, VehicleMove] = Field(default_factory=new_dict)


class VehicleStats(Strict):
    """One Axis vehicle type (SAS-AVEH, SAS-UNIT stat table §19.1)."""

    id: str
    name_en: str
    name_zh: str
    abbr_en: str = Field("", description="Short name printed on the token (English).")
    abbr_zh: str = Field("", description="Short name printed on the token (Simplified Chinese).")
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
    cargo: VehicleCargo | None = Field(None, description="Infantry it carries and unloads (SAS-JGR-16, SAS-JGR-17).")
    source: str = ""

    @property
    def armed(self) -> bool:
        """Unarmed vehicles never attack (SAS-AVEH-13)."""
        return any(w.dice > 0 for w in self.weapons)

    @property
    def air_only(self) -> bool:
        """It attacks only air units: the flak truck (SAS-KS-3)."""
        return bool(self.weapons) and all(w.kind == "air" for w in self.weapons)


class VehicleTable(Strict):
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


SeatRole = Literal["driver", "gunner", "passenger"]
GunArc = Literal["front", "rear", "all"]


class Seat(Strict):
    """A seat on an operator vehicle's sheet (SAS-OVEH-1, SAS-OVEH-2, SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-5, SAS-OVEH-6,
    OQ-46)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    role: SeatRole
    arcs: tuple[GunArc, ...] = Field((), description="Gunner seats: the arcs it fires into (SAS-OVEH-5, SAS-OVEH-13).")
    fixed: bool = Field(False, description="Held by the vehicle's own crew, who never leave it (SAS-SUP-5).")


class OperatorVehicleGun(WeaponStats):
    """An operator vehicle's weapon (the Willys' twin Vickers K, SAS-OVEH-5, SAS-OVEH-7, SAS-OVEH-8): a gun like an
    operator's."""

    building: int | None = Field(None, description="Modifier against units inside buildings (SAS-OVEH-8); None: no.")
    proposed: bool = False


class OperatorVehicleStats(Strict):
    """One operator vehicle type (SAS-OVEH-1, SAS-OVEH-11, SAS-OVEH-12, SAS-OVEH-13, SAS-SUP-5)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name_en: str
    name_zh: str
    hp: int = Field(ge=1)
    repair: int = Field(ge=1, description="The HP box with the repair symbol: Repair never goes above it (SAS-OVEH-9).")
    width: int = Field(ge=1)
    length: int = Field(ge=1)
    turn_mp: int = Field(1, ge=1, description="MP a turn costs (the truck: 2, SAS-OVEH-12).")
    foot_down: int = Field(0, ge=0, description="Squares of Foot down! (Willys 5, SAS-OVEH-4); 0: not allowed.")
    noise: int = Field(0, ge=0, description="Noise range of its engine (SAS-OVEH-10, SAS-NOISE-7); boat 0.")
    meter: bool = Field(False, description="On the map in the Stealth End phase it advances the meter (SAS-END-1).")
    alarm_exposes: bool = Field(False, description="When the alarm sounds everyone aboard is exposed (SAS-OVEH-10).")
    can_mark: bool = Field(True, description="Its gunners may Mark (not the support Willys, SAS-SUP-5).")
    always_exposed: bool = Field(False, description="Always counts as exposed (support Willys, SAS-SUP-5).")
    blocks_los: bool = Field(True, description="Its token blocks LOS (not the rowing boat, SAS-OVEH-13).")
    low: bool = Field(False, description="Low cover blocks LOS to and from it (rowing boat, SAS-OVEH-13).")
    weapon: str | None = Field(None, description="Its gun; None: a gunner fires his own gun (rowing boat).")
    arcs: tuple[Arc, ...] = Field((), description="Its LOS arcs like an Axis vehicle's (SAS-OVEH-5, SAS-AVEH-7).")
    terrain: VehicleTerrain | None = Field(None, description="Overrides of the default vehicle terrain table.")
    seats: tuple[Seat, ...]
    proposed: bool = False
    source: str = ""

    def seat(self, seat_id: str) -> Seat | None:
        """The seat ``seat_id``."""
        return next((s for s in self.seats if s.id == seat_id), None)

    def as_vehicle(self) -> VehicleStats:
        """The movement view of this vehicle, as an Axis vehicle type (SAS-OVEH-3: it moves like one)."""
        return VehicleStats(
            id=self.id,
            name_en=self.name_en,
            name_zh=self.name_zh,
            set="sas",
            hp=self.hp,
            move=4,
            armoured=False,
            width=self.width,
            length=self.length,
            arcs=tuple(a for a in self.arcs),
            turn_mp=self.turn_mp,
            terrain=self.terrain,
        )


VehicleAction = Literal["move", "foot_down", "attack", "mark", "deploy", "repair"]


class OperatorVehicleTable(Strict):
    """The operator vehicles data file."""

    format: Literal["adjutant-sas-operator-vehicles"]
    schema_version: Literal[1]
    note: str = ""
    ap_per_turn: int = Field(ge=1)
    actions: dict[VehicleAction, int] = Field(
        description="AP of each vehicle action (SAS-OVEH-3, SAS-OVEH-4, SAS-OVEH-5, SAS-OVEH-6, SAS-OVEH-7, "
        "SAS-OVEH-8, SAS-OVEH-9); Move & Attack / Mark costs as much as the attack."
    )
    move_mp: int = Field(ge=1)
    foot_down_terrain: tuple[str, ...]
    weapons: tuple[OperatorVehicleGun, ...]
    vehicles: tuple[OperatorVehicleStats, ...]

    @model_validator(mode="after")
    def _references(self) -> Self:
        guns = {w.id for w in self.weapons}
        for vehicle in self.vehicles:
            if vehicle.weapon is not None and vehicle.weapon not in guns:
                raise ValueError(f"operator vehicle {vehicle.id}: unknown weapon {vehicle.weapon}")
            if vehicle.repair > vehicle.hp or len({s.id for s in vehicle.seats}) != len(vehicle.seats):
                raise ValueError(f"operator vehicle {vehicle.id}: repair box above its HP, or a seat listed twice")
        return self


class Tables(Strict):
    """Every SAS table, validated."""

    units: dict[str, UnitStats]
    weapons: dict[str, WeaponStats]
    items: dict[str, ItemStats]
    operators: dict[str, OperatorBoard]
    support: dict[str, OperatorBoard]
    actions: dict[str, ActionCost]
    ap_per_activation: int
    terrain: TerrainTable
    decks: dict[str, tuple[EventCard, ...]]
    expansion_cards: dict[str, EventCard] = Field(default_factory=new_dict)
    blasts: BlastTable
    vehicles: VehicleTable
    operator_vehicles: OperatorVehicleTable

    def board(self, board_id: str) -> OperatorBoard:
        """An operator's board or a support unit's card (SAS-BRD-11, SAS-SUP-1); KeyError if unknown."""
        found = self.operators.get(board_id) or self.support.get(board_id)
        if found is None:
            raise KeyError(board_id)
        return found

    def vehicle(self, kind: str) -> VehicleStats | None:
        """The vehicle type ``kind``; ``None`` for infantry kinds."""
        for v in self.vehicles.vehicles:
            if v.id == kind:
                return v
        return None


@lru_cache(maxsize=1)
def _unit_ids() -> frozenset[str]:
    data = read_data("units.json")
    assert isinstance(data, dict)
    return frozenset(u["id"] for u in data["units"])


def read_data(name: str) -> object:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def tables() -> Tables:
    """Load and validate every table (cached; a broken table raises pydantic's ValidationError)."""
    ops = OperatorTable.model_validate(read_data("operators.json"))
    units = UnitTable.model_validate(read_data("units.json"))
    actions = ActionTable.model_validate(read_data("actions.json"))
    decks = DeckTable.model_validate(read_data("decks.json"))
    # Built from parts validated above: nothing is left to check, and Tables' own validator is never built.
    return Tables.model_construct(
        units={u.id: u for u in units.units},
        weapons={w.id: w for w in ops.weapons},
        items={i.id: i for i in ops.items},
        operators={o.id: o for o in ops.operators},
        support={o.id: o for o in ops.support_units},
        actions={a.id: a for a in actions.actions},
        ap_per_activation=actions.ap_per_activation,
        terrain=TerrainTable.model_validate(read_data("terrain.json")),
        decks=decks.decks,
        expansion_cards={c.id: c for c in decks.expansion_cards},
        blasts=BlastTable.model_validate(read_data("blasts.json")),
        vehicles=VehicleTable.model_validate(read_data("vehicles.json")),
        operator_vehicles=OperatorVehicleTable.model_validate(read_data("operator_vehicles.json")),
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


class HunterStealthHalf(Strict):
    """The left half of a Jäger hunter card (SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11,
    SAS-JGR-12): the events that mirror regular cards, the stalker waypoints, cat, twig, door lock, blood stain, and
    (OQ-53) the Kettenkrad hunter."""

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


class HunterBattleHalf(Strict):
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


class HunterCard(Strict):
    """One card of the Jäger hunter deck: a stealth half and a battle half, like an event card (SAS-JGR-3, SAS-JGR-4,
    SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_\-]+$", description="Name typed at the table when this card is drawn.")
    stealth: HunterStealthHalf
    battle: HunterBattleHalf


class HunterDeckTable(Strict):
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
    return HunterDeckTable.model_validate(read_data("jager.json")).decks

"""Scenario files of Rise and Fall of the Third Reich (rulebook §2 components, §4 set-up: TR-SETUP-1, TR-SETUP-2,
TR-SETUP-3, TR-SETUP-4, TR-SETUP-5, TR-SETUP-6, TR-SETUP-7, TR-MAP-2).

A scenario names the area board (a board file: polygons and borders only) and carries everything the rules need
on top of it: the game data of each area (resource symbol, nationality symbol, controller at start, the
minor-ally boundary), the roles of the named special areas (Berlin, the North Atlantic, ...), the nations with
their side and status, the counter designs, the set-up, the strategy deck, the entry track, the turn track and
the victory conditions, the optional-rule switches and a briefing. See docs/third-reich-scenario-format.md.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.scenario.base import Localized, ScenarioBase

SIDES: tuple[str, str] = ("axis", "allied")
Side = Literal["axis", "allied"]
UnitType = Literal["LF", "TF", "GF", "AB", "SA", "FT", "AF", "NF", "CV", "CVE", "SS"]
Resource = Literal["none", "red", "black", "black_white"]
EventKind = Literal[
    "none",
    "development",
    "diplomacy",
    "vichy_france",
    "strategic_movement",
    "sea_lion",
    "sea_transport",
    "landing_airborne",
    "blitzkrieg",
    "ambush",
    "supply",
    "wolfpack",
    "strategic_bombing",
    "long_range_bombing",
]
Role = Literal[
    "berlin",
    "paris",
    "london",
    "moscow",
    "warsaw",
    "brest",
    "galicia",
    "egypt",
    "north_atlantic",
    "central_atlantic",
    "east_mediterranean",
    "baltic_sea",
    "black_sea",
    "urals",
    "middle_east",
]
"""The special areas the rules name (TR-POL-1, TR-POL-2, TR-US-2, TR-AREA-1, TR-AREA-2, TR-AREA-3, TR-AREA-4,
TR-AREA-5, TR-VIC-1, TR-VIC-3, TR-STAT-4)."""
Option = Literal[
    "hand_floor",
    "flat_bombing_modifier",
    "no_war_declarations",
    "us_restriction",
    "garrison_restriction",
    "sp_tu_violation_always_allied",
    "sp_tu_violation_opposes_violator",
    "hidden_development",
    "hidden_discards",
    "choice_of_discards",
    "jets",
]
"""Optional rules of §16 this engine implements (TR-OPT-1, TR-OPT-2, TR-OPT-3, TR-OPT-4, TR-OPT-5, TR-OPT-6,
TR-OPT-7, TR-OPT-8, TR-OPT-9) and the switch of open question OQ-TR-2 (TR-VIOL-2): since rules version 4 a
violated Spain or Turkey joins the Allies as the seed says (``sp_tu_violation_always_allied`` is that default,
kept so that older files load); ``sp_tu_violation_opposes_violator`` gives the digest's reading."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class AreaData(_Strict):
    """The game data printed in one area of the map (TR-MAP-2); the polygon lives in the board file."""

    resource: Resource = Field("none", description="Resource symbol: red, black, black_white or none (TR-RES-1).")
    resource_count: int = Field(1, ge=1, le=4, description="How many such symbols the area prints.")
    nation: str | None = Field(None, description="Nationality symbol (home territory of this nation code), if any.")
    control: str | None = Field(
        None, description="Nation controlling the area at start (default: its nationality symbol; TR-CTRL-2)."
    )
    north_of_boundary: bool = Field(False, description="Lies north of the Axis minor-ally boundary (TR-MINOR-1).")
    capital: bool = Field(False, description="A capital (drawn bold; used by the bot's scoring).")


class Nation(_Strict):
    """A nation: its side and status at the start of this scenario (TR-NAT-1, TR-NAT-4)."""

    code: str = Field(pattern=r"^[A-Z]{2}$", description="Two-letter code printed on its counters (GE, UK, ...).")
    name: Localized = Field(description="Display name.")
    short: Localized | None = Field(
        None, description="Short form printed on its counters (default: the code in both languages), e.g. 德."
    )
    side: Side = Field(description="Side at start.")
    status: Literal["belligerent", "neutral"] = Field(description="Status at start.")
    joins: Literal["never", "diplomacy", "entry_track"] = Field(
        "diplomacy", description="How it becomes a belligerent: never (always one), by Diplomacy, by the Entry track."
    )
    minor_boundary: bool = Field(False, description="Bound south of the minor-ally boundary on the Axis side.")
    returnable: bool = Field(False, description="May return units to the pool at end of turn (GE IT UK SU US).")


class CounterDesign(_Strict):
    """One printed counter design (a line of the counter mix): ``GE TF 5-2-3``, ``UK AF 1-1-3 (3)``."""

    id: str = Field(pattern=r"^[a-z0-9_]+$", description="Design id used by the set-up.")
    nation: str = Field(description="Nation code.")
    type: UnitType = Field(description="Unit type code (TR-UNIT-1).")
    attack: int = Field(ge=0, le=9, description="Attack (bottom left).")
    durability: int = Field(ge=1, le=9, description="Durability (bottom centre).")
    movement: int = Field(ge=0, le=9, description="Movement (bottom right).")
    air: int = Field(0, ge=0, le=9, description="Air strength (circled, top right): AF, CV and CVE only.")
    vichy: bool = Field(False, description="Carries the Vichy France marking (TR-UNIT-5).")
    jet: bool = Field(False, description="A jet (optional rule §16.8, TR-OPT-9).")


class Placement(_Strict):
    """Units of one design placed at start: in an area, in the mobilization pool or in the development pool."""

    unit: str = Field(description="Counter design id.")
    at: str = Field(description="Area id, or 'pool' (mobilization pool) or 'development' (development pool).")
    count: int = Field(1, ge=1, le=40, description="How many.")
    used: bool = Field(False, description="Placed face down (used).")


class EventParams(_Strict):
    """Parameters of a card's event; each event reads the ones it needs (docs/third-reich-scenario-format.md)."""

    nations: list[str] = Field(default_factory=list, description="Diplomacy/Supply: the nations it may name.")
    steps: int = Field(1, ge=1, le=6, description="Diplomacy: boxes an entry marker moves.")
    units: int = Field(0, ge=0, le=20, description="Movement events: the most units the group may hold.")
    takes: list[Literal["card", "unit"]] = Field(
        default_factory=lambda: list[Literal["card", "unit"]](["card"]),
        description="Development: what may be taken from the pool.",
    )
    sv: list[int] = Field(default_factory=lambda: [3, 4], description="Development: card values it may take.")
    range: int = Field(0, ge=0, le=9, description="Bombing: extra range in areas.")
    requires: list[Role] = Field(default_factory=list, description="Special areas the side must control to play it.")


class Card(_Strict):
    """One strategy card (TR-CARD-2, TR-CARD-3)."""

    id: str = Field(pattern=r"^[a-z0-9_]+$", description="Card id (typed at the table).")
    side: Side = Field(description="Whose deck.")
    name: Localized = Field(description="Event name.")
    text: Localized | None = Field(None, description="Event text as printed.")
    sv: int = Field(ge=2, le=4, description="Strategy value.")
    event: EventKind = Field("none", description="What the event does.")
    params: EventParams = Field(default_factory=EventParams, description="The event's parameters.")
    start: Literal["deck", "development", "removed"] = Field(
        "deck", description="Where it starts: the deck, the development pool or out of play (TR-CARD-5)."
    )


class EntryTrack(_Strict):
    """The Entry track (TR-MARK-2): markers of US, SU, TU, SP from START (0) to the Entry box."""

    entry: int = Field(3, ge=1, le=9, description="Box number of Entry (START is 0).")
    positions: dict[str, int] = Field(
        default_factory=lambda: {"US": 0, "SU": 0, "TU": 0, "SP": 0}, description="Marker box at start."
    )
    us_resources_from: int = Field(2, ge=0, le=9, description="Box from which US resources count (TR-US-1).")


class Victory(_Strict):
    """Victory conditions (TR-VIC-1, TR-VIC-2, TR-VIC-3)."""

    axis_strategic: int = Field(10, description="Axis resources (bonus areas counted) ending any turn: Axis wins.")
    bonus_roles: list[Role] = Field(
        default_factory=lambda: list[Role](["moscow", "london"]),
        description="Areas counted as 2 resources each for the strategic check.",
    )
    allied_strategic: int = Field(1, description="Axis resources at or below this ending any turn: Allies win.")
    final_resources: int = Field(4, description="Last turn: Axis wins with at least this many resources.")
    final_areas: int = Field(10, description="Last turn: Axis wins controlling at least this many land areas.")
    final_berlin: bool = Field(True, description="Last turn: Axis wins while it controls Berlin.")


class TurnTrack(_Strict):
    """Turn track (TR-GEN-1, TR-MAP-4, TR-WIN-1)."""

    first: int = Field(1, ge=1, le=12, description="Turn the scenario starts on.")
    last: int = Field(12, ge=1, le=12, description="Last turn (game victory is judged at its end).")
    winter: list[int] = Field(default_factory=list, description="Winter (W) turns.")
    first_hands: dict[Side, int] = Field(
        default_factory=lambda: dict[Side, int]({"axis": 4, "allied": 0}),
        description="Hand sizes on the first turn (TR-SETUP-6).",
    )


class ThirdReichScenario(ScenarioBase):
    """A Third Reich scenario file (``system: "third_reich"``)."""

    system: Literal["third_reich"] = "third_reich"
    board: str = Field(description="Area board file, e.g. 'resources:boards/third_reich_europe.json'.")
    areas: dict[str, AreaData] = Field(description="Game data by area id; every area of the board needs an entry.")
    special: dict[Role, str] = Field(default_factory=dict, description="Area id of each named special area.")
    nations: list[Nation] = Field(min_length=2, description="Every nation in play.")
    counters: list[CounterDesign] = Field(min_length=1, description="The counter mix.")
    setup: list[Placement] = Field(description="Units at start (TR-SETUP-2, TR-SETUP-4, TR-SETUP-5).")
    cards: list[Card] = Field(min_length=1, description="Both strategy decks (TR-CARD-1, TR-CARD-5).")
    entry_track: EntryTrack = Field(default_factory=EntryTrack, description="The Entry track.")
    turns: TurnTrack = Field(default_factory=TurnTrack, description="The turn track.")
    victory: Victory = Field(default_factory=Victory, description="Victory conditions.")
    options: list[Option] = Field(default_factory=list, description="Optional rules in force (§16).")
    done: list[Literal["vichy_france", "poland_surrendered"]] = Field(
        default_factory=list, description="One-off events that already happened before the scenario starts."
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        codes = [n.code for n in self.nations]
        problems = [f"duplicate nation {c}" for c in set(codes) if codes.count(c) > 1]
        designs = {c.id for c in self.counters}
        problems += [f"counter {c.id}: unknown nation {c.nation}" for c in self.counters if c.nation not in codes]
        problems += [f"setup: unknown counter {p.unit}" for p in self.setup if p.unit not in designs]
        for area_id, area in self.areas.items():
            problems += [
                f"area {area_id}: unknown nation {code}"
                for code in (area.nation, area.control)
                if code and code not in codes
            ]
        ids = [c.id for c in self.cards]
        problems += [f"duplicate card {c}" for c in set(ids) if ids.count(c) > 1]
        if self.turns.first > self.turns.last:
            problems.append("turns.first is after turns.last")
        if problems:
            raise ValueError("; ".join(sorted(problems)))
        return self

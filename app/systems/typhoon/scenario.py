"""Scenario files for Operation Typhoon 1941 (rulebook §2 components, §4 set-up, §5 turn track, §14 special rules).

A scenario names the hex map (a board file or an inline map), the counters (an order-of-battle file, inline
units, or both), the command cards of each side, where every counter starts (a hex, the Available
Reinforcements box or the Guards Conversion box), arrivals and withdrawals by turn, the turn track (cards and
reinforcements per side, weather), supply sources, the cities each side controls at the start, the victory
conditions and the optional rules. The format is documented in ``docs/typhoon-scenario-format.md``.
Rule IDs: TY-MAP-2, TY-MAP-3, TY-UNIT-2, TY-UNIT-3, TY-UNIT-4, TY-HQ-1, TY-CARD-1, TY-SETUP-2, TY-SETUP-3,
TY-SETUP-4, TY-SETUP-5, TY-SETUP-6, TY-CITY-1.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.scenario.base import Localized, ScenarioBase
from app.scenario.boards import HexMapSpec

SIDES: tuple[str, str] = ("axis", "soviet")
Side = Literal["axis", "soviet"]
ID = r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"
SYMBOLS = ("armour", "motorized", "infantry", "cavalry", "security", "mountain", "hq")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class UnitSpec(_Strict):
    """One counter (TY-UNIT-2, TY-UNIT-3, TY-UNIT-4, TY-HQ-1).

    ``full`` and ``reduced`` print one value (non-mechanised: attack = defence) or two (mechanised: attack,
    defence); the number of printed values is what makes a unit mechanised (TY-UNIT-3). ``reduced`` absent:
    a single-step unit. ``command_range`` present: an HQ.
    """

    id: str = Field(pattern=ID, description="Counter id, unique in the scenario (e.g. 'ger-7pz').")
    side: Side = Field(description="'axis' or 'soviet'.")
    name_en: str = Field(min_length=1, description="English name printed on the counter, e.g. '7 Pz'.")
    name_zh: str = Field("", description="Chinese name.")
    army: str = Field("", description="Starting army/front (set-up only, TY-UNIT-2), e.g. '3PzG', 'Western'.")
    symbol: Literal["armour", "motorized", "infantry", "cavalry", "security", "mountain", "hq"] = Field(
        description="Unit-type symbol (TY-UNIT-6); 'mountain' may enter mountain hexes off-road (TY-MOV-10)."
    )
    nationality: Literal["army", "ss", "red", "guards"] = Field(
        "army", description="Counter colour (TY-UNIT-5): German army, SS, Red Army, Guards."
    )
    full: list[int] = Field(min_length=1, max_length=2, description="[strength] or [attack, defence], full side.")
    reduced: list[int] | None = Field(None, min_length=1, max_length=2, description="Reduced side; null: 1 step.")
    movement: int = Field(ge=0, le=30, description="Movement allowance (MA).")
    command_range: int | None = Field(None, ge=0, le=20, description="HQs only: command range in hexes (TY-ACT-5).")

    @model_validator(mode="after")
    def _shape(self) -> Self:
        if any(v < 0 or v > 99 for v in [*self.full, *(self.reduced or [])]):
            raise ValueError("combat values are 0..99")
        if self.reduced is not None and len(self.reduced) != len(self.full):
            raise ValueError("full and reduced sides print the same number of values")
        if (self.command_range is not None) != (self.symbol == "hq"):
            raise ValueError("an HQ (symbol 'hq') and only an HQ has a command range")
        if self.symbol == "hq" and len(self.full) != 1:
            raise ValueError("HQs are non-mechanised: one combat value (TY-UNIT-3)")
        return self


class OrderOfBattle(_Strict):
    """A stand-alone order-of-battle file (``format: typhoon-oob``) shared by several scenarios."""

    format: Literal["typhoon-oob"] = Field(description="File format marker.")
    notes: str = Field("", description="Sources and remarks.")
    units: list[UnitSpec] = Field(min_length=1)


class CardSpec(_Strict):
    """A command card (TY-CARD-1). The SUPPLY card is always in play and is not listed."""

    id: str = Field(pattern=ID, description="Card id, unique in the scenario; typed at the table when drawn.")
    side: Side
    kind: Literal["hq", "guderian", "reinf", "reserve", "okh"] = Field(
        description="HQ card, Guderian (2PzA interrupt card), REINF, RESERVE (Soviet) or OKH (Axis; both optional)."
    )
    hq: str | None = Field(None, description="The HQ unit this card activates (hq and guderian cards).")
    name_en: str = Field("", description="Printed name (default: the HQ's name).")
    name_zh: str = Field("", description="Chinese name.")

    @model_validator(mode="after")
    def _hq(self) -> Self:
        if (self.hq is not None) != (self.kind in ("hq", "guderian")):
            raise ValueError("hq and guderian cards, and only they, name their HQ")
        if self.kind in {"guderian", "okh"} and self.side != "axis":
            raise ValueError(f"{self.kind} cards are Axis cards")
        if self.kind == "reserve" and self.side != "soviet":
            raise ValueError("RESERVE cards are Soviet cards")
        return self


class Placement(_Strict):
    """Where a counter starts: a hex (TY-SETUP-2, TY-SETUP-5) or a box (TY-SETUP-3, TY-SETUP-4)."""

    unit: str = Field(description="Counter id.")
    at: str = Field(description="Hex ID, or 'reserve' (Available Reinforcements box), 'guards', 'withdrawn'.")
    reduced: bool = Field(False, description="Start on the reduced side (positions; the campaign starts full).")


class Arrival(_Strict):
    """Counters that join the Available Reinforcements box at the start of a turn."""

    turn: int = Field(ge=1, le=99)
    units: list[str] = Field(min_length=1)


class Removal(_Strict):
    """Counters withdrawn from the game at the start of a turn (historical transfers), wherever they are."""

    turn: int = Field(ge=1, le=99)
    units: list[str] = Field(min_length=1)


class TurnSpec(_Strict):
    """One box of the turn track (TY-MAP-6, TY-CMD-4, TY-REIN-2, TY-WX-1)."""

    turn: int = Field(ge=1, le=99)
    su_com: int = Field(ge=0, le=40, description="Command cards the Soviet player selects.")
    ger_com: int = Field(ge=0, le=40, description="Command cards the Axis player selects.")
    su_reinf: int = Field(ge=0, le=40, description="Soviet reinforcements per SOVIET REINF card.")
    ger_reinf: int = Field(ge=0, le=40, description="Axis reinforcements per AXIS REINF card.")
    weather: Literal["clear", "mud", "freeze", "snow"] | None = Field(
        None, description="Weather; null: the rulebook's (1-2 clear, 3-5 mud, 6-7 freeze, 8+ snow)."
    )


class VictorySpec(_Strict):
    """Victory conditions (TY-VIC-1, TY-VIC-2, TY-VIC-3, TY-VIC-4). Defaults are the campaign's."""

    large_cities: list[str] | None = Field(None, description="Counted hexes; null: every large-city hex of the map.")
    key_hexes: list[str] = Field(default_factory=list, description="Moscow and Tula hexes.")
    sudden_death_turn: int | None = Field(10, description="Turn of the sudden-death check; null: none.")
    sudden_death_cities: int = Field(10, ge=0)
    sudden_death_key: int = Field(2, ge=0)
    final_cities: int = Field(8, ge=0, description="Large-city hexes the Axis needs at the end of the last turn.")
    final_key: int = Field(2, ge=0, description="Key hexes held at once at some moment of the game.")
    requires_occupation: bool = Field(False, description="Count only hexes an Axis unit stands in (OQ-TY-36).")


class Options(_Strict):
    """Optional rules (§15) and switches for the digest's open questions (docs/typhoon-decisions.md)."""

    reserve_okh: bool = Field(False, description="§15.1 RESERVE/OKH cards may be selected (TY-OPT-RES-1).")
    guards_conversion: bool = Field(False, description="§15.2 Guards conversion on turn 8 (TY-OPT-GRD-1).")
    card_ban: bool = Field(False, description="§15.3 turn-2 Soviet card ban (TY-OPT-CL-1).")
    soviet_offmap_supply: bool = Field(False, description="§15.4 east-edge Soviet supply (TY-OPT-OFF-1).")
    guderian_dismissal: bool = Field(False, description="§15.5 Guderian may be dismissed from turn 9.")
    withdrawn_count_against_reinf: bool = Field(False, description="OQ-TY-8: re-entering withdrawn units count.")
    river_halving: Literal["per_unit", "sum"] = Field(
        "per_unit", description="TY-ODDS-2: halve each crossing unit (the brief), or their sum once (OQ-TY-4)."
    )


class TyphoonScenario(ScenarioBase):
    """A scenario file (``system: "typhoon"``)."""

    system: Literal["typhoon"] = "typhoon"
    schema_version: Literal[1] = 1
    board: str | HexMapSpec = Field(description="Board file reference ('resources:boards/x.json') or inline map.")
    order_of_battle: str | None = Field(None, description="Order-of-battle file (format typhoon-oob), if any.")
    units: list[UnitSpec] = Field(default_factory=list, description="Counters defined here (added to the file's).")
    cards: list[CardSpec] = Field(min_length=1, description="Command cards of both sides (SUPPLY is implicit).")
    setup: list[Placement] = Field(min_length=1, description="Every counter in play at the start (TY-SETUP-2).")
    arrivals: list[Arrival] = Field(default_factory=list)
    removals: list[Removal] = Field(default_factory=list)
    first_turn: int = Field(1, ge=1, le=99)
    turns: list[TurnSpec] = Field(min_length=1, description="The turn track, one box per turn played.")
    supply_sources: dict[Side, list[str]] | None = Field(
        None, description="Supply-source hexes per side (TY-MAP-3); null: the map's supply_source marks."
    )
    east_edge: list[str] = Field(default_factory=list, description="East-edge hexes for §15.4 (TY-OPT-OFF-1).")
    axis_controlled: list[str] = Field(
        default_factory=list, description="Town and large-city hexes the Axis controls at the start (TY-CITY-1)."
    )
    moscow: list[str] = Field(default_factory=list, description="Moscow hexes (garrison placement, TY-MOSC-3).")
    garrison_turns: list[int] = Field(default_factory=lambda: [5, 6, 7], description="TY-MOSC-1 turns.")
    garrison_units: int = Field(4, ge=0, le=20, description="Extra Soviet units per garrison turn (TY-MOSC-1).")
    fortified: list[str] = Field(default_factory=list, description="Fortified hexes besides the map's marks.")
    victory: VictorySpec = Field(default_factory=VictorySpec)
    options: Options = Field(default_factory=Options)
    briefing_axis: Localized | None = Field(None, description="Briefing for the Axis player.")
    briefing_soviet: Localized | None = Field(None, description="Briefing for the Soviet player.")
    balance: Localized | None = Field(None, description="Balance notes.")

    @model_validator(mode="after")
    def _turns(self) -> Self:
        numbers = [x.turn for x in self.turns]
        if numbers != list(range(self.first_turn, self.first_turn + len(numbers))):
            raise ValueError("turns must be consecutive from first_turn")
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids) or "SUPPLY" in ids:
            raise ValueError("card ids must be unique and not 'SUPPLY'")
        if len([c for c in self.cards if c.kind == "guderian"]) > 1:
            raise ValueError("at most one Guderian card")
        return self

    @property
    def last_turn(self) -> int:
        """The last turn played."""
        return self.turns[-1].turn

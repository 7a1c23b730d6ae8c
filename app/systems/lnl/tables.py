"""The tables the quick reference names but does not print, as data validated at load (LNL-DMG-3, LNL-MELEE-8,
LNL-HW-3, LNL-LOS-4, LNL-MOVE-1, LNL-HERO-1).

``data/units.json`` holds the counters (unit types, support weapons, vehicles), ``data/terrain.json`` the terrain
effects chart (TEM, MP, LOS effect and obstacle height) and ``data/tables.json`` the damage table (DFT), the
melee kill numbers and the hero skill cards. Every value is marked configurable in docs/lnl-decisions.md; a
scenario may add its own unit types (``unit_types``) on top of the catalogue.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.core.i18n import Text, localized

DATA = Path(__file__).resolve().parent / "data"

UnitClass = Literal[
    "squad", "half_squad", "crew", "weapon_team", "leader", "hero", "medic", "sniper", "scout", "vehicle", "sw"
]
MMC_CLASSES = ("squad", "half_squad", "crew", "weapon_team")
SMC_CLASSES = ("leader", "hero", "medic", "sniper", "scout")
Facing = Literal["front", "side", "rear"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class ToHit(_Model):
    """One band of a heavy weapon's to-hit table (LNL-HW-3): hit on 2D6 ≤ ``number`` up to ``max_range``."""

    max_range: int = Field(ge=1, description="Longest range (hexes) of the band.")
    number: int = Field(ge=2, le=12, description="Modified 2D6 at or below this hits.")


class Armour(_Model):
    """Armour values of one location by facing (LNL-PEN-3); ``None`` is an unarmoured location (``*``,
    LNL-PEN-1, LNL-SAVEH-1); ``red`` lists facings printed red (LNL-PEN-2)."""

    front: int | None = Field(None, ge=0)
    side: int | None = Field(None, ge=0)
    rear: int | None = Field(None, ge=0)
    red: tuple[Facing, ...] = ()

    def value(self, facing: str) -> int | None:
        """The armour of ``facing``."""
        found: int | None = getattr(self, facing)
        return found

    def lowest(self) -> int:
        """The lowest armour of any facing (LNL-INFVEH-4, LNL-SAVEH-2); 0 when unarmoured."""
        values = [v for v in (self.front, self.side, self.rear) if v is not None]
        return min(values) if len(values) == 3 else 0


class Gun(_Model):
    """A heavy weapon: a vehicle's main gun, a weapon team's gun or a SW with a to-hit table (LNL-HW-1)."""

    he_fp: int = Field(0, ge=0, description="HE-equivalent FP, the boxed value (LNL-VEH-4, LNL-HE-1).")
    penetration: int = Field(0, ge=0, description="Penetration value (LNL-PEN-2); 0: cannot harm armour.")
    red_h: bool = Field(False, description="A red H: −1 HE vs infantry, −4 vs red armour (LNL-HE-1, LNL-PEN-2).")
    to_hit: tuple[ToHit, ...] = Field(min_length=1, description="To-hit bands, shortest first.")

    def number(self, distance: int) -> int | None:
        """The to-hit number at ``distance`` hexes (``None``: out of range)."""
        return next((b.number for b in self.to_hit if distance <= b.max_range), None)

    @property
    def range(self) -> int:
        """The longest range of the table."""
        return self.to_hit[-1].max_range


class VehicleMg(_Model):
    """A vehicle machine gun (LNL-VEH-4): FP 2 range 10 or FP 4 range 14; without ``star`` front arc only; an
    ``aa`` (top) MG cannot be used while buttoned (LNL-VEH-1)."""

    fp: int = Field(ge=1)
    range: int = Field(ge=1)
    star: bool = False
    aa: bool = False


class UnitType(_Model):
    """One counter (LNL counter values are authored: docs/lnl-decisions.md)."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name_en: str
    name_zh: str
    nation: str = Field("", description="Nation id, e.g. us, de.")
    cls: UnitClass
    fp: int = Field(0, ge=0, description="Printed (inherent) firepower.")
    range: int = Field(0, ge=0, description="Printed range in hexes.")
    long_range: bool = Field(False, description="Range printed in a box: fire at double range, half FP (LNL-FIRE-2).")
    morale: int = Field(0, ge=0, le=12, description="Good-order morale.")
    shaken_morale: int | None = Field(None, ge=0, le=12, description="Morale of the Shaken side (default: morale).")
    mp: int = Field(0, ge=0, description="Movement points.")
    stealth: bool = Field(False, description="MP in a yellow box: may stealth move (LNL-STEALTH-1).")
    assault: bool = Field(False, description="MP in a red box: may assault move (LNL-ASSAULT-1).")
    lm: int = Field(0, ge=0, description="Leadership modifier (leaders, LNL-LDR-3).")
    smoke: int = Field(0, ge=0, le=6, description="Smoke capability (LNL-SMOKE-1).")
    reduces_to: str | None = Field(None, description="Half-squad type a squad's casualty leaves (LNL-DMG-2).")
    crew: str | None = Field(None, description="Crew type that bails out of a vehicle (LNL-VDEST-1).")
    gun: Gun | None = Field(None, description="To-hit weapon (weapon teams, vehicles, heavy SWs, LNL-HW-1).")
    gun_over_20mm: bool = Field(False, description="No buildings, walls or hedges (LNL-MOVE-2).")
    # support weapons
    melee: bool = Field(False, description="A melee-capable SW: MG, satchel charge, flamethrower (LNL-SW-8).")
    jams: bool = Field(False, description="Marked J: jams on equal natural dice (LNL-SW-7).")
    tripod: bool = Field(False, description="Must be stowed to move (LNL-SW-9).")
    at_fp: int = Field(0, ge=0, description="Anti-tank FP in close assault on vehicles (LNL-INFVEH-4).")
    # vehicles
    move_type: Literal["T", "O", "R"] | None = Field(None, description="Tracked, off-road, road (LNL-VEH-2).")
    hull: Armour | None = None
    turret: Armour | None = Field(None, description="Turret armour; None: no turret (hits go to the hull).")
    mgs: tuple[VehicleMg, ...] = ()

    @property
    def name(self) -> Text:
        """Display name."""
        return localized(self.name_en, self.name_zh)

    @property
    def smc(self) -> bool:
        """A single-man counter."""
        return self.cls in SMC_CLASSES

    @property
    def infantry(self) -> bool:
        """A squad or half-squad (hero creation, LNL-HERO-4)."""
        return self.cls in ("squad", "half_squad")

    @property
    def squad_equivalent(self) -> float:
        """Stacking value (LNL-STACK-1): squad and weapon team 1, half-squad and crew ½, SMCs and vehicles 0."""
        return {"squad": 1.0, "weapon_team": 1.0, "half_squad": 0.5, "crew": 0.5}.get(self.cls, 0.0)

    def morale_of(self, shaken: bool) -> int:
        """Morale of the side shown."""
        return self.shaken_morale if shaken and self.shaken_morale is not None else self.morale

    @model_validator(mode="after")
    def _shape(self) -> Self:
        if self.cls == "vehicle" and (self.hull is None or self.move_type is None):
            raise ValueError(f"vehicle {self.id} needs hull armour and a move_type")
        return self


class Terrain(_Model):
    """One row of the terrain effects chart (LNL-FIRE-6, LNL-LOS-1, LNL-SPOT-6, LNL-MOVE-1)."""

    id: str
    name_en: str
    name_zh: str
    tem: int = Field(0, ge=0, description="Terrain modifier added to the defence roll (capped at 4, LNL-FIRE-6).")
    mp: int = Field(1, ge=1, description="MP to enter on foot.")
    vehicle_mp: int | None = Field(1, ge=1, description="MP for a tracked vehicle; None: prohibited.")
    los: Literal["clear", "hinder", "block"] = "clear"
    height: int = Field(0, ge=0, description="Obstacle height in levels above the ground (LNL-LOS-4).")
    open: bool = Field(False, description="Open ground: units in it are exposed (LNL-SPOT-1).")
    building: bool = Field(False, description="A building; its storeys come from the board.")
    impassable: bool = False

    @property
    def name(self) -> Text:
        """Display name."""
        return localized(self.name_en, self.name_zh)

    @property
    def favourable(self) -> bool:
        """Favourable terrain: positive TEM (LNL-RALLY-3 INTERP)."""
        return self.tem > 0


class DftRow(_Model):
    """A damage table row (LNL-DMG-3): ``difference`` = DC − morale, from ``low`` to ``high`` inclusive."""

    low: int = -99
    high: int = 99
    result: Literal["none", "shaken", "casualty"]


class SkillEffect(_Model):
    """What a hero's skill card does (LNL-HERO-1; authored, configurable: docs/lnl-decisions.md).

    ``applies``: ``fire`` (+value to the attack of a fire group with the hero), ``opfire`` (the same in
    opportunity fire), ``melee`` (columns shifted in his side's favour), ``rally`` (−value to the rally rolls of
    the units in his hex), ``damage`` (−value to his own damage checks), ``move`` (+value MP for him).
    """

    applies: Literal["fire", "opfire", "melee", "rally", "damage", "move"]
    value: int = Field(1, ge=1, le=3)


class SniperRow(_Model):
    """A sniper table row (LNL-SNIPER-3): the modified 2D6 from ``low`` to ``high`` gives ``result``."""

    low: int = -99
    high: int = 99
    result: Literal["none", "shaken", "casualty"]


class Repair(_Model):
    """Repairing a jammed SW in the Rally Phase (authored, LNL-SW-7): 1D6 ≤ ``fixed_max`` repairs it, ≥
    ``broken_min`` breaks it for good (removed)."""

    fixed_max: int = Field(2, ge=1, le=6)
    broken_min: int = Field(6, ge=1, le=7)


class Abbr(_Model):
    """A counter class's short name printed on its counters, per language."""

    abbr_en: str = Field(max_length=4)
    abbr_zh: str = Field(max_length=3)

    @property
    def text(self) -> Text:
        """The short name in the display language."""
        return localized(self.abbr_en, self.abbr_zh)


class Options(_Model):
    """Interpretation switches (docs/lnl-decisions.md); a scenario's ``rules`` override them."""

    hero_on_odd: bool = Field(True, description="Hero created on an odd die (text); false: even (v5.1) (LNL-HERO-4).")
    melee_simultaneous: bool = Field(False, description="Both melee sides roll at once (published LnLT, Q9).")
    round_each_secondary: bool = Field(False, description="Round each secondary firer's half up (v5.1, Q1).")
    turret_from_to_hit: bool = Field(False, description="Turret hit read from the to-hit roll (Q16).")
    crew_single_roll: bool = Field(False, description="One crew roll after a kill instead of two (Q17).")


class Tables(_Model):
    """``data/tables.json``."""

    rule_ids: str = ""
    dft: tuple[DftRow, ...] = Field(min_length=1)
    shaken_again: Literal["none", "casualty"] = Field(description="A Shaken unit Shaken again (LNL-DMG-3).")
    melee_kill: dict[str, int] = Field(description="2D6 kill number by odds column ('1:2', '1:1', '3:1', ...).")
    melee_columns: tuple[str, ...] = Field(min_length=2, description="Odds columns, worst for the attacker first.")
    hero_skills: tuple[str, ...] = Field(min_length=1, description="Hero skill cards (LNL-HERO-1).")
    heroes: tuple[str, ...] = Field(min_length=1, description="Hero unit types drawn at random (LNL-HERO-4).")
    skill_effects: dict[str, SkillEffect] = Field(description="What each hero skill card does (LNL-HERO-1).")
    sniper: tuple[SniperRow, ...] = Field(min_length=1, description="The sniper table on 2D6 (LNL-SNIPER-3).")
    sw_repair: Repair = Repair()
    class_abbr: dict[str, Abbr] = Field(description="Short names on the counters by class, per language.")
    marker_abbr: dict[str, Abbr] = Field(description="Short names on the hex markers, per language.")
    tem_cap: int = 4
    hindrances_block: int = 3
    options: Options = Options()

    @model_validator(mode="after")
    def _columns(self) -> Self:
        missing = [c for c in self.melee_columns if c not in self.melee_kill]
        if missing:
            raise ValueError(f"melee columns without a kill number: {missing}")
        cards = [c for c in self.hero_skills if c not in self.skill_effects]
        if cards:
            raise ValueError(f"hero skill cards without an effect: {cards}")
        return self


class _UnitFile(_Model):
    rule_ids: str = ""
    units: tuple[UnitType, ...]


class _TerrainFile(_Model):
    rule_ids: str = ""
    terrain: tuple[Terrain, ...]


def _read(name: str) -> object:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@cache
def unit_types() -> dict[str, UnitType]:
    """The counter catalogue by id."""
    return {u.id: u for u in _UnitFile.model_validate(_read("units.json")).units}


@cache
def terrains() -> dict[str, Terrain]:
    """The terrain effects chart by id."""
    return {t.id: t for t in _TerrainFile.model_validate(_read("terrain.json")).terrain}


@cache
def tables() -> Tables:
    """The DFT, melee kill numbers, hero cards and defaults."""
    return Tables.model_validate(_read("tables.json"))

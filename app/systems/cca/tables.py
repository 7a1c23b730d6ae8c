"""Rulebook tables as data: unit classes, terrain effects, battle dice faces and the command deck.

Chapters 1–3 and 15 of the rulebook (CCA-BOARD-4, CCA-DICE-1, CCA-DICE-2, CCA-DICE-3, CCA-UNIT-1, CCA-UNIT-2,
CCA-UNIT-3, CCA-UNIT-4, CCA-UNIT-5, CCA-UNIT-6, CCA-UNIT-7, CCA-UNIT-8, CCA-CARD-4, CCA-TERRAIN-*). Every number the
rules modules use comes from ``data/*.json``, validated here with pydantic when first loaded.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from app.core.i18n import Text, localized, t

DATA = Path(__file__).resolve().parent / "data"
Colour = Literal["green", "blue", "red"]
M = TypeVar("M", bound=BaseModel)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class RangedSpec(_Model):
    """Fire of a missile unit (CCA-RANGED-6, CCA-RANGED-7)."""

    range: int = Field(ge=2)
    held: int = Field(ge=0, description="Dice when the unit did not move.")
    moved: int = Field(ge=0, description="Dice after moving.")
    max_move_to_fire: int = Field(ge=0, description="Most hexes it may move and still fire.")


class UnitClass(_Model):
    """One row of Table A."""

    code: str = Field(description="The class's short name in English, printed on its block in the app (MI, HC).")
    abbr_zh: str = Field("", max_length=4, description="The short name printed on its block in Chinese.")
    name_en: str
    name_zh: str
    category: Literal["foot", "mounted"]
    subtype: Literal["infantry", "war_machine", "cavalry", "camel", "chariot", "elephant"]
    colour: Colour
    hit_face: Literal["light", "medium", "heavy"]
    white_border: bool
    blocks: int = Field(ge=1)
    move: int = Field(ge=1)
    battle_after_move_max: int = Field(ge=0)
    warrior_charge: bool
    cc_dice: int | None = Field(description="None: mirrors the opponent (elephants, CCA-ELEPHANT-2).")
    cc_dice_battle_back: int | None
    cc_dice_first_strike: int | None
    swords_hit: bool
    ignores_sword_hits: int = Field(ge=0)
    ranged: RangedSpec | None
    retreat: int = Field(ge=1)
    evade: Literal["always", "never", "vs_foot_and_heavy_mounted", "vs_foot_and_elephants"]
    bonus_close_combat: Literal["always", "with_leader", "never"]
    cavalry_extra_hex: bool
    battles_after_entering_forest: bool
    war_machine: bool
    light_foot_missile: bool

    @property
    def name(self) -> Text:
        """The class name, translated."""
        return localized(self.name_en, self.name_zh)

    @property
    def mounted(self) -> bool:
        """Cavalry, camels, chariots and elephants."""
        return self.category == "mounted"

    @property
    def elephant(self) -> bool:
        """Whether this is the elephant class."""
        return self.subtype == "elephant"


class LeaderSpec(_Model):
    """Leader numbers (CCA-LMOVE-1, CCA-LEADER-2, CCA-LEADER-4, CCA-LEVADE-1)."""

    move: int
    evade: list[int]
    casualty_dice_unit_survives: int
    casualty_helmets_unit_survives: int
    casualty_dice_unit_eliminated: int


class UnitTable(_Model):
    """``units.json``."""

    rule_ids: str
    classes: list[UnitClass]
    elephant_dice_vs: dict[str, int]
    leader: LeaderSpec


class TerrainSpec(_Model):
    """One row of Table F (CCA-TERRAIN-*)."""

    id: str
    name_en: str
    name_zh: str
    rule: str
    impassable: bool = False
    stop: Literal["none", "all", "mounted"] = "none"
    forbidden: list[str] = Field(default_factory=list, description="Unit subtypes that may not enter.")
    battle_on_entry: Literal["all", "listed", "foot"] = "all"
    cc_cap: int | None = Field(None, description="Close-combat cap, both in and into (two-way).")
    ranged_cap_target_in: int | None = None
    ranged_cap_firer_in: int | None = None
    hill: bool = False
    cc_cap_into_from_below: int | None = None
    cc_cap_from_in_foot: int | None = None
    cc_cap_from_in_mounted: int | None = None
    protection: Literal["none", "all", "front_hexsides"] = "none"
    cc_ignore_swords: int = 0
    cc_ignore_flags: int = 0
    ranged_ignore_flags: int = 0
    dice_modifier_in: int = 0
    blocks_los: Literal["no", "yes", "hill"] = "no"
    bonus_after_advance: list[str] | None = Field(None, description="Classes that may bonus-combat after advancing in.")

    @property
    def name(self) -> Text:
        """The terrain name, translated."""
        return localized(self.name_en, self.name_zh)


class TerrainTable(_Model):
    """``terrain.json``."""

    rule_ids: str
    terrain: list[TerrainSpec]


class Face(_Model):
    """One face of a battle die."""

    id: Literal["light", "medium", "heavy", "leader", "flag", "swords"]
    name_en: str
    name_zh: str
    colour: Colour | None = None


class DiceTable(_Model):
    """``dice.json``: the six faces, in d6 order."""

    rule_ids: str
    note: str
    faces: list[Face] = Field(min_length=6, max_length=6)


class CardSpec(_Model):
    """One kind of command card (CCA-CARD-*); ``count`` copies are in the deck."""

    id: str
    name_en: str
    name_zh: str
    text_en: str = Field("", description="What the card does, in short (shown on its face in the hand strip).")
    text_zh: str = ""
    type: Literal["section", "troop", "leadership", "tactic"]
    count: int = Field(ge=1)
    sections: dict[Literal["left", "centre", "right"], int] = Field(default_factory=dict)
    troop: Literal["light", "medium", "heavy", "mounted"] | None = None
    leadership: Literal["left", "centre", "right", "any"] | None = None
    tactic: (
        Literal[
            "engaged",
            "counter",
            "missile",
            "command_any",
            "first_strike",
            "roll_order",
            "foot_line",
            "command_mounted",
            "command_missile",
            "rally",
        ]
        | None
    ) = None
    detach: bool = False
    light_foot_pass: bool = False
    no_move: bool = False
    max_move: int | None = None
    move_bonus: int = 0
    bonus_move_no_battle: bool = False
    move_after_fire: int = 0
    cc_bonus: int = 0
    ranged_bonus: int = 0

    @property
    def name(self) -> Text:
        """The card name, translated."""
        return localized(self.name_en, self.name_zh)

    @property
    def text(self) -> Text:
        """What the card does, translated (CCA-CARD-1)."""
        return localized(self.text_en, self.text_zh or None)


class CardTable(_Model):
    """``cards.json``."""

    rule_ids: str
    note: str
    cards: list[CardSpec]


def _load(name: str, model: type[M]) -> M:
    return model.model_validate(json.loads((DATA / name).read_text(encoding="utf-8")))


@cache
def unit_table() -> UnitTable:
    """The unit classes (Table A)."""
    return _load("units.json", UnitTable)


@cache
def unit_classes() -> dict[str, UnitClass]:
    """Unit classes by code."""
    return {c.code: c for c in unit_table().classes}


@cache
def terrains() -> dict[str, TerrainSpec]:
    """Terrain effects by id (Table F)."""
    return {t.id: t for t in _load("terrain.json", TerrainTable).terrain}


@cache
def faces() -> tuple[Face, ...]:
    """The battle-die faces in d6 order (CCA-DICE-1)."""
    return tuple(_load("dice.json", DiceTable).faces)


def class_name(code: str) -> Text:
    """A unit class's name, translated (log texts name classes, never their codes)."""
    return unit_classes()[code].name


def face_name(face_id: str) -> Text:
    """A battle-die face's name ("green circle"), translated."""
    face = next(f for f in faces() if f.id == face_id)
    return localized(face.name_en, face.name_zh)


def listed(parts: Sequence[Text]) -> Text:
    """Texts as one translated list ("a, b, c"; Chinese "a、b、c"), for reasons and die faces in the log (D15)."""
    out = parts[0] if parts else localized("")
    for part in parts[1:]:
        out = t("{first}, {rest}", first=out, rest=part)
    return out


@cache
def face_names() -> tuple[str, ...]:
    """The faces' English names in d6 order, for asking the symbols rolled at the table (CCA-DICE-1)."""
    return tuple(f.name_en for f in faces())


@cache
def cards() -> dict[str, CardSpec]:
    """Command cards by id."""
    return {c.id: c for c in _load("cards.json", CardTable).cards}


def full_deck() -> tuple[str, ...]:
    """Every card of the 60-card deck, by id, in table order (CCA-COMP-1)."""
    return tuple(c.id for c in cards().values() for _ in range(c.count))


def terrain(terrain_id: str) -> TerrainSpec:
    """Terrain by id (unknown ids read as clear)."""
    table = terrains()
    return table.get(terrain_id, table["clear"])

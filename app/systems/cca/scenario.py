"""Scenario files for Commands & Colors: Ancients (rulebook chapter 2, Setup: CCA-SETUP-1, CCA-SETUP-2, CCA-SETUP-3,
CCA-BOARD-1, CCA-BOARD-2, CCA-BOARD-3, CCA-BOARD-4).

A scenario names the board (an inline hex map or a board file plus terrain placed by hex label), the two
armies (units by class and hex, leaders), which army sits at the top and bottom edge, each side's Command
(hand size), the first player, the banners needed to win and the special-rule flags.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, Self

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from app.core.i18n import Text, t
from app.geometry.hexgrid import HexGrid
from app.scenario.base import Localized, ScenarioBase
from app.scenario.boards import Board, HexMapSpec, HexsideSpec, build_board, load_board_file
from app.scenario.loading import Problem, ScenarioError
from app.scenario.resources import resolve_ref
from app.systems.cca.tables import cards, full_deck, terrains, unit_classes

if TYPE_CHECKING:
    from pydantic.config import JsonDict

SIDES: tuple[str, str] = ("bottom", "top")
Side = Literal["bottom", "top"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class BoardRef(_Strict):
    """A board file plus this scenario's terrain tiles (CCA-BOARD-4)."""

    ref: str = Field(description="Board file reference, e.g. 'resources:boards/cca_standard.json'.")
    terrain: dict[str, str] = Field(default_factory=dict, description="Terrain id by hex label.")
    hexsides: list[HexsideSpec] = Field(
        default_factory=list, description="Hexside features, e.g. 'rampart_front' between a rampart and a hex it faces."
    )


class UnitPlacement(_Strict):
    """One unit block stack on the map (a full-strength unit unless ``blocks`` says otherwise, CCA-UNIT-7)."""

    cls: str = Field(
        description="Unit class code (LI, LS, LB, AX, WA, MI, HI, LWM, HWM, LC, LBC, MC, HC, CAM, LCH, HCH, EL)."
    )
    at: str = Field(description="Hex label.")
    blocks: int | None = Field(None, ge=1, description="Starting blocks (default: full strength).")


def _plain_name(value: object) -> object:
    """A plain string (files written before names had two languages) is the same name in every language."""
    if isinstance(value, str):
        return {"en": value} if value else None
    return value


def _plain_name_schema(schema: JsonDict) -> None:
    """The schema says what :func:`_plain_name` accepts: a plain string too."""
    branches = schema.get("anyOf")
    schema["anyOf"] = [*(branches if isinstance(branches, list) else []), {"type": "string"}]


LeaderName = Annotated[Localized | None, BeforeValidator(_plain_name)]
"""A leader's name: English and Chinese, or one plain string for every language ("" or none: no name)."""


class LeaderPlacement(_Strict):
    """A leader block (CCA-UNIT-3)."""

    at: str = Field(description="Hex label.")
    name: LeaderName = Field(
        None,
        description="The leader's name: {'en': …, 'zh_CN': …}, or a plain string shown in every language.",
        json_schema_extra=_plain_name_schema,
    )


class ExitRule(_Strict):
    """A special rule letting units leave the battlefield across a long edge (CCA-MOVE-3, CCA-VICTORY-3)."""

    edge: Literal["enemy", "own"] = Field(
        "enemy", description="Which long edge: the enemy's or the army's own baseline."
    )
    banners: int = Field(0, ge=0, le=5, description="Victory banners the army gains for each unit that leaves.")


class Objective(_Strict):
    """Banners for occupying terrain (CCA-VICTORY-3).

    A ``temporary`` objective counts while a unit of ``side`` stands in one of its hexes and is lost when
    none does; a ``permanent`` one is gained the first time a unit of ``side`` enters and is then kept.
    """

    name: Localized = Field(description="What is held, e.g. 'the ford'.")
    side: Side = Field(description="The army that gains the banners.")
    hexes: list[str] = Field(min_length=1, description="Hex labels.")
    banners: int = Field(1, ge=1, le=5, description="Banners gained.")
    kind: Literal["temporary", "permanent"] = Field("temporary", description="Held while occupied, or kept once won.")


class Army(_Strict):
    """One side's forces and War Council (CCA-SETUP-2)."""

    side: Side = Field(description="'bottom' (baseline on the last row) or 'top' (baseline on the first row).")
    name: Localized = Field(description="Army name, e.g. Carthaginian.")
    colour: str = Field("#777777", pattern=r"^#[0-9a-fA-F]{6}$", description="Block colour.")
    command: int = Field(
        ge=2, le=8, description="Hand size (Command, CCA-CARD-3); at least 2: a hand of one card can leave no order."
    )
    banners: int = Field(ge=1, le=20, description="Victory banners this side needs (CCA-VICTORY-1).")
    units: list[UnitPlacement] = Field(min_length=1)
    leaders: list[LeaderPlacement] = Field(default_factory=list)
    exit: ExitRule | None = Field(None, description="Special rule: units may leave the board (CCA-MOVE-3).")

    @model_validator(mode="after")
    def _known_classes(self) -> Self:
        known = unit_classes()
        bad = [u.cls for u in self.units if u.cls not in known]
        if bad:
            raise ValueError(f"unknown unit classes {bad}; known: {', '.join(known)}")
        for u in self.units:
            if u.blocks is not None and u.blocks > known[u.cls].blocks:
                raise ValueError(f"{u.cls} at {u.at} has more blocks than a full unit")
        return self


class SpecialRules(_Strict):
    """Special rules and interpretation switches (see docs/cca-decisions.md)."""

    cap_two_way: bool = Field(True, description="Forest/broken/ford caps also limit attacks into them (Q1).")
    broken_mounted_may_battle: bool = Field(
        False, description="Mounted may battle the turn they enter broken ground (Q2)."
    )
    ignored_swords_reroll: bool = Field(True, description="Elephant swords the target ignores still add a die (Q5).")


class Position(_Strict):
    """A position to start from instead of the deal (positions as data): the side to play, the step of its turn,
    the hands, the banners taken and the cards played. Blocks lost and attached leaders are set in ``armies``
    (``blocks``; a leader on a friendly unit's hex is attached, CCA-ORDER-3). Pieces are named by their ids: the
    army's initial ("b" bottom, "t" top) and the unit's number in its ``units`` list ("b3"), leaders with an L
    ("tL1")."""

    active: Side | None = Field(None, description="The side to play (default: the first player).")
    phase: Literal["deal", "card", "order", "move", "battle"] = Field(
        "deal", description="Step of the turn (CCA-TURN-1): deal (before the hands), card, order, move or battle."
    )
    turn_number: int = Field(0, ge=0, description="Turns begun so far.")
    card: str | None = Field(None, description="The command card played this turn (its id), from 'order' on.")
    ordered: list[str] = Field(default_factory=list, description="Ids of the units and leaders ordered this turn.")
    moved: dict[str, int] = Field(default_factory=dict, description="Piece id -> hexes moved this turn.")
    battled: list[str] = Field(default_factory=list, description="Units that have battled this turn.")
    hands: dict[Side, list[str]] = Field(default_factory=dict, description="Each side's hand (card ids).")
    discard: list[str] = Field(default_factory=list, description="The discard pile (card ids), oldest first.")
    deck: list[str] | None = Field(
        None,
        description="The draw pile, top card last (default: the deck without the cards in the hands, the "
        "discards and the card played, in table order).",
    )
    banners: dict[Side, int] = Field(default_factory=dict, description="Victory banners each side has taken.")
    last_card: dict[Side, str] = Field(default_factory=dict, description="Each side's last card (Counter Attack).")

    @model_validator(mode="after")
    def _cards(self) -> Self:
        known = cards()
        named = [*(c for hand in self.hands.values() for c in hand), *self.discard, *(self.deck or ())]
        named += [c for c in (self.card, *self.last_card.values()) if c]
        if unknown := sorted({c for c in named if c not in known}):
            raise ValueError(f"unknown cards {unknown}")
        if self.phase in ("order", "move", "battle") and self.card is None:
            raise ValueError(f"the {self.phase} step needs the 'card' played")
        if self.deck is None:
            used = [*(c for hand in self.hands.values() for c in hand), *self.discard]
            used += [self.card] if self.card else []
            if too_many := sorted({c for c in used if used.count(c) > full_deck().count(c)}):
                raise ValueError(f"more copies of {too_many} than the deck holds")
        return self


class CcaScenario(ScenarioBase):
    """A Commands & Colors: Ancients scenario (schema version 1)."""

    system: Literal["cca"] = Field(description="Always 'cca'.")
    schema_version: Literal[1] = Field(description="Schema version.")
    board: HexMapSpec | BoardRef = Field(description="Inline hex map, or a board file plus terrain placements.")
    armies: list[Army] = Field(min_length=2, max_length=2)
    first_player: Side = Field(description="Side that plays first (CCA-SETUP-3).")
    rules: SpecialRules = Field(default_factory=SpecialRules)
    objectives: list[Objective] = Field(default_factory=list, description="Banners for terrain (CCA-VICTORY-3).")
    position: Position | None = Field(
        None, description="A position to start from instead of the deal (see docs/cca-howto.md)."
    )

    @model_validator(mode="after")
    def _two_sides(self) -> Self:
        if {a.side for a in self.armies} != set(SIDES):
            raise ValueError("one army must be 'top' and the other 'bottom'")
        ids = terrains()
        board_terrain = self.board.terrain
        bad = sorted({v for v in board_terrain.values() if v not in ids})
        if bad:
            raise ValueError(f"unknown terrain {bad}; known: {', '.join(ids)}")
        return self

    def army(self, side: str) -> Army:
        """The army of ``side``."""
        return next(a for a in self.armies if a.side == side)


@dataclass(frozen=True, eq=False)
class Runtime:
    """A loaded scenario: the built board and the validated model."""

    model: CcaScenario
    board: Board

    @property
    def grid(self) -> HexGrid:
        """The hex grid."""
        topo = self.board.topology
        assert isinstance(topo, HexGrid)
        return topo

    def army_name(self, side: str) -> Text:
        """Display name of a side's army."""
        return self.model.army(side).name.text()

    @cached_property
    def leader_names(self) -> dict[str, Text]:
        """Display names of the leaders by piece id ("tL1", see :func:`piece_ids`), in both languages; a leader the
        scenario leaves unnamed is called by his army and number ("Macedonian 2"), never by his id."""
        return {
            f"{army.side[0]}L{i}": (
                placed.name.text() if placed.name is not None else t("{army} {number}", army=army.name.text(), number=i)
            )
            for army in self.model.armies
            for i, placed in enumerate(army.leaders, 1)
        }


def board_spec(model: CcaScenario, folder: Path | None) -> HexMapSpec:
    """The scenario's hex map with its terrain and hexside features merged in."""
    if isinstance(model.board, HexMapSpec):
        return model.board
    base = load_board_file(resolve_ref(model.board.ref, folder)).board
    if not isinstance(base, HexMapSpec):
        raise ValueError(f"{model.board.ref} is not a hex map")
    data = base.model_dump()
    data["terrain"] = {**base.terrain, **model.board.terrain}
    data["hexsides"] = [*data["hexsides"], *(h.model_dump() for h in model.board.hexsides)]
    return HexMapSpec.model_validate(data)


def load_runtime(model: CcaScenario, folder: Path | None) -> Runtime:
    """Build the board and check every placement lies on it (errors name the JSON path)."""
    spec = board_spec(model, folder)
    board = build_board(spec, lambda ref: resolve_ref(ref, folder))
    runtime = Runtime(model, board)
    problems = _placement_problems(runtime) + _position_problems(model)
    if problems:
        raise ScenarioError(model.id, problems)
    return runtime


def _placement_problems(runtime: Runtime) -> list[Problem]:
    grid, problems = runtime.grid, []
    seen: dict[str, str] = {}
    for a_index, army in enumerate(runtime.model.armies):
        for kind, items in (("units", [u.at for u in army.units]), ("leaders", [x.at for x in army.leaders])):
            for i, label in enumerate(items):
                path = f"$.armies[{a_index}].{kind}[{i}].at"
                try:
                    grid.from_label(label)
                except ValueError:
                    problems.append(Problem(path, f"no hex {label!r} on the board"))
                    continue
                key = f"{kind}:{label}"
                if key in seen:
                    problems.append(Problem(path, f"hex {label} already holds one of the {kind} ({seen[key]})"))
                seen[key] = path
    for o_index, objective in enumerate(runtime.model.objectives):
        for i, label in enumerate(objective.hexes):
            try:
                grid.from_label(label)
            except ValueError:
                problems.append(Problem(f"$.objectives[{o_index}].hexes[{i}]", f"no hex {label!r} on the board"))
    return problems


def piece_ids(model: CcaScenario) -> tuple[set[str], set[str]]:
    """Ids of the units and of the leaders the scenario places ("b3": bottom army, third unit; "tL1")."""
    units = {f"{a.side[0]}{i}" for a in model.armies for i in range(1, len(a.units) + 1)}
    leaders = {f"{a.side[0]}L{i}" for a in model.armies for i in range(1, len(a.leaders) + 1)}
    return units, leaders


def _position_problems(model: CcaScenario) -> list[Problem]:
    """Pieces a position names must be on the board; a hand holds at most the side's Command (CCA-CARD-3)."""
    spec = model.position
    if spec is None:
        return []
    units, leaders = piece_ids(model)
    problems = []
    for name, ids, known in (
        ("ordered", spec.ordered, units | leaders),
        ("moved", list(spec.moved), units | leaders),
        ("battled", spec.battled, units),
    ):
        unknown = [i for i in ids if i not in known]
        problems += [Problem(f"$.position.{name}", f"no piece {i!r}; pieces: {sorted(known)}") for i in unknown]
    for side, hand in spec.hands.items():
        if len(hand) > model.army(side).command:
            problems.append(Problem(f"$.position.hands.{side}", f"{len(hand)} cards, more than its Command"))
    return problems

"""Positions as data: the optional ``position`` section of an SAS mission file.

Rulebook chapter: §33 implementation notes (the unit, operator and global state a position is made of) and §6 turn
structure (SAS-TURN-1, SAS-TURN-2: the section, turn and phase a position starts in). A mission with a ``position``
is set up by the setup rules (§5, SAS-SETUP-3, SAS-SETUP-9) and then changed as the section says, so a worked
example or a position copied from the table needs no code: operators anywhere with the AP left to the one being
activated, wounds, posture, items and ammunition; Axis units and vehicles anywhere with their facing, alert side,
damage and markers; corpses, barrels, bombs and fire markers; blast templates, the stealth meter, the alarm (the
battle section), the event deck, the operator vehicles, the Typhoon and the Jäger hunter's cards and markers.

Every entry that names an id already placed by the setup changes only the fields it gives (a null field keeps the
setup's value, so a saved copy of the file means the same); a new id adds a piece.
Squares are printed names ("E7"); ``position_setup.apply_position`` checks them against the board and names the JSON
path of anything wrong. A pending decision (a rabbit's foot roll) is not part of a position.
"""

# No `from __future__ import annotations` here: pydantic evaluates the field annotations of this module's many
# models at import, and real types cost it less than strings (start-up time, DESIGN §10).
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.core.defaults import new_list
from app.systems.sas.tables import tables

SQUARE = r"^[A-Z]+[0-9]+$"
Side = Literal["N", "E", "S", "W"]
UnitRole = Literal[
    "sentry", "patrolman", "guard", "officer", "spawned", "patrol", "assault", "scout", "convoy", "stalker"
]
ObjectKind = Literal["corpse", "fuel_barrel", "lewes_bomb", "rat_bomb", "landmine", "trap", "trap_used", "fire"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


class OperatorPosition(_Strict):
    """An operator or support unit of the mission: only the fields given change, a null or missing field keeps the
    setup's value (§33 operator state). A dead or exfiltrated operator, or one aboard a vehicle, is off the map."""

    id: str = Field(description="Operator id of the team ('jock') or a support unit's id.")
    at: str | None = Field(None, pattern=SQUARE, description="His square (default: on the entry tile, SAS-SETUP-6).")
    facing: Side | None = Field(None, description="Facing (SAS-BRD-6).")
    hp: int | None = Field(None, ge=0, description="Hit points left (wounds taken off his board's HP).")
    crouched: bool | None = Field(None, description="Crouched (SAS-CROUCH-1).")
    exposed: bool | None = Field(None, description="Exposed token (SAS-SEEN-2).")
    ammo: dict[str, int] | None = Field(None, description="Weapon -> rounds left (SAS-ATK-5); weapons not named keep.")
    items: dict[str, int] | None = Field(None, description="Item -> tokens left; replaces his items.")
    carrying: str | None = Field(None, description="Id of the object he carries (SAS-OBJ-1).")
    status: Literal["active", "dead", "exfiltrated"] | None = Field(None, description="Alive, dead or got out.")
    activated: bool | None = Field(None, description="Already activated this Operator phase (SAS-OP-1).")
    mark: str | None = Field(None, description="Axis unit under his mark token (SAS-MARK-1).")
    mark_square: str | None = Field(None, pattern=SQUARE, description="Square under his mark token (SAS-MARK-5).")
    mark_weapon: str | None = Field(None, description="Weapon or item named for the marked attack.")
    scuba: bool | None = Field(None, description="His scuba token is on the board (SAS-EQ-14).")
    aboard: str | None = Field(None, description="Operator vehicle he sits in (SAS-OVEH-1).")
    seat: str | None = Field(None, description="His seat on that vehicle's sheet.")
    disguised: bool | None = Field(None, description="Nancy's disguise side is up (SAS-NANCY-1).")
    talks: int | None = Field(None, ge=0, description="Talk tokens left (SAS-NANCY-6).")
    talking: str | None = Field(None, description="The Axis unit she is talking to (SAS-NANCY-7).")
    talk_facing: Side | None = Field(None, description="That unit's facing before it turned to her (SAS-NANCY-7).")
    strangling: str | None = Field(None, description="The Axis unit she holds in the garrote (SAS-NANCY-9).")

    @model_validator(mode="after")
    def _known(self) -> Self:
        tab = tables()
        if self.items is not None and (unknown := sorted(i for i in self.items if i not in tab.items)):
            raise ValueError(f"unknown items {unknown}")
        if self.ammo is not None and (unknown := sorted(w for w in self.ammo if w not in tab.weapons)):
            raise ValueError(f"unknown weapons {unknown}")
        return self


class UnitPosition(_Strict):
    """An Axis unit or vehicle: a setup unit's id changes only the fields given (null: keep); a new id adds a unit,
    which needs ``kind``, ``role``, ``at`` and ``facing`` (§33 unit state)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="Unit id (a setup unit's, e.g. 'sentry_3_4', or new).")
    kind: str | None = Field(None, description="Unit type from data/units.json or data/vehicles.json.")
    role: UnitRole | None = Field(None, description="Role (SAS-UNIT-4; vehicles SAS-AVEH-14, SAS-AVEH-24).")
    colour: Literal["black", "white", "yellow", "red", "blue"] | None = Field(None, description="Colour.")
    at: str | None = Field(None, pattern=SQUARE, description="Its square; a vehicle's front-left square (D-AVEH-1).")
    facing: Side | None = Field(None, description="Facing (a vehicle: its front).")
    alert: bool | None = Field(None, description="Alert side up.")
    post: str | None = Field(None, pattern=SQUARE, description="Sentry point, guard or officer square.")
    line: str | None = Field(None, description="Patrol line id (patrolmen) or route id (vehicles).")
    heading: Literal[1, -1] | None = Field(None, description="Patrolmen: +1 toward the end of the line, -1 back.")
    cigarette: bool | None = Field(None, description="Has the cigarette marker (SAS-EVT-8).")
    on_spawn: bool | None = Field(None, description="Waiting on a spawn tile (default: whether 'at' is on one).")
    damage: int | None = Field(None, ge=0, description="Damage markers (SAS-AVEH-12).")
    mode: str | None = Field(None, description="Side of a two-sided token or special state ('attack' mortar, ...).")
    failed: bool | None = Field(None, description="Mechanical failure marker: cannot move this turn (SAS-HM-1).")

    @model_validator(mode="after")
    def _known_kind(self) -> Self:
        tab = tables()
        if self.kind is not None and self.kind not in tab.units and tab.vehicle(self.kind) is None:
            raise ValueError(f"unknown unit type {self.kind!r}")
        return self


class ObjectPosition(_Strict):
    """A corpse, fuel barrel, placed bomb, landmine, trap or fire marker (SAS-OBJ, SAS-EQ, SAS-HD-3)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="Object id (a setup barrel's 'barrel_3_4', or new).")
    kind: ObjectKind = Field(description="What it is.")
    at: str | None = Field(pattern=SQUARE, description="Its square; null: carried by an operator.")
    fuse: int = Field(0, ge=0, description="Lewes bombs: Event phases left before it goes off (SAS-DECK-4).")


class ActivationPosition(_Strict):
    """The operator being activated and what he has done this activation (SAS-OP-1, SAS-OP-2, SAS-REACT-3)."""

    operator: str = Field(description="Operator (or support unit) id.")
    ap: int = Field(ge=0, description="Action points left.")
    aimed: list[str] = Field(default_factory=new_list, description="Units aimed at this activation (SAS-AIM-1).")
    alerted: list[str] = Field(
        default_factory=new_list,
        description="Units alerted by his previous action, reacting after this one (SAS-REACT-3).",
    )
    spent: list[str] = Field(default_factory=new_list, description="One-use-per-activation weapons used (SAS-EQ-16).")
    garrote: int = Field(0, ge=0, description="Garrote rolls already failed (SAS-NANCY-9).")


class DeckPosition(_Strict):
    """The event deck (SAS-DECK-1, SAS-DECK-2, SAS-DECK-3, SAS-DECK-6): the cards left (a draw is a pick among
    them), the discards."""

    cards: list[str] | None = Field(None, description="Card ids left in the deck (default: as dealt at setup).")
    discard: list[str] = Field(default_factory=new_list, description="Discarded card ids.")
    piles: list[int] | None = Field(None, description="Cards left in each event-window pile, top first (SAS-DECK-2).")
    draws: int = Field(0, ge=0, description="Cards drawn so far.")


class VehiclePosition(_Strict):
    """An operator vehicle of the mission at a pose (SAS-OVEH-1, SAS-OVEH-10)."""

    id: str = Field(description="Operator vehicle id of the mission (default ids: its kind).")
    at: str | None = Field(None, pattern=SQUARE, description="Front-left square of the token (D-AVEH-1).")
    facing: Side | None = Field(None, description="Facing of its front.")
    damage: int | None = Field(None, ge=0, description="Damage markers (SAS-OVEH-10).")
    ap: int | None = Field(None, ge=0, description="Actions left this Operator phase (SAS-OVEH-2).")
    entered: bool | None = Field(None, description="It has entered the map (SAS-OVEH-11).")
    mark: str | None = Field(None, description="Axis unit its gunners marked (SAS-OVEH-5).")
    mark_weapon: str | None = Field(None, description="The gun of the marked attack.")


class TyphoonPosition(_Strict):
    """The Hawker Typhoon (SAS-SUP-6, SAS-SUP-7, SAS-SUP-8, SAS-SUP-9, SAS-SUP-10, SAS-SUP-14)."""

    status: Literal["ready", "called", "arriving", "flying", "down"] = Field("ready", description="Where it is.")
    edge: Literal["", "N", "E", "S", "W"] = Field("", description="The map edge it enters by.")
    card: int = Field(0, ge=0, description="While called: its card's place from the top of the event deck.")
    path: list[int] = Field(default_factory=new_list, description="While flying: map tile indices of its attack run.")
    step: int = Field(-1, ge=-1, description="Index in 'path' of the tile it is over; -1 off the map.")
    ap: int = Field(0, ge=0, description="Action points left in turn 'turn'.")
    turn: int = Field(0, ge=0, description="The turn its AP were last spent in.")
    rockets: int = Field(0, ge=0, description="Rockets left.")
    damage: int = Field(0, ge=0, description="HP lost (SAS-SUP-14).")
    left_by: Literal["", "N", "E", "S", "W"] = Field("", description="The edge it last left the map by.")


class HunterMarkerPosition(_Strict):
    """A Jäger marker on the board: waypoint, cat, twig, lock or blood stain (SAS-JGR-7, SAS-JGR-8, SAS-JGR-9,
    SAS-JGR-10, SAS-JGR-11)."""

    id: str = Field(description="Marker id.")
    kind: Literal["waypoint", "cat", "twig", "lock", "blood"]
    at: str = Field(pattern=SQUARE, description="Its square.")
    number: int = Field(0, ge=0, le=4, description="Waypoint number 1-4.")
    other: str | None = Field(None, pattern=SQUARE, description="A lock: the square beyond the door.")
    operator: str | None = Field(None, description="A twig: the operator standing on it.")
    small: bool = Field(False, description="A blood stain on its small side.")


class HunterPosition(_Strict):
    """The Jäger hunter's cards and markers (SAS-JGR-2, SAS-JGR-3, SAS-JGR-4, SAS-JGR-14); needs Jäger mode."""

    hand: list[str] = Field(default_factory=new_list, description="Hunter cards in his hand (at most 4, SAS-JGR-4).")
    deck: list[str] | None = Field(None, description="Cards left to draw (default: the rest of his deck).")
    discard: list[str] = Field(default_factory=new_list, description="His discard pile.")
    played: str | None = Field(None, description="The card face down beside the event deck (SAS-JGR-3).")
    stalkers: int = Field(0, ge=0, le=4, description="Stalkers placed at setup (SAS-JGR-2).")
    ready: bool = Field(True, description="His setup is over.")
    markers: list[HunterMarkerPosition] = Field(default_factory=new_list, description="Markers on the board.")
    hunters: list[str] = Field(default_factory=new_list, description="Units he controls in the Advance phase.")
    startled: list[str] = Field(default_factory=new_list, description="Patrolmen a cat turned (SAS-JGR-8).")

    @model_validator(mode="after")
    def _hand(self) -> Self:
        if len(self.hand) > 4:
            raise ValueError("the hunter holds at most 4 cards (SAS-JGR-4)")
        return self


class SasPosition(_Strict):
    """A position: the setup as the mission places it, then changed by these fields (see the module docstring)."""

    turn: int = Field(1, ge=1, description="Turn number (SAS-TURN-1).")
    section: Literal["stealth", "battle"] = Field("stealth", description="'battle' once the alarm has sounded.")
    phase: Literal["operator", "advance", "event", "patrol", "attack", "end", "hunter"] = Field(
        "operator", description="Phase of the turn (SAS-TURN-2)."
    )
    meter: int | None = Field(None, ge=0, description="Stealth meter (default: the difficulty's start value).")
    operators: list[OperatorPosition] = Field(default_factory=new_list, description="Operators and support units.")
    activation: ActivationPosition | None = Field(None, description="The operator being activated and his AP left.")
    units: list[UnitPosition] = Field(default_factory=new_list, description="Axis units and vehicles.")
    objects: list[ObjectPosition] = Field(default_factory=new_list, description="Objects on the board or carried.")
    removed: list[str] = Field(default_factory=new_list, description="Ids of setup units and objects taken away.")
    done: list[str] = Field(default_factory=new_list, description="Axis units that have acted in this phase.")
    blasts: list[str] = Field(default_factory=new_list, description="Squares under blast templates (SAS-BLAST-2).")
    deck: DeckPosition | None = Field(None, description="The event deck and its discards.")
    patrol_marker: Literal["black", "white"] | None = Field(None, description="Patrol marker (SAS-EVT-2).")
    cigarette: str | None = Field(
        None, pattern=r"^(op|unit):[a-z0-9_]+$", description="'op:<id>' held by an operator, 'unit:<id>' on a unit."
    )
    achieved: list[str] = Field(default_factory=new_list, description="Destroy objectives already achieved.")
    escaped: list[str] = Field(
        default_factory=new_list, description="Axis vehicles that drove off the map (SAS-AVEH-17)."
    )
    vehicles: list[VehiclePosition] = Field(default_factory=new_list, description="Operator vehicles at a pose.")
    typhoon: TyphoonPosition | None = Field(None, description="The Typhoon (the mission must allow it).")
    hunter: HunterPosition | None = Field(None, description="Jäger mode: the hunter's cards and markers.")

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.section == "battle" and self.phase == "patrol":
            raise ValueError("the battle section has no Patrol phase (SAS-TURN-2)")
        for name, ids in (("operators", [o.id for o in self.operators]), ("units", [u.id for u in self.units])):
            if twice := sorted({i for i in ids if ids.count(i) > 1}):
                raise ValueError(f"{name} listed twice: {twice}")
        return self

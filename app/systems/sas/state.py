"""The SAS game state: immutable values (frozen dataclasses of tuples), following the digest's §33 model.

Rulebook chapter: §33 implementation notes (unit, operator and global state), §6 turn structure (SAS-TURN)
for the section and phase fields. ``apply`` never mutates a state: every change goes through
``dataclasses.replace`` or the small helpers below, which return new values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import Any, Literal, TypeVar

from app.core.dice import Dice
from app.core.i18n import Text
from app.geometry.square import SquareGrid
from app.scenario.boards import Board
from app.scenario.loading import ScenarioValueError
from app.systems.sas.mission import Convoy, PatrolLine, SasMission, SentryPoint, SpawnSpot
from app.systems.sas.tables import EventCard, HunterCard, OperatorBoard, Tables, tables
from app.systems.sas.vehicles.shape import Pose, is_vehicle_kind, unit_cells

Cell = tuple[int, int]
Section = Literal["stealth", "battle"]
Phase = Literal["operator", "advance", "event", "patrol", "attack", "end", "hunter"]
STEALTH_PHASES: tuple[Phase, ...] = ("operator", "advance", "event", "patrol", "attack", "end")
BATTLE_PHASES: tuple[Phase, ...] = ("operator", "advance", "event", "attack", "end")
HUNTER_PHASE: Phase = "hunter"  # Jäger mode: after every End phase (SAS-JGR-3)


R = TypeVar("R")
_FIELD_NAMES: dict[type, frozenset[str]] = {}


def evolve(record: R, **changes: Any) -> R:
    """A copy of a frozen state record with ``changes``, as ``dataclasses.replace`` but without re-running
    ``__init__`` field by field: a state update is the engine's commonest operation, and these records have no
    ``__post_init__`` or init-only fields to honour. Unknown field names raise ``TypeError`` as ``replace`` does."""
    cls = type(record)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in fields(cls))  # type: ignore[arg-type]
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(set(changes) - names)}")
    new = object.__new__(cls)
    new.__dict__.update(record.__dict__)
    new.__dict__.update(changes)
    return new


@dataclass(frozen=True)
class OperatorState:
    """One SAS operator (SAS-BRD-11, §33 operator state).

    Attributes:
        id: Operator board id ("jock").
        loc: Square, or ``None`` once dead or off the map.
        facing: Orthogonal facing (SAS-BRD-6).
        hp: Hit points left.
        crouched: Posture (SAS-CROUCH-1).
        exposed: Exposed token (SAS-SEEN-2).
        ammo: Ammunition left per weapon with limited ammo (SAS-ATK-5).
        items: Item tokens left (Lewes bombs, a cigarette).
        carrying: Id of the carried object (SAS-OBJ-1).
        status: "active", "dead" or "exfiltrated".
        activated: Already activated this Operator phase (SAS-OP-1).
        mark: Axis unit id under his mark token (SAS-MARK-1).
        mark_square: Square under his mark token for a grenade (SAS-MARK-5, SAS-EQ-6).
        mark_weapon: Weapon or item named for the marked attack (decision D-MARK-2).
        unveiled: He has just attacked: a camo net does not hide him until the command is over (SAS-EQ-12).
        scuba: His scuba token is on the board: he is in the water or under a bridge (SAS-EQ-14).
        aboard: Id of the operator vehicle he sits in (his token is on its sheet, not on a square: ``loc`` is
            ``None``; SAS-OVEH-1, SAS-SETUP-8).
        seat: His seat on that vehicle's sheet ("driver", "front_gunner", ...).
        kind: A support unit's type ("resistance", "sas_support"); empty for an operator, whose board is his id.
        support: A support unit: an extra player unit with a limited action card, 3 HP (SAS-SUP-1, SAS-SUP-2, SAS-SUP-3,
        SAS-SUP-4). disguised: Nancy wears her civilian disguise: her board shows its disguise side (SAS-NANCY-1,
        SAS-NANCY-2). talks: Talk tokens left (SAS-NANCY-6).
        talking: The Axis unit she is talking to (SAS-NANCY-6, SAS-NANCY-7).
        talk_facing: That unit's facing before it turned to her, its default facing for a shout (SAS-NANCY-7).
        strangling: The Axis unit she holds in the garrote (SAS-NANCY-9).
    """

    id: str
    loc: Cell | None
    facing: str
    hp: int
    crouched: bool = False
    exposed: bool = False
    ammo: tuple[tuple[str, int], ...] = ()
    items: tuple[tuple[str, int], ...] = ()
    carrying: str | None = None
    status: Literal["active", "dead", "exfiltrated"] = "active"
    activated: bool = False
    mark: str | None = None
    mark_square: Cell | None = None
    mark_weapon: str | None = None
    unveiled: bool = False
    scuba: bool = False
    aboard: str | None = None
    seat: str | None = None
    kind: str = ""
    support: bool = False
    disguised: bool = False
    talks: int = 0
    talking: str | None = None
    talk_facing: str = ""
    strangling: str | None = None

    @property
    def board_id(self) -> str:
        """The id of his board in the data tables (a support unit's type, SAS-SUP-1)."""
        return self.kind or self.id

    def ammo_left(self, weapon: str) -> int | None:
        """Ammunition left for ``weapon``; ``None`` when it never runs out."""
        return dict(self.ammo).get(weapon)

    def item_count(self, item: str) -> int:
        """How many ``item`` tokens the operator can use: none while his board shows its disguise side, which
        hides the equipment of the normal side (SAS-NANCY-5)."""
        return 0 if self.disguised else dict(self.items).get(item, 0)

    @property
    def on_map(self) -> bool:
        """Alive and on the board (in a square: not aboard a vehicle)."""
        return self.status == "active" and self.loc is not None

    @property
    def in_play(self) -> bool:
        """Alive and taking part: in a square or aboard an operator vehicle (SAS-OVEH-1)."""
        return self.status == "active" and (self.loc is not None or self.aboard is not None)


@dataclass(frozen=True)
class UnitState:
    """One Axis unit (SAS-UNIT-4 roles, §33 unit state).

    Attributes:
        id: Stable id.
        kind: Stat-table id ("rifle", "smg", "officer").
        role: "sentry", "patrolman", "guard", "officer" or "spawned".
        colour: Black or white (sentries, patrolmen, spawns).
        loc: Square (spawn-tile squares included).
        facing: Orthogonal facing.
        alert: Alert side up.
        post: Sentry point / guard or officer square.
        line: Patrol line id (patrolmen).
        heading: Patrolmen: +1 walks toward the end of the line, -1 toward its start.
        cigarette: Has the cigarette marker (SAS-EVT-8).
        on_spawn: Waiting on a spawn tile (SAS-EVT-5).
        damage: Damage markers on a unit with several HP (vehicles, mortar and HMG teams; SAS-AVEH-12).
        mode: Side of a two-sided token or a unit's special state ("attack" mortar, "empty" carrier
            that has unloaded, "strangled", "talking", ...); empty for the ordinary side.
        failed: A vehicle with a failure marker: it cannot move this turn (SAS-HM-1).
    """

    id: str
    kind: str
    role: str
    colour: str | None
    loc: Cell
    facing: str
    alert: bool = False
    post: Cell | None = None
    line: str | None = None
    heading: int = 1
    cigarette: bool = False
    on_spawn: bool = False
    damage: int = 0
    mode: str = ""
    failed: bool = False

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The squares under the unit: its own square, or a vehicle's footprint from its front-left ``loc``
        (D-AVEH-1)."""
        return unit_cells(self.kind, self.loc, self.facing)

    @property
    def is_vehicle(self) -> bool:
        """A multi-square vehicle token (SAS-AVEH)."""
        return is_vehicle_kind(self.kind)

    def distance(self, loc: Cell) -> int:
        """Squares from the unit to ``loc`` (Chebyshev, OQ-3), from its nearest square: a vehicle's range counts
        from the first square in front of (or behind) its token (SAS-AVEH-8)."""
        return min(max(abs(x - loc[0]), abs(y - loc[1])) for x, y in self.cells)


@dataclass(frozen=True)
class OperatorVehicleState:
    """An operator vehicle: Willys, support Willys, truck or rowing boat (SAS-OVEH-1, SAS-SUP-5).

    Attributes:
        id: Stable id ("willys").
        kind: Its type in ``data/operator_vehicles.json``.
        anchor: Front-left square of the token as seen from the driver's seat (D-AVEH-1).
        facing: Orthogonal facing of its front.
        damage: Damage markers (HP lost; SAS-OVEH-10).
        ap: Actions left this Operator phase (2 per turn, OQ-43; SAS-OVEH-2).
        entered: It has entered the map: before that it waits at its entry position with its crew on its sheet
            (SAS-SETUP-8, SAS-OVEH-11).
        mark: Axis unit its gunners have marked (SAS-OVEH-5, SAS-MARK-1).
        mark_weapon: The gun the marked attack will use.
    """

    id: str
    kind: str
    anchor: Cell
    facing: str
    damage: int = 0
    ap: int = 0
    entered: bool = True
    mark: str | None = None
    mark_weapon: str | None = None

    @property
    def pose(self) -> Pose:
        """The token's pose: anchor, facing and size (sizes from the data, D-OVEH-1)."""
        stats = tables().operator_vehicles
        size = next(((v.width, v.length) for v in stats.vehicles if v.id == self.kind), (1, 1))
        return Pose(self.anchor, self.facing, size[0], size[1])

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every square under the token."""
        return self.pose.cells()


@dataclass(frozen=True)
class ObjectState:
    """An object on the board or carried: corpse, fuel barrel, placed Lewes or rat bomb, landmine, trap (SAS-OBJ,
    SAS-EQ, SAS-EQ-17), a flamethrower's fire marker (SAS-HD-3).

    A trap that has killed is ``trap_used`` until an operator picks it up (SAS-EQ-4).
    """

    id: str
    kind: Literal["corpse", "fuel_barrel", "lewes_bomb", "rat_bomb", "landmine", "trap", "trap_used", "fire"]
    loc: Cell | None
    fuse: int = 0  # Lewes bombs: Event phases left before the bomb card comes up (SAS-DECK-4, OQ-25)


@dataclass(frozen=True)
class TyphoonState:
    """The Hawker Typhoon, the air support the mission may allow (SAS-SUP-6, SAS-SUP-7, SAS-SUP-8, SAS-SUP-9,
    SAS-SUP-10, SAS-SUP-11, SAS-SUP-12, SAS-SUP-13, SAS-SUP-14, docs/sas-decisions.md D-AIR-1, D-AIR-2, D-AIR-3,
    D-AIR-4, D-AIR-5, D-AIR-6, D-AIR-7, D-AIR-8, D-AIR-9, D-AIR-10, D-AIR-11, D-AIR-12).

    Attributes:
        status: "ready" (off the board, may be called), "called" (its card is in the event deck), "arriving" (its
            card has reached the top: the attack-run path is chosen at the start of the Operator phase),
            "flying" (on its attack run) or "down" (shot down: gone for the mission).
        edge: The map edge it enters by ("N", "E", "S", "W").
        card: While "called": the Typhoon card's position from the top of the event deck (SAS-SUP-7, SAS-DECK-5).
        path: While "flying": the map tiles of its attack run, by index, in flight order (SAS-SUP-8).
        step: Index in ``path`` of the tile it is over; -1 while it waits off the map at its edge.
        ap: Action points left in turn ``turn`` (2 a turn, both spent, SAS-SUP-9).
        turn: The turn in which ``ap`` was last spent.
        rockets: Rockets left on its sheet (2 a run, SAS-SUP-10).
        damage: HP lost (SAS-SUP-14).
        left_by: The edge it last left the map by: the reference edge for another run (SAS-SUP-10).
    """

    status: Literal["ready", "called", "arriving", "flying", "down"] = "ready"
    edge: str = ""
    card: int = 0
    path: tuple[int, ...] = ()
    step: int = -1
    ap: int = 0
    turn: int = 0
    rockets: int = 0
    damage: int = 0
    left_by: str = ""


@dataclass(frozen=True)
class Activation:
    """The operator being activated (SAS-OP-1, SAS-OP-2) and what the reaction rules remember (SAS-REACT).

    Attributes:
        operator: Operator id.
        ap: Action points left.
        aimed: Units aimed at this activation (SAS-AIM-1).
        pending: Units alerted by the previous action: they react after this one if he is still visible
            to them (SAS-REACT-3).
        spent: Weapons used once this activation that allow only one use per activation (SAS-EQ-16).
        garrote: Garrote rolls already failed this activation: each lowers the next target by 1 (SAS-NANCY-9,
            OQ-49).
    """

    operator: str
    ap: int
    aimed: tuple[str, ...] = ()
    pending: tuple[str, ...] = ()
    spent: tuple[str, ...] = ()
    garrote: int = 0


@dataclass(frozen=True)
class PendingRoll:
    """An operator's roll waiting for the rabbit's foot decision (SAS-EQ-11); ``target`` is ``None`` for a scatter
    roll.

    Attributes:
        command: The command being resolved; it is applied again with these dice once decided.
        rolled: Every die the command had rolled; the last ``count`` are the roll in question.
        count: Dice in the roll.
        target: Number each modified die must reach.
        modifier: Total modifier of the roll.
        operator: The operator whose roll it is.
        options: 1-based numbers of the dice a 6 would change usefully.
        answers: The answers the command's choices got before the roll (``app.systems.sas.choices``).
    """

    command: Any
    rolled: tuple[int, ...]
    count: int
    target: int | None
    modifier: int
    operator: str
    options: tuple[int, ...] = ()
    answers: tuple[str, ...] = ()


# --- a choice the rules leave to the players, met in the middle of a command (app.systems.sas.choices) ---------
@dataclass(frozen=True)
class Choice:
    """One question a rule asks the SAS player in the middle of a command.

    Attributes:
        kind: "expose", "mark" or "facing".
        prompt: The question.
        rule_id: The rule that gives the choice.
        options: The answers (operator ids, "fire"/"wait", facings).
        labels: The button text of each answer.
        default: Index of the answer bots and fast play take: the engine's solo ruling (docs/sas-decisions.md).
        subject: The counter the question is about (an operator or an Axis unit), if any.
    """

    kind: str
    prompt: Text
    rule_id: str
    options: tuple[str, ...]
    labels: tuple[Text, ...]
    default: int = 0
    subject: str | None = None


@dataclass(frozen=True)
class PendingChoice:
    """A command stopped at a :class:`Choice`: it runs again from its start, with the same dice and every answer given
    so far, once the SAS player answers.

    Attributes:
        command: The command being resolved, with the dice and cards typed for it at the table.
        dice: The dice the run started from.
        replay: Dice the run gave back first (a roll changed by the rabbit's foot, SAS-EQ-11).
        answers: The answers of the earlier choices of the same command, in order.
        choice: The question now.
    """

    command: Any
    dice: Dice
    replay: tuple[int, ...]
    answers: tuple[str, ...]
    choice: Choice


@dataclass(frozen=True)
class HunterMarker:
    """A marker the Jäger hunter put on the board (SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11).

    Attributes:
        id: Stable id.
        kind: "waypoint", "cat", "twig", "lock" or "blood".
        loc: Its square (a lock: one square of the door).
        number: Waypoint number 1–4 (SAS-JGR-7).
        other: A lock: the square on the other side of the locked door (SAS-JGR-10).
        operator: A twig: the operator standing on it (SAS-JGR-9).
        small: A blood stain flipped to its small side (SAS-JGR-11).
    """

    id: str
    kind: Literal["waypoint", "cat", "twig", "lock", "blood"]
    loc: Cell
    number: int = 0
    other: Cell | None = None
    operator: str | None = None
    small: bool = False


@dataclass(frozen=True)
class HunterState:
    """The Jäger hunter's cards, markers and units, and the decision he owes (SAS-JGR-2, SAS-JGR-3, SAS-JGR-4,
    SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13, SAS-JGR-14).

    Attributes:
        deck: Hunter cards left to draw (their order is unknown: a draw is a pick, like the event deck).
        hand: Cards in his hand (at most 4, SAS-JGR-4).
        discard: His discard pile.
        played: The card lying face down beside the event deck (SAS-JGR-3).
        revealed: The regular event card drawn this Event phase, waiting for his decision to replace it (SAS-JGR-5).
        resolving: The hunter card revealed in its place, waiting for him to name its target.
        stalkers: Numbered stalkers placed at setup (SAS-JGR-2).
        ready: Setup is over.
        markers: Waypoints, cats, twigs, locks and blood stains on the board.
        hunters: Axis units under his control in the Axis Advance phase (SAS-JGR-14).
        facing: The unit he turns now (a stalker on its waypoint, SAS-JGR-7; a hunter unit after its move).
        startled: Patrolmen a cat turned, who face along their line again at their next move (SAS-JGR-8).
    """

    deck: tuple[str, ...]
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    played: str | None = None
    revealed: str | None = None
    resolving: str | None = None
    stalkers: int = 0
    ready: bool = False
    markers: tuple[HunterMarker, ...] = ()
    hunters: tuple[str, ...] = ()
    facing: str | None = None
    startled: tuple[str, ...] = ()

    def markers_of(self, kind: str) -> tuple[HunterMarker, ...]:
        """His markers of one kind."""
        return tuple(m for m in self.markers if m.kind == kind)


@dataclass(frozen=True)
class SasState:
    """Everything that changes during a mission. ``rt`` is the static runtime (board, tables, mission)."""

    rt: SasRuntime = field(compare=False, repr=False)
    dice: Dice
    turn: int
    section: Section
    phase: Phase
    meter: int
    operators: tuple[OperatorState, ...]
    units: tuple[UnitState, ...]
    objects: tuple[ObjectState, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    piles: tuple[int, ...] = ()  # cards left in each pile of the event window, top pile first (SAS-DECK-2)
    draws: int = 0
    patrol_marker: str | None = None
    activation: Activation | None = None
    reacted: frozenset[tuple[str, str]] = frozenset()
    done: frozenset[str] = frozenset()
    templates: tuple[Cell, ...] = ()
    cigarette: str | None = None  # "op:<id>" held on a board, "unit:<id>" placed on a unit
    achieved: frozenset[str] = frozenset()
    escaped: frozenset[str] = frozenset()  # Axis vehicles that drove off the map alive (a convoy's, SAS-AVEH-17)
    next_id: int = 1
    pending: PendingRoll | PendingChoice | None = None  # a roll or a choice waits for the SAS player
    over: bool = False
    ended_by: str = ""
    hunter: HunterState | None = None  # Jäger mode (SAS-JGR)
    op_vehicles: tuple[OperatorVehicleState, ...] = ()
    # air support (SAS-SUP-6, SAS-SUP-7, SAS-SUP-8, SAS-SUP-9, SAS-SUP-10, SAS-SUP-11, SAS-SUP-12, SAS-SUP-13,
    # SAS-SUP-14)
    typhoon: TyphoonState = TyphoonState()

    # --- lookups ------------------------------------------------------------------------------------
    def op(self, op_id: str) -> OperatorState:
        """The operator ``op_id`` (KeyError if unknown)."""
        for op in self.operators:
            if op.id == op_id:
                return op
        raise KeyError(op_id)

    def unit(self, unit_id: str) -> UnitState | None:
        """The Axis unit ``unit_id`` if it is still alive."""
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        return None

    def unit_at(self, loc: Cell) -> UnitState | None:
        """The Axis unit in ``loc``, if any (any square of a vehicle's footprint counts, SAS-AVEH-2)."""
        for unit in self.units:
            if unit.loc == loc:
                return unit
        for unit in self.units:
            if loc in unit.cells:
                return unit
        return None

    def others_at(self, loc: Cell, unit_id: str) -> bool:
        """Whether an Axis unit other than ``unit_id`` stands in ``loc`` (any square of a vehicle's token)."""
        return any(u.id != unit_id and loc in u.cells for u in self.units)

    def op_at(self, loc: Cell) -> OperatorState | None:
        """The operator in ``loc``, if any."""
        for op in self.operators:
            if op.on_map and op.loc == loc:
                return op
        return None

    def op_vehicle(self, vehicle_id: str) -> OperatorVehicleState | None:
        """The operator vehicle ``vehicle_id``, if it still exists."""
        return next((v for v in self.op_vehicles if v.id == vehicle_id), None)

    def op_vehicle_at(self, loc: Cell) -> OperatorVehicleState | None:
        """The operator vehicle whose token covers ``loc``, if any (SAS-OVEH-1)."""
        return next((v for v in self.op_vehicles if loc in v.cells), None)

    def crew(self, vehicle_id: str) -> tuple[OperatorState, ...]:
        """The operators aboard vehicle ``vehicle_id`` (SAS-OVEH-1)."""
        return tuple(o for o in self.operators if o.status == "active" and o.aboard == vehicle_id)

    def with_op_vehicle(self, vehicle_id: str, **changes: Any) -> SasState:
        """A copy with operator vehicle ``vehicle_id`` changed."""
        vehicles = tuple(evolve(v, **changes) if v.id == vehicle_id else v for v in self.op_vehicles)
        return evolve(self, op_vehicles=vehicles)

    def objects_at(self, loc: Cell) -> tuple[ObjectState, ...]:
        """Objects lying in ``loc``."""
        return tuple(o for o in self.objects if o.loc == loc)

    def obj(self, obj_id: str) -> ObjectState | None:
        """The object ``obj_id``, if it still exists."""
        for o in self.objects:
            if o.id == obj_id:
                return o
        return None

    def active_ops(self) -> tuple[OperatorState, ...]:
        """Operators and support units alive and on the map (the Axis treat both alike, SAS-SUP-2)."""
        return tuple(o for o in self.operators if o.on_map)

    def team_ops(self) -> tuple[OperatorState, ...]:
        """Operators alive and on the map, support units left out (SAS-SUP-4, SAS-ALARM-4)."""
        return tuple(o for o in self.operators if o.on_map and not o.support)

    def map_units(self) -> tuple[UnitState, ...]:
        """Axis units on the map (not waiting on a spawn tile)."""
        return tuple(u for u in self.units if not u.on_spawn)

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The phases of the current section (SAS-TURN-2), and Jäger mode's Hunter phase (SAS-JGR-3)."""
        phases = STEALTH_PHASES if self.section == "stealth" else BATTLE_PHASES
        return phases if self.hunter is None else (*phases, HUNTER_PHASE)

    def corpse_cells(self) -> tuple[Cell, ...]:
        """Squares the Axis see as holding a corpse: corpses, and Jäger blood stains (SAS-OBJ-4, SAS-JGR-11)."""
        cells = [o.loc for o in self.objects if o.kind == "corpse" and o.loc is not None]
        if self.hunter is not None:
            cells += [m.loc for m in self.hunter.markers if m.kind == "blood" and m.loc not in cells]
        return tuple(cells)

    def with_hunter(self, **changes: Any) -> SasState:
        """A copy with the Jäger hunter's state changed."""
        assert self.hunter is not None
        return evolve(self, hunter=evolve(self.hunter, **changes))

    def with_hunter_unit(self, unit_id: str) -> SasState:
        """A copy where the Jäger hunter controls unit ``unit_id`` in the Axis Advance phase (SAS-JGR-14); the same
        state without a hunter, for a unit not on the board, or for one he already controls."""
        hunter = self.hunter
        if hunter is None or unit_id in hunter.hunters or self.unit(unit_id) is None:
            return self
        return self.with_hunter(hunters=(*hunter.hunters, unit_id))

    # --- functional updates ------------------------------------------------------------------------
    def with_op(self, op_id: str, **changes: Any) -> SasState:
        """A copy with operator ``op_id`` changed."""
        ops = tuple(evolve(o, **changes) if o.id == op_id else o for o in self.operators)
        return evolve(self, operators=ops)

    def with_unit(self, unit_id: str, **changes: Any) -> SasState:
        """A copy with unit ``unit_id`` changed."""
        units = tuple(evolve(u, **changes) if u.id == unit_id else u for u in self.units)
        return evolve(self, units=units)

    def map_units_where(self, keep: Callable[[UnitState], bool], **changes: Any) -> SasState:
        """A copy where every unit matching ``keep`` gets ``changes``."""
        units = tuple(evolve(u, **changes) if keep(u) else u for u in self.units)
        return evolve(self, units=units)

    def without_units(self, ids: Iterable[str]) -> SasState:
        """A copy without the given units."""
        gone = set(ids)
        return evolve(self, units=tuple(u for u in self.units if u.id not in gone))

    def with_object(self, obj: ObjectState) -> SasState:
        """A copy with ``obj`` added or replaced."""
        others = tuple(o for o in self.objects if o.id != obj.id)
        return evolve(self, objects=(*others, obj))

    def without_objects(self, ids: Iterable[str]) -> SasState:
        """A copy without the given objects."""
        gone = set(ids)
        return evolve(self, objects=tuple(o for o in self.objects if o.id not in gone))

    def new_id(self, prefix: str) -> tuple[SasState, str]:
        """Allocate a fresh id (``prefix`` + number)."""
        return evolve(self, next_id=self.next_id + 1), f"{prefix}{self.next_id}"


@dataclass(eq=False)
class SasRuntime:
    """The static part of a game: mission, board, tables and the printed marks read off the board."""

    mission: SasMission
    board: Board
    grid: SquareGrid
    tables: Tables
    sentry_points: dict[Cell, SentryPoint]
    lines: dict[str, PatrolLine]
    spawn_spots: tuple[SpawnSpot, ...]
    spawn_cells: frozenset[Cell]
    entry_exit: frozenset[Cell]
    map_cells: frozenset[Cell]
    cards: dict[str, EventCard]
    team: tuple[OperatorBoard, ...]
    initial_units: tuple[UnitState, ...]
    initial_objects: tuple[ObjectState, ...]
    objective_cells: dict[str, frozenset[Cell]]
    cache: dict[Any, Any] = field(default_factory=dict)
    hunter_cards: dict[str, HunterCard] = field(default_factory=dict)  # Jäger mode's hunter deck (SAS-JGR-2)
    initial_vehicles: tuple[OperatorVehicleState, ...] = ()
    support: tuple[OperatorState, ...] = ()  # the support units at setup (SAS-SUP-1)
    routes: dict[str, tuple[Cell, ...]] = field(default_factory=dict)  # vehicle routes by id (SAS-AVEH-14, SAS-AVEH-17)
    convoys: dict[str, Convoy] = field(default_factory=dict)
    arrivals: dict[str, tuple[UnitState, ...]] = field(default_factory=dict)  # special card id -> vehicles it brings

    def cell(self, label: str, where: str = "$") -> Cell:
        """The square named ``label`` ("E7"); ``where`` is the JSON path named if it is not on the board."""
        try:
            return self.cache["labels"][label]  # type: ignore[no-any-return]
        except KeyError:
            raise ScenarioValueError(where, f"square {label!r} is not on the board") from None

    def label(self, loc: Cell | None) -> str:
        """The printed name of a square."""
        return "off-map" if loc is None else self.grid.label(loc)

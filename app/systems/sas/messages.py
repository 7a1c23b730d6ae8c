"""SAS commands (imperative) and events (past tense) as pydantic models (DESIGN §3).

Rulebook chapters: §7 operator actions (SAS-ACT-1: one command per action of the action table), §6 turn
structure (SAS-TURN: ``EndActivation``, ``EndPhase``) and the Axis phases §13–17, which the rules play as
``RunAxisStep`` commands of the "axis" side so the UI can replay them step by step. In Jäger mode (§29) the "axis"
side also gives the hunter's commands (SAS-JGR-2, SAS-JGR-3, SAS-JGR-4, SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8,
SAS-JGR-9, SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13, SAS-JGR-14), and operators get two more actions (SAS-JGR-9,
SAS-JGR-10).
"""

# No `from __future__ import annotations` here: pydantic evaluates the field annotations of this module's many
# models at import, and real types cost it less than strings (start-up time, DESIGN §10).
from typing import Any, ClassVar, Literal

from app.core.i18n import Text
from app.core.messages import Command, Event, MessageRegistry
from app.core.ruling import Ruling
from app.core.table_sync import CorrectPiece

Cell = tuple[int, int]


class ActivateOperator(Command):
    """Start an operator's activation (SAS-OP-1)."""

    kind: Literal["activate"] = "activate"
    operator: str


class Move(Command):
    """Move 1 square (SAS-MOVE-1); into a square of an operator vehicle with a free seat: board it, taking
    ``seat`` (default the first free seat, SAS-OVEH-1, D-OVEH-6)."""

    kind: Literal["move"] = "move"
    operator: str
    to: Cell
    seat: str | None = None


class Sprint(Command):
    """Sprint up to 3 squares along ``path`` (SAS-SPRINT-1); a path ending in a square of an operator vehicle
    with a free seat boards it (SAS-OVEH-1), taking ``seat``."""

    kind: Literal["sprint"] = "sprint"
    operator: str
    path: tuple[Cell, ...]
    seat: str | None = None


class Climb(Command):
    """Climb 1 square over a hedge, window or into a crate square (SAS-CLIMB-1)."""

    kind: Literal["climb"] = "climb"
    operator: str
    to: Cell


class Crouch(Command):
    """Crouch (SAS-CROUCH-1)."""

    kind: Literal["crouch"] = "crouch"
    operator: str


class Stand(Command):
    """Stand up, 0 AP (SAS-CROUCH-1)."""

    kind: Literal["stand"] = "stand"
    operator: str


class Attack(Command):
    """Attack (SAS-ATK-1), Move & Attack (SAS-ATK-4), Stand & Attack (SAS-CROUCH-1) or knife (SAS-KNIFE-1).

    Attributes:
        target: Axis unit id or fuel barrel id.
        move_to: The 1-square move of Move & Attack.
        move_first: Move before the attack (else after it, SAS-ATK-4).
    """

    kind: Literal["attack"] = "attack"
    operator: str
    weapon: str
    target: str
    move_to: Cell | None = None
    move_first: bool = True


class Aim(Command):
    """Aim at a unit: +2 for the rest of the activation (SAS-AIM-1)."""

    kind: Literal["aim"] = "aim"
    operator: str
    target: str


class Mark(Command):
    """Mark a unit (or, for a grenade, a square), 2 AP, the last action of the activation (SAS-MARK-1, SAS-MARK-5,
    SAS-MARK-6).

    Attributes:
        target: The marked Axis unit (may wait on a spawn tile); ``None`` when a square is marked.
        square: The marked square (grenades only, SAS-EQ-6).
        weapon: Weapon or item the marked attack will use (decision D-MARK-2).
        facing: The facing he ends his activation with: marked attacks see only his front 90° (SAS-LOS-4).
    """

    kind: Literal["mark"] = "mark"
    operator: str
    weapon: str
    facing: Literal["N", "E", "S", "W"]
    target: str | None = None
    square: Cell | None = None


class BlindFire(Command):
    """Attack while staying crouched, −2 (SAS-BLIND-1, SAS-BLIND-2, SAS-BLIND-3)."""

    kind: Literal["blind_fire"] = "blind_fire"
    operator: str
    weapon: str
    target: str


class Throw(Command):
    """Throw a grenade at a square within 6: in LOS it lands there, else a blind throw scatters (SAS-EQ-6, SAS-EQ-7).

    A grenade is a one-use weapon, so it can be thrown as a Move & Attack (SAS-ATK-4): ``move_to`` is the 1-square
    move, made before the throw (``move_first``) or after it.
    """

    kind: Literal["throw"] = "throw"
    operator: str
    to: Cell
    move_to: Cell | None = None
    move_first: bool = True


class UseMedpack(Command):
    """Medpack, free action: the user or an adjacent operator regains all his HP (SAS-EQ-13)."""

    kind: Literal["medpack"] = "medpack"
    operator: str
    patient: str


class PickUp(Command):
    """Pick up what lies in the operator's square, 0 AP (SAS-PICK-1): an item and an object together, or ``what``
    only ("item": the used trap; "object": the corpse or the fuel barrel) — the seed lets them be taken together, not
    must."""

    kind: Literal["pick_up"] = "pick_up"
    operator: str
    what: Literal["item", "object"] | None = None


class Place(Command):
    """Place the carried corpse, or a Lewes bomb, in an adjacent square (SAS-PLACE-1, SAS-EQ-5).

    Attributes:
        item: "object" (the carried corpse), "lewes_bomb", "rat_bomb", "landmine" or "trap" (SAS-EQ-4, SAS-EQ-5,
        SAS-EQ-8, SAS-EQ-17). position: Lewes or rat bomb: where its bomb card goes in the event deck, 1–20 (SAS-DECK-4,
        SAS-EQ-17). move_to: The 1-square move of Move & Place.
    """

    kind: Literal["place"] = "place"
    operator: str
    to: Cell
    item: Literal["object", "lewes_bomb", "rat_bomb", "landmine", "trap"] = "object"
    position: int = 1
    move_to: Cell | None = None
    move_first: bool = True


class Recover(Command):
    """Recover 1 HP, 3 AP (SAS-RECOVER-1)."""

    kind: Literal["recover"] = "recover"
    operator: str


class Reveal(Command):
    """Reveal, 0 AP (SAS-REVEAL-1, SAS-REVEAL-2)."""

    kind: Literal["reveal"] = "reveal"
    operator: str


class UseCigarette(Command):
    """Put the cigarette marker on an unalert Axis unit (SAS-EVT-8)."""

    kind: Literal["cigarette"] = "cigarette"
    operator: str
    target: str


class UseFailureMarker(Command):
    """Put a failure marker from the operator's board on an Axis vehicle on the map: it cannot move this turn
    (SAS-HM-1)."""

    kind: Literal["failure_marker"] = "failure_marker"
    operator: str
    target: str


class UseRabbitsFoot(Command):
    """Turn one failed die of the roll waiting for a decision into a 6; ``operator`` owns the foot (SAS-EQ-11).

    Attributes:
        die: 1-based number of the die in the roll.
    """

    kind: Literal["rabbits_foot"] = "rabbits_foot"
    operator: str
    die: int


class KeepRoll(Command):
    """Keep the roll waiting for the rabbit's foot decision as it is (SAS-EQ-11); ``operator`` rolled it."""

    kind: Literal["keep_roll"] = "keep_roll"
    operator: str


class Decide(Command):
    """Answer the choice a command waits for (SAS-GEN-9): ``answer`` is one of its options (an operator to expose,
    SAS-ALARM-4, SAS-ALARM-5; "fire" or "wait" for a marked attack, SAS-MARK-3; a facing, SAS-GEN-8, OQ-4)."""

    kind: Literal["decide"] = "decide"
    answer: str


class ChangeClothes(Command):
    """Put on or take off Nancy's civilian disguise, 4 AP (SAS-NANCY-2)."""

    kind: Literal["change_clothes"] = "change_clothes"
    operator: str


class Talk(Command):
    """Disguised Nancy talks to an unalert Axis infantry unit orthogonally next to her: 1 AP + 1 talk token
    (SAS-NANCY-6)."""

    kind: Literal["talk"] = "talk"
    operator: str
    target: str


class AbortGarrote(Command):
    """Nancy gives up the garrote: the victim turns, alerts, shouts and attacks her at once (SAS-NANCY-11)."""

    kind: Literal["abort_garrote"] = "abort_garrote"
    operator: str


class Exfiltrate(Command):
    """Leave the map from an entry/exit square (SAS-MSN-1, decision D-MSN-2)."""

    kind: Literal["exfiltrate"] = "exfiltrate"
    operator: str


class RemoveTwig(Command):
    """Clear away the twig under him, 4 AP, instead of snapping it (SAS-JGR-9)."""

    kind: Literal["remove_twig"] = "remove_twig"
    operator: str


class PickLock(Command):
    """Pick the lock of a door he stands at, 4 AP: the lock marker is removed (SAS-JGR-10)."""

    kind: Literal["pick_lock"] = "pick_lock"
    operator: str
    lock: str


class PlaceStalker(Command):
    """Jäger setup: the hunter places stalker ``number`` on an empty spot of a spawn tile (SAS-JGR-2)."""

    kind: Literal["place_stalker"] = "place_stalker"
    number: int
    at: Cell


class PlayHunterCard(Command):
    """Hunter phase: play a hunter card face down beside the event deck (SAS-JGR-3 option 1); which card is the
    hunter's secret."""

    secret: ClassVar[bool] = True
    kind: Literal["hunter_play"] = "hunter_play"
    card: str


class DrawHunterCard(Command):
    """Hunter phase: draw a hunter card, up to the hand limit of 4 (SAS-JGR-3 option 2, SAS-JGR-4)."""

    kind: Literal["hunter_draw"] = "hunter_draw"


class DiscardHunterCards(Command):
    """Hunter phase: discard two hunter cards and draw one (SAS-JGR-3 option 3); which two is the hunter's
    secret."""

    secret: ClassVar[bool] = True
    kind: Literal["hunter_discard"] = "hunter_discard"
    discard: tuple[str, str]


class ReplaceEvent(Command):
    """Event phase: replace the revealed event card with the face-down hunter card, or discard the hunter card
    (SAS-JGR-5); a card discarded so is never shown, so declining is the hunter's secret."""

    secret: ClassVar[bool] = True
    kind: Literal["hunter_replace"] = "hunter_replace"
    use: bool

    def hidden_from(self, viewer: str | None) -> bool:
        """Only declining hides something: the card played replaces the event card face up."""
        return not self.use and super().hidden_from(viewer)


class HunterTarget(Command):
    """Where the revealed hunter card takes effect (SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11,
    SAS-JGR-13).

    Attributes:
        square: Waypoint or cat square, a corpse for a blood stain, one square of a door for a lock.
        other: A lock: the square on the other side of the door.
        operator: A twig: the operator it goes under.
        unit: An upgrade: the infantry unit that becomes a hunter.
    """

    kind: Literal["hunter_target"] = "hunter_target"
    square: Cell | None = None
    other: Cell | None = None
    operator: str | None = None
    unit: str | None = None


class FaceUnit(Command):
    """The hunter turns a stalker that reached its waypoint, or a hunter unit he moved (SAS-JGR-7, SAS-JGR-14)."""

    kind: Literal["hunter_face"] = "hunter_face"
    unit: str
    facing: Literal["N", "E", "S", "W"]


class HunterMove(Command):
    """Axis Advance phase: the hunter moves one of his hunter units anywhere within its MP (SAS-JGR-14); a
    vehicle's move names its facing too (the token's pose), an infantry unit is turned afterwards (FaceUnit)."""

    kind: Literal["hunter_move"] = "hunter_move"
    unit: str
    to: Cell
    facing: Literal["N", "E", "S", "W"] | None = None


class VehicleMove(Command):
    """An operator vehicle's Move: single moves (``vehicle_motion.MOVES`` ids) for up to 4 MP (SAS-OVEH-3)."""

    kind: Literal["vehicle_move"] = "vehicle_move"
    vehicle: str
    steps: tuple[str, ...]


class FootDown(Command):
    """Foot down! (Willys only): ``squares`` straight ahead onto regular squares, up to 5 (SAS-OVEH-4, OQ-44)."""

    kind: Literal["foot_down"] = "foot_down"
    vehicle: str
    squares: int = 5


class VehicleGunCommand(Command):
    """What an operator vehicle's Attack and Mark name (SAS-OVEH-5, SAS-OVEH-6).

    Attributes:
        target: The Axis unit.
        weapon: The vehicle's gun (empty: its own gun) or, on a rowing boat, the gunner's gun (SAS-OVEH-13).
        steps: The Move of Move & Attack / Mark (single moves, up to 4 MP).
        move_first: Move before the attack or mark (else after it).
    """

    vehicle: str
    target: str
    weapon: str = ""
    steps: tuple[str, ...] = ()
    move_first: bool = True


class VehicleAttack(VehicleGunCommand):
    """An operator vehicle's Attack, or Move & Attack when ``steps`` are given (SAS-OVEH-5, SAS-OVEH-6)."""

    kind: Literal["vehicle_attack"] = "vehicle_attack"


class VehicleMark(VehicleGunCommand):
    """An operator vehicle's Mark, or Move & Mark with ``steps``: the gunners' mark on an Axis unit (SAS-OVEH-5,
    SAS-OVEH-6)."""

    kind: Literal["vehicle_mark"] = "vehicle_mark"


class Deploy(Command):
    """Deploy: an operator leaves the vehicle for square ``to`` next to it, or takes the free ``seat`` (SAS-OVEH-9)."""

    kind: Literal["deploy"] = "deploy"
    vehicle: str
    operator: str
    to: Cell | None = None
    seat: str | None = None


class Repair(Command):
    """Repair: +1 HP, never above the repair box (SAS-OVEH-9)."""

    kind: Literal["repair"] = "repair"
    vehicle: str


class CallTyphoon(Command):
    """Call the Typhoon in (Operator phase): its card goes 2nd, 3rd or 4th from the top of the event deck as ``edge``,
    the map edge it will enter by, is the same as, beside or opposite the entry/exit tile's edge (or, for another run,
    the edge it last left by) (SAS-SUP-6, SAS-SUP-7, SAS-SUP-10, SAS-DECK-5)."""

    kind: Literal["call_typhoon"] = "call_typhoon"
    edge: Literal["N", "E", "S", "W"]


class TyphoonPath(Command):
    """Choose the Typhoon's attack-run path: ``line``, a line of map tiles running away from its edge, counted from
    the top (entering by the east or west edge) or from the left (north or south edge), 0 first (SAS-SUP-8)."""

    kind: Literal["typhoon_path"] = "typhoon_path"
    line: int


class TyphoonMove(Command):
    """The Typhoon's Move, 1 AP: to the centre square of the next tile of its path, or off the map after the last
    tile, which ends its run (SAS-SUP-9)."""

    kind: Literal["typhoon_move"] = "typhoon_move"


class TyphoonAttack(Command):
    """The Typhoon's Move & Attack, 1 AP: a rocket or its HMG at an Axis unit on the next tile it will enter, before
    the move (``attack_first``) or after it (SAS-SUP-9, SAS-SUP-10).

    Attributes:
        weapon: "rocket" (a blast, like a blind grenade) or "hmg" (a sweep, like the Willys guns).
        target: The Axis unit aimed at.
        attack_first: Attack, then move (else move, then attack).
    """

    kind: Literal["typhoon_attack"] = "typhoon_attack"
    weapon: Literal["rocket", "hmg"]
    target: str
    attack_first: bool = True


class EndActivation(Command):
    """End the current activation; unused AP are lost (SAS-OP-2)."""

    kind: Literal["end_activation"] = "end_activation"


class EndPhase(Command):
    """End the Operator phase (SAS-TURN-2)."""

    kind: Literal["end_phase"] = "end_phase"


class RunAxisStep(Command):
    """Play the next step of the automated Axis (SAS-ADV, SAS-EVT, SAS-PAT, SAS-AATK, SAS-END)."""

    kind: Literal["axis_step"] = "axis_step"


COMMANDS: MessageRegistry[Command] = MessageRegistry(
    [
        ActivateOperator,
        Move,
        Sprint,
        Climb,
        Crouch,
        Stand,
        Attack,
        Aim,
        Mark,
        BlindFire,
        Throw,
        UseMedpack,
        PickUp,
        Place,
        Recover,
        Reveal,
        UseCigarette,
        UseFailureMarker,
        UseRabbitsFoot,
        KeepRoll,
        Decide,
        ChangeClothes,
        Talk,
        AbortGarrote,
        Exfiltrate,
        RemoveTwig,
        PickLock,
        VehicleMove,
        FootDown,
        VehicleAttack,
        VehicleMark,
        Deploy,
        Repair,
        CallTyphoon,
        TyphoonPath,
        TyphoonMove,
        TyphoonAttack,
        EndActivation,
        EndPhase,
        RunAxisStep,
        PlaceStalker,
        PlayHunterCard,
        DrawHunterCard,
        DiscardHunterCards,
        ReplaceEvent,
        HunterTarget,
        FaceUnit,
        HunterMove,
        CorrectPiece,
    ]
)
VEHICLE_ACTIONS = (VehicleMove, FootDown, VehicleAttack, VehicleMark, Deploy, Repair)
AIR_COMMANDS = (CallTyphoon, TyphoonPath, TyphoonMove, TyphoonAttack)
OPERATOR_ACTIONS = (
    Move,
    Sprint,
    Climb,
    Crouch,
    Stand,
    Attack,
    Aim,
    Mark,
    BlindFire,
    Throw,
    UseMedpack,
    PickUp,
    Place,
    Recover,
    Reveal,
    UseCigarette,
    UseFailureMarker,
    ChangeClothes,
    Talk,
    AbortGarrote,
    RemoveTwig,
    PickLock,
)
HUNTER_COMMANDS = (
    PlaceStalker,
    PlayHunterCard,
    DrawHunterCard,
    DiscardHunterCards,
    ReplaceEvent,
    HunterTarget,
    FaceUnit,
    HunterMove,
)


class SasEvent(Event):
    """Something that happened; ``kind`` names it ("unit_alerted", "operator_moved", "alarm_raised"...)."""

    kind: str = "sas"


def ev(
    kind: str,
    text: Text,
    rule_id: str,
    at: tuple[Any, ...] = (),
    *,
    ruling: Ruling | None = None,
    instruction: Text | None = None,
) -> SasEvent:
    """Make an event; ``instruction`` tells a table-mode player what to do on the physical board."""
    return SasEvent(kind=kind, text=text, rule_id=rule_id, at=at, ruling=ruling, instruction=instruction)


ACTION_LABELS = {
    "activate": "Activate",
    "move": "Move",
    "sprint": "Sprint",
    "climb": "Climb",
    "crouch": "Crouch",
    "stand": "Stand",
    "attack": "Attack",
    "aim": "Aim",
    "mark": "Mark",
    "blind_fire": "Blind fire",
    "throw": "Throw a grenade",
    "medpack": "Use the medpack",
    "pick_up": "Pick up",
    "place": "Place",
    "recover": "Recover",
    "reveal": "Reveal",
    "cigarette": "Give the cigarette",
    "failure_marker": "Mechanical failure",
    "rabbits_foot": "Use the rabbit's foot",
    "keep_roll": "Keep the roll",
    "decide": "Decide",
    "change_clothes": "Change clothes",
    "talk": "Talk to",
    "abort_garrote": "Give up the garrote",
    "exfiltrate": "Leave the map",
    "vehicle_move": "Drive",
    "foot_down": "Foot down!",
    "vehicle_attack": "Vehicle attack",
    "vehicle_mark": "Vehicle mark",
    "deploy": "Deploy",
    "repair": "Repair the vehicle",
    "call_typhoon": "Call the Typhoon",
    "typhoon_path": "Typhoon attack run",
    "typhoon_move": "Typhoon: move",
    "typhoon_attack": "Typhoon: move & attack",
    "end_activation": "End activation",
    "end_phase": "End Operator phase",
    "axis_step": "Next Axis step",
    "remove_twig": "Clear the twig",
    "pick_lock": "Pick the lock",
    "place_stalker": "Place stalker",
    "hunter_play": "Play a hunter card face down",
    "hunter_draw": "Draw a hunter card",
    "hunter_discard": "Discard two hunter cards, draw one",
    "hunter_replace": "Replace the event card",
    "hunter_target": "Hunter card target",
    "hunter_face": "Turn",
    "hunter_move": "Move hunter unit",
}

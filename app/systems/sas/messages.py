"""SAS commands (imperative) and events (past tense) as pydantic models (DESIGN §3).

Rulebook chapters: §7 operator actions (SAS-ACT-1: one command per action of the action table), §6 turn
structure (SAS-TURN: ``EndActivation``, ``EndPhase``) and the Axis phases §13–17, which the rules play as
``RunAxisStep`` commands of the "axis" side so the UI can replay them step by step. In Jäger mode (§29) the "axis"
side also gives the hunter's commands (SAS-JGR-2..14), and operators get two more actions (SAS-JGR-9/10).
"""

from __future__ import annotations

from typing import Any, Literal

from app.core.i18n import Text
from app.core.messages import Command, Event, MessageRegistry
from app.core.ruling import Ruling

Cell = tuple[int, int]


class ActivateOperator(Command):
    """Start an operator's activation (SAS-OP-1)."""

    kind: Literal["activate"] = "activate"
    operator: str


class Move(Command):
    """Move 1 square (SAS-MOVE-1)."""

    kind: Literal["move"] = "move"
    operator: str
    to: Cell


class Sprint(Command):
    """Sprint up to 3 squares along ``path`` (SAS-SPRINT-1)."""

    kind: Literal["sprint"] = "sprint"
    operator: str
    path: tuple[Cell, ...]


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
    """Mark a unit (or, for a grenade, a square), 2 AP, the last action of the activation (SAS-MARK-1, -5, -6).

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
    """Attack while staying crouched, −2 (SAS-BLIND-1..3)."""

    kind: Literal["blind_fire"] = "blind_fire"
    operator: str
    weapon: str
    target: str


class Throw(Command):
    """Throw a grenade at a square within 6: in LOS it lands there, else a blind throw scatters (SAS-EQ-6/7).

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
    """Pick up the corpse in the operator's square, 0 AP (SAS-PICK-1)."""

    kind: Literal["pick_up"] = "pick_up"
    operator: str


class Place(Command):
    """Place the carried corpse, or a Lewes bomb, in an adjacent square (SAS-PLACE-1, SAS-EQ-5).

    Attributes:
        item: "object" (the carried corpse), "lewes_bomb", "landmine" or "trap" (SAS-EQ-4/5/8).
        position: Lewes bomb: where its bomb card goes in the event deck, 1–20 (SAS-DECK-4).
        move_to: The 1-square move of Move & Place.
    """

    kind: Literal["place"] = "place"
    operator: str
    to: Cell
    item: Literal["object", "lewes_bomb", "landmine", "trap"] = "object"
    position: int = 1
    move_to: Cell | None = None
    move_first: bool = True


class Recover(Command):
    """Recover 1 HP, 3 AP (SAS-RECOVER-1)."""

    kind: Literal["recover"] = "recover"
    operator: str


class Reveal(Command):
    """Reveal, 0 AP (SAS-REVEAL-1/2)."""

    kind: Literal["reveal"] = "reveal"
    operator: str


class UseCigarette(Command):
    """Put the cigarette marker on an unalert Axis unit (SAS-EVT-8)."""

    kind: Literal["cigarette"] = "cigarette"
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
    """Hunter phase: play a hunter card face down beside the event deck (SAS-JGR-3 option 1)."""

    kind: Literal["hunter_play"] = "hunter_play"
    card: str


class DrawHunterCard(Command):
    """Hunter phase: draw a hunter card, up to the hand limit of 4 (SAS-JGR-3 option 2, SAS-JGR-4)."""

    kind: Literal["hunter_draw"] = "hunter_draw"


class DiscardHunterCards(Command):
    """Hunter phase: discard two hunter cards and draw one (SAS-JGR-3 option 3)."""

    kind: Literal["hunter_discard"] = "hunter_discard"
    discard: tuple[str, str]


class ReplaceEvent(Command):
    """Event phase: replace the revealed event card with the face-down hunter card, or discard the hunter card
    (SAS-JGR-5)."""

    kind: Literal["hunter_replace"] = "hunter_replace"
    use: bool


class HunterTarget(Command):
    """Where the revealed hunter card takes effect (SAS-JGR-7..11, -13).

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
        UseRabbitsFoot,
        KeepRoll,
        Exfiltrate,
        RemoveTwig,
        PickLock,
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
    ]
)
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
    "rabbits_foot": "Use the rabbit's foot",
    "keep_roll": "Keep the roll",
    "exfiltrate": "Leave the map",
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

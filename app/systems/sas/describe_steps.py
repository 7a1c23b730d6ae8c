"""The named options of SAS commands, so the window builds them step by step (DESIGN §3a).

Rulebook chapters: §8.1 (SAS-ATK-4: Move & Attack, the 1-square move made before or after the attack, and the
weapon), §9 (SAS-SPRINT-1: the path of a sprint), SAS-PLACE-1, SAS-DECK-4 and SAS-EQ-17 (a Lewes or rat bomb's
card goes to a chosen position of the event deck), SAS-MARK-6 (the facing a marking operator ends with),
SAS-OVEH-1 (the seat taken when boarding an operator vehicle). A command's other fields (operator, target)
make its template; these fields are what the player is asked for when several values remain.
"""

from __future__ import annotations

from functools import lru_cache

from app.core.i18n import Text, localized, t
from app.core.messages import Command
from app.core.view import CommandOption
from app.systems.sas.messages import Attack, BlindFire, Mark, Move, PickUp, Place, Sprint, Throw
from app.systems.sas.state import SasState
from app.systems.sas.vehicles.ovehicle_actions import seat_name

BOMBS = ("lewes_bomb", "rat_bomb")
BARE = {"move_to": None, "weapon": "", "seat": None, "what": None}  # the option fields a template's title leaves out
MOVE, ORDER = t("Move"), t("Order")
NO_MOVE = CommandOption("move_to", MOVE, "", t("No move"))
FIRST, AFTER = ("first", t("Move first")), ("after", t("Act first, then move"))
PICK_WHAT = {None: t("Everything here"), "item": t("Only the used trap"), "object": t("Only the object")}


def bare(command: Command) -> Command:
    """The command with its option fields cleared, to word the title of its template (itself if it has none)."""
    fields = type(command).model_fields
    update = {name: value for name, value in BARE.items() if name in fields and getattr(command, name) != value}
    return command.model_copy(update=update) if update else command


def options(state: SasState, command: Command) -> tuple[CommandOption, ...]:
    """The options ``command`` takes, in the order the window asks for them."""
    out: list[CommandOption] = []
    if isinstance(command, Attack | BlindFire | Mark):
        out.append(_weapon(state, command.weapon))
    if isinstance(command, Attack | Throw | Place):
        out += _move_and_act(state, command)
    if isinstance(command, Place) and command.item in BOMBS:  # SAS-DECK-4, SAS-EQ-17
        out.append(
            CommandOption("position", t("Deck position"), str(command.position), Text(msg=str(command.position)))
        )
    if isinstance(command, Sprint):  # SAS-SPRINT-1
        route = " → ".join(state.rt.label(square) for square in command.path)
        out.append(CommandOption("path", t("Path"), route, Text(msg=route)))
    if isinstance(command, Move | Sprint) and command.seat is not None:  # SAS-OVEH-1
        out.append(CommandOption("seat", t("Seat"), command.seat, seat_name(command.seat)))
    if isinstance(command, PickUp):  # SAS-PICK-1: an item and an object together, or either alone
        out.append(CommandOption("what", t("What"), command.what or "all", PICK_WHAT[command.what]))
    if isinstance(command, Mark):  # SAS-MARK-6
        out.append(CommandOption("facing", t("Facing"), command.facing, Text(msg=command.facing)))
    return tuple(out)


def _weapon(state: SasState, weapon_id: str) -> CommandOption:
    weapon = state.rt.tables.weapons.get(weapon_id)
    return _weapon_option(weapon_id, *((weapon.name_en, weapon.name_zh) if weapon is not None else (weapon_id, "")))


@lru_cache(maxsize=256)
def _weapon_option(weapon_id: str, name_en: str, name_zh: str) -> CommandOption:
    """One option value per weapon (options are immutable: made once, shared by every command that uses them)."""
    return CommandOption("weapon", t("Weapon"), weapon_id, localized(name_en, name_zh or None))


@lru_cache(maxsize=64)
def _position(position: int) -> CommandOption:
    return CommandOption("position", t("Deck position"), str(position), Text(msg=str(position)))


def _move_and_act(state: SasState, command: Attack | Throw | Place) -> list[CommandOption]:
    """Move & Attack / Throw / Place: where the 1-square move goes and whether it comes first (SAS-ATK-4)."""
    if command.move_to is None:
        return [NO_MOVE]
    square = state.rt.label(command.move_to)
    order = FIRST if command.move_first else AFTER
    return [
        CommandOption("move_to", MOVE, square, t("Move to {square}", square=square)),
        CommandOption("order", ORDER, order[0], order[1]),
    ]

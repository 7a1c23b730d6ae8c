"""Table sync for SAS (issue 15, point 4; ``app.core.table_sync``): the app's board corrected to match the table.

Outside the rules (rule ``CORE-SYNC-1``): a correction never rolls, never alerts anyone and never moves the turn on.
An operator or support unit can be moved, turned, shown exposed or hidden, given his hit points (0: dead) or
taken off; an Axis unit or vehicle moved, turned, flipped to its alert or normal side, given its damage markers or
taken off; a rifle, SMG infantry or officer added (SAS-UNIT-1, SAS-UNIT-2, SAS-UNIT-3); the stealth meter set
(SAS-METER-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.core.errors import IllegalCommandError
from app.core.i18n import Text, localized, t
from app.core.messages import Event
from app.core.table_sync import RULE, Correction, CorrectPiece
from app.core.view import CommandInfo
from app.systems.sas.messages import ev
from app.systems.sas.names import FACINGS, name_of
from app.systems.sas.state import SasState, UnitState

Cell = tuple[int, int]
ADDABLE = ("rifle", "smg", "officer")  # the infantry counters a player may need to add (SAS-UNIT-1, 2, 3)
METER_MAX = 12


def corrections(state: SasState, piece: str | None) -> list[Correction]:
    """The corrections of ``piece`` (an operator, a support unit or an Axis unit), or of the board (``None``)."""
    if piece is None:
        return _board(state)
    op = next((o for o in state.operators if o.id == piece and o.status == "active"), None)
    unit = state.unit(piece)
    if op is None and unit is None:
        return []
    move = Correction(t("Move"), ((t("to the square clicked next"), CorrectPiece(piece=piece)),), located=True)
    turn = Correction(t("Turn to face"), tuple((FACINGS[f], CorrectPiece(piece=piece, facing=f)) for f in "NESW"))
    remove = Correction(t("Remove from the board"), ((t("Remove"), CorrectPiece(piece=piece, remove=True)),))
    if op is not None:
        top = _max_hp(state, piece)
        flip = Correction(
            t("Token side"),
            (
                (t("exposed"), CorrectPiece(piece=piece, flip=True)),
                (t("hidden"), CorrectPiece(piece=piece, flip=False)),
            ),
        )
        hp = Correction(
            t("Hit points"), tuple((_n(v), CorrectPiece(piece=piece, track="hp", value=v)) for v in range(top + 1))
        )
        return [move, turn, flip, hp, remove]
    assert unit is not None
    flip = Correction(
        t("Counter side"),
        ((t("alert"), CorrectPiece(piece=piece, flip=True)), (t("not alert"), CorrectPiece(piece=piece, flip=False))),
    )
    found = [move, turn, flip, remove]
    vehicle = state.rt.tables.vehicle(unit.kind)
    if vehicle is not None:  # damage markers (SAS-AVEH-12)
        marks = tuple((_n(v), CorrectPiece(piece=piece, track="damage", value=v)) for v in range(vehicle.hp))
        found.insert(3, Correction(t("Damage markers"), marks))
    return found


def _board(state: SasState) -> list[Correction]:
    found = []
    for kind in ADDABLE:
        stats = state.rt.tables.units[kind]
        what = localized(stats.name_en, stats.name_zh)
        command = CorrectPiece(add=kind, owner="axis", facing="N")
        found.append(Correction(t("Add {unit} here", unit=what), ((what, command),), located=True))
    values = tuple((_n(v), CorrectPiece(track="meter", value=v)) for v in range(METER_MAX + 1))
    found.append(Correction(t("Set the stealth meter"), values))
    return found


def _n(value: int) -> Text:
    return localized(str(value))


def _max_hp(state: SasState, op_id: str) -> int:
    op = state.op(op_id)
    if op.support:
        return state.rt.tables.support[op.kind].hp
    board = state.rt.tables.operators.get(op_id)
    return board.hp if board is not None else max(op.hp, 1)


def apply(state: SasState, cmd: CorrectPiece) -> tuple[SasState, Sequence[Event]]:
    """Apply a correction (``CORE-SYNC-1``); an impossible one is refused with the reason."""
    if cmd.add:
        return _add(state, cmd)
    if not cmd.piece:
        if cmd.track != "meter" or cmd.value is None or not 0 <= cmd.value <= METER_MAX:
            raise _refuse(t("Say which piece or which track to correct."))
        text = t("Table sync: the stealth meter is set to {n}.", n=cmd.value)
        return replace(state, meter=cmd.value), [_event(text)]
    if any(o.id == cmd.piece for o in state.operators):
        return _operator(state, cmd)
    unit = state.unit(cmd.piece)
    if unit is None:
        raise _refuse(t("There is no piece {piece} on the board.", piece=cmd.piece))
    return _unit(state, unit, cmd)


def _operator(state: SasState, cmd: CorrectPiece) -> tuple[SasState, Sequence[Event]]:
    name = name_of(state, cmd.piece)
    if cmd.remove or (cmd.track == "hp" and cmd.value == 0):
        state = state.with_op(cmd.piece, loc=None, hp=0, status="dead", aboard=None, seat=None)
        return state, [_event(t("Table sync: {unit} is taken off the board (dead).", unit=name))]
    changes: dict[str, object] = {}
    if cmd.at is not None:
        changes.update(loc=_square(state, cmd.at), aboard=None, seat=None)
    if cmd.facing is not None:
        changes["facing"] = _facing(cmd.facing)
    if cmd.flip is not None:
        changes["exposed"] = cmd.flip
    if cmd.track == "hp" and cmd.value is not None:
        if not 0 < cmd.value <= _max_hp(state, cmd.piece):
            raise _refuse(t("{unit} cannot have {n} hit points.", unit=name, n=cmd.value))
        changes["hp"] = cmd.value
    if not changes:
        raise _refuse(t("Say what to correct."))
    after = state.with_op(cmd.piece, **changes)
    return after, [_event(t("Table sync: {unit} is corrected: {what}.", unit=name, what=_what(after, cmd)))]


def _unit(state: SasState, unit: UnitState, cmd: CorrectPiece) -> tuple[SasState, Sequence[Event]]:
    name = name_of(state, unit.id)
    if cmd.remove:
        return state.without_units([unit.id]), [_event(t("Table sync: {unit} is taken off the board.", unit=name))]
    changes: dict[str, object] = {}
    if cmd.at is not None:
        changes["loc"] = _square(state, cmd.at)
    if cmd.facing is not None:
        changes["facing"] = _facing(cmd.facing)
    if cmd.flip is not None:
        changes["alert"] = cmd.flip
    if cmd.track == "damage" and cmd.value is not None:
        vehicle = state.rt.tables.vehicle(unit.kind)
        if vehicle is None or not 0 <= cmd.value < vehicle.hp:
            raise _refuse(t("{unit} cannot take {n} damage markers.", unit=name, n=cmd.value))
        changes["damage"] = cmd.value
    if not changes:
        raise _refuse(t("Say what to correct."))
    after = state.with_unit(unit.id, **changes)
    return after, [_event(t("Table sync: {unit} is corrected: {what}.", unit=name, what=_what(after, cmd)))]


def _add(state: SasState, cmd: CorrectPiece) -> tuple[SasState, Sequence[Event]]:
    if cmd.add not in ADDABLE or cmd.at is None:
        raise _refuse(t("Only rifle, SMG infantry or an officer can be added, on a square."))
    loc = _square(state, cmd.at)
    ident = f"sync_{state.next_id}"
    role = "officer" if cmd.add == "officer" else "guard"
    unit = UnitState(ident, cmd.add, role, None, loc, _facing(cmd.facing or "N"))
    after = replace(state, units=(*state.units, unit), next_id=state.next_id + 1)
    return after, [_event(t("Table sync: {unit} is added.", unit=name_of(after, ident)), (loc,))]


def _what(state: SasState, cmd: CorrectPiece) -> Text:
    """What a correction changed, in words ("on K4, facing east, alert side up")."""
    parts: dict[str, Text] = {}
    if cmd.at is not None:
        parts["a"] = t("on {sq}", sq=state.rt.label((cmd.at[0], cmd.at[1])))
    if cmd.facing is not None:
        parts["b"] = t("facing {facing}", facing=FACINGS.get(cmd.facing, localized(cmd.facing)))
    if cmd.flip is not None:
        parts["c"] = t("flipped side up") if cmd.flip else t("normal side up")
    if cmd.value is not None:
        parts["d"] = t("{what} {n}", what=t("hit points") if cmd.track == "hp" else t("damage markers"), n=cmd.value)
    return Text(msg=", ".join("{" + k + "}" for k in parts), args=dict(parts))


def _square(state: SasState, at: tuple[int, ...]) -> Cell:
    if len(at) != 2 or not state.rt.grid.contains((at[0], at[1])):
        raise _refuse(t("That is not a square of this board."))
    return (at[0], at[1])


def _facing(facing: str) -> str:
    if facing not in ("N", "E", "S", "W"):
        raise _refuse(t("A counter faces north, east, south or west."))
    return facing


def _refuse(reason: Text) -> IllegalCommandError:
    return IllegalCommandError(reason, RULE)


def _event(text: Text, at: tuple[object, ...] = ()) -> Event:
    return ev("table_sync", text, RULE, at)


def describe(state: SasState, cmd: CorrectPiece) -> CommandInfo:
    """How a correction is presented (the log, undo)."""
    if cmd.add:
        label = t("Table sync: add a counter")
    elif cmd.piece:
        label = t("Table sync: correct {unit}", unit=name_of(state, cmd.piece))
    else:
        label = t("Table sync: set the stealth meter")
    return CommandInfo(label, "table_sync", cmd.piece or None, cmd.at)

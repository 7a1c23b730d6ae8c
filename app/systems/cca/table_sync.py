"""Table sync for Commands & Colors (issue 15, point 4; ``app.core.table_sync``): the app's board corrected to match
the table, outside the rules (``CORE-SYNC-1``): a unit or leader moved or taken off, a unit's blocks set
(CCA-HIT-7), a unit of a class its army fields added on a hex (CCA-UNIT-1, CCA-UNIT-2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.core.errors import IllegalCommandError
from app.core.i18n import Text, localized, t
from app.core.messages import Event
from app.core.table_sync import RULE, Correction, CorrectPiece
from app.core.view import CommandInfo
from app.systems.cca.messages import Happened
from app.systems.cca.scenario import SIDES
from app.systems.cca.state import Hex, State, Unit
from app.systems.cca.tables import class_name, unit_classes
from app.systems.cca.view import side_name


def piece_name(state: State, piece: str) -> Text:
    """A unit or leader as a player finds it: "Macedonian medium infantry on 0507", "leader Alexander on 0507"."""
    unit, leader = state.unit(piece), state.leader(piece)
    if unit is not None:
        where = state.runtime.board.topology.label(unit.hex)
        return t("{side} {cls} on {hex}", side=side_name(state, unit.side), cls=class_name(unit.cls), hex=where)
    if leader is not None:
        return t(
            "leader {name} on {hex}", name=state.leader_name(leader), hex=state.runtime.board.topology.label(leader.hex)
        )
    return localized(piece)


def corrections(state: State, piece: str | None) -> list[Correction]:
    """The corrections of a unit or leader, or of the board (``None``: add a unit of a class its army fields)."""
    if piece is None:
        return [_add(state, side) for side in SIDES if _fielded(state, side)]
    unit, leader = state.unit(piece), state.leader(piece)
    if unit is None and leader is None:
        return []
    move = Correction(t("Move"), ((t("to the hex clicked next"), CorrectPiece(piece=piece)),), located=True)
    remove = Correction(t("Remove from the board"), ((t("Remove"), CorrectPiece(piece=piece, remove=True)),))
    if unit is None:
        return [move, remove]
    counts = range(1, unit.spec.blocks + 1)
    blocks = tuple((localized(str(n)), CorrectPiece(piece=piece, track="blocks", value=n)) for n in counts)
    return [move, Correction(t("Blocks"), blocks), remove]


def _fielded(state: State, side: str) -> list[str]:
    """The unit classes ``side``'s army fields in this scenario (those a player may need to add back)."""
    army = next((a for a in state.runtime.model.armies if a.side == side), None)
    return sorted({u.cls for u in army.units}) if army is not None else []


def _add(state: State, side: str) -> Correction:
    choices = tuple((class_name(c), CorrectPiece(add=c, owner=side)) for c in _fielded(state, side))
    return Correction(t("Add a {side} unit here", side=side_name(state, side)), choices, located=True)


def apply(state: State, cmd: CorrectPiece) -> tuple[State, Sequence[Event]]:
    """Apply a correction (``CORE-SYNC-1``); an impossible one is refused with the reason."""
    if cmd.add:
        return _added(state, cmd)
    unit, leader = state.unit(cmd.piece), state.leader(cmd.piece)
    if unit is None and leader is None:
        raise _refuse(t("There is no piece {piece} on the board.", piece=cmd.piece))
    name = piece_name(state, cmd.piece)
    if cmd.remove:
        state = replace(
            state,
            units=tuple(u for u in state.units if u.id != cmd.piece),
            leaders=tuple(x for x in state.leaders if x.id != cmd.piece),
        )
        return state, [_event(t("Table sync: {unit} is taken off the board.", unit=name))]
    if cmd.at is not None:
        to = _hex(state, cmd.at)
        state = replace(
            state,
            units=tuple(replace(u, hex=to) if u.id == cmd.piece else u for u in state.units),
            leaders=tuple(replace(x, hex=to) if x.id == cmd.piece else x for x in state.leaders),
        )
        where = state.runtime.board.topology.label(to)
        return state, [_event(t("Table sync: {unit} is moved to {hex}.", unit=name, hex=where), (to,))]
    if cmd.track == "blocks" and unit is not None and cmd.value is not None:
        if not 1 <= cmd.value <= unit.spec.blocks:
            raise _refuse(t("{unit} cannot have {n} blocks.", unit=name, n=cmd.value))
        state = replace(state, units=tuple(replace(u, blocks=cmd.value) if u.id == unit.id else u for u in state.units))
        return state, [_event(t("Table sync: {unit}: blocks set to {n}.", unit=name, n=cmd.value))]
    raise _refuse(t("Say what to correct."))


def _added(state: State, cmd: CorrectPiece) -> tuple[State, Sequence[Event]]:
    spec = unit_classes().get(cmd.add)
    if spec is None or cmd.owner not in SIDES or cmd.at is None:
        raise _refuse(t("Say which class of unit to add, for which side, on which hex."))
    to = _hex(state, cmd.at)
    if state.unit_at(to) is not None:
        raise _refuse(t("A unit already stands on that hex."))
    number = 1 + sum(1 for u in state.units if u.id.startswith("sync"))
    unit = Unit(f"sync{number}", cmd.owner, cmd.add, to, spec.blocks)
    state = replace(state, units=(*state.units, unit))
    return state, [_event(t("Table sync: {unit} is added.", unit=piece_name(state, unit.id)), (to,))]


def describe(state: State, cmd: CorrectPiece) -> CommandInfo:
    """How a correction is presented (the log, undo)."""
    if cmd.add:
        return CommandInfo(t("Table sync: add a unit"), "table_sync", None, cmd.at)
    return CommandInfo(
        t("Table sync: correct {unit}", unit=piece_name(state, cmd.piece)), "table_sync", cmd.piece, cmd.at
    )


def _hex(state: State, at: tuple[int, ...]) -> Hex:
    if len(at) != 2 or not state.runtime.board.topology.contains((at[0], at[1])):
        raise _refuse(t("That is not a hex of this board."))
    return (at[0], at[1])


def _refuse(reason: Text) -> IllegalCommandError:
    return IllegalCommandError(reason, RULE)


def _event(text: Text, at: tuple[Hex, ...] = ()) -> Event:
    return Happened(what="table_sync", text=text, rule_id=RULE, at=at)

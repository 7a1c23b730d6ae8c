"""Table sync (issue 15, point 4): make a piece on the app's board match the physical table.

A game already under way on the table can be taken over, and a slip fixed, without restarting: any counter can be
moved, turned, flipped, removed or have a value set (its hit points, its blocks), a new one added, or a track set
(SAS's stealth meter). Each correction is a :class:`CorrectPiece` command, shared by every system that declares
:class:`app.core.capabilities.HasTableSync`: it goes through ``Session.submit`` like any other command, so it is
logged (an event says what changed, rule ``CORE-SYNC-1``), undone and redone, saved and replayed.

A system offers the corrections that make sense for a piece with :class:`Correction` values; the window (the
counter's context menu) shows their titles and submits the command chosen, or, for a move or an added piece, the
command completed with a location (:meth:`Correction.at`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from app.core.i18n import Text
from app.core.messages import Command

RULE = "CORE-SYNC-1"
"""The rule ID of every table-sync event: "the app's board follows the table"."""


class CorrectPiece(Command):
    """Correct the app's board to match the table (outside the rules: it never rolls nor moves the turn on).

    Attributes:
        piece: Id of the piece corrected ("" for a value of the whole game: ``track``).
        at: Move it (or put the piece added) here: a location of the board as JSON (a square's or hex's
            coordinates).
        facing: Turn it to face this way (the system's own facing names: "N", "E"... or a hex side).
        flip: Put this side up: True the flipped side (alert, reduced, exposed), False the normal side.
        remove: Take it off the board.
        value: The new value of ``track`` (a piece's "hp" or "blocks", or a game track such as "meter").
        track: Which value ``value`` sets.
        add: Add a new piece of this type (the system's unit type id) at ``at``, for ``owner``.
        owner: The side a piece added belongs to.
    """

    kind: Literal["correct_piece"] = "correct_piece"
    piece: str = Field("", max_length=100)
    at: tuple[int, ...] | None = Field(None, max_length=3)
    facing: str | None = Field(None, max_length=10)
    flip: bool | None = None
    remove: bool = False
    value: int | None = Field(None, ge=-1000, le=1000)
    track: str = Field("", max_length=40)
    add: str = Field("", max_length=60)
    owner: str = Field("", max_length=40)


@dataclass(frozen=True)
class Correction:
    """One way to correct a piece (or the board), as the window offers it.

    Attributes:
        title: What the menu entry says ("Move", "Turn to face", "Add rifle infantry").
        choices: The values to pick from, each with the command it gives (turn: one per facing; remove: one).
        located: The commands take a location: for a piece's menu the one clicked next (a move), for the board's
            menu the one clicked on (a piece added there); :meth:`at` puts it in.
    """

    title: Text
    choices: tuple[tuple[Text, CorrectPiece], ...] = ()
    located: bool = False

    @staticmethod
    def at(command: CorrectPiece, location: Any) -> CorrectPiece:
        """``command`` for ``location`` (a board location: a tuple of ints)."""
        return command.model_copy(update={"at": tuple(int(v) for v in location)})

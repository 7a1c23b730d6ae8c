"""The working context of one ``apply``: the evolving state, the dice roller and the events so far.

Rulebook chapter: none of its own — it carries what §10 (SAS-SEEN) and §11 (SAS-REACT) need to remember
during one action: which alert units saw the acting operator, and which units the action alerted. The input
state is never mutated; ``state`` is replaced by new values as rules apply.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.core.dice import Roller
from app.core.i18n import Text
from app.core.ruling import Ruling
from app.systems.sas.messages import SasEvent, ev
from app.systems.sas.names import name_at, name_of
from app.systems.sas.state import SasState

Cell = tuple[int, int]


@dataclass
class Ctx:
    """One command's working context."""

    state: SasState
    roller: Roller
    events: list[SasEvent] = field(default_factory=list)
    acting: str | None = None
    seen: set[str] = field(default_factory=set)
    alerted: set[str] = field(default_factory=set)
    alarm_by: str | None = None
    asks: bool = False  # the command itself (not a look-ahead): a choice without an answer stops it (choices.ask)
    answers: list[str] = field(default_factory=list)  # answers still to give to the command's choices, in order
    given: list[str] = field(default_factory=list)  # answers its choices took so far

    def emit(
        self,
        kind: str,
        text: Text,
        rule_id: str,
        at: tuple[Any, ...] = (),
        *,
        ruling: Ruling | None = None,
        instruction: Text | None = None,
    ) -> None:
        """Record an event."""
        self.events.append(ev(kind, text, rule_id, at, ruling=ruling, instruction=instruction))

    def label(self, loc: Cell | None) -> str:
        """Printed square name."""
        return str(self.state.rt.label(loc))

    def name(self, ident: str) -> Text:
        """Display name of an operator or Axis unit."""
        return name_of(self.state, ident)

    def name_at(self, ident: str, loc: Cell | None) -> Text:
        """Display name of an Axis unit as it stood on ``loc`` (before a move), see :func:`names.name_at`."""
        return name_at(self.state, ident, loc)

"""The records of a command that waits, in the middle of its resolution, for a choice the rules leave to the players.

Rulebook chapter: §1 conventions, SAS-GEN-9 (the players choose whenever the rules give the Axis several equally valid
options) and the choices the rules give the SAS player outright: SAS-ALARM-4, SAS-ALARM-5 (which operator is exposed),
SAS-MARK-3 (the moment of a marked attack), SAS-GEN-8 with OQ-4 (the facing toward a square on an exact diagonal).
The logic lives in ``app.systems.sas.choices``; these values sit in the state (``SasState.pending``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.core.dice import Dice
from app.core.i18n import Text


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

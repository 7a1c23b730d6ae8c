"""Choices the rules leave to the SAS player in the middle of a command, offered as decisions (``app.core.flow``).

Rulebook chapter: §1 conventions, SAS-GEN-9 (the players choose among the Axis's equally valid options), and the rules
that ask: SAS-ALARM-4, SAS-ALARM-5 (the players designate the exposed operator), SAS-MARK-3 (a marked attack at any
moment of the phase), SAS-GEN-8 with OQ-4 (a unit turning toward a square on an exact diagonal may take either facing
whose arc holds it). A rule meeting such a choice calls :func:`ask`. Without a recorded answer the command stops
(:class:`ChoiceNeeded`) and the state waits (``PendingChoice``) for the SAS player's :class:`Decide`; the command then
runs again from its start with the same dice and every answer given so far, so nothing of it happens before the
decision — the mechanism of the rabbit's foot (docs/sas-decisions.md D-EQ-6, D-CHOICE-1). Bots, fast play and old
saves take each choice's default, the engine's solo ruling before rules version 3.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

from app.core import flow
from app.core.errors import IllegalCommandError
from app.core.flow import Decision, Prompt
from app.core.i18n import Text, t
from app.core.messages import Command
from app.systems.sas.combat.luck import ReplayRoller
from app.systems.sas.context import Ctx
from app.systems.sas.messages import Decide, SasEvent, ev
from app.systems.sas.names import facing_name
from app.systems.sas.state import Choice, PendingChoice, SasState

# The rules whose choices rules version 3 offers (the engine took their default itself before): old saves replay with
# these defaults (SasSystem.old_answer).
ASKED_SINCE_3 = frozenset({"SAS-ALARM-4", "SAS-MARK-3", "SAS-GEN-8"})
T = TypeVar("T")
Cell = tuple[int, int]


class ChoiceNeeded(Exception):
    """Raised by :func:`ask` when a choice has no answer yet: the command waits for the SAS player."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(f"choice {choice.kind}")
        self.choice = choice


def ask(ctx: Ctx, choice: Choice) -> str:
    """The answer to ``choice``: the next recorded one; the default in a look-ahead; a single option by itself.

    Raises:
        ChoiceNeeded: The command has no answer yet and must wait for one.
    """
    if not choice.options:
        raise ValueError("a choice needs options")
    if len(choice.options) == 1 or not ctx.asks:
        return choice.options[0 if len(choice.options) == 1 else choice.default]
    if not ctx.answers:  # the question follows what the command did last (the card drawn, the missed shot)
        before = ctx.events[-1].text if ctx.events else None
        asked = (
            choice
            if before is None
            else replace(choice, prompt=t("{before} {question}", before=before, question=choice.prompt))
        )
        raise ChoiceNeeded(asked)
    answer = ctx.answers.pop(0)
    if answer not in choice.options:
        raise IllegalCommandError(t("{answer} is not an answer to this question.", answer=answer), choice.rule_id)
    ctx.given.append(answer)
    return answer


def fire_now(ctx: Ctx, who: Text, target: Text, subject: str) -> bool:
    """Whether ``who`` makes the marked attack on ``target`` at this moment, which the rules leave to the player
    (SAS-MARK-3: at any moment of the phase); the default makes it at the first moment it is possible (D-MARK-1)."""
    prompt = t(
        "{who} can make the marked attack on {target} now: attack now, or wait for a later moment?",
        who=who,
        target=target,
    )
    labels = (t("Attack {target} now", target=target), t("Wait"))
    return ask(ctx, Choice("mark", prompt, "SAS-MARK-3", ("fire", "wait"), labels, 0, subject)) == "fire"


def diagonal_facing(ctx: Ctx, unit_id: str, toward: Cell, both: tuple[str, ...], default: str, *, rule: str) -> str:
    """The facing the SAS player gives a unit turning toward ``toward``, a square on an exact diagonal that either
    facing of ``both`` holds (SAS-GEN-8, SAS-GEN-9, OQ-4), by ``rule``; the default is the engine's ruling D-FACE-1."""
    prompt = t(
        "Which facing does {unit} take? It turns toward {sq} ({rule}), on a diagonal, which either facing holds.",
        unit=ctx.name(unit_id),
        sq=ctx.label(toward),
        rule=rule,
    )
    labels = tuple(t("Face {facing}", facing=facing_name(f)) for f in both)
    return ask(ctx, Choice("facing", prompt, "SAS-GEN-8", both, labels, both.index(default), unit_id))


def start(state: SasState, command: Command) -> Ctx:
    """The context of a new command: a choice it meets will stop it."""
    return Ctx(state, ReplayRoller(state.dice, command.dice, command.cards), asks=True)


def pause(state: SasState, ctx: Ctx, command: Command, choice: Choice) -> tuple[SasState, list[SasEvent]]:
    """``state`` (before the command) waiting for the answer to ``choice``; nothing of the command applies yet."""
    roller = ctx.roller
    assert isinstance(roller, ReplayRoller) and roller.origin is not None
    table = command.with_table_input(roller.supplied, roller.cards)
    pending = PendingChoice(table, roller.origin, roller.initial, tuple(ctx.given), choice)
    return replace(state, pending=pending), [ev("choice", choice.prompt, choice.rule_id)]


def resume(state: SasState, command: Command) -> tuple[Ctx, Command]:
    """The context that runs the waiting command again with ``command``'s answer, and that command."""
    pending = state.pending
    assert isinstance(pending, PendingChoice)
    if not isinstance(command, Decide) or command.answer not in pending.choice.options:
        question = t("First answer the question: {prompt}", prompt=pending.choice.prompt)
        raise IllegalCommandError(question, pending.choice.rule_id)
    held = pending.command
    roller = ReplayRoller(
        pending.dice, _joined(held.dice, command.dice), _joined(held.cards, command.cards), replay=list(pending.replay)
    )
    answers = [*pending.answers, command.answer]
    return Ctx(replace(state, pending=None), roller, asks=True, answers=answers), held


def _joined(first: Sequence[T] | None, then: Sequence[T] | None) -> tuple[T, ...] | None:
    """Table input of the waiting command and of the answer, in order (``None``: digital dice)."""
    return None if first is None and then is None else (*(first or ()), *(then or ()))


def commands(state: SasState) -> list[Command]:
    """The answers to the waiting choice."""
    pending = state.pending
    assert isinstance(pending, PendingChoice)
    return [Decide(side="sas", answer=a) for a in pending.choice.options]


def decision(state: SasState, label: Callable[[Command], Text]) -> Decision | None:
    """The decision a waiting choice asks, for every view; bots and fast play take its default."""
    pending = state.pending
    if not isinstance(pending, PendingChoice):
        return None
    choice = pending.choice
    prompt = Prompt(choice.prompt, choice.rule_id, choice.subject, default=choice.default)
    return flow.make_decision("sas", prompt, commands(state), label)


def answer_label(state: SasState, command: Decide) -> Text:
    """The button text of an answer."""
    pending = state.pending
    if isinstance(pending, PendingChoice) and command.answer in pending.choice.options:
        return pending.choice.labels[pending.choice.options.index(command.answer)]
    return t("Answer {answer}", answer=command.answer)


def default_answer(state: SasState) -> Command | None:
    """The default answer to the waiting choice, if one waits."""
    pending = state.pending
    if not isinstance(pending, PendingChoice):
        return None
    return Decide(side="sas", answer=pending.choice.options[pending.choice.default])

"""One turn-flow and decision mechanism for every system (DESIGN §3a, §12: Rally the Troops' state stack).

A system keeps the steps of its turn that are still to resolve as a stack (a tuple, the next step first) in its
state. A step either acts by itself or waits for a player's **decision**: the side that decides, a prompt and the
options, each a legal command with its label, and a default the bots and fast play may take. An interrupt (a
reaction, First Strike, the rabbit's foot) pushes a step on top of the stack; a step that leads to others replaces
itself with them (Rally's ``goto``) or pushes them (``call``); a finished step pops.

The system plugs its rules in through :class:`StepRules`: where the stack lives in its state, the commands that
decide a step, whether the step waits for them, how it resolves, and how the decision is worded. The core then
settles the stack (:func:`settle`), tells who must act (:func:`deciding_side`) and builds the pending
:class:`Decision` every view carries (:func:`pending_decision`). Everything here is pure: states are never mutated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

from app.core.i18n import Text
from app.core.messages import Command


@dataclass(frozen=True)
class Option:
    """One answer to a decision: the command that gives it and the button text."""

    command: Command
    label: Text


@dataclass(frozen=True)
class Decision:
    """A decision the game waits for; every view carries it, whatever the viewer selected.

    Attributes:
        side: The side that decides.
        prompt: What is being decided ("Battle back against Light infantry at 0504?").
        options: The answers, in the system's order; each is a legal command.
        default: Index of the answer a bot or fast play takes when it has no opinion.
        rule_id: The rule that asks for the decision.
        subject: Counter id the decision is about, if any (the window may point at it).
        private: The options reveal what only the deciding side may know (a hand of cards): other viewers see the
            question without them (:meth:`seen_by`).
    """

    side: str
    prompt: Text
    options: tuple[Option, ...]
    default: int = 0
    rule_id: str = ""
    subject: str | None = None
    private: bool = False

    @property
    def commands(self) -> list[Command]:
        """The commands of the options, in order."""
        return [o.command for o in self.options]

    def default_command(self) -> Command:
        """The command of the default option."""
        return self.options[self.default].command

    def seen_by(self, viewer: str | None) -> Decision:
        """The decision as ``viewer`` sees it (``None``: everything): a private one loses its options for the
        other sides, who still see who decides and what."""
        hidden = self.private and viewer is not None and viewer != self.side
        return replace(self, options=(), default=0) if hidden else self


@dataclass(frozen=True)
class Prompt:
    """The wording of a decision: the question, the rule that asks it, the piece it is about, the index of the
    option a bot or fast play takes when it has no opinion, and whether the options are the decider's secret."""

    text: Text
    rule_id: str = ""
    subject: str | None = None
    default: int = 0
    private: bool = False


class Step(Protocol):
    """What the core needs of a step: who owns it (who decides when it waits)."""

    @property
    def side(self) -> str:
        """The side that decides the step when it waits."""
        ...


S = TypeVar("S")
StepT = TypeVar("StepT", bound=Step)


class Stack(Protocol[S, StepT]):
    """Where a system keeps its stack of steps in its state."""

    def stack(self, state: S) -> tuple[StepT, ...]:
        """The steps still to resolve, the next one first."""
        ...

    def with_stack(self, state: S, steps: tuple[StepT, ...]) -> S:
        """``state`` holding ``steps`` as its stack."""
        ...


class StepRules(Stack[S, StepT], Protocol[S, StepT]):
    """How a system's steps plug into the flow. The system keeps its rules; the core keeps the plumbing."""

    def options(self, state: S, step: StepT) -> Sequence[Command]:
        """The commands that decide ``step`` (empty: it has nothing to decide)."""
        ...

    def waits(self, state: S, step: StepT, options: Sequence[Command]) -> bool:
        """Whether ``step`` waits for its owner to choose among ``options`` (else it acts by itself)."""
        ...

    def act(self, state: S, step: StepT, command: Command | None) -> S:
        """Resolve ``step`` (the top of the stack) with the deciding command (``None``: it acts by itself)."""
        ...

    def finished(self, state: S) -> bool:
        """Whether the game ended (the stack is then abandoned)."""
        ...

    def prompt(self, state: S, step: StepT) -> Prompt:
        """The question a waiting ``step`` asks."""
        ...


# --- the stack --------------------------------------------------------------------------------------------------
def top(rules: Stack[S, StepT], state: S) -> StepT | None:
    """The next step to resolve, if any."""
    steps = rules.stack(state)
    return steps[0] if steps else None


def push(rules: Stack[S, StepT], state: S, *steps: StepT) -> S:
    """Put ``steps`` on top of the stack, the first of them next (an interrupt, Rally's ``call``)."""
    return rules.with_stack(state, (*steps, *rules.stack(state)))


def pop(rules: Stack[S, StepT], state: S) -> S:
    """Drop the top step (it is resolved, Rally's ``end``)."""
    return rules.with_stack(state, rules.stack(state)[1:])


def goto(rules: Stack[S, StepT], state: S, *steps: StepT) -> S:
    """Replace the top step by ``steps`` (Rally's ``goto``)."""
    return rules.with_stack(state, (*steps, *rules.stack(state)[1:]))


def then(rules: Stack[S, StepT], state: S, *steps: StepT) -> S:
    """Queue ``steps`` after every step already on the stack."""
    return rules.with_stack(state, (*rules.stack(state), *steps))


def set_aside(rules: Stack[S, StepT], state: S) -> tuple[tuple[StepT, ...], S]:
    """Take the whole stack off ``state`` so a sub-procedure (a battle inside a battle step) starts on an empty one;
    :func:`resume` puts it back behind whatever the sub-procedure queued."""
    return rules.stack(state), rules.with_stack(state, ())


def resume(rules: Stack[S, StepT], state: S, rest: tuple[StepT, ...], *after: StepT) -> S:
    """The steps the sub-procedure queued, then ``after``, then the steps set aside (:func:`set_aside`)."""
    return rules.with_stack(state, (*rules.stack(state), *after, *rest))


# --- moving it along --------------------------------------------------------------------------------------------
def waiting(rules: StepRules[S, StepT], state: S) -> tuple[StepT, Sequence[Command]] | None:
    """The top step and its options, when it waits for a decision."""
    step = top(rules, state)
    if step is None or rules.finished(state):
        return None
    options = rules.options(state, step)
    return (step, options) if rules.waits(state, step, options) else None


def settle(rules: StepRules[S, StepT], state: S) -> S:
    """Resolve every step that needs no decision; stop at the first one that waits, or when the game ends.

    A step that acts by itself gets its only option, if it has one (a forced choice is no choice).
    """
    while (step := top(rules, state)) is not None and not rules.finished(state):
        options = rules.options(state, step)
        if rules.waits(state, step, options):
            return state
        state = rules.act(state, step, options[0] if options else None)
    return rules.with_stack(state, ()) if rules.finished(state) else state


def decide(rules: StepRules[S, StepT], state: S, command: Command) -> S:
    """Resolve the waiting top step with ``command``, one of its options (the caller checked it is legal)."""
    step = top(rules, state)
    assert step is not None, "no step waits for a decision"
    return rules.act(state, step, command)


def deciding_side(rules: Stack[S, StepT], state: S) -> str | None:
    """The side that owns the top step (it acts next), or ``None`` when the stack is empty."""
    step = top(rules, state)
    return None if step is None else step.side


def pending_decision(rules: StepRules[S, StepT], state: S, label: Callable[[Command], Text]) -> Decision | None:
    """The decision the game waits for, worded for any viewer; ``label`` words one option."""
    found = waiting(rules, state)
    if found is None:
        return None
    step, options = found
    return make_decision(step.side, rules.prompt(state, step), options, label)


def make_decision(side: str, prompt: Prompt, options: Sequence[Command], label: Callable[[Command], Text]) -> Decision:
    """A :class:`Decision` of ``side`` over ``options`` (also for a system whose pause is not a stack step)."""
    chosen = tuple(Option(c, label(c)) for c in options)
    index = min(max(prompt.default, 0), max(len(chosen) - 1, 0))
    return Decision(side, prompt.text, chosen, index, prompt.rule_id, prompt.subject, prompt.private)

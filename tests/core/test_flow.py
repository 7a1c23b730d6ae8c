"""The core turn-flow and decision mechanism (app.core.flow) over a toy system: a stack of steps that act by
themselves or wait for a decision, interrupts, and the pending decision every view carries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import pytest

from app.core import flow
from app.core.flow import Decision, Prompt
from app.core.i18n import Text, t
from app.core.messages import Command


class Pick(Command):
    """Toy answer: take ``value``."""

    kind: str = "pick"
    value: int = 0


@dataclass(frozen=True)
class Step:
    """Toy step: ``auto`` adds ``amount``; ``ask`` waits for a Pick among ``choices``; ``win`` ends the game."""

    kind: str
    side: str
    amount: int = 0
    choices: tuple[int, ...] = ()


@dataclass(frozen=True)
class Toy:
    total: int = 0
    steps: tuple[Step, ...] = ()
    over: bool = False
    log: tuple[str, ...] = ()


class ToyRules:
    """The toy system's rules for its steps."""

    def stack(self, state: Toy) -> tuple[Step, ...]:
        return state.steps

    def with_stack(self, state: Toy, steps: tuple[Step, ...]) -> Toy:
        return replace(state, steps=steps)

    def options(self, state: Toy, step: Step) -> Sequence[Command]:
        return [Pick(side=step.side, value=v) for v in step.choices]

    def waits(self, state: Toy, step: Step, options: Sequence[Command]) -> bool:
        return step.kind == "ask" and len(options) > 1

    def act(self, state: Toy, step: Step, command: Command | None) -> Toy:
        state = flow.pop(self, state)
        value = command.value if isinstance(command, Pick) else step.amount
        state = replace(state, total=state.total + value, log=(*state.log, f"{step.kind}:{value}"))
        if step.kind == "win":
            return replace(state, over=True)
        if step.kind == "bonus":  # an interrupt: pushes a step that resolves before the rest
            return flow.push(self, state, Step("auto", step.side, amount=100))
        return state

    def finished(self, state: Toy) -> bool:
        return state.over

    def prompt(self, state: Toy, step: Step) -> Prompt:
        return Prompt(t("Pick a number."), "TOY-1", "piece-1", default=len(step.choices) - 1)


RULES = ToyRules()


def _label(command: Command) -> Text:
    assert isinstance(command, Pick)
    return Text(msg=str(command.value))


def test_settle_acts_until_a_step_waits_for_a_decision() -> None:
    """Steps that need no decision act by themselves, in stack order; the first one that waits stops the flow."""
    state = Toy(steps=(Step("auto", "a", 1), Step("auto", "a", 2), Step("ask", "b", choices=(5, 7)), Step("auto", "a")))
    settled = flow.settle(RULES, state)
    assert settled.total == 3 and settled.log == ("auto:1", "auto:2")
    assert flow.top(RULES, settled) == Step("ask", "b", choices=(5, 7))
    assert flow.deciding_side(RULES, settled) == "b"


def test_a_forced_choice_is_no_choice() -> None:
    """A step with one option does not wait: it takes that option."""
    settled = flow.settle(RULES, Toy(steps=(Step("ask", "b", choices=(4,)),)))
    assert settled.total == 4 and settled.steps == ()


def test_pending_decision_carries_side_prompt_options_and_default() -> None:
    """The pending decision names who decides, the prompt and rule, the subject, the options and the default."""
    state = flow.settle(RULES, Toy(steps=(Step("ask", "b", choices=(5, 7)),)))
    decision = flow.pending_decision(RULES, state, _label)
    assert isinstance(decision, Decision)
    assert decision.side == "b" and decision.rule_id == "TOY-1" and decision.subject == "piece-1"
    assert decision.prompt.render("en") == "Pick a number."
    assert [o.label.render("en") for o in decision.options] == ["5", "7"]
    assert decision.commands == [Pick(side="b", value=5), Pick(side="b", value=7)]
    assert decision.default == 1 and decision.default_command() == Pick(side="b", value=7)


def test_no_decision_when_nothing_waits() -> None:
    """An empty stack or a game over carries no decision and no deciding side."""
    assert flow.pending_decision(RULES, Toy(), _label) is None
    assert flow.deciding_side(RULES, Toy()) is None
    over = Toy(steps=(Step("ask", "b", choices=(1, 2)),), over=True)
    assert flow.pending_decision(RULES, over, _label) is None


def test_decide_resolves_the_waiting_step_and_settle_goes_on() -> None:
    """The chosen option resolves the step; the flow then runs on to the next decision or the end."""
    state = flow.settle(RULES, Toy(steps=(Step("ask", "b", choices=(5, 7)), Step("auto", "a", 1))))
    state = flow.settle(RULES, flow.decide(RULES, state, Pick(side="b", value=7)))
    assert state.total == 8 and state.steps == () and state.log == ("ask:7", "auto:1")


def test_an_interrupt_resolves_before_the_steps_already_waiting() -> None:
    """A step may push another (an interrupt): it resolves first, then the rest of the stack."""
    state = flow.settle(RULES, Toy(steps=(Step("bonus", "a", 1), Step("auto", "a", 2))))
    assert state.log == ("bonus:1", "auto:100", "auto:2")


def test_the_game_ending_abandons_the_stack() -> None:
    """When the game ends the steps still to resolve are dropped."""
    state = flow.settle(RULES, Toy(steps=(Step("win", "a"), Step("ask", "b", choices=(1, 2)))))
    assert state.over and state.steps == ()


def test_stack_operations_call_goto_then_and_sub_procedures() -> None:
    """push puts steps on top, goto replaces the top, then queues behind, set_aside/resume nest a sub-procedure."""
    a, b, c, d = (Step("auto", "a", n) for n in (1, 2, 3, 4))
    state = Toy(steps=(a, b))
    assert flow.push(RULES, state, c, d).steps == (c, d, a, b)
    assert flow.goto(RULES, state, c).steps == (c, b)
    assert flow.then(RULES, state, c).steps == (a, b, c)
    assert flow.pop(RULES, state).steps == (b,)
    rest, inner = flow.set_aside(RULES, state)
    assert rest == (a, b) and inner.steps == ()
    inner = flow.then(RULES, inner, c)
    assert flow.resume(RULES, inner, rest, d).steps == (c, d, a, b)


@pytest.mark.parametrize("default", [-3, 9])
def test_a_default_out_of_range_is_clamped(default: int) -> None:
    """A system's default index always names one of the options."""
    decision = flow.make_decision("b", Prompt(t("Pick a number."), default=default), [Pick(side="b", value=1)], _label)
    assert decision.default == 0

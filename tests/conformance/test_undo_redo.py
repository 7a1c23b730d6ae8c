"""Undo/redo as a hypothesis state machine (DESIGN §4, §9).

Random legal commands, undos and redos; after an undo the state digest is the one before the command,
a redo reproduces exactly the same digest and events, and ``can_undo``/``can_redo`` always agree with a
simple model of the two stacks. Listeners hear every change with the right events.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from app.core.messages import Event
from app.core.session import Change
from app.core.system import state_digest
from tests.conformance.cases import CASES, Case, load

SETTINGS = settings(
    max_examples=15,
    stateful_step_count=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@dataclass(frozen=True)
class Step:
    """One applied command in the model: digests before and after, and its events."""

    before: str
    after: str
    events: tuple[Event, ...]


class UndoRedoMachine(RuleBasedStateMachine):
    """The state machine; subclasses set ``case``."""

    case: Case

    def __init__(self) -> None:
        super().__init__()
        loaded = load(self.case)
        self.session = loaded.session(seed=5)
        self.done: list[Step] = []
        self.undone: list[Step] = []
        self.heard: list[Change] = []
        self.session.subscribe(self.heard.append)

    def digest(self) -> str:
        """The current state's digest."""
        return state_digest(self.session.system, self.session.state)

    @rule(choice=st.integers(min_value=0, max_value=10_000))
    def submit(self, choice: int) -> None:
        """Submit one of the legal commands."""
        commands = self.session.legal_commands()
        if not commands:
            return
        before = self.digest()
        events = self.session.submit(commands[choice % len(commands)])
        self.done.append(Step(before, self.digest(), tuple(events)))
        self.undone.clear()
        assert self.heard[-1] == Change("submit", tuple(events))

    @rule()
    def undo(self) -> None:
        """Undo: back to the digest before the command."""
        assert self.session.undo() == bool(self.done)
        if self.done:
            step = self.done.pop()
            assert self.digest() == step.before
            assert self.heard[-1].reason == "undo"
            self.undone.append(step)

    @rule()
    def redo(self) -> None:
        """Redo: exactly the same digest and events as the first time."""
        assert self.session.redo() == bool(self.undone)
        if self.undone:
            step = self.undone.pop()
            assert self.digest() == step.after
            assert self.session.history[-1].events == step.events
            assert self.heard[-1] == Change("redo", step.events)
            self.done.append(step)

    @invariant()
    def stacks_agree(self) -> None:
        """can_undo/can_redo match the model, and the log has one command per applied step."""
        assert self.session.can_undo == bool(self.done)
        assert self.session.can_redo == bool(self.undone)
        assert len(self.session.commands) == len(self.done)


@pytest.mark.parametrize("case", CASES)
def test_undo_redo(case: Case) -> None:
    machine = type(f"UndoRedo_{case.system_id}", (UndoRedoMachine,), {"case": case})
    run_state_machine_as_test(machine, settings=SETTINGS)

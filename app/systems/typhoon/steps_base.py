"""Where the flow's steps live in the state (``app.core.flow.Stack``)."""

from __future__ import annotations

from dataclasses import replace

from app.systems.typhoon.state import State, Step


class StepStack:
    """The state's ``steps`` as the core flow's stack."""

    def stack(self, state: State) -> tuple[Step, ...]:
        """The pending steps, the next first."""
        return state.steps

    def with_stack(self, state: State, steps: tuple[Step, ...]) -> State:
        """``state`` holding ``steps``."""
        return replace(state, steps=steps)


STACK = StepStack()

"""Picking up a fuel barrel as its own step: the move onto its square, then the free Pick Up action.

Rulebook chapter: §7.5 Pick Up (SAS-PICK-1: a free action declared after moving into the square) with §20 objects
(SAS-OBJ-1, SAS-OBJ-6 and the digest's OQ-65: an operator may end a step on a fuel barrel's square only to pick it up
at once). Since rules version 3 the Move onto the barrel is an action of its own — who sees him there is checked and the
units that saw him react after it — and the activation then waits for the Pick Up, the only thing he may do there
(docs/sas-decisions.md D-PICK-1). The window shows it as a decision with that one answer.
"""

from __future__ import annotations

from collections.abc import Callable

from app.core import flow
from app.core.flow import Decision, Prompt
from app.core.i18n import Text, t
from app.core.messages import Command
from app.systems.sas.messages import PickUp
from app.systems.sas.names import name_of
from app.systems.sas.state import OperatorState, SasState

BARREL = "fuel_barrel"


def on_barrel(state: SasState, op: OperatorState) -> bool:
    """Whether ``op`` stands on a fuel barrel he does not carry (he moved there to pick it up, OQ-65)."""
    if op.loc is None or not op.on_map or op.carrying:
        return False
    return any(o.kind == BARREL for o in state.objects_at(op.loc))


def waiting(state: SasState) -> OperatorState | None:
    """The operator being activated when he must pick up the fuel barrel he stands on (SAS-PICK-1, OQ-65)."""
    act = state.activation
    if act is None or state.pending is not None or state.over:
        return None
    op = state.op(act.operator)
    return op if on_barrel(state, op) else None


def pick_ups(state: SasState, op: OperatorState) -> list[Command]:
    """The Pick Up on the barrel: with the used trap lying there too, also the barrel alone (SAS-PICK-1, OQ-65)."""
    assert op.loc is not None
    trap = any(o.kind == "trap_used" for o in state.objects_at(op.loc))
    alone = [PickUp(side="sas", operator=op.id, what="object")] if trap else []
    return [PickUp(side="sas", operator=op.id), *alone]


def decision(state: SasState, label: Callable[[Command], Text]) -> Decision | None:
    """The Pick Up the activation waits for, as a decision of the SAS player (SAS-PICK-1, OQ-65)."""
    op = waiting(state)
    if op is None:
        return None
    text = t(
        "{op} stands on the fuel barrel: he picks it up now (Pick Up, a free action of its own).",
        op=name_of(state, op.id),
    )
    return flow.make_decision("sas", Prompt(text, "SAS-PICK-1", op.id), pick_ups(state, op), label)

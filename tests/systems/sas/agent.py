"""A scripted SAS player for headless whole-mission tests: kill the objective's units, then get out."""

from __future__ import annotations

from app.core.messages import Command
from app.core.session import Session
from app.systems.sas.axis.advance import _field
from app.systems.sas.choices import default_answer
from app.systems.sas.state import SasState
from app.systems.sas.viewing import vision_maps


def _goal(state: SasState, op_id: str) -> tuple[int, int]:
    targets = [u for o in state.rt.mission.objectives for u in o.units if state.unit(u) is not None]
    if targets:
        unit = state.unit(targets[0])
        assert unit is not None
        return unit.loc
    here = state.op(op_id).loc
    assert here is not None
    return min(state.rt.entry_exit, key=lambda c: max(abs(c[0] - here[0]), abs(c[1] - here[1])))


def choose(session: Session, hunt: bool = True) -> Command:
    """The scripted choice for the side to act."""
    state: SasState = session.state
    cmds = list(session.legal_commands())
    if (answer := default_answer(state)) is not None:  # a choice left to the player: its default (fast play)
        return answer
    if len(cmds) == 1:  # a forced step (the Pick Up after moving onto a fuel barrel, SAS-PICK-1)
        return cmds[0]
    if state.phase != "operator":
        return cmds[0]
    if state.activation is None:
        return cmds[0]
    op_id = state.activation.operator
    targets = {u for o in state.rt.mission.objectives for u in o.units}
    kill = [c for c in cmds if c.kind == "attack" and getattr(c, "target", "") in targets]
    if hunt and kill:
        return sorted(
            kill, key=lambda c: (getattr(c, "weapon", "") != "knife", getattr(c, "move_to", None) is not None)
        )[0]
    exits = [c for c in cmds if c.kind == "exfiltrate"]
    if exits and (not hunt or not any(state.unit(u) for u in targets)):
        return exits[0]
    field = _field(state, _goal(state, op_id))
    here = state.op(op_id).loc
    moves = [c for c in cmds if c.kind in ("move", "sprint", "climb")]

    def after(c: Command) -> tuple[int, int]:
        return getattr(c, "to", None) or c.path[-1]

    seen = set(vision_maps(state))

    def safe(c: Command) -> bool:
        squares = getattr(c, "path", None) or (getattr(c, "to", None),)
        return not any(sq in seen for sq in squares)

    moves = [c for c in moves if safe(c)] if hunt else moves
    best = min(moves, key=lambda c: field.get(after(c), 1e9), default=None)
    if best is not None and field.get(after(best), 1e9) < field.get(here, 1e9):  # type: ignore[arg-type]
        return best
    return next(c for c in cmds if c.kind == "end_activation")


def play(session: Session, hunt: bool = True, limit: int = 2000) -> None:
    """Play until the mission ends (or ``limit`` commands)."""
    for _ in range(limit):
        if session.outcome() is not None:
            return
        session.submit(choose(session, hunt))

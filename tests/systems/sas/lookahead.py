"""A scripted SAS team for whole-mission tests that looks one action ahead.

Each operator either leaves at once by the entry/exit tile (the ``leavers``) or works on the mission: for every
legal action the rules are applied to a copy of the state (the same seeded dice the game will roll), and the team
takes the action that best brings the operator toward an open objective — a fuel barrel next to a destroy target,
the target itself, a unit to kill — or achieves one, without getting anyone exposed, hurt or killed. With
``safety`` the few best candidates are also followed through the rest of the turn (the other operators wait, the
Axis phases are played) and those that would cost the team are dropped. When nothing improves, the activation ends.
A roll waiting for the rabbit's foot takes the first choice offered. Lewes bombs go 3rd in the deck (OQ-25: they
go off in the second Event phase from now).
"""

from __future__ import annotations

from app.core.errors import IllegalCommandError
from app.core.messages import Command
from app.core.session import Session
from app.systems.sas import SYSTEM
from app.systems.sas.advance import _field
from app.systems.sas.messages import EndActivation, EndPhase, RunAxisStep
from app.systems.sas.state import SasState
from app.systems.sas.turn import achieved

Cell = tuple[int, int]
IGNORED = ("end_activation", "mark", "reveal", "cigarette", "aim", "exfiltrate", "medpack", "recover", "pick_up")
FUSE = 3
OBJECTIVE = 2000
COSTS = {"killed": 1000, "hp": 50, "exposed": 300}


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def goals(state: SasState) -> list[Cell]:
    """Squares to head for: barrels beside open destroy targets, the targets, the units to kill."""
    open_targets = {o: c for o, c in state.rt.objective_cells.items() if o not in state.achieved and c}
    cells = [
        o.loc
        for o in state.objects
        if o.kind == "fuel_barrel" and o.loc and any(_dist(o.loc, t) <= 1 for c in open_targets.values() for t in c)
    ]
    cells += [t for c in open_targets.values() for t in c]
    units = [state.unit(u) for o in state.rt.mission.objectives for u in o.units]
    return cells + [u.loc for u in units if u is not None]


def _distances(state: SasState, cells: list[Cell]) -> dict[Cell, float]:
    best: dict[Cell, float] = {}
    for cell in cells:
        for c, v in _field(state, cell).items():
            best[c] = min(best.get(c, 1e9), v)
    return best


def cost(before: SasState, after: SasState) -> float:
    """What the team lost between two states: deaths, HP, exposures."""
    total = 0.0
    for was in before.operators:
        now = after.op(was.id)
        total += COSTS["killed"] * (now.status == "dead" and was.status != "dead")
        total += COSTS["hp"] * max(0, was.hp - now.hp)
        total += COSTS["exposed"] * (now.exposed and not was.exposed)
    return total


def _value(before: SasState, after: SasState, op_id: str, field: dict[Cell, float]) -> float:
    loc = after.op(op_id).loc
    distance = field.get(loc, 1e9) if loc is not None else 0.0
    progress = OBJECTIVE * (len(achieved(after)) - len(achieved(before)))
    return progress - cost(before, after) - distance


def _settled(state: SasState, command: Command) -> SasState | None:
    try:
        after, _ = SYSTEM.apply(state, command)
        while after.pending is not None:
            after, _ = SYSTEM.apply(after, SYSTEM.legal_commands(after)[0])
    except IllegalCommandError:
        return None
    return after


def rest_of_turn(state: SasState) -> SasState:
    """The state at the next Operator phase if the team does nothing more this turn."""
    if state.activation is not None:
        state, _ = SYSTEM.apply(state, EndActivation(side="sas"))
    state, _ = SYSTEM.apply(state, EndPhase(side="sas"))
    while not state.over and state.phase != "operator":
        state, _ = SYSTEM.apply(state, RunAxisStep(side="axis"))
    return state


def _candidates(state: SasState, commands: list[Command]) -> list[tuple[Command, SasState]]:
    out = []
    for command in commands:
        placing = command.kind == "place" and (command.item, command.position) != ("lewes_bomb", FUSE)  # type: ignore[attr-defined]
        if command.kind in IGNORED or placing:
            continue
        after = _settled(state, command)
        if after is not None:
            out.append((command, after))
    return out


def choose(session: Session, leavers: set[str], safety: int = 0) -> Command:
    """The team's choice for the side to act."""
    state: SasState = session.state
    commands = list(session.legal_commands())
    if state.phase != "operator" or state.activation is None or state.pending is not None:
        return commands[0]
    op_id = state.activation.operator
    leaving = op_id in leavers or not goals(state)
    exits = [c for c in commands if c.kind == "exfiltrate"]
    if leaving and exits:
        return exits[0]
    field = _distances(state, list(state.rt.entry_exit) if leaving else goals(state))
    options = [(EndActivation(side="sas"), state), *_candidates(state, commands)]
    ranked = sorted(options, key=lambda o: -_value(state, o[1], op_id, field))
    if safety:
        ranked = [options[0], *[o for o in ranked if o[0] != options[0][0]][:safety]]

    def score(option: tuple[Command, SasState]) -> float:
        value = _value(state, option[1], op_id, field)
        if not safety or option[1].over:
            return value
        later = rest_of_turn(option[1])
        return value - cost(option[1], later) + OBJECTIVE * (len(achieved(later)) - len(achieved(option[1])))

    best, best_score = options[0], score(options[0])
    for option in ranked:
        if option is not options[0] and (value := score(option)) > best_score + 0.1:
            best, best_score = option, value
    return best[0]


def play(session: Session, leavers: set[str], safety: int = 0, limit: int = 1500) -> None:
    """Play until the mission ends (or ``limit`` commands)."""
    for _ in range(limit):
        if session.outcome() is not None:
            return
        session.submit(choose(session, leavers, safety))

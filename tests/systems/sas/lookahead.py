"""A scripted SAS team for whole-mission tests that looks one action ahead.

Each operator either leaves at once by the entry/exit tile (the ``leavers``) or works on the mission: for every
legal action the rules are applied to a copy of the state (the same seeded dice the game will roll), and the team
takes the action that best brings the operator toward an open objective — a fuel barrel next to a destroy target,
the target itself, a unit to kill — or achieves one, without getting anyone exposed, hurt or killed. With
``safety`` the few best candidates are also followed through the rest of the turn (the other operators wait, the
Axis phases are played) and those that would cost the team are dropped. When nothing improves, the activation ends.
A roll waiting for the rabbit's foot takes the first choice offered. A Lewes bomb is set only where its template
covers an open destroy target, with its card 1st in the deck, so it goes off in this turn's Event phase (OQ-25); its
setter then values getting clear of it. In table mode (``luck``) each command carries the dice ``luck`` rolls.
"""

from __future__ import annotations

from collections.abc import Callable

from app.core.dice import NeedInput
from app.core.errors import IllegalCommandError
from app.core.i18n import Text
from app.core.messages import Command
from app.core.session import Session
from app.geometry.paths import costs_from
from app.systems.sas import SYSTEM
from app.systems.sas.board.movement import step_class
from app.systems.sas.messages import EndActivation, EndPhase, RunAxisStep
from app.systems.sas.state import SasState
from app.systems.sas.turn import achieved

Cell = tuple[int, int]
Luck = Callable[[Text, int], list[int]]
IGNORED = ("end_activation", "mark", "reveal", "cigarette", "aim", "exfiltrate", "medpack", "recover", "pick_up")
FUSE = 1
OBJECTIVE = 2000
COSTS = {"killed": 1000, "hp": 50, "exposed": 300, "danger": 300}  # danger: next to a ticking bomb


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _ticking(state: SasState) -> list[Cell]:
    return [o.loc for o in state.objects if o.kind == "lewes_bomb" and o.loc is not None]


def _open_targets(state: SasState) -> dict[str, frozenset[Cell]]:
    """Destroy targets not yet blown up and with no Lewes bomb ticking beside them."""
    bombs = _ticking(state)
    return {
        o: c
        for o, c in state.rt.objective_cells.items()
        if o not in state.achieved and c and not any(_dist(b, t) <= 1 for b in bombs for t in c)
    }


def goals(state: SasState) -> list[Cell]:
    """Squares to head for: barrels beside open destroy targets, the targets, the units to kill."""
    open_targets = _open_targets(state)
    cells = [
        o.loc
        for o in state.objects
        if o.kind == "fuel_barrel" and o.loc and any(_dist(o.loc, t) <= 1 for c in open_targets.values() for t in c)
    ]
    cells += [t for c in open_targets.values() for t in c]
    units = [state.unit(u) for o in state.rt.mission.objectives for u in o.units]
    return cells + [u.loc for u in units if u is not None]


def _walk(state: SasState, goal: Cell, hook: bool, swim: bool) -> dict[Cell, float]:
    """AP an operator needs from every square to ``goal`` (Move 1, Climb 2, with his hook and scuba gear)."""
    key = ("lookahead", goal, hook, swim)
    if key not in state.rt.cache:
        steps = {"open": 1.0, "climb": 2.0}
        state.rt.cache[key] = costs_from(
            state.rt.grid,
            goal,
            lambda a, b: steps.get(step_class(state.rt, b, a, False, hook, swim=swim)),  # type: ignore[arg-type]
        )
    return state.rt.cache[key]  # type: ignore[no-any-return]


def _distances(state: SasState, op_id: str, cells: list[Cell]) -> dict[Cell, float]:
    op = state.op(op_id)
    hook, swim = op.item_count("grappling_hook") > 0, op.item_count("scuba_gear") > 0
    best: dict[Cell, float] = {}
    for cell in cells:
        for c, v in _walk(state, cell, hook, swim).items():
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
    progress += OBJECTIVE / 2 * (len(_open_targets(before)) - len(_open_targets(after)))  # a bomb set
    danger = loc is not None and any(_dist(loc, b) <= 1 for b in _ticking(after))
    return progress - cost(before, after) - distance - COSTS["danger"] * danger


def resolve(state: SasState, command: Command, luck: Luck | None) -> tuple[Command, SasState]:
    """The command as submitted (with the dice ``luck`` rolls, as at the table; else the seeded dice) and the state
    after it."""
    dice: list[int] = []
    while True:
        typed = command if luck is None else command.with_table_input(dice, None)
        try:
            return typed, SYSTEM.apply(state, typed)[0]
        except NeedInput as need:
            assert luck is not None
            dice += luck(need.purpose, need.count)


def _settled(state: SasState, command: Command, luck: Luck | None) -> SasState | None:
    try:
        _typed, after = resolve(state, command, luck)
        while after.pending is not None:
            _typed, after = resolve(after, SYSTEM.legal_commands(after)[0], luck)
    except IllegalCommandError:
        return None
    return after


def rest_of_turn(state: SasState, luck: Luck | None) -> SasState:
    """The state at the next Operator phase if the team does nothing more this turn."""
    if state.activation is not None:
        state, _ = SYSTEM.apply(state, EndActivation(side="sas"))
    state, _ = SYSTEM.apply(state, EndPhase(side="sas"))
    while not state.over and state.phase != "operator":
        _step, state = resolve(state, RunAxisStep(side="axis"), luck)
    return state


def _bomb_worth(state: SasState, command: Command) -> bool:
    """A Lewes bomb with its card on top, whose template covers an open destroy target."""
    if command.item != "lewes_bomb" or command.position != FUSE or command.move_to is not None:  # type: ignore[attr-defined]
        return False
    near = {(command.to[0] + dx, command.to[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}  # type: ignore[attr-defined]
    return any(near & c for o, c in state.rt.objective_cells.items() if o not in state.achieved)


def _hits(state: SasState, centre: Cell) -> bool:
    """A grenade thrown here would catch an Axis unit."""
    return any(_dist(u.loc, centre) <= 1 for u in state.map_units())


def _candidates(state: SasState, commands: list[Command], luck: Luck | None) -> list[tuple[Command, SasState]]:
    out = []
    for command in commands:
        if command.kind in IGNORED or (command.kind == "place" and not _bomb_worth(state, command)):
            continue
        if command.kind == "throw" and (command.move_to is not None or not _hits(state, command.to)):  # type: ignore[attr-defined]
            continue
        after = _settled(state, command, luck)
        if after is not None:
            out.append((command, after))
    return out


def choose(session: Session, leavers: set[str], safety: int = 0, luck: Luck | None = None) -> Command:
    """The team's choice for the side to act."""
    state: SasState = session.state
    commands = list(session.legal_commands())
    if state.phase != "operator" or state.activation is None or state.pending is not None:
        return resolve(state, commands[0], luck)[0]
    op_id = state.activation.operator
    leaving = op_id in leavers or not goals(state)
    exits = [c for c in commands if c.kind == "exfiltrate"]
    if leaving and exits:
        return exits[0]
    field = _distances(state, op_id, list(state.rt.entry_exit) if leaving else goals(state))
    options = [(EndActivation(side="sas"), state), *_candidates(state, commands, luck)]
    ranked = sorted(options, key=lambda o: -_value(state, o[1], op_id, field))
    if safety:
        ranked = [options[0], *[o for o in ranked if o[0] != options[0][0]][:safety]]

    def score(option: tuple[Command, SasState]) -> float:
        value = _value(state, option[1], op_id, field)
        if not safety or option[1].over:
            return value
        later = rest_of_turn(option[1], luck)
        return value - cost(option[1], later) + OBJECTIVE * (len(achieved(later)) - len(achieved(option[1])))

    best, best_score = options[0], score(options[0])
    for option in ranked:
        if option is not options[0] and (value := score(option)) > best_score + 0.1:
            best, best_score = option, value
    return resolve(state, best[0], luck)[0]


def play(session: Session, leavers: set[str], safety: int = 0, luck: Luck | None = None, limit: int = 1500) -> None:
    """Play until the mission ends (or ``limit`` commands); ``luck`` rolls the dice as at the table."""
    for _ in range(limit):
        if session.outcome() is not None:
            return
        session.submit(choose(session, leavers, safety, luck))


def lucky_player(purpose: Text, count: int) -> list[int]:
    """A lucky table: the Axis roll 1s when they attack, the operators 6s; a scatter lands on target (7)."""
    if purpose.msg == "{unit} attacks {op}":
        return [1] * count
    if count == 2:
        return [3, 4]
    return [6] * count

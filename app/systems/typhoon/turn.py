"""Legal commands and applying them: the sequence of play (rulebook §5) over the chapter modules.

TY-SEQ-1, TY-SEQ-2, TY-SEQ-3, TY-SEQ-4, TY-MOV-1, TY-ACT-3, TY-ACT-7, TY-OPT-RES-3, TY-OPT-RES-4.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace

import app.systems.typhoon.combat as combat_rules
import app.systems.typhoon.cup as cup_rules
import app.systems.typhoon.messages as m
import app.systems.typhoon.reinforce as reinforce_rules
import app.systems.typhoon.steps as steps_rules
import app.systems.typhoon.victory as victory_rules
from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import Text, t
from app.core.messages import Command, Event
from app.systems.typhoon.context import Ctx
from app.systems.typhoon.losses import move_to, name
from app.systems.typhoon.move_report import move_ruling
from app.systems.typhoon.movement import Route, reachable, route_key
from app.systems.typhoon.paths import chosen_route, path_refusal
from app.systems.typhoon.position import Recall, full_hexes
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.state import State


def acting_side(state: State) -> str | None:
    """Who must act now (``None`` when the game is over)."""
    if state.winner is not None:
        return None
    if state.steps:
        return state.steps[0].side
    if state.phase == "select":
        return state.selecting
    return state.phasing


def legal(state: State) -> list[Command]:
    """Every command the acting side may give (worked out once per state: listing and applying both ask)."""
    return list(state.memo("legal", lambda: _legal(state)))


def _legal(state: State) -> list[Command]:
    side = acting_side(state)
    if side is None:
        return []
    found = steps_rules.waiting_options(state)
    if found is not None:
        return found
    handler = LEGAL.get(state.phase)
    return handler(state, side) if handler else []


def _select(state: State, side: str) -> list[Command]:
    found: list[Command] = []
    for card in cup_rules.selectable(state, side):
        found.append(m.SelectCard(side=side, card=card))
        if cup_rules.may_hold(state, card) and state.held is None:
            found.append(m.SelectCard(side=side, card=card, hold=True))
    return found


MOVES: Recall[list[m.MoveUnit]] = Recall(256)
"""A unit's move commands by its routes' key (:func:`app.systems.typhoon.movement.route_key`)."""


def _moves(state: State, side: str) -> list[Command]:
    found: list[Command] = []
    for uid in state.active:
        if uid not in state.moved:
            found += _unit_moves(state, side, uid)
    return [*found, m.EndMovement(side=side)]


def _unit_moves(state: State, side: str, uid: str) -> list[m.MoveUnit]:
    """The unit's moves, one per route (:func:`app.systems.typhoon.movement.routes`); the commands are built once
    for every position with the same reachable hexes."""

    def build() -> list[m.MoveUnit]:
        return [m.MoveUnit(side=side, unit=uid, to=r.to, march=r.march) for r in reachable(state, uid)]

    full = full_hexes(state, state.spec(uid).side)
    return [c for c in MOVES.get((side, route_key(state, uid)), build) if c.to not in full]


def _combat(state: State, side: str) -> list[Command]:
    found: list[Command] = []
    for target in combat_rules.targets(state):
        found += [m.DeclareAttack(side=side, units=g, target=target) for g in combat_rules.groups(state, target)]
    found += [m.ResolveAttack(side=side, target=a.target) for a in state.attacks if not a.resolved]
    if combat_rules.all_resolved(state):
        found.append(m.EndCombat(side=side))
    return found


def _place(state: State, side: str) -> list[Command]:
    found: list[Command] = [_placement(side, u, h) for u, h in reinforce_rules.placements(state)]
    found += [m.ConvertGuards(side=side, unit=r, guards=g) for r, g in reinforce_rules.conversions(state)]
    return [*found, m.EndPlacement(side=side)]


@functools.lru_cache(maxsize=1 << 14)
def _placement(side: str, unit: str, at: Hex) -> m.PlaceUnit:
    """A placement command, built once: a REINF card lists every reserve unit on every railway hex after each
    placement."""
    return m.PlaceUnit(side=side, unit=unit, at=at)


def _withdraw(state: State, side: str) -> list[Command]:
    return [*(m.Withdraw(side=side, unit=u) for u in reinforce_rules.withdrawable(state)), m.EndWithdrawal(side=side)]


def _activate(state: State, side: str) -> list[Command]:
    return [m.ActivateUnit(side=side, unit=u) for u in cup_rules.reserve_candidates(state)]


LEGAL: dict[str, Callable[[State, str], list[Command]]] = {
    "select": _select,
    "draw": lambda state, side: [m.DrawCard(side=side)],
    "move": _moves,
    "combat": _combat,
    "place": _place,
    "withdraw": _withdraw,
    "activate": _activate,
}


def apply_command(state: State, command: Command) -> tuple[State, list[Event]]:
    """Apply a legal command (pure); IllegalCommandError says why another is refused."""
    if state.winner is not None:
        raise IllegalCommandError(t("The game is over."), "TY-VIC-3")
    if command.side != acting_side(state):
        raise IllegalCommandError(t("It is not your turn to act."), "TY-SEQ-2")
    if not _listed(state, command) and not _beyond_menu(state, command):
        raise IllegalCommandError(*_refusal(state, command))
    ctx = Ctx(Roller(state.dice, command.dice, command.cards))
    state = steps_rules.decide(state, ctx, command) if state.steps else _dispatch(state, command, ctx)
    state = _continue(steps_rules.settle(state, ctx), ctx)
    ctx.roller.check_all_used()
    return replace(victory_rules.mark_key_hexes(state), dice=ctx.roller.dice), ctx.events


def _listed(state: State, command: Command) -> bool:
    """Whether ``legal(state)`` lists ``command``. When the full list has not been worked out (a replay, a
    script), a move is checked against its own unit's routes alone and the end of movement needs no list."""
    worked_out = "legal" in state.cache
    if worked_out and any(c is command for c in legal(state)):
        return True
    if not worked_out and state.phase == "move" and not state.steps and isinstance(command, m.MoveUnit | m.EndMovement):
        return _move_listed(state, command)
    key = command.key()  # the key names the kind: only commands of the same kind need their keys
    return any(c.key() == key for c in legal(state) if c.kind == command.kind)


def _move_listed(state: State, command: m.MoveUnit | m.EndMovement) -> bool:
    """A move or the end of movement, judged as :func:`_moves` would list it."""
    if isinstance(command, m.EndMovement):
        return command.key() == m.EndMovement(side=command.side).key()
    if command.unit not in state.active or command.unit in state.moved:
        return False
    if command.path:  # a listed move names no path
        return False
    return chosen_route(state, command.unit, target_hex(command.to), command.march) is not None


def _beyond_menu(state: State, command: Command) -> bool:
    """A legal command the list leaves out: an attack by a group of units the legal commands do not list
    (TY-CBT-4), or a move along a path the player names (TY-MOV-2)."""
    if state.steps:
        return False
    if isinstance(command, m.DeclareAttack) and state.phase == "combat":
        return combat_rules.declarable(state, tuple(command.units), target_hex(command.target))
    if isinstance(command, m.MoveUnit) and state.phase == "move" and command.path:
        if command.unit not in state.active or command.unit in state.moved:
            return False
        return _route(state, command) is not None
    return False


def _refusal(state: State, command: Command) -> tuple[Text, str]:
    """Why a command is refused: a move along a path the player names says what is wrong with the path (TY-MOV-2,
    TY-MOV-4); any other, that it is not allowed now."""
    if (
        isinstance(command, m.MoveUnit)
        and command.path
        and (state.phase, state.steps) == ("move", ())
        and command.unit in state.active
        and command.unit not in state.moved
    ):
        path = tuple(target_hex(h) for h in command.path)
        found = path_refusal(state, command.unit, target_hex(command.to), command.march, path)
        if found is not None:
            return found
    return t("That is not allowed now."), _rule_of(command)


def _route(state: State, command: m.MoveUnit) -> Route | None:
    """The route of a move: the cheapest, or the player's path (TY-MOV-2)."""
    path = tuple(target_hex(h) for h in command.path)
    return chosen_route(state, command.unit, target_hex(command.to), command.march, path)


def _continue(state: State, ctx: Ctx) -> State:
    """After the steps settle: a combat segment whose attacks are all resolved ends the card."""
    while (
        not state.steps
        and state.winner is None
        and state.phase == "combat"
        and state.closed
        and combat_rules.all_resolved(state)
    ):
        state = steps_rules.settle(cup_rules.after_card(state, ctx), ctx)
    return state


def _rule_of(command: Command) -> str:
    rules = {"ty.select": "TY-CMD-4", "ty.move": "TY-MOV-4", "ty.declare": "TY-CBT-1", "ty.place": "TY-REIN-3"}
    return rules.get(command.kind, "TY-SEQ-2")


def _dispatch(state: State, command: Command, ctx: Ctx) -> State:  # noqa: C901 - one branch per command
    if isinstance(command, m.SelectCard):
        return cup_rules.select(state, command.card, command.hold, ctx)
    if isinstance(command, m.DrawCard):
        return cup_rules.draw(state, ctx)
    if isinstance(command, m.MoveUnit):
        return _move(state, command, ctx)
    if isinstance(command, m.EndMovement):
        return replace(state, phase="combat")
    if isinstance(command, m.DeclareAttack):
        return combat_rules.declare(state, command.units, command.target, ctx)
    if isinstance(command, m.ResolveAttack):
        return combat_rules.resolve(state, command.target, ctx)
    if isinstance(command, m.EndCombat | m.EndPlacement) and state.phase in ("combat", "place"):
        state = reinforce_rules.finish(state, ctx) if state.phase == "place" else state
        return cup_rules.after_card(state, ctx)
    if isinstance(command, m.PlaceUnit):
        return reinforce_rules.place(state, command.unit, command.at, ctx)
    if isinstance(command, m.ConvertGuards):
        return reinforce_rules.convert(state, command.unit, command.guards, ctx)
    if isinstance(command, m.Withdraw):
        return reinforce_rules.withdraw(state, command.unit, ctx)
    if isinstance(command, m.EndWithdrawal):
        return replace(state, phasing="soviet") if state.phasing == "axis" else cup_rules.after_card(state, ctx)
    if isinstance(command, m.ActivateUnit):
        state = replace(state, active=(*state.active, command.unit), reserve_left=state.reserve_left - 1)
        return cup_rules.reserve_pick_done(state)
    raise IllegalCommandError(t("Unknown command {kind}.", kind=command.kind), "TY-SEQ-2")


def _move(state: State, command: m.MoveUnit, ctx: Ctx) -> State:
    """Move one unit along its cheapest route or the path the player named (TY-MOV-1, TY-MOV-2, TY-ACT-3)."""
    route = _route(state, command)
    assert route is not None
    ruling = move_ruling(state, command.unit, route)
    unit = state.unit(command.unit)
    origin = state.runtime.label(unit.hex if unit is not None else None)
    changes: list[Event] = []
    state = move_to(state, command.unit, route.path, changes)
    label = name(state, command.unit)
    rule = "TY-MARCH-1" if command.march else "TY-MOV-4"
    text = t("{unit} moves ({cost} MP).", unit=label, cost=route.cost)
    printed, where = state.runtime.unit_name(command.unit), state.runtime.label(command.to)
    instruction = t("Move {unit} from {origin} to {hex}.", unit=printed, origin=origin, hex=where)
    if command.path and len(route.path) > 1:  # the way the player named (TY-MOV-2)
        via = ", ".join(state.runtime.label(h) for h in route.path[:-1])
        instruction = t("Move {unit} from {origin} by {via} to {hex}.", unit=printed, origin=origin, via=via, hex=where)
    ctx.say(text, rule, instruction, ruling=ruling)
    ctx.events.extend(changes)  # the towns and cities passed through change hands (TY-CITY-2)
    return replace(state, moved=(*state.moved, command.unit))


def target_hex(value: Hex) -> Hex:
    """A hex from JSON (a list or a tuple)."""
    return (int(value[0]), int(value[1]))

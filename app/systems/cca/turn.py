"""The turn (rulebook chapters 4, 5, 6, 8 and 14): play a card, order, move, battle, draw.

Rule IDs: CCA-TURN-1, CCA-TURN-2, CCA-SETUP-2, CCA-CARD-1, CCA-CARD-2, CCA-CARD-3, CCA-ORDER-1, CCA-ORDER-2,
CCA-ORDER-3, CCA-ORDER-4, CCA-ORDER-5, CCA-ORDER-6, CCA-BATTLE-1, CCA-BATTLE-2, CCA-BATTLE-3, CCA-BATTLE-4, CCA-WAR-3,
CCA-DRAW-1, CCA-DRAW-2. ``legal`` lists every command the rules allow now; ``step`` applies one.
"""

from __future__ import annotations

from dataclasses import replace

import app.systems.cca.messages as m
from app.core import flow
from app.core.deck import shuffled
from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import localized, t
from app.core.messages import Command, Event
from app.systems.cca.battledice import face_of
from app.systems.cca.close import close_targets, declare
from app.systems.cca.draw import draw_card
from app.systems.cca.messages import Ctx
from app.systems.cca.movement import apply_move, leader_destinations, unit_destinations
from app.systems.cca.orders import (
    auto_orders,
    effective_card,
    enemy_adjacent,
    leader_chain,
    may_detach,
    may_order,
    pieces,
    quota_for,
)
from app.systems.cca.ranged import fire, fire_targets
from app.systems.cca.state import TASKS, State, Task, Turn, Unit, other
from app.systems.cca.tables import cards, class_name, face_name, face_names, listed
from app.systems.cca.tasks import choices, decide, settle
from app.systems.cca.terrain import may_battle_after_entering
from app.systems.cca.victory import check_victory, exit_board, may_exit
from app.systems.cca.view import piece_name, side_name


def may_battle(state: State, unit: Unit) -> bool:
    """An ordered unit that has not battled, within its move limit and terrain (CCA-BATTLE-2, CCA-MOVE-7)."""
    card = cards()[state.turn.card or "two_centre"]
    moved = state.turn.moved_by(unit.id)
    if unit.id not in state.turn.ordered or unit.id in state.turn.battled:
        return False
    if moved > unit.spec.battle_after_move_max and not (unit.spec.warrior_charge and unit.id in state.turn.charged):
        return False
    if card.bonus_move_no_battle and moved > unit.spec.move:
        return False
    return may_battle_after_entering(state, unit)


def battle_targets(state: State, unit: Unit) -> list[tuple[int, int]]:
    """Targets: adjacent enemies for close combat, else ranged targets (CCA-BATTLE-4, CCA-RANGED-3); an attack
    that would roll no dice is not offered (CCA-DICECOUNT-1, CCA-CAMP-4)."""
    if not may_battle(state, unit):
        return []
    near = close_targets(state, unit)
    if unit.id in state.turn.charged or enemy_adjacent(state, unit):
        return near
    return [*near, *fire_targets(state, unit)]  # only an enemy *unit* next to it stops fire (CCA-RANGED-3)


def legal(state: State) -> list[Command]:
    """Every command the side to act may give now."""
    if state.phase == "over":
        return []
    if (task := flow.top(TASKS, state)) is not None:
        return choices(state, task)
    side = state.active
    if state.phase == "deal":
        return [m.DealHands(side=side)]
    if state.phase == "card":
        return [
            m.PlayCard(side=side, card=c)
            for c in sorted(set(state.hand(side)))
            if cards()[c].tactic != "first_strike"  # played out of turn, when attacked (tasks.py, D14)
        ]
    if state.phase == "order":
        found: list[Command] = [m.OrderUnit(side=side, piece=p.id) for p in pieces(state, side) if may_order(state, p)]
        return [*found, m.EndOrders(side=side)]
    if state.phase == "move":
        return [*_moves(state), m.EndMovement(side=side)]
    must = [
        u
        for u in state.units
        if u.id in state.turn.charged and u.id not in state.turn.battled and battle_targets(state, u)
    ]
    found = [
        m.Battle(side=side, unit=u.id, target=h)
        for u in state.units
        if u.side == side
        for h in battle_targets(state, u)
    ]
    return found if must else [*found, m.EndTurn(side=side)]


def _moves(state: State) -> list[Command]:
    found: list[Command] = []
    done = {i for i, _ in state.turn.moved}
    for piece_id in state.turn.ordered:
        if piece_id in done:
            continue
        unit = state.unit(piece_id)
        if unit is not None:
            found += [m.Move(side=state.active, piece=piece_id, to=h) for h in sorted(unit_destinations(state, unit))]
            found += [m.ExitBoard(side=state.active, piece=piece_id)] if may_exit(state, unit) else []
        elif (leader := state.leader(piece_id)) is not None and may_detach(state, leader):
            found += [
                m.Move(side=state.active, piece=piece_id, to=h) for h in sorted(leader_destinations(state, leader))
            ]
    return found


def step(state: State, ctx: Ctx, command: Command) -> State:
    """Apply a legal command."""
    if command.key() not in {c.key() for c in legal(state)}:
        raise IllegalCommandError(t("That is not allowed now."), "CCA-TURN-1")
    if flow.top(TASKS, state) is not None:
        state = decide(state, ctx, command)  # the battle step waiting for this decision (app.core.flow)
    else:
        state = check_victory(_phase_step(state, ctx, command), ctx)
    state = settle(state, ctx)
    return _auto_advance(state)


def apply_command(state: State, command: Command) -> tuple[State, tuple[Event, ...]]:
    """Apply a legal command with its own dice (pure): the new state and what happened."""
    ctx = Ctx(Roller(state.dice, command.dice, command.cards))
    new = step(state, ctx, command)
    ctx.roller.check_all_used()
    return replace(new, dice=ctx.roller.dice), tuple(ctx.events)


def _phase_step(state: State, ctx: Ctx, command: Command) -> State:
    if isinstance(command, m.DealHands):
        return deal(state, ctx)
    if isinstance(command, m.PlayCard):
        return play(state, ctx, command.card)
    if isinstance(command, m.OrderUnit):
        return order(state, ctx, command.piece)
    if isinstance(command, m.EndOrders):
        return replace(state, phase="move")
    if isinstance(command, m.Move):
        return _move(state, ctx, command)
    if isinstance(command, m.ExitBoard):
        unit = state.unit(command.piece)
        assert unit is not None
        return exit_board(state, ctx, unit)
    if isinstance(command, m.EndMovement):
        return replace(state, phase="battle")
    if isinstance(command, m.Battle):
        return _battle(state, ctx, command)
    return end_turn(state, ctx)


def _move(state: State, ctx: Ctx, command: m.Move) -> State:
    unit = state.unit(command.piece)
    if unit is not None:
        distance = unit_destinations(state, unit)[command.to]
    else:
        leader = state.leader(command.piece)
        assert leader is not None
        distance = leader_destinations(state, leader)[command.to]
    label = state.runtime.grid.label(command.to)
    piece = piece_name(state, command.piece)
    ctx.say("moved", t("{piece} moves to {hex}.", piece=piece, hex=label), "CCA-MOVE-1", at=(command.to,))
    return apply_move(state, command.piece, command.to, distance)


def _battle(state: State, ctx: Ctx, command: m.Battle) -> State:
    unit = state.unit(command.unit)
    assert unit is not None
    state = replace(state.with_turn(battled=(*state.turn.battled, unit.id)), checked=())
    if command.target in state.runtime.grid.neighbours(unit.hex):
        state = declare(state, ctx, unit, command.target, bonus=False)
    else:
        state = fire(state, ctx, unit, command.target)
    card = cards()[state.turn.card or "two_centre"]
    if card.move_after_fire and command.target not in state.runtime.grid.neighbours(unit.hex):
        state = flow.then(TASKS, state, Task("move_after_fire", unit.side, unit.id))
    return state


def deal(state: State, ctx: Ctx) -> State:
    """Shuffle and deal each side its Command (CCA-SETUP-2)."""
    state = replace(state, deck=shuffled(state.deck, ctx.roller))
    for side in (state.active, other(state.active)):
        for _ in range(state.command(side)):
            state = draw_card(state, ctx, side)
    ctx.say("dealt", t("Cards are dealt."), "CCA-SETUP-2")
    return replace(state, phase="card", turn_number=1)


def play(state: State, ctx: Ctx, card_id: str) -> State:
    """Play a card: set the orders it grants (CCA-CARD-1, CCA-ORDER-1)."""
    side = state.active
    hand = list(state.hand(side))
    hand.remove(card_id)
    effective = effective_card(state, card_id)
    spec = cards()[effective]
    quota, mode = quota_for(state, spec, side)
    state = state.with_hand(side, tuple(hand))
    state = replace(state, phase="order", turn=Turn(card=effective, played=card_id, quota=quota, mode=mode))
    ctx.say("played", t("{side} plays {card}.", side=side_name(state, side), card=cards()[card_id].name), "CCA-CARD-1")
    auto = auto_orders(state, spec, side)
    if auto:
        return replace(state, phase="move").with_turn(ordered=auto, outside=auto)
    if spec.tactic == "roll_order":
        return _roll_orders(state, ctx)
    if spec.tactic == "rally":
        return _rally(state, ctx)
    return state


def _roll_orders(state: State, ctx: Ctx) -> State:
    """I Am Spartacus: each unit symbol orders a unit of that colour, each helmet any unit ([PUB])."""
    values = ctx.roller.roll(state.command(state.active), t("I Am Spartacus"), faces=face_names())
    colour = {"light": "green", "medium": "blue", "heavy": "red", "leader": "any"}
    symbols = tuple(colour[face_of(v)] for v in values if face_of(v) in colour)
    ctx.say("rolled", t("Order dice: {faces}", faces=listed([face_name(face_of(v)) for v in values])), "CCA-CARD-4")
    return state.with_turn(roll_orders=symbols, mode="roll_order")


def _rally(state: State, ctx: Ctx) -> State:
    """Rally: each unit symbol rolled returns a block to the most depleted unit of that colour ([PUB])."""
    values = ctx.roller.roll(state.command(state.active), t("Rally"), faces=face_names())
    colour = {"light": "green", "medium": "blue", "heavy": "red"}
    for v in values:
        wanted = colour.get(face_of(v))
        hurt = [u for u in state.units if u.side == state.active and u.blocks < u.spec.blocks]
        hurt = [u for u in hurt if face_of(v) == "leader" or u.spec.colour == wanted]
        if hurt:
            target = min(hurt, key=lambda u: (u.blocks - u.spec.blocks, u.id))
            full = target.blocks + 1 == target.spec.blocks and target.spec.warrior_charge  # full strength again
            state = state.with_unit(replace(target, blocks=target.blocks + 1, fresh=target.fresh or full))
            ctx.say("rallied", t("{cls} regains a block.", cls=class_name(target.cls)), "CCA-CARD-4", at=(target.hex,))
    return replace(state, phase="battle")


def order(state: State, ctx: Ctx, piece_id: str) -> State:
    """Order a piece; a leadership card also orders the leader's linked units (CCA-ORDER-1, CCA-ORDER-2, CCA-ORDER-3,
    CCA-ORDER-4, CCA-ORDER-5, CCA-ORDER-6)."""
    ordered = (*state.turn.ordered, piece_id)
    detached = state.turn.detached
    leader = state.leader(piece_id)
    outside = state.turn.outside
    if leader is not None and state.turn.mode == "leadership":
        chain = tuple(u for u in leader_chain(state, leader) if u not in ordered)
        ordered, outside = (*ordered, *chain), (*outside, *chain)
    elif leader is not None and state.unit_at(leader.hex) is not None:
        detached = (*detached, piece_id)
    ctx.say("ordered", t("{piece} is ordered.", piece=piece_name(state, piece_id)), "CCA-ORDER-1")
    return state.with_turn(ordered=ordered, detached=detached, outside=outside)


def end_turn(state: State, ctx: Ctx) -> State:
    """Discard the card, draw one, pass the turn (CCA-DRAW-1)."""
    side = state.active
    played = state.turn.played
    discard = (*state.discard, played) if played else state.discard
    last = list(state.last_card)
    last[0 if side == "bottom" else 1] = state.turn.card or ""
    state = replace(state, discard=discard, last_card=(last[0], last[1]))
    state = draw_card(state, ctx, side)
    ctx.say("turn_ended", t("{side} ends the turn.", side=side_name(state, side)), "CCA-DRAW-1")
    return replace(state, active=other(side), phase="card", turn=Turn(), turn_number=state.turn_number + 1)


def _auto_advance(state: State) -> State:
    """Skip an order step with nothing left to order (all orders used or lost, CCA-ORDER-2)."""
    if state.phase == "order" and not state.tasks and len(legal(state)) == 1:
        return replace(state, phase="move")
    return state


__all__ = ["battle_targets", "legal", "localized", "may_battle", "step"]

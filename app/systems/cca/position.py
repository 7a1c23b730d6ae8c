"""Positions as data: a scenario's ``position`` applied to the state its armies set up (CCA-SETUP-1, CCA-SETUP-3).

Rulebook chapters 3 and 4 (CCA-TURN-1 the steps of a turn, CCA-CARD-3 hands, CCA-VICTORY-1 banners): a position
names the side to play, the step of its turn, the card played and the pieces ordered, the hands, the discards and
the banners taken, so a worked example or a position copied from the table starts without code. The scenario's
model has checked every id and card (``scenario._position_problems``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from app.systems.cca.orders import quota_for
from app.systems.cca.scenario import SIDES, Position, Runtime
from app.systems.cca.state import State, Turn
from app.systems.cca.tables import cards, full_deck


def apply_position(runtime: Runtime, state: State) -> State:
    """``state`` (as the armies set it up) changed as the scenario's position says; unchanged without one."""
    spec = runtime.model.position
    if spec is None:
        return state
    hands = tuple(tuple(spec.hands.get(side, ())) for side in SIDES)  # type: ignore[call-overload]
    turn = Turn(
        card=spec.card,
        played=spec.card,
        ordered=tuple(spec.ordered),
        moved=tuple(spec.moved.items()),
        battled=tuple(spec.battled),
    )
    state = replace(
        state,
        active=spec.active or state.active,
        phase=spec.phase,
        turn=turn,
        turn_number=spec.turn_number,
        hands=(hands[0], hands[1]),
        deck=_deck(spec, hands),
        discard=tuple(spec.discard),
        banners=(spec.banners.get("bottom", 0), spec.banners.get("top", 0)),
        last_card=(spec.last_card.get("bottom", ""), spec.last_card.get("top", "")),
    )
    if spec.phase == "order" and spec.card is not None:  # the orders the card grants (CCA-ORDER-1)
        quota, mode = quota_for(state, cards()[spec.card], state.active)
        state = state.with_turn(quota=quota, mode=mode)
    return state


def _deck(spec: Position, hands: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The draw pile the position gives, or the full deck without the cards in hands, discarded or played."""
    if spec.deck is not None:
        return tuple(spec.deck)
    out = Counter([*hands[0], *hands[1], *spec.discard, *([spec.card] if spec.card else [])])
    deck = []
    for card in full_deck():
        if out[card]:
            out[card] -= 1
        else:
            deck.append(card)
    return tuple(deck)

"""Drawing a command card (rulebook chapter 14: CCA-DRAW-1, CCA-DRAW-2), for the turn and for First Strike."""

from __future__ import annotations

from dataclasses import replace

from app.core.i18n import t
from app.systems.cca.messages import Ctx
from app.systems.cca.state import State
from app.systems.cca.tables import cards


def draw_card(state: State, ctx: Ctx, side: str) -> State:
    """Draw one card into ``side``'s hand (also First Strike's replacement card, D14); an empty deck is rebuilt from
    the shuffled discards (CCA-DRAW-1, CCA-DRAW-2)."""
    if not state.deck:
        deck = tuple(state.discard) if ctx.roller.cards is not None else tuple(ctx.roller.shuffle(state.discard))
        state = replace(state, deck=deck, discard=())
        ctx.say("reshuffled", t("The discards are shuffled into a new deck."), "CCA-DRAW-2")
    if not state.deck:
        return state
    if ctx.roller.cards is None:
        card, deck = state.deck[-1], state.deck[:-1]
    else:
        names = sorted(set(state.deck))
        card = ctx.roller.pick(names, t("card drawn"), [cards()[c].name_en for c in names])
        index = len(state.deck) - 1 - state.deck[::-1].index(card)
        deck = state.deck[:index] + state.deck[index + 1 :]
    return replace(state, deck=deck).with_hand(side, (*state.hand(side), card))

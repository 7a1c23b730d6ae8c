"""Drawing a command card (rulebook chapter 14: CCA-DRAW-1, CCA-DRAW-2), for the turn and for First Strike."""

from __future__ import annotations

from dataclasses import replace

from app.core.deck import draw, shuffled
from app.core.i18n import t
from app.systems.cca.messages import Ctx
from app.systems.cca.state import State
from app.systems.cca.tables import cards


def draw_card(state: State, ctx: Ctx, side: str) -> State:
    """Draw one card into ``side``'s hand (also First Strike's replacement card, D14); an empty deck is rebuilt from
    the shuffled discards (CCA-DRAW-1, CCA-DRAW-2)."""
    if not state.deck:
        state = replace(state, deck=shuffled(state.discard, ctx.roller), discard=())
        ctx.say("reshuffled", t("The discards are shuffled into a new deck."), "CCA-DRAW-2")
    if not state.deck:
        return state
    card, deck = draw(state.deck, ctx.roller, t("card drawn"), label=lambda c: cards()[c].name_en)
    return replace(state, deck=deck).with_hand(side, (*state.hand(side), card))

"""The event deck: building it with the mission's event window, drawing the top card, reshuffling.

Rulebook chapter: §14.3 event deck construction and special cards (SAS-DECK-1 special event cards, SAS-DECK-2 the
event window "A/B", SAS-DECK-3 no window, SAS-DECK-6 reshuffle) with SAS-EVT-1 (draw the top card). The deck is kept
as the set of cards left plus, while an event window applies, how many cards are left in each of its three piles:
pile 1 (A regular cards) lies on pile 2 (B regular cards shuffled with the special cards) on pile 3 (the rest).
Which regular card lies in which pile is unknown until drawn, so a digital draw takes the top pile's share of
chance: in pile 2 a special card comes up with probability (specials left) / (pile-2 cards left), exactly as from a
shuffled pile; at the table the player types the card he turned over. On a reshuffle only the regular cards go back
(OQ-60: a resolved special card does not return); Lewes bomb cards keep their distance from the top (OQ-26), which
the bombs' fuses already count (``blasts.detonate_bombs``).
"""

from __future__ import annotations

from dataclasses import replace

from app.core.deck import draw
from app.core.i18n import t
from app.systems.sas.context import Ctx
from app.systems.sas.state import SasRuntime, SasState

SPECIAL_PILE = 1  # the second pile holds the special cards (SAS-DECK-2)


def regular_cards(rt: SasRuntime) -> tuple[str, ...]:
    """The deck's regular event cards."""
    return tuple(c for c, card in rt.cards.items() if not card.special)


def initial_deck(rt: SasRuntime) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The cards of the deck and its pile sizes before the first draw (SAS-DECK-2, SAS-DECK-3).

    Without an event window the special cards are taken out and there is one pile (sizes ``()``).
    """
    regular = regular_cards(rt)
    window = rt.mission.event_window
    if window is None:
        return regular, ()
    specials = tuple(c for c, card in rt.cards.items() if card.special)
    first = min(window[0], len(regular))
    second = min(window[1], len(regular) - first)
    return regular + specials, (first, second + len(specials), len(regular) - first - second)


def _weights(state: SasState) -> dict[str, int]:
    """How many equally likely ways each card left can be the top card (SAS-DECK-2)."""
    specials = [c for c in state.deck if state.rt.cards[c].special]
    regular = [c for c in state.deck if not state.rt.cards[c].special]
    pile = next((i for i, n in enumerate(state.piles) if n > 0), None)
    if pile is None:
        return dict.fromkeys(state.deck, 1)
    if pile != SPECIAL_PILE or not specials:
        return dict.fromkeys(regular, 1)
    regular_in_pile = state.piles[SPECIAL_PILE] - len(specials)
    if regular_in_pile <= 0 or not regular:
        return dict.fromkeys(specials, 1)
    # P(special s) = 1 / pile; P(regular r) = (regular_in_pile / pile) / len(regular)
    return {**dict.fromkeys(specials, len(regular)), **dict.fromkeys(regular, regular_in_pile)}


def _reshuffle(ctx: Ctx) -> None:
    """The deck is exhausted: the regular cards form a new deck (SAS-DECK-6, SAS-EVT-1, OQ-60)."""
    ctx.state = replace(ctx.state, deck=regular_cards(ctx.state.rt), discard=(), piles=())
    ctx.emit(
        "deck_reshuffled",
        t("The event deck is exhausted: its regular cards are shuffled into a new deck."),
        "SAS-DECK-6",
        instruction=t("Shuffle the discarded regular event cards into a new deck; resolved special cards stay out."),
    )


def draw_card(ctx: Ctx) -> str:
    """Turn over the top card of the event deck; returns its id (SAS-EVT-1, SAS-DECK-2, SAS-DECK-6)."""
    if not ctx.state.deck:
        _reshuffle(ctx)
    weights = _weights(ctx.state)
    cards = ctx.state.rt.cards
    card_id, rest = draw(
        ctx.state.deck, ctx.roller, t("event card"), ordered=False, weights=weights, title=lambda c: cards[c].label()
    )
    state = ctx.state
    piles = list(state.piles)
    top = next((i for i, n in enumerate(piles) if n > 0), None)
    if top is not None:
        piles[top] -= 1
    ctx.state = replace(state, deck=rest, discard=(*state.discard, card_id), draws=state.draws + 1, piles=tuple(piles))
    return card_id


def announce_special(ctx: Ctx, card_id: str) -> None:
    """Say that the card drawn is a special event card (SAS-DECK-1); its halves are resolved like any card's."""
    card = ctx.state.rt.cards[card_id]
    if card.special:
        ctx.emit("special_card", t("Special event card {card}.", card=card.label()), "SAS-DECK-1")

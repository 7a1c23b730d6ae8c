"""The one deck: a pile of cards as a tuple of card ids, top card last, drawn in digital or table mode (DESIGN §4).

Two kinds of deck share it. An *ordered* deck is shuffled when it is formed (C&C's command cards): a digital draw
takes the top card, and at the table the player says which card he turned over. An *unordered* deck is a set of cards
whose order nobody knows until one is turned over (SAS's event and hunter decks): a digital draw picks a card with
the seeded dice, each card with its weight (by default its number of copies). Either way the player at the table
types the card's name, and the dice state moves on only when a digital draw rolls.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from app.core.dice import Roller
from app.core.i18n import Text

Deck = tuple[str, ...]
"""Card ids, top card last."""


def remove_card(deck: Deck, card: str) -> Deck:
    """The deck without one copy of ``card``: the copy nearest the top (ValueError if there is none)."""
    index = len(deck) - 1 - deck[::-1].index(card)
    return deck[:index] + deck[index + 1 :]


def draw(
    deck: Deck,
    roller: Roller,
    purpose: Text,
    *,
    ordered: bool = True,
    weights: Mapping[str, int] | None = None,
    label: Callable[[str], str] | None = None,
    title: Callable[[str], Text] | None = None,
) -> tuple[str, Deck]:
    """Draw one card; returns it and the deck left.

    Args:
        deck: A deck with at least one card.
        roller: The command's dice and typed cards (table mode: the player names the card drawn).
        purpose: What the draw is for (asked for in table mode).
        ordered: Whether the deck's order is known (digital: the top card comes) or not (digital: a seeded pick).
        weights: Unordered decks: how many equally likely ways each card can come up (default: its copies); a
            card of weight 0 cannot be drawn now.
        label: The name the player types for a card (default: its id).
        title: What the window shows for a card offered at the table (its number and title; default: its name).

    Returns:
        The card drawn and the deck without it.
    """
    if not deck:
        raise ValueError("the deck is empty")
    if roller.cards is None and ordered:
        return deck[-1], deck[:-1]
    counts = Counter(deck) if weights is None else weights
    names = sorted(c for c, n in counts.items() if n > 0)
    if roller.cards is None:  # each way a card can come up is one option
        pool = [c for c in names for _ in range(counts[c])]
        card = roller.pick(pool, purpose, pool)
    else:
        titles = [title(c) for c in names] if title is not None else []
        card = roller.pick(names, purpose, [label(c) for c in names] if label is not None else names, titles)
    return card, remove_card(deck, card)


def shuffled(cards: Iterable[str], roller: Roller) -> Deck:
    """Cards formed into a new ordered deck: shuffled by the seeded dice, or as they are at the table (where the
    player shuffles the real cards and names each card as he draws it)."""
    cards = tuple(cards)
    return cards if roller.cards is not None else tuple(roller.shuffle(cards))

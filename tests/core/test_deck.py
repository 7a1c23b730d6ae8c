"""The one deck (app.core.deck): ordered and unordered decks, digital and table mode."""

from __future__ import annotations

import pytest

from app.core.deck import draw, remove_card, shuffled
from app.core.dice import BadInput, Dice, NeedInput, Roller
from app.core.i18n import t

PURPOSE = t("card drawn")


def digital(seed: int = 1) -> Roller:
    return Roller(Dice(seed=seed))


def test_ordered_digital_draw_takes_the_top_card_without_rolling() -> None:
    """The top card is the last one; the dice do not move (CCA-DRAW-1)."""
    roller = digital()
    assert draw(("a", "b", "c"), roller, PURPOSE) == ("c", ("a", "b"))
    assert roller.dice.index == 0


def test_table_draw_takes_the_card_the_player_names_nearest_the_top() -> None:
    """At the table the player names the card; one copy goes, the one nearest the top (CCA-DRAW-1)."""
    roller = Roller(Dice(seed=1), cards=["Scout"])
    card, rest = draw(("x", "s", "y", "s"), roller, PURPOSE, label=lambda c: {"s": "Scout"}.get(c, c.upper()))
    assert (card, rest) == ("s", ("x", "s", "y"))
    with pytest.raises(NeedInput):
        draw(("x",), Roller(Dice(seed=1), cards=[]), PURPOSE)
    with pytest.raises(BadInput):
        draw(("x",), Roller(Dice(seed=1), cards=["nope"]), PURPOSE)


def test_unordered_digital_draw_is_a_seeded_weighted_pick() -> None:
    """An unordered deck rolls for its card; weight 0 cannot come up; same seed, same card (SAS-EVT-1, SAS-DECK-2)."""
    drawn = {
        draw(("a", "b", "c"), digital(seed), PURPOSE, ordered=False, weights={"a": 0, "b": 1, "c": 3})[0]
        for seed in range(40)
    }
    assert drawn == {"b", "c"}
    first = draw(("a", "b", "c"), digital(5), PURPOSE, ordered=False)
    assert first == draw(("a", "b", "c"), digital(5), PURPOSE, ordered=False)
    roller = digital()
    draw(("a", "b"), roller, PURPOSE, ordered=False)
    assert roller.dice.index == 1


def test_shuffled_and_remove_card() -> None:
    """Digital shuffles with the dice; at the table the order stays (the real cards are shuffled) (CCA-DRAW-2)."""
    cards = tuple("abcdefgh")
    mixed = shuffled(cards, digital(3))
    assert sorted(mixed) == sorted(cards) and mixed != cards
    assert shuffled(cards, Roller(Dice(seed=3), cards=[])) == cards
    assert remove_card(("a", "b", "a"), "a") == ("a", "b")
    with pytest.raises(ValueError, match="empty"):
        draw((), digital(), PURPOSE)

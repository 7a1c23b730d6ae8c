"""Dice: deterministic draws, sane distributions, table-mode input, shuffles (DESIGN §4)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.core.dice import BadInput, Dice, NeedInput, Roller, draw
from app.core.i18n import t

PURPOSE = t("testing")


def test_draw_is_a_pure_function_of_seed_and_index() -> None:
    first = [draw(7, i, 6) for i in range(50)]
    assert first == [draw(7, i, 6) for i in range(50)]
    assert first != [draw(8, i, 6) for i in range(50)]


@pytest.mark.parametrize("sides", [2, 3, 6, 10, 20])
def test_distribution_is_roughly_uniform(sides: int) -> None:
    draws = 6000 * sides
    counts = Counter(draw(12345, i, sides) for i in range(draws))
    assert sorted(counts) == list(range(1, sides + 1))
    expected = draws / sides
    chi2 = sum((counts[face] - expected) ** 2 / expected for face in counts)
    assert chi2 < 3 * sides + 30  # far beyond the 99.9th percentile of chi² with sides-1 dof for these sizes


def test_digital_roll_advances_the_index_and_matches_draw() -> None:
    roller = Roller(Dice(seed=3, index=10))
    values = roller.roll(3, PURPOSE)
    assert values == tuple(draw(3, 10 + i, 6) for i in range(3))
    assert roller.dice == Dice(seed=3, index=13)
    assert roller.rolled == list(values)


def test_same_dice_roll_the_same() -> None:
    assert Roller(Dice(seed=5, index=2)).roll(4, PURPOSE, 10) == Roller(Dice(seed=5, index=2)).roll(4, PURPOSE, 10)


def test_table_mode_uses_typed_dice_and_keeps_the_index() -> None:
    roller = Roller(Dice(seed=1, index=4), supplied=(6, 2))
    assert roller.roll(2, PURPOSE) == (6, 2)
    assert roller.dice == Dice(seed=1, index=4)
    roller.check_all_used()


def test_table_mode_asks_for_missing_dice() -> None:
    roller = Roller(Dice(seed=1), supplied=(3,))
    with pytest.raises(NeedInput) as info:
        roller.roll(3, PURPOSE, 8)
    assert (info.value.what, info.value.count, info.value.sides) == ("dice", 2, 8)
    assert info.value.purpose == PURPOSE


@pytest.mark.parametrize("value", [0, 7, -1])
def test_table_mode_refuses_impossible_dice(value: int) -> None:
    with pytest.raises(BadInput) as info:
        Roller(Dice(seed=1), supplied=(value,)).roll(1, PURPOSE)
    assert str(value) in info.value.reason.render()


def test_table_mode_refuses_extra_dice_and_cards() -> None:
    roller = Roller(Dice(seed=1), supplied=(1, 2, 3))
    roller.roll(1, PURPOSE)
    with pytest.raises(BadInput, match="2 more dice"):
        roller.check_all_used()
    with pytest.raises(BadInput):
        Roller(Dice(seed=1), supplied=(), cards=("ace",)).check_all_used()


def test_cards_typed_at_the_table() -> None:
    roller = Roller(Dice(seed=1), cards=("queen",))
    assert roller.pick([1, 2, 3], PURPOSE, names=["king", "queen", "jack"]) == 2
    with pytest.raises(NeedInput) as info:
        roller.pick([1, 2, 3], PURPOSE, names=["king", "queen", "jack"])
    assert info.value.what == "card"
    assert info.value.options == ("king", "queen", "jack")
    with pytest.raises(BadInput):
        Roller(Dice(seed=1), cards=("joker",)).pick(["king"], PURPOSE)


def test_digital_pick_is_seeded_and_covers_every_option() -> None:
    picks = [Roller(Dice(seed=9, index=i)).pick("abcd", PURPOSE) for i in range(400)]
    assert set(picks) == set("abcd")
    assert picks == [Roller(Dice(seed=9, index=i)).pick("abcd", PURPOSE) for i in range(400)]
    with pytest.raises(ValueError):
        Roller(Dice(seed=1)).pick([], PURPOSE)


def test_shuffle_is_a_deterministic_permutation() -> None:
    items = list(range(20))
    roller = Roller(Dice(seed=2))
    shuffled = roller.shuffle(items)
    assert sorted(shuffled) == items
    assert shuffled != items
    assert roller.dice.index == len(items) - 1
    assert Roller(Dice(seed=2)).shuffle(items) == shuffled
    assert items == list(range(20))  # the input is not touched
    orders = {tuple(Roller(Dice(seed=s)).shuffle("abc")) for s in range(200)}
    assert len(orders) == 6  # every permutation of three cards occurs


FACES = ("light", "medium", "heavy", "leader", "flag", "swords")


def test_table_mode_asks_for_named_faces() -> None:
    roller = Roller(Dice(seed=1), supplied=(2,))
    with pytest.raises(NeedInput) as info:
        roller.roll(3, PURPOSE, faces=FACES)
    assert info.value.count == 2
    assert info.value.sides == 6
    assert info.value.faces == FACES


def test_named_faces_are_numbers_one_to_n() -> None:
    roller = Roller(Dice(seed=1), supplied=(1, 6))
    assert roller.roll(2, PURPOSE, faces=FACES) == (1, 6)
    with pytest.raises(BadInput):
        Roller(Dice(seed=1), supplied=(7,)).roll(1, PURPOSE, faces=FACES)


def test_numbered_dice_ask_without_faces() -> None:
    with pytest.raises(NeedInput) as info:
        Roller(Dice(seed=1), supplied=()).roll(1, PURPOSE)
    assert info.value.faces == ()


def test_digital_roll_with_faces_is_the_same_as_without() -> None:
    assert Roller(Dice(seed=9)).roll(5, PURPOSE, faces=FACES) == Roller(Dice(seed=9)).roll(5, PURPOSE)

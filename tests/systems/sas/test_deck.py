"""The SAS event deck: the event window and special event cards, drawing at the table, reshuffling (SAS-DECK-1,
SAS-DECK-2, SAS-DECK-3, SAS-DECK-6, SAS-EVT-1, OQ-60)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.dice import BadInput, Dice, Roller
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.axis.deck import draw_card, initial_deck
from app.systems.sas.axis.eventphase import draw
from app.systems.sas.context import Ctx
from tests.support.positions import with_position

FOLDER = Path(__file__).parents[3] / "scenarios" / "sas"
REGULAR = [f"E{n:02}" for n in range(1, 25)]


def _start(name: str):
    return open_session(FOLDER / name, {"sas": SYSTEM}, seed=1).state


def _deck_position(name: str, cards: list[str], piles: list[int], **position):
    """The mission ``name`` started from a position with ``cards`` left in the event deck in piles ``piles``."""
    return with_position(FOLDER / name, {"deck": {"cards": cards, "piles": piles}, **position}).state


def test_sas_deck_3_no_event_window_removes_the_special_cards():
    """SAS-DECK-3: the tutorial has no event window, so the special card S01 is not in its deck."""
    st = _start("tutorial_assassination.json")
    assert "S01" in st.rt.cards and "S01" not in st.deck and st.piles == ()
    assert len(st.deck) == 24


@pytest.mark.parametrize(
    ("name", "piles"), [("raid_chateau.json", (16, 9, 0)), ("demolition_fuel_depot.json", (12, 7, 6))]
)
def test_sas_deck_2_event_window_piles(name, piles):
    """SAS-DECK-2: window 16/8 with 24 regular cards and 1 special: piles of 16, 8+1 and 0; 12/6: 12, 6+1, 6."""
    st = _start(name)
    assert st.piles == piles and "S01" in st.deck
    assert initial_deck(st.rt) == (st.deck, st.piles)


def test_sas_deck_2_special_card_comes_up_within_the_window():
    """SAS-DECK-2: with window 16/8 the special card lies at positions 17..25 — over 40 seeded decks it never comes
    up before the 17th draw, always by the 25th, and at more than one position."""
    st = _start("raid_chateau.json")
    found = set()
    for seed in range(40):
        ctx = Ctx(st, Roller(Dice(seed=seed)))
        order = [draw_card(ctx) for _ in range(25)]
        found.add(order.index("S01") + 1)
    assert min(found) >= 17 and max(found) <= 25 and len(found) > 3


def test_sas_deck_2_at_the_table_the_special_card_is_refused_in_pile_1():
    """SAS-EVT-1 / SAS-DECK-2: at the table the player types the card he turned over; S01 cannot be on top of pile
    1, while any card may come up in pile 2."""
    st = _start("raid_chateau.json")
    with pytest.raises(BadInput):
        draw_card(Ctx(st, Roller(st.dice, cards=["S01"])))
    later = _deck_position("raid_chateau.json", [*REGULAR[:8], "S01"], [0, 9, 0])
    ctx = Ctx(later, Roller(later.dice, cards=["S01"]))
    assert draw_card(ctx) == "S01"
    assert ctx.state.piles == (0, 8, 0) and "S01" not in ctx.state.deck
    assert ctx.events == []


def test_sas_deck_2_last_card_of_pile_2_is_the_special_one():
    """SAS-DECK-2: when the special card is all that is left of pile 2, it is the next card drawn."""
    last = _deck_position("demolition_fuel_depot.json", [*REGULAR[:6], "S01"], [0, 1, 6])
    assert draw_card(Ctx(last, Roller(last.dice))) == "S01"


def test_sas_deck_1_special_card_resolves_its_half():
    """SAS-DECK-1 / SAS-EVT-5: S01 (decision D-DECK-2) in the Stealth section spawns 3 SMG infantry on the white
    spawn tiles."""
    st = _deck_position("raid_chateau.json", ["S01"], [0, 1, 0], phase="event")
    ctx = Ctx(st, Roller(st.dice, cards=["S01"]))
    draw(ctx)
    assert [e.kind for e in ctx.events].count("unit_spawned") == 3
    assert [e.kind for e in ctx.events][:2] == ["card_drawn", "special_card"]


def test_sas_deck_6_reshuffle_takes_back_the_regular_cards_only():
    """SAS-DECK-6 / OQ-60: the deck is exhausted: the 24 regular cards form a new deck, the resolved special card
    stays out, the discards are emptied."""
    position = {"deck": {"cards": [], "discard": ["E01", "S01"], "piles": [0, 0, 0]}}
    empty = with_position(FOLDER / "raid_chateau.json", position).state
    ctx = Ctx(empty, Roller(empty.dice, cards=["E05"]))
    assert draw_card(ctx) == "E05"
    assert ctx.events[0].rule_id == "SAS-DECK-6" and ctx.events[0].instruction is not None
    assert len(ctx.state.deck) == 23 and "S01" not in ctx.state.deck and ctx.state.discard == ("E05",)
    assert ctx.state.piles == ()

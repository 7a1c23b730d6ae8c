"""The command bar's view of SAS actions: AP costs from the action table and hit chances before committing."""

from __future__ import annotations

from app.systems.sas import SYSTEM
from app.systems.sas.messages import Attack, Move

from .board import activate, op, runtime, state, unit

OPEN = ["." * 12] * 12


def test_sas_act_1_cost_comes_from_the_action_table():
    """SAS-ACT-1: Move costs 1 AP, Move & Attack 1 AP; the label names the square."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 6))], [unit("p", "rifle", (5, 6), "N")]), "jock")
    info = SYSTEM.describe(st, Move(side="sas", operator="jock", to=(1, 6)))
    assert info.cost == "1 AP" and info.target == (1, 6) and info.actor == "jock"


def test_sas_atk_2_hint_shows_short_range_and_chance():
    """SAS-ATK-1, SAS-ATK-2: pistol 5+ at 4 squares gets +1 short range: a 4, 5 or 6 hits, 50 %."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 6))], [unit("p", "rifle", (4, 6), "N")]), "jock")
    info = SYSTEM.describe(st, Attack(side="sas", operator="jock", weapon="pistol", target="p"))
    assert info.target == (4, 6)
    assert info.hint is not None
    text = info.hint.render()
    assert "SAS-ATK-2" in text and "50%" in text


def test_sas_atk_4_move_first_measures_range_from_the_new_square():
    """SAS-ATK-4: moving first from 5 to 4 squares away turns long range into short range (+1)."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 6))], [unit("p", "rifle", (5, 6), "N")]), "jock")
    still = SYSTEM.describe(st, Attack(side="sas", operator="jock", weapon="pistol", target="p"))
    moved = SYSTEM.describe(st, Attack(side="sas", operator="jock", weapon="pistol", target="p", move_to=(1, 6)))
    assert still.hint is not None and "33%" in still.hint.render()
    assert moved.hint is not None and "50%" in moved.hint.render()

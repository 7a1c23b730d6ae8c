"""The command bar's view of SAS actions: AP costs from the action table and hit chances before committing."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.command_templates import group_templates
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.messages import ActivateOperator, Attack, Move, Sprint

from .board import activate, op, runtime, state, unit

OPEN = ["." * 12] * 12
DEPOT = Path(__file__).resolve().parents[3] / "scenarios" / "sas" / "demolition_fuel_depot.json"


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


def test_sas_atk_1_sas_atk_4_attack_is_a_template_with_weapon_move_and_order_options():
    """SAS-ATK-1, SAS-ATK-4: the odds are data; Move & Attack's square and order are options of one template whose
    title names only the target."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 6))], [unit("p", "rifle", (5, 6), "N")]), "jock")
    moved = SYSTEM.describe(
        st, Attack(side="sas", operator="jock", weapon="pistol", target="p", move_to=(1, 6), move_first=False)
    )
    assert moved.odds == pytest.approx(1 / 3) and moved.costs == (("AP", 1),)
    assert moved.title is not None and "moving" not in moved.title.render() and "Pistol" not in moved.title.render()
    options = {o.name: o.value for o in moved.options}
    assert options == {"weapon": "pistol", "move_to": "B7", "order": "after"}


def test_sas_place_1_sas_deck_4_lewes_bombs_are_one_template_per_square():
    """SAS-PLACE-1, SAS-DECK-4: the twenty deck positions of a Lewes bomb on one square are one template; the
    window asks only for the position."""
    session = open_session(DEPOT, {"sas": SYSTEM})
    session.submit(ActivateOperator(side="sas", operator="jock"))
    items = [(c, session.describe(c)) for c in session.legal_commands()]
    places = [tpl for tpl in group_templates(items) if tpl.kind == "place"]
    assert len(places) == 6 and all(len(tpl.choices) == 20 for tpl in places)
    question = places[0].question()
    assert question is not None and question.name == "position" and len(question.values) == 20
    assert len(group_templates(items)) < len(items) / 2


def test_sas_move_1_a_move_is_what_a_click_on_its_square_means():
    """SAS-MOVE-1: the one-square Move is the default among the kinds aimed at a square (a one-square Sprint, a
    bomb placed there)."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 6))], [unit("p", "rifle", (5, 6), "N")]), "jock")
    assert SYSTEM.describe(st, Move(side="sas", operator="jock", to=(1, 6))).default
    sprint = SYSTEM.describe(st, Sprint(side="sas", operator="jock", path=((1, 6),)))
    assert not sprint.default and sprint.path == ((1, 6),)

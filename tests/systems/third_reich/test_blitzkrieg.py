"""The Blitzkrieg event read from seed §6.1.2 and §7.1(4): one group, chosen freely, acts twice; the event may come
before or after the strategy value and its group may differ from the strategy value's groups."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.core.session import Session
from app.systems.third_reich.messages import Attack, Move, Pass, PlayCard, UseEvent
from tests.systems.third_reich.helpers import card, loc, session, state, submit, used


def _blitz_session() -> Session:
    """Axis tanks in Berlin and infantry in the Low Countries (both German-held), a Polish infantry unit in Brest."""
    cards = [card("blitz", "axis", event="blitzkrieg"), card("b", "axis")]
    setup = [("ge_tf", "berlin", 3), ("ge_lf", "low_countries", 3), ("fr_lf", "paris")]
    s = session(setup, cards=cards, areas={"low_countries": {"control": "GE"}})
    submit(s, PlayCard(side="axis", card="blitz"))
    return s


def test_tr_evt_2_the_blitzkrieg_group_need_not_have_acted_by_strategy_value() -> None:
    """TR-EVT-2, TR-EVT-3, TR-GRP-4: the strategy value moves the tanks; the event then gives two actions to the
    infantry in the Low Countries, which did not act by strategy value (seed §6.1.2(3): groups may differ)."""
    s = _blitz_session()
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="low_countries"))
    submit(s, UseEvent(side="axis"))
    blitz = [c for c in s.legal_commands() if isinstance(c, Move) and c.by == "blitz"]
    assert any("ge_lf_2" in c.units for c in blitz)
    submit(s, Move(side="axis", units=("ge_lf_1", "ge_lf_2"), to="paris", by="blitz"))
    submit(s, Attack(side="axis", units=("ge_lf_1", "ge_lf_2"), target="paris", by="blitz"), dice=[1, 1])
    assert used(s, "ge_lf_1") and used(s, "fr_lf_1")  # two hits flip the French infantry (TR-DMG-1)
    play = state(s).play
    assert play is None or play.blitz_left == 0


def test_tr_evt_3_the_second_blitzkrieg_action_belongs_to_the_first_actions_group() -> None:
    """TR-EVT-3, TR-GRP-4: once a group took the first Blitzkrieg action, another group may not take the second."""
    s = _blitz_session()
    submit(s, UseEvent(side="axis"))
    submit(s, Move(side="axis", units=("ge_lf_1", "ge_lf_2"), to="paris", by="blitz"))
    with pytest.raises(IllegalCommandError) as info:
        submit(s, Move(side="axis", units=("ge_tf_1",), to="low_countries", by="blitz"))
    assert info.value.rule_id == "TR-EVT-3"
    offered = [c for c in s.legal_commands() if isinstance(c, Move | Attack) and c.by == "blitz"]
    assert offered and all(set(c.units) <= {"ge_lf_1", "ge_lf_2"} for c in offered)


def test_tr_rnd_3_blitzkrieg_first_then_the_strategy_value_with_other_units() -> None:
    """TR-RND-3, TR-CARD-4, TR-GRP-4: the event may be carried out before the strategy value; the Blitzkrieg group
    may not then act by strategy value (only the reverse is allowed, seed §7.1(4)), other groups may."""
    s = _blitz_session()
    submit(s, UseEvent(side="axis"))
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="low_countries", by="blitz"))
    submit(s, Move(side="axis", units=("ge_tf_1",), to="paris", by="blitz"))
    assert loc(s, "ge_tf_1") == "paris"
    with pytest.raises(IllegalCommandError) as info:
        submit(s, Move(side="axis", units=("ge_tf_2",), to="paris"))
    assert info.value.rule_id == "TR-GRP-4"
    submit(s, Move(side="axis", units=("ge_lf_1",), to="berlin"))
    assert loc(s, "ge_lf_1") == "berlin" and state(s).play is not None and state(s).play.sv_left == 1


def test_tr_rnd_3_strategy_value_after_one_blitzkrieg_action_ends_the_event() -> None:
    """TR-RND-3: the event and the strategy value are never interleaved: spending strategy value after the first
    Blitzkrieg action gives up the second."""
    s = _blitz_session()
    submit(s, UseEvent(side="axis"))
    submit(s, Move(side="axis", units=("ge_lf_1", "ge_lf_2"), to="berlin", by="blitz"))
    submit(s, Move(side="axis", units=("ge_tf_1",), to="low_countries"))
    play = state(s).play
    assert play is not None and play.blitz_left == 0
    assert not any(isinstance(c, Move | Attack) and c.by == "blitz" for c in s.legal_commands())


def test_tr_evt_3_the_same_units_act_three_times() -> None:
    """TR-EVT-3: strategy value first, then the event gives the same tanks two more actions: three in all."""
    s = _blitz_session()
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="low_countries"))
    submit(s, UseEvent(side="axis"))
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="berlin", by="blitz"))
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="low_countries", by="blitz"))
    assert loc(s, "ge_tf_2") == "low_countries" and not used(s, "ge_tf_2")


def test_tr_grp_4_units_moved_by_an_event_do_not_then_act_by_strategy_value() -> None:
    """TR-GRP-4, TR-RND-3: Sea Transport first (the units stay unused, TR-SEAMOV-4), then the strategy value: the
    transported units may not act by it (seed §7.1(4) lets only the strategy-value group act again, through the
    event), other units may."""
    cards = [card("st", "allied", event="sea_transport", units=2), card("x", "allied"), card("a", "axis")]
    setup = [("uk_lf", "london", 3), ("uk_nf", "north_sea", 2), ("ge_lf", "berlin")]
    s = session(setup, cards=cards, hands=(1, 2), areas={"norway": {"nation": None}})
    while s.active_side() == "axis":
        submit(s, Pass(side="axis"))
    submit(s, PlayCard(side="allied", card="st"))
    submit(s, UseEvent(side="allied", units=("uk_lf_1", "uk_lf_2"), to="norway", via="north_sea"))
    assert loc(s, "uk_lf_1") == "norway" and not used(s, "uk_lf_1")
    with pytest.raises(IllegalCommandError) as info:
        submit(s, Move(side="allied", units=("uk_lf_1",), to="sweden"))
    assert info.value.rule_id == "TR-GRP-4"
    assert not any(isinstance(c, Move) and "uk_lf_1" in c.units for c in s.legal_commands())


def test_tr_qa_3_strategy_value_after_a_blitzkrieg_sea_move_flips_the_group() -> None:
    """TR-QA-3, TR-SEAMOV-4, TR-RND-3: the event first, its group crosses the sea and keeps its unused face for
    the second action; spending strategy value instead ends the event, and the group turns used at once."""
    cards = [card("blitz", "axis", event="blitzkrieg"), card("b", "axis")]
    setup = [("ge_lf", "berlin", 3), ("ge_tf", "berlin"), ("ge_nf", "north_sea", 3)]
    s = session(setup, cards=cards, areas={"norway": {"nation": None}})
    submit(s, PlayCard(side="axis", card="blitz"))
    submit(s, UseEvent(side="axis"))
    submit(s, Move(side="axis", units=("ge_lf_1", "ge_lf_2"), to="norway", mode="sea", via="north_sea", by="blitz"))
    assert not used(s, "ge_lf_1") and not used(s, "ge_lf_2")
    submit(s, Move(side="axis", units=("ge_tf_1",), to="low_countries"))
    assert used(s, "ge_lf_1") and used(s, "ge_lf_2") and loc(s, "ge_tf_1") == "low_countries"

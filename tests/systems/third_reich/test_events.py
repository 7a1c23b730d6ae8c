"""Card events, and counterattacks with ★Ambush★ cards."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.core.session import Session
from app.systems.third_reich.messages import (
    Ambush,
    Attack,
    AttackResolved,
    FinishCard,
    Move,
    NoAmbush,
    Pass,
    PlayCard,
    UseBanked,
    UseEvent,
)
from tests.systems.third_reich.helpers import Place, card, loc, session, state, submit, used


def test_tr_evt_4_development_takes_a_card_into_the_discard() -> None:
    """TR-EVT-4, TR-CARD-6: Development puts a pool card into the discard, and it joins the deck next turn."""
    cards = [card("dev", "axis", event="development"), card("big", "axis", sv=4), card("b", "axis")]
    cards[1]["start"] = "development"
    s = session([("ge_lf", "berlin")], cards=cards)
    submit(s, PlayCard(side="axis", card="dev"))
    submit(s, UseEvent(side="axis", choice="big"))
    st = state(s)
    assert "big" in st.hands_of("axis").discard and "big" not in st.dev_cards


def test_development_can_bring_a_unit_into_the_pool() -> None:
    """TR-SETUP-4, TR-EVT-4: with ``takes: unit`` a development-pool unit joins the mobilization pool (OQ-TR-26)."""
    cards = [card("dev", "axis", event="development", takes=["unit"]), card("b", "axis")]
    s = session([("ge_lf", "berlin"), ("ge_tf_523", "development")], cards=cards)
    submit(s, PlayCard(side="axis", card="dev"))
    submit(s, UseEvent(side="axis", choice="unit:ge_tf_523"))
    assert loc(s, "ge_tf_523_1") == "pool"


def test_tr_stat_5_diplomacy_brings_in_a_minor() -> None:
    """TR-STAT-5, TR-STAT-6, TR-CTRL-4: the Axis names Italy: it becomes an Axis belligerent and its areas Axis."""
    cards = [card("dip", "axis", event="diplomacy", nations=["IT", "SW"]), card("b", "axis")]
    s = session([("ge_lf", "berlin"), ("it_lf", "italy")], cards=cards)
    submit(s, PlayCard(side="axis", card="dip"))
    choices = {c.choice for c in s.legal_commands() if isinstance(c, UseEvent)}
    assert choices == {"IT"}  # Sweden is an Allied neutral: not the Axis's to name
    submit(s, UseEvent(side="axis", choice="IT"))
    st = state(s)
    assert st.belligerent("IT", "axis") and st.controlling_side("italy") == "axis"


def test_tr_stat_2_entry_track_brings_in_the_usa() -> None:
    """TR-STAT-2, TR-MARK-2: Allied Diplomacy moves the US marker; at Entry the USA is an Allied belligerent."""
    cards = [card("dip", "allied", event="diplomacy", nations=["US"], steps=2), card("y", "allied")]
    s = session(
        [("uk_lf", "london", 2)],
        cards=cards,
        entry_track={"entry": 3, "positions": {"US": 1, "SU": 0, "TU": 0, "SP": 0}},
    )
    submit(s, PlayCard(side="allied", card="dip"))
    submit(s, UseEvent(side="allied", choice="US"))
    st = state(s)
    assert st.entry_of("US") == 3 and st.belligerent("US", "allied")


def test_tr_stat_3_turkey_joins_the_axis_by_either_players_diplomacy() -> None:
    """TR-STAT-3: the Allies' Diplomacy naming Turkey still moves it toward Entry, where it joins the Axis."""
    cards = [card("dip", "allied", event="diplomacy", nations=["TU"], steps=3), card("y", "allied")]
    s = session([("uk_lf", "london", 2)], cards=cards)
    submit(s, PlayCard(side="allied", card="dip"))
    submit(s, UseEvent(side="allied", choice="TU"))
    assert state(s).belligerent("TU", "axis")


def test_tr_stat_4_vichy_france_and_back() -> None:
    """TR-STAT-4, TR-UNIT-5: with Paris in Axis hands Vichy France makes France Axis: Vichy-marked units stay,
    the others leave; an Allied Diplomacy while the Allies hold Paris brings France back."""
    cards = [card("vichy", "axis", sv=3, event="vichy_france", requires=["paris"]), card("b", "axis")]
    setup = [
        ("ge_lf", "paris", 2),
        ("fr_lf", "southern_france"),
        ("fr_lf_vichy", "southern_france"),
        ("ge_lf", "berlin"),
    ]
    s = session(setup, cards=cards, areas={"paris": {"control": "GE"}})
    submit(s, PlayCard(side="axis", card="vichy"))
    submit(s, UseEvent(side="axis", choice=""))
    st = state(s)
    assert (
        st.side_of("FR") == "axis" and loc(s, "fr_lf_1") == "removed" and loc(s, "fr_lf_vichy_1") == "southern_france"
    )
    from app.systems.third_reich.nations import diplomacy_targets

    held = st.with_control({"paris": "UK"})
    assert diplomacy_targets(held, "allied", ["FR"]) == ["FR"]
    assert diplomacy_targets(st, "allied", ["FR"]) == []


def test_tr_evt_3_blitzkrieg_acts_again() -> None:
    """TR-EVT-3, TR-RND-3: after moving by the strategy value, Blitzkrieg lets the same group move and attack."""
    cards = [card("blitz", "axis", event="blitzkrieg"), card("b", "axis")]
    s = session([("ge_tf", "berlin", 3), ("po_lf", "brest")], cards=cards, areas={"warsaw": {"control": "GE"}})
    submit(s, PlayCard(side="axis", card="blitz"))
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="warsaw"))
    submit(s, UseEvent(side="axis"))
    st = state(s)
    assert st.play is not None and st.play.blitz_left == 2 and not st.play.sv_open
    submit(s, Move(side="axis", units=("ge_tf_1",), to="brest", by="blitz"))  # one tank stays (TR-MOV-4)
    submit(s, Attack(side="axis", units=("ge_tf_1",), target="brest", by="blitz"), dice=[1])
    assert used(s, "ge_tf_1") and loc(s, "po_lf_1") != "brest"


def test_tr_rnd_3_event_then_strategy_value_in_either_order() -> None:
    """TR-RND-3, TR-CARD-4, TR-EVT-2: the event may come first; the strategy value is still spent afterwards."""
    cards = [card("sup", "axis", sv=2, event="supply"), card("b", "axis")]
    s = session([("ge_lf", "berlin", 2, True), ("ge_tf", "berlin", 2)], cards=cards)
    submit(s, PlayCard(side="axis", card="sup"))
    submit(s, UseEvent(side="axis"))
    assert not used(s, "ge_lf_1")  # TR-REC-1: Supply recovers like the end of the turn
    submit(s, Move(side="axis", units=("ge_tf_1",), to="warsaw"))
    assert loc(s, "ge_tf_1") == "warsaw"


def test_tr_sub_7_wolfpack_discards_allied_cards() -> None:
    """TR-SUB-7, TR-OPT-4: each submarine die at or under its attack discards an Allied card at random; the hand
    floor keeps 4."""
    cards = [card("wolf", "axis", event="wolfpack"), card("b", "axis")] + [card(f"x{i}", "allied") for i in range(6)]
    s = session([("ge_ss", "north_atlantic", 2), ("ge_lf", "berlin")], cards=cards, hands=(2, 6))
    submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="wolf"))
    before = len(state(s).hands_of("allied").hand)
    submit(s, UseEvent(side="axis"), dice=[1, 2])
    assert len(state(s).hands_of("allied").hand) == before - 2
    assert used(s, "ge_ss_1") and used(s, "ge_ss_2")


def test_sea_transport_does_not_flip() -> None:
    """TR-SEAMOV-4, TR-SEA-2: Sea Transport crosses like a sea move, within capacity, and leaves the units unused."""
    cards = [card("st", "allied", event="sea_transport", units=2), card("y", "allied")]
    s = session([("uk_lf", "london", 3), ("uk_nf", "north_sea", 2)], cards=cards, areas={"norway": {"nation": None}})
    submit(s, PlayCard(side="allied", card="st"))
    submit(s, UseEvent(side="allied", units=("uk_lf_1", "uk_lf_2"), to="norway", via="north_sea"))
    assert loc(s, "uk_lf_1") == "norway" and not used(s, "uk_lf_1")


def test_strategic_movement_goes_far_through_friendly_land() -> None:
    """TR-EVT-1, TR-SEA-2: Strategic Movement takes a group any distance through friendly land areas."""
    cards = [card("sm", "axis", event="strategic_movement", units=2), card("b", "axis")]
    areas = {"hungary": {"control": "GE"}, "romania": {"control": "GE"}}
    s = session([("ge_lf", "berlin", 3), ("ge_lf", "hungary"), ("ge_lf", "romania")], cards=cards, areas=areas)
    submit(s, PlayCard(side="axis", card="sm"))
    submit(s, UseEvent(side="axis", units=("ge_lf_1", "ge_lf_2"), to="romania"))
    assert loc(s, "ge_lf_1") == "romania"


def test_landing_attacks_at_once() -> None:
    """TR-SEA-2: a landing crosses one sea area into an enemy land area and attacks the defenders there."""
    cards = [card("land", "axis", event="landing_airborne", units=2), card("b", "axis")]
    s = session([("ge_lf", "berlin", 3), ("ge_nf", "north_sea", 2), ("uk_lf", "london")], cards=cards)
    submit(s, PlayCard(side="axis", card="land"))
    events = submit(s, UseEvent(side="axis", units=("ge_lf_1", "ge_lf_2"), to="london", via="north_sea"), dice=[1, 1])
    assert loc(s, "ge_lf_1") == "london" and any(e.kind == "tr.attack_resolved" for e in events)


def test_tr_ca_1_ambush_counterattacks_first_with_double_damage() -> None:
    """TR-CA-1, TR-CA-2, TR-CA-4, TR-CA-8, TR-CA-12, TR-QA-5: the Allies answer an attack with Ambush: the
    counterattack rolls first, doubled; damaged attackers then do not attack; the ambushers end used."""
    cards = [card("a", "axis"), card("b", "axis"), card("amb", "allied", sv=3, event="ambush")]
    s = session([("ge_lf", "paris", 2), ("fr_lf", "paris", 2), ("ge_lf", "berlin")], cards=cards, hands=(2, 1))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Attack(side="axis", units=("ge_lf_1", "ge_lf_2"), target="paris"))
    assert s.active_side() == "allied"
    decision = s.view("allied").decision
    assert decision is not None and decision.rule_id == "TR-CA-1"
    assert s.view("axis").decision is not None and s.view("axis").decision.options == ()  # private
    events = submit(s, Ambush(side="allied", card="amb"), dice=[1, 6])
    rulings = [e.ruling for e in events if e.ruling is not None]
    assert rulings[0].result.render().endswith("2 damage points")  # one hit doubled
    damage = s.view("axis").decision  # TR-ALLOC-1: a tie of attack values: the attacked Axis allocates the 2 points
    assert damage is not None and damage.rule_id == "TR-ALLOC-1" and damage.side == "axis"
    submit(s, damage.default_command(), dice=[6, 6])  # 1 point each: no effect, so both still attack (TR-CA-8)
    assert used(s, "fr_lf_1") and used(s, "fr_lf_2")
    assert state(s).banked[1] == 3  # TR-CA-13: the card's value waits for the Allies' next round


def _after_an_ambush(allied_cards: list[dict[str, Any]], extra: list[Place], *, allied_hand: int) -> Session:
    """The Axis attacks Paris with card "a", the Allies answer with the Ambush card "amb" (TR-CA-9), and the Axis
    round ends: the Allies' next round, with the Ambush's value banked (TR-CA-13)."""
    cards = [card("a", "axis"), card("b", "axis"), *allied_cards]
    setup = [("ge_lf", "paris", 2), ("fr_lf", "paris", 3), ("ge_lf", "berlin"), ("uk_lf", "london", 2), *extra]
    s = session(setup, cards=cards, hands=(2, allied_hand))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Attack(side="axis", units=("ge_lf_1",), target="paris"))
    submit(s, Ambush(side="allied", card="amb"), dice=[6, 6, 6, 6])
    if state(s).play is not None:
        submit(s, FinishCard(side="axis"))
    return s


def test_tr_ca_13_banked_value_is_spent_next_round() -> None:
    """TR-CA-13, TR-CA-9: in the next round the ambusher may spend the banked value instead of a card."""
    s = _after_an_ambush([card("amb", "allied", sv=3, event="ambush")], [], allied_hand=1)
    assert s.active_side() == "allied"
    assert UseBanked(side="allied").key() in {c.key() for c in s.legal_commands()}
    submit(s, UseBanked(side="allied"))
    assert state(s).play is not None and state(s).play.sv_left == 3


def test_tr_ca_13_no_card_is_played_in_the_round_after_an_ambush() -> None:
    """TR-CA-13 (seed §10.2(1), §10.2(3)): in his next round the ambusher may spend the banked value, make an air
    operation instead (losing it) or pass, but play no other card, though he holds one."""
    allied = [card("amb", "allied", sv=3, event="ambush"), card("y", "allied")]
    s = _after_an_ambush(allied, [("uk_af", "london")], allied_hand=2)
    assert s.active_side() == "allied" and "y" in state(s).hands_of("allied").hand
    kinds = {c.kind for c in s.legal_commands()}
    assert "tr.play" not in kinds and {"tr.banked", "tr.pass"} <= kinds
    assert any(isinstance(c, Move | Attack) and c.by == "air_op" for c in s.legal_commands())  # §10.2(3)
    with pytest.raises(IllegalCommandError) as refused:
        submit(s, PlayCard(side="allied", card="y"))
    assert refused.value.rule_id == "TR-CA-13"
    submit(s, Pass(side="allied"))
    assert state(s).banked == (0, 0)  # not spent: lost at the end of that round


def test_tr_ca_11_submarines_neither_ambush_nor_suffer() -> None:
    """TR-CA-11, TR-SUB-5: no Ambush question when only submarines could answer; submarines take no ambush damage."""
    cards = [card("a", "axis"), card("b", "axis"), card("amb", "allied", event="ambush")]
    s = session(
        [("ge_ss", "north_atlantic"), ("uk_nf", "north_atlantic"), ("ge_lf", "berlin")], cards=cards, hands=(2, 1)
    )
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Attack(side="axis", units=("ge_ss_1",), target="north_atlantic"), dice=[6])
    # the British fleet could ambush, but the only target is a submarine: the counterattack would do nothing
    assert s.active_side() in ("axis", "allied")


def test_no_ambush_lets_the_attack_go_on() -> None:
    """TR-CA-5: declining the Ambush lets the attack roll as declared."""
    cards = [card("a", "axis"), card("b", "axis"), card("amb", "allied", event="ambush")]
    s = session([("ge_lf", "paris", 2), ("fr_lf", "paris"), ("ge_lf", "berlin")], cards=cards, hands=(2, 1))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Attack(side="axis", units=("ge_lf_1", "ge_lf_2"), target="paris"))
    events = submit(s, NoAmbush(side="allied"), dice=[1, 1])
    assert any(e.kind == "tr.attack_resolved" for e in events)
    with pytest.raises(IllegalCommandError):
        s.submit(NoAmbush(side="allied"))


def _bombing_answered() -> Session:
    """German bomber and infantry in Berlin with British fighters; the Axis plays Strategic Bombing and the
    Allies, holding an Ambush card, are asked whether to counterattack."""
    cards = [card("bomb", "axis", event="strategic_bombing"), card("b", "axis")]
    cards += [card("amb", "allied", event="ambush"), card("x1", "allied"), card("x2", "allied")]
    s = session([("ge_af", "berlin"), ("ge_lf", "berlin"), ("uk_af", "berlin")], cards=cards, hands=(2, 3))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="bomb"))
    submit(s, UseEvent(side="axis"))
    return s


def test_tr_qa_6_strategic_bombing_can_be_counterattacked() -> None:
    """TR-QA-6, TR-CA-10, TR-CA-4: British fighters in Berlin, where a German bomber waits, answer Strategic
    Bombing with Ambush: the counterattack (air strength only, doubled) sends the bomber to the pool, so no unit
    is left to raid and the Allies discard nothing."""
    s = _bombing_answered()
    decision = s.view("allied").decision
    assert decision is not None and decision.rule_id == "TR-CA-1" and decision.side == "allied"
    submit(s, Ambush(side="allied", card="amb"), dice=[1])
    assert loc(s, "ge_af_1") == "pool"  # 1 hit doubled: 2 points on an unused air unit (D = 1)
    assert sorted(state(s).hands_of("allied").hand) == ["x1", "x2"]  # only the Ambush card left the hand


def test_tr_qa_6_declined_the_bombing_goes_on() -> None:
    """TR-QA-6, TR-OPT-5: declining the counterattack lets the bombers raid as usual."""
    s = _bombing_answered()
    submit(s, NoAmbush(side="allied"), dice=[1])
    assert used(s, "ge_af_1") and len(state(s).hands_of("allied").hand) == 2


def test_tr_qa_2_two_blitzkrieg_attacks_declared_together_sum_their_points() -> None:
    """TR-QA-1, TR-QA-2, TR-HIT-3: the Blitzkrieg group may declare both actions at once as two attacks (one die
    per unit for each), their damage points summed before allocation; declaring one at a time stays possible."""
    cards = [card("blitz", "axis", event="blitzkrieg"), card("b", "axis")]
    s = session([("ge_tf", "berlin", 3), ("po_lf", "warsaw", 3)], cards=cards)
    submit(s, PlayCard(side="axis", card="blitz"))
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="warsaw"))
    submit(s, UseEvent(side="axis"))
    group = ("ge_tf_1", "ge_tf_2")
    offered = [c for c in s.legal_commands() if isinstance(c, Attack) and c.units == group and c.by == "blitz"]
    assert {c.twice for c in offered} == {False, True}  # TR-QA-1: either way
    events = submit(s, Attack(side="axis", units=group, target="warsaw", by="blitz", twice=True), dice=[1, 6, 6, 1])
    fought = next(e for e in events if isinstance(e, AttackResolved))
    assert fought.ruling is not None and len(fought.ruling.dice) == 4
    assert fought.hits == 2 and fought.points == 2  # one hit in each attack, summed
    play = state(s).play
    assert play is None or play.blitz_left == 0  # both Blitzkrieg actions spent


def test_tr_qa_2_only_blitzkrieg_declares_two_attacks() -> None:
    """TR-QA-2: two attacks declared together are a Blitzkrieg matter: paid by the strategy value, refused."""
    cards = [card("a", "axis"), card("b", "axis")]
    s = session([("ge_tf", "warsaw", 2), ("po_lf", "warsaw", 2), ("ge_lf", "berlin")], cards=cards)
    submit(s, PlayCard(side="axis", card="a"))
    with pytest.raises(IllegalCommandError) as err:
        s.submit(Attack(side="axis", units=("ge_tf_1", "ge_tf_2"), target="warsaw", twice=True))
    assert err.value.rule_id == "TR-QA-2"


def test_tr_qa_6_saves_of_rules_version_1_decline() -> None:
    """TR-QA-6: rules version 1 never asked about bombing, so an old save's replay declines."""
    from app.systems.third_reich import SYSTEM

    s = _bombing_answered()
    assert SYSTEM.old_answer(state(s), "1") == NoAmbush(side="allied")
    assert SYSTEM.old_answer(state(s), "2") is None


def _blitz_by_sea() -> Session:
    """The Axis plays Blitzkrieg after a strategy-value move to Berlin, then carries the group to Norway by sea
    (the first Blitzkrieg action)."""
    cards = [card("blitz", "axis", event="blitzkrieg"), card("b", "axis")]
    setup = [("ge_lf", "warsaw", 3), ("ge_tf", "berlin"), ("ge_nf", "north_sea", 3)]
    s = session(setup, cards=cards, areas={"warsaw": {"control": "GE"}, "norway": {"nation": None}})
    submit(s, PlayCard(side="axis", card="blitz"))
    submit(s, Move(side="axis", units=("ge_lf_1", "ge_lf_2"), to="berlin"))
    submit(s, UseEvent(side="axis"))
    submit(s, Move(side="axis", units=("ge_lf_1", "ge_lf_2"), to="norway", mode="sea", via="north_sea", by="blitz"))
    return s


def test_tr_qa_3_a_blitzkrieg_sea_move_flips_only_after_the_second_action() -> None:
    """TR-QA-3, TR-SEAMOV-4, TR-EVT-3: units that crossed the sea in the first Blitzkrieg action keep their unused
    face, so the group may take the second action; once it is over all of them turn used."""
    s = _blitz_by_sea()
    assert loc(s, "ge_lf_1") == "norway" and not used(s, "ge_lf_1") and not used(s, "ge_lf_2")
    back = Move(side="axis", units=("ge_lf_1",), to="berlin", mode="sea", via="north_sea", by="blitz")
    assert back in s.legal_commands()
    submit(s, back)
    assert loc(s, "ge_lf_1") == "berlin" and used(s, "ge_lf_1") and used(s, "ge_lf_2")


def test_tr_qa_3_finishing_the_card_after_one_action_flips_the_sea_moved_units() -> None:
    """TR-QA-3, TR-SEAMOV-4: a Blitzkrieg group that stops after its sea move still ends used."""
    s = _blitz_by_sea()
    submit(s, FinishCard(side="axis"))
    assert loc(s, "ge_lf_2") == "norway" and used(s, "ge_lf_1") and used(s, "ge_lf_2")


def test_tr_qa_3_the_flip_waits_for_the_counterattack_on_the_second_action() -> None:
    """TR-QA-3, TR-CA-5: the group lands in Paris by sea, then one tank moves on into Southern France; while the
    Allies decide on a counterattack the second action is not over and the tanks keep their unused face."""
    cards = [card("blitz", "axis", event="blitzkrieg"), card("b", "axis"), card("amb", "allied", sv=3, event="ambush")]
    setup = [("ge_tf", "warsaw", 3), ("ge_lf", "berlin"), ("ge_nf", "north_sea", 3), ("fr_lf", "southern_france")]
    s = session(setup, cards=cards, hands=(2, 1), areas={"warsaw": {"control": "GE"}})
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="blitz"))
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="berlin"))
    submit(s, UseEvent(side="axis"))
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="paris", mode="sea", via="north_sea", by="blitz"))
    submit(s, Move(side="axis", units=("ge_tf_1",), to="southern_france", by="blitz"))
    decision = s.view("allied").decision
    assert decision is not None and decision.rule_id == "TR-CA-1"
    assert not used(s, "ge_tf_1") and not used(s, "ge_tf_2")
    submit(s, NoAmbush(side="allied"))
    assert loc(s, "ge_tf_1") == "southern_france" and used(s, "ge_tf_1") and used(s, "ge_tf_2")

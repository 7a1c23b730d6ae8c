"""Sequence of play: set-up, hands, initiative, rounds and passes, air operations, end of turn, recovery,
victory, hidden hands."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.errors import IllegalCommandError
from app.core.session import Session
from app.systems.third_reich import SYSTEM
from app.systems.third_reich.control import resources
from app.systems.third_reich.messages import Attack, FinishCard, Mobilize, Move, Pass, PlayCard, ReturnUnit, TakeCard
from tests.systems.third_reich.helpers import FOLDER, base, card, loc, scenario, session, state, submit, used


def _sample(seed: int = 1) -> Session:
    from app.systems.third_reich.scenario import ThirdReichScenario

    return Session(SYSTEM, ThirdReichScenario.model_validate(base()), seed=seed, folder=FOLDER)


def test_tr_setup_2_units_unused_and_pools() -> None:
    """TR-SETUP-2, TR-SETUP-4, TR-SETUP-5, TR-SETUP-7, TR-CTRL-2: units set up unused; the pool and the development
    pool hold the rest; areas belong to their nationality; entry markers at their boxes."""
    st = state(_sample())
    assert all(not u.used for u in st.units if u.loc == "berlin")
    assert any(u.loc == "pool" for u in st.units) and any(u.loc == "development" for u in st.units)
    assert st.controller("paris") == "FR" and st.controller("berlin") == "GE"
    assert st.entry_of("US") == 0


def test_tr_setup_3_decks_and_development_pool() -> None:
    """TR-SETUP-3, TR-CARD-5, TR-CARD-1: each deck holds its side's value-2 cards; the others start in the
    development pool."""
    st = state(_sample())
    axis = st.hands_of("axis")
    assert len(axis.deck) + len(axis.hand) == 8
    assert all(st.rt.cards[c].sv == 2 for c in (*axis.deck, *axis.hand))
    assert all(st.rt.cards[c].sv >= 3 for c in st.dev_cards)


def test_tr_setup_6_first_hands_axis_four_allies_none() -> None:
    """TR-SETUP-6, TR-SEQ-1: on turn 1 the Axis chooses 4 cards, one decision at a time; the Allies none."""
    s = _sample()
    assert s.active_side() == "axis"
    view = s.view("axis")
    assert view.decision is not None and view.decision.rule_id == "TR-SEQ-1"
    for _ in range(4):
        submit(s, s.legal_commands()[0])
    st = state(s)
    assert len(st.hands_of("axis").hand) == 4 and st.hands_of("allied").hand == ()


def test_tr_card_6_hands_are_hidden_from_the_other_side() -> None:
    """TR-CARD-6, TR-EVT-5: the Allies see how many cards the Axis hold, not which; the hand decision is private."""
    s = _sample()
    submit(s, TakeCard(side="axis", card="ax_blitz_1"))
    allied = s.view("allied")
    assert allied.decision is not None and allied.decision.options == ()
    axis_panel, allied_panel = allied.panels[0], allied.panels[1]
    assert axis_panel.items == () and ("Cards in hand", "1") in [(k.render(), v) for k, v in axis_panel.rows]
    assert s.view("axis").panels[0].items
    assert allied_panel.rows


def test_tr_seq_2_more_resources_play_first() -> None:
    """TR-SEQ-2, TR-RES-4: the side with more resources takes the first round; the Axis on a tie."""
    s = session([("ge_lf", "berlin")], cards=[card("a", "axis"), card("x", "allied")])
    st = state(s)
    assert resources(st, "allied") > resources(st, "axis") and st.first == "allied"
    areas = {"berlin": {"resource_count": 4}, "romania": {"control": "GE"}, "turkey": {"control": "GE"}}
    tie = session(
        [("ge_lf", "berlin"), ("ge_lf", "romania"), ("ge_lf", "turkey")], cards=[card("a", "axis")], areas=areas
    )
    assert resources(state(tie), "axis") == resources(state(tie), "allied") == 6
    assert state(tie).first == "axis"


def test_tr_seq_4_two_passes_end_the_rounds() -> None:
    """TR-SEQ-4, TR-SEQ-5: a side with nothing to play passes by itself; two passes in a row end the turn:
    cards go back into the deck and the turn marker advances."""
    s = session([("ge_lf", "berlin")], cards=[card("a", "axis"), card("x", "allied")], hands=(1, 1))
    st = state(s)
    assert st.turn == 1 and st.active == "allied"
    submit(s, Pass(side="allied"))
    submit(s, Pass(side="axis"))
    st = state(s)
    assert st.turn == 2
    assert "a" in (*st.hands_of("axis").deck, *st.hands_of("axis").hand)


def test_tr_rnd_2_one_card_per_round_and_discard() -> None:
    """TR-RND-1, TR-RND-2, TR-RND-4: a played card goes to the discard; no second card in the round."""
    s = session([("ge_lf", "berlin", 2)], cards=[card("a", "axis"), card("b", "axis"), card("c", "axis")])
    submit(s, PlayCard(side="axis", card="a"))
    assert "a" in state(s).hands_of("axis").discard
    with pytest.raises(IllegalCommandError) as err:
        s.submit(PlayCard(side="axis", card="b"))
    assert err.value.rule_id == "TR-RND-2"
    submit(s, FinishCard(side="axis"))
    assert state(s).play is None


def test_tr_sv_2_one_action_per_group_per_card() -> None:
    """TR-SV-1, TR-SV-2, TR-GRP-4: each action costs 1 strategy value and a unit acts once per card."""
    cards = [card("a", "axis", sv=3), card("b", "axis")]
    s = session([("ge_tf", "berlin", 3)], cards=cards)
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Move(side="axis", units=("ge_tf_1",), to="warsaw"))
    with pytest.raises(IllegalCommandError) as err:
        s.submit(Move(side="axis", units=("ge_tf_1",), to="brest"))
    assert err.value.rule_id == "TR-SV-2"
    assert state(s).play is not None and state(s).play.sv_left == 2


def test_tr_airop_1_air_operation_without_a_card() -> None:
    """TR-AIROP-1, TR-AIROP-2, TR-AIRATK-1, TR-AIRATK-3: with no card an air unit may air-attack an adjacent
    area; it ends used and the round ends."""
    s = session([("ge_af", "berlin", 2), ("ge_lf", "berlin"), ("po_lf", "warsaw")], cards=[card("a", "axis")])
    attacks = [c for c in s.legal_commands() if isinstance(c, Attack) and c.by == "air_op"]
    assert attacks and all(c.air and c.target == "warsaw" for c in attacks)
    submit(s, Attack(side="axis", units=("ge_af_1",), target="warsaw", air=True, by="air_op"), dice=[6])
    assert used(s, "ge_af_1") and state(s).play is None
    assert state(s).passes == 1  # the round ended; the Allies, with nothing to play, passed


def test_tr_airatk_2_land_based_range_is_the_movement_value() -> None:
    """TR-AIRATK-2: land-based air units reach land targets up to their movement value (3) away."""
    areas = {"hungary": {"control": "GE"}, "romania": {"control": "GE"}}
    s = session([("uk_af", "london", 2), ("uk_lf", "london"), ("ge_lf", "hungary"), ("ge_lf", "romania")], areas=areas)
    targets = {c.target for c in s.legal_commands("allied") if isinstance(c, Attack) and c.by == "air_op"}
    assert targets == {"hungary"}  # London to Hungary is 3 areas; Romania is 4


def test_tr_win_1_no_air_attacks_in_the_ussr_in_winter() -> None:
    """TR-WIN-1, TR-AIRATK-4: on a winter turn no air attack reaches an area with the Soviet symbol."""
    winter = {"first": 1, "last": 6, "winter": [1], "first_hands": {"axis": 1, "allied": 0}}
    s = session(
        [("ge_af", "berlin", 2), ("ge_lf", "berlin"), ("su_lf", "moscow")],
        nations={"SU": ("allied", "belligerent")},
        cards=[card("a", "axis")],
        turns=winter,
    )
    assert not [c for c in s.legal_commands() if isinstance(c, Attack) and c.target == "moscow"]
    track = next(x for x in s.view("axis").tracks if x.name.msg == "Winter")  # the status bar says so
    assert (track.value_text("en"), track.value_text("zh_CN"), track.alarm) == ("yes", "是", True)


def test_tr_mob_2_costs_and_placement_used() -> None:
    """TR-MOB-1, TR-MOB-2, TR-MOB-3: a tank costs 2 and is placed used in a German area; ships go to a sea next
    to a German resource area."""
    s = session(
        [("ge_lf", "berlin"), ("ge_tf", "pool"), ("ge_nf", "pool")], cards=[card("a", "axis", sv=3), card("b", "axis")]
    )
    submit(s, PlayCard(side="axis", card="a"))
    areas = {c.area for c in s.legal_commands() if isinstance(c, Mobilize) and c.unit == "ge_nf_1"}
    assert areas == {"north_sea", "baltic_sea"}
    submit(s, Mobilize(side="axis", unit="ge_tf_1", area="berlin"))
    assert loc(s, "ge_tf_1") == "berlin" and used(s, "ge_tf_1")
    assert state(s).play is not None and state(s).play.sv_left == 1


def test_tr_mob_7_neutrals_and_allied_submarines_cannot_mobilize() -> None:
    """TR-MOB-7, TR-SUB-1, TR-NAT-3: a neutral's units and submarines of the Allies never mobilize."""
    st = state(session([("ge_lf", "berlin"), ("it_lf", "pool"), ("uk_lf", "london")]))
    from app.systems.third_reich.mobilise import placements

    assert placements(st, st.unit("it_lf_1"), "axis") == []


def test_tr_mob_4_minor_without_resources_only_at_home() -> None:
    """TR-MOB-4: Bulgaria has no resource area: its units are placed only in Bulgaria while it is friendly."""
    from app.systems.third_reich.mobilise import placements

    st = state(session([("bu_lf", "pool"), ("ge_lf", "berlin")], nations={"BU": ("axis", "belligerent")}))
    assert placements(st, st.unit("bu_lf_1"), "axis") == ["bulgaria"]


def test_tr_mob_8_us_units_at_the_north_atlantic() -> None:
    """TR-MOB-8, TR-US-4: US ships go to the North Atlantic; other US units to Allied land areas joined to it."""
    from app.systems.third_reich.mobilise import placements

    st = state(
        session([("us_nf", "pool"), ("us_lf", "pool"), ("uk_lf", "london")], nations={"US": ("allied", "belligerent")})
    )
    assert placements(st, st.unit("us_nf_1"), "allied") == ["north_atlantic"]
    assert "london" in placements(st, st.unit("us_lf_1"), "allied")


def test_tr_rec_2_recovery_by_controlled_areas_and_loc() -> None:
    """TR-REC-2, TR-REC-3, TR-SEQ-5: at the end of the turn Poland (3 areas) recovers up to 3 used units that can
    trace a line back to a Polish area."""
    s = session([("po_lf", "warsaw", 4, True), ("ge_lf", "berlin")], cards=[card("a", "axis")], hands=(0, 0))
    st = state(s)
    assert st.turn == 2
    assert sum(1 for u in st.units if u.nation == "PO" and not u.used) == 3


def test_tr_win_2_soviet_units_recover_all_at_home_in_winter() -> None:
    """TR-WIN-2, TR-REC-4: in winter every Soviet unit in the USSR recovers, whatever the area count."""
    winter = {"first": 1, "last": 6, "winter": [1], "first_hands": {"axis": 0, "allied": 0}}
    s = session(
        [("su_lf", "moscow", 6, True), ("ge_lf", "berlin")],
        nations={"SU": ("allied", "belligerent")},
        turns=winter,
        cards=[card("a", "axis")],
    )
    assert all(not u.used for u in state(s).units if u.nation == "SU")


def test_tr_us_5_us_units_recover_all() -> None:
    """TR-US-5: US units with a line to the North Atlantic all recover."""
    s = session(
        [("us_lf", "london", 5, True), ("uk_lf", "london"), ("ge_lf", "berlin")],
        nations={"US": ("allied", "belligerent")},
        cards=[card("a", "axis")],
        hands=(0, 0),
    )
    assert all(not u.used for u in state(s).units if u.nation == "US")


def test_tr_vic_2_allied_strategic_victory() -> None:
    """TR-VIC-2: the Axis down to 1 resource at the end of a turn loses at once."""
    s = session([("ge_lf", "berlin")], cards=[card("a", "axis")], hands=(0, 0), areas={"berlin": {"resource_count": 1}})
    out = s.outcome()
    assert out is not None and out.winner == "allied" and state(s).turn == 1


def test_tr_vic_1_axis_strategic_victory_counts_london_and_moscow_double() -> None:
    """TR-VIC-1: 10 resources with London and Moscow counted as 2 each (printed here as 1 each: one more each)."""
    areas = {
        "berlin": {"resource_count": 4},
        "warsaw": {"control": "GE", "resource": "red", "resource_count": 2},
        "london": {"control": "GE", "resource_count": 1},
        "moscow": {"control": "GE", "resource_count": 1},
    }
    s = session(
        [("ge_lf", "berlin"), ("ge_lf", "london"), ("ge_lf", "moscow"), ("ge_lf", "warsaw")],
        cards=[card("a", "axis")],
        hands=(0, 0),
        areas=areas,
    )
    st = state(s)
    assert resources(st, "axis") + 2 >= 10
    assert s.outcome() is not None and s.outcome().winner == "axis"


def test_tr_vic_1_victory_areas_count_as_two_not_one_more() -> None:
    """TR-VIC-1 (seed §14.1(1)): Moscow and London count as 2 resources each for the check, not as their printed
    value plus one: the sample board prints 2 on each, so holding them adds nothing to the check."""
    areas = {"london": {"control": "GE"}, "moscow": {"control": "GE"}}
    s = session([("ge_lf", "berlin"), ("ge_lf", "london"), ("ge_lf", "moscow")], hands=(0, 0), areas=areas)
    st = state(s)
    assert resources(st, "axis", bonus=True) == resources(st, "axis")
    printed_one = {"london": {"control": "GE", "resource_count": 1}, "moscow": {"control": "GE", "resource_count": 1}}
    one = state(session([("ge_lf", "berlin"), ("ge_lf", "london")], hands=(0, 0), areas=printed_one))
    assert resources(one, "axis", bonus=True) == resources(one, "axis") + 1  # London held, Moscow empty (Soviet)


def test_tr_vic_3_game_victory_on_the_last_turn() -> None:
    """TR-VIC-3, TR-VIC-4: at the end of the last turn the Axis wins holding Berlin; otherwise the Allies (the
    rulebook's conditions, the defaults of ``victory``)."""
    last = {"first": 6, "last": 6, "winter": [], "first_hands": {"axis": 0, "allied": 0}}
    s = session([("ge_lf", "berlin")], cards=[card("a", "axis")], turns=last, victory={})
    assert s.outcome() is not None and s.outcome().winner == "axis"
    lost = session(
        [("ge_lf", "berlin"), ("uk_lf", "berlin")],
        cards=[card("a", "axis")],
        turns=last,
        areas={"berlin": {"control": "UK"}},
        victory={"final_resources": 9, "final_areas": 10},
    )
    assert lost.outcome() is not None and lost.outcome().winner == "allied"


def test_tr_res_1_resource_values() -> None:
    """TR-RES-1, TR-RES-2, TR-RES-3: red counts for either side, black and black-white only for the Axis (1 and
    ½, rounded down); neutral resources count for no one."""
    areas = {"romania": {"control": "GE"}, "hungary": {"control": "GE"}}
    st = state(session([("ge_lf", "berlin"), ("ge_lf", "romania"), ("ge_lf", "hungary")], areas=areas))
    assert resources(st, "axis") == 3 + 1 + 0  # Berlin 3 red, Romania black, Hungary ½ dropped
    st2 = state(session([("ge_lf", "berlin")], areas={"middle_east": {"control": "UK"}}))
    assert resources(st2, "allied") == 2 + 2 + 1 + 1  # London, Paris, Warsaw, Egypt; the Middle East's black: 0


def test_tr_us_2_us_and_central_atlantic_resources() -> None:
    """TR-US-1, TR-US-2, TR-AREA-1, TR-RES-5: the Central Atlantic's resources count only for the Allies
    holding the North Atlantic."""
    areas = {"central_atlantic": {"resource": "red"}}
    st = state(session([("uk_nf", "north_atlantic"), ("uk_nf", "central_atlantic")], areas=areas))
    st_without = state(session([("uk_nf", "central_atlantic")], areas=areas))
    assert resources(st, "allied") == resources(st_without, "allied") + 1


def test_scenario_runs_in_table_mode_with_typed_cards() -> None:
    """TR-SEQ-1: table mode: every decision is a plain command; dice are typed (an attack asks for its dice)."""
    s = session([("ge_lf", "warsaw", 2), ("po_lf", "warsaw")], cards=[card("a", "axis"), card("b", "axis")])
    submit(s, PlayCard(side="axis", card="a"))
    from app.core.dice import NeedInput

    with pytest.raises(NeedInput):
        s.submit(Attack(side="axis", units=("ge_lf_1", "ge_lf_2"), target="warsaw").with_table_input([], None))
    scenario_model = scenario([("ge_lf", "berlin")])
    assert scenario_model.turns.first == 1


def test_tr_seq_1_default_hand_choice_is_the_strongest_card() -> None:
    """TR-SEQ-1: fast play takes the card of highest strategy value first (the decision's default)."""
    cards = [card("a2", "axis", sv=2), card("b3", "axis", sv=3), card("c2", "axis", sv=2)]
    s = session([("ge_lf", "berlin")], cards=cards, hands=(1, 0))
    decision = s.view("axis").decision
    assert decision is not None and decision.default_command() == TakeCard(side="axis", card="b3")


def test_tr_mob_5_placement_across_the_sea_within_capacity() -> None:
    """TR-MOB-5, TR-SEA-1, TR-SEA-3: with no resource of its own in Egypt, a British unit placed there draws its
    line over the Mediterranean, whose one fleet carries one unit a round; a used fleet (½) carries none."""
    setup = [("uk_lf", "pool", 2), ("uk_nf", "mediterranean"), ("ge_lf", "berlin"), ("uk_lf", "london")]
    cards = [card("a", "axis"), card("b", "allied", sv=4)]
    no_resources = {"egypt": {"resource": "none"}, "middle_east": {"resource": "none"}}
    s = session(setup, cards=cards, areas=no_resources)
    while s.active_side() == "axis":
        submit(s, Pass(side="axis"))
    submit(s, PlayCard(side="allied", card="b"))
    assert "egypt" in {c.area for c in s.legal_commands() if isinstance(c, Mobilize)}
    events = submit(s, Mobilize(side="allied", unit="uk_lf_1", area="egypt"))
    assert any(e.rule_id == "TR-MOB-5" for e in events) and dict(state(s).sea_used) == {"mediterranean": 1}
    assert "egypt" not in {c.area for c in s.legal_commands() if isinstance(c, Mobilize)}  # the fleet is full
    assert "london" in {c.area for c in s.legal_commands() if isinstance(c, Mobilize)}  # over land: no limit
    from app.systems.third_reich.mobilise import placements

    st = state(session(setup, cards=cards, areas=no_resources))
    fleet = st.unit("uk_nf_1")
    half = st.with_units({fleet.id: replace(fleet, used=True)})
    assert "egypt" in placements(st, st.unit("uk_lf_1"), "allied")
    assert "egypt" not in placements(half, half.unit("uk_lf_1"), "allied")


def test_tr_seq_5_end_of_turn_return_to_the_pool() -> None:
    """TR-SEQ-5 ③, OQ-TR-25: after recovery each player, in initiative order, may return units of the major
    nations to the pool, never the last one in an area bearing their nation's symbol; Poland's units may not go;
    the turn then finishes."""
    setup = [("ge_lf", "berlin", 2), ("ge_lf", "warsaw"), ("po_lf", "brest")]
    s = session(setup, cards=[card("a", "axis"), card("x", "allied")], hands=(1, 1))
    while state(s).turn == 1 and state(s).pending() is None:
        submit(s, Pass(side=s.active_side() or "axis"))
    step = state(s).pending()
    assert step is not None and step.kind == "return" and step.side == "axis" and state(s).turn == 1
    decision = s.view("axis").decision
    assert (
        decision is not None
        and decision.rule_id == "TR-SEQ-5"
        and decision.default_command() == ReturnUnit(side="axis")
    )
    offered = {c.unit for c in s.legal_commands() if isinstance(c, ReturnUnit) and c.unit}
    assert offered == {"ge_lf_1", "ge_lf_3"}  # Berlin's two are one choice; Warsaw is Polish: no limit there
    assert SYSTEM.old_answer(state(s), "1") == ReturnUnit(side="axis")  # rules version 1 returned nothing
    events = submit(s, ReturnUnit(side="axis", unit="ge_lf_1"))
    assert loc(s, "ge_lf_1") == "pool" and events[0].rule_id == "TR-SEQ-5"
    assert {c.unit for c in s.legal_commands() if isinstance(c, ReturnUnit) and c.unit} == {"ge_lf_3"}
    submit(s, ReturnUnit(side="axis"))  # no more: the Allies have nothing to return, so the turn finishes
    assert state(s).turn == 2 and loc(s, "ge_lf_2") == "berlin"


def test_tr_ft_1_a_fortress_returned_at_the_end_of_the_turn_leaves_the_game() -> None:
    """TR-FT-1, TR-SEQ-5: a fortress taken off the map for any reason (here the end-of-turn return to the pool)
    is removed from the game for good (seed §15.8), not put in the pool."""
    setup = [("ge_lf", "berlin", 2), ("ge_ft", "berlin")]
    s = session(setup, cards=[card("a", "axis"), card("x", "allied")], hands=(1, 1))
    while state(s).turn == 1 and state(s).pending() is None:
        submit(s, Pass(side=s.active_side() or "axis"))
    assert ReturnUnit(side="axis", unit="ge_ft_1") in s.legal_commands()
    submit(s, ReturnUnit(side="axis", unit="ge_ft_1"))
    assert loc(s, "ge_ft_1") == "removed"


def test_tr_ft_1_a_fortress_retreating_to_the_pool_leaves_the_game() -> None:
    """TR-FT-1, TR-VIOL-4, TR-RET-3: an owner who sends a retreating fortress to the pool instead of an area
    loses it for good."""
    from app.systems.third_reich.messages import Attack, Retreat

    cards = [card("a", "axis"), card("x", "allied"), card("y", "allied")]
    setup = [("ge_af", "berlin", 3), ("ge_lf", "berlin"), ("fr_ft", "paris", 1, True), ("fr_lf", "southern_france")]
    s = session(setup, cards=cards, hands=(1, 2))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    attack = Attack(side="axis", units=("ge_af_1", "ge_af_2", "ge_af_3"), target="paris", air=True, by="air_op")
    submit(s, attack, dice=[1, 1, 1])  # 3 points on a used fortress of durability 3: it retreats (TR-DMG-1)
    step = state(s).pending()
    assert step is not None and step.kind == "retreat"
    assert Retreat(side="allied", unit="fr_ft_1", to="pool") in s.legal_commands()
    submit(s, Retreat(side="allied", unit="fr_ft_1", to="pool"))
    assert loc(s, "fr_ft_1") == "removed"


def test_tr_us_5_us_units_recover_at_the_end_of_each_allied_round() -> None:
    """TR-US-5, TR-REC-4: seed §15.3(5): US units with a line of communication to the North Atlantic all recover
    at the end of the Allied round (not only of the turn)."""
    setup = [("us_lf", "london", 2, True), ("uk_lf", "london"), ("ge_lf", "berlin"), ("uk_nf", "north_atlantic")]
    cards = [card("a", "axis"), card("b", "axis"), card("x", "allied"), card("y", "allied")]
    s = session(setup, cards=cards, hands=(2, 2), nations={"US": ("allied", "belligerent")})
    assert s.active_side() == "allied" and used(s, "us_lf_1") and used(s, "us_lf_2")
    events = submit(s, Pass(side="allied"))  # a pass is a round too (TR-RND-1)
    assert not used(s, "us_lf_1") and not used(s, "us_lf_2")
    assert any(e.rule_id == "TR-US-5" for e in events) and state(s).turn == 1 and s.active_side() == "axis"

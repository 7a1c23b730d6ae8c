"""Map, nations, control, lines of communication, counters and what the view shows; more ambush and special
rules."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import render
from app.systems.third_reich.ambush import ambushers
from app.systems.third_reich.control import capacity, control_units, friendly, loc_reach, neighbours, settle_control
from app.systems.third_reich.damage import retreat_area
from app.systems.third_reich.events import bombing_modifier
from app.systems.third_reich.messages import Ambush, Attack, Move, Pass, PlayCard
from app.systems.third_reich.mobilise import placements, recover
from app.systems.third_reich.movement import air_destinations, may_leave, normal_destinations, sea_destinations
from tests.systems.third_reich.helpers import card, loc, session, state, submit, used
from tests.systems.third_reich.test_turns import _sample


def test_tr_nat_4_starting_sides_and_status() -> None:
    """TR-NAT-1, TR-NAT-4, TR-STAT-1, TR-MAP-1, TR-MAP-2: the sample's nations start as the rulebook's table says;
    every area is land or sea and carries its printed data."""
    st = state(_sample())
    assert st.belligerent("GE", "axis") and st.belligerent("UK", "allied") and st.belligerent("PO", "allied")
    assert st.side_of("IT") == "axis" and st.status_of("IT") == "neutral"
    assert st.side_of("US") == "allied" and st.status_of("SU") == "neutral"
    assert {st.rt.map.terrain(a) for a in st.rt.map.locations()} == {"land", "sea"}
    assert st.rt.area("berlin").resource == "red" and st.rt.area("berlin").nation == "GE"


def test_tr_unit_1_unit_classes_and_faces() -> None:
    """TR-UNIT-1, TR-UNIT-2, TR-UNIT-3, TR-UNIT-4, TR-UNIT-6, TR-MAP-4: counters show nation and type, their
    attack-durability-movement, air strength, the used face; tracks show turn, resources and Entry markers."""
    s = session([("ge_af", "berlin", 1, True), ("ge_lf", "berlin")])
    view = s.view(None)
    plane = next(c for c in view.counters if c.id == "ge_af_1")
    assert render(plane.label) == "GE AF(4)" and plane.factors == ("0", "1", "3")  # air strength in brackets
    assert render(plane.label, "zh_CN") == "德空(4)"  # the Chinese board reads in Chinese (nation and type data)
    assert plane.reduced and "used" in plane.flags and plane.symbol == "aircraft"
    names = [tr.name.render() for tr in view.tracks]
    assert names[0] == "Turn" and "Axis resources" in names and any("entry" in n for n in names)
    assert {state(s).cls(u) for u in state(s).units} == {"air", "land"}


def test_tr_ctrl_1_control_units() -> None:
    """TR-CTRL-1, TR-SUB-2: land and air units control land areas; surface ships sea areas; submarines nothing."""
    st = state(session([("ge_ss", "north_atlantic"), ("ge_nf", "north_sea"), ("ge_af", "berlin")]))
    assert control_units(st, "north_atlantic", "axis") == ()
    assert len(control_units(st, "north_sea", "axis")) == 1 and len(control_units(st, "berlin", "axis")) == 1


def test_tr_ctrl_5_control_passes_at_the_end_of_the_round() -> None:
    """TR-CTRL-3, TR-CTRL-5, TR-CTRL-7: an area where only the enemy has control units changes hands at the
    end of the round; an empty conquered area reverts to its own nation."""
    st = state(session([("ge_lf", "paris"), ("ge_lf", "berlin")]))
    before = st.with_control({"paris": "FR"})
    assert st.controller("paris") == "GE"  # the Allies' pass at the start already ended a round
    assert before.controlling_side("paris") == "allied"
    after = settle_control(before)
    assert after.controlling_side("paris") == "axis" and after.controller("paris") == "GE"
    empty = after.with_units({"ge_lf_1": after.unit("ge_lf_1").__class__("ge_lf_1", "ge_lf", "GE", "pool")})
    assert settle_control(empty).controller("paris") == "FR"


def test_tr_ctrl_8_seas_belong_to_the_ships_there() -> None:
    """TR-CTRL-8: a sea area starts with the side whose ships are set up there; empty seas belong to no one."""
    st = state(session([("uk_nf", "north_sea"), ("ge_lf", "berlin")]))
    assert st.controlling_side("north_sea") == "allied" and st.controlling_side("central_atlantic") is None


def test_tr_loc_1_lines_of_communication() -> None:
    """TR-LOC-1, TR-LOC-2, TR-LOC-3, TR-LOC-5: a line passes friendly areas, may end in an enemy one, is not
    blocked by enemy units, and never enters a closed area or passes an uncontrolled sea."""
    st = state(session([("ge_lf", "berlin"), ("po_lf", "berlin")]))
    reach = loc_reach(st, "axis", ["berlin"])
    assert "warsaw" in reach and "galicia" not in reach  # Warsaw is Polish: the line ends there
    assert "baltic_sea" in reach and "moscow" not in reach  # an empty sea is nobody's
    allied = loc_reach(st, "allied", ["paris"])
    assert "baltic_sea" not in allied


def test_tr_loc_4_mobilization_traces_to_own_resources() -> None:
    """TR-LOC-4, TR-MOB-6: British units mobilize only in British areas joined by a line to a British
    resource; with none, they cannot mobilize."""
    st = state(session([("uk_lf", "pool"), ("ge_lf", "berlin")]))
    assert set(placements(st, st.unit("uk_lf_1"), "allied")) == {"london", "middle_east", "egypt"}
    lost = st.with_control({"london": "GE", "egypt": "GE", "middle_east": "GE"})
    assert placements(lost, lost.unit("uk_lf_1"), "allied") == []


def test_tr_area_2_central_atlantic_to_egypt() -> None:
    """TR-AREA-2: with Egypt Allied, the Central Atlantic touches Egypt for the Allies only."""
    st = state(session([("uk_lf", "egypt"), ("ge_lf", "berlin")]))
    assert "egypt" in neighbours(st, "central_atlantic", "allied")
    assert "egypt" not in neighbours(st, "central_atlantic", "axis")
    lost = st.with_control({"egypt": "GE"})
    assert "egypt" not in neighbours(lost, "central_atlantic", "allied")


def test_tr_grp_1_groups_of_one_area() -> None:
    """TR-GRP-1, TR-GRP-2, TR-GRP-3, TR-MOV-3, TR-SEQ-3: a group is unused units of one area moving together to one
    destination; used units cannot join; rounds alternate."""
    s = session(
        [("ge_tf", "berlin", 2), ("ge_tf", "warsaw", 1, True), ("ge_lf", "berlin")],
        cards=[card("a", "axis"), card("b", "axis")],
    )
    submit(s, PlayCard(side="axis", card="a"))
    import pytest

    from app.core.errors import IllegalCommandError

    with pytest.raises(IllegalCommandError) as mixed:
        s.submit(Move(side="axis", units=("ge_tf_1", "ge_tf_3"), to="brest"))
    assert mixed.value.rule_id == "TR-GRP-1"
    submit(s, Move(side="axis", units=("ge_tf_1", "ge_tf_2"), to="hungary"))
    assert loc(s, "ge_tf_1") == loc(s, "ge_tf_2") == "hungary"


def test_tr_stk_3_no_limit_at_sea() -> None:
    """TR-STK-3, TR-SEA-4: any number of ships share a sea area; capacity counted at the moment of the move."""
    s = session([("ge_nf", "north_sea", 12), ("ge_lf", "berlin", 3)])
    st = state(s)
    assert capacity(st, "north_sea", "axis") == 12
    ships = tuple(st.unit(f"ge_nf_{i}") for i in range(1, 12))
    assert "north_atlantic" in normal_destinations(st, ships, "axis")


def test_tr_stk_4_retreat_up_to_ten() -> None:
    """TR-STK-4, TR-RET-2: a retreat may fill an area to exactly ten land units, not more."""
    st = state(session([("fr_lf", "paris"), ("fr_lf", "southern_france", 9), ("ge_lf", "berlin")]))
    assert retreat_area(st, st.unit("fr_lf_1")) in ("southern_france", "london", "low_countries")
    full = state(session([("fr_lf", "paris"), ("fr_lf", "southern_france", 10), ("ge_lf", "berlin")]))
    assert retreat_area(full, full.unit("fr_lf_1")) != "southern_france"


def test_tr_seamov_6_air_units_cross_the_sea_like_land_units() -> None:
    """TR-SEAMOV-6: an air unit's normal move across the sea follows the sea-movement rules."""
    st = state(
        session(
            [("ge_af", "berlin", 2), ("ge_nf", "north_sea"), ("ge_lf", "berlin"), ("ge_lf", "norway")],
            areas={"norway": {"control": "GE"}},
        )
    )
    group = (st.unit("ge_af_1"),)
    assert ("norway", "north_sea") in sea_destinations(st, group, "axis")


def test_tr_airmov_4_air_moves_never_end_at_sea() -> None:
    """TR-AIRMOV-4, TR-AIRMOV-6: an air move may pass a friendly sea but not end there; the leaving rule holds."""
    st = state(
        session(
            [("ge_af", "berlin", 2), ("ge_nf", "north_sea"), ("ge_lf", "norway")], areas={"norway": {"control": "GE"}}
        )
    )
    group = (st.unit("ge_af_1"),)
    reach = air_destinations(st, group, "axis")
    assert "norway" in reach and "north_sea" not in reach
    both = (st.unit("ge_af_1"), st.unit("ge_af_2"))
    assert not may_leave(st, "berlin", both, "axis")


def test_tr_atk_2_air_units_attack_only_in_friendly_land_areas() -> None:
    """TR-ATK-2: an air unit joins a normal attack only in a friendly land area."""
    s = session([("ge_af", "paris"), ("ge_lf", "paris"), ("fr_lf", "paris"), ("ge_lf", "berlin")])
    from app.systems.third_reich.combat import can_attack_here

    st = state(s)
    assert not can_attack_here(st, st.unit("ge_af_1"), "axis") and can_attack_here(st, st.unit("ge_lf_1"), "axis")


def test_tr_ca_3_used_units_and_air_attacks() -> None:
    """TR-CA-3, TR-CA-10: used units never counterattack; against an air attack only units with air strength."""
    st = state(session([("fr_lf", "paris", 1, True), ("fr_lf", "paris"), ("uk_af", "paris"), ("ge_lf", "berlin")]))
    assert [u.id for u in ambushers(st, "allied", "paris", False)] == ["fr_lf_2", "uk_af_1"]
    assert [u.id for u in ambushers(st, "allied", "paris", True)] == ["uk_af_1"]


def test_tr_ca_7_attacking_group_takes_ambush_on_its_used_side() -> None:
    """TR-CA-6, TR-CA-7, TR-QA-4, TR-ALLOC-3, TR-ALLOC-6: the ambushed attackers count as used: two points on
    a D = 2 unit are a retreat, not a flip; the ambusher allocates as the attacker would."""
    cards = [card("a", "axis"), card("b", "axis"), card("amb", "allied", event="ambush")]
    s = session([("ge_lf", "paris"), ("fr_lf", "paris"), ("ge_lf", "berlin", 2)], cards=cards, hands=(2, 1))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Attack(side="axis", units=("ge_lf_1",), target="paris"))
    events = submit(s, Ambush(side="allied", card="amb"), dice=[1])
    resolved = [e for e in events if e.kind == "tr.attack_resolved"]
    assert len(resolved) == 1  # the damaged attacker does not attack (TR-CA-8)
    assert s.active_side() == "axis" and s.view("axis").decision is not None  # the retreat is the Germans' choice
    assert used(s, "ge_lf_1") and "retreats" in " ".join(n.render() for n in resolved[0].ruling.notes)


def test_tr_ret_4_moving_group_retreats_whence_it_came() -> None:
    """TR-RET-4: a moving group hit by an Ambush may retreat only to the area it came from."""
    cards = [card("a", "axis"), card("b", "axis"), card("amb", "allied", event="ambush")]
    s = session([("ge_tf", "berlin", 3), ("fr_lf", "paris", 2)], cards=cards, hands=(2, 1))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Move(side="axis", units=("ge_tf_1",), to="paris"))
    submit(s, Ambush(side="allied", card="amb"), dice=[1, 1])
    assert loc(s, "ge_tf_1") in ("berlin", "pool")


def test_tr_sub_6_submarines_recover_without_a_line() -> None:
    """TR-SUB-6, TR-REC-3: a used submarine far from home recovers; a cut-off tank does not."""
    setup = [
        ("ge_ss", "central_atlantic", 1, True),
        ("ge_tf", "egypt", 1, True),
        ("uk_lf", "egypt"),
        ("ge_lf", "berlin"),
    ]
    st = state(session(setup))
    after, _ = recover(st, "axis")
    assert not after.unit("ge_ss_1").used and after.unit("ge_tf_1").used


def test_tr_yug_2_stranded_yugoslavs_recover() -> None:
    """TR-YUG-2, TR-YUG-1: Yugoslavia holding no area: its units with a line to an Allied area recover at the end
    of the turn (or by a Supply naming it), not by other recovery."""
    st = state(
        session(
            [("yu_lf", "greece", 2, True), ("gr_lf", "greece"), ("ge_lf", "yugoslavia")],
            nations={"YU": ("allied", "belligerent"), "GR": ("allied", "belligerent")},
            areas={"yugoslavia": {"control": "GE"}},
        )
    )
    assert not any(n == "YU" for _, n in st.control)
    plain, _ = recover(st, "allied")
    assert plain.unit("yu_lf_1").used
    end, _ = recover(st, "allied", yugoslavia=True)
    assert not end.unit("yu_lf_1").used and not end.unit("yu_lf_2").used


def test_tr_us_3_neutral_us_ships_are_absent() -> None:
    """TR-US-3, TR-NAT-3: while the USA is neutral its fleet controls nothing and carries no one."""
    st = state(session([("us_nf", "north_atlantic"), ("ge_lf", "berlin")]))
    assert st.controlling_side("north_atlantic") is None and capacity(st, "north_atlantic", "allied") == 0


def test_tr_opt_5_bombing_modifier() -> None:
    """TR-OPT-5: the flat +1 modifier of the optional rule; otherwise distance to the nearest enemy resource."""
    st = state(session([("ge_af", "berlin"), ("ge_lf", "berlin")]))
    assert bombing_modifier(st, st.unit("ge_af_1"), "axis") == 0  # Paris and Warsaw are next door
    flat = state(session([("ge_af", "berlin"), ("ge_lf", "berlin")], options=["flat_bombing_modifier"]))
    assert bombing_modifier(flat, flat.unit("ge_af_1"), "axis") == 1


def test_tr_opt_6_no_war_declarations() -> None:
    """TR-OPT-6, TR-VIOL-5: with the option nobody enters an Axis neutral's territory."""
    st = state(session([("ge_tf", "berlin", 2)], options=["no_war_declarations"]))
    assert "hungary" not in normal_destinations(st, (st.unit("ge_tf_1"),), "axis")


def test_tr_opt_8_garrisons_stay_home() -> None:
    """TR-OPT-8, TR-RET-7: with the option a garrison never enters, nor retreats into, a foreign area."""
    data = {"counters_extra": None}
    assert data
    st = state(session([("ge_lf", "berlin", 2)], options=["garrison_restriction"]))
    from app.systems.third_reich.movement import garrison_blocked

    unit = st.unit("ge_lf_1")
    assert not garrison_blocked(st, unit, "warsaw")  # infantry is not a garrison


def test_tr_viol_4_retreat_into_a_neutral_is_refused_by_default() -> None:
    """TR-VIOL-4: the owner may retreat into a neutral area or go to the pool; the engine takes the pool (see
    docs/third-reich-decisions.md)."""
    st = state(session([("ge_lf", "low_countries"), ("ge_lf", "berlin")], areas={"low_countries": {"control": "GE"}}))
    st = st.with_control({"berlin": "PO", "paris": "PO", "london": "PO"})
    assert retreat_area(st, st.unit("ge_lf_1")) is None
    assert friendly(st, "low_countries", "axis")


def test_air_attack_in_table_mode_uses_typed_dice() -> None:
    """TR-GEN-2, TR-AIROP-3: an air operation is one group's air attack, one die per unit, typed at the table."""
    s = session([("ge_af", "berlin", 2), ("ge_lf", "berlin"), ("po_lf", "warsaw")], cards=[card("a", "axis")])
    events = submit(
        s, Attack(side="axis", units=("ge_af_1", "ge_af_2"), target="warsaw", air=True, by="air_op"), dice=[4, 5]
    )
    ruling = next(e.ruling for e in events if e.ruling)
    assert [d.natural for d in ruling.dice] == [4, 5] and ruling.successes == 1
    assert Roller(state(s).dice).dice == state(s).dice


def test_tr_opt_7_us_restriction_cuts_the_egypt_link() -> None:
    """TR-OPT-7, TR-AREA-2: with the US restriction US units cannot be placed by a line through the Central
    Atlantic–Egypt link."""
    setup = [
        ("us_lf", "pool"),
        ("uk_lf", "egypt"),
        ("uk_nf", "north_atlantic"),
        ("uk_nf", "central_atlantic"),
        ("ge_lf", "berlin"),
    ]
    nations = {"US": ("allied", "belligerent")}
    st = state(session(setup, nations=nations))
    assert "egypt" in placements(st, st.unit("us_lf_1"), "allied")
    cut = state(session(setup, nations=nations, options=["us_restriction"]))
    assert "egypt" not in placements(cut, cut.unit("us_lf_1"), "allied")


def test_tr_gen_3_fractional_capacity() -> None:
    """TR-GEN-3, TR-SEA-1: three used fleets carry 1.5: one unit, not two."""
    st = state(session([("ge_lf", "berlin", 3), ("ge_nf", "north_sea", 3, True)], areas={"norway": {"nation": None}}))
    assert capacity(st, "north_sea", "axis") == 1.5
    assert sea_destinations(st, (st.unit("ge_lf_1"),), "axis")
    assert not sea_destinations(st, (st.unit("ge_lf_1"), st.unit("ge_lf_2")), "axis")


def test_tr_card_2_cards_and_the_marker() -> None:
    """TR-CARD-2, TR-CARD-3, TR-MARK-1, TR-GEN-1, TR-SETUP-1: cards have a strategy value 2 to 4 and an event,
    ★Ambush★ cards counterattack; the turn marker shows who plays first; twelve turns in the campaign; either
    side may be played by a person."""
    import pytest
    from pydantic import ValidationError

    from app.systems.third_reich import SYSTEM
    from tests.systems.third_reich.helpers import scenario

    with pytest.raises(ValidationError):
        scenario([("ge_lf", "berlin")], cards=[card("bad", "axis", sv=5)])
    st = state(_sample())
    assert {c.sv for c in st.rt.cards.values()} == {2, 3, 4}
    assert any(c.event == "ambush" for c in st.rt.cards.values())
    assert st.first in ("axis", "allied") and st.rt.model.turns.last == 6
    from app.systems.third_reich.scenario import TurnTrack

    assert TurnTrack().last == 12 and SYSTEM.info.human_sides == ("axis", "allied")


def test_tr_airop_2_round_ends_after_the_retreats_it_caused() -> None:
    """TR-AIROP-2, TR-AIROP-3, TR-RET-1: an air operation's round ends only once the retreat it caused is decided,
    so the retreating unit no longer counts for control at the end of the round."""
    from app.systems.third_reich.messages import Retreat

    cards = [card("a", "axis"), card("x", "allied"), card("y", "allied")]
    s = session([("ge_af", "berlin", 2), ("ge_lf", "berlin"), ("po_lf", "warsaw")], cards=cards, hands=(1, 2))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, Attack(side="axis", units=("ge_af_1", "ge_af_2"), target="warsaw", air=True, by="air_op"), dice=[1, 1])
    st = state(s)
    assert st.closing and st.stack[0].kind == "retreat" and s.active_side() == "allied"
    submit(s, Retreat(side="allied", unit="po_lf_1", to="galicia"))
    st = state(s)
    assert not st.closing and loc(s, "po_lf_1") == "galicia" and st.active == "allied" and st.play is None


def test_tr_ctrl_6_a_shared_area_goes_back_to_its_own_nation_only() -> None:
    """TR-CTRL-6: with German and Italian units in Berlin, held by Italy, the Axis may hand it back to Germany
    (its nationality symbol); Paris, taken by the Axis, may not be handed between Axis nations (French symbol).
    The hand-over happens at the end of a round (seed §3.4(5)), never during it."""
    from app.systems.third_reich import SYSTEM
    from app.systems.third_reich.control import reassignments
    from app.systems.third_reich.messages import FinishCard, Reassign

    setup = [("ge_lf", "berlin"), ("it_lf", "berlin"), ("ge_lf", "paris"), ("it_lf", "paris")]
    s = session(setup, nations={"IT": ("axis", "belligerent")}, cards=[card("a", "axis"), card("b", "allied")])
    st = state(s).with_control({"berlin": "IT", "paris": "GE"})
    assert reassignments(st, "axis") == [("berlin", "GE")]
    assert reassignments(st, "allied") == []
    st = replace(st, active="axis", stack=())
    assert not any(isinstance(c, Reassign) for c in SYSTEM.legal_commands(st, "axis"))
    st, _ = SYSTEM.apply(st, PlayCard(side="axis", card="a"))
    st, _ = SYSTEM.apply(st, FinishCard(side="axis"))
    step = st.pending()
    assert step is not None and step.kind == "reassign" and step.side == "axis" and st.controller("berlin") == "IT"
    assert list(SYSTEM.legal_commands(st, "axis")) == [
        Reassign(side="axis"),
        Reassign(side="axis", area="berlin", nation="GE"),
    ]
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(st, Reassign(side="axis", area="paris", nation="IT"))
    after, events = SYSTEM.apply(st, Reassign(side="axis", area="berlin", nation="GE"))
    assert after.controller("berlin") == "GE" and events[0].rule_id == "TR-CTRL-6"
    assert after.pending() is None and after.active == "allied"  # the round is over: the Allies play next


def test_tr_ctrl_6_hand_overs_are_offered_at_the_end_of_the_enemys_round_too() -> None:
    """TR-CTRL-6: "at the end of any player's round": the Axis is asked after the Allies pass; declining hands
    nothing over and the turn goes on; saves of rules version 3 decline (AnswersOldSaves)."""
    from app.systems.third_reich import SYSTEM
    from app.systems.third_reich.messages import Reassign

    setup = [("ge_lf", "berlin"), ("it_lf", "berlin"), ("uk_lf", "london")]
    cards = [card("a", "axis"), card("b", "allied"), card("c", "allied")]
    s = session(setup, nations={"IT": ("axis", "belligerent")}, cards=cards)
    st = replace(state(s).with_control({"berlin": "IT"}), active="allied", stack=())
    st, _ = SYSTEM.apply(st, Pass(side="allied"))
    step = st.pending()
    assert step is not None and step.kind == "reassign" and step.side == "axis" and step.action == "pass"
    assert SYSTEM.old_answer(st, "3") == Reassign(side="axis") and SYSTEM.old_answer(st, "4") is None
    after, _ = SYSTEM.apply(st, Reassign(side="axis"))
    assert after.controller("berlin") == "IT" and after.pending() is None and after.active == "axis"
    assert after.passes == 1


def test_tr_ctrl_6_a_hand_over_at_the_last_round_counts_in_the_end_of_turn_recovery() -> None:
    """TR-CTRL-6, TR-REC-2, TR-SEQ-5: the hand-over comes at the end of the round, before the end of the turn:
    Berlin handed back to Germany counts as a German area when German units recover; declined, it does not."""
    from app.systems.third_reich import SYSTEM
    from app.systems.third_reich.messages import Reassign

    setup = [("ge_lf", "berlin", 2, True), ("it_lf", "berlin"), ("uk_lf", "london")]
    s = session(setup, nations={"IT": ("axis", "belligerent")}, cards=[card("a", "axis"), card("b", "allied")])
    st = replace(state(s).with_control({"berlin": "IT"}), stack=(), passes=1)
    st = replace(st, active="allied") if st.active == "axis" else replace(st, active="axis")
    st, _ = SYSTEM.apply(st, Pass(side=st.active))  # the second pass in a row: the turn ends after this round
    step = st.pending()
    assert step is not None and step.kind == "reassign" and step.side == "axis"
    handed, _ = SYSTEM.apply(st, Reassign(side="axis", area="berlin", nation="GE"))
    kept, _ = SYSTEM.apply(st, Reassign(side="axis"))
    for after in (handed, kept):  # the turn has ended: recovery is done, the end-of-turn returns are asked
        step = after.pending()
        assert after.turn == 2 or (step is not None and step.kind == "return")
    assert sum(not handed.unit(u).used for u in ("ge_lf_1", "ge_lf_2")) == 1  # one German area: one recovers
    assert kept.unit("ge_lf_1").used and kept.unit("ge_lf_2").used  # Germany holds no area: none recovers

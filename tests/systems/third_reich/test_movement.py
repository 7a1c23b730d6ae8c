"""Groups and movement: normal, sea and air moves, entry limits, stacking, the boundary, violation of neutrals."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.third_reich.messages import Move, PlayCard
from app.systems.third_reich.movement import (
    air_destinations,
    minor_blocked,
    normal_destinations,
    sea_destinations,
)
from tests.systems.third_reich.helpers import card, loc, session, state, submit, used

TWO = [card("a", "axis"), card("b", "axis")]
HUNGARY_GERMAN = {"hungary": {"control": "GE"}}


def _group(s, *ids):  # type: ignore[no-untyped-def]
    st = state(s)
    return st, tuple(st.unit(i) for i in ids)


def test_tr_mov_1_slowest_unit_sets_the_pace() -> None:
    """TR-MOV-1, TR-MOV-2, TR-MOV-5: tanks (3) pass friendly Hungary into Galicia and on to nothing further;
    with infantry (2) in the group Galicia is still two steps away, but Romania past neutral ground is not."""
    s = session([("ge_tf", "berlin", 2), ("ge_lf", "berlin", 2), ("ge_lf", "hungary")], areas=HUNGARY_GERMAN)
    st, tanks = _group(s, "ge_tf_1", "ge_tf_2")
    reach = normal_destinations(st, tanks, "axis")
    assert reach["hungary"] == 1 and reach["galicia"] == 2 and reach["romania"] == 2
    assert "moscow" not in reach  # Galicia holds no German control unit: the move stops there (TR-MOV-5)
    _, mixed = _group(s, "ge_tf_1", "ge_lf_1")
    assert set(normal_destinations(st, mixed, "axis")) >= {"hungary", "galicia"}


def test_tr_mov_2_plus_one_entering_and_leaving_enemy_control_units() -> None:
    """TR-MOV-2: entering an area with enemy control units costs 2; leaving one costs 1 more."""
    s = session([("ge_tf", "berlin", 2), ("po_lf", "warsaw"), ("ge_tf", "warsaw", 2)])
    st, tanks = _group(s, "ge_tf_1", "ge_tf_2")
    assert normal_destinations(st, tanks, "axis")["warsaw"] == 2
    _, inside = _group(s, "ge_tf_3")
    reach = normal_destinations(st, inside, "axis")
    assert reach["brest"] == 2  # leave (+1) and enter (1)
    assert reach.get("berlin") == 2


def test_tr_mov_4_a_friendly_control_unit_stays_behind() -> None:
    """TR-MOV-4: a lone unit cannot leave; in Germany one German unit must stay even with Italians there."""
    cards = TWO
    s = session([("ge_lf", "berlin"), ("it_lf", "berlin")], cards=cards, nations={"IT": ("axis", "belligerent")})
    submit(s, PlayCard(side="axis", card="a"))
    with pytest.raises(IllegalCommandError) as err:
        s.submit(Move(side="axis", units=("ge_lf_1",), to="warsaw"))
    assert err.value.rule_id == "TR-MOV-4"
    moves = [c for c in s.legal_commands() if isinstance(c, Move)]
    assert moves and all("ge_lf_1" not in c.units for c in moves)


def test_tr_mov_6_normal_move_keeps_units_unused() -> None:
    """TR-MOV-6, TR-ACT-1: after a normal move the units are still unused; the move costs 1 strategy value."""
    s = session([("ge_tf", "berlin", 3)], cards=TWO)
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Move(side="axis", units=("ge_tf_1",), to="warsaw"))
    assert loc(s, "ge_tf_1") == "warsaw" and not used(s, "ge_tf_1")
    assert state(s).play is not None and state(s).play.sv_left == 1


def test_tr_stk_1_ten_land_units() -> None:
    """TR-STK-1, TR-STK-2: no more than ten land units of a player, nor four air units, in a land area."""
    s = session([("ge_lf", "berlin", 4), ("ge_lf", "warsaw", 8), ("ge_af", "berlin", 2), ("ge_af", "warsaw", 3)])
    st, three = _group(s, "ge_lf_1", "ge_lf_2", "ge_lf_3")
    assert "warsaw" not in normal_destinations(st, three, "axis")
    _, two = _group(s, "ge_lf_1", "ge_lf_2")
    assert "warsaw" in normal_destinations(st, two, "axis")
    _, planes = _group(s, "ge_af_1", "ge_af_2")
    assert "warsaw" not in air_destinations(st, planes, "axis")


def test_tr_terr_1_land_and_naval_units_keep_to_their_element() -> None:
    """TR-TERR-1, TR-TERR-3, TR-SEAMOV-7: land units do not walk into the sea; ships do not enter land."""
    s = session([("ge_lf", "berlin", 2), ("ge_nf", "north_sea", 2)])
    st, infantry = _group(s, "ge_lf_1")
    assert not any(st.rt.is_sea(a) for a in normal_destinations(st, infantry, "axis"))
    _, ships = _group(s, "ge_nf_1")
    reach = normal_destinations(st, ships, "axis")
    assert reach and all(st.rt.is_sea(a) for a in reach)


def test_tr_terr_2_air_units_end_only_in_friendly_land_areas() -> None:
    """TR-TERR-2: an air unit's normal move never enters an enemy or neutral land area."""
    s = session([("ge_af", "berlin", 2), ("ge_lf", "hungary")], areas=HUNGARY_GERMAN)
    st, planes = _group(s, "ge_af_1")
    assert set(normal_destinations(st, planes, "axis")) == {"hungary"}


def test_tr_seamov_1_capacity_limits_the_group() -> None:
    """TR-SEAMOV-1, TR-SEA-1: one unused fleet carries one unit; a used fleet counts ½ (none)."""
    s = session([("ge_lf", "berlin", 3), ("ge_nf", "north_sea")], areas={"norway": {"nation": None}})
    st, one = _group(s, "ge_lf_1")
    assert ("norway", "north_sea") in sea_destinations(st, one, "axis")
    _, two = _group(s, "ge_lf_1", "ge_lf_2")
    assert sea_destinations(st, two, "axis") == {}
    s2 = session([("ge_lf", "berlin", 3), ("ge_nf", "north_sea", 1, True)])
    st2, one2 = _group(s2, "ge_lf_1")
    assert sea_destinations(st2, one2, "axis") == {}


def test_tr_seamov_3_sea_move_lands_and_flips() -> None:
    """TR-SEAMOV-2, TR-SEAMOV-3, TR-SEAMOV-4, TR-SEA-3: land, sea, land; the units end used; the capacity used
    this round stays used."""
    s = session([("ge_lf", "berlin", 3), ("ge_nf", "north_sea")], cards=TWO, areas={"norway": {"nation": None}})
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Move(side="axis", units=("ge_lf_1",), to="norway", mode="sea", via="north_sea"))
    assert loc(s, "ge_lf_1") == "norway" and used(s, "ge_lf_1")
    st, again = _group(s, "ge_lf_2")
    assert sea_destinations(st, again, "axis") == {}


def test_tr_seamov_5_enemy_ships_block_the_crossing() -> None:
    """TR-SEAMOV-5, TR-SEAMOV-2: enemy surface ships in the sea area (their +1) make the two-point crossing
    impossible; enemy land units at the landing do not: seed §8.1.2(1) charges no +1 for entering or leaving an
    area without enemy ships, so the group may land among them (and stops there, TR-MOV-5)."""
    s = session([("ge_lf", "berlin", 2), ("ge_nf", "north_sea", 2), ("uk_nf", "north_sea")])
    st, one = _group(s, "ge_lf_1")
    assert sea_destinations(st, one, "axis") == {}
    s2 = session([("ge_lf", "berlin", 2), ("ge_nf", "north_sea", 2), ("uk_lf", "london")], cards=TWO)
    st2, one2 = _group(s2, "ge_lf_1")
    assert ("london", "north_sea") in sea_destinations(st2, one2, "axis")
    submit(s2, PlayCard(side="axis", card="a"))
    submit(s2, Move(side="axis", units=("ge_lf_1",), to="london", mode="sea", via="north_sea"))
    assert loc(s2, "ge_lf_1") == "london" and used(s2, "ge_lf_1")  # the sea move flips it (TR-SEAMOV-4)


def test_tr_airmov_2_air_move_through_friendly_areas_only() -> None:
    """TR-AIRMOV-1, TR-AIRMOV-2, TR-AIRMOV-3, TR-AIRMOV-5: air units fly through friendly areas, 1 per area,
    and end used; carriers do not air-move."""
    s = session([("ge_af", "berlin", 2), ("ge_lf", "hungary"), ("ge_lf", "berlin")], cards=TWO, areas=HUNGARY_GERMAN)
    st, plane = _group(s, "ge_af_1")
    assert set(air_destinations(st, plane, "axis")) == {"hungary"}
    submit(s, Move(side="axis", units=("ge_af_1",), to="hungary", mode="air", by="air_op"))
    assert loc(s, "ge_af_1") == "hungary" and used(s, "ge_af_1")
    s2 = session([("uk_cv", "north_sea", 2)])
    st2, carrier = _group(s2, "uk_cv_1")
    assert air_destinations(st2, carrier, "allied") == {}


def test_tr_minor_1_minor_allies_stay_south() -> None:
    """TR-MINOR-1, TR-MINOR-2: Italian units may not enter areas north of the boundary; a nation that was an
    Allied neutral at start is exempt when it later fights for the Axis."""
    s = session(
        [("it_lf", "italy", 2)], nations={"IT": ("axis", "belligerent")}, areas={"southern_france": {"control": "IT"}}
    )
    st, group = _group(s, "it_lf_1")
    reach = normal_destinations(st, group, "axis")
    assert "southern_france" in reach and "paris" not in reach
    sweden = st.with_nation("SW", "axis", "belligerent")
    unit = sweden.with_units({}).units[0]
    assert minor_blocked(st, group[0], "paris")
    assert not minor_blocked(sweden, unit.__class__("x", "sw_lf", "SW", "sweden"), "norway")


def test_tr_area_3_closed_seas_and_lands() -> None:
    """TR-AREA-3, TR-AREA-4, TR-AREA-5: Allied ships never enter the Baltic; nobody the Black Sea; the Axis
    never the Urals or the Middle East."""
    s = session(
        [("uk_nf", "north_sea", 2), ("ge_tf", "moscow", 2), ("su_lf", "moscow")],
        nations={"SU": ("allied", "belligerent")},
    )
    st, ships = _group(s, "uk_nf_1")
    assert "baltic_sea" not in normal_destinations(st, ships, "allied")
    _, tanks = _group(s, "ge_tf_1")
    reach = normal_destinations(st, tanks, "axis")
    assert "urals" not in reach and "black_sea" not in reach


def test_tr_viol_1_entering_a_neutral_brings_it_in_against_you() -> None:
    """TR-VIOL-1, TR-NAT-2: Germans entering Hungary (an Axis neutral) make Hungary an Allied belligerent."""
    s = session([("ge_tf", "berlin", 2), ("hu_lf", "hungary")], cards=TWO)
    submit(s, PlayCard(side="axis", card="a"))
    events = submit(s, Move(side="axis", units=("ge_tf_1",), to="hungary"))
    st = state(s)
    assert st.side_of("HU") == "allied" and st.status_of("HU") == "belligerent"
    assert any(e.rule_id == "TR-VIOL-1" for e in events)


def test_tr_viol_2_spain_violated_ignores_its_marker() -> None:
    """TR-VIOL-2: Spain entered by the Axis joins the Allies and its marker no longer counts; seed §3.1.3(2)①
    says it becomes an Allied belligerent whoever entered, so the Allies entering it also bring it in on their
    side; the switch ``sp_tu_violation_opposes_violator`` (the digest's reading) sends it to the Axis then."""
    s = session([("ge_tf", "southern_france", 2)], cards=TWO, areas={"southern_france": {"control": "GE"}})
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Move(side="axis", units=("ge_tf_1",), to="spain"))
    assert state(s).side_of("SP") == "allied" and "SP" in state(s).locked
    allied = [card("x", "allied"), card("y", "allied")]
    for options, joins in (([], "allied"), (["sp_tu_violation_opposes_violator"], "axis")):
        s2 = session([("fr_lf", "southern_france", 2)], cards=allied, options=options)
        submit(s2, PlayCard(side="allied", card="x"))
        submit(s2, Move(side="allied", units=("fr_lf_1",), to="spain"))
        assert state(s2).side_of("SP") == joins and state(s2).status_of("SP") == "belligerent"


def test_tr_pol_3_entering_brest_brings_in_the_ussr() -> None:
    """TR-POL-3: a German unit entering Brest while the USSR is neutral brings it in on the Allied side."""
    s = session([("ge_tf", "warsaw", 2)], cards=TWO, areas={"warsaw": {"control": "GE"}})
    submit(s, PlayCard(side="axis", card="a"))
    submit(s, Move(side="axis", units=("ge_tf_1",), to="brest"))
    assert state(s).side_of("SU") == "allied" and state(s).status_of("SU") == "belligerent"


def test_tr_sub_3_submarines_need_not_stop() -> None:
    """TR-SUB-3, TR-SUB-2: a submarine sails on through areas without friendly control units."""
    s = session([("ge_ss", "north_sea", 2), ("ge_nf", "north_sea")])
    st, sub = _group(s, "ge_ss_1")
    assert "central_atlantic" in normal_destinations(st, sub, "axis")  # via the empty North Atlantic
    _, ship = _group(s, "ge_nf_1")
    assert "central_atlantic" in normal_destinations(st, ship, "axis")  # adjacent anyway


def test_tr_ret_2_a_ship_may_retreat_into_a_sea_no_one_controls() -> None:
    """TR-RET-2, TR-RET-1, TR-CTRL-8: seed §11.5(1) forbids retreating into enemy-controlled areas and areas with
    enemy control units; an empty sea area that no one controls is neither, so a damaged ship may retreat there."""
    from app.systems.third_reich.messages import Attack, Pass, Retreat

    cards = [card("a", "axis"), card("x", "allied"), card("y", "allied")]
    setup = [("ge_nf", "north_sea", 3), ("uk_nf", "north_sea", 1, True), ("ge_lf", "berlin")]
    s = session(setup, cards=cards, hands=(1, 2))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    assert state(s).controller("north_atlantic") is None
    submit(s, PlayCard(side="axis", card="a"))
    attack = Attack(side="axis", units=("ge_nf_1", "ge_nf_2", "ge_nf_3"), target="north_sea")
    submit(s, attack, dice=[1, 1, 1])  # 3 points: once the used fleet's durability, it must retreat (TR-DMG-1)
    assert Retreat(side="allied", unit="uk_nf_1", to="north_atlantic") in s.legal_commands()
    submit(s, Retreat(side="allied", unit="uk_nf_1", to="north_atlantic"))
    assert loc(s, "uk_nf_1") == "north_atlantic"


def test_tr_viol_1_an_air_attack_passing_over_a_neutral_violates_it() -> None:
    """TR-VIOL-1, TR-AIRATK-2, TR-AREA-3: seed §3.1.3(1): an air unit passing over a neutral area while carrying
    out an air attack violates it. A Soviet air unit in Brest (range 2) strikes Berlin: the Baltic is closed to
    the Allies, so its only route passes over Warsaw, here held by neutral Hungary, which joins the Axis."""
    from app.systems.third_reich.messages import Attack, Pass

    cards = [card("a", "axis"), card("b", "axis"), card("x", "allied"), card("y", "allied")]
    setup = [("su_af", "brest"), ("su_lf", "brest"), ("ge_lf", "berlin")]
    areas = {"brest": {"control": "SU"}, "warsaw": {"control": "HU"}}
    s = session(setup, cards=cards, hands=(2, 2), areas=areas, nations={"SU": ("allied", "belligerent")})
    while s.active_side() == "axis":
        submit(s, Pass(side="axis"))
    events = submit(s, Attack(side="allied", units=("su_af_1",), target="berlin", air=True, by="air_op"), [6])
    st = state(s)
    assert st.side_of("HU") == "axis" and st.status_of("HU") == "belligerent"
    assert any(e.rule_id == "TR-VIOL-1" for e in events)


def test_tr_viol_1_an_air_attack_next_door_passes_over_nothing() -> None:
    """TR-VIOL-1, TR-AIRATK-1: an air attack on an adjacent area passes over no area, so no neutral is violated
    (Belgium, next to Berlin, stays out)."""
    from app.systems.third_reich.messages import Attack, Pass

    cards = [card("a", "axis"), card("x", "allied"), card("y", "allied")]
    setup = [("ge_af", "berlin"), ("ge_lf", "berlin"), ("fr_lf", "paris")]
    s = session(setup, cards=cards, hands=(1, 2))
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, Attack(side="axis", units=("ge_af_1",), target="paris", air=True, by="air_op"), [6])
    assert state(s).status_of("BE") == "neutral" and state(s).status_of("IT") == "neutral"


def test_tr_area_4_units_in_the_urals_may_be_struck_from_afar_not_through() -> None:
    """TR-AREA-4, TR-AIRATK-2: the Axis may not air-attack through the Urals but may air-attack units in it
    (seed §15.7.3): a German air unit in Brest (range 3) reaches the Urals over Moscow; the Middle East, only
    reachable through the Urals within range, stays out of reach."""
    from app.systems.third_reich.combat import attack_targets

    setup = [("ge_af", "brest"), ("ge_lf", "brest"), ("su_lf", "urals"), ("uk_lf", "middle_east")]
    areas = {"brest": {"control": "GE"}}
    st = state(session(setup, areas=areas, nations={"SU": ("allied", "belligerent")}))
    targets = attack_targets(st, (st.unit("ge_af_1"),), "axis", True)
    assert "urals" in targets and "middle_east" not in targets


def test_tr_airmov_6_an_air_move_stops_in_a_friendly_area_without_friendly_units() -> None:
    """TR-AIRMOV-6, TR-MOV-5: seed §8.2(7) applies the normal-movement rules to air moves otherwise, so an air move
    stops on entering an area without friendly control units: over an empty Italy (an Axis belligerent, so a
    friendly area) the German air unit cannot go on to a German-held Southern France; with an Italian unit in
    Italy it can."""
    nations = {"IT": ("axis", "belligerent")}
    areas = {"southern_france": {"control": "GE"}}
    setup = [("ge_af", "berlin"), ("ge_lf", "berlin"), ("ge_lf", "southern_france")]
    st = state(session(setup, areas=areas, nations=nations))
    reach = air_destinations(st, (st.unit("ge_af_1"),), "axis")
    assert "italy" in reach and "southern_france" not in reach
    st2 = state(session([*setup, ("it_lf", "italy")], areas=areas, nations=nations))
    assert "southern_france" in air_destinations(st2, (st2.unit("ge_af_1"),), "axis")

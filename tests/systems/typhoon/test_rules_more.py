"""More rules: zones of control, the sequence of play, set-up boxes, HQs, weather, RESERVE/OKH and odd cases."""

from __future__ import annotations

from app.core.dice import NeedInput
from app.systems.typhoon import SYSTEM
from app.systems.typhoon import messages as m
from app.systems.typhoon.movement import routes
from app.systems.typhoon.odds import odds
from tests.systems.typhoon.helpers import (
    INF,
    PZ,
    activate,
    defaults,
    draw,
    hq,
    hx,
    legal_of,
    scenario,
    select,
    session,
    state,
    submit,
    unit,
)
from tests.systems.typhoon.test_combat import attack, fight
from tests.systems.typhoon.test_movement import major_river, reach


def test_ty_zoc_1_ty_zoc_2_ty_zoc_3_zones() -> None:
    """TY-ZOC-1: a unit's zone is its six neighbours; TY-ZOC-2: not into a lake or across a prohibited hexside, but
    across a major river; TY-ZOC-3: two zones on a hex cost no more than one."""
    from app.systems.typhoon.zoc import enemy_zoc

    units = [hq("ghq", "axis", "0101"), hq("shq", "soviet", "1008"), unit("s", "soviet", "0504")]
    sides = [{"a": "0504", "b": "0404", "kind": "prohibited"}, *major_river()]
    s = session(scenario(units, terrain={"0603": "lake"}, hexsides=sides))
    zone = {state(s).runtime.label(h) for h in enemy_zoc(state(s), "axis")}
    assert {"0503", "0505", "0604", "0403"} <= zone
    assert "0603" not in zone and "0404" not in zone
    s = session(scenario([*units, unit("t", "soviet", "0304"), unit("a", "axis", "0405", PZ)]))
    assert reach(s, "a")["0404"] == "3"  # 0404 touches both s and t: +2 once


def test_ty_zoc_4_ty_zoc_5_friends_do_not_cancel_zones_for_movement() -> None:
    """TY-ZOC-5, TY-ZOC-4: a friendly unit in an EZOC hex does not cancel the zone for movement (still +2)."""
    units = [hq("ghq", "axis", "0101"), hq("shq", "soviet", "1008"), unit("s", "soviet", "0504")]
    units += [unit("f", "axis", "0403"), unit("a", "axis", "0303", PZ)]
    s = session(scenario(units))
    assert reach(s, "a")["0403"] == "3"


def test_ty_adv_5_advance_ignores_zones_and_ty_adv_6_different_hexes() -> None:
    """TY-ADV-5: an advance ignores EZOC and costs no MP; TY-ADV-6: units of one combat may advance to different
    hexes; TY-ADV-4: advancing is optional (EndAdvance is the default); TY-ADV-8: never into an overstack."""
    units = [unit("a", "axis", "0404", PZ), unit("b", "axis", "0403", PZ), unit("s", "soviet", "0504")]
    units += [unit("z", "soviet", "0704")]
    s = fight(units)
    attack(s, ("a", "b"), "0504", 6)  # 16-4 4-1, die 6: 1RR
    defaults(s, "soviet")
    decision = s.view().decision
    assert decision is not None and isinstance(decision.default_command(), m.EndAdvance)
    ends = {(c.unit, state(s).runtime.label(c.path[-1])) for c in legal_of(s, m.Advance)}
    assert ("a", "0603") in ends and ("b", "0604") in ends  # 0603/0604 lie in z's zone: no matter
    submit(s, m.Advance(side="axis", unit="a", path=(hx(s, "0504"), hx(s, "0603"))))
    submit(s, m.Advance(side="axis", unit="b", path=(hx(s, "0504"), hx(s, "0604"))))
    assert state(s).unit("a").hex != state(s).unit("b").hex


def test_ty_ret_1_ty_ret_2_ty_ret_3_rr_is_two_hexes_each_unit_its_own_way() -> None:
    """TY-RET-1: RR moves each defender two hexes; TY-RET-2: whatever the terrain costs; TY-RET-3: units of a stack
    retreat one at a time and may part; TY-RET-9: a town retreated through changes hands."""
    units = [
        unit("a", "axis", "0404", ("armour", [20, 5], [10, 3], 6)),
        unit("s", "soviet", "0504"),
        unit("t", "soviet", "0504"),
    ]
    s = fight(
        units,
        terrain={"0604": "deep_forest", "0603": "swamp", "0605": "swamp"},
        marks=[{"at": "0704", "kind": "town"}],
        axis_controlled=["0704"],
    )
    attack(s, ("a",), "0504", 6)  # 20-8 2-1, die 6: RR
    defaults(s, "soviet")
    grid = state(s).runtime.grid
    for uid in ("s", "t"):
        assert grid.distance(state(s).unit(uid).hex, hx(s, "0504")) == 2


def test_ty_cbt_6_no_attack_across_prohibited_hexsides() -> None:
    """TY-CBT-6: no attack across a prohibited hexside or into a lake."""
    units = [unit("a", "axis", "0404", PZ), unit("s", "soviet", "0504")]
    s = fight(units, hexsides=[{"a": "0404", "b": "0504", "kind": "prohibited"}])
    assert legal_of(s, m.DeclareAttack) == []


def test_ty_odds_4_ty_sup_2_supply_never_changes_strength() -> None:
    """TY-ODDS-4, TY-SUP-2: a unit without LOC attacks with its full strength."""
    units = [unit("a", "axis", "0904", PZ), unit("s", "soviet", "1005")]
    s = session(scenario([hq("ghq", "axis", "0804", 2), hq("shq", "soviet", "1008"), *units]))
    assert odds(state(s), ("a",), hx(s, "1005")).attack == 8


def test_ty_loss_3_excess_losses_are_ignored_and_ty_loss_4_fates() -> None:
    """TY-LOSS-3: losses beyond the steps there are do nothing more; TY-LOSS-4, TY-HQU-3: an HQ eliminated in combat
    goes to the reserve box; TY-HQU-1: an HQ defends like any unit."""
    units = [unit("a", "axis", "0404", ("armour", [40, 5], [10, 3], 6)), hq("h", "soviet", "0504")]
    s = fight(units)
    attack(s, ("a",), "0504", 6)  # 40-2 10+, die 6: 4RR against one 2-step HQ
    assert state(s).unit("h").box == "reserve"
    assert state(s).phase == "draw" or state(s).steps == () or state(s).steps[0].kind == "advance"


def test_ty_hqu_4_hq_returns_as_a_reinforcement() -> None:
    """TY-HQU-4: an HQ in the Available Reinforcements box enters like any reinforcement."""
    units = [hq("ghq", "axis", "0101"), hq("h2", "axis", "reserve"), hq("shq", "soviet", "1008")]
    s = session(scenario(units, railways=[[f"{c:02d}04" for c in range(1, 10)]]))
    select(s, ["AXIS-REINF"])
    draw(s, "AXIS-REINF")
    assert {c.unit for c in legal_of(s, m.PlaceUnit)} == {"h2"}


def test_ty_seq_1_to_ty_seq_6_sequence_of_play() -> None:
    """TY-SEQ-1 selection, TY-SEQ-2 a draw, TY-SEQ-3 activation, TY-SEQ-4 movement then combat, TY-SEQ-5 draws until
    the cup is empty, TY-SEQ-6 the end phase moves the turn on; TY-EXE-2 the card's owner acts, TY-EXE-3 a card is
    used once; TY-CMD-2 unchosen cards stay in hand; TY-MOV-2 a unit need not move."""
    units = [
        hq("ghq", "axis", "0204"),
        unit("a", "axis", "0404", PZ),
        hq("shq", "soviet", "1008"),
        hq("s2", "soviet", "1004"),
    ]
    s = session(scenario(units, turns=2))
    assert state(s).phase == "select"
    select(s, ["GHQ"], ["SHQ"])
    hand = {r[0].render("en"): r[1].render("en") for r in s.view("soviet").panels[1].rows}
    assert hand["s2"] == "in hand"
    draw(s, "SHQ")
    assert state(s).phasing == "soviet" and state(s).phase == "move"
    submit(s, m.EndMovement(side="soviet"))
    submit(s, m.EndCombat(side="soviet"))
    assert "SHQ" in state(s).used and "SHQ" not in state(s).cup
    draw(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    submit(s, m.EndCombat(side="axis"))
    draw(s, "SUPPLY")
    submit(s, m.EndWithdrawal(side="axis"))
    submit(s, m.EndWithdrawal(side="soviet"))
    assert state(s).turn == 2 and state(s).phase == "select" and state(s).used == ()


def test_ty_setup_3_ty_setup_5_ty_setup_8_boxes_and_turn_one() -> None:
    """TY-SETUP-3: OPT units wait in the Guards box; TY-SETUP-5: an HQ without a map hex is in the reinforcement box;
    TY-SETUP-8: play starts on the first turn of the track; TY-GEN-1: two sides."""
    units = [
        hq("ghq", "axis", "0204"),
        hq("g2", "axis", "reserve"),
        hq("shq", "soviet", "1008"),
        unit("gd", "soviet", "guards"),
    ]
    st = session(scenario(units)).state
    assert (st.unit("g2").box, st.unit("gd").box, st.turn) == ("reserve", "guards", 1)
    assert SYSTEM.info.sides == ("axis", "soviet")


def test_ty_wx_1_weather_by_turn() -> None:
    """TY-WX-1: turns 1-2 clear, 3-5 mud, 6-7 freeze, 8 on snow (unless the track says otherwise)."""
    st = session(scenario([hq("ghq", "axis", "0204"), hq("shq", "soviet", "1008")], turns=12)).state
    assert [st.runtime.weather(t) for t in range(1, 13)] == ["clear"] * 2 + ["mud"] * 3 + ["freeze"] * 2 + ["snow"] * 5


def test_ty_mov_10_mountain_divisions_and_ty_mov_3_two_modes() -> None:
    """TY-MOV-10: only a mountain division enters a mountain hex off-road, spending all its MP; TY-MOV-7 others only
    along a road; TY-MOV-3: every unit may choose normal or march movement (both offered where possible)."""
    units = [
        hq("ghq", "axis", "0204"),
        unit("mt", "axis", "0404", ("mountain", [4], [2], 4)),
        unit("i", "axis", "0403", INF),
    ]
    units.append(hq("shq", "soviet", "1008"))
    s = session(scenario(units, terrain={"0504": "mountain"}, roads=[["0403", "0503", "0603"]]))
    assert reach(s, "mt")["0504"] == "4"
    assert "0504" not in reach(s, "i")
    modes = {(state(s).runtime.label(r.to), r.march) for r in routes(state(s), "i")}
    assert ("0503", False) in modes and ("0503", True) in modes


def test_ty_march_4_no_march_along_a_railway() -> None:
    """TY-MARCH-4: a railway is no road: no march along it."""
    units = [hq("ghq", "axis", "0204"), unit("i", "axis", "0102"), hq("shq", "soviet", "1008")]
    s = session(scenario(units, railways=[[f"{c:02d}02" for c in range(1, 11)]]))
    assert not [r for r in routes(state(s), "i") if r.march]


def test_ty_act_8_range_ignores_enemies_and_terrain() -> None:
    """TY-ACT-8: command range is counted through enemy units, lakes and EZOC alike."""
    units = [
        hq("ghq", "axis", "0204", 3),
        unit("a", "axis", "0504", PZ),
        unit("s", "soviet", "0404"),
        hq("shq", "soviet", "1008"),
    ]
    s = session(scenario(units, terrain={"0304": "lake"}))
    activate(s, "GHQ")
    assert "a" in state(s).active


def test_ty_exe_6_reserve_okh_activation() -> None:
    """TY-EXE-6 (optional §15.1): OKH activates units chosen by the owner: a 5 on the die gives four."""
    units = [unit(f"u{i}", "axis", f"0{i + 2}04", INF) for i in range(5)] + [hq("shq", "soviet", "1008")]
    cards = [{"id": "OKH", "side": "axis", "kind": "okh"}, {"id": "SHQ", "side": "soviet", "kind": "hq", "hq": "shq"}]
    s = session(scenario(units, cards=cards, options={"reserve_okh": True}))
    select(s, ["OKH"], ["SHQ"])
    try:
        s.submit(m.DrawCard(side="axis").with_table_input([], ["OKH"]))
    except NeedInput:
        s.submit(m.DrawCard(side="axis").with_table_input([5], ["OKH"]))
    for uid in ("u0", "u1", "u2", "u3"):
        submit(s, m.ActivateUnit(side="axis", unit=uid))
    assert state(s).phase == "move" and set(state(s).active) == {"u0", "u1", "u2", "u3"}


def test_ty_exe_5_reinf_activates_nobody_and_ty_mosc_4() -> None:
    """TY-EXE-5: a REINF card activates no unit; TY-MOSC-4: placed units are ordinary units afterwards."""
    units = [hq("ghq", "axis", "0101"), unit("r", "soviet", "reserve"), hq("shq", "soviet", "1008")]
    s = session(scenario(units, moscow=["0904"], garrison_turns=[1], garrison_units=1))
    select(s, [], ["SOV-REINF"])
    draw(s, "SOV-REINF")
    assert state(s).active == ()
    submit(s, m.PlaceUnit(side="soviet", unit="r", at=hx(s, "0904")))
    assert state(s).unit("r").box == "map"


def test_reserve_units_outside_hq_range_are_limited() -> None:
    """TY-EXE-6 with §15.1 (OQ-TY-11): a RESERVE-activated unit outside every HQ's range moves at half MA, cannot
    march and cannot attack; one inside a range moves normally."""
    units = [hq("shq", "soviet", "1004", 1), unit("near", "soviet", "0904", INF), unit("far", "soviet", "0508", INF)]
    units += [hq("ghq", "axis", "0101"), unit("g", "axis", "0408")]
    cards = [
        {"id": "RES", "side": "soviet", "kind": "reserve"},
        {"id": "GHQ", "side": "axis", "kind": "hq", "hq": "ghq"},
    ]
    s = session(scenario(units, cards=cards, options={"reserve_okh": True}))
    select(s, ["GHQ"], ["RES"])
    try:
        s.submit(m.DrawCard(side="axis").with_table_input([], ["RES"]))
    except NeedInput:
        s.submit(m.DrawCard(side="axis").with_table_input([1], ["RES"]))
    submit(s, m.ActivateUnit(side="soviet", unit="near"))
    submit(s, m.ActivateUnit(side="soviet", unit="far"))
    submit(s, m.ActivateUnit(side="soviet", unit="shq"))
    assert state(s).limited == ("far",)
    from app.systems.typhoon.movement import allowance

    assert allowance(state(s), "far") == 2 and allowance(state(s), "near") == 5
    submit(s, m.EndMovement(side="soviet"))
    assert not [c for c in legal_of(s, m.DeclareAttack) if "far" in c.units]


def test_guards_conversion_on_turn_eight() -> None:
    """§15.2 (OQ-TY-17): at the turn-8 SOVIET REINF a rifle division with LOC becomes a Guards division in its hex; the
    rifle division leaves the game."""
    units = [
        hq("ghq", "axis", "0101"),
        hq("shq", "soviet", "1008"),
        unit("r", "soviet", "0904"),
        unit("gd", "soviet", "guards"),
    ]
    s = session(scenario(units, first_turn=8, options={"guards_conversion": True}, reinf=(0, 0)))
    select(s, [], ["SOV-REINF"])
    draw(s, "SOV-REINF")
    submit(s, m.ConvertGuards(side="soviet", unit="r", guards="gd"))
    assert state(s).unit("gd").hex == hx(s, "0904") and state(s).unit("r").box == "gone"

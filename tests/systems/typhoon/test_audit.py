"""Rules checked line by line against the rulebook (seed §10.6, §14.1, §14.3, §15.4): the cases the audit fixed."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.systems.typhoon import messages as m
from app.systems.typhoon.movement import routes
from app.systems.typhoon.odds import odds
from app.systems.typhoon.supply import in_supply
from tests.systems.typhoon.helpers import (
    INF,
    PZ,
    activate,
    draw,
    hq,
    hx,
    scenario,
    select,
    session,
    state,
    submit,
    unit,
)
from tests.systems.typhoon.test_movement import example_9_2, major_river

SOV = ("infantry", [4], [2], 3)


def fight(units: list[dict[str, Any]], **kw: Any):  # type: ignore[no-untyped-def]
    """A session in the Axis combat segment of GHQ's activation (GHQ at 0104, range 4)."""
    s = session(scenario([hq("ghq", "axis", "0104", 4), hq("shq", "soviet", "1008"), *units], **kw))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    return s


def attack(s, units: tuple[str, ...], target: str, die: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Declare one Axis attack and resolve it with ``die``; the Soviets take every default."""
    submit(s, m.DeclareAttack(side="axis", units=units, target=hx(s, target)))
    events = submit(s, m.ResolveAttack(side="axis", target=hx(s, target)).with_table_input([die], None))
    while (decision := s.view().decision) is not None and decision.side == "soviet":
        events += submit(s, decision.default_command())
    return events


def test_ty_ret_4_second_hex_across_a_major_river_eliminates_on_the_shortest_way() -> None:
    """TY-RET-4, TY-RET-8: the retreat runs the shortest way toward the source (1004, across the major river); when
    its second hex must cross the unbridged major river the unit is eliminated, although a longer way along the
    bank exists (only equally short ways are compared by the priorities)."""
    s = fight([unit("a", "axis", "0204", PZ), unit("s", "soviet", "0304", SOV)], hexsides=major_river())
    events = attack(s, ("a",), "0304", 6)  # 8-4 = 2-1, die 6: RR
    assert state(s).unit("s").hex is None and state(s).unit("s").box == "reserve"
    assert any("cannot retreat: its second hex would cross the major river" in e for e in events)


def test_ty_ret_4_first_hex_may_cross_a_major_river() -> None:
    """TY-RET-4: crossing an unbridged major river as the first retreat hex is allowed (only the second hex
    eliminates)."""
    s = fight([unit("a", "axis", "0304", PZ), unit("s", "soviet", "0404", SOV)], hexsides=major_river())
    submit(s, m.DeclareAttack(side="axis", units=("a",), target=hx(s, "0404")))
    events = submit(s, m.ResolveAttack(side="axis", target=hx(s, "0404")).with_table_input([4], None))  # 2-1: R
    hints = {s.describe(c).hint.render("en") for c in s.legal_commands() if isinstance(c, m.Retreat)}  # type: ignore[union-attr]
    assert hints == {"5 hexes from a friendly supply source [TY-RET-8]"}
    while (decision := s.view().decision) is not None and decision.side == "soviet":
        events += submit(s, decision.default_command())
    assert state(s).unit("s").hex in {hx(s, "0504"), hx(s, "0505")}
    assert any(e.startswith("s (0504) retreats to 0504, 5 hexes from a friendly supply source") for e in events)


def test_ty_ret_7_extra_hex_after_r_is_the_second_hex() -> None:
    """TY-RET-7, TY-RET-4: after R the nearest hexes are full, so the unit retreats one hex more; that extra hex is
    the second hex of its retreat, and crossing the unbridged major river there eliminates it."""
    full = [unit(f"f{i}", "soviet", h) for i, h in enumerate(("0404", "0404", "0403", "0403"))]
    s = fight([unit("a", "axis", "0204", PZ), unit("s", "soviet", "0304", SOV), *full], hexsides=major_river())
    events = attack(s, ("a",), "0304", 4)  # 2-1, die 4: R
    assert any("overstack" in e for e in events)
    assert state(s).unit("s").hex is None


def test_ty_ret_8_shortest_way_even_into_an_enemy_zone() -> None:
    """TY-RET-8, TY-RET-6: the shortest way toward the source wins over a longer way that avoids EZOC (the
    priorities only break ties between equally short ways): the unit steps into the zone and loses a step."""
    lakes = dict.fromkeys(("0503", "0505"), "lake")
    units = [unit("a", "axis", "0404", PZ), unit("s", "soviet", "0504", SOV), unit("z", "axis", "0704", INF)]
    s = fight(units, terrain=lakes)
    attack(s, ("a",), "0504", 4)  # 8-4 = 2-1, die 4: R
    here = state(s).unit("s").hex
    assert here in {hx(s, "0603"), hx(s, "0604"), hx(s, "0605")}
    assert state(s).unit("s").reduced


def test_ty_shift_3_large_city_is_its_own_terrain_in_every_weather() -> None:
    """TY-SHIFT-3, TY-WX-2, TY-WX-4, TY-MOV-7 (OQ-TY-1): a large city is a terrain of its own (1 MP, one left shift
    like a town); weather's clear-as-forest touches only clear hexes, so in mud a large city shifts 1 plus mud's 1,
    while a town on clear ground shifts 2 plus mud's 1. A large city marked on a clear hex reads the same."""
    units = [unit("a", "axis", "0404", PZ), unit("s", "soviet", "0504", SOV)]
    for city in ({"terrain": {"0504": "large_city"}}, {"marks": [{"at": "0504", "kind": "large_city"}]}):
        s = fight(units, first_turn=3, **city)
        found = odds(state(s), ("a",), hx(s, "0504"))
        assert sorted((x.value, x.rule_id) for x in found.shifts if x.value) == [(-1, "TY-SHIFT-3"), (-1, "TY-WX-4")]
    s = fight(units, first_turn=3, marks=[{"at": "0504", "kind": "town"}])
    found = odds(state(s), ("a",), hx(s, "0504"))
    assert sum(x.value for x in found.shifts) == -3
    mover = session(
        scenario(
            [hq("ghq", "axis", "0204"), unit("a", "axis", "0404", PZ)], first_turn=3, terrain={"0504": "large_city"}
        )
    )
    cost = {r.to: r.cost for r in routes(state(mover), "a") if not r.march}
    assert cost[hx(mover, "0504")] == "1" and cost[hx(mover, "0403")] == "2"


def garrison_turn(full: bool):  # type: ignore[no-untyped-def]
    """A SOVIET REINF in a garrison turn: 2 garrison units for Moscow (0904); one is placed, then placement ends
    with Moscow full (``full``: a Soviet unit already stood there) or with room left for the second."""
    units = [unit(f"r{i}", "soviet", "reserve") for i in range(3)] + [unit("m", "soviet", "0904" if full else "0903")]
    model = scenario(
        [hq("ghq", "axis", "0101"), hq("shq", "soviet", "1008"), *units],
        moscow=["0904"],
        garrison_turns=[1],
        garrison_units=2,
        reinf=(0, 0),
    )
    s = session(model)
    select(s, [], ["SOV-REINF"])
    draw(s, "SOV-REINF")
    submit(s, m.PlaceUnit(side="soviet", unit="r0", at=hx(s, "0904")))
    return s, submit(s, m.EndPlacement(side="soviet"))


def test_ty_mosc_3_only_garrison_units_without_room_carry_over() -> None:
    """TY-MOSC-3: garrison units that cannot be placed (Soviet Moscow is full) carry over to the next SOVIET REINF;
    TY-MOSC-2, TY-REIN-2: those the player leaves out while Moscow still has room are lost."""
    s, events = garrison_turn(full=True)
    assert state(s).carry == 1 and any("carry over" in e for e in events)
    s, events = garrison_turn(full=False)
    assert state(s).carry == 0 and not any("carry over" in e for e in events)


def test_ty_opt_off_1_east_edge_sources_by_default() -> None:
    """TY-OPT-OFF-1 (optional §15.4): with the rule on and no east-edge list in the scenario, the hexes of the map's
    east edge that the Axis does not occupy serve the Soviets as supply sources; without the rule they do not."""
    units = [unit("x", "axis", "1004"), unit("s", "soviet", "0807")]
    lines = [hq("ghq", "axis", "0101"), hq("shq", "soviet", "0908"), *units]
    off = session(scenario(lines))
    on = session(scenario(lines, options={"soviet_offmap_supply": True}))
    assert hx(off, "0807") not in in_supply(state(off), "soviet")  # 1004 is occupied by the Axis (TY-LOC-2)
    assert hx(on, "0807") in in_supply(state(on), "soviet")
    rt = state(on).runtime
    assert {rt.label(h) for h in rt.east_edge} == {f"10{r:02d}" for r in range(1, 9)}


def test_ty_mov_4_the_move_event_explains_every_mp() -> None:
    """TY-MOV-4, TY-MOV-6, TY-MOV-7 (the §9.2 example, hex A): the move's ruling lists leaving the zone +2, the clear
    hex 1 and entering the zone +2 with their rules, adding up to the 5 MP spent, in English and Chinese."""
    s = example_9_2()
    activate(s, "GHQ")
    (event,) = [e for e in s.submit(m.MoveUnit(side="axis", unit="inf", to=hx(s, "0403"))) if e.ruling]
    ruling = event.ruling
    assert ruling is not None
    assert [(x.value, x.rule_id) for x in ruling.modifiers] == [(2, "TY-MOV-6"), (1, "TY-MOV-7"), (2, "TY-MOV-6")]
    assert sum(x.value for x in ruling.modifiers) == 5 and ruling.result.render("en") == "5 MP of 5"
    assert ruling.modifiers[0].reason.render("zh_CN") != ruling.modifiers[0].reason.render("en")


def test_ty_sup_1_each_unit_out_of_supply_is_named_with_its_rule() -> None:
    """TY-SUP-1, TY-SUP-3, TY-HQU-5: the supply check names every unit without a LOC (with TY-SUP-1), then its step
    loss; an HQ eliminated by it is gone for good (TY-HQU-5); the texts exist in Chinese. TY-LOC-2: the Soviet
    source 1004 lies in x's zone but no Axis unit stands in it, so it still starts the Soviets' LOC."""
    units = [unit("x", "axis", "0904", ("hq", [2], None, 4), command_range=2), unit("z", "soviet", "0804")]
    s = session(scenario([hq("ghq", "axis", "0101"), hq("shq", "soviet", "1008"), *units]))
    select(s)
    events = s.submit(m.DrawCard(side="axis").with_table_input(None, ["SUPPLY"]))
    said = [(e.text.render("en"), e.rule_id) for e in events]
    assert ("x (0904) has no line of communication to a friendly supply source.", "TY-SUP-1") in said
    assert ("x (0904) is eliminated for good.", "TY-HQU-5") in said
    assert not any(t.startswith(("z ", "shq ")) for t, rule in said if rule == "TY-SUP-1")
    chinese = [e.text.render("zh_CN") for e in events if e.rule_id == "TY-SUP-1"]
    assert chinese and all("联络线" in c for c in chinese)


def test_ty_odds_2_ty_fort_1_combat_ruling_names_halving_and_fortification() -> None:
    """TY-ODDS-2, TY-FORT-1, TY-CRT-2: the combat ruling shows the die, the river halving of the attacker (20 to 10)
    with its rule, the fortification's +4 to the Soviet defence (4 + 4 = 8) and the result, in both languages."""
    big = ("armour", [20, 5], [10, 3], 6)
    river = [{"a": "0404", "b": "0504", "kind": "river"}]
    s = fight([unit("a", "axis", "0404", big), unit("s", "soviet", "0504", SOV)], hexsides=river, fortified=["0504"])
    submit(s, m.DeclareAttack(side="axis", units=("a",), target=hx(s, "0504")))
    events = s.submit(m.ResolveAttack(side="axis", target=hx(s, "0504")).with_table_input([6], None))
    ruling = next(e.ruling for e in events if e.ruling is not None)
    assert ruling.title.render("en") == "Attack on 0504: 10 against 8"
    assert ruling.dice[0].natural == 6 and ruling.result.render("en") == "1-1 shifted to 1-1: R"
    assert [n.render("en") for n in ruling.notes] == ["a attacks across a river: 20 halved to 10 (TY-ODDS-2)"]
    assert "跨河攻击" in ruling.notes[0].render("zh_CN")
    assert "TY-FORT-1" in {x.rule_id for x in ruling.modifiers}


def test_ty_cbt_4_any_group_of_eligible_units_may_attack() -> None:
    """TY-CBT-4, TY-CBT-2: with five eligible units around a hex (more than the legal list enumerates group by group)
    any group of them may still be declared, units from several hexes together; a unit not adjacent may not join."""
    axis = [unit(u, "axis", h, INF) for u, h in (("a1", "0404"), ("a2", "0404"), ("b1", "0403"), ("b2", "0403"))]
    units = [*axis, unit("c1", "axis", "0503", INF), unit("far", "axis", "0302", INF), unit("s", "soviet", "0504")]
    s = session(scenario([hq("ghq", "axis", "0303", 3), hq("shq", "soviet", "1008"), *units]))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    group = ("a1", "b1", "c1")
    assert all(set(c.units) != set(group) for c in s.legal_commands() if isinstance(c, m.DeclareAttack))
    with pytest.raises(IllegalCommandError):
        submit(s, m.DeclareAttack(side="axis", units=("a1", "far"), target=hx(s, "0504")))
    submit(s, m.DeclareAttack(side="axis", units=group, target=hx(s, "0504")))
    assert state(s).attacks[0].units == group


def test_ty_unit_7_a_mountain_division_climbs_with_all_its_mp() -> None:
    """TY-UNIT-7, TY-MOV-10: a counter with the mountain-division symbol enters a mountain hex off the road by
    spending all its MP, and its move's ruling says so with TY-MOV-10; an infantry division cannot."""
    units = [unit("mt", "axis", "0404", ("mountain", [4], [2], 4)), unit("i", "axis", "0403", INF)]
    s = session(
        scenario([hq("ghq", "axis", "0204"), hq("shq", "soviet", "1008"), *units], terrain={"0504": "mountain"})
    )
    activate(s, "GHQ")
    assert hx(s, "0504") not in {r.to for r in routes(state(s), "i")}
    (event,) = [e for e in s.submit(m.MoveUnit(side="axis", unit="mt", to=hx(s, "0504"))) if e.ruling]
    assert event.ruling is not None
    assert [(x.value, x.rule_id) for x in event.ruling.modifiers] == [(4, "TY-MOV-10")]


def test_ty_card_2_ty_setup_7_turn_marker_and_cards_at_hand() -> None:
    """TY-SETUP-7: at the start every command card is in its owner's hand (the hand panel of each side lists its
    own cards, all "in hand"); TY-CARD-2, TY-SETUP-8: the Game-Turn marker stands on turn 1 and moves one box at
    the end of the turn (TY-SEQ-6)."""
    s = session(scenario([hq("ghq", "axis", "0204"), hq("shq", "soviet", "1008")]))
    for side, cards in (("axis", {"GHQ", "AXIS-REINF"}), ("soviet", {"SHQ", "SOV-REINF"})):
        hand = next(p for p in s.view(side).panels if p.title.render("en") == "Command cards")
        assert {str(name.render("en")) for name, _ in hand.rows} == {
            c.lower() if c.endswith("HQ") else c for c in cards
        }
        assert {status.render("en") for _, status in hand.rows} == {"in hand"}  # type: ignore[union-attr]
    turn = next(track for track in s.view("axis").tracks if track.name.render("en") == "Turn")
    assert turn.value_text("en") == "1"
    select(s, ["GHQ"], ["SHQ"])
    while state(s).turn == 1:
        legal = s.legal_commands()
        command = next((c for c in legal if c.kind.startswith("ty.end")), legal[0])
        chit = [sorted(state(s).cup)[0]] if isinstance(command, m.DrawCard) else None
        s.submit(command.with_table_input(None, chit))
    turn = next(track for track in s.view("axis").tracks if track.name.render("en") == "Turn")
    assert turn.value_text("en") == "2"


def test_ty_stk_3_a_panzer_advances_through_a_full_vacated_hex() -> None:
    """TY-STK-3, TY-ADV-8, TY-ADV-2: stacking counts only where an advance ends: after two infantry divisions have
    advanced into the vacated hex, the panzer may still advance through it to a second clear hex, not stop in it."""
    units = [unit("i1", "axis", "0404", INF), unit("i2", "axis", "0403", INF), unit("pz", "axis", "0505", PZ)]
    s = fight([*units, unit("s", "soviet", "0504", SOV)])
    attack(s, ("i1", "i2", "pz"), "0504", 2)  # 16-4 = 4-1, die 2: R
    assert state(s).unit("s").hex != hx(s, "0504")
    for uid in ("i1", "i2"):
        submit(s, m.Advance(side="axis", unit=uid, path=(hx(s, "0504"),)))
    paths = [c.path for c in s.legal_commands() if isinstance(c, m.Advance)]
    assert paths and all(len(p) == 2 and p[0] == hx(s, "0504") for p in paths)


def test_ty_mosc_1_rulebook_defaults_turns_five_to_seven_four_units() -> None:
    """TY-MOSC-1, TY-VIC-1, TY-VIC-2: without scenario overrides the garrison comes in turns 5, 6 and 7, four units
    each SOVIET REINF, and not in turn 8; victory needs 10 cities with 2 key hexes at the end of turn 10, else 8
    at the end of the game with 2 key hexes held at once at some moment."""
    for turn, extra in ((5, 4), (7, 4), (8, 0)):
        units = [unit(f"r{i}", "soviet", "reserve") for i in range(5)]
        s = session(
            scenario([hq("ghq", "axis", "0101"), hq("shq", "soviet", "1008"), *units], moscow=["0904"], first_turn=turn)
        )
        select(s, [], ["SOV-REINF"])
        events = draw(s, "SOV-REINF")
        assert state(s).garrison == extra
        assert any("Moscow garrison: up to 4 more units." in e for e in events) == bool(extra)
    victory = state(s).runtime.model.victory
    rules = (victory.sudden_death_turn, victory.sudden_death_cities, victory.sudden_death_key)
    assert (*rules, victory.final_cities, victory.final_key) == (10, 10, 2, 8, 2)


def test_ty_act_5_activation_ruling_lists_each_unit_and_its_distance() -> None:
    """TY-ACT-5, TY-ACT-4, TY-ACT-1: the activation's ruling gives the HQ's range, each unit reached with its
    distance, and another HQ in range left inactive, in both languages."""
    units = [unit("a", "axis", "0304"), unit("far", "axis", "0804"), hq("hq2", "axis", "0203")]
    s = session(scenario([hq("ghq", "axis", "0204", 2), hq("shq", "soviet", "1008"), *units]))
    select(s, ["GHQ"])
    (event,) = [e for e in s.submit(m.DrawCard(side="axis").with_table_input(None, ["GHQ"])) if e.ruling]
    ruling = event.ruling
    assert ruling is not None and ruling.rule_id == "TY-ACT-5"
    assert [n.render("en") for n in ruling.notes] == [
        "a (0304) at distance 1: activated",
        "hq2 (0203): an HQ, not activated by another HQ (TY-ACT-4)",
    ]
    assert ruling.result.render("zh_CN") == "2个单位被激活"

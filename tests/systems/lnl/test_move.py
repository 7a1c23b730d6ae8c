"""Movement and opportunity fire, with explicit dice (worked examples and derived cases)."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import messages as m
from app.systems.lnl.forces import stacking_problem
from tests.systems.lnl.helpers import get, hx, mods, rulings, said, scenario, session, state, submit, unit

QUIET = [unit("de_squad", "1008", "x9")]  # an enemy out of range: it cannot opportunity-fire


def _refused(s: object, command: m.StartMove) -> str:
    with pytest.raises(IllegalCommandError) as err:
        submit(s, command)  # type: ignore[arg-type]
    return err.value.rule_id


def test_normal_move_spends_mp_and_ends_with_a_moved_marker() -> None:
    """LNL-MOVE-1, LNL-MOVE-3, LNL-MOVE-11, LNL-MOVE-12: two squads move together hex by hex, 1 MP in the open."""
    s = session(scenario([unit("us_squad", "0101", "a1"), unit("us_squad", "0101", "a2")], QUIET))
    submit(s, m.StartMove(side="allies", units=("a1", "a2"), to=hx(s, "0102")))
    submit(s, m.MoveOn(side="allies", to=hx(s, "0103")))
    assert state(s).moving is not None and state(s).moving.spent == 2 and state(s).moving.mp == 4
    submit(s, m.Stop(side="allies"))
    assert all(get(s, i).hex == hx(s, "0103") and get(s, i).has("moved") for i in ("a1", "a2"))
    assert state(s).active == "axis"


def test_forced_march_with_a_leader() -> None:
    """LNL-MOVE-5, LNL-LDR-3: a 4-MP squad moving with a 6-MP leader gets 6 MP; alone it has 4."""
    s = session(scenario([unit("us_squad", "0101", "a1"), unit("us_leader", "0101", "a2")], QUIET))
    submit(s, m.StartMove(side="allies", units=("a1", "a2"), to=hx(s, "0102")))
    assert state(s).moving.mp == 6


def test_minimum_move_and_its_limits() -> None:
    """LNL-MOVE-7, LNL-MOVE-1: a 1-MP gun team may always enter one woods hex (2 MP), and that is its move; not
    into a hex adjacent to an enemy."""
    model = scenario(
        [unit("us_57mm", "0101", "a1")], QUIET, hexes={"0102": {"terrain": "woods"}, "0201": {"terrain": "woods"}}
    )
    s = session(model)
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    assert get(s, "a1").hex == hx(s, "0102") and get(s, "a1").has("moved") and state(s).moving is None
    near = scenario(
        [unit("us_57mm", "0101", "a1")],
        [unit("de_squad", "0103", "x1", markers=["fired"])],
        hexes={"0102": {"terrain": "woods"}},
    )
    s2 = session(near)
    assert _refused(s2, m.StartMove(side="allies", units=("a1",), to=hx(s2, "0102"))) == "LNL-MOVE-7"


def test_gun_team_over_20mm_stays_out_of_buildings() -> None:
    """LNL-MOVE-2: a 57 mm gun team may not enter a building."""
    s = session(scenario([unit("us_57mm", "0101", "a1")], QUIET, hexes={"0102": {"terrain": "building"}}))
    assert _refused(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102"))) == "LNL-MOVE-2"


def test_low_crawl_one_hex_with_its_marker() -> None:
    """LNL-CRAWL-1, LNL-CRAWL-5: all MP for exactly one hex; the move ends with a Low Crawl marker."""
    s = session(scenario([unit("us_squad", "0101", "a1")], QUIET))
    submit(s, m.StartMove(side="allies", units=("a1",), mode="low_crawl", to=hx(s, "0102")))
    assert get(s, "a1").has("low_crawl") and state(s).moving is None


def test_low_crawl_limits() -> None:
    """LNL-CRAWL-3, LNL-CRAWL-4: weapon teams may not low crawl; nor may a unit crawl where entry needs all its MP
    (a 2-MP medic into woods)."""
    s = session(scenario([unit("us_57mm", "0101", "a1")], QUIET))
    assert _refused(s, m.StartMove(side="allies", units=("a1",), mode="low_crawl", to=hx(s, "0102"))) == "LNL-CRAWL-3"
    s2 = session(
        scenario([unit("slow", "0101", "a1")], QUIET, hexes={"0102": {"terrain": "woods"}}, unit_types=[_slow_smc()])
    )
    crawl = m.StartMove(side="allies", units=("a1",), mode="low_crawl", to=hx(s2, "0102"))
    assert _refused(s2, crawl) == "LNL-CRAWL-4"


def _slow_smc() -> dict[str, object]:
    return {
        "id": "slow",
        "name_en": "Slow medic",
        "name_zh": "慢医护兵",
        "cls": "medic",
        "morale": 6,
        "mp": 2,
    }


def test_stealth_move_eligibility_and_mp() -> None:
    """LNL-STEALTH-1, LNL-STEALTH-4, LNL-STEALTH-5, LNL-STEALTH-6: only yellow-box units; a leader only with one;
    MP halved rounded up (5 → 3), no forced march."""
    s = session(scenario([unit("us_squad", "0101", "a1"), unit("us_leader", "0201", "a2")], QUIET))
    assert _refused(s, m.StartMove(side="allies", units=("a1",), mode="stealth", to=hx(s, "0102"))) == "LNL-STEALTH-1"
    assert _refused(s, m.StartMove(side="allies", units=("a2",), mode="stealth", to=hx(s, "0202"))) == "LNL-STEALTH-5"
    s2 = session(scenario([unit("us_para", "0101", "a1"), unit("us_leader", "0101", "a2")], QUIET))
    submit(s2, m.StartMove(side="allies", units=("a1", "a2"), mode="stealth", to=hx(s2, "0102")))
    assert state(s2).moving.mp == 3


def test_stealth_movers_draw_no_opportunity_fire_but_are_spotted_in_the_open() -> None:
    """LNL-STEALTH-2, LNL-STEALTH-7, LNL-OPFIRE-2: no opportunity fire at stealth movers; entering open ground in
    enemy LOS spots them."""
    s = session(scenario([unit("us_para", "0101", "a1")], [unit("de_squad", "0105", "x1")]))
    events = submit(s, m.StartMove(side="allies", units=("a1",), mode="stealth", to=hx(s, "0102")))
    assert not state(s).steps and said(events, "spotted") and state(s).hex_has(hx(s, "0102"), "spotted")
    submit(s, m.Stop(side="allies"))
    if state(s).moving is not None:
        submit(s, m.Stop(side="allies"))
    assert get(s, "a1").has("stealth")


def test_assault_move_rules() -> None:
    """LNL-ASSAULT-1, LNL-ASSAULT-2, LNL-ASSAULT-3: red-box units only (a crew may not); half MP, with a leader
    ceil(min(4 + 2, 6) / 2) = 3; never into an enemy hex."""
    s = session(scenario([unit("us_crew", "0101", "a1")], QUIET))
    assert _refused(s, m.StartMove(side="allies", units=("a1",), mode="assault", to=hx(s, "0102"))) == "LNL-ASSAULT-1"
    s2 = session(scenario([unit("us_squad", "0101", "a1"), unit("us_leader", "0101", "a2")], QUIET))
    submit(s2, m.StartMove(side="allies", units=("a1", "a2"), mode="assault", to=hx(s2, "0102")))
    assert state(s2).moving.mp == 3
    s3 = session(scenario([unit("us_squad", "0102", "a1")], [unit("de_squad", "0103", "x1", markers=["fired"])]))
    assert _refused(s3, m.StartMove(side="allies", units=("a1",), mode="assault", to=hx(s3, "0103"))) == "LNL-ASSAULT-2"


def test_scout_moves_through_woods_for_one() -> None:
    """LNL-SCOUT-4: units moving with a scout pay 1 MP for woods."""
    s = session(
        scenario(
            [unit("us_squad", "0101", "a1"), unit("us_scout", "0101", "a2")],
            QUIET,
            hexes={"0102": {"terrain": "woods"}},
        )
    )
    submit(s, m.StartMove(side="allies", units=("a1", "a2"), to=hx(s, "0102")))
    assert state(s).moving.spent == 1


def test_stacking_limits() -> None:
    """LNL-STACK-1, LNL-STACK-2, LNL-STACK-3, LNL-STACK-5: 3 squad-equivalents (a half-squad ½), 2 SMCs and 2
    vehicles per hex, each counted apart; checked in every hex entered."""
    full = [unit("us_squad", "0102", f"a{i}") for i in (1, 2, 3)]
    s = session(scenario([*full, unit("us_squad", "0101", "a4"), unit("us_half", "0101", "a5")], QUIET))
    st = state(s)
    assert stacking_problem(st, hx(s, "0102"), [get(s, "a4")]) == "LNL-STACK-1"
    assert _refused(s, m.StartMove(side="allies", units=("a4",), to=hx(s, "0102"))) == "LNL-STACK-5"
    two = [unit("us_leader", "0102", "a1"), unit("us_medic", "0102", "a2"), unit("us_scout", "0101", "a3")]
    s2 = session(scenario(two, QUIET))
    assert stacking_problem(state(s2), hx(s2, "0102"), [get(s2, "a3")]) == "LNL-STACK-2"
    tanks = [unit("us_sherman", "0102", "a1"), unit("us_sherman", "0102", "a2"), unit("us_sherman", "0101", "a3")]
    s3 = session(scenario(tanks, QUIET))
    assert stacking_problem(state(s3), hx(s3, "0102"), [get(s3, "a3")]) == "LNL-STACK-3"
    half = session(scenario([*full[:2], unit("us_half", "0102", "a3"), unit("us_half", "0101", "a4")], QUIET))
    assert stacking_problem(state(half), hx(half, "0102"), [get(half, "a4")]) == ""


def test_opportunity_fire_at_a_mover_and_it_stops_when_hit() -> None:
    """LNL-OPFIRE-1, LNL-OPFIRE-5, LNL-OPFIRE-7, LNL-MOVE-4, LNL-MOVE-11: the squad enters 0102 in view; the axis
    squad fires with +1 against a mover: 3 + 6 + 1 = 10 against 1; DC 2 + 9 = 11: the squad is reduced and stops."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0105", "x1")]))
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    step = state(s).steps[0]
    assert step.side == "axis" and s.active_side() == "axis"
    events = submit(s, m.OpFire(side="axis", units=("x1",)), (6, 1, 2))
    assert mods(rulings(events, "fire")[0])["LNL-OPFIRE-7"] == 1
    assert get(s, "a1").type == "us_half" and said(events, "stopped")
    assert get(s, "x1").has("fired")  # LNL-OPFIRE-4
    assert state(s).moving is None and state(s).active == "axis"


def test_holding_fire_lets_the_mover_go_on() -> None:
    """LNL-OPFIRE-1: the defender may hold fire; the mover continues."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0105", "x1")]))
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    submit(s, m.HoldFire(side="axis"))
    assert state(s).moving is not None and s.active_side() == "allies"


def test_who_may_opportunity_fire() -> None:
    """LNL-OPFIRE-3, LNL-OPFIRE-8: a Moved unit may not; an Ops Complete unit may, with −1 on its inherent FP."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0105", "x1", markers=["moved"])]))
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    assert not state(s).steps
    s2 = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0105", "x1", markers=["ops_complete"])]))
    submit(s2, m.StartMove(side="allies", units=("a1",), to=hx(s2, "0102")))
    events = submit(s2, m.OpFire(side="axis", units=("x1",)), (1, 6))
    assert mods(rulings(events, "fire")[0])["LNL-FIRE-5"] == 2


def test_low_crawler_opportunity_fire_only_if_exposed_before() -> None:
    """LNL-OPFIRE-2, LNL-CRAWL-2: a crawler leaving woods unseen draws no fire; one crawling from open ground does."""
    model = scenario(
        [unit("us_squad", "0101", "a1")], [unit("de_squad", "0106", "x1")], hexes={"0101": {"terrain": "woods"}}
    )
    s = session(model)
    submit(s, m.StartMove(side="allies", units=("a1",), mode="low_crawl", to=hx(s, "0102")))
    assert not state(s).steps
    s2 = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0106", "x1")]))
    submit(s2, m.StartMove(side="allies", units=("a1",), mode="low_crawl", to=hx(s2, "0102")))
    assert state(s2).steps


def test_zero_fp_unit_counts_minus_one() -> None:
    """LNL-OPFIRE-6 (Q3): a 0-FP leader firing with a squad takes one FP off: 3 − 1 = 2, plus its LM."""
    nofp = {
        "id": "nofp",
        "name_en": "Staff officer",
        "name_zh": "参谋",
        "cls": "leader",
        "fp": 0,
        "range": 2,
        "morale": 7,
        "mp": 6,
        "lm": 1,
    }
    model = scenario(
        [unit("us_squad", "0101", "a1"), unit("nofp", "0101", "a2")],
        [unit("de_squad", "0103", "x1")],
        unit_types=[nofp],
    )
    s = session(model)
    events = submit(s, m.Fire(side="allies", units=("a1", "a2"), target=hx(s, "0103")), (1, 6))
    found = mods(rulings(events, "fire")[0])
    assert found["LNL-FIRE-5"] == 2 and found["LNL-LDR-3"] == 1


def test_building_entry_costs_two() -> None:
    """LNL-MOVE-6: entering a multi-storey building from open ground costs 2 MP."""
    s = session(
        scenario([unit("us_squad", "0101", "a1")], QUIET, hexes={"0102": {"terrain": "stone_building", "storeys": 2}})
    )
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    assert state(s).moving.spent == 2


def test_weapon_team_faces_where_it_moves() -> None:
    """LNL-MOVE-10: a weapon team's facing follows its move into a hex."""
    s = session(scenario([unit("us_57mm", "0103", "x1", facing=2)], [unit("de_squad", "1008", "a1")]))
    submit(s, m.StartMove(side="allies", units=("x1",), to=hx(s, "0104")))
    assert get(s, "x1").facing == 5


def test_tripod_mg_must_be_stowed_to_move() -> None:
    """LNL-SW-9: a squad with a set-up tripod MG may not move."""
    s = session(
        scenario(
            [unit("us_squad", "0101", "x1", weapons=["de_mg42_tripod"])],
            [unit("de_squad", "1008", "a1")],
        )
    )
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.StartMove(side="allies", units=("x1",), to=hx(s, "0102")))
    assert err.value.rule_id == "LNL-SW-9"


def test_stealth_move_may_end_in_melee() -> None:
    """LNL-STEALTH-3, LNL-OPS-4: a stealth mover may enter an enemy hex; the melee follows."""
    s = session(
        scenario([unit("us_para", "0102", "a1")], [unit("de_squad", "0103", "x1"), unit("de_squad", "1008", "x9")])
    )
    events = submit(s, m.StartMove(side="allies", units=("a1",), mode="stealth", to=hx(s, "0103")), (6, 6))
    assert rulings(events, "melee") and get(s, "x1") is None

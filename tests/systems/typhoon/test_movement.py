"""Movement (rulebook §9): costs, ZOC, major rivers, march mode, stacking, weather."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.typhoon import messages as m
from app.systems.typhoon.movement import routes
from tests.systems.typhoon.helpers import (
    INF,
    PZ,
    activate,
    at,
    hq,
    hx,
    legal_of,
    scenario,
    session,
    state,
    submit,
    unit,
)


def reach(s, uid: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Reachable hex label -> cost in MP (normal movement)."""
    st = state(s)
    return {st.runtime.label(r.to): r.cost for r in routes(st, uid) if not r.march}


def marches(s, uid: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    st = state(s)
    return {st.runtime.label(r.to): r.cost for r in routes(st, uid) if r.march}


def example_9_2():  # type: ignore[no-untyped-def]
    """The movement example of §9.2: a German infantry unit (MA 5) in an enemy ZOC."""
    units = [
        hq("ghq", "axis", "0204"),
        unit("inf", "axis", "0404", ("infantry", [4], [2], 5)),
        unit("s1", "soviet", "0504"),
        unit("s2", "soviet", "0406"),
        hq("shq", "soviet", "0908"),
    ]
    return session(
        scenario(units, terrain={"0505": "deep_forest"}, hexsides=[{"a": "0404", "b": "0405", "kind": "river"}])
    )


def test_ty_mov_6_rulebook_movement_example() -> None:
    """TY-MOV-6, TY-MOV-4, TY-MOV-7: A (clear, leaving and entering EZOC) costs 1+2+2 = 5 and is reachable; B (deep
    forest in EZOC) would cost 2+4 = 6; C (across a river into EZOC) 1+1+4 = 6: neither can be entered with MA 5."""
    s = example_9_2()
    found = reach(s, "inf")
    assert found["0403"] == "5"
    assert "0505" not in found
    assert "0405" not in found


def test_ty_mov_7_mech_pays_more_in_forest_and_swamp() -> None:
    """TY-MAP-7, TY-UNIT-3: TY-MOV-7: light forest 2 for mechanised units, 1 for the others; swamp 3 / 2; deep
    forest 3 / 2."""
    terrain = {"0402": "light_forest", "0303": "swamp", "0301": "deep_forest"}
    for kind, costs in ((PZ, ("2", "3", "3")), (INF, ("1", "2", "2"))):
        units = [hq("ghq", "axis", "0204"), unit("u", "axis", "0302", kind), hq("shq", "soviet", "1008")]
        found = reach(session(scenario(units, terrain=terrain)), "u")
        assert (found["0402"], found["0303"], found["0301"]) == costs


def test_ty_mov_5_roads_cost_one_whatever_the_terrain() -> None:
    """TY-MAP-1: TY-MOV-5: along a road every hex costs 1 MP, forest or not; a road across a river is a bridge
    (TY-MAP-4)."""
    units = [hq("ghq", "axis", "0204"), unit("pz", "axis", "0302", PZ), hq("shq", "soviet", "1008")]
    terrain = dict.fromkeys(("0402", "0502", "0602"), "deep_forest")
    roads = [["0302", "0402", "0502", "0602"]]
    sides = [{"a": "0402", "b": "0502", "kind": "river"}]
    s = session(scenario(units, terrain=terrain, roads=roads, hexsides=sides))
    assert reach(s, "pz")["0602"] == "3"


def major_river() -> list[dict[str, str]]:
    """A major river between columns 04 and 05, from top to bottom."""
    from app.geometry.hexgrid import HexGrid

    g = HexGrid("flat", "odd", 10, 8)
    sides = []
    for r in range(1, 9):
        a = g.from_label(f"04{r:02d}")
        sides += [
            {"a": g.label(a), "b": g.label(b), "kind": "major_river"} for b in g.neighbours(a) if g.label(b)[:2] == "05"
        ]
    return sides


def test_ty_mov_8_major_river_is_the_whole_move() -> None:
    """TY-MOV-8: an unbridged major river is crossed only from the adjacent hex, ending the move across it; a
    unit further back cannot cross this move."""
    units = [hq("ghq", "axis", "0204"), unit("a", "axis", "0404", PZ), unit("b", "axis", "0304", PZ)]
    units.append(hq("shq", "soviet", "1008"))
    s = session(scenario(units, hexsides=major_river()))
    assert reach(s, "a")["0504"] == "6"
    assert "0604" not in reach(s, "a")
    assert "0504" not in reach(s, "b")


def test_ty_mov_8_not_from_ezoc_to_ezoc_and_ty_mov_9_bridges() -> None:
    """TY-MOV-8: no crossing when both banks are in EZOC; TY-MOV-9: at a bridge the crossing is normal movement."""
    units = [hq("ghq", "axis", "0204"), unit("a", "axis", "0404", PZ), unit("s", "soviet", "0505")]
    units.append(hq("shq", "soviet", "1008"))
    s = session(scenario(units, hexsides=major_river()))
    assert "0504" not in reach(s, "a")
    bridged = [*major_river(), {"a": "0404", "b": "0504", "kind": "bridge"}]
    s = session(scenario(units, hexsides=bridged))
    assert reach(s, "a")["0504"] == "5"  # clear 1 + leaving EZOC 2 + entering EZOC 2


def test_ty_march_1_rulebook_march_example() -> None:
    """TY-MARCH-1, TY-MARCH-2, TY-MARCH-5: ½ MP a road hex, so MA 5 marches up to 10 road hexes; X (an enemy unit)
    cannot be entered and its zone stops the march short (TY-MARCH-3)."""
    road = [[f"{c:02d}02" for c in range(1, 11)]]
    units = [hq("ghq", "axis", "0204"), unit("inf", "axis", "0102", ("infantry", [4], [2], 5))]
    units.append(hq("shq", "soviet", "1008"))
    s = session(scenario(units, roads=road))
    assert marches(s, "inf")["1002"] == "4.5"
    s = session(scenario([*units, unit("x", "soviet", "0802")], roads=road))
    found = marches(s, "inf")
    assert "0602" in found
    assert "0702" not in found
    assert "0802" not in found


def test_ty_march_3_not_from_an_enemy_zone() -> None:
    """TY-MARCH-3: a unit that starts in EZOC cannot march."""
    road = [[f"{c:02d}02" for c in range(1, 11)]]
    units = [hq("ghq", "axis", "0204"), unit("inf", "axis", "0102"), unit("x", "soviet", "0202")]
    units.append(hq("shq", "soviet", "1008"))
    s = session(scenario(units, roads=road))
    assert marches(s, "inf") == {}


def test_ty_march_6_and_ty_wx_3_no_roads_in_mud() -> None:
    """TY-MARCH-6, TY-WX-3, TY-MOV-11: in mud (turn 3) roads lose their effect: no march, no 1-MP road rate, and
    clear counts as forest (TY-WX-2)."""
    road = [[f"{c:02d}02" for c in range(1, 11)]]
    units = [hq("ghq", "axis", "0204"), unit("pz", "axis", "0102", PZ), hq("shq", "soviet", "1008")]
    s = session(scenario(units, roads=road, first_turn=3))
    assert marches(s, "pz") == {}
    assert reach(s, "pz")["0202"] == "2"
    assert "0502" not in reach(s, "pz")


def test_ty_wx_6_soviets_pay_one_for_zoc_in_snow() -> None:
    """TY-WX-6: in snow a Soviet unit pays +1 to leave and +1 to enter EZOC; the Axis still pays +2."""
    units = [
        hq("ghq", "axis", "0204"),
        unit("g", "axis", "0504"),
        unit("s", "soviet", "0604", ("infantry", [3], [1], 3)),
    ]
    units.append(hq("shq", "soviet", "1008"))
    s = session(scenario(units, first_turn=8))
    assert reach(s, "s")["0505"] == "3"  # forest (clear in snow) 1 + 1 + 1
    assert reach(s, "g")["0505"] == "5"  # 1 + 2 + 2


def test_ty_stk_1_and_ty_stk_3_stacking_at_the_end_only() -> None:
    """TY-STK-1: at most two units end in a hex; TY-STK-3: a unit may pass through a full stack."""
    units = [
        hq("ghq", "axis", "0204"),
        unit("a", "axis", "0304", PZ),
        unit("b", "axis", "0404"),
        unit("c", "axis", "0404"),
    ]
    units.append(hq("shq", "soviet", "1008"))
    s = session(scenario(units))
    found = reach(s, "a")
    assert "0404" not in found
    assert found["0504"] == "2"


def test_ty_mov_12_no_entry_into_enemy_or_lake_hexes_and_ty_stk_2() -> None:
    """TY-MOV-12, TY-STK-2: no moving into a lake, across a prohibited hexside or into an enemy-occupied hex."""
    units = [hq("ghq", "axis", "0204"), unit("a", "axis", "0404", PZ), unit("s", "soviet", "0604")]
    units.append(hq("shq", "soviet", "1008"))
    sides = [{"a": "0404", "b": "0405", "kind": "prohibited"}]
    s = session(scenario(units, terrain={"0403": "lake"}, hexsides=sides))
    found = reach(s, "a")
    assert "0403" not in found and "0604" not in found
    assert found["0405"] != "1"  # only around the prohibited hexside


def test_ty_mov_1_and_ty_act_3_each_activated_unit_moves_once() -> None:
    """TY-MOV-1, TY-ACT-3: activated units move one at a time, each once; the move takes towns (TY-MOV-13)."""
    units = [hq("ghq", "axis", "0204"), unit("a", "axis", "0304", PZ), hq("shq", "soviet", "1008")]
    s = session(scenario(units, marks=[{"at": "0504", "kind": "town"}]))
    activate(s, "GHQ")
    submit(s, m.MoveUnit(side="axis", unit="a", to=hx(s, "0504")))
    assert at(s, "0504") == ["a"]
    assert not [c for c in legal_of(s, m.MoveUnit) if c.unit == "a"]
    assert state(s).controller(hx(s, "0504")) == "axis"


def test_ty_mov_4_table_instruction_names_counter_origin_and_destination() -> None:
    """TY-MOV-4: the table checklist says which counter moves, from which hex, to which hex (a player read only
    "Move 38 Rifle (1008)." before), in both languages."""
    s = session(scenario([hq("ghq", "axis", "0204"), unit("a", "axis", "0404", PZ), hq("shq", "soviet", "1008")]))
    activate(s, "GHQ")
    events = s.submit(m.MoveUnit(side="axis", unit="a", to=hx(s, "0604")))
    instruction = events[0].instruction
    assert instruction is not None
    assert instruction.render("en") == "Move a from 0404 to 0604."
    assert instruction.render("zh_CN") == "将a从0404移至0604。"


def test_ty_mov_1_a_move_is_judged_the_same_with_or_without_the_full_legal_list() -> None:
    """TY-MOV-1, TY-ACT-3: applying a move to a state whose legal list was never listed (a replay, a script)
    checks it against its unit's own routes: every listed move is accepted, and a move out of reach, a move of a
    unit not activated and a second move of a unit are refused, as against the full list."""
    units = [
        hq("ghq", "axis", "0204"),
        unit("a", "axis", "0304", PZ),
        unit("b", "axis", "0904", INF),
        hq("shq", "soviet", "1008"),
    ]
    s = session(scenario(units))
    activate(s, "GHQ")
    listed = {(c.unit, c.to, c.march) for c in legal_of(s, m.MoveUnit)}
    fresh = session(scenario(units))
    activate(fresh, "GHQ")
    for unit_id, to, march in sorted(listed)[:12]:
        state(fresh).cache.clear()
        command = m.MoveUnit(side="axis", unit=unit_id, to=to, march=march)
        assert fresh.system.apply(fresh.state, command)[0] is not None
    reach_a = {to for u, to, _ in listed if u == "a"}
    far = hx(s, "1007")
    assert far not in reach_a
    assert "b" not in state(s).active  # out of the HQ's range
    refusals = (m.MoveUnit(side="axis", unit="a", to=far), m.MoveUnit(side="axis", unit="b", to=hx(s, "0905")))
    for command in refusals:
        state(fresh).cache.clear()
        with pytest.raises(IllegalCommandError):
            fresh.system.apply(fresh.state, command)
    submit(fresh, m.MoveUnit(side="axis", unit="a", to=next(to for u, to, _ in sorted(listed) if u == "a")))
    state(fresh).cache.clear()
    with pytest.raises(IllegalCommandError):
        fresh.system.apply(fresh.state, m.MoveUnit(side="axis", unit="a", to=hx(s, "0304")))
    state(fresh).cache.clear()
    assert fresh.system.apply(fresh.state, m.EndMovement(side="axis"))[0].phase != "move"
    with pytest.raises(IllegalCommandError):
        fresh.system.apply(fresh.state, m.EndMovement(side="soviet"))

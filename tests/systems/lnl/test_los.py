"""Line of sight with elevation: the one function fire, spotting and the LOS tool use."""

from __future__ import annotations

from typing import Any

from app.systems.lnl.board import Runtime
from app.systems.lnl.los import trace
from tests.systems.lnl.helpers import scenario, session, state, unit


def _map(hexes: dict[str, dict[str, Any]]) -> Runtime:
    return state(
        session(scenario([unit("us_squad", "1001", "a1")], [unit("de_squad", "1008", "x1")], hexes=hexes))
    ).runtime


def _los(runtime: Runtime, a: str, b: str, **kw: Any) -> Any:
    grid = runtime.grid
    return trace(runtime, grid.from_label(a), grid.from_label(b), **kw)


def test_clear_and_blocked() -> None:
    """LNL-LOS-1, LNL-LOS-5: centre to centre; woods in between block and are named with the rule."""
    rt = _map({"0103": {"terrain": "woods"}})
    assert _los(rt, "0101", "0102").clear
    blocked = _los(rt, "0101", "0105")
    assert not blocked.clear and rt.grid.label(blocked.blocked_at) == "0103" and blocked.rule_id == "LNL-LOS-1"


def test_start_and_target_terrain_do_not_count() -> None:
    """LNL-LOS-2: from woods into woods across open ground is clear."""
    rt = _map({"0101": {"terrain": "woods"}, "0103": {"terrain": "woods"}})
    assert _los(rt, "0101", "0103").clear


def test_three_hindrances_block_each_counted_once() -> None:
    """LNL-LOS-3: two brush hexes hinder (2); a third blocks."""
    rt = _map({"0102": {"terrain": "brush"}, "0103": {"terrain": "brush"}, "0104": {"terrain": "wheat"}})
    two = _los(rt, "0101", "0104")
    assert two.clear and two.hindrances == 2
    three = _los(rt, "0101", "0105")
    assert not three.clear and three.rule_id == "LNL-LOS-3" and rt.grid.label(three.blocked_at) == "0104"


def test_higher_ground_blocks_and_height_sees_over() -> None:
    """LNL-LOS-4: a hill between two plain hexes blocks; from a level-3 hill the line passes over woods near the
    firer but not over woods next to the target (a blind hex)."""
    rt = _map({"0103": {"elevation": 1}})
    hill = _los(rt, "0101", "0105")
    assert not hill.clear and hill.rule_id == "LNL-LOS-4"
    rt2 = _map({"0101": {"elevation": 3}, "0102": {"terrain": "woods"}})
    assert _los(rt2, "0101", "0105").clear
    rt3 = _map({"0101": {"elevation": 3}, "0104": {"terrain": "woods"}})
    assert not _los(rt3, "0101", "0105").clear


def test_upper_storey_sees_over_a_hindrance() -> None:
    """LNL-LOS-4, LNL-STACK-4: from the top storey of a three-storey house the line clears a brush hex near it;
    from the first floor it does not."""
    rt = _map({"0101": {"terrain": "stone_building", "storeys": 3}, "0102": {"terrain": "brush"}})
    assert _los(rt, "0101", "0105", from_storey=1).hindrances == 1
    assert _los(rt, "0101", "0105", from_storey=2).hindrances == 0


def test_line_along_a_hexside_takes_the_weaker_hex() -> None:
    """LNL-LOS-6: along a hexside, only when both hexes hinder does the line count a hindrance."""
    rt = _map({"0603": {"terrain": "wheat"}})
    assert _los(rt, "0103", "0703").hindrances == 0
    rt2 = _map({"0602": {"terrain": "wheat"}, "0603": {"terrain": "wheat"}})
    both = _los(rt2, "0103", "0703")
    assert both.hindrances == 1 and any(s.rule_id == "LNL-LOS-6" for s in both.steps)


def test_smoke_between_hinders() -> None:
    """LNL-SMOKE-3 (Q15): a smoke hex on the line is one hindrance."""
    rt = _map({})
    smoke = frozenset({rt.grid.from_label("0103")})
    assert _los(rt, "0101", "0105", smoke=smoke).hindrances == 1


def test_profile_levels() -> None:
    """LNL-LOS-4: the profile gives the line's height over every hex (the LOS tool draws it)."""
    rt = _map({"0101": {"elevation": 2}})
    result = _los(rt, "0101", "0105")
    assert result.eye == 2 and result.aim == 0 and [round(s.line, 2) for s in result.steps] == [1.5, 1.0, 0.5]

"""Infantry and a vehicle activated together moving to the same destination (LNL-VMOVE-3), with explicit dice."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import messages as m
from app.systems.lnl.turn import legal
from tests.systems.lnl.helpers import get, hx, scenario, session, state, submit, unit

FAR = unit("de_squad", "1008", "x9")


def _pair(vehicle: str = "us_sherman", at: str = "0101", facing: int = 5) -> Any:
    brush = {"0206": {"terrain": "brush"}}
    return session(scenario([unit(vehicle, at, "a1", facing=facing), unit("us_squad", at, "a2")], [FAR], brush))


def _on(s: Any, to: str) -> None:
    submit(s, m.MoveOn(side="allies", to=hx(s, to)))
    while state(s).steps:
        submit(s, m.HoldFire(side="axis"))


def test_lnl_vmove_3_infantry_and_tank_move_together_each_paying_its_own_cost() -> None:
    """LNL-VMOVE-3, LNL-VMOVE-1: the squad pays 1 MP on foot, the tank 1 MP plus 1 for its turn; both end in the
    same hex; turning back down the column costs the tank another 1 MP. Brush (2 MP on foot) is beyond the
    squad's last MP though the tank has MP left; when the squad's 4 MP are spent the move ends."""
    s = _pair(at="0103")
    start = m.StartMove(side="allies", units=("a1", "a2"), to=hx(s, "0203"))
    assert start in legal(state(s))
    submit(s, start)
    move = state(s).moving
    assert move.spent == 1 and move.vspent == 2 and move.vmp == 8 and move.mp == 4
    assert get(s, "a1").hex == get(s, "a2").hex == hx(s, "0203") and get(s, "a1").facing == 0
    for label in ("0204", "0205"):
        _on(s, label)
    assert state(s).moving.spent == 3 and state(s).moving.vspent == 5
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.MoveOn(side="allies", to=hx(s, "0206")))
    assert err.value.rule_id == "LNL-VMOVE-3"
    submit(s, next(c for c in legal(state(s)) if isinstance(c, m.MoveOn)))
    while state(s).steps:
        submit(s, m.HoldFire(side="axis"))
    assert state(s).moving is None and get(s, "a1").has("moved") and get(s, "a2").has("moved")


def test_lnl_vmove_3_the_slower_vehicle_holds_the_pair_back() -> None:
    """LNL-VMOVE-3, LNL-VEH-2: an off-road half-track pays 2 MP per open hex of its 10; with a squad that has 4 MP
    on foot they go four hexes together (the half-track has spent 6 MP after three), then the move ends."""
    s = _pair(vehicle="us_halftrack")
    submit(s, m.StartMove(side="allies", units=("a1", "a2"), to=hx(s, "0102")))
    for label in ("0103", "0104"):
        _on(s, label)
    assert state(s).moving.vspent == 6 and state(s).moving.spent == 3
    _on(s, "0105")
    assert state(s).moving is None and get(s, "a1").hex == get(s, "a2").hex == hx(s, "0105")


def test_lnl_vmove_3_only_a_normal_move_and_one_vehicle() -> None:
    """LNL-VMOVE-3: a tank and a squad may not assault-move together; two tanks do not move as one stack."""
    s = _pair()
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.StartMove(side="allies", units=("a1", "a2"), mode="assault", to=hx(s, "0102")))
    assert err.value.rule_id == "LNL-VMOVE-3"
    s2 = session(
        scenario([unit("us_sherman", "0101", "a1", facing=5), unit("us_sherman", "0101", "a2", facing=5)], [FAR])
    )
    with pytest.raises(IllegalCommandError) as err:
        submit(s2, m.StartMove(side="allies", units=("a1", "a2"), to=hx(s2, "0102")))
    assert err.value.rule_id == "LNL-VMOVE-3"

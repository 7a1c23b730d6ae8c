"""Infantry and a vehicle activated together moving to the same destination (LNL-VMOVE-3), with explicit dice."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import messages as m
from app.systems.lnl.turn import legal
from tests.systems.lnl.helpers import get, hx, rulings, scenario, session, state, submit, unit

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


def test_lnl_veh_1_hatches_open_once_a_turn_and_a_half_track_fires_its_top_mg() -> None:
    """LNL-VEH-1, LNL-VEH-4, LNL-FIRE-7: buttoned, a half-track (no main gun, only a top MG) cannot fire; opening
    its hatches is free, once a turn; then its MG fires alone: FP 4 + 3 = 7 against 2: the squad checks."""
    s = session(scenario([unit("us_halftrack", "0101", "a1", facing=5)], [unit("de_squad", "0104", "x1"), FAR]))
    fire = m.Fire(side="allies", units=("a1",), target=hx(s, "0104"), gun=True)
    assert fire not in legal(state(s))
    submit(s, m.Hatches(side="allies", vehicle="a1"))
    assert not get(s, "a1").buttoned and state(s).active == "allies"
    assert m.Hatches(side="allies", vehicle="a1") not in legal(state(s)) and fire in legal(state(s))
    events = submit(s, fire, (3, 2, 4))
    assert rulings(events, "fire")[0].dice[0].modified == 7 and get(s, "x1").shaken and get(s, "a1").has("fired")


def test_lnl_veh_5_a_tank_shot_is_offered_among_the_legal_commands() -> None:
    """LNL-HW-1, LNL-VEH-5: a tank that may act is offered its gun shot (with its MGs following) at a visible
    enemy, so the bot and the command list can use it."""
    s = session(scenario([unit("us_sherman", "0101", "a1", facing=5)], [unit("de_squad", "0104", "x1"), FAR]))
    assert m.Fire(side="allies", units=("a1",), target=hx(s, "0104"), gun=True) in legal(state(s))

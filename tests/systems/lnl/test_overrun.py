"""Vehicle overruns, the counter-attack of the survivors, and a wrecked mover stopping, with explicit dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import SYSTEM
from app.systems.lnl import messages as m
from app.systems.lnl.overrun import overrun_problem
from app.systems.lnl.turn import legal
from tests.systems.lnl.helpers import get, hx, mods, rulings, said, scenario, session, state, submit, unit

FAR = unit("de_squad", "1008", "x9")


def _overrun(s: Any, to: str, dice: tuple[int, ...], vehicle: str = "a1") -> list[Any]:
    return submit(s, m.Overrun(side="allies", vehicle=vehicle, to=hx(s, to)), dice)


def _on(s: Any, to: str) -> None:
    """Move on one hex, letting any opportunity fire pass."""
    submit(s, m.MoveOn(side="allies", to=hx(s, to)))
    while state(s).steps:
        submit(s, m.HoldFire(side="axis"))


def test_lnl_overrun_3_value_and_lnl_overrun_4_damage_checks() -> None:
    """LNL-OVERRUN-2, LNL-OVERRUN-3, LNL-OVERRUN-4: a buttoned Sherman (gun FP 4, hull MG 2; the top MG may not be
    used buttoned) overruns a squad: 3 + 4 + 2 + 2 = 11 against 5: damage check 2 + 6 = 8 against morale 6, a
    casualty. The entry cost 1 MP plus 4, and the tank may go on moving."""
    s = session(scenario([unit("us_sherman", "0103", "a1", facing=5)], [unit("de_squad", "0104", "x1"), FAR]))
    events = _overrun(s, "0104", (3, 5, 2))
    ruling = rulings(events, "overrun")[0]
    assert sorted(x.value for x in ruling.modifiers) == [2, 2, 4] and ruling.dice[0].modified == 11
    assert rulings(events, "damage")[0].dice[0].modified == 8
    half = get(s, "x1")
    assert half is not None and half.type == "de_half" and half.shaken
    assert get(s, "a1").hex == hx(s, "0104") and state(s).moving.spent == 5
    assert any(isinstance(c, m.MoveOn) for c in legal(state(s)))


def test_lnl_overrun_3_unbuttoned_tank_adds_its_top_mg() -> None:
    """LNL-OVERRUN-3, LNL-VEH-1: with the hatches open the top MG (FP 4) counts too."""
    s = session(
        scenario([unit("us_sherman", "0103", "a1", facing=5, buttoned=False)], [unit("de_squad", "0104", "x1"), FAR])
    )
    events = _overrun(s, "0104", (1, 6, 6))
    assert mods(rulings(events, "overrun")[0])["LNL-OVERRUN-3"] == 12


def test_lnl_overrun_4_value_not_above_defence_has_no_effect() -> None:
    """LNL-OVERRUN-4: a half-track (no gun, only a top MG it may not use buttoned): 1 + 2 = 3 against 6 does
    nothing; no damage check is rolled."""
    s = session(scenario([unit("us_halftrack", "0103", "a1", facing=5)], [unit("de_squad", "0104", "x1"), FAR]))
    events = _overrun(s, "0104", (1, 6))
    assert not rulings(events, "damage") and not get(s, "x1").shaken


def test_lnl_overrun_1_no_opportunity_fire_at_the_overrun() -> None:
    """LNL-OVERRUN-1: a German gun that could fire at the hex does not get the chance when the tank overruns."""
    s = session(
        scenario(
            [unit("us_sherman", "0103", "a1", facing=5)],
            [unit("de_squad", "0104", "x1"), unit("de_pz4", "0108", "x2", facing=2), FAR],
        )
    )
    events = _overrun(s, "0104", (3, 5, 2))
    assert not state(s).steps and not said(events, "to_hit")
    assert said(events, "moved")[0].rule_id == "LNL-OVERRUN-1"


def test_lnl_overrun_2_needs_four_mp_beyond_the_entry() -> None:
    """LNL-OVERRUN-2: after four hexes of its 8 MP the tank has 4 left, one short of 1 + 4."""
    s = session(scenario([unit("us_sherman", "0101", "a1", facing=5)], [unit("de_squad", "0106", "x1"), FAR]))
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    while state(s).steps:
        submit(s, m.HoldFire(side="axis"))
    for label in ("0103", "0104", "0105"):
        _on(s, label)
    assert state(s).moving.spent == 4
    assert not any(isinstance(c, m.Overrun) for c in legal(state(s)))
    with pytest.raises(IllegalCommandError) as err:
        _overrun(s, "0106", (3, 5, 2))
    assert err.value.rule_id == "LNL-OVERRUN-2"


def test_lnl_vassault_3_no_overrun_from_an_assault_move() -> None:
    """LNL-VASSAULT-3: a tank on an assault move may not overrun."""
    s = session(scenario([unit("us_sherman", "0102", "a1", facing=5)], [unit("de_squad", "0104", "x1"), FAR]))
    submit(s, m.StartMove(side="allies", units=("a1",), mode="assault", to=hx(s, "0103")))
    while state(s).steps:
        submit(s, m.HoldFire(side="axis"))
    with pytest.raises(IllegalCommandError) as err:
        _overrun(s, "0104", (3, 5, 2))
    assert err.value.rule_id == "LNL-VASSAULT-3"


def test_lnl_overrun_5_survivors_counter_attack_and_destroy_the_vehicle() -> None:
    """LNL-OVERRUN-5, LNL-INFVEH-2, LNL-INFVEH-4, LNL-VDEST-2: the squad survives, passes its morale check (6 ≤ 6)
    and strikes: 3 + 6 = 9 against 0 + 1; the half-track and its crew are lost and the impulse passes."""
    s = session(scenario([unit("us_halftrack", "0103", "a1", facing=5)], [unit("de_squad", "0104", "x1"), FAR]))
    _overrun(s, "0104", (1, 6))
    options = legal(state(s))
    assert state(s).steps[0].kind == "counter" and any(isinstance(c, m.LetPass) for c in options)
    decision = SYSTEM.view(state(s), "axis").decision
    assert decision is not None and decision.rule_id == "LNL-OVERRUN-5" and decision.side == "axis"
    events = submit(s, m.CloseAssault(side="axis", unit="x1", vehicle="a1"), (3, 3, 6, 1))
    assert get(s, "a1").wreck and said(events, "crew_lost")
    assert state(s).moving is None and state(s).active == "axis"


def test_lnl_overrun_5_letting_the_vehicle_pass_and_one_leader() -> None:
    """LNL-OVERRUN-5, LNL-INFVEH-3: a leader's LM helps one counter-attacker only; letting the vehicle pass, it
    goes on moving."""
    s = session(
        scenario(
            [unit("us_halftrack", "0103", "a1", facing=5)],
            [unit("de_squad", "0104", "x1"), unit("de_squad", "0104", "x2"), unit("de_leader", "0104", "x3"), FAR],
        )
    )
    _overrun(s, "0104", (1, 6))
    assert m.CloseAssault(side="axis", unit="x1", vehicle="a1", leader="x3") in legal(state(s))
    submit(s, m.CloseAssault(side="axis", unit="x1", vehicle="a1", leader="x3"), (6, 6))  # morale fails
    counters = [c for c in legal(state(s)) if isinstance(c, m.CloseAssault)]
    assert counters == [m.CloseAssault(side="axis", unit="x2", vehicle="a1")]
    submit(s, m.LetPass(side="axis"))
    assert state(s).moving is not None and state(s).active == "allies" and not state(s).steps


def test_lnl_pen_6_a_vehicle_wrecked_by_opportunity_fire_stops() -> None:
    """LNL-PEN-5, LNL-PEN-6, LNL-VDEST-1, LNL-OPFIRE-1: a tank knocked out as it enters a hex is a wreck and its
    move ends there; the impulse passes."""
    s = session(scenario([unit("us_sherman", "0101", "a1", facing=5)], [unit("de_pz4", "0105", "x1", facing=2), FAR]))
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    assert state(s).steps
    submit(s, m.OpFire(side="axis", units=("x1",), gun=True), (1, 1, 6, 1, 2))
    assert get(s, "a1").wreck and state(s).moving is None and state(s).active == "axis"


def test_lnl_stack_3_no_overrun_into_a_hex_with_two_wrecks() -> None:
    """LNL-STACK-3, LNL-OVERRUN-3: two wrecks already fill the hex's vehicle stacking, so no overrun there."""
    tanks = [unit("de_pz4", "0104", f"w{i}", facing=2) for i in (1, 2)]
    s = session(scenario([unit("us_sherman", "0103", "a1", facing=5)], [unit("de_squad", "0104", "x1"), *tanks, FAR]))
    st = state(s)
    for uid in ("w1", "w2"):
        st = st.with_unit(replace(st.get(uid), wreck=True))
    assert overrun_problem(st, "allies", "a1", hx(s, "0104")) == "LNL-STACK-3"
    assert not any(isinstance(c, m.Overrun) for c in legal(st))

"""Moves steered through waypoints (``HasWaypoints``) and why a named path is refused (TY-MOV-2, TY-MOV-4,
TY-MOV-12, TY-MOV-13, TY-CITY-2, TY-MARCH-2)."""

from __future__ import annotations

import pytest

from app.core.capabilities import HasWaypoints, capability
from app.core.errors import IllegalCommandError
from app.systems.typhoon import messages as m
from tests.systems.typhoon.helpers import INF, activate, hq, hx, scenario, session, state, unit
from tests.systems.typhoon.test_audit2 import path_session


def steer(s, to: str, *via: str):  # type: ignore[no-untyped-def]
    """The Axis infantry's move to ``to`` steered through the hexes ``via``."""
    system = capability(s.system, HasWaypoints)
    assert system is not None
    return system.steer(s.state, m.MoveUnit(side="axis", unit="inf", to=hx(s, to)), [hx(s, h) for h in via])


def labels(s, path) -> list[str]:  # type: ignore[no-untyped-def]
    return [s.state.runtime.label(h) for h in path]


def test_ty_mov_2_ty_mov_13_a_waypoint_takes_the_town_the_player_wants() -> None:
    """TY-MOV-2, TY-MOV-13, TY-CITY-2: through the waypoint 0403 the move to 0503 goes 0303, 0403, 0503 (3 MP)
    instead of the cheapest way through 0402, and submitting the steered move takes 0403, not 0402."""
    s = path_session()
    plain = steer(s, "0503")
    assert plain is not None and labels(s, plain.path) == ["0402", "0503"] and plain.cost == "2 MP"
    steered = steer(s, "0503", "0303", "0403")
    assert steered is not None and steered.refusal is None and steered.rule_id == ""
    assert labels(s, steered.path) == ["0303", "0403", "0503"] and steered.cost == "3 MP"
    s.submit(steered.command)
    assert state(s).controller(hx(s, "0403")) == "axis"
    assert state(s).controller(hx(s, "0402")) == "soviet"


def test_ty_mov_2_waypoints_in_order_and_skipped_when_redundant() -> None:
    """TY-MOV-2: waypoints are passed in the order picked; one on the start hex or on the destination adds nothing."""
    s = path_session()
    steered = steer(s, "0503", "0302", "0303", "0303", "0503")
    assert steered is not None and labels(s, steered.path)[0] == "0303" and labels(s, steered.path)[-1] == "0503"
    assert steered.refusal is None


def test_ty_mov_4_a_detour_beyond_the_ma_is_refused_with_its_rule() -> None:
    """TY-MOV-4: a detour through far waypoints costs more than the MA (5): the steered move carries the reason
    and rule, and the rules refuse the submitted command with the same reason."""
    s = path_session()
    steered = steer(s, "0503", "0301", "0601")
    assert steered is not None and steered.rule_id == "TY-MOV-4"
    assert steered.refusal is not None and "more than the unit's 5 MP" in steered.refusal.render("en")
    assert steered.cost == "6 MP"
    with pytest.raises(IllegalCommandError) as refused:
        s.submit(steered.command)
    assert refused.value.rule_id == "TY-MOV-4"
    assert refused.value.reason.render("en") == steered.refusal.render("en")


def test_ty_mov_12_no_way_through_an_enemy_hex() -> None:
    """TY-MOV-12: a waypoint on an enemy unit leaves no way: the steered move says so; a path named through it
    is refused naming the hex."""
    units = [hq("ghq", "axis", "0204"), unit("inf", "axis", "0302", INF), unit("s", "soviet", "0402")]
    s = session(scenario([*units, hq("shq", "soviet", "1008")]))
    activate(s, "GHQ")
    steered = steer(s, "0303", "0402")
    assert steered is not None and steered.rule_id == "TY-MOV-12" and steered.path == ()
    with pytest.raises(IllegalCommandError) as refused:
        s.submit(m.MoveUnit(side="axis", unit="inf", to=hx(s, "0303"), path=(hx(s, "0402"), hx(s, "0303"))))
    assert refused.value.rule_id == "TY-MOV-12" and "0402 holds an enemy unit" in refused.value.reason.render("en")


def test_ty_mov_2_a_path_that_skips_a_hex_or_ends_elsewhere_says_so() -> None:
    """TY-MOV-2: the refusal of a named path names the gap, or that it must end where the unit goes."""
    s = path_session()
    with pytest.raises(IllegalCommandError) as gap:
        s.submit(m.MoveUnit(side="axis", unit="inf", to=hx(s, "0503"), path=(hx(s, "0303"), hx(s, "0503"))))
    assert gap.value.rule_id == "TY-MOV-2" and "0503 is not next to 0303" in gap.value.reason.render("en")
    with pytest.raises(IllegalCommandError) as short:
        s.submit(m.MoveUnit(side="axis", unit="inf", to=hx(s, "0503"), path=(hx(s, "0303"), hx(s, "0403"))))
    assert short.value.rule_id == "TY-MOV-2"


def test_only_moves_are_steered() -> None:
    """Other commands follow no path the player shapes: ``steer`` answers ``None``."""
    s = path_session()
    system = capability(s.system, HasWaypoints)
    assert system is not None
    assert system.steer(s.state, m.EndMovement(side="axis"), [hx(s, "0403")]) is None

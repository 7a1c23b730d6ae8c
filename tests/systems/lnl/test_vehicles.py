"""Heavy weapons, HE, penetration, vehicles and infantry against them, with explicit dice."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import messages as m
from app.systems.lnl.armour import facing_hit
from app.systems.lnl.movement import unit_mp
from app.systems.lnl.spotting import spot_problem
from tests.systems.lnl.helpers import get, hx, mods, rulings, said, scenario, session, state, submit, unit

FAR = unit("de_squad", "1008", "x9")
POPGUN: dict[str, Any] = {
    "id": "popgun",
    "name_en": "Armoured car",
    "name_zh": "装甲车",
    "cls": "vehicle",
    "mp": 8,
    "morale": 6,
    "move_type": "T",
    "hull": {"front": 2, "side": 1, "rear": 1},
    "turret": {"front": 2, "side": 1, "rear": 1},
    "gun": {"he_fp": 1, "penetration": 1, "to_hit": [{"max_range": 10, "number": 8}]},
}
REDTANK: dict[str, Any] = {
    "id": "redtank",
    "name_en": "Red tank",
    "name_zh": "红甲坦克",
    "cls": "vehicle",
    "mp": 6,
    "morale": 7,
    "move_type": "T",
    "hull": {"front": 4, "side": 3, "rear": 2, "red": ["front"]},
}
SNIPE: dict[str, Any] = {
    "id": "snipe",
    "name_en": "Test gun team",
    "name_zh": "测试炮组",
    "cls": "weapon_team",
    "morale": 6,
    "mp": 1,
    "gun": {"he_fp": 1, "penetration": 1, "to_hit": [{"max_range": 10, "number": 2}]},
}


def _tank_duel(axis_type: str = "de_pz4", **extra: Any) -> Any:
    allies = [unit("us_sherman", "0101", "a1", facing=5)]
    return session(
        scenario(allies, [unit(axis_type, "0105", "x1", facing=2), FAR], unit_types=[POPGUN, REDTANK, SNIPE], **extra)
    )


def _gun(
    s: Any, firer: str, target: str, dice: tuple[int, ...], side: str = "allies", weapons: tuple[str, ...] = ()
) -> list[Any]:
    return submit(s, m.Fire(side=side, units=(firer,), target=hx(s, target), gun=True, weapons=weapons), dice)


def test_penetration_destroys_and_the_crew_escapes_shaken() -> None:
    """LNL-HW-3, LNL-PEN-2, LNL-PEN-3, LNL-PEN-6, LNL-VDEST-1, LNL-VEH-5: to hit 6 ≤ 9; hull front 6: 2 + 7 = 9
    against 1 + 6 = 7: destroyed; the crew escapes on a 1 and is Shaken on a 3; the hull MG then fires at it."""
    s = _tank_duel()
    events = _gun(s, "a1", "0105", (3, 3, 2, 1, 1, 3, 1, 6))
    assert rulings(events, "to_hit")[0].target == 9 and get(s, "x1").wreck
    crews = [u for u in state(s).on_map("axis") if u.type == "de_crew"]
    assert len(crews) == 1 and crews[0].shaken and said(events, "bail_out") and rulings(events, "fire")


def test_turret_hit_on_an_odd_die_above_two() -> None:
    """LNL-PEN-4 (Q16): the penetration die 3 hits the turret (front 5)."""
    s = _tank_duel()
    events = _gun(s, "a1", "0105", (3, 3, 3, 4, 2))
    assert mods(rulings(events, "pen")[0])["LNL-PEN-3"] == -5


def test_automatic_results() -> None:
    """LNL-PEN-5: attacker 1 and defender 6 never harm; attacker 6 and defender 1 always destroy (a penetration 1
    gun against armour 6)."""
    s = _tank_duel()
    events = _gun(s, "a1", "0105", (3, 3, 1, 6))
    assert rulings(events, "pen")[0].rule_id == "LNL-PEN-5" and not get(s, "x1").wreck
    s2 = session(
        scenario(
            [unit("popgun", "0101", "a1", facing=5)], [unit("de_pz4", "0105", "x1", facing=2), FAR], unit_types=[POPGUN]
        )
    )
    events = _gun(s2, "a1", "0105", (3, 3, 6, 1, 2))
    assert rulings(events, "pen")[0].rule_id == "LNL-PEN-5" and get(s2, "x1").wreck and said(events, "crew_lost")


def test_equal_totals_morale_check() -> None:
    """LNL-PEN-7: 9 against 9: the crew passes (6 ≤ 7): Shaken; fails (10): the crew abandons the vehicle."""
    s = _tank_duel()
    _gun(s, "a1", "0105", (3, 3, 2, 3, 3, 3))
    assert get(s, "x1").shaken and not get(s, "x1").wreck
    s2 = _tank_duel()
    _gun(s2, "a1", "0105", (3, 3, 2, 3, 5, 5, 1, 6))
    assert get(s2, "x1").wreck and next(u for u in state(s2).on_map("axis") if u.type == "de_crew").shaken


def test_lower_attack_morale_check_and_natural_twelve() -> None:
    """LNL-PEN-8: attack below defence: 2D6 − difference; a natural 12 Shakes whatever the difference."""
    s = session(
        scenario(
            [unit("popgun", "0101", "a1", facing=5)], [unit("de_pz4", "0105", "x1", facing=2), FAR], unit_types=[POPGUN]
        )
    )
    _gun(s, "a1", "0105", (3, 3, 2, 6, 6, 6))
    assert get(s, "x1").shaken
    s2 = session(
        scenario(
            [unit("popgun", "0101", "a1", facing=5)], [unit("de_pz4", "0105", "x1", facing=2), FAR], unit_types=[POPGUN]
        )
    )
    _gun(s2, "a1", "0105", (3, 3, 2, 6, 2, 2))
    assert not get(s2, "x1").shaken


def test_unarmoured_location_is_destroyed() -> None:
    """LNL-PEN-1, LNL-SAVEH-1: a hit on a half-track's rear (printed *) destroys it at once."""
    s = session(
        scenario([unit("us_sherman", "0101", "a1", facing=5)], [unit("de_sdkfz251", "0105", "x1", facing=5), FAR])
    )
    events = _gun(s, "a1", "0105", (3, 3, 2, 1, 2))
    assert rulings(events, "pen")[0].rule_id == "LNL-PEN-1" and get(s, "x1").wreck


def test_red_h_against_red_armour() -> None:
    """LNL-PEN-2, LNL-HW-1: a Panzerfaust (red H) against red front armour: −4; it fires alone, with a to-hit roll."""
    s = session(
        scenario(
            [unit("redtank", "0101", "a1", facing=5), unit("us_squad", "0808", "a2")],
            [unit("de_squad", "0102", "x1", weapons=["de_panzerfaust"])],
            unit_types=[REDTANK],
        )
    )
    submit(s, m.Pass(side="allies"))
    events = _gun(s, "x1", "0101", (3, 3, 2, 1, 2), side="axis", weapons=("x1:de_panzerfaust",))
    assert mods(rulings(events, "pen")[0])["LNL-PEN-2"] == 8 - 4


def test_facing_boundaries_favour_the_attacker() -> None:
    """LNL-PEN-3: a shot along the front/side boundary strikes the side; along side/rear, the rear."""
    s = session(scenario([unit("us_sherman", "0505", "a1", facing=2)], [FAR]))
    st, tank = state(s), get(s, "a1")
    assert facing_hit(st, tank, hx(s, "0503")) == "front"
    assert facing_hit(st, tank, hx(s, "0604")) == "side"  # NE neighbour: 60° off the front
    assert facing_hit(st, tank, hx(s, "0605")) == "rear"  # SE neighbour: 120° off the front
    assert facing_hit(st, tank, hx(s, "0507")) == "rear"


def test_he_against_infantry_then_the_mg() -> None:
    """LNL-HE-1, LNL-HE-2, LNL-VEH-4, LNL-VEH-5: to hit; HE 3 + 4 = 7 against 2 + 0: DC 2 + 5 = 7 > 6, a
    casualty; the hull MG (in its arc) fires at the same target; the AA MG stays silent while buttoned."""
    s = session(scenario([unit("us_sherman", "0101", "a1", facing=5)], [unit("de_squad", "0105", "x1"), FAR]))
    events = _gun(s, "a1", "0105", (3, 3, 3, 2, 2, 1, 6))
    assert mods(rulings(events, "he")[0])["LNL-HE-1"] == 4 and get(s, "x1").type == "de_half"
    assert mods(rulings(events, "fire")[0])["LNL-FIRE-5"] == 2


def test_mg_arcs_and_hatches() -> None:
    """LNL-VEH-1, LNL-VEH-4: a target behind the tank: the hull MG (no *) cannot fire; the AA MG fires only when
    unbuttoned (two more dice)."""
    s = session(scenario([unit("us_sherman", "0101", "a1", facing=2)], [unit("de_squad", "0105", "x1"), FAR]))
    _gun(s, "a1", "0105", (3, 3, 1, 6))
    s2 = session(
        scenario([unit("us_sherman", "0101", "a1", facing=2, buttoned=False)], [unit("de_squad", "0105", "x1"), FAR])
    )
    events = _gun(s2, "a1", "0105", (3, 3, 1, 6, 1, 6))
    assert mods(rulings(events, "fire")[0])["LNL-FIRE-5"] == 4


def test_red_h_he_and_moving_target() -> None:
    """LNL-HE-1: a red-H weapon's HE is −1."""
    s = session(
        scenario([unit("us_squad", "0102", "a1"), FAR], [unit("de_squad", "0101", "x1", weapons=["de_panzerfaust"])])
    )
    submit(s, m.Pass(side="allies"))
    events = _gun(s, "x1", "0102", (3, 3, 1, 6), side="axis", weapons=("x1:de_panzerfaust",))
    assert sorted(x.value for x in rulings(events, "he")[0].modifiers if x.rule_id == "LNL-HE-1") == [-1, 2]


def test_natural_two_hits_and_twelve_misses() -> None:
    """LNL-HW-3: to-hit number 2 with a hindrance: a natural 2 still hits; a natural 12 misses a 12."""
    s = session(
        scenario(
            [unit("snipe", "0101", "a1", facing=5)],
            [unit("de_squad", "0104", "x1"), FAR],
            hexes={"0102": {"terrain": "brush"}},
            unit_types=[SNIPE],
        )
    )
    events = _gun(s, "a1", "0104", (1, 1, 1, 6))
    assert rulings(events, "to_hit")[0].dice[0].success


def test_heavy_weapons_fire_alone_and_in_arc() -> None:
    """LNL-HW-1, LNL-HW-2, LNL-FIRE-3: a gun team does not join a fire group; it fires only into its covered arc."""
    s = session(
        scenario(
            [unit("us_57mm", "0101", "a1", facing=2), unit("us_squad", "0101", "a2")],
            [unit("de_squad", "0105", "x1"), FAR],
        )
    )
    for units in (("a1", "a2"), ("a1",)):
        with pytest.raises(IllegalCommandError) as err:
            submit(s, m.Fire(side="allies", units=units, target=hx(s, "0105"), gun=True), (3, 3))
        assert err.value.rule_id in ("LNL-HW-1", "LNL-HW-2")


def test_vehicle_states() -> None:
    """LNL-VEH-1, LNL-VEH-3, LNL-RALLY-5: a buttoned tank may not spot; a Shaken one has half MP and may not
    fire; it self-rallies at −2."""
    s = session(
        scenario(
            [unit("us_sherman", "0101", "a1", facing=5, status="shaken"), unit("us_sherman", "0301", "a2")],
            [unit("de_squad", "0104", "x1"), FAR],
        )
    )
    st = state(s)
    assert spot_problem(st, get(s, "a2"), hx(s, "0104")) == "LNL-SPOT-4"
    assert unit_mp(st, get(s, "a1")) == 4
    with pytest.raises(IllegalCommandError) as err:
        _gun(s, "a1", "0104", (3, 3))
    assert err.value.rule_id == "LNL-VEH-3"
    s2 = session(scenario([unit("us_sherman", "0101", "a1", status="shaken")], [FAR], start={"phase": "rally"}))
    submit(s2, m.RollInitiative(side="allies"), (6, 1))
    events = submit(s2, m.Rally(side="allies", unit="a1"), (4, 4))
    assert mods(rulings(events, "rally")[0])["LNL-RALLY-5"] == -2 and not get(s2, "a1").shaken


def test_vehicle_movement_costs() -> None:
    """LNL-VMOVE-1, LNL-VEH-2, LNL-VASSAULT-1, LNL-VASSAULT-2: turning one hexside costs 1 MP; reversing costs
    double and keeps the facing; an assault move halves MP and adds 2 to the gun's to-hit roll."""
    s = session(scenario([unit("us_sherman", "0103", "a1", facing=5)], [FAR]))
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0203")))  # SE: one hexside turn
    assert state(s).moving.spent == 2 and get(s, "a1").facing == 0
    s2 = session(scenario([unit("us_sherman", "0103", "a1", facing=5)], [FAR]))
    submit(s2, m.StartMove(side="allies", units=("a1",), to=hx(s2, "0102")))  # straight back
    assert state(s2).moving.spent == 2 and get(s2, "a1").facing == 5
    s3 = session(scenario([unit("us_sherman", "0101", "a1", facing=5)], [unit("de_squad", "0106", "x1"), FAR]))
    submit(s3, m.StartMove(side="allies", units=("a1",), mode="assault", to=hx(s3, "0102")))
    assert state(s3).moving.mp == 4
    if state(s3).steps:
        submit(s3, m.HoldFire(side="axis"))
    submit(s3, m.Stop(side="allies"))
    events = _gun(s3, "a1", "0106", (6, 6, 1, 6))
    assert mods(rulings(events, "to_hit")[0])["LNL-VASSAULT-2"] == 2


def test_vehicles_never_enter_enemy_vehicle_hexes() -> None:
    """LNL-VMOVE-2."""
    s = session(scenario([unit("us_sherman", "0101", "a1", facing=5)], [unit("de_pz4", "0102", "x1", facing=2), FAR]))
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    assert err.value.rule_id == "LNL-VMOVE-2"


def test_close_assault_on_a_tank() -> None:
    """LNL-INFVEH-1, LNL-INFVEH-2, LNL-INFVEH-3, LNL-INFVEH-4, LNL-VDEST-2: an adjacent squad passes its morale
    check (6 ≤ 6), then 3 FP + 6 = 9 against lowest armour 2 + 1: the tank and its crew are destroyed."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_pz4", "0102", "x1", facing=2), FAR]))
    events = submit(s, m.CloseAssault(side="allies", unit="a1", vehicle="x1"), (3, 3, 6, 1))
    assert get(s, "x1").wreck and said(events, "crew_lost")
    assert not [u for u in state(s).on_map("axis") if u.type == "de_crew"]


def test_close_assault_morale_per_vehicle_and_at_weapon() -> None:
    """LNL-INFVEH-2, LNL-INFVEH-4: two tanks in the hex: two morale checks; a bazooka adds its AT value."""
    model = scenario(
        [unit("us_squad", "0101", "a1", weapons=["us_bazooka"])],
        [unit("de_pz4", "0102", "x1", facing=2), unit("de_pz4", "0102", "x2", facing=2), FAR],
    )
    s = session(model)
    events = submit(s, m.CloseAssault(side="allies", unit="a1", vehicle="x1"), (3, 3, 3, 3, 1, 6))
    assert len(rulings(events, "check")) == 2
    assert sorted(x.value for x in rulings(events, "close_assault")[0].modifiers if x.rule_id == "LNL-INFVEH-4") == [
        -2,
        3,
        3,
    ]


def test_small_arms_against_vehicles() -> None:
    """LNL-SAVEH-2, LNL-SAVEH-3, LNL-SAVEH-4: small arms add the lowest armour to the defence; a buttoned armoured
    vehicle is unharmed; an unarmoured one takes a damage check and is destroyed by a casualty."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_pz4", "0104", "x1", facing=2), FAR]))
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (6, 1))
    assert mods(rulings(events, "fire")[0])["LNL-SAVEH-2"] == -2 and said(events, "buttoned")
    s2 = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_sdkfz251", "0104", "x1"), FAR]))
    events = submit(s2, m.Fire(side="allies", units=("a1",), target=hx(s2, "0104")), (6, 1, 6, 2))
    assert get(s2, "x1").wreck and said(events, "crew_lost")


def test_lnl_vdest_1_crew_of_a_half_track_destroyed_by_small_arms_may_escape() -> None:
    """LNL-VDEST-1, LNL-SAVEH-4: an unarmoured half-track destroyed by small arms rolls for its crew like any
    destroyed vehicle: a 1 escapes, then an even die leaves the crew in good order."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_sdkfz251", "0104", "x1"), FAR]))
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (6, 1, 6, 1, 4))
    crews = [u for u in state(s).on_map("axis") if u.type == "de_crew"]
    assert get(s, "x1").wreck and said(events, "bail_out") and len(crews) == 1 and not crews[0].shaken


def test_weapon_team_opportunity_fire_with_its_gun() -> None:
    """LNL-OPFIRE-4: a gun team may opportunity-fire."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_pak40", "0106", "x1", facing=2)]))
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    assert any(isinstance(c, m.OpFire) and c.gun for c in s.legal_commands())

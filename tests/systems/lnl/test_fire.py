"""Fire combat, damage checks and heroes, with explicit dice (worked examples and derived cases)."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import messages as m
from tests.systems.lnl.helpers import get, hx, mods, rulings, said, scenario, session, state, submit, unit


def _duel(**extra: object) -> object:
    return session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0104", "x1")], **extra))


def test_casualty_reduces_a_squad_to_a_shaken_half_squad() -> None:
    """LNL-FIRE-4, LNL-FIRE-6, LNL-FIRE-7, LNL-DMG-1, LNL-DMG-2, LNL-DMG-3: AT = 3 FP + 5 = 8 against DT = 2 + 0
    (open ground); the DC 3 + 6 = 9 is above morale 6: a casualty, the squad becomes a Shaken half-squad."""
    s = _duel()
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (5, 2, 3))
    fire = rulings(events, "fire")[0]
    assert (fire.dice[0].modified, fire.dice[1].modified) == (8, 2)
    dc = rulings(events, "damage")[0]
    assert dc.dice[0].modified == 9 and dc.target == 6
    half = get(s, "x1")
    assert half is not None and half.type == "de_half" and half.shaken
    assert get(s, "a1") is not None and get(s, "a1").has("fired")  # LNL-FIRE-8


def test_dc_equal_to_morale_shakes_and_below_has_no_effect() -> None:
    """LNL-DMG-3 (the authored DFT): DC = morale → Shaken; DC < morale → no effect."""
    s = _duel()
    submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (3, 4, 4))  # diff 2, DC 6
    assert get(s, "x1").shaken and get(s, "x1").type == "de_squad"
    s2 = _duel()
    submit(s2, m.Fire(side="allies", units=("a1",), target=hx(s2, "0104")), (3, 4, 3))  # DC 5
    assert not get(s2, "x1").shaken


def test_tie_has_no_effect_and_rolls_no_damage_check() -> None:
    """LNL-FIRE-7: AT 3 + 1 = 4 equals DT 4 + 0: no damage check is rolled."""
    s = _duel()
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (1, 4))
    assert not said(events, "damage")


def test_target_must_be_exposed() -> None:
    """LNL-FIRE-1, LNL-SPOT-1: a squad in woods, unmarked and not adjacent, cannot be fired on."""
    s = session(
        scenario(
            [unit("us_squad", "0101", "a1")], [unit("de_squad", "0104", "x1")], hexes={"0104": {"terrain": "woods"}}
        )
    )
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (5, 2))
    assert err.value.rule_id == "LNL-FIRE-1"


def test_spotting_then_fire() -> None:
    """LNL-SPOT-3, LNL-SPOT-5, LNL-SPOT-6, LNL-SPOT-7, LNL-SPOT-2: a final 2 spots a hex of blocking terrain; the
    spotter is Ops Complete; the Spotted marker lets another unit fire."""
    model = scenario(
        [unit("us_squad", "0101", "a1"), unit("us_squad", "0201", "a2")],
        [unit("de_squad", "0104", "x1"), unit("de_squad", "0808", "x2")],
        hexes={"0104": {"terrain": "woods"}},
    )
    s = session(model)
    events = submit(s, m.Spot(side="allies", unit="a1", target=hx(s, "0104")), (2,))
    assert rulings(events, "spot")[0].target == 2 and state(s).hex_has(hx(s, "0104"), "spotted")
    assert get(s, "a1").has("ops_complete")
    submit(s, m.Pass(side="axis"))
    submit(s, m.Fire(side="allies", units=("a2",), target=hx(s, "0104")), (1, 6))


def test_spotting_hindrance_terrain_threshold_three() -> None:
    """LNL-SPOT-6: in hindering terrain a final 3 spots."""
    s = session(
        scenario(
            [unit("us_squad", "0101", "a1")], [unit("de_squad", "0104", "x1")], hexes={"0104": {"terrain": "brush"}}
        )
    )
    events = submit(s, m.Spot(side="allies", unit="a1", target=hx(s, "0104")), (3,))
    assert rulings(events, "spot")[0].dice[0].success


def test_group_fire_primary_full_secondaries_half_rounded_up_once() -> None:
    """LNL-FIRE-5, LNL-LDR-3, LNL-LDR-1: two squads and a leader: 3 + 1.5 + 0.5 = 5 FP, +1 LM."""
    model = scenario(
        [unit("us_squad", "0101", "a1"), unit("us_squad", "0101", "a2"), unit("us_leader", "0101", "a3")],
        [unit("de_squad", "0104", "x1")],
    )
    s = session(model)
    events = submit(s, m.Fire(side="allies", units=("a1", "a2", "a3"), target=hx(s, "0104")), (1, 6, 2))
    found = mods(rulings(events, "fire")[0])
    assert found["LNL-FIRE-5"] == 5 and found["LNL-LDR-3"] == 1


def test_option_rounds_each_secondary_half() -> None:
    """LNL-FIRE-5 (Q1 option): three squads, each secondary half rounded up: 3 + 2 + 2 = 7 (text: 6)."""
    allies = [unit("us_squad", "0101", f"a{i}") for i in (1, 2, 3)]
    for rules, fp in (({"round_each_secondary": True}, 7), ({}, 6)):
        s = session(scenario(allies, [unit("de_squad", "0104", "x1")], rules=rules))
        events = submit(s, m.Fire(side="allies", units=("a1", "a2", "a3"), target=hx(s, "0104")), (1, 6, 2))
        assert mods(rulings(events, "fire")[0])["LNL-FIRE-5"] == fp


def test_hero_adds_full_fp_in_group_fire() -> None:
    """LNL-HERO-2, LNL-FIRE-5: a hero's 2 FP are not halved: 3 + 2 = 5."""
    s = session(
        scenario([unit("us_squad", "0101", "a1"), unit("us_hero", "0101", "a2")], [unit("de_squad", "0104", "x1")])
    )
    events = submit(s, m.Fire(side="allies", units=("a1", "a2"), target=hx(s, "0104")), (1, 6))
    assert mods(rulings(events, "fire")[0])["LNL-FIRE-5"] == 5


@pytest.mark.parametrize(
    ("carrier", "weapons", "fp"),
    [
        ("us_squad", ["us_bar"], 5),  # own 3 + one SW 2
        ("us_half", ["us_bar"], 2),  # SW only
        ("us_leader", ["us_30cal"], 2),  # ceil(3 / 2)
        ("us_hero", ["us_30cal"], 3),  # full SW, own ignored
    ],
)
def test_support_weapon_fire_by_carrier(carrier: str, weapons: list[str], fp: int) -> None:
    """LNL-SW-1, LNL-SW-2, LNL-SW-3: what a carrier's fire is worth with one SW."""
    s = session(scenario([unit(carrier, "0101", "a1", weapons=weapons)], [unit("de_squad", "0104", "x1")]))
    names = tuple(f"a1:{w}" for w in weapons)
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104"), weapons=names), (1, 6))
    assert mods(rulings(events, "fire")[0])["LNL-FIRE-5"] == fp


def test_squad_with_two_support_weapons_ignores_own_fp() -> None:
    """LNL-SW-2: a squad firing two SWs uses their FP (2 + 3) and ignores its own."""
    s = session(
        scenario([unit("us_squad", "0101", "a1", weapons=["us_bar", "us_30cal"])], [unit("de_squad", "0104", "x1")])
    )
    names = ("a1:us_bar", "a1:us_30cal")
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104"), weapons=names), (1, 6))
    assert mods(rulings(events, "fire")[0])["LNL-FIRE-5"] == 5


def test_equal_natural_dice_jam_a_j_weapon() -> None:
    """LNL-SW-7: the attacker's and defender's natural dice are both 4: the MG 34 (J) jams; the attack still hits."""
    s = session(scenario([unit("us_squad", "0104", "a1")], [unit("de_squad", "0101", "x1", weapons=["de_lmg"])]))
    submit(s, m.Pass(side="allies"))
    events = submit(s, m.Fire(side="axis", units=("x1",), target=hx(s, "0104"), weapons=("x1:de_lmg",)), (4, 4, 2))
    assert said(events, "jam") and get(s, "x1").weapons[0].jammed
    assert said(events, "damage")


def test_long_range_half_fp_for_boxed_range_only() -> None:
    """LNL-FIRE-2: a boxed range 5 reaches 8 hexes at half FP (3 → 2, rounded up); a plain range 6 does not."""
    s = session(scenario([unit("us_para", "0101", "a1")], [unit("de_squad", "0901", "x1")]))
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0901")), (1, 6))
    assert mods(rulings(events, "fire")[0])["LNL-FIRE-5"] == 2
    s2 = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0901", "x1")]))
    with pytest.raises(IllegalCommandError) as err:
        submit(s2, m.Fire(side="allies", units=("a1",), target=hx(s2, "0901")), (1, 6))
    assert err.value.rule_id == "LNL-FIRE-1"


def test_leader_checks_first_and_lends_lm_to_the_others() -> None:
    """LNL-DMG-1 (Q13), LNL-LDR-3: diff 3; the leader's DC 2 + 3 = 5 passes; the squad's 4 + 3 − 1 = 6 Shakes it
    (without the leader it would be a casualty)."""
    model = scenario(
        [unit("us_squad", "0101", "a1")], [unit("de_squad", "0104", "x1"), unit("de_leader", "0104", "x2")]
    )
    s = session(model)
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (3, 3, 2, 4))
    checks = rulings(events, "damage")
    assert len(checks) == 2 and "LNL-LDR-3" not in mods(checks[0]) and mods(checks[1])["LNL-LDR-3"] == -1
    assert get(s, "x1").shaken and get(s, "x1").type == "de_squad"


def test_wounded_leader_loses_one_lm() -> None:
    """LNL-LDR-4: a wounded LM-1 leader lends nothing."""
    model = scenario(
        [unit("us_squad", "0101", "a1")],
        [unit("de_squad", "0104", "x1"), unit("de_leader", "0104", "x2", wounded=True)],
    )
    s = session(model)
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (3, 3, 2, 4))
    assert "LNL-LDR-3" not in mods(rulings(events, "damage")[1])


def test_smc_wounded_then_eliminated() -> None:
    """LNL-DMG-2: a casualty wounds an SMC; a wounded SMC hit again is eliminated."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_leader", "0104", "x1")]))
    submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (6, 1, 6))  # DC 14 > 8
    assert get(s, "x1").wounded
    s2 = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_leader", "0104", "x1", wounded=True)]))
    submit(s2, m.Fire(side="allies", units=("a1",), target=hx(s2, "0104")), (6, 1, 6))
    assert get(s2, "x1") is None


def test_natural_one_creates_a_hero_on_an_odd_die() -> None:
    """LNL-DMG-4, LNL-HERO-4, LNL-HERO-1: natural 1 on an infantry DC, then a 3 (odd): a hero with a skill card."""
    s = _duel()
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (6, 1, 1, 3))
    heroes = [u for u in state(s).on_map("axis") if u.type == "de_hero"]
    assert said(events, "hero") and len(heroes) == 1 and heroes[0].skill and not heroes[0].shaken


def test_hero_parity_option_and_limit() -> None:
    """LNL-HERO-4 (Q20 option even), LNL-HERO-3: an odd die makes no hero when the option asks for even; a side
    with two heroes on the map gets no third."""
    s = _duel(rules={"hero_on_odd": False})
    submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (6, 1, 1, 3))
    assert not [u for u in state(s).on_map("axis") if u.type == "de_hero"]
    model = scenario(
        [unit("us_squad", "0101", "a1")],
        [unit("de_squad", "0104", "x1"), unit("de_hero", "0808", "x2"), unit("de_hero", "0807", "x3")],
    )
    s2 = session(model)
    events = submit(s2, m.Fire(side="allies", units=("a1",), target=hx(s2, "0104")), (6, 1, 1, 3))
    assert [e.rule_id for e in said(events, "no_hero")] == ["LNL-HERO-3"]


def test_smoke_in_target_hex_costs_one() -> None:
    """LNL-SMOKE-3: smoke in the target hex: −1 on the attack total."""
    s = _duel(start={"phase": "operations", "hex_markers": {"0104": ["smoke1"]}})
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (1, 6))
    assert mods(rulings(events, "fire")[0])["LNL-SMOKE-3"] == -1


def test_sniper_target_doubles_tem() -> None:
    """LNL-SNIPER-4 (Q14): a sniper spotted in woods defends with TEM 2 doubled."""
    model = scenario(
        [unit("us_squad", "0101", "a1")],
        [unit("de_sniper", "0104", "x1")],
        hexes={"0104": {"terrain": "woods"}},
        start={"phase": "operations", "hex_markers": {"0104": ["spotted"]}},
    )
    s = session(model)
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (1, 6))
    found = mods(rulings(events, "fire")[0])
    assert found["LNL-FIRE-6"] == -2 and found["LNL-SNIPER-4"] == -2


def _move_then_fire(type_: str, mode: str) -> list[object]:
    s = session(scenario([unit(type_, "0101", "a1")], [unit("de_squad", "0104", "x1")]))
    submit(s, m.StartMove(side="allies", units=("a1",), mode=mode, to=hx(s, "0102")))
    if state(s).steps:  # the axis may opportunity-fire at an assault mover (LNL-OPFIRE-1)
        submit(s, m.HoldFire(side="axis"))
    submit(s, m.Stop(side="allies"))
    assert state(s).moving is not None and state(s).moving.done
    return submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (1, 6))


def test_stealth_and_assault_movers_fire_at_minus_two() -> None:
    """LNL-STEALTH-6, LNL-ASSAULT-4, LNL-ASSAULT-5, LNL-SCOUT-1: a stealth-moved or assault-moved squad fires in
    the same action at −2; a stealth-moved scout does not lose the 2."""
    assert mods(rulings(_move_then_fire("us_para", "stealth"), "fire")[0])["LNL-STEALTH-6"] == -2
    assert mods(rulings(_move_then_fire("us_squad", "assault"), "fire")[0])["LNL-ASSAULT-4"] == -2
    assert "LNL-STEALTH-6" not in mods(rulings(_move_then_fire("us_scout", "stealth"), "fire")[0])


def test_hindrances_reduce_the_attack() -> None:
    """LNL-LOS-3, LNL-FIRE-4: one brush hex between firer and target: −1."""
    s = _duel(hexes={"0102": {"terrain": "brush"}})
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (1, 6))
    assert mods(rulings(events, "fire")[0])["LNL-LOS-3"] == -1

"""Combat (rulebook §10): declaring, odds and shifts, the CRT, losses, retreats and advances."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.systems.typhoon import messages as m
from app.systems.typhoon.odds import odds
from tests.systems.typhoon.helpers import (
    INF,
    PZ,
    activate,
    at,
    defaults,
    hq,
    hx,
    legal_of,
    scenario,
    session,
    state,
    submit,
    unit,
)

SOV = ("infantry", [4], [2], 3)


def fight(units: list[dict[str, Any]], **kw: Any):  # type: ignore[no-untyped-def]
    """A session in the Axis combat segment of GHQ's activation (GHQ at 0204, range 3)."""
    s = session(scenario([hq("ghq", "axis", "0204"), hq("shq", "soviet", "1008"), *units], **kw))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    return s


def shifts(s, attackers: tuple[str, ...], target: str) -> list[tuple[int, str]]:  # type: ignore[no-untyped-def]
    return [(x.value, x.rule_id) for x in odds(state(s), attackers, hx(s, target)).shifts if x.value]


def attack(s, units: tuple[str, ...], target: str, die: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Declare one attack and resolve it with ``die``."""
    submit(s, m.DeclareAttack(side="axis", units=units, target=hx(s, target)))
    return submit(s, m.ResolveAttack(side="axis", target=hx(s, target)).with_table_input([die], None))


BASE = [unit("a", "axis", "0404", PZ), unit("b", "axis", "0403", INF), unit("s", "soviet", "0504", SOV)]


def test_ty_shift_3_town_in_forest_shifts_two() -> None:
    """TY-SHIFT-3, TY-SHIFT-1: a town in light forest shifts two columns left; deep forest with a town three."""
    s = fight(BASE, terrain={"0504": "light_forest"}, marks=[{"at": "0504", "kind": "town"}])
    assert sum(v for v, _ in shifts(s, ("a",), "0504")) == -2
    found = odds(state(s), ("a", "b"), hx(s, "0504"))
    assert (found.attack, found.defence, found.label) == (12, 4, "1.5-1")  # 3-1 → 2-1 → 1.5-1
    s = fight(BASE, terrain={"0504": "deep_forest"}, marks=[{"at": "0504", "kind": "town"}])
    assert sum(v for v, _ in shifts(s, ("a",), "0504")) == -3


def test_ty_wx_2_ty_wx_4_ty_wx_7_mud_shifts_add_up() -> None:
    """TY-WX-2: in mud clear is light forest (1 left); TY-WX-4: mud adds one more; TY-WX-7, TY-SHIFT-4: they add up."""
    s = fight(BASE, first_turn=3)
    assert sorted(shifts(s, ("a",), "0504")) == [(-1, "TY-WX-2"), (-1, "TY-WX-4")]


def test_ty_wx_5_snow_favours_the_soviets() -> None:
    """TY-WX-5: in snow the Axis attacks two columns left (besides clear-as-forest, TY-WX-2)."""
    s = fight(BASE, first_turn=8)
    assert sorted(shifts(s, ("a",), "0504")) == [(-2, "TY-WX-5"), (-1, "TY-WX-2")]


def test_ty_wx_5_soviet_attack_in_snow_shifts_right() -> None:
    """TY-WX-5: a Soviet attack in snow shifts two right; with TY-SHIFT-6 a base below 1-1 may be brought back."""
    units = [unit("g", "axis", "0504", ("infantry", [5], [2], 3)), unit("s", "soviet", "0604", SOV)]
    s = session(scenario([hq("ghq", "axis", "0101"), hq("shq", "soviet", "0804"), *units], first_turn=8))
    activate(s, "SHQ", soviet=["SHQ"])
    found = odds(state(s), ("s",), hx(s, "0504"))
    assert found.base == -1 and found.label == "1-1"  # 4-5 is below the table; +2 -1 brings it to 1-1


def test_ty_odds_2_river_halves_each_crossing_unit() -> None:
    """TY-ODDS-2: only the units attacking across a river are halved (fractions dropped, TY-GEN-3); a bridge does not
    help; OQ-TY-4's alternative halves their sum once."""
    crossing = [
        unit("c", "axis", "0403", ("infantry", [5], [2], 3)),
        unit("d", "axis", "0503", ("infantry", [5], [2], 3)),
    ]
    sides = [{"a": "0403", "b": "0504", "kind": "river"}, {"a": "0503", "b": "0504", "kind": "river"}]
    sides.append({"a": "0403", "b": "0504", "kind": "bridge"})
    units = [unit("a", "axis", "0404", PZ), *crossing, unit("s", "soviet", "0504", SOV)]
    s = fight(units, hexsides=sides)
    assert odds(state(s), ("a", "c", "d"), hx(s, "0504")).attack == 8 + 2 + 2
    s = fight(units, hexsides=sides, options={"river_halving": "sum"})
    assert odds(state(s), ("a", "c", "d"), hx(s, "0504")).attack == 8 + 5


def test_ty_fort_1_soviets_in_a_fortified_hex_add_four() -> None:
    """TY-FORT-1, TY-ODDS-5, TY-FORT-2: +4 to the Soviet defence total, once; other terrain still counts."""
    s = fight(BASE, fortified=["0504"])
    found = odds(state(s), ("a", "b"), hx(s, "0504"))
    assert (found.attack, found.defence, found.label) == (12, 8, "1.5-1")


def test_ty_cbt_5_ty_odds_1_whole_stack_defends() -> None:
    """TY-CBT-5, TY-ODDS-1, TY-CBT-8: every unit in the hex defends; a mechanised unit uses its defence value."""
    units = [*BASE, unit("t", "soviet", "0504", ("armour", [6, 3], [3, 1], 5))]
    s = fight(units)
    assert odds(state(s), ("a",), hx(s, "0504")).defence == 7


def test_ty_cbt_7_declare_all_first_then_resolve() -> None:
    """TY-CBT-7: attacks are declared first; once one is resolved no more can be declared; TY-CBT-4: a hex once."""
    units = [*BASE, unit("s2", "soviet", "0505", SOV)]
    s = fight(units)
    submit(s, m.DeclareAttack(side="axis", units=("a",), target=hx(s, "0504")))
    assert not [c for c in legal_of(s, m.DeclareAttack) if c.target == hx(s, "0504")]
    assert not [c for c in legal_of(s, m.DeclareAttack) if "a" in c.units]  # TY-CBT-2: one attack a unit
    submit(s, m.ResolveAttack(side="axis", target=hx(s, "0504")).with_table_input([3], None))
    assert legal_of(s, m.DeclareAttack) == []


def test_ty_crt_5_r_retreats_toward_supply_and_ty_adv_2_mech_advances_two() -> None:
    """TY-CRT-5, TY-RET-8: on R the defender steps back one hex toward its source (1004); TY-ADV-1, TY-ADV-2,
    TY-ADV-7: the panzer may then advance two clear hexes, the first the vacated one; the infantry one."""
    s = fight(BASE)
    events = attack(s, ("a", "b"), "0504", 3)  # 12-4 = 3-1, die 3: R
    assert any("R." in e for e in events)
    decision = s.view().decision
    assert decision is not None and decision.rule_id == "TY-RET-8"
    defaults(s, "soviet")
    assert state(s).unit("s").hex in {hx(s, h) for h in ("0603", "0604", "0605")}  # each 4 hexes from 1004
    paths = {(c.unit, len(c.path)) for c in legal_of(s, m.Advance)}
    assert ("a", 2) in paths and ("b", 1) in paths and ("b", 2) not in paths
    assert all(c.path[0] == hx(s, "0504") for c in legal_of(s, m.Advance))


def test_ty_adv_3_mech_stops_after_a_town() -> None:
    """TY-ADV-3: a mechanised advance into a town stops there."""
    s = fight(BASE, marks=[{"at": "0504", "kind": "town"}])
    attack(s, ("a", "b"), "0504", 4)  # 12-4 3-1, town: 2-1, die 4: R
    defaults(s, "soviet")
    assert {len(c.path) for c in legal_of(s, m.Advance)} == {1}
    submit(s, m.Advance(side="axis", unit="a", path=(hx(s, "0504"),)))
    assert state(s).controller(hx(s, "0504")) == "axis"  # TY-ADV-9, TY-CITY-2


def test_ty_crt_3_attacker_chooses_its_loss() -> None:
    """TY-CRT-3, TY-LOSS-2: on A1 the attacker picks which unit loses the step (a flow decision, default first)."""
    s = fight(
        [
            unit("a", "axis", "0404", PZ),
            unit("b", "axis", "0403", INF),
            unit("s", "soviet", "0504", ("infantry", [12], [6], 3)),
        ]
    )
    attack(s, ("a", "b"), "0504", 1)  # 12-12 1-1, die 1: A2
    view = s.view("axis")
    assert view.decision is not None and view.decision.rule_id == "TY-LOSS-2"
    submit(s, m.LoseStep(side="axis", unit="b"))
    submit(s, m.LoseStep(side="axis", unit="b"))
    assert state(s).unit("b").box == "reserve"  # TY-LOSS-1, TY-REIN-8: eliminated non-mech Axis unit can return
    assert state(s).unit("a").reduced is False


def test_ty_loss_2_two_steps_flip_both_or_lose_one() -> None:
    """TY-LOSS-2 (the rulebook's example): two full units taking two steps: flip both, or eliminate one."""
    units = [
        unit("a", "axis", "0404", ("armour", [48, 5], [10, 3], 6)),
        unit("s", "soviet", "0504"),
        unit("t", "soviet", "0504"),
    ]
    for first, second, result in (("s", "t", {"s": True, "t": True}), ("s", "s", {"s": None, "t": False})):
        s = fight(units)
        attack(s, ("a",), "0504", 6)  # 48-8 6-1, die 6: 2RR
        assert state(s).steps[0].amount == 2
        submit(s, m.LoseStep(side="soviet", unit=first))
        submit(s, m.LoseStep(side="soviet", unit=second))
        found = {u: (state(s).unit(u).reduced if state(s).unit(u).hex is not None else None) for u in ("s", "t")}
        assert found == result


def test_ty_crt_6_defender_losses_then_retreat() -> None:
    """TY-CRT-6, TY-LOSS-2: on 2RR the Soviet player allocates two steps among the stack, survivors retreat two."""
    units = [
        unit("a", "axis", "0404", ("armour", [20, 5], [10, 3], 6)),
        unit("s", "soviet", "0504"),
        unit("t", "soviet", "0504"),
    ]
    s = fight(units)
    attack(s, ("a",), "0504", 5)  # 20-8 2-1, die 5: R
    units[0] = unit("a", "axis", "0404", ("armour", [40, 5], [10, 3], 6))
    s = fight(units)
    attack(s, ("a",), "0504", 5)  # 40-8 5-1, die 5: 1RR
    decision = s.view("soviet").decision
    assert decision is not None and {c.unit for c in decision.commands} == {"s", "t"}
    submit(s, m.LoseStep(side="soviet", unit="s"))
    defaults(s, "soviet")
    assert state(s).unit("s").reduced
    assert hx(s, "0504") not in {u.hex for u in state(s).units if u.side == "soviet"}


def test_ty_ret_6_retreat_into_ezoc_costs_a_step() -> None:
    """TY-RET-6: each EZOC hex entered in a retreat costs a step, even with a friendly unit there."""
    units = [*BASE, unit("c", "axis", "0704", INF), unit("f", "soviet", "0604")]
    s = fight(units, terrain=dict.fromkeys(("0503", "0505", "0603", "0605"), "lake"))
    events = attack(s, ("a", "b"), "0504", 3)  # R: the only hex toward supply, 0604, is in c's zone
    defaults(s, "soviet")
    assert state(s).unit("s").hex == hx(s, "0604")
    assert state(s).unit("s").reduced
    assert any("enemy zone of control" in e for e in events)


def test_ty_ret_5_surrounded_unit_is_eliminated() -> None:
    """TY-RET-5, TY-RET-4: a unit with no hex to retreat into is eliminated (Soviet: to the reserve, TY-REIN-8)."""
    ring = ["0403", "0503", "0505", "0603", "0604"]
    units = [
        unit("a", "axis", "0404", PZ),
        *(unit(f"r{i}", "axis", h, INF) for i, h in enumerate(ring)),
        unit("s", "soviet", "0504"),
    ]
    s = session(scenario([hq("ghq", "axis", "0304"), hq("shq", "soviet", "1008"), *units]))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    attack(s, ("a",), "0504", 4)  # 8-4 2-1, die 4: R
    assert state(s).unit("s").box == "reserve"


def test_ty_ret_7_overstacked_retreat_goes_on() -> None:
    """TY-RET-7, TY-STK-4: a retreat ending in a full stack goes one hex further."""
    units = [
        *BASE,
        unit("f1", "soviet", "0604"),
        unit("f2", "soviet", "0604"),
        unit("f3", "soviet", "0605"),
        unit("f4", "soviet", "0605"),
    ]
    s = fight(units, terrain={"0603": "lake"})
    events = attack(s, ("a", "b"), "0504", 3)  # 12-4 R: both hexes toward supply are full
    defaults(s, "soviet")
    here = state(s).unit("s").hex
    assert here is not None and len(state(s).at(here)) <= 2
    assert state(s).runtime.grid.distance(here, hx(s, "0504")) == 2
    assert any("overstack" in e for e in events)


def test_ty_ret_4_second_hex_across_an_unbridged_major_river_eliminates() -> None:
    """TY-RET-4: if the second retreat hex would cross an unbridged major river, the unit is eliminated."""
    from tests.systems.typhoon.test_movement import major_river

    units = [unit("a", "axis", "0204", ("armour", [40, 5], [10, 3], 6)), unit("s", "soviet", "0304")]
    lake = dict.fromkeys(("0303", "0305", "0203", "0205", "0403", "0405", "0306"), "lake")
    s = session(
        scenario([hq("ghq", "axis", "0104"), hq("shq", "soviet", "1008"), *units], terrain=lake, hexsides=major_river())
    )
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    attack(s, ("a",), "0304", 6)  # 40-4 10+, die 6: 4RR: eliminated by losses anyway
    assert state(s).unit("s").hex is None


def test_ty_odds_3_retreated_units_add_no_defence() -> None:
    """TY-ODDS-3: a unit that retreated into a hex this segment adds nothing to its defence."""
    units = [
        unit("a", "axis", "0404", PZ),
        unit("b", "axis", "0505", PZ),
        unit("s", "soviet", "0504"),
        unit("t", "soviet", "0604"),
    ]
    s = fight(units, terrain={"0603": "lake", "0605": "lake"})
    submit(s, m.DeclareAttack(side="axis", units=("a",), target=hx(s, "0504")))
    submit(s, m.DeclareAttack(side="axis", units=("b",), target=hx(s, "0604")))
    submit(s, m.ResolveAttack(side="axis", target=hx(s, "0504")).with_table_input([5], None))  # 8-4 2-1 die 5: R
    defaults(s, "soviet")
    assert state(s).unit("s").hex == hx(s, "0604")
    assert odds(state(s), ("b",), hx(s, "0604")).defence == 4


def test_ty_shift_6_attacks_below_one_to_one_are_not_offered() -> None:
    """TY-SHIFT-6, TY-CBT-1: an attack whose final column is below 1-1 is not legal."""
    s = fight([unit("b", "axis", "0403", INF), unit("s", "soviet", "0504", ("infantry", [9], [4], 3))])
    assert legal_of(s, m.DeclareAttack) == []
    with pytest.raises(IllegalCommandError):
        s.submit(m.DeclareAttack(side="axis", units=("b",), target=hx(s, "0504")))


def test_ty_cbt_3_only_activated_units_attack() -> None:
    """TY-CBT-3, TY-ACT-1: a unit outside the HQ's range was not activated and cannot attack."""
    s = fight([unit("far", "axis", "0604", PZ), unit("s", "soviet", "0704")])
    assert legal_of(s, m.DeclareAttack) == []


def test_describe_attack_gives_the_exact_distribution() -> None:
    """TY-CRT-2: before committing, the attack's CommandInfo gives the final column, every shift with its rule and the
    chance of each result; ``odds`` is the chance the defender is hurt."""
    s = fight(BASE)
    command = next(c for c in legal_of(s, m.DeclareAttack) if set(c.units) == {"a", "b"})
    info = s.describe(command)
    assert info.label.render("en") == "Attack 0504 at 3-1"
    assert "- 1/3" in info.hint.render("en") and "RR 1/3" in info.hint.render("en")
    assert info.odds == pytest.approx(4 / 6)
    assert set(info.actors) == {"a", "b"}


def test_ruling_explains_dice_shifts_and_result() -> None:
    """The combat ruling carries the die, every shift with its rule ID and the result (app.core.ruling)."""
    s = fight(BASE, terrain={"0504": "light_forest"}, marks=[{"at": "0504", "kind": "town"}])
    submit(s, m.DeclareAttack(side="axis", units=("a", "b"), target=hx(s, "0504")))
    events = s.submit(m.ResolveAttack(side="axis", target=hx(s, "0504")).with_table_input([6], None))
    ruling = next(e.ruling for e in events if e.ruling is not None)
    assert ruling.dice[0].natural == 6
    assert {x.rule_id for x in ruling.modifiers} == {"TY-SHIFT-1", "TY-SHIFT-3"}
    assert "1.5-1" in ruling.result.render("en")


def test_ty_rein_7_axis_mech_eliminated_never_returns() -> None:
    """TY-UNIT-4: TY-REIN-7: an eliminated Axis mechanised unit leaves the game."""
    s = fight(
        [unit("a", "axis", "0404", ("armour", [4, 2], None, 6)), unit("s", "soviet", "0504", ("infantry", [4], [2], 3))]
    )
    attack(s, ("a",), "0504", 1)  # 4-4 1-1 die 1: A2
    assert state(s).unit("a").box == "gone"
    assert at(s, "0404") == []

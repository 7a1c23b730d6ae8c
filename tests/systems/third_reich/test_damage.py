"""Damage: the two result tables cell by cell, the rulebook's worked examples, allocation and retreat."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.dice import Roller
from app.systems.third_reich.combat import hit_odds, resolve
from app.systems.third_reich.damage import allocate, allocator, apply_results, result, retreat_area, threshold
from app.systems.third_reich.messages import Attack, AttackResolved, PlayCard, Retreat
from tests.systems.third_reich.helpers import card, loc, session, state, submit, used

# (design, used, points) -> result. ge_lf is 3-2-2 (durability 2); ge_af 0-1-3 (4), durability 1;
# ge_ss durability 1; uk_nf 3-3-3 (durability 3).
LAND_FRONT = {0: "none", 1: "none", 2: "flip", 3: "flip", 4: "flip_retreat", 5: "flip_retreat", 6: "pool", 9: "pool"}
LAND_BACK = {0: "none", 1: "none", 2: "retreat", 3: "retreat", 4: "pool", 7: "pool"}
AIR_FRONT = {0: "none", 1: "flip", 2: "pool", 3: "pool"}
AIR_BACK = {0: "none", 1: "pool", 2: "pool"}


def _unit(design: str, area: str, is_used: bool):  # type: ignore[no-untyped-def]
    s = session([(design, area, 1, is_used), ("ge_lf", "berlin")])
    st = state(s)
    return st, st.unit(f"{design}_1")


@pytest.mark.parametrize(("points", "expected"), sorted(LAND_FRONT.items()))
def test_tr_dmg_1_land_front(points: int, expected: str) -> None:
    """TR-DMG-1, TR-DMG-5: a D = 2 land unit on its front: 1 nothing, 2-3 flip, 4-5 flip and retreat, 6+ pool."""
    st, unit = _unit("ge_lf", "berlin", False)
    assert result(st, unit, points) == expected


@pytest.mark.parametrize(("points", "expected"), sorted(LAND_BACK.items()))
def test_tr_dmg_1_land_back(points: int, expected: str) -> None:
    """TR-DMG-1: on its back, one multiple of durability is a retreat, two the pool."""
    st, unit = _unit("ge_lf", "berlin", True)
    assert result(st, unit, points) == expected


@pytest.mark.parametrize(("points", "expected"), sorted(AIR_FRONT.items()))
def test_tr_dmg_2_air_front(points: int, expected: str) -> None:
    """TR-DMG-2: an air unit (D = 1) on its front: 1 flips, 2 sends it to the pool; no retreat (TR-RET-5)."""
    st, unit = _unit("ge_af", "berlin", False)
    assert result(st, unit, points) == expected


@pytest.mark.parametrize(("points", "expected"), sorted(AIR_BACK.items()))
def test_tr_dmg_2_air_back(points: int, expected: str) -> None:
    """TR-DMG-2: a used air unit goes to the pool at one multiple of durability."""
    st, unit = _unit("ge_af", "berlin", True)
    assert result(st, unit, points) == expected


def test_tr_sub_4_submarine_uses_air_table() -> None:
    """TR-SUB-4, TR-DMG-2: a submarine takes the air table: flip at 1×D, pool at 2×D, never a retreat."""
    st, unit = _unit("ge_ss", "north_atlantic", False)
    assert [result(st, unit, p) for p in (0, 1, 2)] == ["none", "flip", "pool"]


def test_tr_dmg_1_surface_ship_multiples_of_three() -> None:
    """TR-DMG-1, TR-DMG-4: a D = 3 fleet: 2 points do nothing, 3 flip, 6 flip and retreat, 9 pool."""
    st, unit = _unit("uk_nf", "north_sea", False)
    assert [result(st, unit, p) for p in (2, 3, 6, 9)] == ["none", "flip", "flip_retreat", "pool"]


def test_tr_dmg_3_land_unit_at_sea_has_durability_one() -> None:
    """TR-DMG-3: a land unit in a sea area counts durability 1 (3 points: pool from the front)."""
    st, unit = _unit("ge_lf", "north_sea", False)
    assert result(st, unit, 1) == "flip"
    assert result(st, unit, 3) == "pool"


def test_tr_dmg_6_elimination_thresholds() -> None:
    """TR-DMG-6: land front 3×D, back 2×D; air front 2×D, back 1×D."""
    st, front = _unit("ge_lf", "berlin", False)
    assert threshold(st, front) == 6
    assert threshold(st, replace(front, used=True)) == 4
    st2, air = _unit("ge_af", "berlin", False)
    assert (threshold(st2, air), threshold(st2, replace(air, used=True))) == (2, 1)


def test_tr_dmg_7_owner_spreads_points_below_durability() -> None:
    """TR-DMG-7, TR-ALLOC-4: two D = 2 units take 2 points as 1 each (no effect); a third point flips one."""
    s = session([("po_lf", "warsaw", 1), ("fr_lf", "warsaw", 2), ("ge_lf", "berlin")])
    st = state(s)
    targets = tuple(u for u in st.units if u.nation == "FR")
    assert sorted(allocate(st, 2, targets, by_attacker=False).values()) == [1, 1]
    given = allocate(st, 3, targets, by_attacker=False)
    assert sorted(result(st, st.unit(u), p) for u, p in given.items()) == ["flip", "none"]


def test_tr_alloc_2_used_units_first() -> None:
    """TR-ALLOC-2: the defender's used units take points first, up to their elimination threshold."""
    s = session([("fr_lf", "paris", 1, True), ("fr_lf", "paris", 1), ("ge_lf", "berlin")])
    st = state(s)
    targets = tuple(u for u in st.units if u.nation == "FR")
    given = allocate(st, 5, targets, by_attacker=False)
    assert given["fr_lf_1"] == 4 and given["fr_lf_2"] == 1


def test_tr_alloc_5_points_beyond_every_threshold_are_lost() -> None:
    """TR-ALLOC-5: when every target unit reaches the pool the rest of the points is ignored."""
    s = session([("fr_lf", "paris", 1), ("ge_lf", "berlin")])
    st = state(s)
    given = allocate(st, 20, (st.unit("fr_lf_1"),), by_attacker=True)
    assert given == {"fr_lf_1": 6}


def test_tr_alloc_1_priority() -> None:
    """TR-ALLOC-1: air units decide first (attacker on a tie), then a fortress, then the highest attack, else
    the attacked side."""
    s = session([("ge_lf", "paris", 2), ("ge_af", "paris"), ("fr_lf", "paris"), ("fr_ft", "paris"), ("ge_ab", "paris")])
    st = state(s)
    ge = tuple(u for u in st.units if u.nation == "GE" and u.loc == "paris")
    fr = tuple(u for u in st.units if u.nation == "FR")
    assert allocator(st, ge, fr, "axis")[0] == "axis"  # German air unit in the combat
    land = tuple(u for u in ge if u.design == "ge_lf")
    assert allocator(st, land, fr, "axis") == ("allied", "fortress")
    lf_only = tuple(u for u in fr if u.design == "fr_lf")
    assert allocator(st, land, lf_only, "axis") == ("axis", "highest attack")  # 3 against 2
    airborne = (st.unit("ge_ab_1"),)  # attack 2 against the French 2: the attacked side allocates
    assert allocator(st, airborne, lf_only, "axis") == ("allied", "tie")


def test_tr_ret_2_retreat_only_to_friendly_area_without_enemies() -> None:
    """TR-RET-1, TR-RET-2, TR-RET-3: a land unit retreats to an adjacent friendly land area with no enemy
    control units; with none it goes to the pool."""
    s = session([("fr_lf", "low_countries"), ("ge_lf", "berlin")], nations={"BE": ("allied", "belligerent")})
    st = state(s)
    unit = st.unit("fr_lf_1")
    assert retreat_area(st, unit) in ("paris", "london")  # friendly; not Germany
    st2 = st.with_control({"paris": "GE", "london": "GE"})
    assert retreat_area(st2, unit) is None
    st3, notes = apply_results(st2, {"fr_lf_1": 4})
    assert st3.unit("fr_lf_1").loc == "pool" and notes


def test_tr_ft_1_fortress_leaves_the_game() -> None:
    """TR-FT-1, TR-DMG-8: a fortress sent to the pool is removed from the game."""
    s = session([("fr_ft", "paris"), ("ge_lf", "berlin")])
    st, _ = apply_results(state(s), {"fr_ft_1": 9})
    assert st.unit("fr_ft_1").loc == "removed"


def test_tr_hit_1_one_die_per_attacker_hits_at_or_under_attack() -> None:
    """TR-HIT-1, TR-HIT-2, TR-ATK-1: three German infantry (attack 3) roll 3, 4, 1: two hits, two points on
    the lone Polish unit (D = 1, used? no: front: 2 points = 2×D = flip and retreat)."""
    cards = [card("a", "axis"), card("b", "axis")]  # a card left keeps the turn going
    s = session([("ge_lf", "warsaw", 3), ("po_lf", "warsaw"), ("ge_lf", "berlin")], cards=cards)
    submit(s, PlayCard(side="axis", card="a"))
    group = ("ge_lf_1", "ge_lf_2", "ge_lf_3")
    events = submit(s, Attack(side="axis", units=group, target="warsaw"), dice=[3, 4, 1])
    ruling = next(e.ruling for e in events if e.ruling is not None)
    assert [d.success for d in ruling.dice] == [True, False, True]
    assert all(used(s, u) for u in group)
    assert "flipped and retreats" in " ".join(n.render() for n in ruling.notes)
    # TR-RET-1, TR-VIOL-4: the Poles choose where to retreat (Galicia, Brest, the pool, or empty neutral Hungary)
    assert {c.to for c in s.legal_commands("allied") if isinstance(c, Retreat)} == {
        "galicia",
        "brest",
        "pool",
        "hungary",
    }
    events = submit(s, Retreat(side="allied", unit="po_lf_1", to="galicia"))
    assert any(e.rule_id == "TR-RET-1" for e in events)
    # TR-POL-1, TR-POL-2: the Axis card has nothing left to do, so the round ends: Warsaw is German, Poland
    # surrenders, the unit that retreated to Galicia goes to the pool and Galicia and Brest become Soviet.
    assert any(e.rule_id == "TR-POL-1" for e in events)
    assert loc(s, "po_lf_1") == "pool"
    assert state(s).controller("galicia") == "SU" and state(s).controller("brest") == "SU"


def test_tr_dmg_5_no_retreat_means_pool() -> None:
    """TR-DMG-5, TR-RET-3: the worked example's last line: a unit that must retreat but cannot goes to the pool."""
    s = session([("po_lf", "warsaw"), ("ge_lf", "berlin")])
    st = state(s).with_control({"galicia": "GE", "brest": "GE", "hungary": "GE"})
    st, _ = apply_results(st, {"po_lf_1": 2})
    assert st.unit("po_lf_1").loc == "pool" and not st.stack
    # TR-VIOL-4: with only an empty neutral area next door the owner chooses: the pool or a violation
    st2, _ = apply_results(state(s).with_control({"galicia": "GE", "brest": "GE"}), {"po_lf_1": 2})
    assert st2.stack and st2.stack[0].kind == "retreat" and st2.unit("po_lf_1").loc == "warsaw"


def test_tr_hit_1_exact_distribution() -> None:
    """TR-HIT-1, TR-CA-4: the odds are exact: two attack-3 units give 0, 1, 2 points with ¼, ½, ¼; doubled
    they give 0, 2, 4."""
    s = session([("ge_lf", "berlin", 2)])
    st = state(s)
    group = (st.unit("ge_lf_1"), st.unit("ge_lf_2"))
    assert hit_odds(st, group, False) == pytest.approx([0.25, 0.5, 0.25])
    assert hit_odds(st, group, False, double=True) == pytest.approx([0.25, 0, 0.5, 0, 0.25])


def test_tr_ca_4_doubled_points_make_a_retreat() -> None:
    """TR-CA-4: one hit doubled is two points: a used D = 2 land unit retreats."""
    s = session([("fr_lf", "paris", 1, True), ("ge_lf", "paris"), ("ge_lf", "berlin")])
    st = state(s)
    roller = Roller(st.dice, (1,), None)
    after, (event, *_) = resolve(st, (st.unit("ge_lf_1"),), (st.unit("fr_lf_1"),), "axis", roller, double=True)
    assert isinstance(event, AttackResolved) and event.points == 2
    assert after.stack[0].kind == "retreat" and after.stack[0].units == ("fr_lf_1",)  # used: 2×D is a retreat


def test_tr_alloc_1_fortresses_on_both_sides_skip_to_attack() -> None:
    """TR-ALLOC-1 (OQ-TR-9): with fortresses on both sides the highest attack decides."""
    s = session([("ge_ft", "paris"), ("ge_tf", "paris"), ("fr_ft", "paris"), ("fr_lf", "paris"), ("ge_lf", "berlin")])
    st = state(s)
    ge = tuple(u for u in st.units if u.loc == "paris" and u.nation == "GE")
    fr = tuple(u for u in st.units if u.nation == "FR")
    assert allocator(st, ge, fr, "axis") == ("axis", "highest attack")

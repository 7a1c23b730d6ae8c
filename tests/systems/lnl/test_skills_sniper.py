"""Hero skill cards with effects (LNL-HERO-1) and the sniper's own table (LNL-SNIPER-3), with explicit dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.errors import IllegalCommandError
from app.core.i18n import Text
from app.systems.lnl import messages as m
from app.systems.lnl.melee import kill_number
from app.systems.lnl.tables import UnitClass, tables
from tests.systems.lnl.helpers import get, hx, mods, rulings, scenario, session, state, submit, unit


def test_every_skill_card_has_an_effect() -> None:
    """LNL-HERO-1: every card of the deck (data/tables.json) says where it acts."""
    assert set(tables().hero_skills) <= set(tables().skill_effects)


def _hero_fire(skill: str, dice: tuple[int, ...]) -> dict[str, int]:
    model = scenario(
        [unit("us_hero", "0101", "a1", skill=skill), unit("us_squad", "0101", "a2")],
        [unit("de_squad", "0104", "x1")],
    )
    s = session(model)
    events = submit(s, m.Fire(side="allies", units=("a1", "a2"), target=hx(s, "0104")), dice)
    return mods(rulings(events, "fire")[0])


def test_lnl_hero_1_steady_aim_adds_one_to_the_groups_attack() -> None:
    """LNL-HERO-1 (Steady Aim, fire): a group with the hero attacks at +1; another card adds nothing to fire."""
    assert _hero_fire("steady_aim", (1, 6, 3))["LNL-HERO-1"] == 1  # 1 + 5 FP + 1 = 7 beats 6
    assert "LNL-HERO-1" not in _hero_fire("tough", (1, 6))  # 1 + 5 = 6: no effect


def test_lnl_hero_1_the_ambush_adds_one_in_opportunity_fire_only() -> None:
    """LNL-HERO-1 (The Ambush, opfire): +1 when the hero's group fires at a moving stack, nothing otherwise."""
    assert "LNL-HERO-1" not in _hero_fire("ambush", (1, 6))
    model = scenario(
        [unit("us_squad", "0104", "a1")],
        [unit("de_hero", "0101", "x1", skill="ambush"), unit("de_squad", "0101", "x2")],
    )
    s = session(model)
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0103")))
    assert state(s).steps and state(s).steps[0].side == "axis"
    events = submit(s, m.OpFire(side="axis", units=("x1", "x2")), (1, 6, 3))
    assert mods(rulings(events, "fire")[0])["LNL-HERO-1"] == 1


def test_lnl_hero_1_inspiring_helps_rally() -> None:
    """LNL-HERO-1 (Inspiring, rally), LNL-HERO-2: a Shaken squad with the hero rallies at −1 more."""
    model = scenario(
        [unit("us_squad", "0101", "a1", status="shaken"), unit("us_hero", "0101", "a2", skill="inspiring")],
        [unit("de_squad", "0808", "x1")],
        start={"phase": "rally"},
    )
    s = session(model)
    submit(s, m.RollInitiative(side="allies"), (6, 1))
    events = submit(s, m.Rally(side="allies", unit="a1"), (3, 3))
    ruling = rulings(events, "rally")[0]
    assert mods(ruling)["LNL-HERO-1"] == -1 and ruling.dice[0].modified == 5 and not get(s, "a1").shaken


def test_lnl_hero_1_tough_as_nails_lowers_his_own_damage_checks() -> None:
    """LNL-HERO-1 (Tough as Nails, damage): AT 6 + 3 against DT 1: the hero's DC is 5 + 8 − 1 = 12."""
    model = scenario([unit("us_squad", "0101", "a1")], [unit("de_hero", "0104", "x1", skill="tough")])
    s = session(model)
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (6, 1, 5))
    dc = rulings(events, "damage")[0]
    assert mods(dc)["LNL-HERO-1"] == -1 and dc.dice[0].modified == 5 + 8 - 1


def test_lnl_hero_1_quick_adds_one_mp() -> None:
    """LNL-HERO-1 (Quick, move): the hero moves 7 MP instead of 6 (seven open hexes in a row)."""

    def reach(skill: str) -> int:
        s = session(scenario([unit("us_hero", "0101", "a1", skill=skill)], [unit("de_squad", "1008", "x1")]))
        submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
        steps = 1
        for row in range(3, 9):
            if not any(isinstance(c, m.MoveOn) and c.to == hx(s, f"01{row:02d}") for c in s.legal_commands()):
                break
            submit(s, m.MoveOn(side="allies", to=hx(s, f"01{row:02d}")))
            steps += 1
        return steps

    assert reach("tough") == 6 and reach("quick") == 7


def test_lnl_hero_1_friendly_fire_shifts_melee_one_more_column() -> None:
    """LNL-HERO-1 (Friendly Fire, melee), LNL-HERO-2: the hero's side's melee column moves two to the right."""
    model = scenario(
        [unit("us_squad", "0101", "a1"), unit("us_hero", "0101", "a2", skill="friendly_fire")],
        [unit("de_squad", "0102", "x1")],
    )
    s = session(model)
    st = state(s)
    att = [st.get("a1"), st.get("a2")]
    plain = [st.get("a1"), replace(st.get("a2"), skill="tough")]
    with_card, _, _ = kill_number(att, [st.get("x1")], st)
    without, _, _ = kill_number(plain, [st.get("x1")], st)
    columns = tables().melee_columns
    assert columns.index(with_card) == columns.index(without) + 1


# --- the sniper ----------------------------------------------------------------------------------------------------
def _sniper(target_terrain: str = "clear", **extra: object) -> object:
    hexes = {"0105": {"terrain": target_terrain}} if target_terrain != "clear" else None
    return session(scenario([unit("us_sniper", "0101", "a1")], [unit("de_squad", "0105", "x1", **extra)], hexes=hexes))


@pytest.mark.parametrize(("dice", "result"), [((1, 2), "de_half"), ((2, 3), "shaken"), ((3, 3), "none")])
def test_lnl_sniper_3_sniper_table(dice: tuple[int, int], result: str) -> None:
    """LNL-SNIPER-3 (authored table, data/tables.json sniper): 2D6 ≤ 3 casualty, 4-5 Shaken, 6+ nothing; one unit
    only; the sniper is marked Fired."""
    s = _sniper()
    shot = m.Snipe(side="allies", unit="a1", target="x1")
    assert s.describe(shot).odds == pytest.approx(10 / 36)  # 2D6 ≤ 5 on open ground
    events = submit(s, shot, dice)
    ruling = rulings(events, "snipe")[0]
    assert ruling.rule_id == "LNL-SNIPER-3" and ruling.dice[0].modified == sum(dice)
    x1 = get(s, "x1")
    assert {"de_half": x1.type == "de_half", "shaken": x1.shaken, "none": not x1.shaken}[result]
    assert get(s, "a1").has("fired") and s.active_side() == "axis"


def test_lnl_sniper_3_terrain_and_spotting() -> None:
    """LNL-SNIPER-2, LNL-SNIPER-3: a target in woods must be exposed; spotted, its TEM adds to the sniper roll."""
    s = _sniper("woods")
    assert not [c for c in s.legal_commands() if isinstance(c, m.Snipe)]
    with pytest.raises(IllegalCommandError):
        submit(s, m.Snipe(side="allies", unit="a1", target="x1"), (1, 1))
    s2 = session(
        scenario(
            [unit("us_sniper", "0101", "a1")],
            [unit("de_squad", "0105", "x1")],
            hexes={"0105": {"terrain": "woods"}},
            start={"phase": "operations", "hex_markers": {"0105": ["spotted"]}},
        )
    )
    events = submit(s2, m.Snipe(side="allies", unit="a1", target="x1"), (1, 2))
    assert mods(rulings(events, "snipe")[0])["LNL-FIRE-6"] == 2 and get(s2, "x1").shaken


def test_lnl_sniper_3_sniper_does_not_join_fire_groups() -> None:
    """LNL-SNIPER-3: a sniper fires alone on its table, never in a fire group."""
    s = session(
        scenario([unit("us_sniper", "0101", "a1"), unit("us_squad", "0101", "a2")], [unit("de_squad", "0104", "x1")])
    )
    assert all("a1" not in c.units for c in s.legal_commands() if isinstance(c, m.Fire))
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.Fire(side="allies", units=("a1", "a2"), target=hx(s, "0104")), (3, 3))
    assert err.value.rule_id == "LNL-SNIPER-3"


# --- counters in both languages ------------------------------------------------------------------------------------
def test_counter_and_marker_abbreviations_per_language() -> None:
    """Every counter class and hex marker has an English and a Chinese short name (data/tables.json); the view
    prints them in the display language (SQ / 班, SPT / 已发现)."""
    classes = set(UnitClass.__args__)  # type: ignore[attr-defined]
    assert classes <= set(tables().class_abbr)
    s = session(
        scenario(
            [unit("us_squad", "0101", "a1"), unit("us_medic", "0101", "a2")],
            [unit("de_squad", "0104", "x1")],
            start={"phase": "operations", "hex_markers": {"0104": ["spotted"]}},
        )
    )
    view = s.view("allies")
    labels = {c.id: c.label for c in view.counters}
    assert isinstance(labels["a1"], Text) and labels["a1"].render("en") == "SQ" and labels["a1"].render("zh_CN") == "班"
    assert labels["a2"].render("zh_CN") == "医护"  # type: ignore[union-attr]
    spotted = next(x for x in view.markers if x.kind == "spotted")
    assert isinstance(spotted.label, Text) and spotted.label.render("zh_CN") == "已发现"


def test_inspector_names_the_skill_card_and_its_effect() -> None:
    """LNL-HERO-1: the hero's counter details name his card and what it does, in both languages."""
    s = session(scenario([unit("us_hero", "0101", "a1", skill="steady_aim")], [unit("de_squad", "0808", "x1")]))
    hero = next(c for c in s.view("allies").counters if c.id == "a1")
    value = next(v for k, v in hero.details if k.render("en") == "Hero skill")
    assert isinstance(value, Text)
    assert value.render("en") == "Steady Aim: +1 to his fire group's attack"
    assert value.render("zh_CN").endswith("其射击组攻击 +1")

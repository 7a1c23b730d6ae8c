"""Audit against the quick reference (seed 003): each case is one discrepancy fixed this session, derived from
the seed's own words and numbers, with explicit dice (docs/lnl-decisions.md, "Audit against the rulebook")."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import messages as m
from app.systems.lnl.forces import lm
from app.systems.lnl.spotting import exposed
from tests.systems.lnl.helpers import get, hx, mods, rulings, said, scenario, session, state, submit, unit

FAR = unit("de_squad", "1008", "x9")  # out of everyone's range: it cannot opportunity-fire


def _gun(s: Any, firer: str, target: str, dice: tuple[int, ...]) -> list[Any]:
    return submit(s, m.Fire(side="allies", units=(firer,), target=hx(s, target), gun=True), dice)


def test_lnl_dmg_2_a_wounded_smc_is_flipped_and_marked() -> None:
    """LNL-DMG-2, LNL-LDR-4: AT 3 + 5 = 8 against DT 2: the leader's DC 3 + 6 = 9 is above his morale 8, a
    wound: the leader is flipped (Shaken) and marked Wounded, so he lends no LM until he rallies."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_leader", "0104", "x1")]))
    submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104")), (5, 2, 3))
    leader = get(s, "x1")
    assert leader is not None and leader.wounded and leader.shaken
    assert lm(state(s), leader) == 0


def test_lnl_he_1_moving_bonus_only_for_moved_and_assault_markers() -> None:
    """LNL-HE-1: +1 HE against a target with a Moved or Assault Move marker; a Low Crawl marker gives nothing
    (Sherman HE 4)."""
    found = {}
    for marker in ("moved", "assault_move", "low_crawl"):
        s = session(
            scenario(
                [unit("us_sherman", "0101", "a1", facing=5)], [unit("de_squad", "0105", "x1", markers=[marker]), FAR]
            )
        )
        events = _gun(s, "a1", "0105", (3, 3, 1, 6, 1, 6))
        found[marker] = mods(rulings(events, "he")[0])["LNL-HE-1"]
    assert found == {"moved": 5, "assault_move": 5, "low_crawl": 4}


def test_lnl_sniper_4_terrain_doubled_against_he_and_vehicle_mgs() -> None:
    """LNL-SNIPER-4: a sniper in woods (TEM 2) defends with 2 + 2 against a tank's HE and against its MG."""
    s = session(
        scenario(
            [unit("us_sherman", "0101", "a1", facing=5)],
            [unit("de_sniper", "0105", "x1", markers=["fired"]), FAR],
            hexes={"0105": {"terrain": "woods"}},
        )
    )
    events = _gun(s, "a1", "0105", (3, 3, 1, 6, 1, 6))
    he = mods(rulings(events, "he")[0])
    assert he["LNL-FIRE-6"] == -2 and he["LNL-SNIPER-4"] == -2
    assert mods(rulings(events, "fire")[0])["LNL-SNIPER-4"] == -2


def test_lnl_crawl_2_low_crawl_into_open_ground_exposes() -> None:
    """LNL-CRAWL-2, LNL-OPFIRE-2: a squad crawling from woods into open ground is exposed (the enemy may then fire
    at it in its own impulse), though it drew no opportunity fire; crawling into brush it stays hidden."""
    for terrain, seen in (("open", True), ("brush", False)):
        s = session(
            scenario(
                [unit("us_squad", "0101", "a1")],
                [unit("de_squad", "0105", "x1")],
                hexes={"0101": {"terrain": "woods"}, "0102": {"terrain": terrain}},
            )
        )
        submit(s, m.StartMove(side="allies", units=("a1",), mode="low_crawl", to=hx(s, "0102")))
        assert state(s).active == "axis" and exposed(state(s), get(s, "a1")) is seen
        fire = m.Fire(side="axis", units=("x1",), target=hx(s, "0102"))
        if seen:
            submit(s, fire, (1, 6))
        else:
            with pytest.raises(IllegalCommandError) as err:
                submit(s, fire, (1, 6))
            assert err.value.rule_id == "LNL-FIRE-1"


def test_lnl_melee_1_only_the_same_storey_melees() -> None:
    """LNL-MELEE-1, LNL-MOVE-8: entering a two-storey building whose enemy is upstairs is no melee; climbing to
    his storey (1 MP) is, and 2D6 = 12 at 1:1 (kill 8) eliminates him."""
    s = session(
        scenario(
            [unit("us_squad", "0101", "a1")],
            [unit("de_squad", "0102", "x1", level=1, markers=["fired"])],
            hexes={"0102": {"terrain": "building", "storeys": 2}},
        )
    )
    events = submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    assert not said(events, "melee") and not said(events, "melee_rout")
    assert not state(s).hex_has(hx(s, "0102"), "melee") and state(s).moving is not None
    events = submit(s, m.MoveOn(side="allies", to=hx(s, "0102"), level=1), (6, 6))
    assert rulings(events, "melee")[0].target == 8 and get(s, "x1") is None


def test_lnl_melee_8_leader_lm_only_from_the_same_storey() -> None:
    """LNL-MELEE-8, LNL-LDR-3: a leader on the upper storey lends no LM to a melee on the ground floor."""
    s = session(
        scenario(
            [unit("us_squad", "0101", "a1"), unit("us_leader", "0102", "a2", level=1, markers=["fired"])],
            [unit("de_squad", "0102", "x1")],
            hexes={"0102": {"terrain": "building", "storeys": 2}},
        )
    )
    events = submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")), (6, 6))
    assert "LNL-MELEE-8" not in mods(rulings(events, "melee")[0])


def test_lnl_move_7_no_minimum_move_next_to_a_shaken_enemy() -> None:
    """LNL-MOVE-7: the minimum move may not end next to any enemy unit, a Shaken one included."""
    s = session(
        scenario(
            [unit("us_57mm", "0101", "a1")],
            [unit("de_squad", "0103", "x1", status="shaken")],
            hexes={"0102": {"terrain": "woods"}},
        )
    )
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    assert err.value.rule_id == "LNL-MOVE-7"


def test_lnl_spot_6_a_unit_in_a_stream_can_be_spotted() -> None:
    """LNL-SPOT-1, LNL-SPOT-6: a squad in a stream (cover that neither hinders nor blocks) is hidden; a spotting
    roll of 3 finds it (read as hindering terrain, docs/lnl-decisions.md)."""
    s = session(
        scenario(
            [unit("us_squad", "0101", "a1")], [unit("de_squad", "0104", "x1")], hexes={"0104": {"terrain": "stream"}}
        )
    )
    spot = m.Spot(side="allies", unit="a1", target=hx(s, "0104"))
    assert any(c.key() == spot.key() for c in s.legal_commands("allies"))
    events = submit(s, spot, (3,))
    assert rulings(events, "spot")[0].target == 3 and state(s).hex_has(hx(s, "0104"), "spotted")


def test_lnl_sniper_1_placed_only_where_it_may_stand() -> None:
    """LNL-SNIPER-1, LNL-STACK-2: a sniper is placed in a hex with no enemy, never in water and never over the
    two-SMC limit."""
    s = session(
        scenario(
            [
                unit("us_sniper", "0101", "a1", off_map=True),
                unit("us_leader", "0102", "a2"),
                unit("us_captain", "0102", "a3"),
            ],
            [unit("de_squad", "0105", "x1")],
            hexes={"0103": {"terrain": "water"}},
        )
    )
    posts = {c.at for c in s.legal_commands("allies") if isinstance(c, m.PlaceSniper)}
    assert hx(s, "0101") in posts and hx(s, "0104") in posts
    assert not posts & {hx(s, "0102"), hx(s, "0103"), hx(s, "0105")}


def test_lnl_hw_3_smoke_in_the_target_hex_worsens_the_to_hit_roll() -> None:
    """LNL-HW-3, LNL-SMOKE-3: the other DRMs still apply to a to-hit roll: smoke in the target hex is +1 (worse),
    so 2D6 = 9 misses a to-hit number of 9; the vehicle's MG still fires, with −1 for the smoke."""
    s = session(
        scenario(
            [unit("us_sherman", "0101", "a1", facing=5)],
            [unit("de_squad", "0105", "x1"), FAR],
            start={"phase": "operations", "hex_markers": {"0105": ["smoke1"]}},
        )
    )
    events = _gun(s, "a1", "0105", (4, 5, 1, 6))
    hit = rulings(events, "to_hit")[0]
    assert mods(hit)["LNL-SMOKE-3"] == 1 and hit.target == 9 and not hit.dice[0].success
    assert mods(rulings(events, "fire")[0])["LNL-SMOKE-3"] == -1


def test_lnl_move_9_all_withdrawn_lifts_the_melee_and_draws_opportunity_fire() -> None:
    """LNL-MOVE-9, LNL-OPFIRE-1: the only US squad in the melee passes its withdrawal check (6 ≤ 6): the Melee
    marker comes off, and the German squad left in the hex may opportunity-fire at it as it leaves (+1 moving)."""
    s = session(
        scenario(
            [unit("us_squad", "0103", "a1")],
            [unit("de_squad", "0103", "x1"), FAR],
            start={"phase": "operations", "hex_markers": {"0103": ["melee"]}},
        )
    )
    events = submit(s, m.Withdraw(side="allies", units=("a1",), to=hx(s, "0102")), (3, 3))
    assert said(events, "melee_over") and not state(s).hex_has(hx(s, "0103"), "melee")
    assert state(s).steps and state(s).steps[0].kind == "opfire" and state(s).active == "allies"
    events = submit(s, m.OpFire(side="axis", units=("x1",)), (1, 6))
    assert mods(rulings(events, "fire")[0])["LNL-OPFIRE-7"] == 1
    assert get(s, "x1").has("fired") and state(s).active == "axis" and state(s).moving is None


def test_lnl_move_9_no_opportunity_fire_while_the_melee_goes_on() -> None:
    """LNL-MOVE-9: one of two US squads fails its check (8 > 6): the melee goes on, its marker stays, and the
    squad that left draws no opportunity fire."""
    s = session(
        scenario(
            [unit("us_squad", "0103", "a1"), unit("us_squad", "0103", "a2")],
            [unit("de_squad", "0103", "x1"), FAR],
            start={"phase": "operations", "hex_markers": {"0103": ["melee"]}},
        )
    )
    submit(s, m.Withdraw(side="allies", units=("a1", "a2"), to=hx(s, "0102")), (3, 3, 4, 4))
    assert get(s, "a1").hex == hx(s, "0102") and get(s, "a2").hex == hx(s, "0103")
    assert state(s).hex_has(hx(s, "0103"), "melee") and not state(s).steps and state(s).active == "axis"


def test_lnl_fire_1_each_storey_is_spotted_on_its_own() -> None:
    """LNL-FIRE-1, LNL-SPOT-2, LNL-SPOT-6: German squads on both storeys of a two-storey house (blocking: a final
    2 spots); spotting the upper storey exposes only the squad there: fire at it is allowed, at the ground floor
    it is refused."""
    s = session(
        scenario(
            [unit("us_squad", "0101", "a1"), unit("us_squad", "0201", "a2")],
            [unit("de_squad", "0104", "x1"), unit("de_squad", "0104", "x2", level=1), FAR],
            hexes={"0104": {"terrain": "building", "storeys": 2}},
        )
    )
    spots = {c.level for c in s.legal_commands("allies") if isinstance(c, m.Spot) and c.unit == "a1"}
    assert spots == {0, 1}
    events = submit(s, m.Spot(side="allies", unit="a1", target=hx(s, "0104"), level=1), (2,))
    assert rulings(events, "spot")[0].target == 2
    assert exposed(state(s), get(s, "x2")) and not exposed(state(s), get(s, "x1"))
    submit(s, m.Pass(side="axis"))
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.Fire(side="allies", units=("a2",), target=hx(s, "0104"), level=0), (1, 6))
    assert err.value.rule_id == "LNL-FIRE-1"
    submit(s, m.Fire(side="allies", units=("a2",), target=hx(s, "0104"), level=1), (1, 6))


def test_lnl_melee_5_the_attacker_picks_its_targets() -> None:
    """LNL-MELEE-5, LNL-MELEE-7, LNL-MELEE-8, LNL-MELEE-9: a squad (3) moves into a hex with a German squad (3)
    and half-squad (1). The attacker is asked which to attack, all of them by default (3 against 4: 1:1, kill 8).
    It picks the half-squad alone: 3:1, kill 5; 3 + 2 eliminates it; the German squad, still able to fight,
    strikes back at 1:1 and misses (2); both stay locked under a Melee marker."""
    s = session(
        scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0102", "x1"), unit("de_half", "0102", "x2"), FAR])
    )
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    step = state(s).steps[0]
    assert step.kind == "melee" and step.side == "allies"
    options = [c.targets for c in s.legal_commands("allies") if isinstance(c, m.MeleeTargets)]
    assert options == [("x1",), ("x2",), ("x1", "x2")]
    assert s.view("allies").decision is not None
    events = submit(s, m.MeleeTargets(side="allies", hex=hx(s, "0102"), targets=("x2",)), (3, 2, 1, 1))
    first, reply = rulings(events, "melee")
    assert (first.target, first.dice[0].modified) == (5, 5) and reply.target == 8
    assert get(s, "x2") is None and get(s, "x1") is not None and get(s, "a1") is not None
    assert state(s).hex_has(hx(s, "0102"), "melee") and state(s).active == "axis" and not state(s).steps


def test_lnl_melee_5_all_targets_the_default_choice() -> None:
    """LNL-MELEE-5, LNL-MELEE-7: against both defenders (3 against 4) the column is 1:1, kill 8: a 7 fails, and
    the defenders' reply (4 against 3: 2:1, kill 6) with a 6 eliminates the attacker."""
    s = session(
        scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0102", "x1"), unit("de_half", "0102", "x2"), FAR])
    )
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    events = submit(s, m.MeleeTargets(side="allies", hex=hx(s, "0102"), targets=("x1", "x2")), (3, 4, 3, 3))
    first, reply = rulings(events, "melee")
    assert (first.target, reply.target) == (8, 6) and get(s, "a1") is None


def test_lnl_spot_1_an_overrun_hex_is_exposed() -> None:
    """LNL-SPOT-1, LNL-SPOT-2, LNL-OVERRUN-4: a half-track overruns a squad in brush (1 + 2 = 3 against 6: no
    effect); the hex an enemy drove through carries a Spotted marker, so the squad stays exposed after the
    vehicle has gone on."""
    s = session(
        scenario(
            [unit("us_halftrack", "0103", "a1", facing=5)],
            [unit("de_squad", "0104", "x1"), FAR],
            hexes={"0104": {"terrain": "brush"}},
        )
    )
    submit(s, m.Overrun(side="allies", vehicle="a1", to=hx(s, "0104")), (1, 6))
    assert state(s).hex_has(hx(s, "0104"), "spotted")
    submit(s, m.LetPass(side="axis"))
    submit(s, m.MoveOn(side="allies", to=hx(s, "0105")))
    while state(s).steps:
        submit(s, m.HoldFire(side="axis"))
    assert get(s, "a1").hex == hx(s, "0105") and exposed(state(s), get(s, "x1"))


ODDTANK: dict[str, Any] = {
    "id": "oddtank",
    "name_en": "Odd tank",
    "name_zh": "怪坦克",
    "cls": "vehicle",
    "mp": 6,
    "morale": 7,
    "move_type": "T",
    "hull": {"front": 2, "side": 5, "rear": 1},
}


def test_lnl_pen_3_a_boundary_hit_takes_the_weaker_armour() -> None:
    """LNL-PEN-3, LNL-PEN-6: a shot exactly on the front/side boundary of a tank whose side (5) is thicker than its
    front (2) strikes the front, the better for the attacker: 2 + 7 = 9 against 5 + 2 = 7 destroys it (the crew
    escape roll 6: lost)."""
    s = session(
        scenario(
            [unit("us_sherman", "0604", "a1", facing=4)],
            [unit("oddtank", "0505", "x1", facing=2), FAR],
            unit_types=[ODDTANK],
        )
    )
    events = _gun(s, "a1", "0505", (3, 3, 2, 5, 6))
    pen = rulings(events, "pen")[0]
    assert mods(pen)["LNL-PEN-3"] == -2 and pen.dice[0].modified == 9
    assert get(s, "x1").wreck


def test_lnl_hero_4_the_hero_appears_on_the_units_storey() -> None:
    """LNL-HERO-4, LNL-DMG-4: a squad upstairs in a house (TEM 2) is hit, 3 + 6 = 9 against 1 + 2; its DC rolls a
    natural 1 (1 + 6 = 7 > 6: a casualty), then a 3 (odd): the hero appears beside it, on the same storey."""
    s = session(
        scenario(
            [unit("us_squad", "0101", "a1")],
            [unit("de_squad", "0104", "x1", level=1, markers=["fired"])],
            hexes={"0104": {"terrain": "building", "storeys": 2}},
        )
    )
    submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0104"), level=1), (6, 1, 1, 3))
    heroes = [u for u in state(s).on_map("axis") if u.type.startswith("de_hero")]
    assert len(heroes) == 1 and (heroes[0].hex, heroes[0].level) == (hx(s, "0104"), 1)


def test_lnl_hw_1_a_gun_may_aim_at_a_tank_stacked_with_infantry() -> None:
    """LNL-HW-1, LNL-PEN-2, LNL-PEN-6: a Sherman moving with a squad no longer shields itself behind it: the PaK 40
    may aim at the tank (to hit 6 ≤ 9; penetration 2 + 10 = 12 against 1 + 5 = 6 on the front hull: destroyed,
    the crew escape roll 6: lost) instead of firing HE at the squad."""
    s = session(
        scenario(
            [unit("us_sherman", "0101", "a1", facing=5), unit("us_squad", "0101", "a2")],
            [unit("de_pak40", "0104", "x1", facing=2), FAR],
        )
    )
    submit(s, m.Pass(side="allies"))
    aimed = {c.vehicle for c in s.legal_commands("axis") if isinstance(c, m.Fire) and c.gun and c.units == ("x1",)}
    assert aimed == {"", "a1"}
    shot = m.Fire(side="axis", units=("x1",), target=hx(s, "0101"), gun=True, vehicle="a1")
    events = submit(s, shot, (3, 3, 2, 1, 6))
    assert rulings(events, "pen")[0].dice[0].modified == 12 and not rulings(events, "he")
    assert get(s, "a1").wreck and not get(s, "a2").shaken


def test_lnl_sniper_1_the_situation_panel_counts_snipers_to_place() -> None:
    """LNL-SNIPER-1: a sniper kept off the map shows in the Situation panel until it is placed."""
    s = session(scenario([unit("us_squad", "0101", "a1"), unit("us_sniper", "0101", "a2", off_map=True)], [FAR]))

    def rows() -> dict[str, str]:
        panel = s.view("allies").panels[0]
        return {k.render("en"): str(v) for k, v in panel.rows}

    assert rows()["Snipers of Allies still to place"] == "1"
    submit(s, m.PlaceSniper(side="allies", unit="a2", at=hx(s, "0102")))
    assert "Snipers of Allies still to place" not in rows()


def test_lnl_smoke_3_smoke_hinders_the_sniper_too() -> None:
    """LNL-SMOKE-3, LNL-SNIPER-3: smoke in the target's hex adds 1 to the sniper's 2D6 (low is good for it): a
    2 + 3 = 5 becomes 6, no effect instead of Shaken."""
    s = session(
        scenario(
            [unit("us_sniper", "0101", "a1")],
            [unit("de_squad", "0105", "x1")],
            start={"phase": "operations", "hex_markers": {"0105": ["smoke1"]}},
        )
    )
    events = submit(s, m.Snipe(side="allies", unit="a1", target="x1"), (2, 3))
    ruling = rulings(events, "snipe")[0]
    assert mods(ruling)["LNL-SMOKE-3"] == 1 and ruling.dice[0].modified == 6 and not get(s, "x1").shaken

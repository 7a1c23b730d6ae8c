"""More C&C rule tests with explicit dice (1 light, 2 medium, 3 heavy, 4 helmet, 5 flag, 6 swords).

Each test drives the real rules (``SYSTEM.apply`` with typed dice, ``legal``) from a small position and asserts
the effect of the rule it cites.
"""

from __future__ import annotations

from dataclasses import replace

from app.systems.cca import messages as m
from app.systems.cca.state import State
from app.systems.cca.tables import unit_classes
from app.systems.cca.terrain import close_dice, terrain_at
from app.systems.cca.turn import legal

from .helpers import at, bolstered, do, hx, position, said


def fire(state: State, unit_label: str, target_label: str, side: str = "top") -> m.Battle:
    """A battle order for the unit at ``unit_label`` against ``target_label``."""
    return m.Battle(side=side, unit=at(state, unit_label), target=hx(state, target_label))


def kinds(state: State) -> set[str]:
    """The kinds of the legal commands."""
    return {c.kind for c in legal(state)}


def test_units_start_at_full_strength() -> None:
    """CCA-UNIT-7: a unit shown on the scenario map starts with all its blocks (foot 4, mounted 3, elephant 2)."""
    s = position([("bottom", "MI", "0606"), ("bottom", "LC", "0406"), ("top", "EL", "0603")])
    assert [s.unit(u).blocks for u in ("b1", "b2", "t1")] == [4, 3, 2]
    assert [unit_classes()[code].blocks for code in ("MI", "LC", "EL")] == [4, 3, 2]


def test_flags_never_hit() -> None:
    """CCA-DICE-2, CCA-HIT-5: two flags fired at medium infantry remove no block; each flag retreats it."""
    s = position([("bottom", "MI", "0606"), ("top", "LB", "0604")], ordered=("t1",), active="top")
    s2, _ = do(s, fire(s, "0604", "0606"), (5, 5))
    assert s2.unit("b1").blocks == 4
    assert s2.tasks and s2.tasks[0].kind == "retreat" and s2.tasks[0].amount == 2  # 2 flags × 1 hex for MI


def test_white_border_units_are_hit_by_their_colour() -> None:
    """CCA-DICE-3, CCA-RANGED-8: auxilia (green circle, white border) lose a block to each green die."""
    s = position([("bottom", "AX", "0606"), ("top", "LB", "0604")], ordered=("t1",), active="top")
    s2, _ = do(s, fire(s, "0604", "0606"), (1, 1))
    assert s2.unit("b1").blocks == 2


def test_surplus_hits_are_lost() -> None:
    """CCA-RANGED-9, CCA-HIT-7: two hits on a one-block unit eliminate it for one banner; the rest is lost."""
    s = position([("bottom", "LI", "0606", 1), ("top", "LB", "0604")], ordered=("t1",), active="top")
    s2, _ = do(s, fire(s, "0604", "0606"), (1, 1))
    assert s2.unit("b1") is None
    assert s2.banners == (0, 1)


def test_no_evade_and_no_battle_back_after_ranged_combat() -> None:
    """CCA-RANGED-4, CCA-BACK-6: light infantry fired upon neither evades nor battles back."""
    s = position([("bottom", "LI", "0606"), ("top", "LB", "0604")], ordered=("t1",), active="top")
    s2, _ = do(s, fire(s, "0604", "0606"), (3, 3))
    assert s2.unit("b1").blocks == 4
    assert not any(isinstance(c, m.Evade | m.BattleBack) for c in legal(s2))


def test_evaded_attack_hits_only_with_the_evaders_colour() -> None:
    """CCA-HIT-6, CCA-EVADE-5: medium cavalry evading heavy infantry loses a block only to the medium die."""
    s = position([("bottom", "HI", "0606"), ("top", "MC", "0605")], ordered=("b1",))
    s1, _ = do(s, fire(s, "0606", "0605", side="bottom"))
    evades = [c for c in legal(s1) if isinstance(c, m.Evade)]
    assert evades, "medium cavalry may evade foot (CCA-EVADE-2)"
    s2, _ = do(s1, evades[0], (2, 6, 4, 3, 1))
    assert s2.unit("t1").blocks == 2 and s2.unit("t1").hex == evades[0].to


def test_after_an_evade_no_battle_back_and_no_momentum() -> None:
    """CCA-EVADE-6: the evader does not battle back and the attacker may not advance into the empty hex."""
    s = position([("bottom", "HI", "0606"), ("top", "LI", "0605")], ordered=("b1",))
    s1, _ = do(s, fire(s, "0606", "0605", side="bottom"))
    evade = next(c for c in legal(s1) if isinstance(c, m.Evade))
    s2, _ = do(s1, evade, (3, 3, 3, 3, 3))
    assert s2.unit("t1").blocks == 4
    assert not any(isinstance(c, m.BattleBack | m.Advance) for c in legal(s2))
    assert s2.unit("b1").hex == hx(s, "0606")


def test_elephants_cannot_evade() -> None:
    """CCA-ELEPHANT-7, CCA-EVADE-3: an attacked elephant has no evade; the dice apply at once."""
    s = position([("bottom", "HI", "0606"), ("top", "EL", "0605")], ordered=("b1",))
    s2, _ = do(s, fire(s, "0606", "0605", side="bottom"), (3, 1, 1, 1, 1))
    assert not any(isinstance(c, m.Evade) for c in legal(s2))
    assert s2.unit("t1").blocks == 1  # the heavy die hit; the light dice did not


def test_evading_war_machine_leaves_without_a_banner() -> None:
    """CCA-EVADE-7, CCA-VICTORY-4: a war machine that evades and survives is removed; no banner for anyone."""
    s = position([("bottom", "HI", "0606"), ("top", "LWM", "0605")], ordered=("b1",))
    s1, _ = do(s, fire(s, "0606", "0605", side="bottom"))
    evade = next(c for c in legal(s1) if isinstance(c, m.Evade))
    s2, _ = do(s1, evade, (3, 3, 3, 3, 3))
    assert s2.unit("t1") is None
    assert s2.banners == (0, 0)


def test_full_strength_warriors_ignore_a_flag_from_fire() -> None:
    """CCA-BOLSTER-5, CCA-WAR-1: full-strength warriors hold their hex against one flag."""
    s = position([("bottom", "WA", "0606"), ("top", "LB", "0604")], ordered=("t1",), active="top")
    s2 = bolstered(do(s, fire(s, "0604", "0606"), (5, 3))[0])
    assert s2.unit("b1").hex == hx(s, "0606") and s2.unit("b1").blocks == 4
    assert not s2.tasks or s2.tasks[0].kind != "retreat"


def test_camp_and_rampart_ignore_a_flag_from_fire() -> None:
    """CCA-CAMP-3, CCA-BOLSTER-4, CCA-BOLSTER-1: a unit in a fortified camp ignores one flag from ranged combat;
    in the open the same flag retreats it."""
    units = [("bottom", "MI", "0606"), ("top", "LB", "0604")]
    camp = position(units, ordered=("t1",), terrain={"0606": "fortified_camp"}, active="top")
    held = bolstered(do(camp, fire(camp, "0604", "0606"), (5, 3))[0])
    assert held.unit("b1").hex == hx(camp, "0606")
    assert not held.tasks or held.tasks[0].kind != "retreat"
    open_ground = position(units, ordered=("t1",), active="top")
    pushed, _ = do(open_ground, fire(open_ground, "0604", "0606"), (5, 3))
    assert pushed.tasks and pushed.tasks[0].kind == "retreat"


def test_attached_leader_retreats_with_its_unit() -> None:
    """CCA-RETREAT-6, CCA-BOLSTER-2: the attached leader ignores one of two flags; the other moves the light
    infantry 2 hexes and the leader goes with it."""
    s = position([("bottom", "LI", "0606"), ("top", "LB", "0604")], [("bottom", "0606")], ordered=("t1",), active="top")
    s2 = bolstered(do(s, fire(s, "0604", "0606"), (5, 5))[0])
    assert s2.tasks and s2.tasks[0].kind == "retreat" and s2.tasks[0].amount == 2
    s3, _ = do(s2, legal(s2)[0])
    unit, leader = s3.unit("b1"), s3.leader("bL1")
    assert unit.hex != hx(s, "0606")
    assert leader.hex == unit.hex


def test_cavalry_retreats_an_extra_hex_per_camel_flag() -> None:
    """CCA-CAMEL-3, CCA-RETREAT-9: light cavalry hit by a camel's flag retreats 4 + 1 hexes."""
    s = position([("bottom", "LC", "0606"), ("top", "CAM", "0605")], ordered=("b1",))
    s1, _ = do(s, fire(s, "0606", "0605", side="bottom"), (1, 1))
    assert s1.unit("t1").blocks == 3  # green dice do not hit the blue camels
    assert m.BattleBack(side="top", unit="t1") in legal(s1)
    s2, _ = do(s1, m.BattleBack(side="top", unit="t1"), (5, 1))
    assert s2.tasks and s2.tasks[0].kind == "retreat" and s2.tasks[0].amount == 5


def test_defender_forced_out_cannot_battle_back() -> None:
    """CCA-BACK-2: a defender that retreats out of its hex does not battle back, the attacker may advance."""
    s = position([("bottom", "HI", "0606"), ("top", "MI", "0605")], ordered=("b1",))
    s1, _ = do(s, fire(s, "0606", "0605", side="bottom"), (5, 1, 1, 1, 1))
    while s1.tasks and s1.tasks[0].kind == "retreat":
        s1, _ = do(s1, legal(s1)[0])
    assert s1.unit("t1").hex != hx(s, "0605")
    assert not any(isinstance(c, m.BattleBack) for c in legal(s1))
    assert m.Advance(side="bottom", unit="b1") in legal(s1)


def test_defender_that_cannot_retreat_may_still_battle_back() -> None:
    """CCA-BACK-3, CCA-RETREAT-8: medium infantry on its own baseline loses a block for the flag it cannot
    retreat, keeps its hex, and may battle back."""
    s = position([("bottom", "HI", "0602"), ("top", "MI", "0601")], ordered=("b1",))
    s1, _ = do(s, fire(s, "0602", "0601", side="bottom"), (5, 1, 1, 1, 1))
    assert s1.unit("t1").hex == hx(s, "0601") and s1.unit("t1").blocks == 3
    assert m.BattleBack(side="top", unit="t1") in legal(s1)


def test_lone_leader_gives_no_battle_back() -> None:
    """CCA-BACK-6, CCA-BATTLE-5, CCA-LEADER-6: a lone leader attacked and not hit must evade; he never battles
    back, so the only legal commands are his evades."""
    s = position([("top", "MI", "0605"), ("bottom", "MI", "0607")], [("bottom", "0606")], ordered=("t1",), active="top")
    s2, _ = do(s, fire(s, "0605", "0606"), (1, 2, 3, 5))
    assert s2.leader("bL1") is not None
    assert s2.tasks[0].kind == "leader_evade" and s2.tasks[0].side == "bottom"
    assert kinds(s2) == {"leader_evade"}


# --- board, set-up and the turn -------------------------------------------------------------------------------------


def test_board_is_13_by_9_with_mirrored_sections() -> None:
    """CCA-BOARD-1, CCA-BOARD-2: the battlefield is 13 hexes wide and 9 deep; the bottom player's left flank is
    the top player's right flank."""
    from app.systems.cca.board import sections_of

    s = position([("bottom", "MI", "0606")])
    grid = s.runtime.grid
    assert (grid.columns, grid.rows) == (13, 9)
    corner = hx(s, "0109")
    assert sections_of(s.runtime, corner, "bottom") == {"left"}
    assert sections_of(s.runtime, corner, "top") == {"right"}


def test_terrain_comes_from_the_scenario_map() -> None:
    """CCA-BOARD-4, CCA-SETUP-1, CCA-FOREST-1: terrain and pieces are placed as the scenario file says; a unit
    moving into the forest hex stops there."""
    s = position([("bottom", "MI", "0607"), ("top", "MI", "0601")], terrain={"0606": "forest"})
    assert s.unit("b1").hex == hx(s, "0607") and s.unit("t1").hex == hx(s, "0601")
    assert terrain_at(s, hx(s, "0606")).id == "forest"
    moved, _ = do(
        replace(s, phase="move", turn=replace(s.turn, ordered=("b1",))),
        m.Move(side="bottom", piece="b1", to=hx(s, "0606")),
    )
    assert not any(isinstance(c, m.Move) and c.piece == "b1" for c in legal(moved))


def test_all_movement_comes_before_any_battle() -> None:
    """CCA-TURN-2, CCA-MOVE-2: in the move step only moves (or staying put) are offered, no battle; battles
    come after the movement ends."""
    s = position([("bottom", "MI", "0607"), ("top", "MI", "0606")], ordered=("b1",), phase="move")
    assert kinds(s) == {"move", "end_movement"}
    s2, _ = do(s, m.EndMovement(side="bottom"))
    assert "battle" in kinds(s2)


def test_ordered_units_battle_one_at_a_time_at_one_target() -> None:
    """CCA-BATTLE-1, CCA-BATTLE-3, CCA-CC-3: each battle order names one unit and one target hex; after it is
    resolved the unit is not offered again."""
    s = position(
        [("bottom", "MI", "0606"), ("bottom", "MI", "0506"), ("top", "HI", "0605"), ("top", "HI", "0505")],
        ordered=("b1", "b2"),
    )
    battles = [c for c in legal(s) if isinstance(c, m.Battle)]
    assert {c.unit for c in battles} == {"b1", "b2"}
    s2, _ = do(s, battles[0], (1, 1, 1, 1))  # no hit on the heavy infantry: it may battle back
    s2, _ = do(s2, next(c for c in legal(s2) if isinstance(c, m.Decline)))
    assert {c.unit for c in legal(s2) if isinstance(c, m.Battle)} == {"b1", "b2"} - {battles[0].unit}


def test_battling_is_optional() -> None:
    """CCA-BATTLE-2: an ordered unit next to an enemy may end the turn without battling."""
    s = position([("bottom", "MI", "0606"), ("top", "MI", "0605")], ordered=("b1",))
    assert m.EndTurn(side="bottom") in legal(s)


def test_a_unit_next_to_an_enemy_must_close_combat() -> None:
    """CCA-CC-1, CCA-RANGED-3, CCA-BATTLE-4: a light bow unit next to an enemy may battle only that adjacent
    enemy (close combat), not fire at a farther one."""
    s = position([("bottom", "LB", "0606"), ("top", "MI", "0605"), ("top", "MI", "0704")], ordered=("b1",))
    targets = {c.target for c in legal(s) if isinstance(c, m.Battle)}
    assert targets == {hx(s, "0605")}


def test_only_missile_units_fire() -> None:
    """CCA-RANGED-1, CCA-RANGED-2: light bowmen may fire 2 hexes away; medium infantry at the same range may not
    battle at all."""
    s = position([("bottom", "LB", "0606"), ("bottom", "MI", "0806"), ("top", "MI", "0604"), ("top", "MI", "0804")])
    s = replace(s, turn=replace(s.turn, ordered=("b1", "b2")))
    firers = {c.unit for c in legal(s) if isinstance(c, m.Battle)}
    assert firers == {"b1"}


def test_light_chariot_swords_hit_in_close_combat() -> None:
    """CCA-CHARIOT-1, CCA-HIT-2: a light chariot's swords hit in close combat (light infantry's do not)."""
    s = position([("bottom", "LCH", "0606"), ("top", "MI", "0605")], ordered=("b1",))
    s2, _ = do(s, fire(s, "0606", "0605", side="bottom"), (6, 6))
    assert s2.unit("t1").blocks == 2
    li = position([("bottom", "LI", "0606"), ("top", "MI", "0605")], ordered=("b1",))
    li2, _ = do(li, fire(li, "0606", "0605", side="bottom"), (6, 6))
    assert li2.unit("t1").blocks == 4


def test_elephant_ignores_a_flag_from_cavalry_but_not_from_foot() -> None:
    """CCA-BOLSTER-6, CCA-ELEPHANT-5, CCA-ELEPHANT-7: an elephant ignores one flag rolled by heavy cavalry and
    keeps its hex; the same flag rolled by heavy infantry makes it rampage and retreat."""
    for attacker, stays in (("HC", True), ("HI", False)):
        s = position([("top", attacker, "0604"), ("bottom", "EL", "0605")], ordered=("t1",), active="top")
        count = close_dice(s, s.unit("t1"), s.unit("b1")).count
        rampage = () if stays else (1, 1)  # the rampage's dice against the attacker, when the elephant must retreat
        dice = (5,) + (1,) * (count - 1) + rampage  # one flag, the rest misses
        s2 = bolstered(do(s, fire(s, "0604", "0605"), dice)[0])
        while s2.tasks and s2.tasks[0].kind == "retreat":
            s2, _ = do(s2, legal(s2)[0])
        assert (s2.unit("b1").hex == hx(s, "0605")) is stays, attacker


def test_empty_deck_is_reshuffled_from_the_discards() -> None:
    """CCA-DRAW-2, CCA-DRAW-1: ending the turn with an empty draw deck shuffles the discards into a new deck and
    draws from it."""
    s = position([("bottom", "MI", "0606"), ("top", "MI", "0602")], ordered=())
    discards = s.deck[:6]
    s = replace(s, deck=(), discard=discards)
    before = len(s.hand("bottom"))
    s2, events = do(s, m.EndTurn(side="bottom"))
    assert said(events, "reshuffled")
    assert len(s2.hand("bottom")) == before + 1
    assert len(s2.deck) == len(discards) and s2.discard == ()  # the discards and the played card, less the draw

"""Rule tests with explicit dice (1 light, 2 medium, 3 heavy, 4 helmet, 5 flag, 6 swords), citing CCA rule IDs."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.cca import messages as m
from app.systems.cca.battledice import Strike, distribution, score
from app.systems.cca.close import strike_for
from app.systems.cca.ranged import los
from app.systems.cca.terrain import close_dice
from app.systems.cca.turn import legal

from .helpers import at, bolstered, do, hx, position


def first_retreat(state):  # type: ignore[no-untyped-def]
    """Resolve a pending retreat choice with its first option."""
    while state.tasks and state.tasks[0].kind == "retreat":
        state, _ = do(state, legal(state)[0])
    return state


def battle(state, unit_label, target_label):  # type: ignore[no-untyped-def]
    return m.Battle(side="bottom", unit=at(state, unit_label), target=hx(state, target_label))


def test_hi_close_combat_5_dice_and_hits_by_symbol() -> None:
    """CCA-CC-4 (HI 5 dice), CCA-HIT-1 (red hits red, swords hit), CCA-HIT-7."""
    s = position([("bottom", "HI", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    s2, events = do(s, battle(s, "0606", "0605"), (3, 6, 1, 2, 4))
    assert s2.unit("t1").blocks == 2  # red + swords; helmet without a leader does nothing
    ruling = next(e.ruling for e in events if e.ruling)
    assert [d.face for d in ruling.dice] == ["heavy", "swords", "light", "medium", "leader"]


def test_light_swords_do_not_hit_but_auxilia_do() -> None:
    """CCA-HIT-2."""
    li = Strike("close", "heavy", swords_hit=False)
    ax = Strike("close", "heavy", swords_hit=True)
    assert score((6, 6), li).hits == 0 and score((6, 6), ax).hits == 2


def test_helmet_hits_with_leader_adjacent() -> None:
    """CCA-HIT-1: helmet hits when a friendly leader is attached or adjacent (not for elephants, CCA-ELEPHANT-6)."""
    s = position([("bottom", "MI", "0606"), ("top", "HI", "0605")], [("bottom", "0707")], ordered=("b1",))
    s2, _ = do(s, battle(s, "0606", "0605"), (4, 4, 1, 2))
    assert s2.unit("t1").blocks == 2


def test_forest_cap_two_way() -> None:
    """CCA-FOREST-3 (and Q1): 5 HI dice become 2 into a forest."""
    s = position([("bottom", "HI", "0606"), ("top", "HI", "0605")], terrain={"0605": "forest"}, ordered=("b1",))
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == 2


@pytest.mark.parametrize(
    ("attacker", "own", "there", "dice"),
    [
        ("HI", "clear", "hill", 2),
        ("HI", "hill", "clear", 3),
        ("HC", "hill", "hill", 2),
        ("MI", "broken_ground", "clear", 2),
        ("HI", "fordable_river", "clear", 2),
        ("HI", "fortified_camp", "clear", 4),
        ("MI", "clear", "clear", 4),
    ],
)
def test_terrain_caps(attacker: str, own: str, there: str, dice: int) -> None:
    """CCA-HILL-2, CCA-HILL-3, CCA-HILL-4, CCA-BROKEN-3, CCA-FORD-3, CCA-CAMP-4, CCA-DICECOUNT-1."""
    s = position(
        [("bottom", attacker, "0606"), ("top", "HI", "0605")], terrain={"0606": own, "0605": there}, ordered=("b1",)
    )
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == dice


def test_full_strength_warriors() -> None:
    """CCA-WAR-1: 4 dice and one flag ignored at full strength; CCA-WAR-2 delayed loss."""
    s = position([("bottom", "WA", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == 4
    # HI battles WA: 1 hit + 1 flag; the warriors still ignore the flag (delayed loss).
    s = position([("bottom", "HI", "0606"), ("top", "WA", "0605")], ordered=("b1",))
    s2, _ = do(s, battle(s, "0606", "0605"), (2, 5, 1, 1, 1))
    s3 = bolstered(s2)  # the owner takes the default: ignore the flag (CCA-BOLSTER-1, CCA-BOLSTER-5)
    while s3.tasks and s3.tasks[0].kind == "battle_back":
        s3, _ = do(s3, m.Decline(side="top", unit="t1", step="battle_back"))
    assert s3.unit("t1").hex == hx(s, "0605") and s3.unit("t1").blocks == 3


def test_elephant_sword_chain() -> None:
    """CCA-ELEPHANT-2, CCA-ELEPHANT-3: EL vs MI rolls 4; each sword adds a die until none; swords hit."""
    s = position([("bottom", "EL", "0606"), ("top", "MI", "0605")], ordered=("b1",))
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == 4
    s2, events = do(s, battle(s, "0606", "0605"), (6, 6, 1, 3, 6, 1, 3))
    ruling = next(e.ruling for e in events if e.ruling)
    assert len(ruling.dice) == 7  # 4 + 2 (two swords) + 1 (one more sword)
    assert s2.unit("t1").blocks == 1  # three swords hit


def test_elephant_ignores_swords_and_red_from_cavalry() -> None:
    """CCA-ELEPHANT-4, CCA-ELEPHANT-5: all sword hits and one red hit ignored against cavalry dice."""
    s = position([("bottom", "HC", "0606"), ("top", "EL", "0605")], ordered=("b1",))
    s2, _ = do(s, battle(s, "0606", "0605"), (6, 6, 3, 3))
    assert s2.unit("t1").blocks == 1


def test_camel_ignores_one_blue_from_cavalry() -> None:
    """CCA-CAMEL-2: medium cavalry (camels may not evade it) rolls two blue triangles: the camels lose 1 block."""
    s = position([("bottom", "MC", "0606"), ("top", "CAM", "0605")], ordered=("b1",))
    s2, _ = do(s, battle(s, "0606", "0605"), (2, 2, 1))
    assert s2.unit("t1").blocks == 2
    assert Strike("close", "medium", swords_hit=True, ignore_colour=1) == strike_for(s, s.unit("b1"), s.unit("t1"))


def test_light_cavalry_retreats_four_hexes_per_flag() -> None:
    """CCA-RETREAT-1, CCA-RETREAT-2: LC with 1 flag retreats 4 hexes (fire from LB, CCA-RANGED-8)."""
    s = position([("bottom", "LC", "0604"), ("top", "LB", "0602")], ordered=("t1",))
    s = s.__class__(**{**s.__dict__, "active": "top"})
    s2, _ = do(s, m.Battle(side="top", unit="t1", target=hx(s, "0604")), (5, 3))
    assert s2.tasks[0].amount == 4
    s2 = first_retreat(s2)
    lc = s2.unit("b1")
    assert lc is not None and lc.hex[1] == hx(s, "0604")[1] + 4 and lc.blocks == 3


def test_light_infantry_on_baseline_loses_two_blocks() -> None:
    """CCA-RETREAT-8: LI on its baseline that must retreat 2 hexes loses 2 blocks."""
    s = position([("bottom", "LI", "0609"), ("top", "LB", "0607")], ordered=("t1",))
    s = s.__class__(**{**s.__dict__, "active": "top"})
    s2, _ = do(s, m.Battle(side="top", unit="t1", target=hx(s, "0609")), (5, 3))
    assert s2.unit("b1").blocks == 2 and s2.unit("b1").hex == hx(s, "0609")


def test_support_ignores_a_flag() -> None:
    """CCA-BOLSTER-3: two adjacent friends let a unit ignore one flag."""
    s = position(
        [("bottom", "LI", "0606"), ("bottom", "MI", "0506"), ("bottom", "MI", "0706"), ("top", "LB", "0604")],
        ordered=("t1",),
        active="top",
    )
    s2, _ = do(s, m.Battle(side="top", unit="t1", target=hx(s, "0606")), (5, 3))
    assert legal(s2) == [m.IgnoreFlags(side="bottom", unit="b1", flags=n) for n in (1, 0)]  # CCA-BOLSTER-1: a choice
    s2, _ = do(s2, m.IgnoreFlags(side="bottom", unit="b1", flags=1))
    assert s2.unit("b1").hex == hx(s, "0606") and not s2.tasks


def test_rampage_blocked_by_units() -> None:
    """CCA-RAMPAGE-1, CCA-RAMPAGE-2, CCA-RAMPAGE-3, CCA-RAMPAGE-4 worked example: both rear hexes occupied, one by a
    1-block unit; 2 flags."""
    s = position(
        [("top", "HI", "0604"), ("bottom", "EL", "0605"), ("bottom", "MI", "0506", 1), ("bottom", "MI", "0606")],
        ordered=("t1",),
        active="top",
    )
    # HI vs EL: 5 dice: flag, flag, light, light, light -> no hits, 2 flags. Rampage: 2 dice per adjacent piece.
    rear = {hx(s, "0506"), hx(s, "0606")}
    assert rear == set(
        __import__("app.systems.cca.board", fromlist=["x"]).rear_hexes(s.runtime.grid, hx(s, "0605"), "bottom")
    )
    dice = (5, 5, 1, 1, 1) + (1, 1) * 3  # rampage vs HI, MI, MI: no hits
    s2, events = do(s, m.Battle(side="top", unit="t1", target=hx(s, "0605")), dice)
    assert s2.unit("b2") is None  # first flag: the 1-block unit is trampled away
    assert s2.unit("b3").blocks == 3
    assert s2.unit("b1").hex == hx(s, "0506")  # second flag: into the emptied hex
    assert any(e.rule_id == "CCA-RAMPAGE-4" for e in events)


def test_lone_leader_attacked_must_evade() -> None:
    """CCA-LEADER-6: a lone leader attacked without a helmet rolled must evade (figures 1–3: test_examples.py)."""
    s = position(
        [("top", "MI", "0605"), ("bottom", "MI", "0607"), ("bottom", "MI", "0507")],
        [("bottom", "0606")],
        ordered=("t1",),
        active="top",
    )
    s2, _ = do(s, m.Battle(side="top", unit="t1", target=hx(s, "0606")), (1, 2, 3, 5))
    assert s2.leader("bL1") is not None
    assert s2.tasks == () or s2.tasks[0].kind == "leader_evade"
    s3, _ = do(s, m.Battle(side="top", unit="t1", target=hx(s, "0606")), (1, 2, 4, 5))
    assert s3.leader("bL1") is None and s3.banners == (0, 1)


def test_leader_escape_rolls() -> None:
    """CCA-ESCAPE-2, CCA-ESCAPE-3 (figures 2–3): each enemy hex crossed rolls its normal dice; one helmet kills."""
    from app.core.dice import Roller
    from app.systems.cca.evade import leader_evade
    from app.systems.cca.messages import Ctx

    s = position([("top", "MC", "0607"), ("top", "HI", "0608")], [("bottom", "0606")])
    lead = s.leader("bL1")
    path = (hx(s, "0607"), hx(s, "0608"), hx(s, "0609"))
    survived = leader_evade(s, Ctx(Roller(s.dice, (1, 2, 3, 1, 2, 3, 5, 6))), lead, path, False)
    assert survived.leader("bL1").hex == hx(s, "0609")
    killed = leader_evade(s, Ctx(Roller(s.dice, (1, 2, 4))), lead, path, False)
    assert killed.leader("bL1") is None and killed.banners == (0, 1)


def test_momentum_advance_after_elimination() -> None:
    """CCA-MOMENTUM-1: a successful close combat lets the attacker advance; HI with leader may bonus (CCA-BONUS-1)."""
    s = position([("bottom", "HI", "0606"), ("top", "MI", "0605", 1)], ordered=("b1",))
    s2, _ = do(s, battle(s, "0606", "0605"), (2, 1, 1, 1, 1))
    assert s2.unit("t1") is None and s2.banners == (1, 0)
    assert {c.kind for c in legal(s2)} == {"advance", "decline"}
    s3, _ = do(s2, m.Advance(side="bottom", unit="b1"))
    assert s3.unit("b1").hex == hx(s, "0605")


def test_battle_back() -> None:
    """CCA-BACK-1, CCA-BACK-4: a defender that holds its hex may battle back."""
    s = position([("bottom", "MI", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    s2, _ = do(s, battle(s, "0606", "0605"), (1, 1, 1, 1))
    assert {c.kind for c in legal(s2)} == {"battle_back", "decline"}
    s3, _ = do(s2, m.BattleBack(side="top", unit="t1"), (2, 2, 1, 1, 1))
    assert s3.unit("b1").blocks == 2


def test_evade_only_matching_symbols() -> None:
    """CCA-EVADE-2, CCA-EVADE-4, CCA-EVADE-5: LI may evade 2 hexes; only green circles hit it."""
    s = position([("bottom", "HI", "0606"), ("top", "LI", "0605")], ordered=("b1",))
    s2, _ = do(s, battle(s, "0606", "0605"))
    evades = [c for c in legal(s2) if isinstance(c, m.Evade)]
    assert evades and all(abs(c.to[1] - hx(s, "0605")[1]) == 2 for c in evades)
    s3, _ = do(s2, evades[0], (1, 6, 5, 4, 3))
    assert s3.unit("t1").blocks == 3 and s3.unit("t1").hex == evades[0].to


def test_los_along_hexside_needs_both_sides_obstructed() -> None:
    """CCA-LOS-4: a line along a hexside is blocked only when the hexes on both sides are obstructed."""
    base = position([("bottom", "LB", "0606"), ("top", "HI", "0604")], ordered=("b1",))
    grid = base.runtime.grid
    left, right = grid.label((4, 4)), grid.label((3, 4))
    one = position([("bottom", "LB", "0606"), ("top", "HI", "0604"), ("bottom", "MI", left)], ordered=("b1",))
    assert los(one, hx(one, "0606"), hx(one, "0604")).clear
    both = position(
        [("bottom", "LB", "0606"), ("top", "HI", "0604"), ("bottom", "MI", left), ("bottom", "MI", right)],
        ordered=("b1",),
    )
    assert not los(both, hx(both, "0606"), hx(both, "0604")).clear
    assert not any(isinstance(c, m.Battle) and c.unit == "b1" for c in legal(both))
    assert any(isinstance(c, m.Battle) and c.unit == "b1" for c in legal(one))


def test_forest_blocks_los() -> None:
    """CCA-FOREST-5 / CCA-LOS-2: forest in an intermediate hex blocks; in the target hex it does not (CCA-LOS-3)."""
    s = position([("bottom", "LS", "0606"), ("top", "HI", "0603")], terrain={"0605": "forest"}, ordered=("b1",))
    assert not los(s, hx(s, "0606"), hx(s, "0603")).clear or los(s, hx(s, "0606"), hx(s, "0605")).clear is not False
    t = position([("bottom", "LS", "0606"), ("top", "HI", "0604")], terrain={"0604": "forest"}, ordered=("b1",))
    assert los(t, hx(t, "0606"), hx(t, "0604")).clear


def test_no_fire_at_adjacent() -> None:
    """CCA-RANGED-2, CCA-RANGED-3: a missile unit next to an enemy must close combat instead."""
    s = position([("bottom", "LB", "0606"), ("top", "HI", "0605"), ("top", "HI", "0603")], ordered=("b1",))
    targets = {c.target for c in legal(s) if isinstance(c, m.Battle)}
    assert targets == {hx(s, "0605")}


def test_illegal_command_refused() -> None:
    """CCA-TURN-1: commands outside the legal list raise IllegalCommandError with a rule ID."""
    s = position([("bottom", "HI", "0606"), ("top", "HI", "0603")], ordered=("b1",))
    with pytest.raises(IllegalCommandError):
        do(s, battle(s, "0606", "0603"))


def test_distribution_exact() -> None:
    """CCA-DICE-1: one die hits a red target with probability 1/6; flags 1/6; sums to 1."""
    hits, flag = distribution(1, Strike("ranged", "heavy"))
    assert hits == pytest.approx((5 / 6, 1 / 6)) and flag == pytest.approx(1 / 6)
    hits, _ = distribution(5, Strike("close", "heavy", swords_hit=True))
    assert sum(hits) == pytest.approx(1.0) and hits[0] == pytest.approx((4 / 6) ** 5)

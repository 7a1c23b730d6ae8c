"""C&C rule tests for the rules not yet cited elsewhere, with explicit dice (1 light, 2 medium, 3 heavy, 4 helmet,
5 flag, 6 swords).

Each test sets a small position up as data (``helpers.position``), drives the real rules (``SYSTEM.apply`` with
typed dice, ``legal``) and asserts the effect of the rule it cites with the rulebook's numbers.
"""

from __future__ import annotations

from app.systems.cca import messages as m
from app.systems.cca.ranged import fire_dice
from app.systems.cca.state import State
from app.systems.cca.terrain import close_dice
from app.systems.cca.turn import legal

from .helpers import do, hx, position, said
from .test_rule_coverage import fire


def orders(state: State) -> set[str]:
    """The pieces that may be ordered now."""
    return {c.piece for c in legal(state) if isinstance(c, m.OrderUnit)}


def targets(state: State, unit: str) -> set[tuple[int, int]]:
    """The hexes ``unit`` may battle now."""
    return {c.target for c in legal(state) if isinstance(c, m.Battle) and c.unit == unit}


def test_cca_unit_3_a_leader_is_one_block_not_a_unit() -> None:
    """CCA-UNIT-3: a leader is a single block and not a unit: his hex holds no unit, and one helmet against him
    alone removes him for one banner."""
    s = position([("top", "HI", "0604"), ("bottom", "MI", "0607")], [("bottom", "0605")], ordered=("t1",), active="top")
    assert s.unit_at(hx(s, "0605")) is None and s.leader_at(hx(s, "0605")) is not None
    assert [u.id for u in s.units if u.side == "bottom"] == ["b1"]
    s2, _ = do(s, fire(s, "0604", "0605"), (4, 1, 1, 2, 3))
    assert s2.leader("bL1") is None and s2.banners == (0, 1)


def test_cca_card_3_troop_card_orders_as_many_units_as_the_command() -> None:
    """CCA-CARD-3: Order Medium Troops orders as many medium units as the player's Command (4 here): of five
    medium infantry, four may be ordered and then no fifth."""
    labels = ("0206", "0406", "0606", "0806", "1006")
    s = position([("bottom", "MI", at) for at in labels], phase="order", card="order_medium")
    assert s.command("bottom") == 4
    assert orders(s) == {"b1", "b2", "b3", "b4", "b5"}
    for piece in ("b1", "b2", "b3", "b4"):
        s, _ = do(s, m.OrderUnit(side="bottom", piece=piece))
    assert orders(s) == set()


def test_cca_order_6_a_leader_joins_only_an_unordered_unit_which_then_stays() -> None:
    """CCA-ORDER-6: an ordered detached leader may move onto a unit that is not ordered, never onto an ordered one;
    the unit he joins is neither moved nor battles this turn."""
    units = [("bottom", "MI", "0607"), ("bottom", "MI", "0507"), ("top", "MI", "0505")]
    s = position(units, [("bottom", "0606")], ordered=("b1", "bL1"), phase="move")
    moves = {c.to for c in legal(s) if isinstance(c, m.Move) and c.piece == "bL1"}
    assert hx(s, "0507") in moves and hx(s, "0607") not in moves
    s2, _ = do(s, m.Move(side="bottom", piece="bL1", to=hx(s, "0507")))
    assert s2.leader("bL1").hex == hx(s, "0507")
    assert not any(isinstance(c, m.Move) and c.piece == "b2" for c in legal(s2))
    s3, _ = do(s2, m.EndMovement(side="bottom"))
    assert not any(isinstance(c, m.Battle) and c.unit == "b2" for c in legal(s3))


def test_cca_ranged_5_fire_checks_range_then_sight_then_terrain_then_rolls() -> None:
    """CCA-RANGED-5: light bowmen (range 3) may fire 3 hexes but not 4; a unit in the line of sight blocks the
    shot; a target in a forest takes 1 die (terrain reduction); the rolled hit removes a block and the flag then
    retreats the target."""
    s = position([("bottom", "LB", "0606"), ("top", "MI", "0603"), ("top", "MI", "0902")], ordered=("b1",))
    assert targets(s, "b1") == {hx(s, "0603")}  # 0902 is 4 hexes away
    blocked = position([("bottom", "LB", "0606"), ("bottom", "MI", "0605"), ("top", "MI", "0603")], ordered=("b1",))
    assert targets(blocked, "b1") == set()
    woods = position([("bottom", "LB", "0606"), ("top", "MI", "0604")], ordered=("b1",), terrain={"0604": "forest"})
    assert fire_dice(woods, woods.unit("b1"), hx(woods, "0604")).count == 1
    clear = position([("bottom", "LB", "0606"), ("top", "MI", "0604")], ordered=("b1",))
    assert fire_dice(clear, clear.unit("b1"), hx(clear, "0604")).count == 2
    s2, _ = do(clear, fire(clear, "0606", "0604", side="bottom"), (2, 5))
    assert s2.unit("t1").blocks == 3
    assert s2.tasks and s2.tasks[0].kind == "retreat" and s2.tasks[0].amount == 1


def test_cca_los_1_sight_runs_from_centre_to_centre() -> None:
    """CCA-LOS-1: along a row the line from centre to centre crosses the hexes between: a unit there blocks the
    shot; a unit beside the line does not."""
    on_line = position([("bottom", "LB", "0306"), ("bottom", "MI", "0506"), ("top", "MI", "0606")], ordered=("b1",))
    assert hx(on_line, "0606") not in targets(on_line, "b1")
    beside = position([("bottom", "LB", "0306"), ("bottom", "MI", "0505"), ("top", "MI", "0606")], ordered=("b1",))
    assert hx(beside, "0606") in targets(beside, "b1")


def _close(attacker: str, defender: str, faces: tuple[int, ...]) -> State:
    """``attacker`` (bottom, at 0606) close-combats ``defender`` (top, at 0605) with ``faces``, the other dice
    helmets (misses without a leader); a defender that may evade stands."""
    s = position([("bottom", attacker, "0606"), ("top", defender, "0605")], ordered=("b1",))
    count = close_dice(s, s.unit("b1"), s.unit("t1")).count
    dice = faces + (4,) * (count - len(faces))  # helmets miss without a leader
    if (defender, attacker) not in (("LCH", "HC"), ("CAM", "HI")):  # those may evade: they stand
        return do(s, fire(s, "0606", "0605", side="bottom"), dice)[0]
    s1, _ = do(s, fire(s, "0606", "0605", side="bottom"))
    return do(s1, m.Stand(side="top", unit="t1"), dice)[0]


def test_cca_hit_3_what_each_defender_ignores() -> None:
    """CCA-HIT-3: a light chariot ignores 1 sword hit (two swords from heavy cavalry cost it 1 of its 2
    blocks); an elephant
    ignores every sword hit and 1 red hit from cavalry; camels ignore 1 blue hit from cavalry."""
    assert _close("HC", "LCH", (6, 6)).unit("t1").blocks == 1  # 2 blocks, 1 sword ignored
    assert _close("HC", "EL", (6, 6, 3)).unit("t1").blocks == 2
    assert _close("HC", "EL", (3, 3)).unit("t1").blocks == 1
    assert _close("MC", "CAM", (2, 2)).unit("t1").blocks == 2
    assert _close("HI", "CAM", (2, 2)).unit("t1").blocks == 1  # foot: no camel ignore


def test_cca_hit_8_hits_come_before_flags_and_the_leader_check() -> None:
    """CCA-HIT-8: hits are taken first: a one-block unit hit and flagged in the same roll is removed, the flag is
    not applied (no retreat), and its attached leader then makes his casualty check (a helmet kills him)."""
    units = [("bottom", "HI", "0606"), ("top", "MI", "0605", 1)]
    s = position(units, [("top", "0605")], ordered=("b1",))
    s2, events = do(s, fire(s, "0606", "0605", side="bottom"), (2, 5, 1, 1, 1, 4))
    assert s2.unit("t1") is None and s2.leader("tL1") is None and s2.banners == (2, 0)
    assert not any(task.kind == "retreat" for task in s2.tasks)
    assert said(events, "unit_eliminated")


def test_cca_hit_8_the_leader_check_comes_before_the_flags() -> None:
    """CCA-HIT-8: the attached leader's check (2 dice) comes after the block is removed and before the flags: if
    he survives he ignores the flag (the unit holds); if two helmets kill him the flag retreats the unit."""
    units = [("bottom", "HI", "0606"), ("top", "MI", "0605")]
    s = position(units, [("top", "0605")], ordered=("b1",))
    held, _ = do(s, fire(s, "0606", "0605", side="bottom"), (2, 5, 1, 1, 1, 1, 1))
    assert held.unit("t1").blocks == 3 and held.leader("tL1") is not None
    assert not any(task.kind == "retreat" for task in held.tasks)
    lost, _ = do(s, fire(s, "0606", "0605", side="bottom"), (2, 5, 1, 1, 1, 4, 4))
    assert lost.unit("t1").blocks == 3 and lost.leader("tL1") is None and lost.banners == (1, 0)
    assert lost.tasks and lost.tasks[0].kind == "retreat" and lost.tasks[0].amount == 1


def test_cca_rampage_5_elephant_retreats_to_a_free_rear_hex_else_loses_a_block() -> None:
    """CCA-RAMPAGE-5: an elephant forced back uses a free rear hex (one of its two rear neighbours); on its own
    baseline, with only the board edge behind it, it loses a block instead."""
    free = position([("bottom", "HI", "0604"), ("top", "EL", "0603")], ordered=("b1",))
    count = close_dice(free, free.unit("b1"), free.unit("t1")).count
    s2, _ = do(free, fire(free, "0604", "0603", side="bottom"), (5,) + (1,) * (count - 1) + (1, 1))
    while s2.tasks and s2.tasks[0].kind == "retreat":
        s2, _ = do(s2, legal(s2)[0])
    assert s2.unit("t1").blocks == 2 and s2.unit("t1").hex[1] == hx(free, "0602")[1]
    edge = position([("bottom", "HI", "0602"), ("top", "EL", "0601")], ordered=("b1",))
    s3, _ = do(edge, fire(edge, "0602", "0601", side="bottom"), (5,) + (1,) * (count - 1) + (1, 1))
    while s3.tasks and s3.tasks[0].kind == "retreat":
        s3, _ = do(s3, legal(s3)[0])
    assert s3.unit("t1").hex == hx(edge, "0601") and s3.unit("t1").blocks == 1


def test_cca_evade_8_an_evader_hit_makes_its_leader_check() -> None:
    """CCA-EVADE-8: medium cavalry with an attached leader evades heavy infantry and loses a block to the medium
    die; its leader then checks for casualties: two helmets of the two dice kill him."""
    s = position([("bottom", "HI", "0606"), ("top", "MC", "0605")], [("top", "0605")], ordered=("b1",))
    s1, _ = do(s, fire(s, "0606", "0605", side="bottom"))
    evade = next(c for c in legal(s1) if isinstance(c, m.Evade))
    killed, _ = do(s1, evade, (2, 1, 1, 1, 1, 4, 4))
    assert killed.unit("t1").blocks == 2 and killed.leader("tL1") is None
    spared, _ = do(s1, evade, (2, 1, 1, 1, 1, 4, 1))  # one helmet of two: he lives (CCA-LEADER-2)
    assert spared.unit("t1").blocks == 2 and spared.leader("tL1").hex == evade.to
    unhurt, _ = do(s1, evade, (1, 1, 1, 1, 1))
    assert unhurt.unit("t1").blocks == 3 and unhurt.leader("tL1").hex == evade.to


def test_cca_momentum_4_advance_into_the_hex_the_leader_evaded_from() -> None:
    """CCA-MOMENTUM-4: the defender's last block falls, its attached leader survives his check and evades out of
    the hex; the attacker may still advance into it."""
    units = [("bottom", "HI", "0606"), ("top", "MI", "0605", 1)]
    s = position(units, [("top", "0605")], ordered=("b1",))
    s2, _ = do(s, fire(s, "0606", "0605", side="bottom"), (2, 1, 1, 1, 1, 1))
    evade = next(c for c in legal(s2) if isinstance(c, m.LeaderEvade) and not c.off_board)
    s3, _ = do(s2, evade)
    assert s3.leader("tL1").hex != hx(s, "0605")
    assert m.Advance(side="bottom", unit="b1") in legal(s3)
    s4, _ = do(s3, m.Advance(side="bottom", unit="b1"))
    assert s4.unit("b1").hex == hx(s, "0605")


def test_cca_bonus_4_forest_forbids_a_heavy_bonus_close_combat() -> None:
    """CCA-BONUS-4: heavy infantry with a leader that advances into a forest gets no bonus close combat there; the
    same advance onto clear ground offers one."""
    for ground, bonus in (("forest", False), ("clear", True)):
        units = [("bottom", "HI", "0606"), ("top", "MI", "0605", 1), ("top", "MI", "0604")]
        s = position(units, [("bottom", "0606")], ordered=("b1",), terrain={"0605": ground})
        count = close_dice(s, s.unit("b1"), s.unit("t1")).count
        s2, _ = do(s, fire(s, "0606", "0605", side="bottom"), (2,) + (1,) * (count - 1))
        s3, _ = do(s2, m.Advance(side="bottom", unit="b1"))
        assert s3.unit("b1").hex == hx(s, "0605")
        assert any(isinstance(c, m.Battle) and c.unit == "b1" for c in legal(s3)) is bonus, ground


def test_cca_terrain_1_card_dice_come_after_the_terrain_cap() -> None:
    """CCA-TERRAIN-1: heavy infantry (5 dice) attacking into a forest is capped at 2 dice (two medium hits); with
    Clash of Shields played its die comes after the cap: 3 dice, three hits."""
    units = [("bottom", "HI", "0606"), ("top", "MI", "0605")]
    plain = position(units, ordered=("b1",), terrain={"0605": "forest"})
    assert close_dice(plain, plain.unit("b1"), plain.unit("t1")).count == 2
    s2, _ = do(plain, fire(plain, "0606", "0605", side="bottom"), (2, 2))
    assert s2.unit("t1").blocks == 2
    card = position(units, ordered=("b1",), terrain={"0605": "forest"}, card="clash_of_shields")
    s3, _ = do(card, fire(card, "0606", "0605", side="bottom"), (2, 2, 2))  # every typed die is rolled
    assert s3.unit("t1").blocks == 1


def test_cca_hill_6_hill_caps_also_bound_ranged_dice() -> None:
    """CCA-HILL-6: firing up at a unit on a hill gives at most 2 dice (the close-combat cap); as fire never
    exceeds 2 dice, bowmen roll 2 as on clear ground."""
    units = [("bottom", "LB", "0606"), ("top", "MI", "0604")]
    hill = position(units, ordered=("b1",), terrain={"0604": "hill"})
    assert fire_dice(hill, hill.unit("b1"), hx(hill, "0604")).count == 2
    s2, _ = do(hill, fire(hill, "0606", "0604", side="bottom"), (2, 2))
    assert s2.unit("t1").blocks == 2


def test_cca_rampart_3_behind_a_rampart_one_flag_from_fire_is_ignored() -> None:
    """CCA-RAMPART-3: medium infantry in a rampart hex fired at through its front hexside ignores 1 flag; with no
    rampart the same flag retreats it."""
    units = [("bottom", "LB", "0606"), ("top", "MI", "0605")]
    front = [{"a": "0605", "b": "0606", "kind": "rampart_front"}]
    held = position(units, ordered=("b1",), terrain={"0605": "rampart"}, hexsides=front)
    s2, _ = do(held, fire(held, "0606", "0605", side="bottom"), (5, 3))
    assert s2.unit("t1").hex == hx(held, "0605")
    assert not any(task.kind == "retreat" for task in s2.tasks)
    bare = position(units, ordered=("b1",))
    s3, _ = do(bare, fire(bare, "0606", "0605", side="bottom"), (5, 3))
    assert s3.tasks and s3.tasks[0].kind == "retreat"

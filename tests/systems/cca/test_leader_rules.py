"""C&C rule tests for leaders, evades, retreats and momentum, with explicit dice (1 light, 2 medium, 3 heavy,
4 helmet, 5 flag, 6 swords).

Each test drives the real rules (``SYSTEM.apply`` with typed dice, ``legal``) from a small position and asserts
the effect of the rule it cites.
"""

from __future__ import annotations

from dataclasses import replace

from app.systems.cca import messages as m
from app.systems.cca.state import State
from app.systems.cca.turn import legal

from .helpers import do, hx, position
from .test_rule_coverage import fire, kinds

# --- leaders, evades and momentum -----------------------------------------------------------------------------------


def _lone_leader_must_evade(units: list[tuple[str, str, str]], leader_at: str = "0605", **kw: object) -> State:
    """A top heavy infantry beside the lone bottom leader attacks and misses (no helmet): he must evade."""
    attacker = f"{leader_at[:2]}{int(leader_at[2:]) - 1:02d}"
    s = position([("top", "HI", attacker), *units], [("bottom", leader_at)], ordered=("t1",), **kw, active="top")
    s1, _ = do(s, fire(s, attacker, leader_at), (1, 1, 2, 2, 3))
    assert s1.tasks and s1.tasks[0].kind == "leader_evade"
    return s1


def test_leader_evades_one_to_three_hexes_toward_his_side() -> None:
    """CCA-LEVADE-1, CCA-LEVADE-2: the leader's evade paths are 1 to 3 hexes long, each step toward his own
    baseline, never ending on another piece."""
    s = _lone_leader_must_evade([("bottom", "MI", "0607")])
    evades = [c for c in legal(s) if isinstance(c, m.LeaderEvade) and not c.off_board]
    assert {len(c.path) for c in evades} == {1, 2, 3}
    start_row = hx(s, "0605")[1]
    assert all(c.path[i][1] > (c.path[i - 1][1] if i else start_row) for c in evades for i in range(len(c.path)))
    assert all(s.unit_at(c.path[-1]) is None or s.unit_at(c.path[-1]).side == "bottom" for c in evades)


def test_leader_evading_off_his_baseline_gives_no_banner() -> None:
    """CCA-LEVADE-6, CCA-VICTORY-4: a leader near his own baseline may evade off the board: he is removed and
    the enemy gains no banner."""
    s = _lone_leader_must_evade([], leader_at="0608")
    off = next(c for c in legal(s) if isinstance(c, m.LeaderEvade) and c.off_board)
    s2, _ = do(s, off)
    assert s2.leader("bL1") is None and s2.banners == (0, 0)


def test_leader_who_cannot_evade_is_lost() -> None:
    """CCA-LEVADE-5, CCA-LEVADE-3, CCA-LEADER-7: a lone leader hemmed in (sea behind him, enemy beside) cannot
    evade and is lost for a banner."""
    sea = dict.fromkeys(("0506", "0606"), "seacoast")
    s = position([("top", "HI", "0604")], [("bottom", "0605")], ordered=("t1",), terrain=sea, active="top")
    s2, _ = do(s, fire(s, "0604", "0605"), (1, 1, 2, 2, 3))
    assert s2.leader("bL1") is None and s2.banners == (0, 1)


def test_attached_leader_of_a_destroyed_unit_rolls_one_die() -> None:
    """CCA-LEADER-4, CCA-LEADER-3: the unit's last block is removed, then its leader rolls 1 die: a helmet
    kills him (2 banners in all), anything else sends him evading."""
    units = [("bottom", "HI", "0606"), ("top", "MI", "0605", 1)]
    s = position(units, [("top", "0605")], ordered=("b1",))
    killed, _ = do(s, fire(s, "0606", "0605", side="bottom"), (2, 1, 1, 1, 1, 4))
    assert killed.unit("t1") is None and killed.leader("tL1") is None and killed.banners == (2, 0)
    spared, _ = do(s, fire(s, "0606", "0605", side="bottom"), (2, 1, 1, 1, 1, 1))
    assert spared.unit("t1") is None and spared.leader("tL1") is not None and spared.banners == (1, 0)
    assert spared.tasks and spared.tasks[0].kind == "leader_evade"


def test_light_infantry_may_evade_or_stand() -> None:
    """CCA-EVADE-1, CCA-CC-2: attacked in close combat, light infantry chooses to evade or to stand before any
    die is rolled; medium infantry has no such choice."""
    s = position([("bottom", "HI", "0606"), ("top", "LI", "0605")], ordered=("b1",))
    s1, events = do(s, fire(s, "0606", "0605", side="bottom"))
    assert not [e for e in events if getattr(e, "ruling", None)]
    assert {"evade", "stand"} <= kinds(s1)
    mi = position([("bottom", "HI", "0606"), ("top", "MI", "0605")], ordered=("b1",))
    mi1, _ = do(mi, fire(mi, "0606", "0605", side="bottom"), (1, 1, 1, 1, 1))
    assert not {"evade", "stand"} & kinds(mi1)


def test_cavalry_momentum_advance_and_extra_hex() -> None:
    """CCA-MOMENTUM-2, CCA-MOMENTUM-1: cavalry that clears the hex may advance into it and then one hex more."""
    s = position([("bottom", "HC", "0606"), ("top", "MI", "0605", 1)], ordered=("b1",))
    s2, _ = do(s, fire(s, "0606", "0605", side="bottom"), (2, 1, 1, 1))
    s3, _ = do(s2, m.Advance(side="bottom", unit="b1"))
    assert s3.unit("b1").hex == hx(s, "0605")
    assert any(isinstance(c, m.ExtraMove) for c in legal(s3))


def test_no_merging_with_a_friendly_unit() -> None:
    """CCA-UNIT-6, CCA-MOVE-4: a unit may not move into a hex held by a friendly unit."""
    s = position(
        [("bottom", "MI", "0607"), ("bottom", "MI", "0606"), ("top", "MI", "0601")], ordered=("b1",), phase="move"
    )
    destinations = {c.to for c in legal(s) if isinstance(c, m.Move) and c.piece == "b1"}
    assert destinations and hx(s, "0606") not in destinations


def test_card_step_offers_each_card_in_hand() -> None:
    """CCA-CARD-1, CCA-TURN-1: at the start of the turn the player plays one card from his hand."""
    s = position([("bottom", "MI", "0606"), ("top", "MI", "0601")], phase="card")
    s = replace(s, hands=(("two_centre", "two_centre", "four_centre"), s.hands[1]))
    assert {c.card for c in legal(s) if isinstance(c, m.PlayCard)} == {"two_centre", "four_centre"}
    s2, _ = do(s, m.PlayCard(side="bottom", card="four_centre"))
    assert s2.phase == "order" and s2.hand("bottom") == ("two_centre", "two_centre")


# --- retreats, momentum and bonus close combat ---------------------------------------------------------------------


def test_retreat_onto_a_lone_friendly_leader_stops_there() -> None:
    """CCA-RETREAT-7, CCA-RETREAT-5: medium infantry retreating 2 hexes may stop on the hex of a lone friendly
    leader right behind it; the leader attaches and the rest of the retreat is ignored."""
    s = position([("bottom", "MI", "0606"), ("top", "LB", "0604")], [("bottom", "0607")], ordered=("t1",), active="top")
    s2, _ = do(s, fire(s, "0604", "0606"), (5, 5))
    onto = next(c for c in legal(s2) if isinstance(c, m.Retreat) and c.to == hx(s, "0607"))
    s3, _ = do(s2, onto)
    assert s3.unit("b1").hex == s3.leader("bL1").hex == hx(s, "0607")
    assert not s3.tasks


def test_retreat_paths_avoid_other_units_but_not_terrain() -> None:
    """CCA-RETREAT-4, CCA-RETREAT-5, CCA-TERRAIN-2: with a friendly unit on one rear hex and forest on the other,
    the 2-hex retreat goes through the forest without stopping and never enters the occupied hex."""
    s = position(
        [("bottom", "MI", "0606"), ("bottom", "MI", "0607"), ("top", "LB", "0604")],
        ordered=("t1",),
        terrain={"0707": "forest"},
        active="top",
    )
    s2, _ = do(s, fire(s, "0604", "0606"), (5, 5))
    ends = {c.to for c in legal(s2) if isinstance(c, m.Retreat)}
    assert ends and hx(s, "0607") not in ends
    assert any(abs(h[1] - hx(s, "0606")[1]) == 2 for h in ends)  # two rows back, past the forest hex


def test_unit_in_a_ford_may_momentum_advance() -> None:
    """CCA-MOMENTUM-5, CCA-FORD-4: heavy infantry standing in a ford clears the hex in front and may advance."""
    s = position(
        [("bottom", "HI", "0606"), ("top", "MI", "0605", 1)], ordered=("b1",), terrain={"0606": "fordable_river"}
    )
    s2, _ = do(s, fire(s, "0606", "0605", side="bottom"), (2, 1))
    assert s2.unit("t1") is None
    assert m.Advance(side="bottom", unit="b1") in legal(s2)


def test_warriors_bonus_close_combat_after_advancing() -> None:
    """CCA-BONUS-1, CCA-BONUS-2, CCA-BONUS-3: warriors that clear a hex and advance may make one bonus close
    combat against any adjacent enemy; after it they do not battle again."""
    s = position([("bottom", "WA", "0606"), ("top", "MI", "0605", 1), ("top", "MI", "0604")], ordered=("b1",))
    s2, _ = do(s, fire(s, "0606", "0605", side="bottom"), (2, 1, 1, 1))
    s3, _ = do(s2, m.Advance(side="bottom", unit="b1"))
    bonus = [c for c in legal(s3) if isinstance(c, m.Battle)]
    assert [c.target for c in bonus] == [hx(s, "0604")] and s3.tasks[0].kind == "bonus"
    s4, _ = do(s3, bonus[0], (1, 1, 1, 1))  # no hit
    s4, _ = do(s4, next(c for c in legal(s4) if isinstance(c, m.Decline)))  # the defender declines to battle back
    assert not any(isinstance(c, m.Battle) and c.unit == "b1" for c in legal(s4))


def test_attached_leader_makes_helmets_hit() -> None:
    """CCA-LEADER-8, CCA-HIT-1: in close combat a helmet hits when the attacker has a leader attached; without
    him it misses."""
    units = [("bottom", "MI", "0606"), ("top", "MI", "0605")]
    led = position(units, [("bottom", "0606")], ordered=("b1",))
    hit, _ = do(led, fire(led, "0606", "0605", side="bottom"), (4, 1, 1, 1))
    assert hit.unit("t1").blocks == 3
    alone = position(units, ordered=("b1",))
    missed, _ = do(alone, fire(alone, "0606", "0605", side="bottom"), (4, 1, 1, 1))
    assert missed.unit("t1").blocks == 4


def test_elephant_battles_after_moving_two_hexes() -> None:
    """CCA-ELEPHANT-1, CCA-MOVE-7: an elephant that moved 2 hexes may still close combat."""
    s = position([("bottom", "EL", "0608"), ("top", "MI", "0605")], ordered=("b1",), phase="move")
    moved, _ = do(s, m.Move(side="bottom", piece="b1", to=hx(s, "0606")))
    ready, _ = do(moved, m.EndMovement(side="bottom"))
    assert m.Battle(side="bottom", unit="b1", target=hx(s, "0605")) in legal(ready)

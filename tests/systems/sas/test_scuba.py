"""Scuba gear and the speargun with explicit dice (SAS-EQ-14 moving in, within and out of the water and under
bridges, SAS-EQ-15 hidden in the water and the scuba actions, SAS-EQ-16 the speargun; SAS-TER-2, SAS-TER-15)."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.sas import SYSTEM
from app.systems.sas.board.vision import sees_op
from app.systems.sas.messages import Attack, Crouch, Move, Sprint, Throw
from tests.support.positions import sas_state

# A river along rows 3-4; a bridge (column E) carries the road across it with low walls on its sides; a low wall lines
# the south bank at G4.
RIVER = [".........."] * 2 + ["~~~~=~~~~~"] * 2 + [".........."] * 6
EDGES = [
    ("E3", "W", "low_wall"),
    ("E3", "E", "low_wall"),
    ("E4", "W", "low_wall"),
    ("E4", "E", "low_wall"),
    ("G4", "S", "low_wall"),
]
GEAR = {"scuba_gear": 1}


def _at(loc):
    """The printed name of square ``loc`` ((2, 1) -> "C2")."""
    return f"{'ABCDEFGHIJ'[loc[0]]}{loc[1] + 1}"


def _jock(loc, **kw):
    """Jock in the position (JSON) at ``loc``."""
    return {"id": "jock", "at": _at(loc), **kw}


def _diver(loc, **kw):
    """Jock with his scuba gear."""
    return _jock(loc, items=GEAR, **kw)


def _rifle(uid, loc, facing):
    return {"id": uid, "kind": "rifle", "role": "sentry", "colour": "black", "at": _at(loc), "facing": facing}


def _position(ops, units=(), **kw):
    """The river board set up from a JSON position."""
    return sas_state({"operators": ops, "units": list(units), **kw}, RIVER, EDGES)


def _start(ops, units=(), **kw):
    """The position with Jock being activated with 4 AP."""
    return _position(ops, units, activation={"operator": "jock", "ap": 4}, **kw)


def _apply(st, cmd, dice=()):
    return SYSTEM.apply(st, cmd.with_table_input(dice, None))


def test_sas_eq_14_entering_the_water_swaps_to_the_scuba_token():
    """SAS-EQ-14 / SAS-TER-2: with scuba gear a Move into the water is allowed and swaps him to his scuba token;
    without gear water blocks the move."""
    st = _start([_diver((2, 1))])
    cmd = Move(side="sas", operator="jock", to=(2, 2))
    assert cmd in SYSTEM.legal_commands(st)
    after, events = SYSTEM.apply(st, cmd)
    assert after.op("jock").scuba
    swap = next(e for e in events if e.kind == "scuba")
    assert swap.rule_id == "SAS-EQ-14" and swap.instruction is not None
    plain = _start([_jock((2, 1))])
    assert cmd not in SYSTEM.legal_commands(plain)
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(plain, cmd)


def test_sas_eq_14_swim_under_the_bridge_and_climb_out():
    """SAS-EQ-14 / SAS-TER-15: in the water he passes under the bridge across its low walls, keeping the scuba
    token; from the water he moves out onto a bank with no low cover and swaps back to his normal token."""
    st = _start([_diver((3, 2), scuba=True)])
    under, _ = SYSTEM.apply(st, Move(side="sas", operator="jock", to=(4, 2)))
    assert under.op("jock").scuba and under.op("jock").loc == (4, 2)
    beyond, _ = SYSTEM.apply(under, Move(side="sas", operator="jock", to=(5, 3)))
    assert beyond.op("jock").scuba
    out, events = SYSTEM.apply(beyond, Move(side="sas", operator="jock", to=(5, 4)))
    assert not out.op("jock").scuba and any(e.kind == "scuba" for e in events)


def test_sas_eq_14_low_cover_blocks_the_way_out_but_not_the_way_in():
    """SAS-EQ-14 / OQ-40: the low wall on the south bank blocks him leaving the water there; standing on the bank he
    can drop into the water across it, and an operator walking on the bridge can drop in across its low wall."""
    st = _start([_diver((6, 3), scuba=True)])
    out = Move(side="sas", operator="jock", to=(6, 4))
    assert out not in SYSTEM.legal_commands(st)
    with pytest.raises(IllegalCommandError) as err:
        SYSTEM.apply(st, out)
    assert "SAS-EQ-14" in err.value.reason.render()
    bank = _start([_diver((6, 4))])
    after, _ = SYSTEM.apply(bank, Move(side="sas", operator="jock", to=(6, 3)))
    assert after.op("jock").scuba
    bridge = _start([_diver((4, 2))])
    after, _ = SYSTEM.apply(bridge, Move(side="sas", operator="jock", to=(3, 2)))
    assert after.op("jock").scuba


def test_sas_eq_15_sprint_only_out_of_the_water():
    """SAS-EQ-15: in scuba mode a sprint must leave the water with its first step; a sprint from the land into the
    water ends on the first water square (SAS-EQ-14)."""
    st = _start([_diver((2, 3), scuba=True)])
    sprints = [c for c in SYSTEM.legal_commands(st) if c.kind == "sprint"]
    assert (2, 6) in {c.path[-1] for c in sprints} and all(c.path[0][1] == 4 for c in sprints)  # D-OP-2
    after, _ = SYSTEM.apply(st, Sprint(side="sas", operator="jock", path=((2, 4), (2, 5), (2, 6))))
    assert not after.op("jock").scuba and after.op("jock").loc == (2, 6)
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(st, Sprint(side="sas", operator="jock", path=((1, 3), (1, 4), (1, 5))))
    land = _start([_diver((2, 6))])
    after, _ = SYSTEM.apply(land, Sprint(side="sas", operator="jock", path=((2, 5), (2, 4), (2, 3))))
    assert after.op("jock").scuba
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(_start([_diver((2, 5))]), Sprint(side="sas", operator="jock", path=((2, 4), (2, 3), (2, 2))))


def test_sas_eq_15_hidden_in_the_water_unless_exposed():
    """SAS-EQ-15: LOS to an operator in the water is blocked unless he is exposed."""
    sentry = [_rifle("s", (2, 7), "N")]
    st = _position([_diver((2, 3), scuba=True)], sentry)
    assert not sees_op(st, st.unit("s"), st.op("jock"))
    assert sees_op(st, st.unit("s"), _position([_diver((2, 3), scuba=True, exposed=True)], sentry).op("jock"))
    assert sees_op(st, st.unit("s"), _position([_diver((2, 4))], sentry).op("jock"))


def test_sas_eq_15_scuba_mode_allows_only_its_actions():
    """SAS-EQ-15: in scuba mode no Crouch or grenade (Move, Attack, Aim, Mark, Sprint only); refused by rule."""
    st = _start([_jock((2, 3), items={**GEAR, "grenade": 1}, scuba=True)], [_rifle("s", (2, 6), "S")])
    kinds = {c.kind for c in SYSTEM.legal_commands(st)}
    assert kinds <= {"move", "sprint", "attack", "aim", "mark", "end_activation"}
    with pytest.raises(IllegalCommandError) as err:
        SYSTEM.apply(st, Crouch(side="sas", operator="jock"))
    assert err.value.rule_id == "SAS-EQ-15"
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(st, Throw(side="sas", operator="jock", to=(2, 6)))


def test_sas_eq_16_speargun_kill_from_the_water_is_silent_and_once_per_activation():
    """SAS-EQ-16: from the water only the speargun (pistol refused); a roll of 4 kills the sentry 3 away (4+, D-EQ-7)
    without noise or exposure; it cannot be used again this activation."""
    units = [_rifle("s", (2, 6), "S"), _rifle("t", (5, 6), "S")]
    st = _start([_diver((2, 3), scuba=True)], units, meter=6)
    with pytest.raises(IllegalCommandError) as err:
        _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="s"), dice=(6,))
    assert err.value.rule_id == "SAS-EQ-16"
    cmd = Attack(side="sas", operator="jock", weapon="speargun", target="s")
    assert cmd in SYSTEM.legal_commands(st)
    after, events = _apply(st, cmd, dice=(4,))
    assert after.unit("s") is None and after.meter == 6 and not after.op("jock").exposed
    shot = next(e.ruling for e in events if e.kind == "attack")
    assert shot.target == 4 and shot.dice[0].success
    again = Attack(side="sas", operator="jock", weapon="speargun", target="t")
    assert again not in SYSTEM.legal_commands(after)
    with pytest.raises(IllegalCommandError):
        _apply(after, again, dice=(6,))


def test_sas_eq_16_speargun_miss_from_the_water_does_not_expose():
    """SAS-EQ-16: a miss (roll 1): the target turns toward the attack and flips to alert; the operator in the water
    is not visible and is not exposed."""
    st = _start([_diver((2, 3), scuba=True)], [_rifle("s", (2, 6), "S")])
    after, _ = _apply(st, Attack(side="sas", operator="jock", weapon="speargun", target="s"), dice=(1,))
    sentry = after.unit("s")
    assert sentry.alert and sentry.facing == "N" and not after.op("jock").exposed


def test_sas_eq_16_low_cover_blocks_los_between_water_and_land():
    """SAS-EQ-16: the low wall on the south bank blocks the speargun's line from the water to the land."""
    st = _start([_diver((6, 3), scuba=True)], [_rifle("s", (6, 6), "S")])
    assert Attack(side="sas", operator="jock", weapon="speargun", target="s") not in SYSTEM.legal_commands(st)
    with pytest.raises(IllegalCommandError) as err:
        _apply(st, Attack(side="sas", operator="jock", weapon="speargun", target="s"), dice=(6,))
    assert "SAS-EQ-16" in err.value.reason.render()


def test_sas_eq_16_speargun_on_land_is_a_silent_assassination_with_witnesses():
    """SAS-EQ-16: out of the water the speargun is a long-range silent kill (no meter advance); a unit that sees him
    at the moment of the kill exposes him."""
    units = [_rifle("s", (2, 8), "S"), _rifle("w", (7, 6), "W")]
    st = _start([_diver((2, 6))], units, meter=6)
    after, _ = _apply(st, Attack(side="sas", operator="jock", weapon="speargun", target="s"), dice=(5,))
    assert after.unit("s") is None and after.meter == 6 and after.op("jock").exposed


def test_sas_obj_3_a_corpse_placed_in_the_water_is_removed():
    """SAS-OBJ-3 / SAS-TER-2: a corpse placed in a water square is removed at once."""
    from app.systems.sas.messages import Place

    st = _start([_jock((2, 4), carrying="corpse9")], objects=[{"id": "corpse9", "kind": "corpse", "at": None}])
    after, events = SYSTEM.apply(st, Place(side="sas", operator="jock", to=(2, 3)))
    assert after.obj("corpse9") is None and after.op("jock").carrying is None
    assert any(e.rule_id == "SAS-OBJ-3" and e.instruction is not None for e in events)


def test_sas_eq_14_view_flags_the_scuba_token():
    """SAS-EQ-14 / SAS-EQ-12: the operator's counter shows his scuba token (and a working camo net)."""
    st = _start([_diver((2, 3), scuba=True)])
    counter = next(c for c in SYSTEM.view(st, "sas").counters if c.id == "jock")
    assert "scuba" in counter.flags

"""SAS items with explicit dice: grenades (thrown, blind with small scatter, marked), landmines, traps, medpack
(SAS-EQ-4, SAS-EQ-6, SAS-EQ-7, SAS-EQ-8, SAS-EQ-13; SAS-BLAST-2, SAS-BLAST-3, SAS-BLAST-6; SAS-NOISE-4; SAS-MARK-5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.errors import IllegalCommandError
from app.systems.sas import SYSTEM
from app.systems.sas.messages import Mark, Place, RunAxisStep, Throw, UseMedpack
from app.systems.sas.mission import PatrolLine
from app.systems.sas.state import ObjectState
from tests.support.positions import sas_state

from .board import activate, op, runtime, state, unit, with_defaults

OPEN = ["." * 12] * 12
ROCK = ["." * 12] * 8 + ["..R" + "." * 9] + ["." * 12] * 3


def _apply(st, cmd, dice=(), cards=None):
    return with_defaults(SYSTEM.apply(st, cmd.with_table_input(dice, cards)))


def _activated(op_id, at, units=(), rows=OPEN, **position):
    """A JSON position: ``op_id`` at square ``at`` being activated with 4 AP; black riflemen facing north at the
    squares ``units`` maps their ids to."""
    riflemen = [
        {"id": uid, "kind": "rifle", "role": "sentry", "colour": "black", "at": square, "facing": "N"}
        for uid, square in dict(units).items()
    ]
    operators = position.pop("operators", [{"id": op_id, "at": at}])
    activation = {"operator": op_id, "ap": 4}
    return sas_state({"operators": operators, "units": riflemen, "activation": activation, **position}, rows)


def test_sas_eq_6_grenade_4_rolls_at_2_alarm_template_removed():
    """SAS-EQ-6 / SAS-BLAST-2, SAS-BLAST-6 / SAS-NOISE-4: a grenade thrown 5 squares in LOS: rolls 2,1,5,6 -> 3
    successes kill both units under the template; the alarm sounds; the template is removed at once; 1 AP, token
    spent."""
    st = _activated("jock", "C11", {"a": "C6", "b": "D6"})
    cmd = Throw(side="sas", operator="jock", to=(2, 5))
    assert cmd in SYSTEM.legal_commands(st)
    after, events = _apply(st, cmd, dice=(2, 1, 5, 6))
    blast = next(e.ruling for e in events if e.kind == "blast")
    assert blast.target == 2 and [d.success for d in blast.dice] == [True, False, True, True]
    assert after.unit("a") is None and after.unit("b") is None
    assert after.section == "battle" and after.templates == ()
    assert after.op("jock").item_count("grenade") == 0 and after.activation.ap == 3
    assert any(e.instruction for e in events if e.kind == "grenade")


def test_sas_eq_6_grenade_range_6():
    """SAS-EQ-6: range 6; a square 7 away is neither offered nor accepted."""
    st = _activated("jock", "A12")
    assert Throw(side="sas", operator="jock", to=(0, 4)) not in SYSTEM.legal_commands(st)
    with pytest.raises(IllegalCommandError):
        _apply(st, Throw(side="sas", operator="jock", to=(0, 4)))


def test_sas_eq_7_blind_throw_small_scatter():
    """SAS-EQ-7 / SAS-BLAST-3 (OQ-41 table): a rock blocks LOS, so the throw is blind. Jock faces north; 2D6 = 4+5
    = 9 -> 'R' = east; 1D6 = 3 -> 2 squares: the grenade lands 2 east of the aimed square; 1 success (6,1,1,1)
    kills the unit next to the landing square."""
    st = _activated("jock", "C11", {"u": "F7"}, ROCK)
    after, events = _apply(st, Throw(side="sas", operator="jock", to=(2, 6)), dice=(4, 5, 3, 6, 1, 1, 1))
    scatter = next(e for e in events if e.kind == "scatter")
    assert scatter.rule_id == "SAS-BLAST-3" and scatter.at == ((2, 6), (4, 6))
    assert [d.natural for d in scatter.ruling.dice] == [4, 5, 3]
    assert after.unit("u") is None


def test_sas_blast_3_seven_stays_on_target():
    """SAS-BLAST-3: a 2D6 total of 7 leaves the template on the aimed square (no distance die)."""
    st = _activated("jock", "C11", {"u": "C7"}, ROCK)
    after, events = _apply(st, Throw(side="sas", operator="jock", to=(2, 6)), dice=(3, 4, 2, 2, 2, 2))
    assert next(e for e in events if e.kind == "scatter").at == ((2, 6), (2, 6))
    assert after.unit("u") is None


def test_sas_mark_5_grenade_marks_a_square_no_plus_2():
    """SAS-MARK-5 / SAS-EQ-6: Jock marks a square with his grenade; when an Axis unit stands under the template in
    the Advance phase the grenade goes off with no +2 (rolls 1,1,1,2 -> 1 success)."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("jock", (2, 10))], [unit("u", "rifle", (3, 5), "N")]), "jock")
    cmd = Mark(side="sas", operator="jock", square=(2, 5), weapon="grenade", facing="N")
    assert cmd in SYSTEM.legal_commands(st)
    st, _ = _apply(st, cmd)
    st = replace(st, phase="advance")
    after, events = _apply(st, RunAxisStep(side="axis"), dice=(1, 1, 1, 2))
    blast = next(e.ruling for e in events if e.kind == "blast")
    assert blast.modifiers == () and blast.rule_id == "SAS-MARK-5"
    assert after.unit("u") is None and after.op("jock").item_count("grenade") == 0


def _walker(item: str):
    path = tuple((2, y) for y in range(11, -1, -1))
    line = PatrolLine("w", "white", path, ((path[0], "N"),), False)
    rt = runtime(OPEN, lines={"w": line})
    patrol = unit("wp", "rifle", (2, 11), "N", role="patrolman", colour="white", line="w")
    st = state(rt, [op("david", (9, 11))], [patrol], phase="patrol", patrol_marker="white")
    return st.with_object(ObjectState("dev", item, (2, 9)))


def test_sas_eq_8_landmine_goes_off_under_a_patrolman():
    """SAS-EQ-8: the patrolman walks onto the mine 2 squares along: 4 rolls at 2+ (2,2,1,1) kill him; mine and
    template are removed (SAS-BLAST-6); the blast is noisy (OQ-38)."""
    st = _walker("landmine")
    after, events = _apply(st, RunAxisStep(side="axis"), dice=(2, 2, 1, 1))
    assert after.unit("wp") is None and after.obj("dev") is None and after.templates == ()
    assert next(e.ruling for e in events if e.kind == "blast").target == 2
    assert after.meter == st.meter - 1


def test_sas_eq_4_trap_kills_and_flips_to_used():
    """SAS-EQ-4: an Axis infantry unit stepping into the trap dies (corpse); the trap flips to its used side."""
    st = _walker("trap")
    after, events = _apply(st, RunAxisStep(side="axis"))
    assert after.unit("wp") is None and after.obj("dev").kind == "trap_used"
    assert any(e.kind == "trap" and e.instruction for e in events)


def test_sas_eq_4_8_placing_a_mine_and_a_trap():
    """SAS-EQ-4, SAS-EQ-8 with SAS-PLACE-1: Place (1 AP) puts the token in an adjacent square; one token each is
    spent."""
    st = _activated("david", "F6")
    cmd = Place(side="sas", operator="david", to=(5, 4), item="landmine")
    assert cmd in SYSTEM.legal_commands(st)
    st, _ = _apply(st, cmd)
    st, _ = _apply(st, Place(side="sas", operator="david", to=(6, 4), item="trap"))
    assert {o.kind for o in st.objects} == {"landmine", "trap"} and st.activation.ap == 2
    assert st.op("david").item_count("landmine") == 0 and st.op("david").item_count("trap") == 0


def test_sas_eq_13_medpack_restores_all_hp_free_action():
    """SAS-EQ-13: Paddy (2 of 5 HP) uses the medpack on himself: back to 5 HP, 0 AP, token removed; an operator
    next to him can be treated too, one further away cannot."""
    wounded = [{"id": "paddy", "at": "F6", "hp": 2}, {"id": "jock", "at": "J10", "hp": 1}]
    st = _activated("paddy", "F6", operators=wounded)
    cmds = SYSTEM.legal_commands(st)
    assert UseMedpack(side="sas", operator="paddy", patient="paddy") in cmds
    assert UseMedpack(side="sas", operator="paddy", patient="jock") not in cmds
    after, events = _apply(st, UseMedpack(side="sas", operator="paddy", patient="paddy"))
    assert after.op("paddy").hp == 5 and after.activation.ap == 4
    assert after.op("paddy").item_count("medpack") == 0
    assert next(e for e in events if e.kind == "medpack").rule_id == "SAS-EQ-13"
    with pytest.raises(IllegalCommandError):
        _apply(after, UseMedpack(side="sas", operator="paddy", patient="paddy"))


def test_sas_atk_4_move_after_attack_called_off_by_the_barrel_blast():
    """SAS-ATK-4 / SAS-OBJ-5 / D-ATK-2: Jock shoots a fuel barrel (4 +1 short = 5: hit) meaning to step after the
    shot into a square the blast template then covers (rolls 1,1,1,1,1): the move is called off, the attack stands."""
    from app.systems.sas.messages import Attack

    st = _activated("jock", "C9", objects=[{"id": "drum", "kind": "fuel_barrel", "at": "C7"}])
    cmd = Attack(side="sas", operator="jock", weapon="pistol", target="drum", move_to=(2, 7), move_first=False)
    assert cmd in SYSTEM.legal_commands(st)
    after, events = _apply(st, cmd, dice=(4, 1, 1, 1, 1, 1))
    assert after.obj("drum") is None and (2, 7) in after.templates
    assert after.op("jock").loc == (2, 8) and any(e.kind == "move_cancelled" for e in events)

"""SAS Mark (overwatch), Blind Fire and the crouched operator's LOS, with explicit dice.

Rule IDs: SAS-MARK-1, SAS-MARK-2, SAS-MARK-3, SAS-MARK-4, SAS-MARK-5, SAS-MARK-6, SAS-MARK-7, SAS-LOS-4, SAS-BLIND-1,
SAS-BLIND-2, SAS-BLIND-3, SAS-LOS-10 (OQ-64)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.systems.sas import SYSTEM
from app.systems.sas.board.vision import hiding_cover
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.messages import BlindFire, EndPhase, Mark, RunAxisStep
from app.systems.sas.mission import PatrolLine
from tests.support.positions import sas_state

from .board import activate, op, runtime, state, unit, with_defaults

OPEN = ["." * 12] * 12


def _apply(st, cmd, dice=(), cards=None):
    """Apply, taking the default of every choice left to the player (the marked attack at its first moment,
    SAS-MARK-3, D-MARK-1)."""
    return with_defaults(SYSTEM.apply(st, cmd.with_table_input(dice, cards)))


def _mark(st, op_id, **kw):
    return _apply(st, Mark(side="sas", operator=op_id, **kw))


def _far_sentry(ap):
    """Jock at A12 being activated with ``ap`` left; a sentry far off at L1 facing north (a JSON position)."""
    sentry = {"id": "s", "kind": "rifle", "role": "sentry", "colour": "black", "at": "L1", "facing": "N"}
    return {"operators": [{"id": "jock", "at": "A12"}], "units": [sentry], "activation": {"operator": "jock", "ap": ap}}


def test_sas_mark_1_costs_2_ap_is_the_last_action_and_needs_no_los():
    """SAS-MARK-1: 2 AP; the target need not be in range or LOS; the activation ends with the mark."""
    st = sas_state(_far_sentry(ap=4))
    cmds = SYSTEM.legal_commands(st)
    assert Mark(side="sas", operator="jock", target="s", weapon="pistol", facing="E") in cmds
    after, events = _mark(st, "jock", target="s", weapon="pistol", facing="E")
    assert after.activation is None
    assert after.op("jock").mark == "s" and after.op("jock").facing == "E"
    assert any(e.kind == "marked" and e.instruction for e in events)


def test_sas_mark_1_needs_2_ap():
    """SAS-ACT-1: Mark costs 2 AP; with 1 AP left it is neither offered nor accepted."""
    st = sas_state(_far_sentry(ap=1))
    assert not [c for c in SYSTEM.legal_commands(st) if c.kind == "mark"]
    with pytest.raises(IllegalCommandError):
        _mark(st, "jock", target="s", weapon="pistol", facing="N")


def _patrol_example():
    """Jock at F11 facing north; the white patrolman walks north up column C from C11 (3 squares away)."""
    path = tuple((2, y) for y in range(11, -1, -1))
    line = PatrolLine("w", "white", path, ((path[0], "N"),), False)
    rt = runtime(OPEN, lines={"w": line})
    patrol = unit("wp", "rifle", (2, 11), "N", role="patrolman", colour="white", line="w")
    st = activate(state(rt, [op("jock", (5, 11))], [patrol]), "jock")
    st, _ = _mark(st, "jock", target="wp", weapon="pistol", facing="N")
    return replace(st, phase="patrol", patrol_marker="white")


def test_sas_mark_2_worked_example_marked_patrolman_shot_on_its_third_square():
    """SAS-MARK-2, SAS-MARK-3 worked example: the marked white patrolman walks 4 squares; on the 3rd (C8) he enters
    Jock's front arc; Jock fires at once with his pistol: natural 2 +2 marked +1 short range = 5 >= 5 -> killed."""
    st = _patrol_example()
    after, events = _apply(st, RunAxisStep(side="axis"), dice=(2,))
    ruling = next(e.ruling for e in events if e.kind == "attack")
    assert sorted((m.value, m.rule_id) for m in ruling.modifiers) == [(1, "SAS-ATK-2"), (2, "SAS-MARK-2")]
    assert ruling.dice[0].natural == 2 and ruling.dice[0].success
    assert after.unit("wp") is None
    corpse = next(o for o in after.objects if o.kind == "corpse")
    assert corpse.loc == (2, 8)
    assert after.op("jock").mark is None  # one mark, one attack (OQ-20)
    moved = [e.at for e in events if e.kind == "unit_moved"]  # step by step while a mark is out
    assert moved == [((2, 11), (2, 10)), ((2, 10), (2, 9)), ((2, 9), (2, 8))]


def test_sas_mark_2_missed_marked_attack_exposes_and_stops_the_patrolman():
    """SAS-MARK-2 / SAS-ATK-9: a miss (natural 1) alerts the patrolman, turns him and exposes Jock; he stops."""
    st = _patrol_example()
    after, _ = _apply(st, RunAxisStep(side="axis"), dice=(1,))
    wp = after.unit("wp")
    assert wp is not None and wp.alert and wp.loc == (2, 8)
    assert after.op("jock").exposed and after.meter == st.meter - 1  # the pistol is noisy (SAS-NOISE-1)


def test_sas_los_4_marked_attack_only_in_the_front_arc():
    """SAS-LOS-4 / SAS-MARK-6: facing south, Jock never sees the patrolman walking north: no marked attack."""
    st = _patrol_example()
    st = st.with_op("jock", facing="S")
    after, events = _apply(st, RunAxisStep(side="axis"))
    assert not any(e.kind == "attack" for e in events)
    assert after.op("jock").mark == "wp"


def test_sas_mark_3_event_phase_shot_before_the_sentry_turns():
    """SAS-MARK-3: in the Event phase the marked attack comes after the draw but before the card's effects."""
    rt = runtime(OPEN)
    sentry = unit("bs", "rifle", (5, 5), "E")
    st = activate(state(rt, [op("jock", (5, 9))], [sentry]), "jock")
    st, _ = _mark(st, "jock", target="bs", weapon="pistol", facing="N")
    st = replace(st, phase="event")
    card = next(c for c in rt.cards.values() if c.stealth.type == "sentry_turn" and c.stealth.colour == "black")
    after, events = _apply(st, RunAxisStep(side="axis"), dice=(6,), cards=(card.id,))
    kinds = [e.kind for e in events]
    assert kinds.index("card_drawn") < kinds.index("marked_attack") < kinds.index("unit_killed")
    assert after.unit("bs") is None


def test_sas_mark_7_unused_marks_returned_in_the_end_phase():
    """SAS-MARK-7: mark tokens go back to the boards in the End phase."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("jock", (0, 11))], [unit("s", "rifle", (11, 0), "N")]), "jock")
    st, _ = _mark(st, "jock", target="s", weapon="pistol", facing="S")
    st = replace(st, phase="end")
    after, events = _apply(st, RunAxisStep(side="axis"))
    assert after.op("jock").mark is None
    assert any(e.kind == "marks_returned" and e.rule_id == "SAS-MARK-7" for e in events)


def test_sas_mark_5_knife_mark_kills_when_the_target_turns_its_back():
    """SAS-MARK-5: a knife mark on the sentry whose back is to Jock: in the next Axis phase the silent kill is
    made, no roll (SAS-KNIFE-1), no noise."""
    rt = runtime(OPEN)
    sentry = unit("bs", "rifle", (5, 5), "N")
    st = activate(state(rt, [op("jock", (5, 6))], [sentry]), "jock")
    st, _ = _mark(st, "jock", target="bs", weapon="knife", facing="N")
    st = replace(st, phase="advance")
    after, events = _apply(st, RunAxisStep(side="axis"))
    assert after.unit("bs") is None and after.meter == st.meter
    assert any(e.rule_id == "SAS-MARK-5" for e in events)


def test_sas_mark_phases_marks_survive_end_phase_of_operator():
    """SAS-MARK-2: after the Operator phase ends, the mark waits for the Axis phases."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("jock", (0, 11))], [unit("s", "rifle", (11, 0), "N")]), "jock")
    st, _ = _mark(st, "jock", target="s", weapon="pistol", facing="E")
    after, _ = _apply(st, EndPhase(side="sas"))
    assert after.phase == "event" and after.op("jock").mark == "s"


def test_sas_blind_2_pistol_short_range_needs_a_natural_6():
    """SAS-BLIND-1, SAS-BLIND-2, SAS-BLIND-3 worked example: Paddy, crouched behind a hedge, blind-fires his pistol at a
    patrolman 3 squares away: +1 short -2 blind = -1, so 5+ needs a 6; he rolls 4 and misses. The patrolman turns, Paddy
    is exposed but, hidden behind the hedge, suffers no reaction attack."""
    rt = runtime(OPEN, edges=[((2, 5), "N", "hedge")])
    patrol = unit("bp", "rifle", (2, 2), "E", role="patrolman")
    st = activate(state(rt, [op("paddy", (2, 5), crouched=True)], [patrol]), "paddy")
    cmd = BlindFire(side="sas", operator="paddy", weapon="pistol", target="bp")
    assert cmd in SYSTEM.legal_commands(st)
    after, events = _apply(st, cmd, dice=(4,))
    ruling = next(e.ruling for e in events if e.kind == "attack")
    assert sorted((m.value, m.rule_id) for m in ruling.modifiers) == [(-2, "SAS-BLIND-1"), (1, "SAS-ATK-2")]
    bp = after.unit("bp")
    assert bp is not None and bp.facing == "S" and bp.alert
    assert after.op("paddy").exposed and after.op("paddy").crouched
    assert not any(e.kind == "reaction_attack" for e in events)
    assert after.activation.ap == 3
    after, _ = _apply(st, cmd, dice=(6,))
    assert after.unit("bp") is None


def test_sas_los_10_crouched_operator_cannot_see_out_across_his_cover():
    """SAS-LOS-10 / OQ-64: the hedge that hides crouched Paddy from the patrolman also blocks his own LOS to it;
    a standing attack (Stand & Attack) and Blind Fire are still offered, Aim is not (standing only)."""
    rt = runtime(OPEN, edges=[((2, 5), "N", "hedge")])
    patrol = unit("bp", "rifle", (2, 2), "E", role="patrolman")
    st = activate(state(rt, [op("paddy", (2, 5), crouched=True)], [patrol]), "paddy")
    assert hiding_cover(st, (2, 2), (2, 5)) is not None
    ctx = Ctx(st, Roller(st.dice))
    assert "SAS-LOS-10" in str(combat.attack_problem(ctx, "paddy", "pistol", (2, 2)))
    assert combat.attack_problem(ctx, "paddy", "pistol", (2, 2), blind=True) is None
    kinds = {c.kind for c in SYSTEM.legal_commands(st)}
    assert {"blind_fire", "attack"} <= kinds and "aim" not in kinds


def test_sas_blind_1_standing_operator_cannot_blind_fire():
    """SAS-ACT-2: Blind Fire is a crouched action."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("paddy", (2, 5))], [unit("bp", "rifle", (2, 2), "E")]), "paddy")
    with pytest.raises(IllegalCommandError):
        _apply(st, BlindFire(side="sas", operator="paddy", weapon="pistol", target="bp"), dice=(6,))

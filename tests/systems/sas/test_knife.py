"""Knife assassination with Move & Attack (SAS-KNIFE-1, SAS-KNIFE-2, SAS-KNIFE-5, SAS-ATK-4; decision D-KNIFE-1)."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.sas import SYSTEM
from app.systems.sas.messages import Attack

from .board import activate, op, runtime, state, unit

OPEN = ["." * 10] * 10


def test_sas_knife_1_move_and_knife_from_behind():
    """SAS-KNIFE-1, SAS-KNIFE-5: Jock steps into the square directly behind the sentry and knifes it: no roll, a
    corpse."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("jock", (5, 7))], [unit("s", "rifle", (5, 5), "N")]), "jock")
    cmd = Attack(side="sas", operator="jock", weapon="knife", target="s", move_to=(5, 6))
    assert cmd in SYSTEM.legal_commands(st)
    after, _ = SYSTEM.apply(st, cmd)
    assert after.unit("s") is None and after.op("jock").loc == (5, 6)
    assert any(o.kind == "corpse" and o.loc == (5, 5) for o in after.objects)


def test_sas_knife_2_seen_during_the_move_calls_the_knife_off():
    """SAS-KNIFE-2 / D-KNIFE-1: a witness facing east sees Jock step into the rear square; he is exposed there, so
    the knife is called off, the move stands and the AP is spent (legal list and apply agree)."""
    rows = ["." * 10] * 7 + ["....." + "T" + "...."] + ["." * 10] * 2
    rt = runtime(rows)
    units = [unit("s", "rifle", (5, 5), "N"), unit("w", "rifle", (1, 6), "E")]
    jock = op("jock", (5, 7))
    st = activate(state(rt, [jock], units), "jock")
    assert not st.op("jock").exposed
    cmd = Attack(side="sas", operator="jock", weapon="knife", target="s", move_to=(5, 6))
    assert cmd in SYSTEM.legal_commands(st)
    after, events = SYSTEM.apply(st, cmd)
    assert after.op("jock").loc == (5, 6) and after.op("jock").exposed
    assert after.unit("s") is not None
    assert any(e.kind == "knife_cancelled" and e.rule_id == "SAS-KNIFE-2" for e in events)
    assert after.activation.ap == 3


def test_sas_knife_5_move_and_knife_into_a_side_square_is_refused():
    """SAS-KNIFE-5: Move & Attack with the knife must end directly behind the target; nothing moves otherwise."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("jock", (5, 7))], [unit("s", "rifle", (5, 5), "N")]), "jock")
    cmd = Attack(side="sas", operator="jock", weapon="knife", target="s", move_to=(4, 6))
    assert cmd not in SYSTEM.legal_commands(st)
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(st, cmd)


def test_sas_act_2_a_crouched_operator_cannot_move_and_knife():
    """SAS-ACT-2: Move & Attack is not among a crouched operator's actions; he stands up first."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("jock", (5, 7), crouched=True)], [unit("s", "rifle", (5, 5), "N")]), "jock")
    cmd = Attack(side="sas", operator="jock", weapon="knife", target="s", move_to=(5, 6))
    assert cmd not in SYSTEM.legal_commands(st)
    with pytest.raises(IllegalCommandError) as refused:
        SYSTEM.apply(st, cmd)
    assert refused.value.rule_id == "SAS-ACT-2"

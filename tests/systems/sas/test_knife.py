"""Knife assassination with Move & Attack (SAS-KNIFE-1, SAS-KNIFE-2, SAS-KNIFE-5, SAS-ATK-4; decision D-KNIFE-1)."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.sas import SYSTEM
from app.systems.sas.messages import Attack
from tests.support.positions import sas_state

OPEN = ["." * 10] * 10
SENTRY = {"id": "s", "kind": "rifle", "role": "sentry", "colour": "black", "at": "F6", "facing": "N"}


def _jock_behind_the_sentry(rows=OPEN, crouched=False, witness=()):
    """Jock (F8) being activated with 4 AP, two squares behind the sentry at F6 facing north (a JSON position)."""
    jock = {"id": "jock", "at": "F8", "crouched": crouched}
    activation = {"operator": "jock", "ap": 4}
    return sas_state({"operators": [jock], "units": [SENTRY, *witness], "activation": activation}, rows)


def test_sas_knife_1_move_and_knife_from_behind():
    """SAS-KNIFE-1, SAS-KNIFE-5: Jock steps into the square directly behind the sentry and knifes it: no roll, a
    corpse."""
    st = _jock_behind_the_sentry()
    cmd = Attack(side="sas", operator="jock", weapon="knife", target="s", move_to=(5, 6))
    assert cmd in SYSTEM.legal_commands(st)
    after, _ = SYSTEM.apply(st, cmd)
    assert after.unit("s") is None and after.op("jock").loc == (5, 6)
    assert any(o.kind == "corpse" and o.loc == (5, 5) for o in after.objects)


def test_sas_knife_2_seen_during_the_move_calls_the_knife_off():
    """SAS-KNIFE-2 / D-KNIFE-1: a witness facing east sees Jock step into the rear square; he is exposed there, so
    the knife is called off, the move stands and the AP is spent (legal list and apply agree)."""
    rows = ["." * 10] * 7 + ["....." + "T" + "...."] + ["." * 10] * 2
    witness = {**SENTRY, "id": "w", "at": "B7", "facing": "E"}
    st = _jock_behind_the_sentry(rows, witness=[witness])
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
    st = _jock_behind_the_sentry()
    cmd = Attack(side="sas", operator="jock", weapon="knife", target="s", move_to=(4, 6))
    assert cmd not in SYSTEM.legal_commands(st)
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(st, cmd)


def test_sas_act_2_a_crouched_operator_cannot_move_and_knife():
    """SAS-ACT-2: Move & Attack is not among a crouched operator's actions; he stands up first."""
    st = _jock_behind_the_sentry(crouched=True)
    cmd = Attack(side="sas", operator="jock", weapon="knife", target="s", move_to=(5, 6))
    assert cmd not in SYSTEM.legal_commands(st)
    with pytest.raises(IllegalCommandError) as refused:
        SYSTEM.apply(st, cmd)
    assert refused.value.rule_id == "SAS-ACT-2"

"""Support units: resistance fighters and SAS support units (SAS-SUP-1, SAS-SUP-2, SAS-SUP-3, SAS-SUP-4, SAS-ACT-2) with
explicit dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.errors import IllegalCommandError
from app.scenario.catalog import open_session, validate_file
from app.systems.sas import SYSTEM
from app.systems.sas.messages import (
    ActivateOperator,
    Attack,
    Crouch,
    EndActivation,
    Exfiltrate,
    Mark,
    Move,
    PickUp,
    Reveal,
    RunAxisStep,
    UseMedpack,
)
from app.systems.sas.state import ObjectState, OperatorState
from tests.support.positions import sas_state

from .board import activate, op, runtime, state, unit

OPEN = ["." * 12] * 12
TUTORIAL = Path(__file__).parents[3] / "scenarios" / "sas" / "tutorial_assassination.json"


def _apply(st, cmd, dice=(), cards=None):
    return SYSTEM.apply(st, cmd.with_table_input(dice, cards))


def fighter(uid: str, loc, **kw) -> OperatorState:
    """A resistance fighter: 3 HP, the proposed rifle (SAS-SUP-1, D-SUP-1)."""
    return OperatorState(uid, loc, kw.pop("facing", "N"), kw.pop("hp", 3), kind="resistance", support=True, **kw)


JOCK = op("jock", (0, 11))  # an operator far off: without one on the map the mission is over (SAS-MSN-1)


def test_sas_act_2_support_card_lists_exactly_its_actions():
    """SAS-ACT-2 / SAS-SUP-1: standing, a resistance fighter may Move, Sprint, Climb, Attack (and Move & Attack),
    Aim and Crouch; not Reveal, Pick Up, Place, Recover, Mark or leave the map. Crouched: Move, Blind Fire, Stand,
    Stand & Attack."""
    rt = runtime(OPEN, [((5, 5), "N", "hedge")], entry_exit=[(5, 5)])
    res = fighter("r1", (5, 5), hp=2)
    st = activate(state(rt, [JOCK, res], [unit("t", "rifle", (5, 1), "N")]), "r1")
    st = st.with_object(ObjectState("c", "corpse", (5, 5)))
    kinds = {c.kind for c in SYSTEM.legal_commands(st)}
    assert kinds == {"move", "sprint", "climb", "attack", "aim", "crouch", "end_activation"}
    assert any(isinstance(c, Attack) and c.move_to is not None for c in SYSTEM.legal_commands(st))
    crouched, _ = _apply(st, Crouch(side="sas", operator="r1"))
    kinds = {c.kind for c in SYSTEM.legal_commands(crouched)}
    assert kinds == {"move", "blind_fire", "stand", "attack", "end_activation"}


@pytest.mark.parametrize(
    "cmd",
    [
        PickUp(side="sas", operator="r1"),
        Reveal(side="sas", operator="r1"),
        Mark(side="sas", operator="r1", weapon="resistance_rifle", facing="N", target="t"),
    ],
    ids=["pick_up", "reveal", "mark"],
)
def test_sas_sup_1_no_pick_up_no_mark_no_reveal(cmd):
    """SAS-SUP-1: support units pick up nothing and cannot Mark; Reveal is not on their card (SAS-ACT-2)."""
    position = {
        "operators": [{"id": "jock", "at": "A12"}],
        "units": [{"id": "t", "kind": "rifle", "role": "sentry", "colour": "black", "at": "F2", "facing": "N"}],
        "objects": [{"id": "c", "kind": "corpse", "at": "F6"}],
        "activation": {"operator": "r1", "ap": 4},
    }
    st = sas_state(position, support_units=[{"id": "r1", "kind": "resistance", "at": "F6"}])
    with pytest.raises(IllegalCommandError) as refused:
        _apply(st, cmd)
    assert refused.value.rule_id == "SAS-SUP-1"


def test_sas_sup_1_three_hp_tracked_with_damage_markers():
    """SAS-SUP-1: an SMG guard's attack phase burst (2 dice at 4+, +1 short range: 3 and 5) puts 2 damage markers on
    the exposed fighter: 1 HP left; the view shows them."""
    rt = runtime(OPEN)
    res = fighter("r1", (5, 5), exposed=True)
    st = state(rt, [JOCK, res], [unit("g", "smg", (5, 2), "S", alert=True)], phase="attack")
    after, events = _apply(st, RunAxisStep(side="axis"), dice=(3, 5))
    assert after.op("r1").hp == 1
    hit = next(e for e in events if e.kind == "operator_hit")
    assert "2 damage marker" in hit.instruction.render("en")
    counter = next(c for c in SYSTEM.view(after, "sas").counters if c.id == "r1")
    assert counter.kind == "support" and ("Damage markers", "2") in [(k.render("en"), v) for k, v in counter.details]


def test_sas_sup_2_axis_detect_and_react_to_support_units_like_operators():
    """SAS-SUP-2: a sentry that sees the fighter exposes him, flips to alert and shouts; an alert unit that sees him
    during his action makes its reaction attack (rifle 3+: a 1 misses)."""
    rt = runtime(OPEN)
    units = [unit("s", "rifle", (5, 1), "S"), unit("a", "rifle", (1, 5), "E", alert=True)]
    st = activate(state(rt, [JOCK, fighter("r1", (5, 6))], units), "r1")
    after, events = _apply(st, Move(side="sas", operator="r1", to=(5, 5)), dice=(1,))
    assert after.op("r1").exposed and after.unit("s").alert
    assert any(e.kind == "reaction_attack" for e in events)


def test_sas_sup_2_alert_units_advance_on_an_exposed_support_unit():
    """SAS-SUP-2: in the Advance phase an alert patrolman moves to a best attack position against the exposed
    fighter, as against an exposed operator."""
    rt = runtime(OPEN)
    st = state(
        rt,
        [JOCK, fighter("r1", (9, 9), exposed=True)],
        [unit("p", "rifle", (2, 2), "N", alert=True, role="patrolman")],
        phase="advance",
    )
    after, _ = _apply(st, RunAxisStep(side="axis"))
    moved = after.unit("p")
    assert moved.loc != (2, 2) and max(abs(moved.loc[0] - 9), abs(moved.loc[1] - 9)) < 7


def test_sas_sup_4_a_support_units_alarm_also_exposes_an_operator():
    """SAS-SUP-4 / SAS-ALARM-3, SAS-ALARM-4: the fighter's noisy shot (6: kills) sounds the alarm at meter 1; he is
    exposed AND an operator is designated exposed, because exposed support units do not count (D-ALARM-1)."""
    rt = runtime(OPEN)
    st = activate(state(rt, [JOCK, fighter("r1", (5, 8))], [unit("t", "rifle", (5, 4), "N")], meter=1), "r1")
    after, events = _apply(st, Attack(side="sas", operator="r1", weapon="resistance_rifle", target="t"), dice=(6,))
    assert after.section == "battle" and after.unit("t") is None
    assert after.op("r1").exposed and after.op("jock").exposed
    assert any(e.rule_id == "SAS-ALARM-4" and e.kind == "operator_exposed" for e in events)


def test_sas_sup_4_an_exposed_support_unit_does_not_keep_the_battle_exposure_rule():
    """SAS-SUP-4 / SAS-ALARM-5: in Battle with only the fighter exposed, an operator is designated after the next
    action."""
    rt = runtime(OPEN)
    st = state(rt, [JOCK, fighter("r1", (5, 8), exposed=True)], [], section="battle")
    st = activate(st, "r1")
    after, _ = _apply(st, Move(side="sas", operator="r1", to=(5, 7)))
    assert after.op("jock").exposed


def test_sas_sup_1_support_units_act_in_the_operator_phase_and_do_not_keep_the_mission_going():
    """SAS-SUP-1: support units are activated in the Operator phase like operators; once every operator has left
    the map the mission ends even if support units remain (SAS-MSN-1)."""
    rt = runtime(OPEN, entry_exit=[(0, 11)])
    st = state(rt, [JOCK, fighter("r1", (5, 5))], [])
    assert ActivateOperator(side="sas", operator="r1") in SYSTEM.legal_commands(st)
    st = activate(st, "jock")
    after, _ = _apply(st, Exfiltrate(side="sas", operator="jock"))
    assert after.over and after.op("r1").on_map


def test_sas_eq_13_the_medpack_does_not_heal_a_support_unit():
    """SAS-SUP-1: support units take damage markers; Paddy's medpack is not offered for the fighter beside him."""
    rt = runtime(OPEN)
    st = activate(state(rt, [op("paddy", (5, 5)), fighter("r1", (5, 6), hp=1)], []), "paddy")
    assert not any(isinstance(c, UseMedpack) for c in SYSTEM.legal_commands(st))
    with pytest.raises(IllegalCommandError):
        _apply(st, UseMedpack(side="sas", operator="paddy", patient="r1"))


def test_sas_evt_7_the_cigarette_goes_to_an_operator_not_a_support_unit():
    """D-EVT-1 / SAS-SUP-1: support units hold no items; the cigarette card gives the marker to the first operator."""
    rt = runtime(OPEN)
    st = state(rt, [fighter("r1", (5, 5)), op("jock", (0, 11))], [], phase="event")
    after, _ = _apply(st, RunAxisStep(side="axis"), cards=("E08",))
    assert after.cigarette == "op:jock"


def _mission(tmp_path, support):
    data = json.loads(TUTORIAL.read_text("utf-8"))
    data["support_units"] = support
    path = tmp_path / "with_support.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


def test_sas_sup_1_mission_places_support_units(tmp_path):
    """SAS-SUP-1, SAS-SUP-3: a mission's ``support_units`` put a resistance fighter and an SAS support unit at the shown
    squares with 3 HP; they are listed after the team and can be activated."""
    support = [{"kind": "resistance", "at": "C8", "facing": "E"}, {"id": "sas_a", "kind": "sas_support", "at": "D8"}]
    session = open_session(_mission(tmp_path, support), {"sas": SYSTEM})
    st = session.state
    ids = [o.id for o in st.operators]
    assert ids == ["jock", "paddy", "resistance_1", "sas_a"]
    res, sas = st.op("resistance_1"), st.op("sas_a")
    assert (res.hp, res.support, res.kind, res.facing) == (3, True, "resistance", "E")
    assert sas.ammo == (("sten", 5),) and st.rt.label(sas.loc) == "D8"
    assert ActivateOperator(side="sas", operator="sas_a") in session.legal_commands()
    assert (
        SYSTEM.describe(st, ActivateOperator(side="sas", operator="resistance_1"))
        .label.render("en")
        .startswith("Activate")
    )


def test_sas_sup_1_mission_rejects_unknown_support_units(tmp_path):
    """SAS-SUP-1: an unknown support unit type is a validation error naming the field."""
    error = validate_file(_mission(tmp_path, [{"kind": "partisan", "at": "C8"}]), {"sas": SYSTEM})
    assert error is not None and any("support_units" in p.path for p in error.problems)


def test_sas_sup_1_end_activation_for_support_unit_is_plain():
    """SAS-OP-2: a support unit's activation ends like an operator's."""
    rt = runtime(OPEN)
    st = activate(state(rt, [JOCK, fighter("r1", (5, 5))], []), "r1")
    after, _ = _apply(st, EndActivation(side="sas"))
    assert after.activation is None and after.op("r1").activated

"""Operator vehicles (SAS-OVEH-1..13, SAS-SUP-5) with explicit dice, starting with the rulebook's worked example."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.errors import IllegalCommandError
from app.systems.sas import SYSTEM, ovehicle
from app.systems.sas.messages import FootDown, VehicleAttack, VehicleMove
from app.systems.sas.state import OperatorVehicleState

from .board import op, runtime, state, unit

OPEN = ["." * 14] * 14


def _apply(st, cmd, dice=()):
    return SYSTEM.apply(st, cmd.with_table_input(dice, None))


def _willys(anchor=(2, 9), facing="N", **kw):
    return OperatorVehicleState("willys", "willys", anchor, facing, ap=2, **kw)


def _end(st, steps):
    legs = ovehicle.plan(st, st.op_vehicle("willys"), steps, 4)
    return None if isinstance(legs, str) else legs[-1].key


def _example():
    """The Willys (driver Jock, front gunner Paddy) south-west of three alert SMG infantry, in the Battle section."""
    rt = runtime(OPEN)
    crew = [op("jock", None, aboard="willys", seat="driver"), op("paddy", None, aboard="willys", seat="front_gunner")]
    smgs = [unit(u, "smg", loc, "W", alert=True) for u, loc in (("middle", (10, 9)), ("a", (10, 10)), ("b", (11, 8)))]
    return state(rt, crew, smgs, section="battle", op_vehicles=(_willys(),))


def test_sas_oveh_worked_example_move_attack_sweep_reaction_foot_down():
    """SAS-OVEH-3/5/6/7/10 worked example: Move & Attack (1 AP): forward turn right (1 MP) then 3 squares (3 MP);
    the twin Vickers roll 4 dice at 4+ against the middle SMG at short range with the two SMG next to it in LOS:
    3, 4, 2, 1 +1 = 4, 5, 3, 2, two successes kill two of them (sweep). The surviving alert SMG, in whose LOS the
    Willys is, reacts: 2D6 4, 3 +1 short range = 5, 4, two hits: the Willys loses 2 HP. The second and last action,
    Foot down!, drives 5 squares straight ahead and runs over the last SMG."""
    st = _example()
    steps = ("turn_right", "forward", "forward", "forward")
    attack = VehicleAttack(side="sas", vehicle="willys", target="middle", weapon="vickers_k", steps=steps)
    offered = [c for c in SYSTEM.legal_commands(st, "sas") if isinstance(c, VehicleAttack) and c.target == "middle"]
    assert any(c.move_first and _end(st, c.steps) == (7, 8, "E") for c in offered)
    st, events = _apply(st, attack, dice=(3, 4, 2, 1, 4, 3))
    willys = st.op_vehicle("willys")
    assert willys is not None and (willys.anchor, willys.facing, willys.ap) == ((7, 8), "E", 1)
    shot = next(e.ruling for e in events if e.kind == "attack")
    assert [d.natural for d in shot.dice] == [3, 4, 2, 1] and [d.modified for d in shot.dice] == [4, 5, 3, 2]
    assert shot.target == 4 and [m.rule_id for m in shot.modifiers] == ["SAS-ATK-2"]
    assert st.unit("middle") is None and st.unit("a") is None and st.unit("b") is not None
    reaction = next(e.ruling for e in events if e.kind == "reaction_attack")
    assert [d.modified for d in reaction.dice] == [5, 4] and [m.value for m in reaction.modifiers] == [1]
    assert willys.damage == 2
    st, events = _apply(st, FootDown(side="sas", vehicle="willys", squares=5))
    willys = st.op_vehicle("willys")
    assert willys is not None and willys.anchor == (12, 8) and willys.ap == 0
    assert st.unit("b") is None and any(e.kind == "run_over" and e.rule_id == "SAS-OVEH-7" for e in events)
    assert any(o.kind == "corpse" and o.loc == (11, 8) for o in st.objects)

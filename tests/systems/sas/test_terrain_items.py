"""Grappling hook climbs (SAS-CLIMB-2, SAS-EQ-9, SAS-TER-4, SAS-TER-13) and mission equipment (SAS-SETUP-2)."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.sas import SYSTEM
from app.systems.sas.messages import Climb, Move
from tests.support.positions import sas_state

ROCKS = ["......", "..R...", "......", "......"]
OPEN = ["......"] * 4
HOOK = {"grappling_hook": 1}
WALL = [(f"{'ABCDEF'[x]}3", "N", "high_wall+grapple" if x == 2 else "high_wall") for x in range(6)]


def _jock(at: str, rows=ROCKS, edges=(), **jock):
    """A JSON position: Jock at square ``at`` being activated with 4 AP, with the fields ``jock`` gives."""
    activation = {"operator": "jock", "ap": 4}
    return sas_state({"operators": [{"id": "jock", "at": at, **jock}], "activation": activation}, rows, list(edges))


def test_sas_ter_4_rock_blocks_without_a_hook():
    """SAS-TER-4 / SAS-MOVE-1: a rock square blocks moving and climbing for an operator without a hook."""
    st = _jock("C3")
    cmds = SYSTEM.legal_commands(st)
    assert Move(side="sas", operator="jock", to=(2, 1)) not in cmds
    assert Climb(side="sas", operator="jock", to=(2, 1)) not in cmds
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(st, Climb(side="sas", operator="jock", to=(2, 1)))


def test_sas_climb_2_hook_climbs_into_rock_for_2_ap():
    """SAS-CLIMB-2 / SAS-EQ-9: with a grappling hook Jock climbs into the rock square (2 AP), then moves out of it
    with an ordinary Move; the hook is not used up."""
    st = _jock("C3", items=HOOK)
    assert Move(side="sas", operator="jock", to=(2, 1)) not in SYSTEM.legal_commands(st)
    after, _ = SYSTEM.apply(st, Climb(side="sas", operator="jock", to=(2, 1)))
    assert after.op("jock").loc == (2, 1) and after.activation.ap == 2
    assert after.op("jock").item_count("grappling_hook") == 1
    assert Move(side="sas", operator="jock", to=(3, 0)) in SYSTEM.legal_commands(after)


def test_sas_ter_13_high_wall_only_at_the_grapple_symbol():
    """SAS-TER-13: a hook climbs a high wall only where the grapple symbol is; elsewhere the wall blocks; without
    a hook even the grapple point blocks."""
    st = _jock("C3", OPEN, WALL, items=HOOK)  # a grapple symbol only above C3
    cmds = SYSTEM.legal_commands(st)
    assert Climb(side="sas", operator="jock", to=(2, 1)) in cmds
    assert Climb(side="sas", operator="jock", to=(3, 1)) in cmds  # diagonally round the grapple point (OQ-9)
    assert Move(side="sas", operator="jock", to=(2, 1)) not in cmds
    after, _ = SYSTEM.apply(st, Climb(side="sas", operator="jock", to=(2, 1)))
    assert after.op("jock").loc == (2, 1)
    plain = _jock("C3", OPEN, WALL)
    assert not any(c.kind == "climb" for c in SYSTEM.legal_commands(plain))
    beside = _jock("E3", OPEN, WALL, items=HOOK)
    assert not any(c.kind == "climb" for c in SYSTEM.legal_commands(beside))
    with pytest.raises(IllegalCommandError):
        SYSTEM.apply(beside, Climb(side="sas", operator="jock", to=(4, 1)))


def test_sas_climb_2_crouched_cannot_climb():
    """SAS-ACT-2: Climb is not a crouched action, hook or not."""
    st = _jock("C3", items=HOOK, crouched=True)
    assert not any(c.kind == "climb" for c in SYSTEM.legal_commands(st))

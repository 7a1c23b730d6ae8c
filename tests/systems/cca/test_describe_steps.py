"""C&C commands as structured data for the window (DESIGN §3a): kind names, and a battle's odds as a number."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.command_templates import group_templates
from app.systems.cca import SYSTEM
from app.systems.cca.describe import odds
from app.systems.cca.turn import legal

from .helpers import position


def test_cca_hit_1_cca_dice_1_a_battle_carries_its_odds_as_data() -> None:
    """CCA-HIT-1, CCA-DICE-1: the chance of at least one hit is 1 − P(no hit) of the exact distribution the hint
    prints; the kind is named "Battle" in the command bar."""
    s = position([("bottom", "HI", "0606"), ("top", "MI", "0605")], [], ordered=("b1",))
    battle = next(c for c in legal(s) if c.kind == "battle")
    info = SYSTEM.describe(s, battle)
    _count, hits, _flag = odds(s, battle.unit, battle.target)
    assert info.odds == pytest.approx(1 - hits[0]) and 0 < info.odds < 1
    assert info.group_title is not None and info.group_title.render() == "Battle"


def test_cca_move_1_each_destination_is_one_template_that_runs_on_one_click() -> None:
    """CCA-MOVE-1: a unit's moves group into one template per hex, each a single command (no question)."""
    s = position([("bottom", "HI", "0606"), ("top", "MI", "0602")], [], ordered=("b1",))
    moving = replace(s, phase="move")
    items = [(c, SYSTEM.describe(moving, c)) for c in legal(moving) if c.kind == "move"]
    templates = group_templates(items)
    assert templates and len(templates) == len(items)
    assert all(tpl.single is not None and tpl.question() is None for tpl in templates)
    assert {tpl.kind_title.render() for tpl in templates} == {"Move"}

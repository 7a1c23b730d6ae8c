"""Texts a player at the table can follow (issue 15): Axis units are named as their counters show them (colour, kind
and the square they stand on, SAS-UNIT-1), never by internal id, and facings are words in either language."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from app.systems.sas import SYSTEM
from app.systems.sas.messages import RunAxisStep
from app.systems.sas.mission import PatrolLine
from app.systems.sas.names import facing_name, name_of
from app.systems.sas.state import SasState

from .board import op, runtime, state, unit


def _patrol() -> SasState:
    """A white patrolman on A3 (0, 2) walking east along row 3, an operator far away."""
    line = PatrolLine(
        id="a", colour="white", path=tuple((x, 2) for x in range(10)), starts=(((0, 2), "E"),), loop=False
    )
    units = [unit("patrol_woods_w1", "rifle", (0, 2), "E", role="patrolman", colour="white", line="a")]
    rt = runtime(["." * 14] * 14, lines={"a": line})
    return replace(state(rt, [op("jock", (13, 13))], units, phase="patrol"), patrol_marker="white")


def _run_phase(st: SasState) -> tuple[SasState, list[Any]]:
    phase, seen = st.phase, []
    while st.phase == phase:
        st, events = SYSTEM.apply(st, RunAxisStep(side="axis").with_table_input((), None))
        seen = [*seen, *events]
    return st, seen


def test_sas_unit_1_an_axis_unit_is_named_by_colour_kind_and_square_not_id() -> None:
    """SAS-UNIT-1: "white patrolman on A3" / "A3上的白色巡逻兵"; the internal id appears in neither language."""
    st = _patrol()
    name = name_of(st, "patrol_woods_w1")
    assert name.render("en") == f"white patrolman on {st.rt.label((0, 2))}"
    assert name.render("zh_CN") == f"{st.rt.label((0, 2))}上的白色巡逻兵"
    assert "patrol_woods_w1" not in name.render("en") + name.render("zh_CN")


def test_sas_pat_1_the_move_instruction_names_the_counter_where_it_stands() -> None:
    """SAS-PAT-1: the table instruction names the patrolman on the square he starts from (where the player finds
    his counter), the square he goes to, and the facing as a word ("east", "东"), not a compass letter."""
    st = _patrol()
    after, events = _run_phase(st)
    end = after.unit("patrol_woods_w1")
    assert end is not None and end.loc == (4, 2)
    (moved,) = [e for e in events if e.kind == "unit_moved"]
    start, goal = st.rt.label((0, 2)), st.rt.label((4, 2))
    assert moved.instruction.render("en") == f"Move white patrolman on {start} along its line to {goal}, facing east."
    zh = moved.instruction.render("zh_CN")
    assert zh == f"将{start}上的白色巡逻兵沿巡逻路径移动至{goal}，朝向东。"
    assert "朝向E" not in zh and "patrol_woods_w1" not in zh


@pytest.mark.parametrize(
    ("letter", "en", "zh"),
    [
        ("N", "north", "北"),
        ("E", "east", "东"),
        ("S", "south", "南"),
        ("W", "west", "西"),
        ("NE", "north-east", "东北"),
    ],
)
def test_sas_fac_facings_are_translated_words(letter: str, en: str, zh: str) -> None:
    """Every facing printed in a text is a word in the player's language (issue 15), never "朝向N"."""
    assert (facing_name(letter).render("en"), facing_name(letter).render("zh_CN")) == (en, zh)

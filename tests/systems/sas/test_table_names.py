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


def test_sas_brd_10_a_vehicle_is_named_by_its_token_border_and_square() -> None:
    """SAS-BRD-10: "Motorcycle (black border) on C5" — the printed name, the border colour of its role and the square
    of its front-left corner — never "patrol motorcycle (m1)"."""
    st = state(runtime(["." * 14] * 14), [op("jock", (13, 13))], [unit("m1", "motorcycle", (2, 4), "N", role="patrol")])
    label = st.rt.label((2, 4))
    name = name_of(st, "m1")
    assert name.render("en") == f"Motorcycle (black border) on {label}"
    assert name.render("zh_CN") == f"{label}上的摩托车（黑边）"
    assert "m1" not in name.render("en") + name.render("zh_CN")


def test_sas_sup_1_a_support_unit_is_named_by_its_card_and_square() -> None:
    """SAS-SUP-1: a resistance fighter is named by his card and the square he stands on, not "(resistance_1)"."""
    fighter = replace(op("jock", (3, 3)), id="resistance_1", kind="resistance", support=True, hp=3)
    st = state(runtime(["." * 14] * 14), [op("jock", (13, 13)), fighter], [])
    card = st.rt.tables.support["resistance"]
    assert name_of(st, "resistance_1").render("en") == f"{card.name_en} on {st.rt.label((3, 3))}"
    gone = replace(st, operators=(st.operators[0], replace(fighter, loc=None)))
    assert name_of(gone, "resistance_1").render("en") == f"{card.name_en} (1)"  # off the board: his number


def test_sas_evt_1_event_cards_are_offered_and_logged_by_number_and_title() -> None:
    """SAS-EVT-1: at the table the window offers each event card by number and title (the log keeps the number as
    the name typed); the draw is logged with the title, in both languages; the patrol marker side is in words."""
    from app.core.dice import NeedInput
    from app.systems.sas.tables import tables

    deck = tables().decks["core"]
    assert all(c.name_en and c.name_zh for c in deck)
    st = replace(_patrol(), phase="event", deck=tuple(c.id for c in deck), patrol_marker=None)
    try:
        SYSTEM.apply(st, RunAxisStep(side="axis").with_table_input((), ()))
        raise AssertionError("a table-mode draw asks for the card")
    except NeedInput as need:
        assert need.what == "card" and len(need.titles) == len(need.options)
        assert need.titles[0].render("en").startswith(f"{need.options[0]}: ")
    _after, events = SYSTEM.apply(st, RunAxisStep(side="axis").with_table_input((), ("E08",)))
    drawn = next(e for e in events if e.kind == "card_drawn")
    assert drawn.text.render("en") == "Event card E08: Cigarette break / 2 white soldiers arrive drawn."
    assert "抽烟时间" in drawn.text.render("zh_CN")
    assert "black side up" in drawn.instruction.render("en") and "黑线面朝上" in drawn.instruction.render("zh_CN")

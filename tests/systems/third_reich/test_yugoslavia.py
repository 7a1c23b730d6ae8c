"""Yugoslav mobilization by the value-4 Supply event: the authored placement (TR-YUG-1; decisions doc)."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalCommandError
from app.core.session import Session
from app.systems.third_reich import SYSTEM
from app.systems.third_reich.messages import MobilizeYugoslav, Pass, PlayCard, UseEvent
from tests.systems.third_reich.helpers import card, loc, session, state, submit, used

YU_ALLIED = {"YU": ("allied", "belligerent"), "GR": ("allied", "belligerent")}


def _supplied(setup: list[Any], **kwargs: Any) -> Session:
    """The Allies play the value-4 Supply card naming Yugoslavia and carry out its event."""
    cards = [card("a", "axis"), card("sup", "allied", sv=4, event="supply", nations=["YU"]), card("y", "allied")]
    s = session(setup, cards=cards, nations=YU_ALLIED, **kwargs)
    while s.active_side() == "axis":
        submit(s, Pass(side="axis"))
    submit(s, PlayCard(side="allied", card="sup"))
    submit(s, UseEvent(side="allied"))
    return s


def _placements(s: Session) -> set[tuple[str, str]]:
    return {(c.unit, c.area) for c in s.legal_commands() if isinstance(c, MobilizeYugoslav) and c.unit}


def test_tr_yug_1_supply_places_yugoslav_units_in_yugoslavia_up_to_its_value() -> None:
    """TR-YUG-1, TR-MOB-1, TR-MOB-2: the Allied player places Yugoslav units from the pool in an Allied Yugoslav
    area, used, one at a time, while the card's 4 points pay for them; "no more" is the default answer."""
    s = _supplied([("yu_lf", "yugoslavia"), ("yu_lf", "pool", 5), ("ge_lf", "berlin")])
    decision = s.view("allied").decision
    assert decision is not None and decision.rule_id == "TR-YUG-1" and decision.side == "allied"
    assert decision.default_command() == MobilizeYugoslav(side="allied")
    assert _placements(s) == {("yu_lf_2", "yugoslavia")}
    for placed in ("yu_lf_2", "yu_lf_3", "yu_lf_4", "yu_lf_5"):
        unit = next(u for u, _ in _placements(s))
        submit(s, MobilizeYugoslav(side="allied", unit=unit, area="yugoslavia"))
        assert loc(s, placed) == "yugoslavia" and used(s, placed)
    assert state(s).pending() is None and loc(s, "yu_lf_6") == "pool"  # four infantry (cost 1) spent the 4 points


def test_tr_yug_1_an_overrun_yugoslavia_mobilizes_beside_it() -> None:
    """TR-YUG-1, TR-MOB-7: with Yugoslavia held by the Axis the units go to an Allied land area next to it
    (Greece), never into the enemy's Yugoslavia; the player may stop at once."""
    setup = [("ge_lf", "yugoslavia"), ("yu_lf", "pool", 2), ("gr_lf", "greece"), ("ge_lf", "berlin")]
    s = _supplied(setup, areas={"yugoslavia": {"control": "GE"}})
    assert _placements(s) == {("yu_lf_1", "greece")}
    with pytest.raises(IllegalCommandError):
        submit(s, MobilizeYugoslav(side="allied", unit="yu_lf_1", area="yugoslavia"))
    submit(s, MobilizeYugoslav(side="allied"))
    assert state(s).pending() is None and loc(s, "yu_lf_1") == "pool"


def test_tr_yug_1_no_question_without_a_place_or_a_unit() -> None:
    """TR-YUG-1, TR-YUG-2: with no Yugoslav unit in the pool the Supply event only recovers: nothing is asked."""
    s = _supplied([("yu_lf", "yugoslavia"), ("ge_lf", "berlin")])
    assert state(s).pending() is None


def test_tr_yug_1_a_version_4_save_places_no_yugoslav_units() -> None:
    """TR-YUG-1: rules version 4 never asked: its saves replay by answering "no more" (AnswersOldSaves)."""
    s = _supplied([("yu_lf", "yugoslavia"), ("yu_lf", "pool"), ("ge_lf", "berlin")])
    assert SYSTEM.old_answer(state(s), "4") == MobilizeYugoslav(side="allied")
    assert SYSTEM.old_answer(state(s), "5") is None

"""Session: submit, undo/redo, listeners, illegal commands, table mode (DESIGN §3–4), on the toy system."""

from __future__ import annotations

from typing import ClassVar

import pytest

from app.core.dice import NeedInput
from app.core.errors import IllegalCommandError
from app.core.messages import Command
from app.core.session import Change
from app.core.system import state_digest
from tests.support import toy_session
from tests.toy import SYSTEM, Advance, CounterMoved, Gamble, Rest


def test_submit_applies_and_logs() -> None:
    session = toy_session(seed=4)
    before = session.state
    events = session.submit(Advance(side="red", counter="r1"))
    assert isinstance(events[0], CounterMoved)
    assert events[0].ruling is not None
    assert events[0].ruling.dice[0].natural in range(1, 7)
    assert session.state is not before
    assert session.commands == [Advance(side="red", counter="r1")]
    assert session.active_side() == "blue"
    assert list(session.events()) == list(events)


def test_undo_restores_state_and_redo_reuses_the_result() -> None:
    session = toy_session(seed=4)
    start = state_digest(SYSTEM, session.state)
    events = session.submit(Advance(side="red", counter="r1"))
    after = session.state
    assert session.undo()
    assert state_digest(SYSTEM, session.state) == start
    assert session.can_redo
    assert not session.can_undo
    assert not session.undo()
    assert session.redo()
    assert session.state is after
    assert session.history[-1].events == events
    assert not session.redo()


def test_undo_can_never_reroll() -> None:
    session = toy_session(seed=11)
    first = session.submit(Advance(side="red", counter="r1"))
    session.undo()
    again = session.submit(Advance(side="red", counter="r1"))
    assert again == first


def test_new_submit_clears_redo() -> None:
    session = toy_session()
    session.submit(Rest(side="red"))
    session.undo()
    assert session.can_redo
    session.submit(Advance(side="red", counter="r2"))
    assert not session.can_redo
    assert not session.redo()
    assert [c.kind for c in session.commands] == ["toy.advance"]


def test_listeners_hear_every_change_until_unsubscribed() -> None:
    session = toy_session()
    heard: list[Change] = []
    unsubscribe = session.subscribe(heard.append)
    events = session.submit(Rest(side="red"))
    session.undo()
    session.redo()
    assert [c.reason for c in heard] == ["submit", "undo", "redo"]
    assert heard[0].events == events
    assert heard[2].events == events
    unsubscribe()
    session.undo()
    assert len(heard) == 3


def test_illegal_command_carries_reason_and_rule_id() -> None:
    session = toy_session()
    with pytest.raises(IllegalCommandError) as info:
        session.submit(Rest(side="blue"))
    assert info.value.rule_id == "TOY-3"
    assert info.value.reason.render() == "It is red's turn."
    assert "[TOY-3]" in str(info.value)
    with pytest.raises(IllegalCommandError) as info:
        session.submit(Advance(side="red", counter="b1"))
    assert info.value.rule_id == "TOY-2"
    assert session.commands == []


def test_table_mode_asks_for_dice_then_uses_them() -> None:
    session = toy_session(mode="table")
    with pytest.raises(NeedInput) as info:
        session.submit(Advance(side="red", counter="r1"))
    assert (info.value.what, info.value.count, info.value.sides) == ("dice", 1, 6)
    assert session.commands == []
    events = session.submit(Advance(side="red", counter="r1", dice=(4,)))
    assert isinstance(events[0], CounterMoved)
    assert (events[0].start, events[0].end) == (0, 4)
    assert session.state.dice.index == 0  # table dice do not consume the seeded dice
    assert events[0].instruction is not None


def test_table_mode_bad_dice_become_an_illegal_command() -> None:
    session = toy_session(mode="table")
    with pytest.raises(IllegalCommandError) as info:
        session.submit(Advance(side="red", counter="r1", dice=(9,)))
    assert info.value.rule_id == "CORE-DICE-1"
    with pytest.raises(IllegalCommandError):
        session.submit(Rest(side="red", dice=(3,)))


def test_table_mode_cards() -> None:
    session = toy_session(mode="table")
    with pytest.raises(NeedInput) as info:
        session.submit(Gamble(side="red", counter="r2"))
    assert info.value.options == ("jump", "stumble")
    events = session.submit(Gamble(side="red", counter="r2", cards=("jump",)))
    assert isinstance(events[0], CounterMoved)
    assert events[0].end == 4


def test_modifier_names_its_rule() -> None:
    session = toy_session(mode="table")
    session.submit(Advance(side="red", counter="r1", dice=(5,)))
    events = session.submit(Advance(side="blue", counter="b1", dice=(2,)))  # b1 at 0 is behind r1 at 5 and…
    ruling = events[0].ruling
    assert ruling is not None
    # …r2 is at 1, so b1 (0) is behind every enemy counter: +1 under TOY-1.
    assert [(m.value, m.rule_id) for m in ruling.modifiers] == [(1, "TOY-1")]
    assert ruling.dice[0].modified == 3
    assert ruling.total_modifier == 1


def test_copy_for_search_is_detached() -> None:
    session = toy_session()
    session.submit(Rest(side="red"))
    heard: list[Change] = []
    session.subscribe(heard.append)
    copy = session.copy_for_search()
    copy.submit(Rest(side="blue"))
    assert len(session.commands) == 1
    assert len(copy.commands) == 2
    assert heard == []
    assert copy.undo()
    assert copy.undo()
    assert len(session.commands) == 1


def test_a_secret_command_is_hidden_from_the_other_side_only() -> None:
    """A command class that declares itself secret is hidden from every other side, not from its own side nor
    from an all-seeing viewer; commands are not secret by default. (Typhoon's card selection shows it in
    Session.history_labels: tests/systems/typhoon/test_cup.py.)"""

    class Hidden(Command):
        secret: ClassVar[bool] = True
        kind: str = "hidden"

    assert Hidden(side="axis").hidden_from("soviet")
    assert not Hidden(side="axis").hidden_from("axis") and not Hidden(side="axis").hidden_from(None)
    assert not Command(kind="x", side="axis").hidden_from("soviet")


def test_history_labels_without_secrets_are_the_commands_labels() -> None:
    """With no secret command every viewer reads the same history, each command as it was described."""
    session = toy_session(seed=4)
    session.submit(Advance(side="red", counter="r1"))
    labels = [x.render("en") for x in session.history_labels("blue")]
    assert (
        labels
        == [x.render("en") for x in session.history_labels("red")]
        == [x.render("en") for x in session.history_labels()]
    )
    assert len(labels) == 1 and labels[0]


def test_command_label_and_view_at_read_the_past_without_moving_the_game() -> None:
    """A history panel labels each entry from the state it was given in and shows the board as it was after any
    entry (-1: the start); the session stays where it is, and undone entries are out of reach."""
    session = toy_session(seed=4)
    session.submit(Advance(side="red", counter="r1"))
    session.submit(Rest(side="blue"))
    assert [session.command_label(i) for i in (0, 1)] == session.history_labels()
    now = state_digest(SYSTEM, session.state)
    start = session.view_at(-1, "red")
    first = session.view_at(0, "red")
    assert start == SYSTEM.view(session.initial, "red")
    assert first == SYSTEM.view(session.history[0].state, "red") and first != start
    assert state_digest(SYSTEM, session.state) == now
    session.undo()
    with pytest.raises(IndexError):
        session.view_at(1)
    with pytest.raises(IndexError):
        session.command_label(1)


def test_secret_choice_names_the_side() -> None:
    """What another seat reads for a secret command: the side's name and nothing it chose."""
    from app.core.i18n import t
    from app.core.session import secret_choice

    assert secret_choice(t("Axis")).render("en") == "Axis makes a secret choice."


def test_phase_title_at_reads_the_views_phase_of_any_past_state() -> None:
    """Without HasPhaseTitle the session reads a past state's phase title from the system's view; the game stays
    where it is."""
    session = toy_session(seed=4)
    session.submit(Advance(side="red", counter="r1"))
    for index in (-1, 0):
        phase = session.view_at(index).phase
        assert session.phase_title_at(index) == (None if phase is None else phase.title)
    with pytest.raises(IndexError):
        session.phase_title_at(1)

"""First Strike (CCA-CARD-4, CCA-CAMEL-1, CCA-CHARIOT-2, CCA-MOMENTUM-3; docs/cca-decisions.md D14), explicit dice."""

from __future__ import annotations

from typing import Any

from app.systems.cca import messages as m
from app.systems.cca.state import State
from app.systems.cca.turn import legal

from .helpers import Placement, at, do, hx, position


def _with_first_strike(units: list[Placement], deck: tuple[str, ...] = ("two_left",), **kw: Any) -> State:
    """A position where top holds First Strike and bottom Rally, ``deck`` left to draw (top card last)."""
    hands = {"top": ["first_strike", "two_centre"], "bottom": ["rally"]}
    return position(units, hands=hands, deck=deck, **kw)


def _attack(state: State, dice: tuple[int, ...] = ()):  # type: ignore[no-untyped-def]
    return do(state, m.Battle(side="bottom", unit=at(state, "0606"), target=hx(state, "0605")), dice)


def test_never_played_on_your_own_turn() -> None:
    s = _with_first_strike([("bottom", "HI", "0606"), ("top", "HI", "0605")], phase="card", active="top")
    assert all(c.card != "first_strike" for c in legal(s) if isinstance(c, m.PlayCard))


def test_offered_when_attacked_in_close_combat_before_the_attacker_rolls() -> None:
    s = _with_first_strike([("bottom", "HI", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    s2, events = _attack(s)
    assert s2.dice.index == s.dice.index and not any(e.ruling for e in events)  # nothing rolled yet
    options = legal(s2)
    assert m.FirstStrike(side="top", unit="t1") in options and m.Stand(side="top", unit="t1") in options


def test_not_offered_without_the_card() -> None:
    s = position([("bottom", "HI", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    s = s.with_hand("top", ("two_centre",))
    s2, _ = _attack(s, (1, 1, 1, 1, 1))  # resolves at once: no decision to make
    assert not any(isinstance(c, m.FirstStrike) for c in legal(s2))


def test_defender_battles_first_then_the_attack_goes_on_without_battle_back() -> None:
    """The defender rolls its battle-back dice first; the survivor attacks; no battle back afterwards."""
    s = _with_first_strike([("bottom", "HI", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    s1, _ = _attack(s)
    # top HI strikes first with 5 dice: red, red, light, light, medium -> 2 hits on bottom HI;
    # then bottom HI attacks with 5 dice: red, light, light, light, light -> 1 hit; no battle back follows.
    s2, events = do(s1, m.FirstStrike(side="top", unit="t1"), (3, 3, 1, 1, 2, 3, 1, 1, 1, 1))
    assert s2.unit("b1").blocks == 2 and s2.unit("t1").blocks == 3
    titles = [e.ruling.title.render() for e in events if e.ruling]
    assert titles == ["Heavy infantry strikes first against Heavy infantry", "Heavy infantry battles Heavy infantry"]
    assert not s2.tasks and "first_strike" in s2.discard
    assert s2.hand("top") == ("two_centre", "two_left")  # the replacement card is drawn at once


def test_attack_is_called_off_when_the_attacker_must_retreat() -> None:
    s = _with_first_strike([("bottom", "MI", "0606"), ("top", "MI", "0605")], ordered=("b1",))
    s1, _ = _attack(s)
    s2, events = do(s1, m.FirstStrike(side="top", unit="t1"), (5, 1, 1, 1))  # one flag: MI retreats 1 hex
    while s2.tasks and s2.tasks[0].kind == "retreat":
        s2, more = do(s2, legal(s2)[0])
        events += more
    assert s2.unit("b1").hex != hx(s, "0606")
    assert s2.unit("t1").blocks == 4
    assert any("called off" in e.text.render() for e in events)


def test_camels_strike_first_with_two_dice() -> None:
    """CCA-CAMEL-1: camels roll 2 dice when their owner plays First Strike."""
    s = _with_first_strike([("bottom", "MI", "0606"), ("top", "CAM", "0605")], ordered=("b1",))
    s1, _ = _attack(s)
    _, events = do(s1, m.FirstStrike(side="top", unit="t1"), (1, 1, 1, 1, 1, 1))
    rolls = [len(e.ruling.dice) for e in events if e.ruling]
    assert rolls == [2, 4]


def test_evader_may_choose_first_strike_instead() -> None:
    s = _with_first_strike([("bottom", "HI", "0606"), ("top", "LI", "0605")], ordered=("b1",))
    s1, _ = _attack(s)
    kinds = {c.kind for c in legal(s1)}
    assert {"stand", "evade", "first_strike"} <= kinds

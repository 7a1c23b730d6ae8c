"""C&C's battle steps on the core flow (app.core.flow): every view carries the pending decision, for any viewer, with
the deciding side, a prompt citing its rule and one option per legal command (CCA-EVADE-1, CCA-BACK-1, CCA-CARD-4,
CCA-RETREAT-1, CCA-MOMENTUM-1), explicit dice."""

from __future__ import annotations

from dataclasses import replace

from app.core.flow import Decision
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from app.systems.cca.state import State

from .helpers import at, do, hx, position


def _decision(state: State) -> Decision:
    views = [SYSTEM.view(state, side) for side in (None, "bottom", "top")]
    assert views[0].decision is not None
    assert all(v.decision == views[0].decision for v in views), "every viewer sees the same decision"
    decision = views[0].decision
    assert decision.commands == list(SYSTEM.legal_commands(state)), "the options are exactly the legal commands"
    assert decision.side == SYSTEM.active_side(state)
    return decision


def _attacked(kind: str) -> State:
    """Bottom's heavy infantry at 0606 attacks top's unit at 0605 (light infantry may evade)."""
    s = position([("bottom", "HI", "0606"), ("top", kind, "0605")], ordered=("b1",))
    s = s.with_hand("top", ("two_centre",))
    return do(s, m.Battle(side="bottom", unit=at(s, "0606"), target=hx(s, "0605")))[0]


def test_cca_evade_1_the_defender_decides_evade_or_stand() -> None:
    """CCA-EVADE-1: the attacked light infantry's owner is asked, whoever views; Stand is the default."""
    decision = _decision(_attacked("LI"))
    assert decision.side == "top" and decision.rule_id == "CCA-EVADE-1" and decision.subject == "t1"
    expected = "Light infantry at 0605 is attacked by Heavy infantry at 0606: evade or stand?"
    assert decision.prompt.render("en") == expected
    assert decision.default_command() == m.Stand(side="top", unit="t1")
    assert any(isinstance(c, m.Evade) for c in decision.commands)


def test_cca_card_4_first_strike_is_a_decision_of_the_attacked_side_hidden_from_the_attacker() -> None:
    """CCA-CARD-4: holding First Strike, the attacked heavy infantry's owner chooses to stand or strike first; the
    attacker sees that the defender decides, not the options (they would reveal the card in hand)."""
    s = position([("bottom", "HI", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    s = replace(s.with_hand("top", ("first_strike", "two_centre")), deck=("two_left",))
    s = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")))[0]
    decision = SYSTEM.view(s, "top").decision
    assert decision is not None and decision == SYSTEM.view(s, None).decision and decision.private
    assert decision.commands == list(SYSTEM.legal_commands(s))
    assert decision.commands == [m.Stand(side="top", unit="t1"), m.FirstStrike(side="top", unit="t1")]
    seen = SYSTEM.view(s, "bottom").decision
    assert seen is not None and seen.side == "top" and seen.prompt == decision.prompt and seen.options == ()
    assert "First Strike" not in seen.prompt.render("en")


def test_cca_back_1_battle_back_waits_for_the_defender_and_resolves_by_its_option() -> None:
    """CCA-BACK-1: a surviving defender still in its hex is asked to battle back or decline; choosing an option
    resolves the step and the decision is gone (the turn goes back to the attacker)."""
    s = position([("bottom", "HI", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    s = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")), (1, 1, 1, 1, 1))[0]  # 5 misses
    decision = _decision(s)
    assert decision.side == "top" and decision.rule_id == "CCA-BACK-1"
    assert [o.label.render("en") for o in decision.options] == ["Battle back", "Decline"]
    after = do(s, decision.options[1].command)[0]
    assert SYSTEM.view(after, None).decision is None and SYSTEM.active_side(after) == "bottom"


def test_cca_retreat_1_a_real_choice_of_retreat_hex_is_a_decision() -> None:
    """CCA-RETREAT-1: heavy infantry with a flag and two hexes to retreat to: its owner is asked where."""
    s = position([("bottom", "HI", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    s = s.with_hand("top", ("two_centre",))
    s, _ = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")), (5, 1, 1, 1, 1))  # one flag, no hit
    decision = _decision(s)
    assert decision.side == "top" and decision.rule_id == "CCA-RETREAT-1"
    assert decision.prompt.render("en") == "Heavy infantry at 0605 must retreat: choose the hex."
    assert [c.to for c in decision.commands if isinstance(c, m.Retreat)] == [hx(s, "0504"), hx(s, "0604")]


def test_cca_momentum_1_the_attacker_decides_to_advance() -> None:
    """CCA-MOMENTUM-1: after the defender is eliminated, the attacker's owner decides to advance or decline."""
    s = position([("bottom", "HI", "0606"), ("top", "LI", "0605", 1)], ordered=("b1",))
    s = s.with_hand("top", ("two_centre",))
    s, _ = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")))
    s, _ = do(s, m.Stand(side="top", unit="t1"), (1, 1, 1, 1, 1))  # 1 light hit eliminates the last block
    decision = _decision(s)
    assert decision.side == "bottom" and decision.rule_id == "CCA-MOMENTUM-1"
    decline = m.Decline(side="bottom", unit="b1", step="momentum")
    assert decision.commands == [m.Advance(side="bottom", unit="b1"), decline]


def test_no_decision_outside_a_battle() -> None:
    """Ordinary phase commands are not decisions: the view carries none."""
    s = position([("bottom", "HI", "0606"), ("top", "HI", "0602")], ordered=("b1",), phase="move")
    assert SYSTEM.view(s, "bottom").decision is None

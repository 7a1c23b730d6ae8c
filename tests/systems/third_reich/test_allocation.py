"""Damage allocation as the allocating player's decision (rulebook §11.2): only his free choices are asked, the
default is the engine's proposal, and the table is told which counters to flip or remove."""

from __future__ import annotations

from app.core.session import Session
from app.systems.third_reich import SYSTEM
from app.systems.third_reich.messages import AssignHit, Attack, PlayCard
from tests.systems.third_reich.helpers import card, loc, session, state, submit, used

CARDS = [card("a", "axis"), card("b", "axis")]


def _attack_paris(setup: list[tuple[str, str, int, bool]], dice: list[int]) -> tuple[Session, list[object]]:
    s = session([*setup, ("ge_lf", "berlin", 1, False)], cards=CARDS)
    submit(s, PlayCard(side="axis", card="a"))
    group = tuple(u.id for u in state(s).in_area("paris") if u.nation == "GE")
    return s, submit(s, Attack(side="axis", units=group, target="paris"), dice=dice)


def test_tr_alloc_1_the_allocating_player_chooses_point_by_point() -> None:
    """TR-ALLOC-1, TR-ALLOC-4, TR-DMG-7: the Germans' attack 3 is the highest, so they allocate the 2 points; the
    proposal (the default) puts both on one French unit, but they may give them one at a time as they like."""
    s, _ = _attack_paris([("ge_lf", "paris", 2, False), ("fr_lf", "paris", 2, False)], dice=[1, 1])
    decision = s.view("axis").decision
    assert decision is not None and decision.side == "axis" and decision.rule_id == "TR-ALLOC-1"
    # the two French units are alike: one offer gives the point to either
    assert decision.commands == [AssignHit(side="axis"), AssignHit(side="axis", unit="fr_lf_1")]
    assert "flipped to used" in decision.options[0].label.render()  # the proposal shows each unit's result
    submit(s, AssignHit(side="axis", unit="fr_lf_1"))
    decision = s.view("axis").decision
    assert decision is not None  # one point left, still a choice: now the units differ (1 point against 0)
    assert decision.commands[1:] == [AssignHit(side="axis", unit="fr_lf_1"), AssignHit(side="axis", unit="fr_lf_2")]
    submit(s, AssignHit(side="axis", unit="fr_lf_2"))
    assert s.view(None).decision is None
    assert not used(s, "fr_lf_1") and not used(s, "fr_lf_2")  # 1 point each: below durability 2, no effect


def test_tr_alloc_1_default_is_the_proposal_and_names_the_counters_for_the_table() -> None:
    """TR-ALLOC-1, TR-DMG-1: taking the default applies the proposal at once; each result is an event with its
    rule, and the table is told which counter to flip."""
    s, _ = _attack_paris([("ge_lf", "paris", 2, False), ("fr_lf", "paris", 2, False)], dice=[1, 1])
    decision = s.view("axis").decision
    assert decision is not None
    events = submit(s, decision.default_command())
    assert used(s, "fr_lf_1") and not used(s, "fr_lf_2")  # the attacker concentrates: 2 points flip one unit
    results = [e for e in events if e.rule_id == "TR-DMG-1"]
    assert len(results) == 1 and "flipped to used" in results[0].text.render()
    steps = [e.instruction.render() for e in events if e.instruction is not None]
    assert any(step.startswith("Flip FR") and "Paris" in step for step in steps)


def test_tr_alloc_2_used_units_are_offered_first() -> None:
    """TR-ALLOC-2: while a used target can still take a point, only used targets are offered."""
    setup = [("ge_lf", "paris", 2, False), ("fr_lf", "paris", 2, True), ("fr_lf", "paris", 1, False)]
    s, _ = _attack_paris(setup, dice=[1, 1])
    decision = s.view("axis").decision
    assert decision is not None
    offered = {c.unit for c in decision.commands if isinstance(c, AssignHit) and c.unit}
    assert offered == {"fr_lf_1"}  # the used pair (alike: one offer); fr_lf_3, unused, must wait


def test_tr_alloc_4_no_question_when_the_limits_leave_one_allocation() -> None:
    """TR-ALLOC-4, TR-ALLOC-5: a lone target takes every point up to its threshold at once; nothing is asked."""
    s, _ = _attack_paris([("ge_lf", "paris", 2, False), ("fr_lf", "paris", 1, False)], dice=[1, 1])
    assert s.view(None).decision is None or s.view(None).decision.rule_id != "TR-ALLOC-1"
    assert used(s, "fr_lf_1") and loc(s, "fr_lf_1") == "paris"  # 2 points on D = 2: flipped, stays


def test_tr_alloc_1_saves_of_rules_version_1_take_the_proposal() -> None:
    """TR-ALLOC-1: rules version 1 allocated by itself, so an old save's replay answers with the proposal."""
    s, _ = _attack_paris([("ge_lf", "paris", 2, False), ("fr_lf", "paris", 2, False)], dice=[1, 1])
    assert SYSTEM.old_answer(state(s), "1") == AssignHit(side="axis")
    assert SYSTEM.old_answer(state(s), "2") is None

"""Who targets whom in a melee (LNL-MELEE-5, LNL-MELEE-9), with explicit dice: the attacking side picks its targets
among the defenders able to melee; when attack and defence swap, the defenders pick theirs among the attackers."""

from __future__ import annotations

from app.core.saves import from_save, to_save
from app.core.system import state_digest
from app.systems.lnl import SYSTEM
from app.systems.lnl import messages as m
from tests.systems.lnl.helpers import get, hx, mods, rulings, scenario, session, state, submit, unit

FAR = unit("de_squad", "1008", "x9")


def _two_on_two(**extra: object) -> object:
    """Two US squads (3 + 3) move into a hex held by a German squad (3), a half-squad (1) and a sergeant (LM 1,
    no melee SW: he helps but does not fight, LNL-LDR-6)."""
    s = session(
        scenario(
            [unit("us_squad", "0102", "a1"), unit("us_squad", "0102", "a2")],
            [unit("de_squad", "0103", "x1"), unit("de_half", "0103", "x2"), unit("de_sgt", "0103", "x3"), FAR],
            **extra,
        )
    )
    submit(s, m.StartMove(side="allies", units=("a1", "a2"), to=hx(s, "0103")))
    return s


def test_lnl_melee_9_the_defenders_pick_their_targets_when_they_strike_back() -> None:
    """LNL-MELEE-5, LNL-MELEE-9, LNL-MELEE-8, LNL-LDR-3: the Americans attack the squad alone (6 against 3: 2:1,
    kill 6) and roll 2. Attack and defence swap: the Germans now choose among the attackers able to melee (one
    squad, the other, or both). They strike at a2 alone: 3 + 1 against 3 is 2:1, kill 6; 3 + 2 and the
    sergeant's LM 1 make 6: a2 is eliminated, a1 fights on under the Melee marker."""
    s = _two_on_two()
    assert [c.targets for c in s.legal_commands("allies") if isinstance(c, m.MeleeTargets)] == [
        ("x1",),
        ("x2",),
        ("x1", "x2"),
    ]
    events = submit(s, m.MeleeTargets(side="allies", hex=hx(s, "0103"), targets=("x1",)), (1, 1))
    assert rulings(events, "melee")[0].target == 6 and get(s, "x1") is not None
    step = state(s).steps[0]
    assert (step.kind, step.side) == ("melee_back", "axis")
    assert [c.targets for c in s.legal_commands("axis")] == [("a1",), ("a2",), ("a1", "a2")]
    assert s.view("allies").decision is not None and s.view("allies").decision.rule_id == "LNL-MELEE-9"
    events = submit(s, m.MeleeTargets(side="axis", hex=hx(s, "0103"), targets=("a2",)), (3, 2))
    (reply,) = rulings(events, "melee")
    assert reply.target == 6 and reply.dice[0].modified == 6 and mods(reply)["LNL-MELEE-8"] == 1
    assert get(s, "a2") is None and get(s, "a1") is not None and get(s, "x1") is not None
    assert state(s).hex_has(hx(s, "0103"), "melee") and not state(s).steps and state(s).active == "axis"


def test_lnl_melee_9_the_reply_against_all_attackers() -> None:
    """LNL-MELEE-9, LNL-MELEE-7: striking back at both squads (4 against 6: 1:1, kill 8) with 7 + LM 1 kills
    both; the Melee marker stays on the hex the Germans now hold alone."""
    s = _two_on_two()
    submit(s, m.MeleeTargets(side="allies", hex=hx(s, "0103"), targets=("x1", "x2")), (1, 2))
    events = submit(s, m.MeleeTargets(side="axis", hex=hx(s, "0103"), targets=("a1", "a2")), (3, 4))
    assert rulings(events, "melee")[0].target == 8
    assert get(s, "a1") is None and get(s, "a2") is None and get(s, "x2") is not None


def test_lnl_melee_9_no_reply_when_the_defenders_are_gone() -> None:
    """LNL-MELEE-9, LNL-MELEE-3: the attackers kill every defender able to fight (6 against 4: 2:1, kill 6, roll
    6); nobody is left to strike back, and the sergeant, unable to fight alone, is eliminated."""
    s = _two_on_two()
    submit(s, m.MeleeTargets(side="allies", hex=hx(s, "0103"), targets=("x1", "x2")), (3, 3))
    assert not state(s).steps and get(s, "x1") is None and get(s, "x3") is None and state(s).active == "axis"


def test_lnl_melee_9_simultaneous_option_both_pick_then_both_roll() -> None:
    """LNL-MELEE-9 (option melee_simultaneous): the attackers pick the squad; no die is rolled until the
    defenders have picked a2; then both rolls: 8 against kill 6 eliminates x1, and the Germans' 5 + LM 1 against
    kill 6 (x1 and x2 still count: the rolls are simultaneous) eliminates a2."""
    s = _two_on_two(rules={"melee_simultaneous": True})
    submit(s, m.MeleeTargets(side="allies", hex=hx(s, "0103"), targets=("x1",)))
    assert state(s).steps[0].kind == "melee_back"
    events = submit(s, m.MeleeTargets(side="axis", hex=hx(s, "0103"), targets=("a2",)), (4, 4, 3, 2))
    first, reply = rulings(events, "melee")
    assert (first.target, reply.target) == (6, 6)
    assert get(s, "x1") is None and get(s, "a2") is None and get(s, "a1") is not None and get(s, "x2") is not None


def test_lnl_hero_2_a_hero_in_the_melee_shifts_the_column_even_untargeted() -> None:
    """LNL-HERO-2, LNL-MELEE-8: the American squad (3) attacks only the German squad (3), leaving the German hero
    aside; the hero is in the melee all the same, so 1:1 shifts one column his way to 1:2 (kill 10); 5 + 5 kills
    the squad. The hero strikes back alone (2 against 3: 1:1, shifted his way to 2:1, kill 6) and rolls 2."""
    s = session(
        scenario([unit("us_squad", "0102", "a1")], [unit("de_squad", "0103", "x1"), unit("de_hero", "0103", "x2"), FAR])
    )
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0103")))
    events = submit(s, m.MeleeTargets(side="allies", hex=hx(s, "0103"), targets=("x1",)), (5, 5, 1, 1))
    first, reply = rulings(events, "melee")
    assert (first.target, reply.target) == (10, 6)
    assert get(s, "x1") is None and get(s, "x2") is not None and get(s, "a1") is not None


def test_old_saves_see_the_reply_aimed_at_every_attacker() -> None:
    """LNL-MELEE-9 (rules version 4): replaying a version-3 save, the defenders' reply is answered as version 3
    fought it, against every attacker."""
    s = _two_on_two()
    submit(s, m.MeleeTargets(side="allies", hex=hx(s, "0103"), targets=("x1",)), (1, 1))
    answer = SYSTEM.old_answer(state(s), "3")
    assert isinstance(answer, m.MeleeTargets) and answer.side == "axis" and answer.targets == ("a1", "a2")


def test_a_version_3_save_replays_with_the_reply_aimed_at_every_attacker() -> None:
    """LNL-MELEE-9 (rules version 4, AnswersOldSaves): a save of rules version 3 never answered the defenders'
    reply; replayed, it is answered as version 3 fought it (every attacker) and the game comes out the same."""
    s = _two_on_two()
    s.submit(m.MeleeTargets(side="allies", hex=hx(s, "0103"), targets=("x1",)))
    assert state(s).steps[0].kind == "melee_back"
    s.submit(m.MeleeTargets(side="axis", hex=hx(s, "0103"), targets=("a1", "a2")))
    save = to_save(s)
    old = save.model_copy(
        update={"system_version": "3", "commands": [c for c in save.commands if c.get("side") != "axis"]}
    )
    again = from_save(old, {"lnl": SYSTEM})
    assert state_digest(SYSTEM, again.state) == save.digest and len(again.commands) == len(save.commands)

"""The command cup, activation and the turn (rulebook §5 to §8, §13)."""

from __future__ import annotations

import pytest

from app.core.dice import NeedInput
from app.core.errors import IllegalCommandError
from app.core.session import Session
from app.systems.typhoon import SYSTEM
from app.systems.typhoon import messages as m
from tests.systems.typhoon.helpers import (
    PZ,
    draw,
    hq,
    hx,
    legal_of,
    scenario,
    select,
    session,
    state,
    submit,
    unit,
)


def two_hqs(**kw):  # type: ignore[no-untyped-def]
    units = [hq("ghq", "axis", "0204", 3), hq("g2", "axis", "0305", 2), unit("a", "axis", "0404", PZ)]
    units += [unit("far", "axis", "0704", PZ), hq("shq", "soviet", "1008"), unit("s", "soviet", "0907")]
    return session(scenario(units, **kw))


def test_ty_cmd_4_exact_number_of_cards_and_ty_cmd_5_supply() -> None:
    """TY-CARD-1: TY-CMD-4: each side chooses exactly its turn-track number of cards; TY-CMD-5: SUPPLY always joins
    the cup."""
    s = two_hqs(com=(2, 1))
    assert state(s).phase == "select" and s.active_side() == "axis"
    select(s, ["GHQ", "G2"], ["SHQ"])
    assert sorted(state(s).cup) == ["G2", "GHQ", "SHQ", "SUPPLY"]
    assert state(s).phase == "draw"


def test_ty_cmd_3_hidden_selection_in_the_view() -> None:
    """TY-CMD-3, TY-CMD-1: the Soviet view never shows which Axis cards are in the cup, only how many; the chance
    of the next draw is given from what that side may know; the Axis sees its own."""
    s = two_hqs(com=(2, 1))
    select(s, ["GHQ", "G2"], ["SHQ"])
    soviet = s.view("soviet").panels[0]
    shown = {row[0].render("en"): row[1] for row in soviet.rows}
    assert shown == {"shq": "1/4", "SUPPLY": "1/4", "Axis cards (hidden)": "2: 1/2"}
    axis = {row[0].render("en") for row in s.view("axis").panels[0].rows}
    assert {"ghq", "g2", "Soviet cards (hidden)"} <= axis
    hand = {row[0].render("en"): row[1].render("en") for row in s.view("soviet").panels[1].rows}
    assert "ghq" not in hand and "shq" in hand


def test_ty_cmd_3_selection_events_do_not_reveal_the_card() -> None:
    """TY-CMD-3: the log of a selection says that a card was chosen, not which."""
    s = two_hqs()
    texts = submit(s, m.SelectCard(side="axis", card="GHQ"))
    assert texts == ["Axis chooses a command card."]


def test_ty_exe_1_table_mode_typed_chit_and_ty_act_1_activation() -> None:
    """TY-HQ-1: TY-EXE-1: at the table the chit drawn is typed (NeedInput asks for it); TY-ACT-1, TY-ACT-5: the HQ
    and every
    friendly unit within its range (hex distance <= 3) is activated; TY-ACT-4: another HQ in range is not."""
    s = two_hqs()
    select(s, ["GHQ"], ["SHQ"])
    with pytest.raises(NeedInput) as asked:
        s.submit(m.DrawCard(side="axis").with_table_input(None, []))
    assert set(asked.value.options) == {"GHQ", "G2", "AXIS-REINF", "SHQ", "SOV-REINF", "SUPPLY"}  # TY-CMD-3
    draw(s, "GHQ")
    assert set(state(s).active) == {"ghq", "a"}  # far (5 hexes) and g2 (an HQ) are not


def test_ty_act_2_units_activate_again_and_ty_act_6_range_fixed_at_activation() -> None:
    """TY-ACT-2: a unit may be activated by several cards in a turn; TY-ACT-6, TY-ACT-7: the range is measured when
    the card is executed, units stay active when the HQ moves away."""
    s = two_hqs(com=(2, 0))
    select(s, ["GHQ", "G2"])
    draw(s, "GHQ")
    submit(s, m.MoveUnit(side="axis", unit="ghq", to=hx(s, "0101")))
    assert "a" in state(s).active
    submit(s, m.EndMovement(side="axis"))
    submit(s, m.EndCombat(side="axis"))
    draw(s, "G2")
    assert "a" in state(s).active  # g2 at 0305 reaches 0404


def test_ty_exe_4_hq_card_without_its_hq_has_no_effect() -> None:
    """TY-EXE-4, TY-HQU-2: an HQ card whose HQ is not on the map does nothing."""
    units = [hq("ghq", "axis", "reserve"), unit("a", "axis", "0404", PZ), hq("shq", "soviet", "1008")]
    s = session(scenario(units))
    select(s, ["GHQ"], ["SHQ"])
    texts = draw(s, "GHQ")
    assert any("no effect" in x for x in texts)
    assert state(s).phase == "draw"


def guderian_scenario(**kw):  # type: ignore[no-untyped-def]
    units = [hq("pza", "axis", "0204", 3), unit("a", "axis", "0404", PZ), hq("shq", "soviet", "1008")]
    cards = [
        {"id": "PZA", "side": "axis", "kind": "hq", "hq": "pza"},
        {"id": "GUD", "side": "axis", "kind": "guderian", "hq": "pza"},
        {"id": "SHQ", "side": "soviet", "kind": "hq", "hq": "shq"},
    ]
    return session(scenario(units, cards=cards, com=(2, 1), **kw))


def test_ty_gud_1_held_guderian_counts_and_stays_out_of_the_cup() -> None:
    """TY-GUD-1, TY-HQ-2: Guderian may be kept in hand (it counts against GER Com) and is not in the cup."""
    s = guderian_scenario()
    select(s, ["PZA", "GUD"], ["SHQ"], hold="GUD")
    assert sorted(state(s).cup) == ["PZA", "SHQ", "SUPPLY"]
    assert state(s).held == "GUD"
    hand = {r[0].render("en"): r[1].render("en") for r in s.view("soviet").panels[1].rows}
    assert "GUD" not in hand  # the Soviets do not see it held


def test_ty_gud_3_interrupt_returns_the_drawn_card() -> None:
    """TY-GUD-2, TY-GUD-3, TY-GUD-4: after a draw the Axis may play Guderian instead: the drawn card goes back into
    the cup and 2PzA is activated (the decision is private to the Axis)."""
    s = guderian_scenario()
    select(s, ["PZA", "GUD"], ["SHQ"], hold="GUD")
    draw(s, "SHQ")
    decision = s.view("axis").decision
    assert decision is not None and decision.rule_id == "TY-GUD-3"
    assert s.view("soviet").decision.options == ()
    submit(s, m.PlayGuderian(side="axis"))
    assert "SHQ" in state(s).cup and state(s).held is None
    assert state(s).phasing == "axis" and set(state(s).active) == {"pza", "a"}


def test_ty_gud_5_guderian_after_the_cup_is_empty() -> None:
    """TY-GUD-5: an unused held Guderian may still be played when the cup is empty, before the end of the turn."""
    s = guderian_scenario()
    select(s, ["PZA", "GUD"], ["SHQ"], hold="GUD")
    for card in ("SUPPLY", "PZA", "SHQ"):
        while state(s).steps:
            submit(s, m.DeclineGuderian(side="axis"))
        while state(s).phase != "draw":
            submit(s, next(c for c in s.legal_commands() if c.kind.startswith("ty.end")))
        draw(s, card)
    while state(s).steps and state(s).steps[0].kind == "guderian":
        submit(s, m.DeclineGuderian(side="axis"))
    while state(s).phase != "draw" or not state(s).steps:
        submit(s, next(c for c in s.legal_commands() if c.kind.startswith("ty.end")))
    assert state(s).steps[0].kind == "guderian_end"
    submit(s, m.PlayGuderian(side="axis"))
    assert state(s).card == "GUD" and state(s).phase == "move"


def test_ty_gud_6_guderian_in_the_cup_is_a_second_card() -> None:
    """TY-GUD-6: put into the cup, Guderian is simply a second 2PzA card."""
    s = guderian_scenario()
    select(s, ["PZA", "GUD"], ["SHQ"])
    assert "GUD" in state(s).cup
    draw(s, "GUD")
    assert state(s).phase == "move" and "pza" in state(s).active


def test_ty_opt_cl_1_turn_two_card_ban() -> None:
    """TY-OPT-CL-1, TY-CMD-6: with §15.3 the Soviet player may not choose the 31A etc. cards on turn 2."""
    units = [hq("ghq", "axis", "0204"), hq("s31", "soviet", "1008"), hq("s16", "soviet", "1006")]
    cards = [
        {"id": "GHQ", "side": "axis", "kind": "hq", "hq": "ghq"},
        {"id": "31A", "side": "soviet", "kind": "hq", "hq": "s31"},
        {"id": "16A", "side": "soviet", "kind": "hq", "hq": "s16"},
    ]
    s = session(scenario(units, cards=cards, first_turn=2, options={"card_ban": True}))
    submit(s, m.SelectCard(side="axis", card="GHQ"))
    assert [c.card for c in legal_of(s, m.SelectCard)] == ["16A"]


def test_ty_opt_gud_1_guderian_dismissal_roll() -> None:
    """TY-OPT-GUD-1, TY-OPT-GUD-2, TY-SEQ-7: from turn 9 a 5 or 6 dismisses Guderian, who can no longer be held."""
    s = guderian_scenario(first_turn=9, turns=2, options={"guderian_dismissal": True})
    select(s, ["PZA", "GUD"], ["SHQ"])
    while state(s).turn == 9:
        legal = s.legal_commands()
        command = next((c for c in legal if c.kind.startswith("ty.end")), legal[0])
        chit = [sorted(state(s).cup)[0]] if isinstance(command, m.DrawCard) else None
        try:
            s.submit(command.with_table_input([], chit))
        except NeedInput:
            s.submit(command.with_table_input([6], chit))
    assert state(s).dismissed
    assert not [c for c in legal_of(s, m.SelectCard) if c.hold]


def test_ty_seq_2_wrong_side_is_refused() -> None:
    """TY-SEQ-2: only the side to act may give commands."""
    s = two_hqs()
    with pytest.raises(IllegalCommandError):
        s.submit(m.SelectCard(side="soviet", card="SHQ"))


def test_golden_legal_counts_of_the_bundled_scenario() -> None:
    """Golden counts (DESIGN §9): the opening of vyazma_gate offers the Axis its cards, Guderian also to hold."""
    from tests.systems.typhoon.test_scenarios import bundled

    s = Session(SYSTEM, bundled("vyazma_gate"), seed=1)
    assert len(s.legal_commands()) == 5  # 4A, 2PzA, GUD, GUD held, AXIS REINF


def test_ty_cmd_3_history_labels_hide_the_other_sides_choice() -> None:
    """TY-CMD-3, TY-GUD-1: hot-seat: the history of commands names a selected card (and a held Guderian) only to
    the side that chose it; the other seat reads that a secret choice was made. Everything else is shown alike;
    the draw reads as the card drawn (TY-EXE-1: its label could not say which)."""
    s = guderian_scenario()
    select(s, ["PZA", "GUD"], ["SHQ"], hold="GUD")
    draw(s, "SHQ")
    submit(s, m.DeclineGuderian(side="axis"))
    axis = [x.render("en") for x in s.history_labels("axis")]
    soviet = [x.render("en") for x in s.history_labels("soviet")]
    secret = "Axis makes a secret choice."
    assert axis[:3] == ["Put pza in the cup", "Keep pza in hand", "Soviet makes a secret choice."]
    assert soviet == [secret, secret, "Put shq in the cup", "shq is drawn.", secret]
    assert axis[3:] == ["shq is drawn.", "Keep Guderian in hand"]
    everything = [x.render("en") for x in s.history_labels()]
    assert everything == [*axis[:2], soviet[2], *axis[3:]]

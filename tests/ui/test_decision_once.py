"""A pending decision's answers appear once: in the decision bar, not again in the command bar below it (Third
Reich hand selection, TR-SEQ-1: the "Take … into the hand" buttons were shown twice)."""

from __future__ import annotations

from pathlib import Path

from app.scenario.catalog import open_session
from app.systems.third_reich import SYSTEM
from app.systems.third_reich.messages import TakeCard

BARBAROSSA = Path(__file__).resolve().parents[2] / "scenarios" / "third_reich" / "barbarossa_1941.json"


def test_tr_seq_1_hand_selection_buttons_only_in_the_decision_bar(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = open_session(BARBAROSSA, {"third_reich": SYSTEM}, seed=1)
    decision = session.view(None).decision
    assert decision is not None and decision.rule_id == "TR-SEQ-1"
    assert all(isinstance(c, TakeCard) for c in session.legal_commands())
    win = MainWindow(session, Preferences(), adjutant_data_dir, agent_for_side=SYSTEM.make_agent, bot_sides=())
    qtbot.addWidget(win)
    win.show()
    labels = [option.label.render("en") for option in decision.options]
    assert [b.text() for b in win.decision_bar.buttons] == labels
    bar_texts = [button.text() for button, _ in win.command_bar.entries]
    assert not any(text.startswith("Take ") for text in bar_texts), bar_texts
    assert not {command.key() for _, command, _ in win.command_bar.buttons} & {c.key() for c in decision.commands}
    win.close()


def test_many_answers_scroll_instead_of_widening_the_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A decision with many long answers (TR-SEQ-5: every unit that may return to the pool) keeps the decision bar
    narrow: its buttons scroll sideways (the window once grew to 4,700 pixels)."""
    from app.core.flow import Decision, Option
    from app.core.i18n import t
    from app.systems.third_reich.messages import ReturnUnit
    from app.ui.decision_bar import DecisionBar

    options = tuple(
        Option(ReturnUnit(side="axis", unit=f"ge_lf_{i}"), t("Return a long-named unit {i} to the pool", i=i))
        for i in range(24)
    )
    bar = DecisionBar()
    qtbot.addWidget(bar)
    bar.show_decision(Decision("axis", t("End of turn"), options, rule_id="TR-SEQ-5"), "Axis", "en")
    assert len(bar.buttons) == 24
    assert bar.minimumSizeHint().width() < 800

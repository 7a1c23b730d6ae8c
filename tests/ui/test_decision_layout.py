"""A decision with many options stays on screen without widening the window, and is offered once (play3: Third
Reich's hand selection pushed the log and dice docks off a 1600-pixel screen and repeated its eight options in
the command bar)."""

from __future__ import annotations

from pathlib import Path

from app.scenario.catalog import open_session
from app.systems.third_reich import SYSTEM

SAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "third_reich" / "sample_1939.json"


def _window(qtbot, data_dir, width: int):  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    win = MainWindow(open_session(SAMPLE, {"third_reich": SYSTEM}), Preferences(), data_dir)
    qtbot.addWidget(win)
    win.resize(width, 700)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_tr_seq_1_hand_selection_options_wrap_inside_a_1024_pixel_window(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """TR-SEQ-1: the eight "Take … into the hand" options all show, on more lines, in a 1024-pixel window."""
    win = _window(qtbot, adjutant_data_dir, 1024)
    bar = win.decision_bar
    assert len(bar.buttons) >= 8 and win.width() <= 1024
    assert win.minimumSizeHint().width() <= 1024
    qtbot.waitUntil(lambda: all(b.isVisible() for b in bar.buttons), timeout=3000)
    right = bar.mapToGlobal(bar.rect().topRight()).x()
    assert all(b.mapToGlobal(b.rect().topRight()).x() <= right for b in bar.buttons)
    assert len({b.y() for b in bar.buttons}) > 1, "the options wrapped onto a second line"
    win.close()


def test_tr_seq_1_the_command_bar_does_not_repeat_the_decisions_options(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir, 1400)
    offered = {b.text() for b in win.decision_bar.buttons}
    assert offered and not offered & {button.text() for button, _entry in win.command_bar.entries}
    assert win.phase.title.text() == "Turn 1: hand selection"
    assert win.command_bar.caption.text() == "Answer the question above", "not 'Select one of your counters'"
    win.close()


def test_ty_cmd_1_the_campaigns_card_choices_wrap_in_the_command_bar(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """TY-CMD-1: the campaign offers a dozen "Put … in the cup" commands; in a 1024-pixel window they wrap onto
    more lines of the command bar instead of hiding behind a horizontal scroll bar."""
    from app.systems.typhoon import SYSTEM as TYPHOON
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    campaign = SAMPLE.parents[1] / "typhoon" / "typhoon_campaign.json"
    win = MainWindow(open_session(campaign, {"typhoon": TYPHOON}), Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.resize(1024, 700)
    win.show()
    qtbot.waitExposed(win)
    bar = win.command_bar
    buttons = [button for button, _entry in bar.entries]
    assert len(buttons) >= 8
    qtbot.waitUntil(lambda: bar.scroll.height() > 40, timeout=3000)
    edge = bar.scroll.viewport().width()
    assert all(b.geometry().right() <= edge for b in buttons), "no button runs off the right edge"
    assert len({b.y() for b in buttons}) > 1
    win.close()


def test_a_short_row_of_commands_takes_one_line(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """Five card choices in a 1500-pixel window: one line, no blank lines under the board."""
    from app.systems.typhoon import SYSTEM as TYPHOON
    from app.ui.command_bar import LINE
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    gate = SAMPLE.parents[1] / "typhoon" / "vyazma_gate.json"
    win = MainWindow(open_session(gate, {"typhoon": TYPHOON}), Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.resize(1500, 950)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(50)
    assert len(win.command_bar.entries) == 5 and win.command_bar.scroll.height() == LINE
    assert win.command_bar.caption.text() == "Choose a command below"
    win.close()


def test_two_dozen_long_answers_stay_narrow_and_scroll_after_four_lines(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Twenty-four long answers (a Third Reich end-of-turn return of many units): the bar stays narrow, wraps them
    and scrolls after four lines instead of pushing the board off the window."""
    from app.core.flow import Decision, Option
    from app.core.i18n import t
    from app.ui.decision_bar import LINE, MAX_LINES, DecisionBar
    from tests.ui.fakes import EndTurn

    options = tuple(Option(EndTurn(side="blue"), t("Return a long-named unit {i} to the pool", i=i)) for i in range(24))
    bar = DecisionBar()
    qtbot.addWidget(bar)
    bar.resize(1000, 300)
    bar.show_decision(Decision("blue", t("End of turn"), options, rule_id="TR-SEQ-5"), "Blue", "en")
    bar.show()
    qtbot.waitExposed(bar)
    assert len(bar.buttons) == 24 and bar.minimumSizeHint().width() < 800
    assert LINE <= bar.scroll.height() <= LINE * MAX_LINES

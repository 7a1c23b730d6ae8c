"""The pending decision is always on screen (app.core.flow, ui DecisionBar): after a bot attack, the player's
battle-back choice shows with nothing selected, naming the deciding side, and clicking an option resolves it
(CCA-BACK-1). Before, the choice appeared only when that exact unit was selected and the game looked frozen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.core.session import Session
from app.scenario.catalog import open_session
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from app.systems.cca.bot import choose

AKRAGAS = Path(__file__).resolve().parents[2] / "scenarios" / "cca" / "akragas_clash.json"


def _before_the_bot_attacks() -> Session:
    """Akragas, seed 3: the bottom player ends each step at once, the top bot plays; stop just before the bot's
    first battle (it attacks bottom's medium infantry, which may battle back)."""
    session = open_session(AKRAGAS, {"cca": SYSTEM}, seed=3)
    for _ in range(200):
        side = session.active_side()
        if side == "top":
            command = choose(session.state, side).command
            if isinstance(command, m.Battle):
                return session
        else:
            legal = list(session.legal_commands())
            ends = [c for c in legal if isinstance(c, m.EndOrders | m.EndMovement | m.EndTurn)]
            command = ends[0] if ends else legal[0]
        session.submit(command)
    raise AssertionError("the bot never attacked")


def test_cca_back_1_after_a_bot_attack_the_players_decision_shows_with_nothing_selected(  # type: ignore[no-untyped-def]
    qtbot, adjutant_data_dir
) -> None:
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = _before_the_bot_attacks()
    start = len(session.history)
    win = MainWindow(session, Preferences(), adjutant_data_dir, agent_for_side=SYSTEM.make_agent, bot_sides=("top",))
    win.controller.auto_delay_ms = 1
    qtbot.addWidget(win)
    win.show()
    bar = win.decision_bar
    qtbot.waitUntil(lambda: len(session.history) > start and bar.isVisible(), timeout=20000)
    assert isinstance(session.history[start].command, m.Battle) and session.history[start].command.side == "top"
    assert win.interaction.selected is None, "nothing is selected, yet the decision is on screen"
    decision = win.controller.view().decision
    assert decision is not None and decision.side == "bottom" and session.active_side() == "bottom"
    side_name = win.controller.view().side_names["bottom"].render("en")
    assert f"{side_name} decides" in bar.prompt.text() and "may battle back" in bar.prompt.text()
    assert [b.text() for b in bar.buttons] == ["Battle back", "Decline"]
    assert all(b.isEnabled() for b in bar.buttons)
    qtbot.mouseClick(bar.buttons[1], Qt.MouseButton.LeftButton)
    assert session.history[start + 1].command == decision.options[1].command  # the player's answer, as clicked
    assert win.controller.view().decision != decision
    win.controller.bot_sides = frozenset()
    win.close()


def test_the_bots_own_decision_is_shown_but_answered_by_the_bot(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """A decision of a bot seat is on screen with its buttons disabled; the bot answers through the same options."""
    from app.ui.decision_bar import DecisionBar

    session = _before_the_bot_attacks()
    session.submit(choose(session.state, "top").command)
    bar = DecisionBar()
    qtbot.addWidget(bar)
    view = session.view("bottom")
    bar.show_view(view, ("top",), "en")  # as if bottom were the bot's seat
    assert not bar.isHidden() and bar.buttons and not any(b.isEnabled() for b in bar.buttons)
    assert "(bot) decides" in bar.prompt.text()
    assert view.decision is not None and choose(session.state, "bottom").command in view.decision.commands
    bar.show_view(session.view("bottom"), ("bottom",), "en")
    assert all(b.isEnabled() for b in bar.buttons)


def test_an_automated_seat_without_a_bot_takes_the_default_answer(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """Fast play: a seat given to automation with no agent answers a pending decision with its default
    (CCA-BACK-1: battle back) instead of waiting for Continue."""
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = _before_the_bot_attacks()
    session.submit(choose(session.state, "top").command)
    decision = session.view(None).decision
    assert decision is not None and decision.side == "bottom"
    start = len(session.history)
    win = MainWindow(session, Preferences(), adjutant_data_dir, bot_sides=("bottom",))
    win.controller.auto_delay_ms = 1
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: len(session.history) > start, timeout=10000)
    assert session.history[start].command == decision.default_command() == m.BattleBack(side="bottom", unit="b2")
    win.close()

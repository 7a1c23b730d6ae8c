"""Fast play on the choices the rules give the player (issue 14): the rules always ask (here CCA-BOLSTER-1, ignoring
a flag is optional per flag); a player who opted for fast play on that question has the window answer it with its
default. The preference lives in the window's settings, never in the rules state."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.core.session import Session
from app.systems.cca import messages as m
from app.ui.settings import Preferences
from tests.systems.cca.helpers import hx, scenario, start

DEFAULT = m.IgnoreFlags(side="top", unit="t1", flags=1)


def _flag_on_a_led_unit() -> Session:
    """Bottom's heavy infantry at 0606 battles top's heavy infantry with its leader at 0605 and rolls 1 flag: top may
    ignore it (attached leader, CCA-BOLSTER-2), so top decides how many flags to ignore (CCA-BOLSTER-1)."""
    model = scenario([("bottom", "HI", "0606"), ("top", "HI", "0605")], [("top", "0605")])
    hand = ("two_centre", "two_left", "two_right", "order_heavy")
    session = start(model, hand, hand)
    for command in (m.PlayCard(side="bottom", card="two_centre"), m.OrderUnit(side="bottom", piece="b1")):
        session.submit(command.model_copy(update={"dice": ()}))
    while session.state.phase != "battle":  # no moves: end the orders and the movement
        ends = [c for c in session.legal_commands() if isinstance(c, m.EndOrders | m.EndMovement)]
        session.submit(ends[0].model_copy(update={"dice": ()}))
    return session


def _flag(session: Session) -> None:
    battle = m.Battle(side="bottom", unit="b1", target=hx(session.state, "0605"))
    session.submit(battle.model_copy(update={"dice": (5, 1, 1, 1, 1)}))


def test_cca_bolster_1_fast_play_takes_the_default_answer(qtbot) -> None:  # type: ignore[no-untyped-def]
    """CCA-BOLSTER-1: with fast play on the flag question, the controller answers it with its default (ignore the
    most: 1 flag); other questions (CCA-BACK-1, battle back) still wait for the player."""
    from app.ui.controller import GameController

    session = _flag_on_a_led_unit()
    controller = GameController(session)
    controller.fast_answers = frozenset({"CCA-BOLSTER-1"})
    _flag(session)
    qtbot.waitUntil(lambda: len(session.history) > 0 and session.history[-1].command == DEFAULT, timeout=5000)
    decision = controller.view().decision
    assert decision is not None and decision.rule_id == "CCA-BACK-1"
    qtbot.wait(20)
    assert controller.view().decision == decision, "only the opted-for question is answered"
    controller.close()


def test_cca_bolster_1_without_fast_play_the_question_waits(qtbot) -> None:  # type: ignore[no-untyped-def]
    """CCA-BOLSTER-1: without fast play the flag question waits for the player."""
    from app.ui.controller import GameController

    session = _flag_on_a_led_unit()
    controller = GameController(session)
    _flag(session)
    qtbot.wait(20)
    decision = controller.view().decision
    assert decision is not None and decision.rule_id == "CCA-BOLSTER-1" and decision.default_command() == DEFAULT
    controller.close()


def test_always_take_the_default_is_remembered_as_a_preference(qtbot, adjutant_data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    """Ticking "Always take the default" on the decision bar answers this question with its default, remembers the
    rule in the preferences file, and "Ask every question" forgets it."""
    from app.ui.main_window import MainWindow

    session = _flag_on_a_led_unit()
    win = MainWindow(session, Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.show()
    _flag(session)
    bar = win.decision_bar
    qtbot.waitUntil(lambda: bar.isVisible() and not bar.fast.isHidden(), timeout=5000)
    qtbot.mouseClick(bar.fast, Qt.MouseButton.LeftButton)
    assert session.history[-1].command == DEFAULT
    assert Preferences.load(adjutant_data_dir).fast_answers == ["CCA-BOLSTER-1"]
    win.actions_by_name["ask_all"].trigger()
    assert Preferences.load(adjutant_data_dir).fast_answers == [] and not win.controller.fast_answers
    win.close()

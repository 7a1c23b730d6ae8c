"""The SAS choices of rules version 3 in the window (issue 14): each waits in the decision bar, worded in English and
Chinese, a click answers it, and "Always take the default" remembers fast play for that rule like C&C's flag question
(SAS-ALARM-4, SAS-MARK-3, SAS-GEN-8, SAS-PICK-1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from app.core.session import Session
from app.systems.sas.messages import ActivateOperator, Attack, Decide, Mark, Move, PickUp, Throw
from app.ui.settings import Preferences
from tests.support.positions import sas_session

SENTRY = {"kind": "rifle", "role": "sentry", "colour": "black"}


def _alarm() -> Session:
    """Jock's grenade sounds the alarm; Jock (A7) and Paddy (K7) are on the map, nobody is exposed (SAS-ALARM-4)."""
    session = sas_session(
        {
            "operators": [{"id": "jock", "at": "A7", "facing": "E"}, {"id": "paddy", "at": "K7", "facing": "W"}],
            "units": [{**SENTRY, "id": "s", "at": "F12", "facing": "S"}],
        }
    )
    session.submit(ActivateOperator(side="sas", operator="jock"))
    session.submit(Throw(side="sas", operator="jock", to=(0, 1)))
    return session


def _diagonal() -> Session:
    """Jock's pistol shot from C3 at the sentry on F6, facing south, on its exact diagonal (SAS-GEN-8)."""
    session = sas_session(
        {
            "operators": [{"id": "jock", "at": "C3", "facing": "S"}],
            "units": [{**SENTRY, "id": "s", "at": "F6", "facing": "S"}],
        }
    )
    session.submit(ActivateOperator(side="sas", operator="jock"))
    session.submit(Attack(side="sas", operator="jock", weapon="pistol", target="s").with_table_input((1,), None))
    return session


def _mark() -> Session:
    """Jock marks the sentry in front of him; the Axis Advance phase comes (SAS-MARK-3)."""
    session = sas_session(
        {
            "operators": [{"id": "jock", "at": "F9", "facing": "N"}],
            "units": [{**SENTRY, "id": "s", "at": "F5", "facing": "E"}],
        }
    )
    session.submit(ActivateOperator(side="sas", operator="jock"))
    session.submit(Mark(side="sas", operator="jock", target="s", weapon="pistol", facing="N"))
    while session.state.pending is None:
        session.submit(session.legal_commands()[-1])  # end the phase, then the Axis steps
    return session


def _barrel() -> Session:
    """Jock moves onto the fuel barrel next to him (SAS-PICK-1)."""
    session = sas_session(
        {
            "operators": [{"id": "jock", "at": "F6", "facing": "N"}],
            "objects": [{"id": "b", "kind": "fuel_barrel", "at": "F5"}],
        }
    )
    session.submit(ActivateOperator(side="sas", operator="jock"))
    session.submit(Move(side="sas", operator="jock", to=(5, 4)))
    return session


CASES: dict[str, tuple[Any, str, str, str, int]] = {
    # rule: (session, English words in the prompt, Chinese words in the prompt, the clicked button's text, its index)
    "SAS-ALARM-4": (_alarm, "choose the operator to expose", "请指定一名特勤员", "Expose Paddy Mayne", 1),
    "SAS-GEN-8": (_diagonal, "on a diagonal", "对角方向", "Face north", 0),
    "SAS-MARK-3": (_mark, "marked attack", "标定攻击", "Wait", 1),
    "SAS-PICK-1": (_barrel, "stands on the fuel barrel", "燃料桶", "Pick up", 0),
}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_the_sas_choice_waits_in_the_decision_bar_and_a_click_answers_it(
    qtbot, adjutant_data_dir: Path, rule: str
) -> None:  # type: ignore[no-untyped-def]
    """The decision is on screen with nothing selected, names the SAS side and its rule, reads in Chinese too, and
    the clicked button's command is the one submitted."""
    from app.ui.main_window import MainWindow

    make, english, chinese, label, index = CASES[rule]
    session = make()
    start = len(session.history)
    win = MainWindow(session, Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.show()
    bar = win.decision_bar
    qtbot.waitUntil(bar.isVisible, timeout=5000)
    decision = win.controller.view().decision
    assert decision is not None and decision.side == "sas" and decision.rule_id == rule
    assert english in bar.prompt.text() and f"[{rule}]" in bar.prompt.text()
    assert bar.buttons[index].text().startswith(label) and all(b.isEnabled() for b in bar.buttons)
    assert not bar.fast.isHidden()
    bar.show_view(win.controller.view(), ("sas",), "zh_CN")
    assert chinese in bar.prompt.text()
    bar.show_view(win.controller.view(), ("sas",), "en")
    qtbot.mouseClick(bar.buttons[index], Qt.MouseButton.LeftButton)
    assert session.history[start].command == decision.options[index].command
    assert isinstance(session.history[start].command, Decide | PickUp)
    assert win.controller.view().decision != decision
    win.close()


def test_sas_alarm_4_always_take_the_default_is_remembered(qtbot, adjutant_data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    """SAS-ALARM-4 with fast play: ticking "Always take the default" exposes the default operator (Jock, D-ALARM-1)
    and remembers the rule in the preferences, as for C&C's flag question."""
    from app.ui.main_window import MainWindow

    session = _alarm()
    win = MainWindow(session, Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.show()
    bar = win.decision_bar
    qtbot.waitUntil(lambda: bar.isVisible() and not bar.fast.isHidden(), timeout=5000)
    qtbot.mouseClick(bar.fast, Qt.MouseButton.LeftButton)
    assert session.history[-1].command == Decide(side="sas", answer="jock")
    assert session.state.op("jock").exposed and not session.state.op("paddy").exposed
    assert Preferences.load(adjutant_data_dir).fast_answers == ["SAS-ALARM-4"]
    win.close()

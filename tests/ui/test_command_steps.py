"""Commands built step by step in the real window (issue 13, item 3; DESIGN §3a): select a counter, see its
targets with cost and odds, click one, answer an option only when several values remain."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt

from app.scenario.catalog import open_session
from app.systems.cca import SYSTEM as CCA
from app.systems.cca import messages as cm
from app.systems.sas import SYSTEM as SAS
from app.systems.sas.messages import ActivateOperator, Attack, Move, Place
from tests.ui.conftest import shown_window

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
DEPOT = SCENARIOS / "sas" / "demolition_fuel_depot.json"
AKRAGAS = SCENARIOS / "cca" / "akragas_clash.json"
JOCK, GUARD = (12, 18), (12, 17)  # Jock and the guard next to him in the fuel depot


class Chooser:
    """Stands in for the option popup: records each question and answers it with ``pick``."""

    def __init__(self, pick: Callable[[list[str]], str] | None = None) -> None:
        self.questions: list[tuple[str, list[str]]] = []
        self.pick = pick

    def __call__(self, question: str, choices: list[tuple[str, Callable[[], None]]], _at: QPoint) -> None:
        self.questions.append((question, [text for text, _ in choices]))
        if self.pick is not None:
            wanted = self.pick([text for text, _ in choices])
            next(call for text, call in choices if text == wanted)()


def _click(qtbot: Any, win: Any, loc: Any, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    point = win.board_view.mapFromScene(win.scene.centre_of(loc))
    qtbot.mouseClick(win.board_view.viewport(), Qt.MouseButton.LeftButton, modifier, point)


def _button(win: Any, text: str) -> Any:
    return next(button for button, _command, _info in win.command_bar.buttons if text in button.text())


@pytest.fixture
def depot(qtbot: Any, adjutant_data_dir: Path) -> Iterator[Any]:
    """The fuel depot with Jock activated (he carries the Lewes bomb) and a chooser that records questions."""
    session = open_session(DEPOT, {"sas": SAS})
    win = shown_window(qtbot, session, adjutant_data_dir)
    qtbot.mouseClick(_button(win, "Activate Jock"), Qt.MouseButton.LeftButton)  # a phase command, always shown
    assert isinstance(session.commands[-1], ActivateOperator)
    win.interaction.menu_chooser = Chooser()
    yield win
    win.close()


def test_sas_move_is_one_click_after_selection(depot: Any, qtbot: Any) -> None:
    """SAS-MOVE-1: with Jock selected, one click on a neighbouring square moves him there, although a one-square
    Sprint and a Lewes bomb could also go there; no question is asked."""
    win = depot
    _click(qtbot, win, JOCK)
    assert win.interaction.selection == ("jock",)
    buttons = [b.text() for b, _c, _i in win.command_bar.buttons]
    assert any(text.startswith("End activation") for text in buttons)  # shown while he is selected
    _click(qtbot, win, (13, 17))
    assert win.session.commands[-1] == Move(side="sas", operator="jock", to=(13, 17))
    assert win.interaction.menu_chooser.questions == []


def test_sas_lewes_bomb_asks_only_for_the_deck_position(depot: Any, qtbot: Any) -> None:
    """SAS-PLACE-1, SAS-DECK-4: the bar's Place kind, a click on a highlighted square, and one question — the
    bomb card's deck position (1 to 20), not twenty permutations."""
    win = depot
    win.interaction.menu_chooser = Chooser(lambda texts: "3")
    _click(qtbot, win, JOCK)
    texts = [b.text() for b, _c, _i in win.command_bar.buttons]
    assert len(texts) < 16 and not any("deck position" in text or "more" in text for text in texts), texts
    qtbot.mouseClick(_button(win, "Place ▸"), Qt.MouseButton.LeftButton)
    assert set(win.scene.layers["targets"].fills) == {(12, 17), (13, 17), (13, 18), (13, 19), (12, 19), (11, 17)}
    _click(qtbot, win, (13, 17))
    question, values = win.interaction.menu_chooser.questions[0]
    assert len(win.interaction.menu_chooser.questions) == 1
    assert question == "Deck position" and values == [str(n) for n in range(1, 21)]
    placed = win.session.commands[-1]
    assert isinstance(placed, Place) and placed.item == "lewes_bomb"
    assert (placed.to, placed.position, placed.move_to) == ((13, 17), 3, None)


def test_sas_attack_shows_the_hit_chance_before_commit(depot: Any, qtbot: Any) -> None:
    """SAS-ATK-1, SAS-ATK-2: the hit chance is written on the target and in the hover line before any roll; the
    click then asks only what really differs (the weapon)."""
    win = depot
    _click(qtbot, win, JOCK)
    assert win.interaction.odds_labels().get(GUARD) == "50%"
    win.interaction._on_board_view_location_hovered(GUARD)
    assert "Attack guard" in win.hover_label.text() and "50%" in win.hover_label.text()
    before = len(win.session.commands)
    win.interaction.menu_chooser = Chooser(lambda texts: texts[0])
    _click(qtbot, win, GUARD)
    questions = win.interaction.menu_chooser.questions
    assert [q for q, _ in questions][:1] == ["Which command?"]  # attack the guard, or a bomb on his square
    assert len(win.session.commands) == before + 1 and isinstance(win.session.commands[-1], Attack)


@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")  # a popup, offscreen
def test_the_option_popup_is_a_compact_menu_of_the_remaining_values(depot: Any, qtbot: Any) -> None:
    """SAS-DECK-4: the real popup shows the question and one entry per deck position; choosing one submits."""
    from PySide6.QtWidgets import QApplication, QMenu

    win = depot
    win.interaction.menu_chooser = win.interaction._menu
    _click(qtbot, win, JOCK)
    qtbot.mouseClick(_button(win, "Place ▸"), Qt.MouseButton.LeftButton)
    _click(qtbot, win, (11, 17))
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=3000)
    menu = QApplication.activePopupWidget()
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Deck position", *[str(n) for n in range(1, 21)]]
    next(a for a in menu.actions() if a.text() == "20").trigger()
    menu.close()
    placed = win.session.commands[-1]
    assert isinstance(placed, Place) and (placed.to, placed.position) == ((11, 17), 20)


@pytest.fixture
def akragas(qtbot: Any, adjutant_data_dir: Path) -> Iterator[Any]:
    """Akragas, hot seat, with a Syracusan unit (t1) moved next to the medium infantry's reach."""
    session = open_session(AKRAGAS, {"cca": CCA}, seed=3)
    units = tuple(replace(u, hex=(0, 5)) if u.id == "t1" else u for u in session.initial.units)
    session.initial = replace(session.initial, units=units)
    win = shown_window(qtbot, session, adjutant_data_dir)
    win.interaction.menu_chooser = Chooser()
    yield win
    win.close()


def test_cca_order_move_battle_and_multi_selection(akragas: Any, qtbot: Any) -> None:
    """CCA-ORDER: shift-click selects two units and one button orders both; a move is one click; the battle's
    odds are on the board before it is rolled (CCA-HIT-1)."""
    win, session = akragas, akragas.session
    qtbot.mouseClick(_button(win, "Deal hands"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(_button(win, "Order Four Units Left Flank"), Qt.MouseButton.LeftButton)
    _click(qtbot, win, (0, 6))
    _click(qtbot, win, (-1, 6), Qt.KeyboardModifier.ShiftModifier)
    assert win.interaction.selection == ("b2", "b10")
    qtbot.mouseClick(_button(win, "Order: 2 counters"), Qt.MouseButton.LeftButton)
    assert [c for c in session.commands if isinstance(c, cm.OrderUnit)] == [
        cm.OrderUnit(side="bottom", piece="b2"),
        cm.OrderUnit(side="bottom", piece="b10"),
    ]
    qtbot.mouseClick(_button(win, "End orders"), Qt.MouseButton.LeftButton)
    _click(qtbot, win, (0, 6))
    assert win.interaction.selection == ("b2",)
    _click(qtbot, win, (1, 5))
    assert session.commands[-1] == cm.Move(side="bottom", piece="b2", to=(1, 5))
    qtbot.mouseClick(_button(win, "End movement"), Qt.MouseButton.LeftButton)
    assert win.interaction.odds_labels().get((0, 5)) == "80%"
    _click(qtbot, win, (0, 5))
    assert session.commands[-1] == cm.Battle(side="bottom", unit="b2", target=(0, 5))
    assert win.interaction.menu_chooser.questions == []


def test_a_shift_dragged_box_selects_a_group_that_acts_together(window: Any, qtbot: Any) -> None:
    """Multi-unit selection is generic: a shift-dragged box picks both blue counters of the stack; the bar offers
    what each can do in one way (fire), and one click has both fire, each checked by the rules (FAKE-1)."""
    win = window
    vp = win.board_view.viewport()
    start = win.board_view.mapFromScene(win.scene.geo.by_loc[(0, 0)].rect.topLeft()) + QPoint(3, 3)
    end = win.board_view.mapFromScene(win.scene.geo.by_loc[(2, 2)].rect.bottomRight()) - QPoint(3, 3)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, start)
    for k in range(1, 6):
        qtbot.mouseMove(vp, start + (end - start) * (k / 5))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, end)
    assert set(win.interaction.selection) == {"b1", "b2"}
    assert win.session.commands == []
    qtbot.mouseClick(_button(win, "Attack: 2 counters"), Qt.MouseButton.LeftButton)
    assert [(c.kind, c.unit) for c in win.session.commands] == [("fire", "b1"), ("fire", "b2")]

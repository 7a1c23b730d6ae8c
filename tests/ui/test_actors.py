"""Units you may order are ringed on the board, and a click on one you may not order says so (issue 15,
point 3; a Commands & Colors order: only the ordered units act, CCA-CARD-2)."""

from __future__ import annotations

from app.core.session import Session
from app.systems.cca import SYSTEM
from app.ui.counters import loc_key
from tests.systems.cca.helpers import position, scenario

UNITS = [("bottom", "MI", "0606"), ("bottom", "MI", "0906"), ("top", "MI", "0605")]


def _window(qtbot, data_dir):  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = Session(SYSTEM, scenario(UNITS), seed=1)
    session.initial = position(UNITS, ordered=("b1",))
    win = MainWindow(session, Preferences(), data_dir)
    qtbot.addWidget(win)
    win.show()
    return win


def test_ordered_units_are_ringed_and_an_idle_click_says_why(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, adjutant_data_dir)
    assert win.interaction.actors() == {"b1"}
    b1, b2 = win.interaction.counter("b1"), win.interaction.counter("b2")
    assert b1 is not None and b2 is not None
    assert set(win.scene.layers["actors"].fills) == {loc_key(b1.loc)}
    with qtbot.waitSignal(win.interaction.idle_clicked) as said:
        win.board_view.location_clicked.emit(b2.loc, "b2")
    assert said.args[0].endswith("cannot be given an order now.")
    assert said.args[0] in win.statusBar().currentMessage()
    with qtbot.assertNotEmitted(win.interaction.idle_clicked):
        win.board_view.location_clicked.emit(b1.loc, "b1")
    win.close()

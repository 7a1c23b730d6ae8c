"""The squad game at the table (play3): the checklist is on screen from the start, even after a digital game
saved a layout without it, and a bot's move names the counters to move and where."""

from __future__ import annotations

from pathlib import Path

from app.scenario.catalog import open_session
from app.systems.lnl import SYSTEM
from app.systems.lnl import messages as m
from app.ui.table_dock import table_lines

SAINT_MARTIN = Path(__file__).resolve().parents[2] / "scenarios" / "lnl" / "saint_martin.json"


def _window(qtbot, data_dir, mode: str):  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    win = MainWindow(open_session(SAINT_MARTIN, {"lnl": SYSTEM}, mode=mode), Preferences(), data_dir)  # type: ignore[arg-type]
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_the_table_checklist_shows_from_the_first_paint_after_a_digital_game(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    _window(qtbot, adjutant_data_dir, "digital").close()  # saves window.ini with the checklist hidden
    win = _window(qtbot, adjutant_data_dir, "table")
    assert win.table.isVisible()
    win.close()


def test_lnl_move_11_a_move_tells_the_table_which_counters_go_where() -> None:
    """LNL-MOVE-11: entering a hex asks the table to move the stack's counters, by name, from their hex."""
    session = open_session(SAINT_MARTIN, {"lnl": SYSTEM}, seed=2)
    for _ in range(200):
        legal = list(session.legal_commands())
        moves = [c for c in legal if isinstance(c, m.MoveOn)]
        if moves:
            events = session.submit(moves[0])
            lines = [line.render("en") for line in table_lines(events)]
            assert any(line.startswith("Move ") and " in " in line and " to " in line for line in lines), lines
            assert any(line.startswith("将") for line in (x.render("zh_CN") for x in table_lines(events)))
            return
        starts = [c for c in legal if isinstance(c, m.StartMove | m.RollInitiative | m.EndRally | m.HoldFire)]
        session.submit((starts or legal)[0])
    raise AssertionError("no move was offered")


def test_a_command_without_instructions_lists_its_located_events() -> None:
    """Table mode: a system that wrote no instruction for a command still shows what happened on the board."""
    from app.core.i18n import t
    from app.core.messages import Event

    located = Event(kind="x", text=t("A counter is hit in 0204."), at=("0204",))
    elsewhere = Event(kind="x", text=t("The phase ends."))
    assert [line.msg for line in table_lines([located, elsewhere])] == ["A counter is hit in 0204."]
    told = Event(kind="x", text=t("Hit."), at=("0204",), instruction=t("Flip the counter in 0204."))
    assert [line.msg for line in table_lines([told, located])] == ["Flip the counter in 0204."]


def test_hot_seat_without_hidden_information_needs_no_privacy_screen(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """The squad game hides nothing from either side: hot-seat passes the keyboard without covering the window
    (it asked the next player to 'show my hand' in a game without hands)."""
    win = _window(qtbot, adjutant_data_dir, "digital")
    assert len(win.controller.human_sides()) == 2 and not SYSTEM.info.hidden_information
    first = win.session.active_side()
    for _ in range(6):
        command = next(iter(win.session.legal_commands()))
        win.controller.submit(command)
        if win.session.active_side() != first:
            break
    assert win.session.active_side() != first and not win.privacy.isVisible()
    win.close()

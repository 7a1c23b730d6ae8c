"""The table companion (issue 15, point 2): in table mode an always-visible "At the table" dock lists, one
tickable line each, the phase's standing instructions and the physical actions the last moves call for."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from app.ui.table_dock import since_last_human_command
from tests.ui.fakes import Fire, make_session


def _table_window(qtbot: Any, data_dir: Any, mode: str = "table") -> Any:
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    win = MainWindow(make_session(mode), Preferences(), data_dir)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


def _fire(win: Any, die: int) -> None:
    fire = next(c for c in win.session.legal_commands() if isinstance(c, Fire))
    win.controller.submit(fire)
    win.controller.provide_input(dice=[die])


def test_checklist_is_shown_in_table_mode_only(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    table = _table_window(qtbot, adjutant_data_dir)
    assert table.table.isVisible() and table.table.lines() == [("Move your counters.", False)]
    digital = _table_window(qtbot, adjutant_data_dir, "digital")
    assert not digital.table.isVisible()


def test_lines_of_the_last_move_are_tickable_and_a_new_move_starts_unticked(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _table_window(qtbot, adjutant_data_dir)
    _fire(win, 5)
    assert win.table.lines() == [("Move your counters.", False), ("Roll one die.", False)]
    line = win.table.items.item(win.table.items.count() - 1)
    line.setCheckState(Qt.CheckState.Checked)
    assert win.table.lines()[-1] == ("Roll one die.", True) and line.font().strikeOut()
    win.refresh()  # a redraw keeps the tick
    assert win.table.lines()[-1] == ("Roll one die.", True)
    win.set_language("zh_CN")  # so does a change of language
    assert win.table.lines()[-1][1] is True
    win.set_language("en")
    _fire(win, 2)  # the same action called for again by a new move: a new, unticked line
    assert win.table.lines()[-1] == ("Roll one die.", False)


def test_undo_clears_the_dice_tray(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _table_window(qtbot, adjutant_data_dir, "digital")
    fire = next(c for c in win.session.legal_commands() if isinstance(c, Fire))
    win.controller.submit(fire)
    assert win.dice.faces.dice and win.dice.caption.text()
    win.actions_by_name["undo"].trigger()
    assert win.dice.faces.dice == () and win.dice.caption.text() == ""


class _Entry:
    def __init__(self, side: str, instructions: tuple[str, ...]) -> None:
        from app.core.i18n import t

        self.command = type("C", (), {"side": side})()
        self.events = [type("E", (), {"instruction": t(text)})() for text in instructions]


def test_instructions_since_the_last_human_command_include_the_automation_after_it() -> None:
    history = [_Entry("sas", ("old",)), _Entry("sas", ("mark",)), _Entry("axis", ("move", "turn")), _Entry("axis", ())]
    start, lines = since_last_human_command(history, ("sas",))
    assert start == 1 and [line.msg for line in lines] == ["mark", "move", "turn"]
    assert since_last_human_command([], ("sas",)) == (0, [])

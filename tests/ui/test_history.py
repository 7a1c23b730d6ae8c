"""The History dock (issue: a history panel for every system): one line per command under its turn heading, the
side's name and colour, secrets hidden from the other hot-seat player and while the privacy screen is up, a line
opening its events in the log and the board as it was after it; it follows undo and redo, survives save and load
and a language switch, and stays fast over a long game."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.core.saves import load_from_path
from app.core.session import Session
from tests.ui.conftest import shown_window
from tests.ui.fakes import EndTurn, Fire, Move, RedAdvance, make_session

ROOT = Path(__file__).resolve().parents[2]


def _fake_window(qtbot, data_dir, session=None):  # type: ignore[no-untyped-def]
    win = shown_window(qtbot, session or make_session(), data_dir)
    win.controller.step_mode = True  # Red (automated) waits for Continue: the test plays it
    return win


def _play_round(win) -> None:  # type: ignore[no-untyped-def]
    win.controller.submit(Move(side="blue", unit="b1", to=(2, 2)))
    win.controller.submit(EndTurn(side="blue"))
    win.controller.submit(RedAdvance(side="red"))


def _commands(win) -> list[str]:  # type: ignore[no-untyped-def]
    items = [win.history.dock.list.item(i) for i in range(win.history.dock.list.count())]
    return [item.text() for item in items if item.data(Qt.ItemDataRole.UserRole) is not None]


def test_lines_follow_submits_undo_and_redo_under_turn_headings(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _fake_window(qtbot, adjutant_data_dir)
    dock = win.history.dock
    assert dock.texts() == [] and dock.windowTitle() == "History"
    _play_round(win)
    win.controller.submit(EndTurn(side="blue"))
    first = ["Turn 1", "blue: Move to (2, 2)", "blue: End turn", "red: Red advances"]
    assert dock.texts() == [*first, "Turn 2", "blue: End turn"]
    assert win.controller.undo() and win.controller.undo()
    assert dock.texts() == ["Turn 1", "blue: Move to (2, 2)", "blue: End turn"]
    assert win.controller.redo()
    assert dock.texts()[-1] == "red: Red advances"
    swatch = dock.list.item(1).icon().pixmap(12, 12).toImage().pixelColor(6, 6)
    assert swatch.name() == win.scene.theme.side("blue", ("blue", "red")).name()  # the side's colour


def test_a_picked_line_opens_its_events_in_the_log(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """The log shows the picked command's events, the die and its modifier with its rule ID (FAKE-FIRE-2)."""
    win = _fake_window(qtbot, adjutant_data_dir)
    win.controller.submit(Fire(side="blue", unit="b1", at=(5, 3), dice=(3,)))
    win.controller.submit(Move(side="blue", unit="b1", to=(2, 2)))
    win.history.dock.select_entry(0)
    chosen = win.log.tree.selectedItems()
    assert [item.text(0) for item in chosen] == ["b1 fires."]
    children = [(chosen[0].child(i).text(0), chosen[0].child(i).text(1)) for i in range(chosen[0].childCount())]
    assert ("+1  close range", "FAKE-FIRE-2") in children and chosen[0].isExpanded()
    win.history.dock.select_entry(1)
    assert [item.text(0) for item in win.log.tree.selectedItems()] == ["b1 moves to (2, 2)."]


def test_the_board_after_a_past_command_is_read_only_until_back(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _fake_window(qtbot, adjutant_data_dir)
    win.controller.submit(Move(side="blue", unit="b1", to=(2, 2)))
    win.controller.submit(Move(side="blue", unit="b1", to=(3, 3)))
    now = win.scene.counters["b1"].pos()
    win.history.dock.select_entry(0)
    qtbot.mouseClick(win.history.dock.replay_button, Qt.MouseButton.LeftButton)
    assert win.past_banner.isVisible() and "command 1 of 2" in win.past_banner.label.text()
    assert win.scene.counters["b1"].pos() != now and win.controller.frozen
    assert not win.command_bar.isEnabled() and not win.actions_by_name["undo"].isEnabled()
    assert not win.controller.submit(EndTurn(side="blue")) and len(win.session.history) == 2
    assert not win.controller.undo() and len(win.session.history) == 2
    win.history.dock.select_entry(1)  # while looking back, the board follows the line picked
    assert win.scene.counters["b1"].pos() == now and "command 2 of 2" in win.past_banner.label.text()
    win.history.dock.select_entry(0)
    qtbot.mouseClick(win.past_banner.back_button, Qt.MouseButton.LeftButton)
    assert not win.past_banner.isVisible() and not win.controller.frozen
    assert win.scene.counters["b1"].pos() == now and win.command_bar.isEnabled()
    assert win.controller.submit(EndTurn(side="blue"))


def test_the_list_survives_save_and_load_and_a_new_game_starts_empty(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """A reopened game lists every command at once and finds its turn headings in slices between events."""
    win = _fake_window(qtbot, adjutant_data_dir)
    _play_round(win)
    _play_round(win)
    live = win.history.dock.texts()
    path = adjutant_data_dir / "game.json"
    assert win.files.save_to(path)
    win.close()
    reopened = _fake_window(qtbot, adjutant_data_dir, load_from_path(path, {"fake": win.session.system}))
    qtbot.waitUntil(lambda: reopened.history.dock.texts() == live, timeout=3000)
    reopened.close()
    fresh = _fake_window(qtbot, adjutant_data_dir)
    assert fresh.history.dock.texts() == []
    fresh.close()


def _typhoon_window(qtbot, data_dir, mode: str = "digital"):  # type: ignore[no-untyped-def]
    from app.systems.typhoon import SYSTEM
    from tests.systems.typhoon.test_scenarios import bundled

    win = shown_window(qtbot, Session(SYSTEM, bundled("vyazma_gate"), seed=1, mode=mode), data_dir)  # type: ignore[arg-type]
    win.controller.human_sides = lambda: ("axis", "soviet")  # hot-seat: both sides at this keyboard
    win.refresh()
    return win


def _select_until_the_seat_changes(win) -> None:  # type: ignore[no-untyped-def]
    side = win.session.active_side()
    while win.session.active_side() == side:
        legal = [c for c in win.session.legal_commands() if c.kind == "ty.select" and not getattr(c, "hold", False)]
        assert win.controller.submit(legal[0])


def test_ty_cmd_3_hot_seat_hides_the_other_sides_selection(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """TY-CMD-3: the cards a side puts in the cup are read in the history by that side only; while the privacy
    screen is up nobody's are; the other seat reads that a secret choice was made."""
    win = _typhoon_window(qtbot, adjutant_data_dir)
    _select_until_the_seat_changes(win)  # the Axis puts its HQs in the cup
    axis_lines = _commands(win)
    assert win.privacy.isVisible()
    assert set(axis_lines) == {"Axis makes a secret choice."}
    qtbot.mouseClick(win.privacy.reveal_button, Qt.MouseButton.LeftButton)  # the Soviet player sits down
    assert set(_commands(win)) == {"Axis makes a secret choice."}
    _select_until_the_seat_changes(win)  # the Soviet player puts his
    assert win.privacy.isVisible() and "Soviet makes a secret choice." in _commands(win)
    qtbot.mouseClick(win.privacy.reveal_button, Qt.MouseButton.LeftButton)  # the Axis player is back
    lines = _commands(win)
    assert all(line.startswith("Axis: Put ") and line.endswith(" in the cup") for line in lines[: len(axis_lines)])
    assert set(lines[len(axis_lines) :]) == {"Soviet makes a secret choice."}
    win.close()


def test_ty_cmd_3_table_mode_shows_every_selection(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """TY-CMD-3: at the table the players see each other's choices anyway: the history names every card."""
    win = _typhoon_window(qtbot, adjutant_data_dir, mode="table")
    _select_until_the_seat_changes(win)
    assert all(line.startswith("Axis: Put ") for line in _commands(win))
    win.close()


def test_chinese_lines_and_headings(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    """TY-CMD-3: in Chinese the dock, its heading, the side names and the hidden choice read in Chinese."""
    win = _typhoon_window(qtbot, adjutant_data_dir)
    _select_until_the_seat_changes(win)
    win.set_language("zh_CN")
    try:
        dock = win.history.dock
        assert dock.windowTitle() == "历史记录"
        assert "第1回合" in dock.texts()[0].replace(" ", "")
        assert set(_commands(win)) == {"轴心做出了一个秘密选择。"}
        assert dock.replay_button.text() == "显示此命令后的地图"
    finally:
        win.set_language("en")
        win.close()


@pytest.mark.usefixtures("settled_heap")
def test_a_long_game_does_not_slow_a_click(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """2,000 commands: a reopened game lists them at once (headings follow in slices), and one more command
    costs the dock what it cost at the start (lines are added, never rebuilt)."""
    session = make_session()
    for n in range(667):
        session.submit(EndTurn(side="blue"))
        session.submit(RedAdvance(side="red"))
        session.submit(Move(side="blue", unit="b2", to=(1, 2) if n % 2 == 0 else (1, 1)))
    assert len(session.history) >= 2000
    started = time.perf_counter()
    win = _fake_window(qtbot, adjutant_data_dir, session)
    opened = time.perf_counter() - started
    dock = win.history.dock
    assert dock.list.count() >= 2000
    cost = []
    for command in (EndTurn(side="blue"), RedAdvance(side="red")) * 10:
        session.submit(command)
        started = time.perf_counter()
        dock.sync()
        dock.show_view(win.controller.view(), win.history.viewer())
        cost.append(time.perf_counter() - started)
    qtbot.waitUntil(lambda: dock._scan < 0, timeout=10000)
    assert dock.texts().count("Turn 2") == 1
    clicks = []
    for act in (lambda: win.controller.submit(EndTurn(side="blue")), win.controller.undo) * 2:
        started = time.perf_counter()
        assert act()
        clicks.append(time.perf_counter() - started)
    print(
        f"history dock: window over 2,001 commands {opened * 1000:.0f} ms; the dock's share of one more command"
        f" {statistics.median(cost) * 1000:.2f} ms (median); a whole command or undo in the window"
        f" {statistics.median(clicks) * 1000:.0f} ms (median)"
    )
    assert statistics.median(cost) < 0.005 and opened < 3.0  # the median: a collection may land in any one
    assert statistics.median(clicks) < 1.0  # most of a click is the autosave of 2,000 commands
    win.close()


SCENARIOS = {
    "sas": "sas/tutorial_assassination.json",
    "cca": "cca/akragas_clash.json",
    "typhoon": "typhoon/vyazma_gate.json",
    "third_reich": "third_reich/sample_1939.json",
    "lnl": "lnl/skirmish.json",
}


@pytest.mark.parametrize("system_id", sorted(SCENARIOS))
def test_every_system_lists_its_commands_as_the_session_labels_them(qtbot, adjutant_data_dir, system_id) -> None:  # type: ignore[no-untyped-def]
    """Each of the five systems: a reopened game of five commands lists them under the opening turn's heading, each
    line the session's history label as the seat at the keyboard may read it (Session.history_labels)."""
    from app.__main__ import LazySystems
    from app.scenario.catalog import open_session

    session = open_session(ROOT / "scenarios" / SCENARIOS[system_id], LazySystems(), seed=2)
    for _ in range(5):
        session.submit(session.legal_commands()[0])
    win = shown_window(qtbot, session, adjutant_data_dir)
    win.controller.step_mode = True
    dock = win.history.dock
    qtbot.waitUntil(lambda: dock._scan < 0, timeout=5000)
    opening = session.view_at(-1, win.controller.perspective()).phase
    assert opening is not None and dock.texts()[0] == opening.title.render("en")
    labels = [x.render("en") for x in session.history_labels(win.history.viewer())]
    lines = _commands(win)
    assert len(lines) == 5 and all(line.endswith(label) for line, label in zip(lines, labels, strict=True))
    win.close()


def test_a_game_opened_in_chinese_lists_its_history_in_chinese(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    """TY-CMD-3: a window opened in Chinese (the language saved in the preferences) lists a reopened game's
    commands, its own secret choices included, in Chinese from the start."""
    from app.systems.typhoon import SYSTEM
    from app.ui.lang import install_language
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences
    from tests.systems.typhoon.test_scenarios import bundled

    session = Session(SYSTEM, bundled("vyazma_gate"), seed=1)
    session.submit(next(c for c in session.legal_commands() if c.kind == "ty.select"))
    install_language("zh_CN")  # as the app does at start with the saved language
    try:
        win = MainWindow(session, Preferences(language="zh_CN"), adjutant_data_dir)
        qtbot.addWidget(win)
        qtbot.waitUntil(lambda: win.history.dock._scan < 0, timeout=3000)
        texts = win.history.dock.texts()
        assert texts[0].startswith("第1回合") and texts[1].startswith("轴心：") and "放入杯中" in texts[1]
        win.close()
    finally:
        install_language("en")


def test_a_run_of_the_same_command_says_what_each_did(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """Lines that would read alike (SAS's "Next Axis step", one after another) say what each did, their first
    event (the tooltip keeps the command); a line left alone again by an undo reads as before."""
    win = _fake_window(qtbot, adjutant_data_dir)
    win.controller.submit(Move(side="blue", unit="b1", to=(2, 2)))
    assert _commands(win) == ["blue: Move to (2, 2)"]
    win.controller.submit(Move(side="blue", unit="b2", to=(2, 2)))
    assert _commands(win) == ["blue: b1 moves to (2, 2).", "blue: b2 moves to (2, 2)."]
    assert win.history.dock.list.item(2).toolTip() == "blue: Move to (2, 2)\n• b2 moves to (2, 2)."
    win.controller.undo()
    assert _commands(win) == ["blue: Move to (2, 2)"]


def test_the_automated_side_waits_while_the_past_is_shown(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """Red, played by the rules, does not move while a past board is shown; a click on that board gives no order
    and says how to play on; Back to the game lets Red move."""
    win = shown_window(qtbot, make_session(), adjutant_data_dir)
    win.controller.submit(Move(side="blue", unit="b1", to=(2, 2)))
    win.controller.submit(EndTurn(side="blue"))  # Red's automated step comes 10 ms later
    win.history.dock.replay_requested.emit(0)
    qtbot.wait(150)
    assert len(win.session.history) == 2 and win.scene.counters["b1"].pos() == win.scene.centre_of((2, 2))
    point = win.board_view.mapFromScene(win.scene.centre_of((3, 3)))
    qtbot.mouseClick(win.board_view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert "past position" in win.statusBar().currentMessage() and len(win.session.history) == 2
    qtbot.mouseClick(win.past_banner.back_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(win.session.history) == 3, timeout=2000)
    assert win.interaction.click_taker == win.table_sync.take_click
    win.close()


def test_history_viewer_is_the_table_nobody_under_the_screen_or_the_seat() -> None:
    from app.ui.history_dock import NOBODY, history_viewer

    assert history_viewer("table", True, "axis") is None
    assert history_viewer("digital", True, "axis") == NOBODY
    assert history_viewer("digital", False, "soviet") == "soviet"


def test_ty_cmd_3_solo_hides_the_bots_selection_from_the_human_side(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """TY-CMD-3: against the bot, the person's seat reads its own cards and only that the bot chose its own."""
    win = _typhoon_window(qtbot, adjutant_data_dir)
    win.controller.human_sides = lambda: ("axis",)  # the Soviet side is the bot's (played here by the test)
    win.controller.step_mode = True
    _select_until_the_seat_changes(win)
    _select_until_the_seat_changes(win)
    assert not win.privacy.isVisible()
    lines = _commands(win)
    assert any(line.startswith("Axis: Put ") for line in lines) and "Soviet makes a secret choice." in lines
    assert not any(line.startswith("Soviet: Put ") for line in lines)
    win.close()


def test_ty_cmd_1_same_named_cards_name_their_card(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    """TY-CMD-1, TY-CMD-3: the Axis puts both "4 PzG HQ" cards in the cup one after the other; the two alike lines
    keep naming the card and the side (their events, written for every seat, only say that a card was chosen),
    in English and in Chinese, and table mode reads the same."""
    from app.systems.typhoon import SYSTEM
    from tests.systems.typhoon.test_scenarios import bundled

    for mode in ("digital", "table"):
        session = Session(SYSTEM, bundled("typhoon_campaign"), seed=1, mode=mode)
        win = shown_window(qtbot, session, adjutant_data_dir)
        win.controller.human_sides = lambda: ("axis", "soviet")
        win.refresh()
        for card in ("4PzG", "4PzG-2"):
            command = next(c for c in win.session.legal_commands() if c.kind == "ty.select" and c.card == card)
            assert win.controller.submit(command)
        assert _commands(win) == ["Axis: Put 4 PzG HQ in the cup", "Axis: Put 4 PzG HQ in the cup"]
        win.set_language("zh_CN")
        try:
            assert _commands(win) == ["轴心：将第4装甲集群司令部放入杯中", "轴心：将第4装甲集群司令部放入杯中"]
        finally:
            win.set_language("en")
            win.close()


def test_ty_exe_1_a_draw_names_the_card_drawn(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    """TY-EXE-1: the draw's label cannot say which card came out of the cup; its history line names it (the
    draw's first event, Session.command_label), in English and in Chinese."""
    win = _typhoon_window(qtbot, adjutant_data_dir)
    _select_until_the_seat_changes(win)
    _select_until_the_seat_changes(win)
    draw = next(c for c in win.session.legal_commands() if c.kind == "ty.draw")
    assert win.controller.submit(draw)
    index = next(i for i, e in enumerate(win.session.history) if e.command.kind == "ty.draw")
    drawn = win.session.history[index].events[0].text
    assert drawn.render("en").endswith(" is drawn.")
    dock = win.history.dock
    assert dock.line(index) == f"{draw.side.capitalize()}: {drawn.render('en')}"
    assert win.session.command_label(index) == drawn
    win.set_language("zh_CN")
    try:
        assert dock.line(index).endswith("：" + drawn.render("zh_CN")) and drawn.render("zh_CN").startswith("抽到")
    finally:
        win.set_language("en")
        win.close()

"""The plug-in seam, proven by the toy system (tests/toy): one registry line puts it on the start page, where
its scenarios, seats and bot appear like any shipped system's, and a game of it plays in the window with its
bot (docs/adding-a-system.md)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.__main__ import LazySystems
from app.scenario.catalog import bundled
from tests.support import registry_with_toy
from tests.toy import SCENARIOS, Advance


def _entries() -> list[object]:
    return [*bundled(SCENARIOS), *bundled()]


def _select(page, system_id: str) -> None:  # type: ignore[no-untyped-def]
    rows = [page.system_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(page.system_list.count())]
    page.system_list.setCurrentRow(rows.index(system_id))


def test_the_shipped_registry_has_no_toy() -> None:
    assert "toy" not in LazySystems()
    assert "toy" in registry_with_toy() and set(LazySystems()) < set(registry_with_toy())


def test_toy_appears_on_the_start_page_with_its_scenarios_and_bot_seats(qtbot) -> None:  # type: ignore[no-untyped-def]
    """TOY-3: red and blue each take a seat; the toy's bot (HasBot) may take either."""
    from app.ui.start_page import StartPage

    page = StartPage(registry_with_toy(), _entries(), [], None)  # type: ignore[arg-type]
    qtbot.addWidget(page)
    names = [page.system_list.item(i).text() for i in range(page.system_list.count())]
    assert "Toy race" in names and len(names) == len(registry_with_toy())
    _select(page, "toy")
    titles = [page.scenario_list.item(i).text() for i in range(page.scenario_list.count())]
    assert titles == ["Toy race", "Toy race against the bot"]
    assert "12-square track" in page.description.toPlainText()
    assert set(page.seat_combos) == {"red", "blue"}
    page.seat_combos["blue"].setCurrentIndex(1)  # "Bot"
    with qtbot.waitSignal(page.scenario_chosen) as blocker:
        qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    entry, _seed, _mode, bots = blocker.args
    assert (entry.system, entry.id, bots) == ("toy", "toy-race", ("blue",))


def test_toy_solo_seats_one_person_and_the_window_lets_the_bot_play_blue(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """HumanSidesPerScenario: the solo scenario seats red only; blue is the bot's (TOY-2, TOY-3)."""
    from app.ui.app import AppShell, default_bots

    shell = AppShell(registry_with_toy())
    solo = next(e for e in bundled(SCENARIOS) if e.id == "toy-solo")
    window = shell.open_entry(solo, seed=3)
    assert window is not None
    qtbot.addWidget(window)
    session = window.session
    assert default_bots(session.system, session.scenario) == ()  # blue is no seat here: automated, never asked
    assert window.controller.human_sides() == ("red",)
    assert window.controller.submit(Advance(side="red", counter="r1"))
    qtbot.waitUntil(lambda: len(session.commands) == 2 and session.active_side() == "red", timeout=5000)
    assert session.commands[1] == Advance(side="blue", counter="b1")  # the bot's hindmost counter (TOY-1)
    window.close()


def test_a_game_of_the_toy_plays_through_the_session_to_its_end() -> None:
    """TOY-0: bots on both sides play the race out; the result names the winner, and the save replays."""
    from app.ai.agent import Budget
    from app.ai.fuzz import check_replay
    from app.scenario.catalog import open_session
    from tests.toy import TOY_SCENARIO

    systems = registry_with_toy()
    session = open_session(TOY_SCENARIO, systems, seed=11)
    bots = {side: systems["toy"].make_agent(side) for side in ("red", "blue")}
    while (side := session.active_side()) is not None:
        session.submit(bots[side].choose(session.copy_for_search(), side, Budget(1.0)).command)
    outcome = session.outcome()
    assert outcome is not None and outcome.winner in ("red", "blue", None)
    assert outcome.winner is None or session.state.home(outcome.winner) >= session.state.home(
        "blue" if outcome.winner == "red" else "red"
    )
    check_replay(session, systems)

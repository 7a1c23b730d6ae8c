"""Jäger mode in the window: the hunter is a seat — the hunter bot, or a second person at the same screen."""

from __future__ import annotations

from pathlib import Path

from app.scenario.catalog import bundled, open_session
from app.systems.sas import SYSTEM

JAGER = Path(__file__).resolve().parents[2] / "scenarios" / "sas" / "jager_fuel_depot.json"
TUTORIAL = Path(__file__).resolve().parents[2] / "scenarios" / "sas" / "tutorial_assassination.json"


def _window(qtbot, data_dir, bots: tuple[str, ...]):  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = open_session(JAGER, {"sas": SYSTEM}, seed=2)
    win = MainWindow(session, Preferences(), data_dir, agent_for_side=SYSTEM.make_agent, bot_sides=bots)
    win.controller.auto_delay_ms = 1
    qtbot.addWidget(win)
    win.show()
    return win


def test_start_page_seats_the_hunter_on_the_bot_by_default(qtbot) -> None:  # type: ignore[no-untyped-def]
    """SAS-JGR-1: a Jäger mission has two seats; the hunter starts on the bot, the SAS side has no bot."""
    from app.ui.start_page import StartPage

    entries = [e for e in bundled() if e.path in (JAGER, TUTORIAL)]
    page = StartPage({"sas": SYSTEM}, entries, [], None)
    qtbot.addWidget(page)
    shown = page.shown_entries()
    page.scenario_list.setCurrentRow(next(i for i, e in enumerate(shown) if e.path == JAGER))
    assert set(page.seat_combos) == {"sas", "axis"}
    assert page.seat_combos["sas"].count() == 1 and page.bot_sides() == ("axis",)
    page.scenario_list.setCurrentRow(next(i for i, e in enumerate(shown) if e.path == TUTORIAL))
    assert page.seat_combos == {}  # an ordinary mission: the Axis is the rules' job


def test_hunter_bot_places_the_stalkers_and_explains(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """SAS-JGR-2: the bot seat places the 4 stalkers, explaining each choice; then the SAS player acts."""
    win = _window(qtbot, adjutant_data_dir, ("axis",))
    qtbot.waitUntil(lambda: win.session.active_side() == "sas", timeout=20000)
    assert win.session.state.hunter.ready
    assert sum("(bot):" in t for t in win.log.texts()) >= 4
    win.close()


def test_hot_seat_hunter_is_a_person(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """SAS-JGR-1: without a bot seat the hunter's setup waits for a person, and his view shows his hand panel."""
    win = _window(qtbot, adjutant_data_dir, ())
    qtbot.wait(100)
    assert win.controller.human_sides() == ("sas", "axis")
    assert not win.controller.is_automated_turn() and len(win.session.history) == 0
    assert any(p.title.render() == "Hunter" for p in win.controller.view().panels)
    win.close()


def test_default_seats_give_the_hunter_to_the_bot() -> None:
    """SAS-JGR-1: a Jäger game opened without a seat choice (a save, the editor's playtest) has the hunter bot; an
    ordinary mission and hot-seat systems keep their people."""
    from app.systems.cca import SYSTEM as CCA
    from app.ui.app import default_bots

    jager = open_session(JAGER, {"sas": SYSTEM}, seed=1)
    tutorial = open_session(TUTORIAL, {"sas": SYSTEM}, seed=1)
    akragas = open_session(
        Path(__file__).resolve().parents[2] / "scenarios" / "cca" / "akragas_clash.json", {"cca": CCA}, seed=1
    )
    assert default_bots(SYSTEM, jager.scenario) == ("axis",)
    assert default_bots(SYSTEM, tutorial.scenario) == ()
    assert default_bots(CCA, akragas.scenario) == ()

"""Play ▸ Bot seats: a side is handed to the bot in the middle of a game and taken back (play3: watching a whole
game to its end in the window, or letting the bot finish a seat)."""

from __future__ import annotations

from pathlib import Path

from app.scenario.catalog import open_session
from app.systems.typhoon import SYSTEM
from app.ui.app import bot_factory

VYAZMA = Path(__file__).resolve().parents[2] / "scenarios" / "typhoon" / "vyazma_gate.json"
SAMPLE_1939 = Path(__file__).resolve().parents[2] / "scenarios" / "third_reich" / "sample_1939.json"


def _hot_seat(qtbot, data_dir):  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = open_session(VYAZMA, {"typhoon": SYSTEM}, seed=5)
    win = MainWindow(session, Preferences(), data_dir, agent_for_side=bot_factory(SYSTEM))
    win.controller.auto_delay_ms = 1
    qtbot.addWidget(win)
    win.show()
    return win


def test_bot_seats_menu_names_every_side_and_starts_unticked_in_hot_seat(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _hot_seat(qtbot, adjutant_data_dir)
    actions = win.bot_seats.side_actions
    assert [a.text() for a in actions.values()] == ["The bot plays Axis", "The bot plays Soviet"]
    assert not any(a.isChecked() for a in actions.values()) and win.bot_seats.isEnabled()
    qtbot.wait(50)
    assert len(win.session.history) == 0, "hot-seat: nobody plays for the people"
    win.close()


def test_ticking_both_seats_lets_the_bots_play_on_and_unticking_stops_them(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    win = _hot_seat(qtbot, adjutant_data_dir)
    session = win.session
    for action in win.bot_seats.side_actions.values():
        action.setChecked(True)
    assert win.controller.bot_sides == {"axis", "soviet"} and win.phase.seats.text() == "The bots play"
    qtbot.waitUntil(lambda: len(session.history) >= 6, timeout=20000)
    assert any("(bot):" in text for text in win.log.texts())
    for action in win.bot_seats.side_actions.values():
        action.setChecked(False)
    assert win.controller.bot_sides == frozenset() and win.phase.seats.text().startswith("Hot-seat")
    qtbot.wait(100)
    played = len(session.history)
    qtbot.wait(300)
    assert len(session.history) == played, "the people have their seats back: the game waits for them"
    win.close()


def _seat_labels(page) -> list[str]:  # type: ignore[no-untyped-def]
    return [page.seats.itemAtPosition(row, 0).widget().text() for row in range(len(page.seat_combos))]


def test_start_page_labels_the_seats_with_the_side_names_in_both_languages(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Seats read "Axis"/"Soviet" (not the ids "axis"/"soviet", nor a Third Reich card's name picked up from the
    file's card list) and are Chinese in the Chinese start page."""
    from app.scenario.catalog import read_entry
    from app.systems.third_reich import SYSTEM as REICH
    from app.ui.start_page import StartPage

    for systems, path, english, chinese in (
        ({"typhoon": SYSTEM}, VYAZMA, ["Axis", "Soviet"], ["轴心", "苏军"]),
        ({"third_reich": REICH}, SAMPLE_1939, ["Axis", "Allies"], ["轴心", "同盟军"]),
    ):
        for lang, expected in (("en", english), ("zh_CN", chinese)):
            page = StartPage(systems, [read_entry(path)], [], None, lang=lang)
            qtbot.addWidget(page)
            assert _seat_labels(page) == expected


def test_every_system_names_its_sides_as_its_views_do() -> None:
    """``SystemInfo.side_names`` (read before a game is loaded) agree with the names every view gives."""
    from app.__main__ import LazySystems
    from app.scenario.catalog import bundled

    systems = LazySystems()
    for entry in bundled():
        system = systems[entry.system]
        if system.info.side_names and entry.path.name in {"vyazma_gate.json", "sample_1939.json", "raid_chateau.json"}:
            view = open_session(entry.path, systems).view(None)
            assert {s: n.render("zh_CN") for s, n in system.info.side_names.items()} == {
                s: n.render("zh_CN") for s, n in view.side_names.items()
            }

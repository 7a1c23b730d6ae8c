"""No internal id or enum value shown, correct singulars (issue 15, points 5 and 8): the inspector names the
side, the facing and the states in words; the dice tray asks for "1 die" and "a number"."""

from __future__ import annotations

from pathlib import Path

from app.core.dice import NeedInput
from app.core.i18n import t
from app.ui.dice_tray import DiceTray
from app.ui.panels import facing_name, flag_name

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_inspector_shows_side_name_and_words_not_ids(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.__main__ import LazySystems
    from app.scenario.catalog import open_session
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = open_session(SCENARIOS / "cca" / "granicus_crossing.json", LazySystems())
    win = MainWindow(session, Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    counter = next(c for c in win.controller.view().counters if c.side in ("bottom", "top"))
    win.interaction.select(counter.id)
    top = win.inspector.tree.topLevelItem(0)
    rows = {top.child(i).text(0): top.child(i).text(1) for i in range(top.childCount())}
    assert rows["Side"] == win.controller.view().side_names[counter.side].render("en")
    assert rows["Side"] not in ("bottom", "top") and "Type" not in rows
    win.close()


def test_facings_and_states_in_words() -> None:
    assert facing_name("NE") == "north-east" and facing_name("3") == "3"
    assert flag_name("cigarette") == "smoking" and flag_name("rear_los") == ""
    assert flag_name("some_new_state") == "some new state"


def test_singular_dice_prompts(qtbot) -> None:  # type: ignore[no-untyped-def]
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.ask(NeedInput("dice", 1, 6, t("fire"), faces=("green circle", "flag")), "en")
    assert tray.prompt.text().startswith("Roll 1 die for: fire")
    tray._on_submit_button_clicked()
    assert tray.error.text() == "Click 1 symbol."
    tray.ask(NeedInput("dice", 1, 6, t("fire")), "en")
    tray.entry.setText("9")
    tray._on_submit_button_clicked()
    assert tray.error.text() == "Type a number from 1 to 6."

"""The inspector's labels are readable (play3: "Large-city hexes …", "Available reinforcem…" were cut at 150 px, and
at 1024 pixels the values were cut instead)."""

from __future__ import annotations

import pytest

from app.scenario.catalog import open_session
from app.systems.typhoon import SYSTEM
from tests.ui.test_bot_seats import VYAZMA
from tests.ui.test_cca_bot import AKRAGAS


def test_long_labels_widen_their_column_and_show_in_full_on_hover(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    win = MainWindow(open_session(VYAZMA, {"typhoon": SYSTEM}), Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.resize(1500, 950)
    win.show()
    qtbot.waitExposed(win)
    win.refresh()
    tree = win.inspector.tree
    labels = [tree.topLevelItem(i).child(j) for i in range(tree.topLevelItemCount()) for j in range(3)]
    victory = [item for item in labels if item is not None and item.text(0).startswith("Large-city hexes")]
    assert victory and victory[0].toolTip(0) == victory[0].text(0)
    labels = tree.header().sectionSize(0)
    assert labels >= min(tree.sizeHintForColumn(0), tree.viewport().width() // 2), "the labels get the room left"
    win.close()


def _counter_rows(win, counter_id: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The inspector's rows of a selected counter (its section comes first)."""
    win.interaction.select(counter_id)
    win.refresh()
    top = win.inspector.tree.topLevelItem(0)
    return [(top.child(j).text(0), top.child(j).text(1)) for j in range(top.childCount())]


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_cca_a_units_blocks_show_once(qtbot, adjutant_data_dir, compiled_translations, lang) -> None:  # type: ignore[no-untyped-def]
    """C&C: a unit's strength is its blocks; the inspector shows them once ("Blocks 4/4", 方块数), not a second
    time as "Strength" (强度), in English and in Chinese."""
    from app.systems.cca import SYSTEM as CCA
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    del compiled_translations
    session = open_session(AKRAGAS, {"cca": CCA}, seed=3)
    win = MainWindow(session, Preferences(language=lang), adjutant_data_dir)
    qtbot.addWidget(win)
    win.show()
    unit = next(c for c in win.controller.view().counters if c.strength)
    rows = _counter_rows(win, unit.id)
    names = [name for name, _ in rows]
    blocks, strength = ("Blocks", "Strength") if lang == "en" else ("方块数", "强度")
    assert blocks in names and strength not in names, rows
    assert dict(rows)[blocks].startswith(f"{unit.strength}/")
    assert len(names) == len(set(names))
    win.close()

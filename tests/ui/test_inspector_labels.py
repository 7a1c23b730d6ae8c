"""The inspector's labels are readable (play3: "Large-city hexes …", "Available reinforcem…" were cut at 150 px, and
at 1024 pixels the values were cut instead)."""

from __future__ import annotations

from app.scenario.catalog import open_session
from app.systems.typhoon import SYSTEM
from tests.ui.test_bot_seats import VYAZMA


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

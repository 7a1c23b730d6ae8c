"""A table-mode Commands & Colors battle: the dice tray asks for battle-dice symbols, not numbers."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.core.session import Session
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from tests.systems.cca.helpers import hx, position, scenario

UNITS = [("bottom", "MI", "0606"), ("top", "MI", "0605")]


def _session() -> Session:
    session = Session(SYSTEM, scenario(UNITS), seed=1, mode="table")
    session.initial = position(UNITS, ordered=("b1",))
    return session


def test_table_mode_battle_asks_for_symbols(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = _session()
    win = MainWindow(session, Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.show()
    win.controller.submit(m.Battle(side="bottom", unit="b1", target=hx(session.state, "0605")))
    tray = win.dice
    assert tray.need is not None and tray.need.count == 4
    assert not tray.entry.isVisible()
    labels = [b.text() for b in tray.face_buttons]
    assert labels == ["green circle", "blue triangle", "red square", "helmet", "flag", "crossed swords"]
    for name in ("blue triangle", "blue triangle", "crossed swords"):
        qtbot.mouseClick(tray.face_buttons[labels.index(name)], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tray.submit_button, Qt.MouseButton.LeftButton)
    assert session.commands == [] and tray.error.text()  # 3 of 4 symbols: refused
    qtbot.mouseClick(tray.face_buttons[labels.index("flag")], Qt.MouseButton.LeftButton)
    assert "crossed swords" in tray.chosen.text()
    qtbot.mouseClick(tray.submit_button, Qt.MouseButton.LeftButton)
    assert session.commands[-1].dice == (2, 2, 6, 5)
    defender = session.state.unit("t1")
    assert defender is not None and defender.blocks == 1  # 2 blue triangles and swords: 3 hits
    assert not tray.face_buttons
    win.close()


def test_face_buttons_are_translated(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = _session()
    win = MainWindow(session, Preferences(language="zh_CN"), adjutant_data_dir)
    qtbot.addWidget(win)
    win.controller.submit(m.Battle(side="bottom", unit="b1", target=hx(session.state, "0605")))
    assert [b.text() for b in win.dice.face_buttons][:3] == ["绿圆", "蓝三角", "红方块"]
    win.close()

"""Shaping a Typhoon move's path in the window (``HasWaypoints``, app/ui/waypoints.py): while a counter is dragged,
a pause or Shift over a hex makes it a waypoint, Backspace takes it back, the path is drawn with its cost, and the
drop submits the move along it; a path the rules refuse is refused with the reason and its rule ID (TY-MOV-2,
TY-MOV-4, TY-MOV-13, TY-CITY-2)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsPathItem

from app.systems.typhoon import messages as m
from app.ui.waypoints import PAUSE_MS
from tests.systems.typhoon.helpers import hx, state
from tests.systems.typhoon.test_audit2 import path_session
from tests.ui.conftest import shown_window


def _window(qtbot, data_dir):  # type: ignore[no-untyped-def]
    win = shown_window(qtbot, path_session(), data_dir)
    win.controller.human_sides = lambda: ("axis", "soviet")  # hot-seat: no bot plays the Soviets
    win.refresh()
    return win


def _at(win, label: str) -> QPoint:  # type: ignore[no-untyped-def]
    return win.board_view.mapFromScene(win.scene.centre_of(hx(win.session, label)))


def _move(win, pos: QPoint, shift: bool = False) -> None:  # type: ignore[no-untyped-def]
    """A mouse move over the board with the left button held (and Shift, if asked)."""
    vp = win.board_view.viewport()
    keys = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(pos),
        QPointF(vp.mapToGlobal(pos)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.LeftButton,
        keys,
    )
    QApplication.sendEvent(vp, event)


def _start_drag(win, qtbot) -> QPoint:  # type: ignore[no-untyped-def]
    start = win.board_view.mapFromScene(win.scene.counters["inf"].pos())
    qtbot.mousePress(win.board_view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    _move(win, start + QPoint(6, 6))
    return start


def _drop(win, qtbot, label: str) -> None:  # type: ignore[no-untyped-def]
    _move(win, _at(win, label))
    qtbot.mouseRelease(win.board_view.viewport(), Qt.MouseButton.LeftButton, pos=_at(win, label))


def test_ty_mov_13_pause_and_shift_route_the_move_through_the_town(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """TY-MOV-2, TY-MOV-13, TY-CITY-2: a pause on 0303 and Shift on 0403 make them waypoints; the path to 0503 is
    drawn through them with its cost (3 MP), and the drop moves along it: 0403 passes to the Axis, 0402 (on the
    cheapest way) stays Soviet."""
    win = _window(qtbot, adjutant_data_dir)
    tool = win.waypoints
    assert tool.available and tool.hint.isVisible() and "Shift" in tool.hint.text()
    _start_drag(win, qtbot)
    assert win.interaction.selection == ("inf",), "a dragged counter is selected: its targets light up"
    assert hx(win.session, "0503") in win.scene.layers["targets"].fills
    _move(win, _at(win, "0303"))
    qtbot.waitUntil(lambda: tool.waypoints == [hx(win.session, "0303")], timeout=PAUSE_MS * 4)
    _move(win, _at(win, "0403"), shift=True)
    _move(win, _at(win, "0503"))
    assert tool.waypoints == [hx(win.session, "0303"), hx(win.session, "0403")]
    assert tool.preview is not None and tool.preview.refusal is None and tool.preview.cost == "3 MP"
    assert [win.session.state.runtime.label(h) for h in tool.preview.path] == ["0303", "0403", "0503"]
    assert win.statusBar().currentMessage() == "Along your waypoints: 0303, 0403, 0503 (3 MP); drop to move"
    drawn = [i for i in win.scene.items() if isinstance(i, QGraphicsPathItem) and i.zValue() >= 95]
    assert drawn, "the path is drawn above the counters"
    _drop(win, qtbot, "0503")
    move = win.session.commands[-1]
    assert isinstance(move, m.MoveUnit) and move.to == hx(win.session, "0503")
    assert tuple(move.path) == tuple(hx(win.session, x) for x in ("0303", "0403", "0503"))
    assert state(win.session).controller(hx(win.session, "0403")) == "axis"
    assert state(win.session).controller(hx(win.session, "0402")) == "soviet"
    assert tool.waypoints == [] and tool.preview is None


def test_backspace_takes_the_last_waypoint_back(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """TY-MOV-2: Backspace while dragging removes the last waypoint; without waypoints the drop is an ordinary move
    along the cheapest way."""
    win = _window(qtbot, adjutant_data_dir)
    _start_drag(win, qtbot)
    _move(win, _at(win, "0403"), shift=True)
    assert win.waypoints.waypoints == [hx(win.session, "0403")]
    qtbot.keyClick(win.board_view, Qt.Key.Key_Backspace)
    assert win.waypoints.waypoints == []
    _drop(win, qtbot, "0503")
    move = win.session.commands[-1]
    assert isinstance(move, m.MoveUnit) and move.path == () and move.to == hx(win.session, "0503")
    assert state(win.session).controller(hx(win.session, "0402")) == "axis"


def test_ty_mov_4_a_detour_beyond_the_ma_is_refused_with_its_rule(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    """TY-MOV-4: a detour through 0301 and 0601 costs 6 MP, more than the MA of 5: the path is drawn in red, and the
    drop is refused with the reason and the rule ID; the counter goes back to its hex."""
    win = _window(qtbot, adjutant_data_dir)
    item = win.scene.counters["inf"]
    before = item.pos()
    _start_drag(win, qtbot)
    _move(win, _at(win, "0301"), shift=True)
    _move(win, _at(win, "0601"), shift=True)
    _move(win, _at(win, "0503"))
    preview = win.waypoints.preview
    assert preview is not None and preview.rule_id == "TY-MOV-4" and preview.cost == "6 MP"
    _drop(win, qtbot, "0503")
    assert not [c for c in win.session.commands if isinstance(c, m.MoveUnit)]
    assert "more than the unit's 5 MP" in win.statusBar().currentMessage()
    assert "TY-MOV-4" in win.statusBar().currentMessage()
    assert item.pos() == before

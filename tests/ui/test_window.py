"""The play window driven like a player would: clicks, drags, wheel, keys (offscreen)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from tests.ui.fakes import Fire, Move


def _view_point(win, loc) -> QPoint:  # type: ignore[no-untyped-def]
    scene_pt = win.scene.centre_of(loc)
    return win.board_view.mapFromScene(scene_pt)


def _corner_point(win, loc) -> QPoint:  # type: ignore[no-untyped-def]
    """A point inside the location but off its counters (the top-left corner area)."""
    cell = win.scene.geo.by_loc[loc]
    return win.board_view.mapFromScene(cell.rect.topLeft() + QPointF(0.06, 0.06))


def test_click_highlighted_target_submits_and_logs(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window
    qtbot.mouseClick(win.board_view.viewport(), Qt.MouseButton.LeftButton, pos=_view_point(win, (1, 1)))
    assert win.interaction.selected in ("b1", "b2")
    assert (0, 0) in win.scene.layers["targets"].fills
    qtbot.mouseClick(win.board_view.viewport(), Qt.MouseButton.LeftButton, pos=_corner_point(win, (0, 0)))
    assert isinstance(win.session.commands[-1], Move)
    assert win.session.commands[-1].to == (0, 0)
    assert any("moves to (0, 0)" in line for line in win.log.texts())


def test_command_bar_fire_shows_ruling_and_undo_redo(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window
    win.interaction.select("b1")
    fire = next(b for b, c, _ in win.command_bar.buttons if isinstance(c, Fire))
    qtbot.mouseClick(fire, Qt.MouseButton.LeftButton)
    assert len(win.session.commands) == 1
    item = win.log.tree.topLevelItem(0)
    children = [item.child(i).text(0) for i in range(item.childCount())]
    assert any(text.startswith("Dice:") for text in children)
    assert any("close range" in text for text in children)
    assert win.dice.faces.dice
    win.actions_by_name["undo"].trigger()
    assert win.session.commands == [] and win.log.tree.topLevelItemCount() == 0
    win.actions_by_name["redo"].trigger()
    assert len(win.session.commands) == 1 and win.log.tree.topLevelItemCount() == 1


def test_automation_plays_the_single_legal_command(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window
    end = next(b for b, c, _ in win.command_bar.buttons if c.kind == "end_turn")
    qtbot.mouseClick(end, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.session.active_side() == "blue" and len(win.session.commands) == 2, timeout=3000)
    assert win.session.commands[-1].kind == "red_advance"


def test_illegal_drag_snaps_back_with_reason(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window
    item = win.scene.counters["b2"]
    before = item.pos()
    start = win.board_view.mapFromScene(item.pos())
    end = _view_point(win, (6, 5))
    vp = win.board_view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for k in range(1, 6):
        qtbot.mouseMove(vp, start + (end - start) * (k / 5))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    assert win.session.commands == []
    assert item.pos() == before
    assert "cannot go to G6" in win.statusBar().currentMessage()
    assert win.toast.isVisible()


def test_legal_drag_submits_move(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window
    item = win.scene.counters["b2"]
    start = win.board_view.mapFromScene(item.pos())
    end = _view_point(win, (2, 1))
    vp = win.board_view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for k in range(1, 6):
        qtbot.mouseMove(vp, start + (end - start) * (k / 5))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    assert win.session.commands[-1] == Move(side="blue", unit="b2", to=(2, 1))


def test_wheel_zoom_keeps_point_under_cursor(window) -> None:  # type: ignore[no-untyped-def]
    view = window.board_view
    view.zoom_by(3.0)
    pos = QPoint(300, 250)
    before = view.mapToScene(pos)
    event = QWheelEvent(
        QPointF(pos),
        QPointF(view.viewport().mapToGlobal(pos)),
        QPoint(0, 0),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    zoom = view.zoom
    QApplication.sendEvent(view.viewport(), event)
    assert view.zoom > zoom * 1.2
    after = view.mapToScene(pos)
    assert abs(after.x() - before.x()) < 2 / view.zoom and abs(after.y() - before.y()) < 2 / view.zoom


def test_fit_and_minimap_recentre(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = window.board_view
    view.zoom_by(4.0)
    window.actions_by_name["fit"].trigger()
    visible = view.visible_scene_rect()
    assert visible.contains(window.scene.geo.bounds().adjusted(0.05, 0.05, -0.05, -0.05))
    view.zoom_by(4.0)
    target = window.scene.centre_of((7, 5))
    qtbot.mouseClick(window.minimap.viewport(), Qt.MouseButton.LeftButton, pos=window.minimap.mapFromScene(target))
    centre = view.mapToScene(view.viewport().rect().center())
    assert abs(centre.x() - target.x()) < 0.6 and abs(centre.y() - target.y()) < 0.6


def test_hover_describes_location(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window
    qtbot.mouseMove(win.board_view.viewport(), _corner_point(win, (4, 3)))
    text = win.hover_label.text()
    assert "E4" in text and "vision: half" in text and "hedge in the way" in text


def test_language_switch_changes_menu_title(window, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    win = window
    assert win.menus["game"].title() == "&Game"
    win.actions_by_name["lang_zh_CN"].trigger()
    assert win.menus["game"].title() == "游戏(&G)"
    assert win.log.windowTitle() == "日志"
    win.actions_by_name["lang_en"].trigger()
    assert win.menus["game"].title() == "&Game"


def test_first_frame_at_a_new_zoom_paints_directly_then_tiles_fill(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A zoom step paints the board once directly; the tile cache fills when the view rests (DESIGN §10)."""
    view, board = window.board_view, window.scene.board_item
    view.zoom_by(1.7)
    board.invalidate_tiles()
    first = view.viewport().grab().toImage()
    assert len(board._tiles) == 0  # the frame was painted without rendering any tile
    qtbot.waitUntil(lambda: len(board._tiles) > 0, timeout=2000)  # the idle fill rendered them
    second = view.viewport().grab().toImage()
    points = [(x, y) for x in range(0, first.width(), 3) for y in range(0, first.height(), 3)]
    far = [p for p in points if _colour_distance(first.pixelColor(*p), second.pixelColor(*p)) > 60]
    assert len(far) < 0.002 * len(points)  # the same board, up to anti-aliasing of text and seams


def _colour_distance(a, b) -> int:  # type: ignore[no-untyped-def]
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue()))

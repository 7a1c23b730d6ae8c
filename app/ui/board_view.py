"""BoardView (zoom around the cursor, drag to pan, shift/ctrl-drag a box to select, counter drag and drop, hover,
right-drag a line of sight) and the Minimap."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen, QTransform, QWheelEvent
from PySide6.QtWidgets import QApplication, QFrame, QGraphicsView, QRubberBand, QWidget

from app.ui.board_scene import BoardScene
from app.ui.counters import DRAGGED_Z, CounterItem

MAX_PIXELS_PER_UNIT = 400.0
MIN_CELL_PIXELS = 34.0  # at the default zoom a square or hex is at least this big: counters and labels stay legible
BOX_KEYS = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier  # drag a selection box


class BoardView(QGraphicsView):
    """The main board view. Emits intents; the window turns them into commands."""

    location_hovered = Signal(object)
    location_clicked = Signal(object, object)  # location (or None), counter id under the cursor (or None)
    context_requested = Signal(object, object, QPoint)  # right click: location, counter id (or None), global point
    counter_dropped = Signal(str, object)  # counter id, location (or None when off the board)
    box_selected = Signal(object)  # ids of the counters inside a shift/ctrl-dragged box
    viewport_changed = Signal()
    sight_dragged = Signal(object, object, object, bool)  # origin, counter id there (or None), target, released
    counter_dragged = Signal(str, object, bool)  # while dragging: counter id, location under it (or None), Shift held
    drag_key_pressed = Signal(int)  # a key pressed while a counter is dragged (Qt.Key value)

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.reserved_right = 0  # pixels covered by an overlay in the top-right corner (the minimap) ...
        self.reserved_top = 0  # ... its width and height
        self.fitted = False  # showing the whole board: stays so when the window or the overlay changes size
        self.default_focus: QPointF | None = None  # showing the default view (show_default): kept on a resize
        self.in_default = False
        self.board_scene = scene
        self.click_modifiers = Qt.KeyboardModifier.NoModifier  # of the last click
        self._band: QRubberBand | None = None
        self._press_modifiers = Qt.KeyboardModifier.NoModifier
        self._move_modifiers = Qt.KeyboardModifier.NoModifier
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setOptimizationFlags(
            QGraphicsView.OptimizationFlag.DontSavePainterState
            | QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self._press: tuple[Qt.MouseButton, QPoint, CounterItem | None] | None = None
        self._mode = ""  # "", "pan", "drag"
        self._last = QPoint()
        self._grab = QPointF()
        self._hover_loc: Any = None
        self.horizontalScrollBar().valueChanged.connect(self.viewport_changed)
        self.verticalScrollBar().valueChanged.connect(self.viewport_changed)

    # --- zoom ---------------------------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        """Pixels per board unit."""
        return self.transform().m11()

    def zoom_by(self, factor: float, at: QPoint | None = None) -> None:
        """Zoom by ``factor`` keeping the scene point under ``at`` (default: the centre) fixed."""
        pos = at if at is not None else self.viewport().rect().center()
        low = self._fit_scale() * 0.4
        target = min(max(self.zoom * factor, low), MAX_PIXELS_PER_UNIT)
        factor = target / self.zoom
        if abs(factor - 1.0) < 1e-6:
            return
        self.fitted = self.in_default = False
        before = self.mapToScene(pos)
        self.scale(factor, factor)
        delta = self.mapFromScene(before) - pos
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())
        self.viewport_changed.emit()

    def _board_rect(self) -> QRectF:
        geo = self.board_scene.geo
        return geo.bounds() if geo is not None else self.sceneRect()

    def _fit_scale(self) -> float:
        rect = self._board_rect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.isEmpty():
            return 1.0
        return min(view.width() / rect.width(), view.height() / rect.height())

    def fit(self) -> None:
        """Show the whole board as large as possible while keeping clear of the minimap overlay (the Fit action).

        The overlay sits in the top-right corner; the board goes either left of it or below it, whichever
        leaves it bigger (a tall SAS board goes left, a wide hex map goes below).
        """
        rect = self._board_rect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.isEmpty():
            return
        w, h = self.reserved_right, self.reserved_top
        beside = min(max(view.width() - w, view.width() / 2) / rect.width(), view.height() / rect.height())
        below = min(view.width() / rect.width(), max(view.height() - h, view.height() / 2) / rect.height())
        scale = 0.98 * max(beside, below)
        self.setTransform(QTransform.fromScale(scale, scale))
        # centre the board in the free part: shift the view's centre by half the reserved strip
        shift = QPointF(w / 2 / scale, 0) if beside >= below else QPointF(0, -h / 2 / scale)
        self.centerOn(rect.center() + shift)
        self.fitted, self.in_default = True, False
        self.viewport_changed.emit()

    def cell_pixels(self) -> float:
        """How many screen pixels a square or hex spans at the current zoom."""
        geo = self.board_scene.geo
        return (geo.cell_size if geo is not None else 1.0) * self.zoom

    def show_default(self, focus: QPointF | None = None) -> None:
        """The view a game opens with: the whole board, unless its squares would be smaller than
        :data:`MIN_CELL_PIXELS`; then that minimum size, centred on ``focus`` (the counters to act with)."""
        self.fit()
        self.in_default, self.default_focus = True, focus
        small = self.cell_pixels()
        if small <= 0 or small >= MIN_CELL_PIXELS:
            return
        factor = MIN_CELL_PIXELS / small
        self.scale(factor, factor)
        self.fitted = False
        self.centerOn(self._clamped(focus if focus is not None else self._board_rect().center()))
        self.viewport_changed.emit()

    def _clamped(self, centre: QPointF) -> QPointF:
        """``centre`` moved so that the view shows no empty space beside a board bigger than the view."""
        board, seen = self._board_rect(), self.visible_scene_rect()
        half_w, half_h = seen.width() / 2, seen.height() / 2
        x = (
            min(max(centre.x(), board.left() + half_w), board.right() - half_w)
            if board.width() > seen.width()
            else board.center().x()
        )
        y = (
            min(max(centre.y(), board.top() + half_h), board.bottom() - half_h)
            if board.height() > seen.height()
            else board.center().y()
        )
        return QPointF(x, y)

    def recentre(self, point: QPointF) -> None:
        """Centre the view on ``point`` (a click on the minimap), keeping the zoom."""
        self.fitted = self.in_default = False
        self.centerOn(point)

    def shows_whole_board(self) -> bool:
        """Whether the whole board is in view (a minimap would show nothing more)."""
        return self.visible_scene_rect().adjusted(-1, -1, 1, 1).contains(self._board_rect())

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self.zoom_by(1.0015**delta, event.position().toPoint())
        event.accept()

    # --- mouse --------------------------------------------------------------------------------------
    def counter_at(self, pos: QPoint) -> CounterItem | None:
        """The topmost counter under a viewport point."""
        for item in self.items(pos):
            if isinstance(item, CounterItem):
                return item
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        if button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton):
            super().mousePressEvent(event)
            return
        pos = event.position().toPoint()
        self._press_modifiers = event.modifiers()
        item = self.counter_at(pos) if button != Qt.MouseButton.MiddleButton else None
        self._press, self._mode, self._last = (button, pos, item), "", pos
        if item is not None:
            self._grab = self.mapToScene(pos) - item.pos()
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        self._move_modifiers = event.modifiers()
        if self._press is not None:
            self._drag_or_pan(pos)
        self._hover(pos)
        self._last = pos
        event.accept()

    def _drag_or_pan(self, pos: QPoint) -> None:
        button, start, item = self._press  # type: ignore[misc]
        if button == Qt.MouseButton.RightButton:
            self._drag_sight(start, item, pos, released=False)
            return
        if not self._mode and (pos - start).manhattanLength() >= QApplication.startDragDistance():
            draggable = item is not None and item.view.selectable and button == Qt.MouseButton.LeftButton
            boxing = item is None and button == Qt.MouseButton.LeftButton and bool(self._press_modifiers & BOX_KEYS)
            self._mode = "drag" if draggable else "box" if boxing else "pan"
            if draggable:
                item.setZValue(DRAGGED_Z)  # type: ignore[union-attr]
        if self._mode == "box":
            self._band = self._band or QRubberBand(QRubberBand.Shape.Rectangle, self.viewport())
            self._band.setGeometry(QRect(start, pos).normalized())
            self._band.show()
        elif self._mode == "pan":
            self.fitted = self.in_default = False
            delta = pos - self._last
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
        elif self._mode == "drag" and item is not None:
            item.setPos(self.mapToScene(pos) - self._grab)
            shift = bool(self._move_modifiers & Qt.KeyboardModifier.ShiftModifier)
            self.counter_dragged.emit(item.counter_id, self.board_scene.location_at(self.mapToScene(pos)), shift)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is None:
            super().mouseReleaseEvent(event)
            return
        _button, _start, item = self._press
        pos = event.position().toPoint()
        if _button == Qt.MouseButton.RightButton:
            self._drag_sight(_start, item, pos, released=True)
        mode, self._press, self._mode = self._mode, None, ""
        self.click_modifiers = event.modifiers()  # shift/ctrl-click adds to the selection
        loc = self.board_scene.location_at(self.mapToScene(pos))
        if mode == "drag" and item is not None:
            self.counter_dropped.emit(item.counter_id, loc)
        elif mode == "box":
            self.box_selected.emit(self._boxed(QRect(_start, pos).normalized()))
        elif not mode and _button == Qt.MouseButton.RightButton:  # a right click (no drag): the context menu
            self.context_requested.emit(
                loc, item.counter_id if item is not None else None, event.globalPosition().toPoint()
            )
        elif not mode:
            self.location_clicked.emit(loc, item.counter_id if item is not None else None)
        event.accept()

    def dragging(self) -> bool:
        """Whether a counter is being dragged now."""
        return self._mode == "drag"

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._mode == "drag":  # waypoint keys while dragging a counter (app.ui.waypoints)
            self.drag_key_pressed.emit(event.key())
            event.accept()
            return
        super().keyPressEvent(event)

    def _drag_sight(self, start: QPoint, item: CounterItem | None, pos: QPoint, *, released: bool) -> None:
        """A right-button drag traces a line of sight from the pressed location (and counter) to the cursor."""
        if not self._mode and (pos - start).manhattanLength() < QApplication.startDragDistance():
            return
        self._mode = "sight"
        origin = item.view.loc if item is not None else self.board_scene.location_at(self.mapToScene(start))
        target = self.board_scene.location_at(self.mapToScene(pos))
        if origin is not None:
            self.sight_dragged.emit(origin, item.counter_id if item is not None else None, target, released)

    def _boxed(self, box: QRect) -> list[str]:
        """Ids of the counters whose centre lies inside a viewport box (and hide the band)."""
        if self._band is not None:
            self._band.hide()
        area = self.mapToScene(box).boundingRect()
        inside = (i for i in self.items(box) if isinstance(i, CounterItem))
        return sorted({i.counter_id for i in inside if area.contains(i.sceneBoundingRect().center())})

    def _hover(self, pos: QPoint) -> None:
        scene = self.board_scene
        loc = scene.location_at(self.mapToScene(pos))
        over = self.counter_at(pos)
        if self._mode != "drag":
            if over is not None and scene.fanned is not None and over in scene.stack_at(scene.fanned):
                pass  # keep the fan open while the cursor is on one of its counters
            else:
                scene.fan(loc)
        if loc != self._hover_loc:
            self._hover_loc = loc
            self.location_hovered.emit(loc)

    def leaveEvent(self, event: Any) -> None:
        self.board_scene.fan(None)
        self._hover_loc = None
        self.location_hovered.emit(None)
        super().leaveEvent(event)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self.in_default:
            self.show_default(self.default_focus)
        elif self.fitted:
            self.fit()
        else:
            self.viewport_changed.emit()

    def set_reserved_corner(self, width: int, height: int) -> None:
        """Keep a ``width`` × ``height`` top-right corner free when fitting (an overlay lies there)."""
        if (width, height) != (self.reserved_right, self.reserved_top):
            self.reserved_right, self.reserved_top = width, height
            if self.fitted:
                self.fit()

    def visible_scene_rect(self) -> QRectF:
        """The part of the scene shown in the viewport."""
        return self.mapToScene(self.viewport().rect()).boundingRect()


class Minimap(QGraphicsView):
    """A small view of the whole board showing the main view's rectangle; click or drag to re-centre."""

    recentre_requested = Signal(QPointF)

    def __init__(self, main: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(main.scene(), parent)
        self.main = main
        self.setInteractive(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setFixedSize(220, 160)
        self.setFrameShape(QFrame.Shape.Box)
        main.viewport_changed.connect(self._on_main_viewport_changed)
        self.recentre_requested.connect(main.recentre)

    def _on_main_viewport_changed(self) -> None:
        self.viewport().update()

    def refit(self) -> None:
        """Fit the whole board."""
        self.fitInView(self.main._board_rect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.refit()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self.refit()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        visible = self.main.visible_scene_rect()
        pen = QPen(QColor("#ffd400"), 2)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(QColor(255, 212, 0, 40))
        painter.drawRect(visible)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.recentre_requested.emit(self.mapToScene(event.position().toPoint()))
        self.main.viewport_changed.emit()
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.mousePressEvent(event)

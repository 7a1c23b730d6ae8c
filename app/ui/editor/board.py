"""EditorBoardView: the board of the editor. Left click places or selects, left drag moves or paints.

The view only reports intents in board locations; the editor window turns them into edits. The middle or
right button (and a left drag that starts on nothing with the select tool) pans; the wheel zooms.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from app.ui.board_scene import BoardScene
from app.ui.board_view import BoardView


class EditorBoardView(BoardView):
    """A BoardView whose mouse places, selects, drags and paints instead of issuing game commands."""

    spot_clicked = Signal(object)  # location
    drag_moved = Signal(object, object)  # start location, location under the cursor now
    drag_finished = Signal(object, object)  # start location, end location
    paint_moved = Signal(object)  # list of locations painted so far
    paint_finished = Signal(object)  # list of locations painted
    stroke_moved = Signal(object)  # list of (x, y) scene points of an edge stroke so far
    stroke_finished = Signal(object)  # list of (x, y) scene points of the finished edge stroke

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.painting = False  # the current tool is a brush (set by the window)
        self.stroking = False  # the current tool draws on square sides: report scene points, not squares
        self._stroke: list[tuple[float, float]] = []
        self.draggable: Any = lambda loc: False  # whether a left drag from ``loc`` moves something
        self._start_loc: Any = None
        self._painted: list[Any] = []
        self._edit_mode = ""  # "", "pan", "move", "paint"

    def _loc(self, pos: QPoint) -> Any:
        """The location under ``pos``; on a square grid also the squares beyond its edge (where tiles go)."""
        point = self.mapToScene(pos)
        loc = self.board_scene.location_at(point)
        geo = self.board_scene.geo
        if loc is None and geo is not None and geo.topology.kind == "square" and point.x() >= 0 and point.y() >= 0:
            return (math.floor(point.x()), math.floor(point.y()))
        return loc

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        self._last = pos
        self._start_loc = self._loc(pos)
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = (event.button(), pos, None)
            self._edit_mode = ""
            if self.stroking:
                self._edit_mode, self._stroke = "stroke", [self._scene_xy(pos)]
                self.stroke_moved.emit(list(self._stroke))
            elif self.painting and self._start_loc is not None:
                self._edit_mode, self._painted = "paint", [self._start_loc]
                self.paint_moved.emit(list(self._painted))
        elif event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton):
            self._press, self._edit_mode = (event.button(), pos, None), "pan"
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._press is not None:
            self._edit_move(pos)
        self._hover(pos)
        self._last = pos
        event.accept()

    def _scene_xy(self, pos: QPoint) -> tuple[float, float]:
        point = self.mapToScene(pos)
        return (point.x(), point.y())

    def _edit_move(self, pos: QPoint) -> None:
        _button, start, _item = self._press  # type: ignore[misc]
        if not self._edit_mode and (pos - start).manhattanLength() >= QApplication.startDragDistance():
            movable = self._start_loc is not None and self.draggable(self._start_loc)
            self._edit_mode = "move" if movable else "pan"
        loc = self._loc(pos)
        if self._edit_mode == "stroke":
            self._stroke.append(self._scene_xy(pos))
            self.stroke_moved.emit(list(self._stroke))
        elif self._edit_mode == "pan":
            self.fitted = False
            delta = pos - self._last
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
        elif self._edit_mode == "move" and loc is not None:
            self.drag_moved.emit(self._start_loc, loc)
        elif self._edit_mode == "paint" and loc is not None and loc not in self._painted:
            self._painted.append(loc)
            self.paint_moved.emit(list(self._painted))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is None:
            super().mouseReleaseEvent(event)
            return
        button = self._press[0]
        mode, self._press, self._edit_mode = self._edit_mode, None, ""
        loc = self._loc(event.position().toPoint())
        if mode == "stroke":
            self.stroke_finished.emit(list(self._stroke))
            self._stroke = []
        elif mode == "paint":
            self.paint_finished.emit(list(self._painted))
            self._painted = []
        elif mode == "move" and loc is not None:
            self.drag_finished.emit(self._start_loc, loc)
        elif not mode and button == Qt.MouseButton.LeftButton and loc is not None:
            self.spot_clicked.emit(loc)
        event.accept()

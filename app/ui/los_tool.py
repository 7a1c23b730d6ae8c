"""The line-of-sight tool: right-drag from a unit (or any location) to any location to see what the fire rules see.

The system traces the line with the function its fire rules use (``HasLineOfSight``, a
:class:`~app.core.line_of_sight.LosReport`); the window only draws the report: the line (solid up to the blocker,
dashed beyond it), the hindering locations in amber, the blocking one in red, and a profile overlay in the
board's bottom-left corner — the level of every location along the line, the eye line between the observer's and
the target's eye levels, and the report's sentence with its rule ID. Systems without the capability get no tool.
"""

from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QFrame, QGraphicsPathItem, QLabel, QWidget

from app.core.capabilities import HasLineOfSight, capability
from app.core.line_of_sight import LosReport
from app.ui.board_paint import cell_path
from app.ui.board_scene import BoardScene
from app.ui.board_view import BoardView
from app.ui.controller import GameController
from app.ui.counters import loc_key
from app.ui.lang import translator

tr = translator("LineOfSight")
SIGHT_Z = 60.0  # above counters and highlights
CLEAR_COLOUR = QColor("#1b7f3b")
BLOCKED_COLOUR = QColor("#c0262d")
HINDRANCE_COLOUR = QColor("#e0a100")
PROFILE_SIZE = (380, 170)


class SightProfile(QFrame):
    """The profile of a line of sight: one bar per location (its level), the eye line, blocker and hindrances."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.report: LosReport | None = None
        self.labels: list[str] = []
        self.caption = ""
        self.setFrameShape(QFrame.Shape.Box)
        self.setFixedSize(*PROFILE_SIZE)
        self.setAutoFillBackground(True)
        self.setObjectName("SightProfile")
        self.hide()

    def show_report(self, report: LosReport, labels: list[str], caption: str) -> None:
        """Draw ``report``; ``labels`` name its cells (printed under the bars), ``caption`` is the sentence."""
        self.report, self.labels, self.caption = report, labels, caption
        self.setToolTip(caption)
        self.show()
        self.raise_()
        self.update()

    def paintEvent(self, event: Any) -> None:
        super().paintEvent(event)
        if self.report is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect().adjusted(1, 1, -1, -1), QColor("#fbf8ef"))
        chart = QRectF(34, 22, self.width() - 44, self.height() - 78)
        self._paint_title(painter)
        self._paint_axis(painter, chart)
        self._paint_bars(painter, chart)
        self._paint_eye_line(painter, chart)
        self._paint_caption(painter)
        painter.end()

    def _scale(self) -> tuple[float, float]:
        assert self.report is not None
        values = [*self.report.levels, *self.report.eyes]
        return min(0.0, *values), max(1.0, *values)

    def _y(self, chart: QRectF, level: float) -> float:
        low, high = self._scale()
        return chart.bottom() - (level - low) / (high - low) * chart.height()

    def _paint_title(self, painter: QPainter) -> None:
        assert self.report is not None
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(CLEAR_COLOUR if self.report.clear else BLOCKED_COLOUR)
        state = tr("Clear") if self.report.clear else tr("Blocked")
        hindered = tr("hindrances: {0}").format(len(self.report.hindrances))
        painter.drawText(QRectF(8, 2, self.width() - 16, 18), Qt.AlignmentFlag.AlignLeft, f"{state} · {hindered}")
        painter.setPen(QColor("#555555"))
        painter.drawText(QRectF(8, 2, self.width() - 16, 18), Qt.AlignmentFlag.AlignRight, tr("level"))

    def _paint_axis(self, painter: QPainter, chart: QRectF) -> None:
        low, high = self._scale()
        painter.setFont(QFont(self.font().family(), 7))
        for level in range(int(low), int(high) + 1):
            y = self._y(chart, level)
            painter.setPen(QPen(QColor("#d8d2c0"), 1, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(chart.left(), y), QPointF(chart.right(), y))
            painter.setPen(QColor("#555555"))
            painter.drawText(QRectF(2, y - 7, 28, 14), Qt.AlignmentFlag.AlignRight, str(level))

    def _bar(self, chart: QRectF, index: int) -> QRectF:
        assert self.report is not None
        width = chart.width() / len(self.report.cells)
        level = self.report.levels[index]
        top = self._y(chart, level)
        return QRectF(chart.left() + index * width + 1, top, max(width - 2, 1), chart.bottom() - top)

    def _paint_bars(self, painter: QPainter, chart: QRectF) -> None:
        assert self.report is not None
        report = self.report
        painter.setFont(QFont(self.font().family(), 7))
        for index, cell in enumerate(report.cells):
            colour = QColor("#b9ad8c")
            if cell == report.blocker:
                colour = BLOCKED_COLOUR
            elif cell in report.hindrances:
                colour = HINDRANCE_COLOUR
            bar = self._bar(chart, index)
            painter.fillRect(bar, colour)
            if len(report.cells) <= 16 and index < len(self.labels):
                painter.setPen(QColor("#333333"))
                below = QRectF(bar.left() - 8, chart.bottom() + 1, bar.width() + 16, 12)
                painter.drawText(below, Qt.AlignmentFlag.AlignHCenter, self.labels[index])

    def _paint_eye_line(self, painter: QPainter, chart: QRectF) -> None:
        assert self.report is not None
        width = chart.width() / len(self.report.cells)
        start = QPointF(chart.left() + width / 2, self._y(chart, self.report.eyes[0]))
        end = QPointF(chart.right() - width / 2, self._y(chart, self.report.eyes[1]))
        painter.setPen(QPen(CLEAR_COLOUR if self.report.clear else BLOCKED_COLOUR, 2))
        painter.drawLine(start, end)
        painter.setBrush(QColor("#222222"))
        painter.drawEllipse(start, 3, 3)
        painter.drawEllipse(end, 3, 3)

    def _paint_caption(self, painter: QPainter) -> None:
        painter.setPen(QColor("#222222"))
        painter.setFont(QFont(self.font().family(), 8))
        box = QRectF(8, self.height() - 40, self.width() - 16, 38)
        painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap, self.caption)


class LosTool(QObject):
    """Draws the line of sight the board view's right-drag asks for, while the system offers ``HasLineOfSight``."""

    def __init__(self, controller: GameController, view: BoardView, scene: BoardScene, parent: QObject | None = None):
        super().__init__(parent)
        self.controller, self.view, self.scene = controller, view, scene
        self.lang = "en"
        self.report: LosReport | None = None
        self.profile = SightProfile(view)
        self.hint = QLabel()  # the window puts it in its status bar: how to reach the tool
        self._items: list[QGraphicsPathItem] = []
        view.sight_dragged.connect(self._on_board_view_sight_dragged)
        view.location_clicked.connect(lambda *_: self.clear())
        controller.changed.connect(self.clear)

    @property
    def available(self) -> bool:
        """Whether the game's system traces lines of sight."""
        return capability(self.controller.session.system, HasLineOfSight) is not None

    def trace(self, origin: Any, target: Any, unit: str | None = None) -> LosReport | None:
        """Ask the system for the line ``origin`` → ``target`` and draw it (or clear the drawing if there is none)."""
        sight = capability(self.controller.session.system, HasLineOfSight)
        report = None if sight is None else sight.line_of_sight(self.controller.session.state, origin, target, unit)
        self.clear()
        if report is not None:
            self.report = report
            self._draw(report)
        return report

    def retranslate(self) -> None:
        """The status-bar hint in the current language (hidden when the game has no lines of sight)."""
        self.hint.setText(tr("Right-drag from a unit: line of sight"))
        self.hint.setVisible(self.available)

    def clear(self) -> None:
        """Remove the drawn line and hide the profile."""
        for item in self._items:
            if shiboken6.isValid(item) and item.scene() is self.scene:  # a new board clears the scene
                self.scene.removeItem(item)
        self._items.clear()
        self.report = None
        self.profile.hide()

    def caption(self, report: LosReport) -> str:
        """The report's sentence in the window's language, with its rule ID."""
        text = report.text.render(self.lang) if report.text is not None else ""
        return f"{text} [{report.rule_id}]" if report.rule_id and report.rule_id not in text else text

    def _on_board_view_sight_dragged(self, origin: Any, unit: str | None, target: Any, released: bool) -> None:
        del released  # the line stays drawn after the release, until the next click or command
        if target is None or not self.available:
            self.clear()
            return
        if self.report is not None and (self.report.origin, self.report.target) == (origin, target):
            return
        self.trace(origin, target, unit)

    def _draw(self, report: LosReport) -> None:
        geo = self.scene.geo
        if geo is None:
            return
        size = geo.cell_size
        self._add(cell_path(geo, report.hindrances), QPen(HINDRANCE_COLOUR, size * 0.08), QColor(224, 161, 0, 70))
        if report.blocker is not None:
            self._add(cell_path(geo, [report.blocker]), QPen(BLOCKED_COLOUR, size * 0.12), QColor(192, 38, 45, 90))
        start, end = self.scene.centre_of(report.origin), self.scene.centre_of(report.target)
        cut = self.scene.centre_of(report.blocker) if report.blocker is not None else end
        self._line(start, cut, QPen(QColor("#ffffff"), size * 0.16), None)
        self._line(start, cut, QPen(CLEAR_COLOUR if report.clear else BLOCKED_COLOUR, size * 0.08), None)
        if report.blocker is not None:
            self._line(cut, end, QPen(BLOCKED_COLOUR, size * 0.05, Qt.PenStyle.DashLine), None)
        labels = [cell.label if (cell := geo.by_loc.get(loc_key(c))) is not None else "" for c in report.cells]
        self.profile.move(8, max(self.view.viewport().height() - PROFILE_SIZE[1] - 8, 0))
        self.profile.show_report(report, labels, self.caption(report))

    def _line(self, start: QPointF, end: QPointF, pen: QPen, brush: QColor | None) -> None:
        path = QPainterPath(start)
        path.lineTo(end)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._add(path, pen, brush)

    def _add(self, path: QPainterPath, pen: QPen, brush: QColor | None) -> None:
        item = QGraphicsPathItem(path)
        item.setPen(pen)
        item.setBrush(QBrush(brush) if brush is not None else QBrush(Qt.BrushStyle.NoBrush))
        item.setZValue(SIGHT_Z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        self._items.append(item)

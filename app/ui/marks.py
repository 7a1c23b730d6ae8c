"""Painting the marks printed on a board: sentry points, patrol lines, spawn spots, towns, objectives..."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF

from app.ui.drawing import arrow, draw_text
from app.ui.theme import Theme


def mark_name(value: Any) -> str:
    """Printable form of a label value."""
    return str(value)


class MarkPainter:
    """Paints the marks of the visible cells."""

    def __init__(self, painter: QPainter, geo: Any, theme: Theme, lang: str) -> None:
        self.p = painter
        self.geo = geo
        self.theme = theme
        self.lang = lang
        self.size = geo.cell_size

    def paint(self, cells: list[Any]) -> None:
        """Paint marks of ``cells`` and patrol lines crossing them."""
        marks = getattr(self.geo.board, "marks", None) or {}
        if not marks:
            return
        self._patrol_lines(marks)
        for cell in cells:
            for mark in marks.get(cell.loc, ()):
                at = dict(mark.props).get("label_at")  # area names may be placed by the map's author
                self._mark(QPointF(*at) if isinstance(at, (tuple, list)) else cell.centre, mark)

    def _colour(self, mark: Any) -> QColor:
        props = dict(mark.props)
        return self.theme.get("marks", str(props.get("colour", "default")), "#7a2a8a")

    def _patrol_lines(self, marks: dict[Any, tuple[Any, ...]]) -> None:
        lines: dict[str, list[tuple[int, Any, Any]]] = defaultdict(list)
        for loc, items in marks.items():
            for mark in items:
                if mark.kind == "patrol_line":
                    props = dict(mark.props)
                    lines[str(props.get("line", ""))].append((int(props.get("index", 0)), loc, mark))
        for points in lines.values():
            points.sort(key=lambda item: item[0])
            cells = [self.geo.by_loc.get(loc) for _, loc, _ in points]
            poly = QPolygonF([c.centre for c in cells if c is not None])
            colour = self._colour(points[0][2])
            width = float(str(dict(points[0][2].props).get("width", 0.09)))  # vehicle routes are thicker
            pen = QPen(self._outline(colour), self.size * width, Qt.PenStyle.DashLine)
            self.p.setBrush(Qt.BrushStyle.NoBrush)
            self.p.setPen(pen)
            self.p.drawPolyline(poly)
            pen.setColor(colour)
            pen.setWidthF(self.size * width * 0.55)
            self.p.setPen(pen)
            self.p.drawPolyline(poly)

    @staticmethod
    def _outline(colour: QColor) -> QColor:
        return QColor("#ffffff") if colour.lightness() < 128 else QColor("#202020")

    def _mark(self, centre: QPointF, mark: Any) -> None:
        handler = getattr(self, f"_draw_{mark.kind}", None)
        if handler is not None:
            handler(centre, mark)
        elif mark.kind != "patrol_line":
            self._draw_generic(centre, mark)

    def _ring(self, centre: QPointF, radius: float, colour: QColor, fill: QColor | None = None) -> None:
        self.p.setPen(QPen(self._outline(colour) if fill is None else colour, self.size * 0.04))
        self.p.setBrush(QBrush(fill) if fill is not None else QBrush(colour))
        self.p.drawEllipse(centre, radius, radius)

    def _draw_sentry(self, centre: QPointF, mark: Any) -> None:
        colour = self._colour(mark)
        solid = dict(mark.props).get("solid")
        self._ring(centre, self.size * 0.12, colour)
        for direction in mark.directions:
            self.p.setPen(QPen(self._outline(colour), self.size * 0.02))
            self.p.setBrush(QBrush(colour) if direction == solid else QBrush(self._outline(colour)))
            arrow(self.p, centre, direction, start=self.size * 0.14, length=self.size * 0.2, width=self.size * 0.1)

    def _draw_patrol_start(self, centre: QPointF, mark: Any) -> None:
        colour = self._colour(mark)
        self._ring(centre, self.size * 0.1, colour)
        self.p.setBrush(QBrush(colour))
        for direction in mark.directions:
            arrow(self.p, centre, direction, start=self.size * 0.12, length=self.size * 0.22, width=self.size * 0.1)

    def _draw_guard(self, centre: QPointF, mark: Any, colour: str = "#8a1c1c") -> None:
        col = QColor(colour)
        self.p.setPen(QPen(QColor("#ffffff"), self.size * 0.02))
        self.p.setBrush(QBrush(col))
        self.p.drawEllipse(centre, self.size * 0.13, self.size * 0.13)
        for direction in mark.directions:
            arrow(self.p, centre, direction, start=self.size * 0.14, length=self.size * 0.2, width=self.size * 0.1)

    def _draw_officer(self, centre: QPointF, mark: Any) -> None:
        self._draw_guard(centre, mark, "#b8860b")

    def _draw_vehicle_spot(self, centre: QPointF, mark: Any) -> None:
        self.p.setPen(QPen(QColor("#404040"), self.size * 0.03, Qt.PenStyle.DashLine))
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        self.p.drawRoundedRect(
            centre.x() - self.size * 0.4,
            centre.y() - self.size * 0.25,
            self.size * 0.8,
            self.size * 0.5,
            self.size * 0.08,
            self.size * 0.08,
        )

    def _draw_spawn(self, centre: QPointF, mark: Any) -> None:
        colour = self._colour(mark)
        r = self.size * 0.16
        self.p.setPen(QPen(self._outline(colour), self.size * 0.03))
        self.p.setBrush(QBrush(colour))
        self.p.drawPolygon(
            QPolygonF(
                [centre + QPointF(0, -r), centre + QPointF(r, 0), centre + QPointF(0, r), centre + QPointF(-r, 0)]
            )
        )

    def _draw_entry_exit(self, centre: QPointF, mark: Any) -> None:
        r = self.size * 0.2
        self.p.setPen(QPen(QColor("#1d6f42"), self.size * 0.04))
        self.p.setBrush(QBrush(QColor("#d8f3dc")))
        self.p.drawRect(centre.x() - r, centre.y() - r, 2 * r, 2 * r)
        draw_text(self.p, centre, "⇄", self.size * 0.28, QColor("#1d6f42"), bold=True)

    def _draw_objective(self, centre: QPointF, mark: Any) -> None:
        r, points = self.size * 0.22, []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            points.append(centre + QPointF(math.cos(a) * rad, math.sin(a) * rad))
        self.p.setPen(QPen(QColor("#6b4e00"), self.size * 0.02))
        self.p.setBrush(QBrush(QColor("#ffd23f")))
        self.p.drawPolygon(QPolygonF(points))

    def _draw_fuel_barrel(self, centre: QPointF, mark: Any) -> None:
        self._ring(centre, self.size * 0.12, QColor("#b5651d"), QColor("#e07a2f"))

    def _draw_room(self, centre: QPointF, mark: Any) -> None:
        label = str(dict(mark.props).get("label", ""))
        draw_text(self.p, centre + QPointF(0, self.size * 0.36), label, self.size * 0.16, QColor("#6b5030"))

    def _draw_generic(self, centre: QPointF, mark: Any) -> None:
        props = dict(mark.props)
        name = props.get("name_zh" if self.lang == "zh_CN" else "name_en") or props.get("name_en")
        side = props.get("side")
        colour = self.theme.side(str(side)) if side else QColor("#5a4a7a")
        if mark.kind != "name":  # a bare name (area maps) needs no symbol
            self._ring(centre + QPointF(0, -self.size * 0.25), self.size * 0.07, colour)
        if name:
            below = 0.0 if mark.kind == "name" else self.size * 0.32
            draw_text(self.p, centre + QPointF(0, below), str(name), self.size * 0.17, QColor("#202020"), bold=True)

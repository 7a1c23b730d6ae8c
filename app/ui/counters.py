"""Counters and markers on the board: projections of CounterView / MarkerView, never game truth."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.core.i18n import Text
from app.core.view import CounterView, MarkerView
from app.ui.drawing import direction_vector, draw_text
from app.ui.theme import Theme

COUNTER_Z = 10.0
FANNED_Z = 60.0
DRAGGED_Z = 100.0


def _text_colour(fill: QColor) -> QColor:
    return QColor("#111111") if fill.lightness() > 150 else QColor("#ffffff")


class CounterItem(QGraphicsItem):
    """A square token: side colour, bold label, facing notch, strength in a corner, flag badges."""

    def __init__(self, view: CounterView, size: float, fill: QColor, theme: Theme, lang: str = "en") -> None:
        super().__init__()
        self.size = size
        self.theme = theme
        self.view = view
        self.fill = fill
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(COUNTER_Z)
        self.set_view(view, fill, lang)

    @property
    def counter_id(self) -> str:
        """The CounterView id."""
        return self.view.id

    def set_view(self, view: CounterView, fill: QColor, lang: str) -> None:
        """Show a new CounterView (same id) and repaint if anything visible changed."""
        changed = view != self.view or fill != self.fill
        self.view, self.fill = view, fill
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, view.selectable)
        self.setToolTip(_tooltip(view, lang))
        if changed:
            self.update()

    def boundingRect(self) -> QRectF:
        half = self.size * 0.62
        return QRectF(-half, -half, 2 * half, 2 * half)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        half = self.size / 2
        path.addRect(QRectF(-half, -half, self.size, self.size))
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = self.size
        body = QRectF(-s / 2, -s / 2, s, s)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(body.translated(s * 0.05, s * 0.06), s * 0.1, s * 0.1)
        gradient = QLinearGradient(body.topLeft(), body.bottomRight())
        gradient.setColorAt(0.0, self.fill.lighter(125))
        gradient.setColorAt(1.0, self.fill.darker(115))
        selected = self.isSelected()
        painter.setPen(
            QPen(QColor("#ffd400") if selected else self.fill.darker(170), s * (0.09 if selected else 0.035))
        )
        painter.setBrush(QBrush(gradient))
        painter.drawRoundedRect(body, s * 0.1, s * 0.1)
        ink = _text_colour(self.fill)
        self._paint_facing(painter, ink)
        label = self.view.label
        draw_text(painter, QPointF(0, -s * 0.02), label, s * (0.36 if len(label) <= 3 else 0.27), ink, bold=True)
        if self.view.strength:
            draw_text(painter, QPointF(s * 0.3, s * 0.33), self.view.strength, s * 0.24, ink, bold=True)
        self._paint_flags(painter)

    def _paint_facing(self, painter: QPainter, ink: QColor) -> None:
        if not self.view.facing:
            return
        dx, dy = direction_vector(self.view.facing)
        s = self.size
        reach = s / 2 / max(abs(dx), abs(dy), 1e-6)
        tip = QPointF(dx, dy) * reach
        base = QPointF(dx, dy) * (reach - s * 0.2)
        side = QPointF(-dy, dx) * s * 0.13
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(ink.red(), ink.green(), ink.blue(), 220))
        painter.drawPolygon(QPolygonF([tip, base + side, base - side]))

    def _paint_flags(self, painter: QPainter) -> None:
        s = self.size
        r = s * 0.14
        for index, flag in enumerate(self.view.flags[:4]):
            colour, glyph = self.theme.flag(flag)
            centre = QPointF(-s / 2 + r * 0.6 + index * r * 2.1, -s / 2 + r * 0.2)
            painter.setPen(QPen(QColor("#ffffff"), s * 0.025))
            painter.setBrush(colour)
            painter.drawEllipse(centre, r, r)
            if glyph == "eye":
                _eye(painter, centre, r)
            else:
                draw_text(painter, centre, glyph, r * 1.5, QColor("#ffffff"), bold=True)


def _eye(painter: QPainter, centre: QPointF, r: float) -> None:
    path = QPainterPath()
    path.moveTo(centre + QPointF(-r * 0.75, 0))
    path.quadTo(centre + QPointF(0, -r * 0.8), centre + QPointF(r * 0.75, 0))
    path.quadTo(centre + QPointF(0, r * 0.8), centre + QPointF(-r * 0.75, 0))
    painter.setBrush(QColor("#ffffff"))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawPath(path)
    painter.setBrush(QColor("#202020"))
    painter.drawEllipse(centre, r * 0.25, r * 0.25)


def _tooltip(view: CounterView, lang: str) -> str:
    lines = [f"<b>{view.title.render(lang)}</b>"]
    if view.strength:
        lines.append(view.strength)
    if view.flags:
        lines.append(", ".join(view.flags))
    return "<br>".join(lines)


class MarkerItem(QGraphicsItem):
    """A marker lying on the board: a round disc with a short label."""

    def __init__(self, view: MarkerView, size: float, lang: str = "en") -> None:
        super().__init__()
        self.size = size
        self.view = view
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(COUNTER_Z - (2 if view.kind == "objective" else 1))
        self.set_view(view, lang)

    def set_view(self, view: MarkerView, lang: str) -> None:
        """Show a new MarkerView."""
        if view != self.view:
            self.update()
        self.view = view
        title: Text | None = view.title
        self.setToolTip(title.render(lang) if title else view.kind)

    def boundingRect(self) -> QRectF:
        half = self.size / 2 + 0.02
        return QRectF(-half, -half, 2 * half, 2 * half)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.size / 2
        if self.view.kind == "objective":  # a target square: red rings the counters can stand on
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for k, radius in enumerate((r * 1.02, r * 0.62, r * 0.22)):
                painter.setPen(QPen(QColor(200, 30, 30, 210), self.size * (0.08 if k < 2 else 0.16)))
                painter.drawEllipse(QPointF(0, 0), radius, radius)
            return
        painter.setPen(QPen(QColor("#3a2a10"), self.size * 0.05))
        painter.setBrush(QColor("#f2d492"))
        painter.drawEllipse(QPointF(0, 0), r, r)
        draw_text(
            painter, QPointF(0, 0), self.view.label or self.view.kind[:3], self.size * 0.3, QColor("#3a2a10"), bold=True
        )


def stack_offsets(count: int, size: float, fanned: bool) -> list[QPointF]:
    """Offsets of the counters of a stack: slightly staggered, or spread in a row when fanned out."""
    if fanned and count > 1:
        return [QPointF((k - (count - 1) / 2) * size * 1.08, 0.0) for k in range(count)]
    step = size * 0.09
    return [QPointF(k * step - (count - 1) * step / 2, -k * step + (count - 1) * step / 2) for k in range(count)]


def loc_key(loc: Any) -> Any:
    """Locations from JSON come as lists; make them hashable like topology keys."""
    return tuple(loc) if isinstance(loc, list) else loc

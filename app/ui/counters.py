"""Pieces and markers on the board: projections of CounterView / MarkerView, never game truth.

Everything drawn comes from the neutral piece description (shape, label, symbol, band, factors, reduced side,
steps, facing, badges, rims): no system's unit kinds or states are named here.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.core.i18n import Text, render
from app.core.view import CounterView, MarkerView
from app.ui.drawing import direction_vector, draw_text
from app.ui.symbols import draw_symbol
from app.ui.theme import Theme, colour

COUNTER_Z = 10.0
FANNED_Z = 60.0
DRAGGED_Z = 100.0


def _text_colour(fill: QColor) -> QColor:
    return QColor("#111111") if fill.lightness() > 150 else QColor("#ffffff")


class CounterItem(QGraphicsItem):
    """A token: a square counter or a round disc in its colour, with its label (and unit-type symbol and factors
    when it has them), facing notch, strength in a corner, reduced-side stripe, step pips and badges."""

    def __init__(self, view: CounterView, size: float, fill: QColor, theme: Theme, lang: str = "en") -> None:
        super().__init__()
        self.size = size
        self.theme = theme
        self.view = view
        self.fill = fill
        self.lang = lang
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(COUNTER_Z)
        self.set_view(view, fill, lang)

    @property
    def counter_id(self) -> str:
        """The CounterView id."""
        return self.view.id

    def set_view(self, view: CounterView, fill: QColor, lang: str) -> None:
        """Show a new CounterView (same id) and repaint if anything visible changed."""
        changed = view != self.view or fill != self.fill or lang != self.lang
        self.view, self.fill, self.lang = view, fill, lang
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
        if self.view.shape == "round":
            path.addEllipse(QPointF(0, 0), half, half)
        else:
            path.addRect(QRectF(-half, -half, self.size, self.size))
        return path

    def _outline(self, painter: QPainter, body: QRectF, radius: float) -> None:
        if self.view.shape == "round":
            painter.drawEllipse(body)
        else:
            painter.drawRoundedRect(body, radius, radius)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = self.size
        body = QRectF(-s / 2, -s / 2, s, s)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        self._outline(painter, body.translated(s * 0.05, s * 0.06), s * 0.1)
        gradient = QLinearGradient(body.topLeft(), body.bottomRight())
        gradient.setColorAt(0.0, self.fill.lighter(125))
        gradient.setColorAt(1.0, self.fill.darker(115))
        painter.setBrush(QBrush(gradient))
        self._outline(painter, body, s * 0.1)
        paint_band_and_stripe(painter, self.view, body, s)
        selected = self.isSelected()
        rim = colour(self.view.rims[0]) if self.view.rims and self.view.rims[0] else self.fill.darker(170)
        painter.setPen(QPen(QColor("#ffd400") if selected else rim, s * (0.09 if selected else 0.035)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        self._outline(painter, body, s * 0.1)
        ink = _text_colour(self.fill)
        self._paint_facing(painter, ink)
        label = render(self.view.label, self.lang)
        if self.view.symbol or self.view.factors:
            paint_printed(painter, self.view, label, s, ink)
        else:
            draw_text(painter, QPointF(0, -s * 0.02), label, s * (0.36 if len(label) <= 3 else 0.27), ink, bold=True)
        if self.view.strength:
            draw_text(painter, QPointF(s * 0.3, s * 0.33), self.view.strength, s * 0.24, ink, bold=True)
        if self.view.steps:
            paint_pips(painter, self.view.steps, QPointF(0, s * 0.36), s * 0.07)
        self._paint_badges(painter)

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

    def _paint_badges(self, painter: QPainter) -> None:
        s = self.size
        r = s * 0.14
        for index, badge in enumerate(self.view.badges[:4]):
            centre = QPointF(-s / 2 + r * 0.6 + index * r * 2.1, -s / 2 + r * 0.2)
            painter.setPen(QPen(QColor("#ffffff"), s * 0.025))
            painter.setBrush(colour(badge.colour))
            painter.drawEllipse(centre, r, r)
            if badge.glyph == "eye":
                _eye(painter, centre, r)
            else:
                draw_text(painter, centre, badge.glyph, r * 1.5, QColor("#ffffff"), bold=True)


def paint_band_and_stripe(painter: QPainter, view: CounterView, body: QRectF, s: float) -> None:
    """The unit-class colour band across the top, and the stripe of a reduced side across the lower corner."""
    if not (view.band or view.reduced):
        return
    painter.save()
    clip = QPainterPath()
    clip.addRoundedRect(body, s * 0.1, s * 0.1)
    painter.setClipPath(clip)
    painter.setPen(Qt.PenStyle.NoPen)
    if view.band:
        painter.setBrush(colour(view.band))
        painter.drawRect(QRectF(body.left(), body.top(), body.width(), body.height() * 0.11))
    if view.reduced:  # a flipped counter's stripe: a pale diagonal band across the bottom-right corner
        painter.setBrush(QColor(255, 255, 255, 150))
        w, h, r, b = body.width(), body.height(), body.right(), body.bottom()
        corner = [QPointF(r - w * 0.45, b), QPointF(r, b - h * 0.45), QPointF(r, b - h * 0.3), QPointF(r - w * 0.3, b)]
        painter.drawPolygon(QPolygonF(corner))
    painter.restore()


def paint_printed(painter: QPainter, view: CounterView, label: str, s: float, ink: QColor) -> None:
    """A printed counter's face: the label at the top, the unit-type symbol in the middle, the factors below."""
    if label:
        draw_text(painter, QPointF(0, -s * 0.28), label, s * 0.16, ink, bold=True)
    if view.symbol:
        draw_symbol(painter, view.symbol, QRectF(-s * 0.24, -s * 0.17, s * 0.48, s * 0.3), ink)
    if view.factors:
        text = "-".join(view.factors)
        draw_text(painter, QPointF(0, s * 0.3), text, s * (0.26 if len(text) <= 5 else 0.2), ink, bold=True)


def paint_pips(painter: QPainter, steps: tuple[int, int], centre: QPointF, r: float) -> None:
    """Step or damage pips in a row: filled red for every step lost."""
    taken, total = steps
    gap = r * 2.5
    x0 = centre.x() - gap * (total - 1) / 2
    for k in range(total):
        painter.setPen(QPen(QColor("#ffffff"), r * 0.2))
        painter.setBrush(QColor("#d62828") if k < taken else QColor(255, 255, 255, 60))
        painter.drawEllipse(QPointF(x0 + k * gap, centre.y()), r, r)


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
    if view.footprint:  # a multi-square token: its inspector rows say what the drawing shows (damage, armour, sight)
        lines += [f"{label.render(lang)}: {render(value, lang)}" for label, value in view.details]
        lines += [", ".join(view.flags)] if view.flags else []
        return "<br>".join(lines)
    if view.strength:
        lines.append(view.strength)
    if view.flags:
        lines.append(", ".join(view.flags))
    return "<br>".join(lines)


class FootprintItem(CounterItem):
    """A multi-square token (CounterView.footprint): one piece over all its squares, its front end darker with a
    white arrow (a hollow one at the rear when ``rear_arrow``), its label, its ``steps`` as pips (and its
    ``strength`` figures under them once a step is lost), its first rim colour as border and the others inside.

    ``extent`` is the footprint's width and height in scene units; the item sits at the footprint's centre.
    """

    def __init__(
        self, view: CounterView, size: float, fill: QColor, theme: Theme, lang: str, *, extent: tuple[float, float]
    ) -> None:
        self.extent = extent
        super().__init__(view, size, fill, theme, lang)
        self.setZValue(COUNTER_Z - 0.5)

    def _body(self) -> QRectF:
        w, h = self.extent
        m = self.size * 0.09
        return QRectF(-w / 2 + m, -h / 2 + m, w - 2 * m, h - 2 * m)

    def boundingRect(self) -> QRectF:
        pad = self.size * 0.2
        return self._body().adjusted(-pad, -pad, pad, pad)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self._body())
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s, body = self.size, self._body()
        radius = s * 0.14
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 100))
        painter.drawRoundedRect(body.translated(s * 0.06, s * 0.07), radius, radius)
        gradient = QLinearGradient(body.topLeft(), body.bottomRight())
        gradient.setColorAt(0.0, self.fill.lighter(125))
        gradient.setColorAt(1.0, self.fill.darker(115))
        painter.setBrush(QBrush(gradient))
        painter.drawRoundedRect(body, radius, radius)
        self._paint_ends(painter, body)
        self._paint_rim(painter, body, radius)
        ink = _text_colour(self.fill)
        label = render(self.view.label, self.lang)
        fits = min(body.width(), body.height()) / max(1, len(label)) * 1.5
        draw_text(painter, body.center() - QPointF(0, s * 0.12), label, min(s * 0.5, fits), ink, bold=True)
        self._paint_damage(painter, body)
        self._paint_badges(painter, body)

    def _paint_rim(self, painter: QPainter, body: QRectF, radius: float) -> None:
        s = self.size
        rims = self.view.rims
        if self.isSelected():
            pen = QPen(QColor("#ffd400"), s * 0.1)
        elif rims and rims[0]:
            pen = QPen(colour(rims[0]), s * 0.08)
        else:
            pen = QPen(self.fill.darker(170), s * 0.04)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(pen)
        painter.drawRoundedRect(body, radius, radius)
        for k, inner_colour in enumerate(rims[1:], start=1):  # inner rims (e.g. a steel one for armour)
            painter.setPen(QPen(colour(inner_colour), s * 0.035))
            inner = body.adjusted(s * 0.1 * k, s * 0.1 * k, -s * 0.1 * k, -s * 0.1 * k)
            painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)

    def _paint_ends(self, painter: QPainter, body: QRectF) -> None:
        """The darker front end with a white arrow out of it; a hollow arrow at the rear for a rear arc."""
        dx, dy = direction_vector(self.view.facing or "N")
        s = self.size
        depth = s * 0.42
        band = QRectF(body)
        if dx > 0:
            band.setLeft(body.right() - depth)
        elif dx < 0:
            band.setRight(body.left() + depth)
        elif dy > 0:
            band.setTop(body.bottom() - depth)
        else:
            band.setBottom(body.top() + depth)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 95))
        painter.drawRoundedRect(band, s * 0.12, s * 0.12)
        half = QPointF(body.width() / 2 * dx, body.height() / 2 * dy)
        front, rear = body.center() + half, body.center() - half
        direction = QPointF(dx, dy)
        side = QPointF(-dy, dx) * s * 0.3
        tip, base = front + direction * s * 0.16, front - direction * s * 0.3
        painter.setPen(QPen(QColor(0, 0, 0, 160), s * 0.03))
        painter.setBrush(QColor("#ffffff"))
        painter.drawPolygon(QPolygonF([tip, base + side, base - side]))
        if self.view.rear_arrow:
            tip, base = rear - direction * s * 0.16, rear + direction * s * 0.26
            side = side * 0.8
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("#ffffff"), s * 0.06))
            painter.drawPolygon(QPolygonF([tip, base + side, base - side]))

    def _paint_damage(self, painter: QPainter, body: QRectF) -> None:
        """Step pips (filled red for each step lost) and, once one is lost, the strength figures under them."""
        if not self.view.steps:
            return
        s = self.size
        y = body.center().y() + s * 0.32
        paint_pips(painter, self.view.steps, QPointF(body.center().x(), y), s * 0.12)
        if self.view.steps[0] and self.view.strength:
            at = QPointF(body.center().x(), y + s * 0.38)
            draw_text(painter, at, self.view.strength, s * 0.34, QColor("#ffc9c9"), bold=True)

    def _paint_badges(self, painter: QPainter, body: QRectF | None = None) -> None:
        s = self.size
        r = s * 0.15
        body = body if body is not None else self._body()
        for index, badge in enumerate(self.view.badges[:4]):
            centre = QPointF(body.left() + r * 1.1 + index * r * 2.2, body.top() + r * 1.1)
            painter.setPen(QPen(QColor("#ffffff"), s * 0.025))
            painter.setBrush(colour(badge.colour))
            painter.drawEllipse(centre, r, r)
            draw_text(painter, centre, badge.glyph, r * 1.5, QColor("#ffffff"), bold=True)


class MarkerItem(QGraphicsItem):
    """A marker lying on the board: a round disc with a short label."""

    def __init__(self, view: MarkerView, size: float, lang: str = "en") -> None:
        super().__init__()
        self.size = size
        self.view = view
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(COUNTER_Z - (2 if view.shape == "rings" else 1))
        self.set_view(view, lang)

    def set_view(self, view: MarkerView, lang: str) -> None:
        """Show a new MarkerView."""
        if view != self.view:
            self.update()
        self.view = view
        self.lang = lang
        title: Text | None = view.title
        self.setToolTip(title.render(lang) if title else view.kind)

    def boundingRect(self) -> QRectF:
        half = self.size / 2 + 0.02
        return QRectF(-half, -half, 2 * half, 2 * half)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.size / 2
        if self.view.shape == "rings":  # a target location: red rings the counters can stand on
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for k, radius in enumerate((r * 1.02, r * 0.62, r * 0.22)):
                painter.setPen(QPen(QColor(200, 30, 30, 210), self.size * (0.08 if k < 2 else 0.16)))
                painter.drawEllipse(QPointF(0, 0), radius, radius)
            return
        painter.setPen(QPen(QColor("#3a2a10"), self.size * 0.05))
        painter.setBrush(QColor("#f2d492"))
        painter.drawEllipse(QPointF(0, 0), r, r)
        draw_text(
            painter,
            QPointF(0, 0),
            render(self.view.label, self.lang) or self.view.kind[:3],
            self.size * 0.3,
            QColor("#3a2a10"),
            bold=True,
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

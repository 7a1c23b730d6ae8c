"""Unit-type symbols printed on counters (``CounterView.symbol``; the names are ``app.core.view.SYMBOLS``).

Modern troop types get NATO-style frames (infantry's cross, cavalry's diagonal, armour's track, artillery's
dot, recce's diagonal and track, a headquarters' staff); ancient ones their own small glyphs (a leader's star,
a chariot's wheel, an elephant's trunk). An unknown name draws nothing, so a new symbol never breaks a render.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF


def draw_symbol(painter: QPainter, name: str, box: QRectF, ink: QColor) -> None:
    """Draw the symbol ``name`` inside ``box`` in ``ink`` (nothing for an unknown name)."""
    drawer = _DRAWERS.get(name)
    if drawer is None:
        return
    painter.save()
    painter.setPen(QPen(ink, max(box.height() * 0.09, 0.01)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    drawer(painter, box, ink)
    painter.restore()


def _frame(painter: QPainter, box: QRectF) -> None:
    painter.drawRect(box)


def _infantry(painter: QPainter, box: QRectF, ink: QColor) -> None:
    _frame(painter, box)
    painter.drawLine(box.topLeft(), box.bottomRight())
    painter.drawLine(box.bottomLeft(), box.topRight())


def _cavalry(painter: QPainter, box: QRectF, ink: QColor) -> None:
    _frame(painter, box)
    painter.drawLine(box.bottomLeft(), box.topRight())


def _armour(painter: QPainter, box: QRectF, ink: QColor) -> None:
    _frame(painter, box)
    track = box.adjusted(box.width() * 0.18, box.height() * 0.25, -box.width() * 0.18, -box.height() * 0.25)
    painter.drawRoundedRect(track, track.height() / 2, track.height() / 2)


def _artillery(painter: QPainter, box: QRectF, ink: QColor) -> None:
    _frame(painter, box)
    painter.setBrush(ink)
    r = box.height() * 0.16
    painter.drawEllipse(box.center(), r, r)


def _recce(painter: QPainter, box: QRectF, ink: QColor) -> None:
    _cavalry(painter, box, ink)
    _armour(painter, box, ink)


def _hq(painter: QPainter, box: QRectF, ink: QColor) -> None:
    _frame(painter, box)
    painter.drawLine(box.bottomLeft(), box.bottomLeft() + QPointF(0, box.height() * 0.6))


def _leader(painter: QPainter, box: QRectF, ink: QColor) -> None:
    r = box.height() * 0.5
    c = box.center()
    points = [
        c + QPointF(math.cos(a) * rad, math.sin(a) * rad)
        for i in range(10)
        for a, rad in [(-math.pi / 2 + i * math.pi / 5, r if i % 2 == 0 else r * 0.45)]
    ]
    painter.setBrush(ink)
    painter.drawPolygon(QPolygonF(points))


def _chariot(painter: QPainter, box: QRectF, ink: QColor) -> None:
    r = box.height() * 0.45
    c = box.center()
    painter.drawEllipse(c, r, r)
    for k in range(4):
        a = k * math.pi / 4
        painter.drawLine(c - QPointF(math.cos(a), math.sin(a)) * r, c + QPointF(math.cos(a), math.sin(a)) * r)


def _elephant(painter: QPainter, box: QRectF, ink: QColor) -> None:
    body = QRectF(box.left() + box.width() * 0.2, box.top(), box.width() * 0.6, box.height() * 0.7)
    painter.drawEllipse(body)
    trunk = QPainterPath(QPointF(body.left(), body.center().y()))
    trunk.quadTo(QPointF(box.left(), box.bottom()), QPointF(box.left() + box.width() * 0.15, box.bottom()))
    painter.drawPath(trunk)


def _aircraft(painter: QPainter, box: QRectF, ink: QColor) -> None:
    c = box.center()
    w, h = box.width() / 2, box.height() / 2
    painter.drawLine(c - QPointF(w, 0), c + QPointF(w, 0))
    painter.drawLine(c - QPointF(0, h), c + QPointF(0, h))
    painter.drawLine(c + QPointF(-w * 0.4, h), c + QPointF(w * 0.4, h))


_DRAWERS: dict[str, Callable[[QPainter, QRectF, QColor], None]] = {
    "infantry": _infantry,
    "cavalry": _cavalry,
    "armour": _armour,
    "artillery": _artillery,
    "recce": _recce,
    "hq": _hq,
    "leader": _leader,
    "chariot": _chariot,
    "elephant": _elephant,
    "aircraft": _aircraft,
}

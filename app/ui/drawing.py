"""Small drawing helpers shared by the board, counters and dice (sizes in item units)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF

from app.geometry.square import VECTORS


def direction_vector(direction: str) -> tuple[float, float]:
    """Unit vector of a compass direction ("N", "NE", ...); hex indices count 60° steps from east."""
    if direction in VECTORS:
        dx, dy = VECTORS[direction]
        norm = (dx * dx + dy * dy) ** 0.5
        return dx / norm, dy / norm
    if direction.isdigit():
        angle = -math.radians(60 * int(direction) + 30)
        return math.cos(angle), math.sin(angle)
    return 0.0, -1.0


def arrow(painter: QPainter, centre: QPointF, direction: str, *, start: float, length: float, width: float) -> None:
    """A triangular arrow head pointing ``direction``, from ``start`` to ``start + length`` off ``centre``."""
    dx, dy = direction_vector(direction)
    tip = centre + QPointF(dx, dy) * (start + length)
    base = centre + QPointF(dx, dy) * start
    side = QPointF(-dy, dx) * width
    painter.drawPolygon(QPolygonF([tip, base + side, base - side]))


def cosmetic(colour: QColor, width: float = 1.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen whose width is in pixels whatever the zoom."""
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    return pen


def draw_text(
    painter: QPainter,
    centre: QPointF,
    text: str,
    size: float,
    colour: QColor,
    *,
    bold: bool = False,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
) -> None:
    """Draw ``text`` of height ``size`` board units centred (or aligned) at ``centre``."""
    draw_texts(painter, [(centre, text)], size, colour, bold=bold, align=align)


def draw_texts(
    painter: QPainter,
    places: Iterable[tuple[QPointF, str]],
    size: float,
    colour: QColor,
    *,
    bold: bool = False,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
) -> None:
    """Draw each ``(centre, text)`` as :func:`draw_text` does, choosing font and pen once (a board's labels)."""
    scale = size / 100.0
    box = QRectF(0, -70, 4000, 140) if align & Qt.AlignmentFlag.AlignLeft else QRectF(-2000, -70, 4000, 140)
    flags = int(align | Qt.AlignmentFlag.AlignVCenter)
    painter.save()
    font = QFont(painter.font())
    font.setPixelSize(100)
    font.setBold(bold)
    painter.setFont(font)
    painter.setPen(colour)
    base = painter.transform()
    for centre, text in places:
        painter.setTransform(base)
        painter.translate(centre)
        painter.scale(scale, scale)
        painter.drawText(box, flags, text)
    painter.restore()

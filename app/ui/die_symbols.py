"""Symbols of custom dice faces (a die result's ``face``) drawn as vectors: the battle dice of Commands &
Colors (green circle, blue triangle, red square, helmet, flag, crossed swords). A face without a symbol here
is written as its name, shrunk to fit the die."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from app.ui.drawing import draw_text

INK = QColor("#202020")
SHAPES = {"light": ("circle", "#2e9a3e"), "medium": ("triangle", "#2a62c9"), "heavy": ("square", "#c8322d")}
FIGURES = ("leader", "flag", "swords")
NAMES = {  # the faces as a table-mode prompt names them (English face names of the dice data)
    "green circle": "light",
    "blue triangle": "medium",
    "red square": "heavy",
    "helmet": "leader",
    "crossed swords": "swords",
}


def has_symbol(face: str) -> bool:
    """Whether ``face`` (an id or a face name) is drawn as a symbol (not as its name)."""
    face = NAMES.get(face, face)
    return face in SHAPES or face in FIGURES


def draw_face(painter: QPainter, rect: QRectF, face: str) -> None:
    """Draw the symbol of ``face`` (an id or a face name) inside the die ``rect`` (its name if it has none)."""
    face = NAMES.get(face, face)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    c, r = rect.center(), rect.width() * 0.3
    if face in SHAPES:
        _shape(painter, c, r, *SHAPES[face])
    elif face == "leader":
        _helmet(painter, c, r)
    elif face == "flag":
        _flag(painter, c, r)
    elif face == "swords":
        _swords(painter, c, r)
    else:
        size = min(rect.height() * 0.45, rect.width() * 1.6 / max(1, len(face)))
        draw_text(painter, c, face, size, INK, bold=True)
    painter.restore()


def face_icon(face: str, size: int = 28) -> QIcon:
    """An icon of a die showing ``face`` (for the buttons that enter the symbols rolled at the table)."""
    pixmap = QPixmap(QSize(size, size))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(1, 1, size - 2, size - 2)
    painter.setPen(QPen(QColor("#777777"), 1))
    painter.setBrush(QColor("#fbfbf8"))
    painter.drawRoundedRect(rect, size * 0.18, size * 0.18)
    draw_face(painter, rect, face)
    painter.end()
    return QIcon(pixmap)


def _shape(painter: QPainter, c: QPointF, r: float, shape: str, colour: str) -> None:
    painter.setPen(QPen(INK, max(1.0, r * 0.08)))
    painter.setBrush(QColor(colour))
    if shape == "circle":
        painter.drawEllipse(c, r, r)
    elif shape == "square":
        painter.drawRect(QRectF(c.x() - r * 0.9, c.y() - r * 0.9, r * 1.8, r * 1.8))
    else:
        painter.drawPolygon(
            QPolygonF([c + QPointF(0, -r * 1.05), c + QPointF(r * 1.05, r * 0.8), c + QPointF(-r * 1.05, r * 0.8)])
        )


def _helmet(painter: QPainter, c: QPointF, r: float) -> None:
    """A crested helmet: the leader face."""
    painter.setPen(QPen(INK, max(1.0, r * 0.08)))
    painter.setBrush(QColor("#c9a227"))
    dome = QPainterPath()
    dome.moveTo(c + QPointF(-r, r * 0.7))
    dome.lineTo(c + QPointF(-r, 0))
    dome.arcTo(QRectF(c.x() - r, c.y() - r * 0.9, 2 * r, 1.8 * r), 180, -180)
    dome.lineTo(c + QPointF(r, r * 0.7))
    dome.lineTo(c + QPointF(r * 0.35, r * 0.7))
    dome.lineTo(c + QPointF(r * 0.35, r * 0.1))
    dome.lineTo(c + QPointF(-r * 0.35, r * 0.1))
    dome.lineTo(c + QPointF(-r * 0.35, r * 0.7))
    dome.closeSubpath()
    painter.drawPath(dome)
    painter.setBrush(QColor("#b3261e"))
    painter.drawRect(QRectF(c.x() - r * 0.15, c.y() - r * 1.2, r * 0.3, r * 0.45))


def _flag(painter: QPainter, c: QPointF, r: float) -> None:
    """A pennant on a pole: the flag face (retreat)."""
    painter.setPen(QPen(INK, max(1.2, r * 0.12)))
    pole = c.x() - r * 0.6
    painter.drawLine(QPointF(pole, c.y() - r), QPointF(pole, c.y() + r))
    painter.setPen(QPen(INK, max(1.0, r * 0.06)))
    painter.setBrush(QColor("#d9a400"))
    painter.drawPolygon(
        QPolygonF([QPointF(pole, c.y() - r), QPointF(c.x() + r, c.y() - r * 0.55), QPointF(pole, c.y() - r * 0.05)])
    )


def _swords(painter: QPainter, c: QPointF, r: float) -> None:
    """Two crossed swords: the swords face."""
    for sign in (1, -1):
        guard = c + QPointF(r * 0.4 * sign, r * 0.4)
        across = QPointF(r * 0.3, -r * 0.3 * sign)
        painter.setPen(QPen(QColor("#6b6b6b"), max(1.5, r * 0.18), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(c + QPointF(-r * sign, -r), guard)
        painter.setPen(QPen(INK, max(1.5, r * 0.16), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(guard - across, guard + across)
        painter.drawLine(guard, c + QPointF(r * 0.85 * sign, r * 0.85))

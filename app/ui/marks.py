"""Painting the marks printed on a board from the system's glyph table (``Style.glyphs``), with no system's names.

A mark (``app.geometry.tiles.Mark``: a kind, directions, properties) is drawn by the glyph its system's style
gives its kind: a ``shape`` (``disc``, ``diamond``, ``square``, ``star``, ``frame``, ``none``) of a ``size`` in
``colour`` with an ``outline``, optional arrows along the mark's directions, an optional text, or a ``route``:
a polyline through every mark with the same ``line`` property, in ``index`` order. A colour is ``"#rrggbb"``,
``"@colour"`` (the mark's ``colour`` property looked up in the style's ``marks`` colours) or ``"auto"`` (an
outline that contrasts with the fill); a text is a literal or ``"@label"`` (a property). Marks of a kind with no
glyph (town names on a hex map, area names) get a small ring and their name.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF

from app.ui.drawing import arrow, draw_text
from app.ui.theme import Theme, colour


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
        style = getattr(geo, "style", None)
        self.glyphs: Mapping[str, Mapping[str, Any]] = style.glyphs if style is not None else {}
        self.mark_colours: Mapping[str, str] = style.marks if style is not None else {}

    def paint(self, cells: list[Any]) -> None:
        """Paint marks of ``cells`` and the routes crossing them."""
        marks = getattr(self.geo.board, "marks", None) or {}
        if not marks:
            return
        self._routes(marks)
        for cell in cells:
            for mark in marks.get(cell.loc, ()):
                at = dict(mark.props).get("label_at")  # area names may be placed by the map's author
                self._mark(QPointF(*at) if isinstance(at, (tuple, list)) else cell.centre, mark)

    def _colour(self, value: Any, mark: Any, fill: QColor | None = None) -> QColor:
        if value == "@colour":
            name = str(dict(mark.props).get("colour", "default"))
            found = self.mark_colours.get(name) or self.mark_colours.get("default")
            return colour(found or "#7a2a8a")
        if value == "auto" or value is None:
            return self._outline(fill if fill is not None else QColor("#7a2a8a"))
        return colour(str(value))

    @staticmethod
    def _outline(fill: QColor) -> QColor:
        return QColor("#ffffff") if fill.lightness() < 128 else QColor("#202020")

    def _routes(self, marks: dict[Any, tuple[Any, ...]]) -> None:
        lines: dict[str, list[tuple[int, Any, Any]]] = defaultdict(list)
        for loc, items in marks.items():
            for mark in items:
                if self.glyphs.get(mark.kind, {}).get("shape") == "route":
                    props = dict(mark.props)
                    lines[str(props.get("line", ""))].append((int(props.get("index", 0)), loc, mark))
        for points in lines.values():
            points.sort(key=lambda item: item[0])
            first = points[0][2]
            glyph = self.glyphs[first.kind]
            cells = [self.geo.by_loc.get(loc) for _, loc, _ in points]
            poly = QPolygonF([c.centre for c in cells if c is not None])
            fill = self._colour(glyph.get("colour", "@colour"), first)
            width = float(str(dict(first.props).get("width", glyph.get("width", 0.09))))  # routes may be thicker
            pen = QPen(self._outline(fill), self.size * width, Qt.PenStyle.DashLine)
            self.p.setBrush(Qt.BrushStyle.NoBrush)
            self.p.setPen(pen)
            self.p.drawPolyline(poly)
            pen.setColor(fill)
            pen.setWidthF(self.size * width * 0.55)
            self.p.setPen(pen)
            self.p.drawPolyline(poly)

    def _mark(self, centre: QPointF, mark: Any) -> None:
        glyph = self.glyphs.get(mark.kind)
        if glyph is None:
            self._draw_generic(centre, mark)
        elif glyph.get("shape") != "route":
            self._glyph(centre, mark, glyph)

    def _glyph(self, centre: QPointF, mark: Any, glyph: Mapping[str, Any]) -> None:
        fill = self._colour(glyph.get("colour", "#7a2a8a"), mark)
        pen = QPen(self._colour(glyph.get("outline", "auto"), mark, fill), self.size * glyph.get("outline_width", 0.03))
        if glyph.get("dashed"):
            pen.setStyle(Qt.PenStyle.DashLine)
        self.p.setPen(pen)
        self.p.setBrush(QBrush(fill))
        self._shape(centre, str(glyph.get("shape", "disc")), glyph)
        if glyph.get("arrows"):
            self._arrows(centre, mark, glyph, fill)
        text = glyph.get("text")
        if text:
            shown = self._prop_text(mark, text[1:]) if text.startswith("@") else str(text)
            at = centre + QPointF(0, self.size * glyph.get("text_dy", 0.0))
            ink = colour(glyph.get("text_colour", "#202020"))
            draw_text(self.p, at, shown, self.size * glyph.get("text_size", 0.2), ink, bold=glyph.get("bold", True))

    def _prop_text(self, mark: Any, key: str) -> str:
        """A mark's property as text, in the window's language when the data carries it (``label_zh``)."""
        props = dict(mark.props)
        translated = props.get(f"{key}_zh") if self.lang == "zh_CN" else None
        return str(translated or props.get(key, ""))

    def _shape(self, centre: QPointF, shape: str, glyph: Mapping[str, Any]) -> None:
        r = self.size * glyph.get("size", 0.12)
        if shape == "disc":
            self.p.drawEllipse(centre, r, r)
        elif shape == "diamond":
            points = [QPointF(0, -r), QPointF(r, 0), QPointF(0, r), QPointF(-r, 0)]
            self.p.drawPolygon(QPolygonF([centre + p for p in points]))
        elif shape == "square":
            self.p.drawRect(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r))
        elif shape == "star":
            self.p.drawPolygon(_star(centre, r))
        elif shape == "frame":
            w, h = self.size * glyph.get("width", 0.8), self.size * glyph.get("height", 0.5)
            self.p.setBrush(Qt.BrushStyle.NoBrush)
            radius = self.size * 0.08
            self.p.drawRoundedRect(QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h), radius, radius)

    def _arrows(self, centre: QPointF, mark: Any, glyph: Mapping[str, Any], fill: QColor) -> None:
        """Arrows along the mark's directions: all filled, or (``"solid"``) only the one named by its ``solid``."""
        solid = dict(mark.props).get("solid") if glyph["arrows"] == "solid" else None
        if glyph["arrows"] == "solid":
            self.p.setPen(QPen(self._outline(fill), self.size * 0.02))
        defaults = (("start", 0.14), ("length", 0.2), ("width", 0.1))
        size = {k: self.size * glyph.get(f"arrow_{k}", d) for k, d in defaults}
        for direction in mark.directions:
            hollow = glyph["arrows"] == "solid" and direction != solid
            self.p.setBrush(QBrush(self._outline(fill) if hollow else fill))
            arrow(self.p, centre, direction, start=size["start"], length=size["length"], width=size["width"])

    def _draw_generic(self, centre: QPointF, mark: Any) -> None:
        props = dict(mark.props)
        name = props.get("name_zh" if self.lang == "zh_CN" else "name_en") or props.get("name_en")
        side = props.get("side")
        ring = self.theme.side(str(side)) if side else QColor("#5a4a7a")
        if mark.kind != "name":  # a bare name (area maps) needs no symbol
            self.p.setPen(QPen(self._outline(ring), self.size * 0.04))
            self.p.setBrush(QBrush(ring))
            self.p.drawEllipse(centre + QPointF(0, -self.size * 0.25), self.size * 0.07, self.size * 0.07)
        if name:
            below = 0.0 if mark.kind == "name" else self.size * 0.32
            draw_text(self.p, centre + QPointF(0, below), str(name), self.size * 0.17, QColor("#202020"), bold=True)


def _star(centre: QPointF, r: float) -> QPolygonF:
    points = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append(centre + QPointF(math.cos(a) * rad, math.sin(a) * rad))
    return QPolygonF(points)

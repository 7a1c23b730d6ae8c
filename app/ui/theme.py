"""Colours and styles of the board, read from ``resources/themes/<name>.json`` (data, not code)."""

from __future__ import annotations

import json
import math
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPolygonF

THEMES = Path(__file__).resolve().parents[2] / "resources" / "themes"


def colour(value: str) -> QColor:
    """Parse "#rrggbb" or "#rrggbbaa" (CSS order, alpha last)."""
    text = value.strip()
    if len(text) == 9 and text.startswith("#"):
        result = QColor(text[:7])
        result.setAlpha(int(text[7:], 16))
        return result
    return QColor(text)


@dataclass(frozen=True)
class TerrainStyle:
    """How one terrain is filled and decorated."""

    fill: QColor
    pattern: str
    pattern_colour: QColor


@dataclass(frozen=True)
class EdgeStyle:
    """How a feature on an edge is drawn (width in board units)."""

    colour: QColor
    width: float
    style: str


class Theme:
    """A loaded theme with lookups that never fail (unknown names get a stable fallback)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.background = colour(data.get("background", "#404040"))
        self._terrain: dict[str, TerrainStyle] = {}
        self._edges: dict[str, EdgeStyle] = {}

    def terrain(self, name: str) -> TerrainStyle:
        """Style of a terrain id."""
        found = self._terrain.get(name)
        if found is None:
            spec = self.data.get("terrain", {}).get(name)
            if spec is None:
                base = colour(self.data.get("terrain_default", {}).get("fill", "#d9d4c2"))
                hue = zlib.crc32(name.encode()) % 360
                fill = QColor.fromHsl(hue, 60, base.lightness())
                found = TerrainStyle(fill, "none", fill.darker(140))
            else:
                fill = colour(spec["fill"])
                found = TerrainStyle(fill, spec.get("pattern", "none"), colour(spec.get("pattern_colour", "#00000060")))
            self._terrain[name] = found
        return found

    def edge(self, kind: str) -> EdgeStyle:
        """Style of an edge feature kind."""
        found = self._edges.get(kind)
        if found is None:
            edges = self.data.get("edges", {})
            spec = edges.get(kind) or edges.get("default", {"colour": "#505050", "width": 0.1, "style": "solid"})
            found = EdgeStyle(colour(spec["colour"]), float(spec["width"]), spec.get("style", "solid"))
            self._edges[kind] = found
        return found

    def side(self, side: str, order: tuple[str, ...] = ()) -> QColor:
        """Counter colour of a side."""
        named = self.data.get("sides", {}).get(side)
        if named:
            return colour(named)
        palette = self.data.get("side_palette", ["#777777"])
        index = order.index(side) if side in order else zlib.crc32(side.encode())
        return colour(palette[index % len(palette)])

    def get(self, section: str, key: str, default: str = "#000000") -> QColor:
        """A colour from a named section ("highlights", "marks", ...)."""
        return colour(self.data.get(section, {}).get(key, default))

    def number(self, section: str, key: str, default: float) -> float:
        """A number from a named section."""
        return float(self.data.get(section, {}).get(key, default))


@lru_cache(maxsize=4)
def load_theme(name: str = "default") -> Theme:
    """Load a theme by name."""
    return Theme(json.loads((THEMES / f"{name}.json").read_text(encoding="utf-8")))


def _trees() -> QPainterPath:
    path = QPainterPath()
    for x, y, r in ((-0.22, -0.18, 0.13), (0.2, -0.2, 0.11), (0.0, 0.12, 0.14), (-0.25, 0.25, 0.09), (0.26, 0.22, 0.1)):
        path.addEllipse(QPointF(x, y), r, r)
    return path


def _waves() -> QPainterPath:
    path = QPainterPath()
    for row in (-0.25, 0.0, 0.25):
        path.moveTo(-0.36, row)
        for i in range(4):
            x0 = -0.36 + i * 0.18
            path.quadTo(QPointF(x0 + 0.045, row - 0.06), QPointF(x0 + 0.09, row))
            path.quadTo(QPointF(x0 + 0.135, row + 0.06), QPointF(x0 + 0.18, row))
    return path


def _crosshatch() -> QPainterPath:
    path = QPainterPath()
    for i in range(-3, 4):
        d = i * 0.13
        half = math.sqrt(max(0.0, 0.4**2 - (d / math.sqrt(2)) ** 2))
        for sign in (1, -1):
            cx, cy = d / math.sqrt(2), sign * d / math.sqrt(2)
            ux, uy = 1 / math.sqrt(2), -sign / math.sqrt(2)
            path.moveTo(cx - ux * half, cy - uy * half)
            path.lineTo(cx + ux * half, cy + uy * half)
    return path


def _planks() -> QPainterPath:
    path = QPainterPath()
    for y in (-0.3, -0.1, 0.1, 0.3):
        path.moveTo(-0.42, y)
        path.lineTo(0.42, y)
    return path


def _boxes() -> QPainterPath:
    path = QPainterPath()
    for x, y in ((-0.2, -0.2), (0.2, -0.2), (-0.2, 0.2), (0.2, 0.2)):
        path.addRect(QRectF(x - 0.15, y - 0.15, 0.3, 0.3))
    return path


def _box() -> QPainterPath:
    path = QPainterPath()
    path.addRect(QRectF(-0.3, -0.3, 0.6, 0.6))
    path.moveTo(-0.3, -0.3)
    path.lineTo(0.3, 0.3)
    path.moveTo(0.3, -0.3)
    path.lineTo(-0.3, 0.3)
    return path


def _dots() -> QPainterPath:
    path = QPainterPath()
    for x, y in ((-0.2, -0.2), (0.15, -0.25), (0.25, 0.1), (-0.1, 0.05), (-0.25, 0.25), (0.1, 0.3)):
        path.addEllipse(QPointF(x, y), 0.04, 0.04)
    return path


def _hill() -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(-0.35, 0.2), QPointF(-0.1, -0.15), QPointF(0.1, 0.2)]))
    path.addPolygon(QPolygonF([QPointF(0.0, 0.2), QPointF(0.18, -0.05), QPointF(0.36, 0.2)]))
    return path


def _marsh() -> QPainterPath:
    path = QPainterPath()
    for x, y in ((-0.2, -0.15), (0.18, 0.0), (-0.1, 0.25)):
        path.moveTo(x - 0.12, y)
        path.lineTo(x + 0.12, y)
        for dx in (-0.06, 0.0, 0.06):
            path.moveTo(x + dx, y)
            path.lineTo(x + dx * 1.5, y - 0.1)
    return path


def _rails() -> QPainterPath:
    path = QPainterPath()
    for x in (-0.18, 0.18):
        path.moveTo(x, -0.5)
        path.lineTo(x, 0.5)
    for y in (-0.36, -0.12, 0.12, 0.36):
        path.moveTo(-0.3, y)
        path.lineTo(0.3, y)
    return path


MOTIFS = {
    "rails": _rails,
    "trees": _trees,
    "waves": _waves,
    "crosshatch": _crosshatch,
    "planks": _planks,
    "boxes": _boxes,
    "box": _box,
    "dots": _dots,
    "hill": _hill,
    "marsh": _marsh,
}
FILLED_MOTIFS = frozenset({"trees", "dots", "hill"})


@lru_cache(maxsize=32)
def motif(name: str) -> QPainterPath | None:
    """The decoration drawn in a unit cell (centred on 0,0, within radius 0.45), or None."""
    build = MOTIFS.get(name)
    return build() if build else None


PEN_STYLES = {"dot": Qt.PenStyle.DotLine, "dash": Qt.PenStyle.DashLine}

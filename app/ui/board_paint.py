"""Painting a board (terrain, edges, roads, marks, labels) from any Topology, with culling and level of detail.

``BoardGeometry`` converts the topology once into Qt polygons and segments; ``paint_board`` draws the part of
the board inside an exposed rectangle. Sizes are in board units, so everything scales with the zoom.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from app.ui.drawing import cosmetic, draw_text, draw_texts
from app.ui.marks import MarkPainter, mark_name
from app.ui.theme import FILLED_MOTIFS, PEN_STYLES, Theme, motif


@dataclass
class Cell:
    """One location ready to draw."""

    loc: Any
    polygon: QPolygonF
    rect: QRectF
    centre: QPointF
    terrain: str
    label: str


@dataclass
class Edge:
    """One edge feature ready to draw."""

    line: QLineF
    kind: str
    rect: QRectF


@dataclass
class BoardGeometry:
    """Qt geometry of a board, built once per board."""

    board: Any
    cells: list[Cell] = field(default_factory=list)
    by_loc: dict[Any, Cell] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    cell_size: float = 1.0
    bucket: float = 4.0
    index: dict[tuple[int, int], list[Cell]] = field(default_factory=dict)
    style: Any = None  # the system's Style (board-mark glyphs and colours), if it gave one
    _bounds: QRectF | None = field(default=None, repr=False, compare=False)

    @property
    def topology(self) -> Any:
        """The board's topology."""
        return self.board.topology

    def bounds(self) -> QRectF:
        """The board rectangle with a small margin (a copy: callers may adjust it)."""
        if self._bounds is None:  # topology.bounds() walks every location: items ask for it on every paint
            x0, y0, x1, y1 = self.topology.bounds()
            m = self.cell_size * 0.3
            self._bounds = QRectF(x0 - m, y0 - m, (x1 - x0) + 2 * m, (y1 - y0) + 2 * m)
        return QRectF(self._bounds)

    def visible(self, rect: QRectF) -> Iterable[Cell]:
        """Cells whose bounding rectangle meets ``rect``."""
        b = self.bucket
        bx0, by0 = math.floor(rect.left() / b) - 1, math.floor(rect.top() / b) - 1
        bx1, by1 = math.floor(rect.right() / b) + 1, math.floor(rect.bottom() / b) + 1
        if (bx1 - bx0) * (by1 - by0) > 4 * len(self.index) + 16:
            yield from (c for c in self.cells if c.rect.intersects(rect))
            return
        seen: set[int] = set()
        for bx in range(bx0, bx1 + 1):
            for by in range(by0, by1 + 1):
                for c in self.index.get((bx, by), ()):
                    if id(c) not in seen and c.rect.intersects(rect):
                        seen.add(id(c))
                        yield c


def build_geometry(board: Any) -> BoardGeometry:
    """Convert a board's topology into Qt geometry (cells, an index for culling, edge features)."""
    topo = board.topology
    geo = BoardGeometry(board)
    for loc in topo.locations():
        poly = QPolygonF([QPointF(x, y) for x, y in topo.polygon(loc)])
        cx, cy = topo.centre(loc)
        cell = Cell(loc, poly, poly.boundingRect(), QPointF(cx, cy), topo.terrain(loc), topo.label(loc))
        geo.cells.append(cell)
        geo.by_loc[loc] = cell
    sizes = sorted(min(c.rect.width(), c.rect.height()) for c in geo.cells) or [1.0]
    geo.cell_size = sizes[len(sizes) // 2]
    geo.bucket = geo.cell_size * 4
    for cell in geo.cells:
        r = cell.rect
        for bx in range(math.floor(r.left() / geo.bucket), math.floor(r.right() / geo.bucket) + 1):
            for by in range(math.floor(r.top() / geo.bucket), math.floor(r.bottom() / geo.bucket) + 1):
                geo.index.setdefault((bx, by), []).append(cell)
    geo.edges = _edges(topo)
    return geo


def _edges(topo: Any) -> list[Edge]:
    seen: set[frozenset[Any]] = set()
    found: list[Edge] = []
    for loc in topo.locations():
        for other in topo.neighbours(loc):
            key = frozenset((loc, other))
            if key in seen:
                continue
            seen.add(key)
            features = topo.edge_features(loc, other)
            if not features:
                continue
            (x1, y1), (x2, y2) = topo.edge_segment(loc, other)
            if (x1, y1) == (x2, y2):
                continue
            line = QLineF(x1, y1, x2, y2)
            rect = QRectF(QPointF(min(x1, x2), min(y1, y2)), QPointF(max(x1, x2), max(y1, y2))).adjusted(
                -0.2, -0.2, 0.2, 0.2
            )
            found.extend(Edge(line, f.kind, rect) for f in features)
    return found


@dataclass
class PaintOptions:
    """What to draw, chosen by the caller from zoom and preferences."""

    lod: float = 20.0  # pixels per board unit
    lang: str = "en"
    labels: bool = True


def paint_board(painter: QPainter, geo: BoardGeometry, theme: Theme, exposed: QRectF, opts: PaintOptions) -> None:
    """Paint everything static on the board that meets ``exposed``."""
    cells = list(geo.visible(exposed))
    _paint_cells(painter, geo, theme, cells, opts)
    _paint_paths(painter, geo, theme)
    _paint_edges(painter, geo, theme, exposed)
    _paint_sections(painter, geo, theme)
    _paint_outlines(painter, geo, theme, opts)
    MarkPainter(painter, geo, theme, opts.lang).paint(cells)
    if opts.labels:
        _paint_labels(painter, geo, theme, cells, opts)


def _paint_cells(painter: QPainter, geo: BoardGeometry, theme: Theme, cells: list[Cell], opts: PaintOptions) -> None:
    groups: dict[str, list[Cell]] = defaultdict(list)
    for cell in cells:
        groups[cell.terrain].append(cell)
    grid = theme.get("grid", "colour", "#00000040")
    painter.setPen(cosmetic(grid, theme.number("grid", "width_px", 1.0)) if opts.lod > 6 else Qt.PenStyle.NoPen)
    for terrain, group in groups.items():
        fill = theme.terrain(terrain).fill
        painter.setBrush(QBrush(fill))
        for cell in group:
            if geo.topology.kind == "area":  # neighbouring areas need telling apart: a stable tint per area
                painter.setBrush(QBrush(_area_tint(fill, cell.loc)))
            painter.drawPolygon(cell.polygon)
    if geo.topology.kind == "area":
        _paint_area_borders(painter, theme, cells)
    if geo.cell_size * opts.lod < 10:
        return
    scale = geo.cell_size * (0.95 if geo.topology.kind == "square" else 0.85)
    for terrain, group in groups.items():
        style = theme.terrain(terrain)
        path = motif(style.pattern)
        if path is None:
            continue
        filled = style.pattern in FILLED_MOTIFS
        painter.setPen(Qt.PenStyle.NoPen if filled else cosmetic(style.pattern_colour, 1.2))
        painter.setBrush(QBrush(style.pattern_colour) if filled else Qt.BrushStyle.NoBrush)
        base = painter.transform()
        for cell in group:
            painter.setTransform(base)
            painter.translate(cell.centre)
            painter.scale(scale, scale)
            painter.drawPath(path)
        painter.setTransform(base)


def _area_tint(fill: QColor, loc: Any) -> QColor:
    """The terrain colour shifted a little in lightness and hue, the same for an area every time."""
    digest = sum((i + 1) * ord(ch) for i, ch in enumerate(str(loc)))
    hue, sat, light, alpha = fill.getHsl()
    shift = (digest % 7 - 3) * 7
    return QColor.fromHsl((hue + (digest % 5 - 2) * 6) % 360, sat, max(0, min(255, light + shift)), alpha)


def _paint_area_borders(painter: QPainter, theme: Theme, cells: list[Cell]) -> None:
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(cosmetic(theme.get("grid", "area_border", "#4a4a4aff"), 1.6))
    for cell in cells:
        painter.drawPolygon(cell.polygon)


def _paint_paths(painter: QPainter, geo: BoardGeometry, theme: Theme) -> None:
    board, topo = geo.board, geo.topology
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for name, style in (("roads", Qt.PenStyle.SolidLine), ("railways", Qt.PenStyle.DashLine)):
        paths = getattr(board, name, None) or []
        pen = QPen(theme.get(name, "colour", "#9a8762"), theme.number(name, "width", 0.15) * geo.cell_size, style)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        for path in paths:
            points = [QPointF(*topo.centre(_loc(loc))) for loc in path if topo.contains(_loc(loc))]
            if len(points) > 1:
                painter.drawPolyline(QPolygonF(points))


def _loc(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _paint_edges(painter: QPainter, geo: BoardGeometry, theme: Theme, exposed: QRectF) -> None:
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for edge in geo.edges:
        if not edge.rect.intersects(exposed):
            continue
        style = theme.edge(edge.kind)
        width = style.width * geo.cell_size
        pen = QPen(style.colour, width, PEN_STYLES.get(style.style, Qt.PenStyle.SolidLine))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap if style.style == "dot" else Qt.PenCapStyle.FlatCap)
        if style.style == "dot":
            pen.setDashPattern([0.01, 1.6])
        line = edge.line
        if style.style == "double":
            _double_line(painter, line, style.colour, width, geo.cell_size)
        elif style.style in ("door", "bridge"):
            _gap_line(painter, line, pen, style.style)
        else:
            painter.setPen(pen)
            painter.drawLine(line)


def _double_line(painter: QPainter, line: QLineF, colour: QColor, width: float, size: float) -> None:
    normal = line.normalVector().unitVector()
    off = QPointF(normal.dx(), normal.dy()) * size * 0.05
    painter.setPen(QPen(QColor("#f4f8ff"), size * 0.14))
    painter.drawLine(line)
    painter.setPen(QPen(colour, width))
    painter.drawLine(line.translated(off))
    painter.drawLine(line.translated(-off))


def _gap_line(painter: QPainter, line: QLineF, pen: QPen, style: str) -> None:
    """A door: a thick bar leaving a gap; a bridge: two rails across."""
    if style == "door":
        painter.setPen(QPen(QColor("#4a3a2a"), pen.widthF() * 0.9))
        painter.drawLine(QLineF(line.pointAt(0.0), line.pointAt(0.2)))
        painter.drawLine(QLineF(line.pointAt(0.8), line.pointAt(1.0)))
        painter.setPen(pen)
        painter.drawLine(QLineF(line.pointAt(0.25), line.pointAt(0.75)))
        return
    normal = line.normalVector().unitVector()
    off = QPointF(normal.dx(), normal.dy()) * pen.widthF()
    mid = line.pointAt(0.5)
    painter.setPen(pen)
    painter.drawLine(QLineF(mid - off * 1.5, mid + off * 1.5))


def _paint_sections(painter: QPainter, geo: BoardGeometry, theme: Theme) -> None:
    sections = getattr(geo.board, "sections", None) or {}
    if len(sections) < 2:
        return
    bands = []
    for locs in sections.values():
        xs = [geo.by_loc[_loc(loc)].centre.x() for loc in locs if _loc(loc) in geo.by_loc]
        if xs:
            bands.append((sum(xs) / len(xs), set(map(_loc, locs))))
    bands.sort(key=lambda b: b[0])
    rect = geo.bounds()
    painter.setPen(
        cosmetic(
            theme.get("sections", "colour", "#2a2a2aa0"), theme.number("sections", "width_px", 2.0), Qt.PenStyle.DotLine
        )
    )
    for (_, left), (_, right) in itertools.pairwise(bands):
        shared = [geo.by_loc[loc].centre.x() for loc in left & right]
        if shared:
            x = sum(shared) / len(shared)
        else:
            x = (max(geo.by_loc[loc].centre.x() for loc in left) + min(geo.by_loc[loc].centre.x() for loc in right)) / 2
        painter.drawLine(QLineF(x, rect.top(), x, rect.bottom()))


def _paint_outlines(painter: QPainter, geo: BoardGeometry, theme: Theme, opts: PaintOptions) -> None:
    outlines = getattr(geo.board, "tile_outlines", None) or []
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(
        cosmetic(theme.get("tile_outline", "colour", "#00000070"), theme.number("tile_outline", "width_px", 2))
    )
    name_colour = theme.get("tile_outline", "name_colour", "#00000050")
    titles = getattr(geo.board, "tile_names", None) or {}  # printed names in both languages, when the library has them
    for name, points in outlines:
        poly = QPolygonF([QPointF(x, y) for x, y in points])
        painter.drawPolygon(poly)
        if opts.lod * geo.cell_size > 18 and name:
            r = poly.boundingRect()
            title = titles.get(name)
            draw_text(
                painter,
                QPointF(r.left() + 0.12 * geo.cell_size, r.bottom() - 0.16 * geo.cell_size),
                title.render(opts.lang) if title is not None else str(name),
                0.22 * geo.cell_size,
                name_colour,
                bold=True,
                align=Qt.AlignmentFlag.AlignLeft,
            )


MIN_LABEL_PIXELS = 8.0  # coordinates are never drawn smaller than this on screen ...
MAX_LABEL_SHARE = 0.3  # ... nor bigger than this share of a square: below that zoom they are left out


def _paint_labels(painter: QPainter, geo: BoardGeometry, theme: Theme, cells: list[Cell], opts: PaintOptions) -> None:
    kind = geo.topology.kind
    px = geo.cell_size * opts.lod
    if kind == "area":  # areas carry their names as marks, in the current language
        return
    share = 0.16 if kind == "square" else 0.13  # of the square or hex, at a zoom where that is big enough
    size = geo.cell_size * share
    if px * share < MIN_LABEL_PIXELS:  # zoomed out: keep the coordinates readable while they still fit
        if px * MAX_LABEL_SHARE < MIN_LABEL_PIXELS:
            return
        size = MIN_LABEL_PIXELS / opts.lod
    col = theme.get("label", "hex_colour" if kind == "hex" else "colour", "#303030a0")
    if kind == "square":
        lift = max(0.11 * geo.cell_size, 0.65 * size)
        places = [(QPointF(c.rect.left() + 0.05 * geo.cell_size, c.rect.top() + lift), c.label) for c in cells]
        draw_texts(painter, places, size, col, align=Qt.AlignmentFlag.AlignLeft)
    elif kind == "hex":
        places = [(QPointF(c.centre.x(), c.rect.top() + 0.16 * c.rect.height()), c.label) for c in cells]
        draw_texts(painter, places, size, col)
    else:
        draw_texts(painter, [(c.centre, mark_name(c.label)) for c in cells], size * 1.5, col, bold=True)


def cell_path(geo: BoardGeometry, locs: Iterable[Any]) -> QPainterPath:
    """One path covering the given locations (unknown ones skipped)."""
    path = QPainterPath()
    for loc in locs:
        cell = geo.by_loc.get(_loc(loc))
        if cell is not None:
            path.addPolygon(cell.polygon)
            path.closeSubpath()
    return path

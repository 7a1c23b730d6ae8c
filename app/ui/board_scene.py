"""The board scene: a cached static board, highlight overlays, and counter/marker items synced from a GameView."""

from __future__ import annotations

import math
from collections import OrderedDict, defaultdict
from typing import Any

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPixmap, QPixmapCache, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from app.core.view import GameView
from app.ui.board_paint import BoardGeometry, PaintOptions, build_geometry, paint_board
from app.ui.counters import COUNTER_Z, FANNED_Z, CounterItem, FootprintItem, MarkerItem, loc_key, stack_offsets
from app.ui.theme import Theme, load_theme

PIXMAP_CACHE_KB = 256 * 1024
TILE_PX = 256  # board tile side in device pixels
MAX_TILES = 160  # about 40 MB of tiles: several screens of a 1400x900 view
FILL_DELAY_MS = 120  # the view must rest this long after a zoom before its tiles are rendered


class BoardItem(QGraphicsItem):
    """The static board (terrain, edges, roads, marks, labels), cached as device-pixel tiles per zoom level.

    In a view the board is painted into ``TILE_PX`` square pixmaps aligned on the device pixel grid, so panning
    only blits tiles (and paints the tiles newly scrolled in) instead of repainting the exposed strip and
    copying a viewport-sized cache as Qt's DeviceCoordinateCache does on every scroll. Any zoom, language or
    label change starts a new set of tiles; the least recently used tiles go first. Rotated transforms paint
    directly. So does the first frame at a new zoom that would have to render most of its tiles (the first
    frame of all, each step of a wheel zoom): one direct paint costs about a third of rendering every tile. The
    tiles are rendered by the next frame at that zoom, or once the view has rested for ``FILL_DELAY_MS``.
    """

    def __init__(self, geo: BoardGeometry, theme: Theme) -> None:
        super().__init__()
        self.geo = geo
        self.theme = theme
        self._lang = "en"
        self._show_labels = True
        self._rect = geo.bounds()
        self._tiles: OrderedDict[tuple[Any, ...], QPixmap] = OrderedDict()  # (paint key, column, row), LRU
        self._fill_now = False
        self._direct_key: tuple[Any, ...] | None = None
        self._fill_timer = QTimer()
        self._fill_timer.setSingleShot(True)
        self._fill_timer.setInterval(FILL_DELAY_MS)
        self._fill_timer.timeout.connect(self._fill_tiles)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setZValue(0)

    @property
    def lang(self) -> str:
        """Language of the place names."""
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        if value != self._lang:
            self._lang = value
            self.invalidate_tiles()

    @property
    def show_labels(self) -> bool:
        """Whether location labels are drawn."""
        return self._show_labels

    @show_labels.setter
    def show_labels(self, value: bool) -> None:
        if value != self._show_labels:
            self._show_labels = value
            self.invalidate_tiles()

    def invalidate_tiles(self) -> None:
        """Forget the cached tiles (call ``update()`` to repaint)."""
        self._tiles.clear()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        world = painter.worldTransform()
        if world.type().value > QTransform.TransformationType.TxScale.value or painter.device() is None:
            self._paint_direct(painter, option.exposedRect)
            return
        self._paint_tiles(painter, world, option.exposedRect)

    def _options(self, lod: float) -> PaintOptions:
        return PaintOptions(lod=lod, lang=self._lang, labels=self._show_labels)

    def _paint_direct(self, painter: QPainter, exposed: QRectF) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, lod > 4)
        paint_board(painter, self.geo, self.theme, exposed, self._options(lod))

    def _paint_tiles(self, painter: QPainter, world: QTransform, exposed: QRectF) -> None:
        sx, sy, dx, dy = world.m11(), world.m22(), world.dx(), world.dy()
        ox, oy = math.floor(dx), math.floor(dy)  # scrolling moves these; the fractions stay, so tiles stay valid
        fx, fy = dx - ox, dy - oy
        dpr = painter.device().devicePixelRatioF()
        key = (sx, sy, round(fx, 4), round(fy, 4), dpr, painter.renderHints().value, painter.font().key())
        area = world.mapRect(exposed.intersected(self._rect))
        if area.isEmpty():
            return
        i0, i1 = math.floor((area.left() - ox) / TILE_PX), math.ceil((area.right() - ox) / TILE_PX)
        j0, j1 = math.floor((area.top() - oy) / TILE_PX), math.ceil((area.bottom() - oy) / TILE_PX)
        missing = sum((key, i, j) not in self._tiles for i in range(i0, i1) for j in range(j0, j1))
        if not self._fill_now and key != self._direct_key and missing * 2 > (i1 - i0) * (j1 - j0):
            self._direct_key = key  # a second frame at this zoom renders its tiles
            self._paint_direct(painter, exposed)
            self._fill_timer.start()  # restarted by every such frame: tiles once the zoom has settled
            return
        self._fill_now = False
        painter.save()
        painter.resetTransform()
        for i in range(i0, i1):
            for j in range(j0, j1):
                tile_key = (key, i, j)
                tile = self._tiles.get(tile_key)
                if tile is None:
                    tile = self._render_tile(painter, i, j, (sx, sy, fx, fy), dpr)
                    self._tiles[tile_key] = tile
                    while len(self._tiles) > MAX_TILES:
                        self._tiles.popitem(last=False)
                else:
                    self._tiles.move_to_end(tile_key)
                painter.drawPixmap(ox + i * TILE_PX, oy + j * TILE_PX, tile)
        painter.restore()

    def _fill_tiles(self) -> None:
        """Repaint through the tile cache, rendering the tiles the last direct frames skipped."""
        if shiboken6.isValid(self) and self.scene() is not None:  # the scene may have deleted the item since
            self._fill_now = True
            self.update()

    def _render_tile(
        self, target: QPainter, i: int, j: int, transform: tuple[float, float, float, float], dpr: float
    ) -> QPixmap:
        sx, sy, fx, fy = transform
        tile = QPixmap(round(TILE_PX * dpr), round(TILE_PX * dpr))
        tile.setDevicePixelRatio(dpr)
        tile.fill(Qt.GlobalColor.transparent)
        to_tile = QTransform(sx, 0, 0, sy, fx - i * TILE_PX, fy - j * TILE_PX)
        inverse, _ = to_tile.inverted()
        margin = self.geo.cell_size  # shapes near the tile (labels, marks) may reach into it
        culled = inverse.mapRect(QRectF(0, 0, TILE_PX, TILE_PX)).adjusted(-margin, -margin, margin, margin)
        painter = QPainter(tile)
        painter.setRenderHints(target.renderHints())
        painter.setFont(target.font())
        painter.setTransform(to_tile)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(to_tile)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, lod > 4)
        paint_board(painter, self.geo, self.theme, culled, self._options(lod))
        painter.end()
        return tile


class HighlightItem(QGraphicsItem):
    """Translucent overlays on locations: command targets, vision grades, hover."""

    def __init__(self, geo: BoardGeometry, z: float) -> None:
        super().__init__()
        self.geo = geo
        self.fills: dict[Any, tuple[QColor, QColor | None]] = {}
        self._rect = geo.bounds()
        self.setZValue(z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def set_fills(self, fills: dict[Any, tuple[QColor, QColor | None]]) -> None:
        """Replace the highlighted locations: loc -> (fill, outline or None)."""
        if fills != self.fills:
            self.fills = fills
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.fills:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        exposed = option.exposedRect
        for loc, (fill, outline) in self.fills.items():
            cell = self.geo.by_loc.get(loc)
            if cell is None or not cell.rect.intersects(exposed):
                continue
            pen = QPen(outline, self.geo.cell_size * 0.035) if outline is not None else QPen(QColor(0, 0, 0, 0))
            painter.setPen(pen)
            painter.setBrush(QBrush(fill))
            painter.drawPolygon(cell.polygon)


class BoardScene(QGraphicsScene):
    """Projection of a GameView: never holds game truth, rebuilt from each new view."""

    def __init__(self, theme: Theme | None = None, parent: Any = None) -> None:
        super().__init__(parent)
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:  # counters and the board are cached as pixmaps
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self.theme = theme or load_theme()
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.setBackgroundBrush(self.theme.background)
        self.geo: BoardGeometry | None = None
        self.board_item: BoardItem | None = None
        self.counters: dict[str, CounterItem] = {}
        self.markers: dict[str, MarkerItem] = {}
        self.lang = "en"
        self.side_order: tuple[str, ...] = ()
        self.counter_scale = 1.0
        self.fanned: Any = None
        self.selected_id: str | None = None
        self._stacks: dict[Any, list[CounterItem]] = {}
        self.layers: dict[str, HighlightItem] = {}

    # --- board --------------------------------------------------------------------------------------
    def set_board(self, board: Any, style: Any = None) -> None:
        """Build the static board and its overlay layers (``style``: the system's colours and mark glyphs)."""
        if self.geo is not None and self.geo.board is board and self.geo.style is style:
            return
        self.clear()
        self.counters.clear()
        self.markers.clear()
        self.geo = build_geometry(board)
        self.geo.style = style
        self.board_item = BoardItem(self.geo, self.theme)
        self.board_item.lang = self.lang
        self.addItem(self.board_item)
        # zones: areas the editor tints (set-up zones); actors: counters you may order
        layers = (("zones", 0.4), ("actors", 0.5), ("view", 1), ("targets", 2), ("hover", 3))
        self.layers = {name: HighlightItem(self.geo, z) for name, z in layers}
        for layer in self.layers.values():
            self.addItem(layer)
        bounds = self.geo.bounds()
        # room to scroll the board clear of overlays (the minimap) and to pan past its edges
        margin = max(self.geo.cell_size * 2, 0.4 * max(bounds.width(), bounds.height()))
        self.setSceneRect(bounds.adjusted(-margin, -margin, margin, margin))

    @property
    def counter_size(self) -> float:
        """Counter side in board units."""
        if self.geo is None:
            return 1.0
        # areas are uneven: a counter of the median area's size would cover the small ones and their names
        factor = {"square": 0.78, "area": 0.45}.get(self.geo.topology.kind, 0.82)
        return self.geo.cell_size * factor * self.counter_scale

    def location_at(self, pos: QPointF) -> Any:
        """The location under a scene point, or None."""
        if self.geo is None:
            return None
        return self.geo.topology.locate(pos.x(), pos.y())

    def centre_of(self, loc: Any) -> QPointF:
        """Scene centre of a location."""
        assert self.geo is not None
        cell = self.geo.by_loc.get(loc_key(loc))
        return cell.centre if cell is not None else QPointF()

    def set_language(self, lang: str) -> None:
        """Repaint texts that depend on the language (place names, tooltips)."""
        self.lang = lang
        if self.board_item is not None:
            self.board_item.lang = lang  # a new language starts new tiles
            self.board_item.update()

    # --- view sync ----------------------------------------------------------------------------------
    def sync(self, view: GameView) -> None:
        """Make the items match a GameView (add, update, move, remove by id)."""
        if view.board is not None:
            self.set_board(view.board, view.style)
        if self.geo is None:
            return
        self._sync_counters(view)
        self._sync_markers(view)
        self.layout_stacks()

    def _sync_counters(self, view: GameView) -> None:
        seen = set()
        size = self.counter_size
        for cv in view.counters:
            box = self.footprint_rect(cv)
            if box is None and (cv.loc is None or loc_key(cv.loc) not in self.geo.by_loc):  # type: ignore[union-attr]
                continue
            seen.add(cv.id)
            fill = QColor(cv.colour) if cv.colour else self.theme.side(cv.side, self.side_order)
            item = self.counters.get(cv.id)
            extent = (box.width(), box.height()) if box is not None else None
            if item is None or item.size != size or getattr(item, "extent", None) != extent:
                if item is not None:
                    self.removeItem(item)
                if extent is not None:
                    item = FootprintItem(cv, size, fill, self.theme, self.lang, extent=extent)
                else:
                    item = CounterItem(cv, size, fill, self.theme, self.lang)
                self.counters[cv.id] = item
                self.addItem(item)
            else:
                item.set_view(cv, fill, self.lang)
            if box is not None:
                item.setPos(box.center())
        for gone in set(self.counters) - seen:
            self.removeItem(self.counters.pop(gone))

    def footprint_rect(self, cv: Any) -> QRectF | None:
        """Scene rectangle of a multi-square counter (a vehicle's footprint) on a square board, or ``None`` for a
        one-location counter or when none of its squares is on the board. Squares off the board (a vehicle partly
        off the map) extend the rectangle past its edge."""
        if not cv.footprint or self.geo is None or self.geo.topology.kind != "square":
            return None
        locs = [loc_key(c) for c in (cv.loc, *cv.footprint) if c is not None]
        on = [c for c in locs if c in self.geo.by_loc]
        if not on:
            return None
        ref = self.geo.by_loc[on[0]]
        (rx, ry), w, h = on[0], ref.rect.width(), ref.rect.height()
        xs, ys = [c[0] for c in locs], [c[1] for c in locs]
        left, top = ref.rect.left() + (min(xs) - rx) * w, ref.rect.top() + (min(ys) - ry) * h
        return QRectF(left, top, (max(xs) - min(xs) + 1) * w, (max(ys) - min(ys) + 1) * h)

    def counters_at(self, loc: Any) -> list[CounterItem]:
        """Counters on a location, a vehicle on any square of its footprint included."""
        key = loc_key(loc)
        return [
            i for i in self.counters.values() if loc_key(i.view.loc) == key or key in map(loc_key, i.view.footprint)
        ]

    def _sync_markers(self, view: GameView) -> None:
        seen = set()
        for mv in view.markers:
            if mv.loc is None or loc_key(mv.loc) not in self.geo.by_loc:  # type: ignore[union-attr]
                continue
            seen.add(mv.id)
            item = self.markers.get(mv.id)
            if item is None:
                item = MarkerItem(mv, self.counter_size * 0.7, self.lang)
                self.markers[mv.id] = item
                self.addItem(item)
            else:
                item.set_view(mv, self.lang)
            item.setPos(self._marker_centre(mv.loc))
        for gone in set(self.markers) - seen:
            self.removeItem(self.markers.pop(gone))

    def layout_stacks(self) -> None:
        """Place counters: stacks staggered, the hovered stack fanned out."""
        stacks: dict[Any, list[CounterItem]] = defaultdict(list)
        for item in self.counters.values():
            if not isinstance(item, FootprintItem):  # a vehicle lies over its footprint, placed by the sync
                stacks[loc_key(item.view.loc)].append(item)
        self._stacks = stacks
        for loc in stacks:
            self._place_stack(loc)

    def _place_stack(self, loc: Any) -> None:
        items = sorted(self._stacks.get(loc, []), key=lambda item: item.counter_id == self.selected_id)
        fanned = loc == self.fanned
        centre = self._stack_centre(loc)
        # a leader with a unit rides on the unit's corner at half size, so the unit stays readable
        riders = [] if fanned or len(items) < 2 else [i for i in items if i.view.rider]
        if len(riders) == len(items):
            riders = riders[1:]
        main = [i for i in items if i not in riders]
        for k, (item, offset) in enumerate(zip(main, stack_offsets(len(main), self.counter_size, fanned), strict=True)):
            item.setScale(1.0)
            item.setPos(centre + offset)
            item.setZValue((FANNED_Z if fanned else COUNTER_Z) + k * 0.01)
        corner = self.counter_size * 0.42
        for k, item in enumerate(riders):
            item.setScale(0.5)
            item.setPos(centre + QPointF(corner - k * corner * 0.6, -corner))
            item.setZValue(COUNTER_Z + 0.5 + k * 0.01)

    def _stack_centre(self, loc: Any) -> QPointF:
        """Where a stack stands: the location's centre, or on an area map just below the area's printed name."""
        assert self.geo is not None
        marks = getattr(self.geo.board, "marks", None) or {}
        at = next((dict(m.props).get("label_at") for m in marks.get(loc_key(loc), ()) if m.kind == "name"), None)
        if self.geo.topology.kind != "area" or not isinstance(at, tuple | list):
            return self.centre_of(loc)
        return QPointF(at[0], at[1] + self.geo.cell_size * 0.12 + self.counter_size * 0.55)

    def _marker_centre(self, loc: Any) -> QPointF:
        """Where a location's marker goes: its centre, or on an area map beside the stack (off the name)."""
        assert self.geo is not None
        if self.geo.topology.kind != "area":
            return self.centre_of(loc)
        return self._stack_centre(loc) + QPointF(-self.counter_size * 0.95, 0.0)

    def stack_at(self, loc: Any) -> list[CounterItem]:
        """Counters in a location, bottom first."""
        return list(self._stacks.get(loc_key(loc), []))

    def fan(self, loc: Any) -> None:
        """Fan out the stack at ``loc`` (None: close the open fan)."""
        loc = None if loc is not None and len(self._stacks.get(loc, [])) < 2 else loc
        if loc == self.fanned:
            return
        old, self.fanned = self.fanned, loc
        for where in (old, loc):
            if where is not None:
                self._place_stack(where)

    def restack(self, item: CounterItem) -> None:
        """Put a counter back in its stack (after a refused drag)."""
        self._place_stack(loc_key(item.view.loc))

    # --- highlights ---------------------------------------------------------------------------------
    def set_layer(self, name: str, fills: dict[Any, tuple[QColor, QColor | None]]) -> None:
        """Set one overlay layer ("actors", "view", "targets", "hover")."""
        layer = self.layers.get(name)
        if layer is not None:
            layer.set_fills({loc_key(k): v for k, v in fills.items()})

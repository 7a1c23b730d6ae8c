"""Aids to reading the board in the main window: the overlay legend, the default view's focus and dock widths
that leave the board room on a small screen (issue 15, point 7)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRect, QSize, Qt
from PySide6.QtWidgets import QDockWidget, QGraphicsItem, QGraphicsView, QMainWindow

from app.ui.interaction import grade_colour, word
from app.ui.theme import Theme

SWATCH = "<span style='color:{0}'>■</span> {1}"
COMPACT_WIDTH = 1100  # below this window width the side docks shrink so the board keeps most of the room


def legend_html(view: Any, layers: Iterable[str], theme: Theme, lang: str) -> str:
    """The key to the overlays shown: each layer's plain name, then a coloured square and the plain name of each
    grade it shows ("Axis sight: ■ in full view ■ half seen"); empty when no overlay is shown."""
    parts = []
    for name in sorted(layers):
        grades = sorted({g for g in view.highlights.get(name, {}).values() if isinstance(g, str)})
        keys = [SWATCH.format(grade_colour(theme, view, g).name(), word(view, g, lang)) for g in grades]
        parts.append(f"<b>{word(view, name, lang)}</b>: " + " ".join(keys))
    return "  ".join(parts)


def centre_of(points: list[QPointF]) -> QPointF | None:
    """The mean of ``points`` (None when there are none)."""
    if not points:
        return None
    return QPointF(sum(p.x() for p in points) / len(points), sum(p.y() for p in points) / len(points))


def fit_docks(window: QMainWindow, left: list[QDockWidget], right: list[QDockWidget]) -> bool:
    """Give the side docks a width that suits the window: narrow below :data:`COMPACT_WIDTH` (at 1024×700 the
    board keeps more than half the width), roomy above. False when no dock is shown yet (nothing was sized)."""
    compact = window.width() < COMPACT_WIDTH
    widths = (190, 250) if compact else (270, 380)
    shown_left = [d for d in left if d.isVisible() and not d.isFloating()]
    shown_right = [d for d in right if d.isVisible() and not d.isFloating()]
    docks = [*shown_left[:1], *shown_right[:1]]
    sizes = [widths[0]] * len(shown_left[:1]) + [widths[1]] * len(shown_right[:1])
    if docks:
        window.resizeDocks(docks, sizes, Qt.Orientation.Horizontal)
    return bool(docks)


def free_corner(
    view: QGraphicsView, size: QSize, items: dict[str, QGraphicsItem], weights: dict[str, int], cell: float
) -> QPoint:
    """The top-left point of the viewport corner where an overlay of ``size`` hides the least: the corner over the
    fewest counters and away from those the player acts with (weight above 1) and the ``cell``-pixel squares round
    them; the top-right corner when it hides nothing."""
    vp, margin = view.viewport().rect(), 10
    corners = [
        QPoint(vp.width() - size.width() - margin, margin),
        QPoint(margin, margin),
        QPoint(vp.width() - size.width() - margin, vp.height() - size.height() - margin),
        QPoint(margin, vp.height() - size.height() - margin),
    ]
    shown = {cid: view.mapFromScene(item.pos()) for cid, item in items.items() if item.isVisible()}
    reach = round(3 * cell)  # where the counters to act with may go next: about three squares round them
    near = [
        QRect(at, QSize(0, 0)).adjusted(-reach, -reach, reach, reach)
        for cid, at in shown.items()
        if weights.get(cid, 1) > 1
    ]

    def hidden(corner: QPoint) -> int:
        area = QRect(corner, size).adjusted(-margin, -margin, margin, margin)
        counters = sum(weights.get(cid, 1) for cid, at in shown.items() if area.contains(at))
        return counters + 10 * sum(1 for zone in near if zone.intersects(area))

    return min(corners, key=hidden)

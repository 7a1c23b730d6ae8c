"""Neutral piece descriptions drawn with no system's code (DESIGN §3a "Pieces, not widgets").

A hex-and-counter game's counter — unit-type symbol, attack-defence-move factors, full and reduced sides,
badges — is described by a ``CounterView`` alone and drawn by the generic renderer: no new UI code.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from app.core.i18n import localized
from app.core.view import SYMBOLS, Badge, CounterView, GameView, MarkerView
from app.geometry.hexgrid import HexGrid
from app.scenario.boards import Board
from app.ui.counters import CounterItem, MarkerItem
from app.ui.render import render_scene, scene_for_view

RED = "#d62828"


def _board() -> Board:
    return Board(HexGrid("flat", "odd", 3, 3), {}, [], {}, [], None)  # type: ignore[arg-type]


def _counter(**changes: Any) -> CounterView:
    base: dict[str, Any] = {
        "id": "7pz",
        "loc": (1, 0),
        "label": "7/25",
        "title": localized("7th Panzer, 25th regiment"),
        "side": "german",
        "kind": "armour",
        "colour": "#6e6e6e",
        "symbol": "armour",
        "factors": ("6", "4", "8"),
    }
    base.update(changes)
    return CounterView(**base)


def _render(counter: CounterView, name: str, **view: Any) -> QImage:
    scene = scene_for_view(GameView(board=_board(), counters=(counter,), **view))
    item = scene.counters[counter.id]
    assert type(item) is CounterItem  # the generic counter, nothing made for this game
    rect = item.sceneBoundingRect()
    image = render_scene(scene, 240, QRectF(rect))
    if os.environ.get("ADJUTANT_PIECES_PNG"):  # to look at them: ADJUTANT_PIECES_PNG=/tmp/pieces pytest ...
        Path(os.environ["ADJUTANT_PIECES_PNG"]).mkdir(parents=True, exist_ok=True)
        image.save(str(Path(os.environ["ADJUTANT_PIECES_PNG"]) / f"{name}.png"))
    return image


def _pixels(image: QImage) -> list[int]:
    return [image.pixel(x, y) for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)]


def _share(image: QImage, colour: str, tolerance: int = 40) -> float:
    want = QColor(colour)
    close = 0
    pixels = _pixels(image)
    for value in pixels:
        got = QColor(value)
        if abs(got.red() - want.red()) + abs(got.green() - want.green()) + abs(got.blue() - want.blue()) < tolerance:
            close += 1
    return close / len(pixels)


def test_a_hex_and_counter_counter_needs_no_ui_code_of_its_own(qapp: Any) -> None:
    """Symbol, attack-defence-move factors and both sides of a counter come from the description alone."""
    full = _render(_counter(), "full")
    reduced = _render(_counter(factors=("3", "2", "8"), reduced=True), "reduced")
    bare = _render(_counter(symbol=None, factors=()), "bare")
    assert _pixels(full) != _pixels(reduced)  # the reduced side: other factors and a stripe
    assert _pixels(full) != _pixels(bare)  # symbol and factors are drawn
    striped = _render(_counter(reduced=True), "striped")  # same factors: only the stripe differs
    assert _lightness(striped, 0.6) > _lightness(full, 0.6) + 5  # the pale stripe across the lower corner


def _lightness(image: QImage, start: float) -> float:
    """Mean lightness of the image's lower-right corner (from ``start`` of its width and height)."""
    x0, y0 = int(image.width() * start), int(image.height() * start)
    width, height = image.width(), image.height()
    values = [QColor(image.pixel(x, y)).lightness() for y in range(y0, height) for x in range(x0, width)]
    return sum(values) / len(values)


def test_badges_band_and_rims_are_drawn_in_their_own_colours(qapp: Any) -> None:
    plain = _render(_counter(), "plain")
    dressed = _render(
        _counter(band="#2f9e44", badges=(Badge("!", RED, "alert"),), rims=("#1c7ed6",)),
        "dressed",
    )
    assert _share(dressed, "#2f9e44") > _share(plain, "#2f9e44") + 0.02  # the class band
    assert _share(dressed, RED) > _share(plain, RED)  # the badge
    assert _share(dressed, "#1c7ed6") > _share(plain, "#1c7ed6")  # the rim


def test_every_symbol_draws_and_a_round_stepped_piece_draws_its_pips(qapp: Any) -> None:
    images = [_pixels(_render(_counter(symbol=name, factors=()), f"symbol_{name}")) for name in SYMBOLS]
    assert len({tuple(p) for p in images}) == len(SYMBOLS)  # each symbol looks different
    disc = _render(_counter(shape="round", symbol=None, factors=(), steps=(1, 3)), "round")
    assert _share(disc, RED) > 0  # a lost step is a red pip


def test_a_rings_marker_lies_under_the_pieces(qapp: Any) -> None:
    marker = MarkerView("obj", (1, 1), "anything", title=None, shape="rings")
    scene = scene_for_view(GameView(board=_board(), counters=(_counter(loc=(1, 1)),), markers=(marker,)))
    item = scene.markers["obj"]
    assert isinstance(item, MarkerItem) and item.zValue() < scene.counters["7pz"].zValue()

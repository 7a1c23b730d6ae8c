"""Headless rendering of scenarios, saves and bare boards to PNG with the same BoardScene as the window."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from app.core.session import Session
from app.core.system import GameSystem
from app.core.view import GameView
from app.ui.board_scene import BoardScene


def ensure_app() -> QApplication:
    """The running QApplication, or a new one (works with QT_QPA_PLATFORM=offscreen)."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    return app  # type: ignore[return-value]


def render_scene(scene: BoardScene, size: int, rect: QRectF | None = None) -> QImage:
    """Render the scene (or ``rect`` of it) into an image whose longer side is ``size`` pixels."""
    source = rect or scene.itemsBoundingRect()
    ratio = source.height() / max(source.width(), 1e-9)
    width, height = (size, max(1, round(size * ratio))) if ratio <= 1 else (max(1, round(size / ratio)), size)
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(scene.theme.background)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, width, height), source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return image


def scene_for_view(view: GameView, lang: str = "en", sides: tuple[str, ...] = ()) -> BoardScene:
    """A BoardScene showing a GameView."""
    scene = BoardScene()
    scene.side_order = sides
    scene.set_language(lang)
    scene.sync(view)
    return scene


def render_session(session: Session, out: Path, size: int, lang: str = "en") -> QImage:
    """Render the board of a session (everything visible) to ``out``."""
    ensure_app()
    scene = scene_for_view(session.view(None), lang, session.system.info.sides)
    image = render_scene(scene, size)
    _save(image, out)
    return image


def render_file(path: Path, out: Path, size: int, systems: Mapping[str, GameSystem], lang: str = "en") -> None:
    """Render a scenario file or a save file to a PNG whose longer side is ``size`` pixels."""
    from app.core.saves import SAVE_FORMAT, load_from_path

    path = Path(path)
    if _format_of(path) == "adjutant-board":
        render_board(path, Path(out), size, lang, systems)
        return
    if _format_of(path) == SAVE_FORMAT:
        session = load_from_path(path, systems)
    else:
        from app.scenario.catalog import open_session

        session = open_session(path, systems, seed=1, mode="digital")
    render_session(session, Path(out), size, lang)


def _format_of(path: Path) -> str:
    from app.core.datafile import DataFileError, read_json_file
    from app.core.saves import MAX_SAVE_BYTES

    try:
        data: Any = read_json_file(path, max_bytes=MAX_SAVE_BYTES)
    except DataFileError:
        return ""
    return str(data.get("format", "")) if isinstance(data, dict) else ""


def render_board(
    board: Any, out: Path | None, size: int, lang: str = "en", systems: Mapping[str, GameSystem] | None = None
) -> QImage:
    """Render a bare board (a ``Board``, or a path to ``resources/boards/*.json``) to a PNG.

    A tiled board file needs ``systems``: its tiles are read by the system named in the file.
    """
    ensure_app()
    style = None
    if isinstance(board, (str, Path)):
        board, style = load_board(Path(board), systems or {})
    scene = scene_for_view(GameView(board=board, counters=(), style=style), lang)
    image = render_scene(scene, size)
    if out is not None:
        _save(image, Path(out))
    return image


def load_board(path: Path, systems: Mapping[str, GameSystem]) -> tuple[Any, Any]:
    """Build the board of a ``resources/boards/*.json`` file (tiles read by the system's declared format), and
    return it with its system's style (``None`` when the system is not known or has none)."""
    from app.core.capabilities import HasStyle, HasTiles, capability
    from app.scenario.boards import build_board, load_board_file
    from app.scenario.resources import resolve_ref

    data = load_board_file(path)
    system = systems.get(data.system) if data.system in systems else None
    tiles, styled = capability(system, HasTiles), capability(system, HasStyle)
    load_tiles = tiles.load_tile_library if tiles is not None else None
    style = styled.style() if styled is not None else None
    return build_board(data.board, lambda ref: resolve_ref(ref, path.parent), load_tiles), style


def distinct_colours(image: QImage, step: int = 7) -> int:
    """How many different colours a sample of pixels shows (a blank render shows one or two)."""
    seen = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            seen.add(image.pixel(x, y))
    return len(seen)


def _save(image: QImage, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out)):
        raise OSError(f"{out}: cannot write PNG")


__all__ = ["QColor", "distinct_colours", "render_board", "render_file", "render_scene", "render_session"]

#!/usr/bin/env python3
"""Render packaging/adjutant.svg to packaging/adjutant.png (256 px) with Qt's SVG renderer.

Usage (from the repository root): ``QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/render_icon.py``
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

HERE = Path(__file__).resolve().parent


def main(size: int = 256) -> int:
    """Write adjutant.png next to adjutant.svg."""
    app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(HERE / "adjutant.svg"))
    if not renderer.isValid():
        print("error: adjutant.svg is not valid SVG", file=sys.stderr)
        return 1
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    ok = image.save(str(HERE / "adjutant.png"))
    del app
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""The yardstick for start-up (DESIGN §10): a bare PySide6 window with a QGraphicsView, painted once.

Run as a script (``python tests/benchmarks/bare_window.py``), it does what the app's ``--smoke`` start does minus
Adjutant itself: create the QApplication (Fusion style, as the app), put a scene with a few items in a
QGraphicsView, show it, paint its viewport into a pixmap, and print ``first paint: N ms`` like ``app --smoke``.
``bench_startup`` times both from process spawn to that line and reports their ratio.
"""

from __future__ import annotations

import sys
import time


def main() -> int:
    """Open, paint and close the bare window; print the in-process time to first paint."""
    started = time.perf_counter()
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QBrush, QColor
    from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

    app = QApplication(sys.argv[:1])
    app.setStyle("Fusion")
    scene = QGraphicsScene()
    for i in range(64):  # a board's worth of squares, like a small tile
        scene.addRect(QRectF((i % 8) * 40, (i // 8) * 40, 40, 40), brush=QBrush(QColor("#8a9a5b")))
    view = QGraphicsView(scene)
    view.resize(1280, 800)
    view.show()
    view.fitInView(scene.sceneRect())
    view.viewport().grab()
    print(f"first paint: {(time.perf_counter() - started) * 1000:.0f} ms (bare window)", flush=True)
    view.close()
    del view, scene
    return 0 if app is not None else 1


if __name__ == "__main__":
    sys.exit(main())

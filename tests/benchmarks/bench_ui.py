"""UI performance figures (DESIGN §10): pan and full render of a big hex board, load, memory.

Start to first paint, against a bare PySide6 window, is ``bench_startup``.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from app.core.i18n import t
from app.core.view import CounterView, GameView
from app.geometry.hexgrid import HexGrid
from app.ui.board_scene import BoardScene
from app.ui.board_view import BoardView
from tests.ui.fakes import FakeBoard


def _big_view() -> GameView:
    terrain = {}
    grid0 = HexGrid("flat", "odd", 40, 40)
    kinds = ("clear", "forest", "hill", "swamp", "town", "clear", "clear")
    for i, h in enumerate(grid0.locations()):
        terrain[h] = kinds[(i * 7 + i // 40) % len(kinds)]
    grid = HexGrid("flat", "odd", 40, 40, terrain=terrain)
    locs = list(grid.locations())
    counters = tuple(
        CounterView(
            id=f"c{i}",
            loc=locs[(i * 37) % len(locs)],
            label=f"{i % 100}",
            title=t("unit"),
            side=("axis", "soviet")[i % 2],
            kind="inf",
            facing=str(i % 6),
            strength=str(i % 9 + 1),
            flags=("alert",) if i % 5 == 0 else (),
        )
        for i in range(2000)
    )
    return GameView(board=FakeBoard(grid), counters=counters)


def _time(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) * 1000 / repeat


def bench_board(app: QApplication) -> tuple[float, float]:
    """Pan and full render of 2,000 counters on a 40x40 hex board in a 1400x900 view."""
    scene = BoardScene()
    scene.sync(_big_view())
    view = BoardView(scene)
    view.resize(1400, 900)
    view.show()
    app.processEvents()
    view.fit()
    view.zoom_by(3.0)
    view.viewport().repaint()
    bar = view.horizontalScrollBar()
    step = [4]

    def pan(bar=bar) -> None:  # type: ignore[no-untyped-def]  # defaults, not closures: deleted in order below
        if not bar.minimum() < bar.value() + step[0] < bar.maximum():
            step[0] = -step[0]
        bar.setValue(bar.value() + step[0])  # Qt scrolls the pixels and paints only the exposed strip
        app.processEvents()

    for _ in range(10):
        pan()
    pan_ms = _time(pan, 100)
    image = QImage(1400, 900, QImage.Format.Format_ARGB32_Premultiplied)

    def full(view=view) -> None:  # type: ignore[no-untyped-def]
        painter = QPainter(image)
        view.render(painter, QRectF(0, 0, 1400, 900), view.viewport().rect())
        painter.end()

    full()
    full_ms = _time(full, 10)
    view.close()
    del full, pan, bar
    del view  # the view goes before its scene
    del scene
    return pan_ms, full_ms


def bench_largest(app: QApplication) -> tuple[dict[str, float], float]:
    """Load the largest bundled scenario twice (the first open in this process, then again) and show it.

    Returns:
        Wall-clock and CPU milliseconds of each open (``cold``, ``warm``, ``cold_cpu``, ``warm_cpu``; empty when
        no system is available) and the peak memory in MB.
    """
    try:
        from app.__main__ import load_systems
        from app.scenario.catalog import bundled, open_session
    except ImportError:
        return {}, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    systems = load_systems()
    entries = [e for e in bundled() if e.system in systems]
    if not entries:
        return {}, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    largest = max(entries, key=lambda e: e.path.stat().st_size)
    figures: dict[str, float] = {}
    for run in ("cold", "warm"):
        start, cpu = time.perf_counter(), time.process_time()
        session = open_session(largest.path, systems)
        figures[run] = (time.perf_counter() - start) * 1000
        figures[f"{run}_cpu"] = (time.process_time() - cpu) * 1000
    scene = BoardScene()
    scene.sync(session.view(None))
    return figures, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    """Print the figures."""
    from app.ui.render import ensure_app

    app = ensure_app()
    pan_ms, full_ms = bench_board(app)  # type: ignore[arg-type]
    load, peak = bench_largest(app)  # type: ignore[arg-type]
    print(f"ui.hex40x40_2000_counters_pan: {pan_ms:.2f} ms/frame (budget: 4 ms)")
    print(f"ui.hex40x40_2000_counters_full_render: {full_ms:.2f} ms/frame (budget: 30 ms)")
    for run, name in (("cold", "ui.load_largest_scenario"), ("warm", "ui.load_largest_scenario_again")):
        for suffix, key in (("", run), ("_cpu", f"{run}_cpu")):
            print(f"{name}{suffix}: {load[key]:.0f} ms (budget: 150 ms)" if load else f"{name}{suffix}: n/a")
    print(f"ui.peak_memory_largest_scenario: {peak:.0f} MB (budget: 300 MB)")


if __name__ == "__main__":
    main()

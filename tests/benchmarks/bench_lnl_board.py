"""Squad-game board figures (issue 19 item 9): the full render of the largest scenario's board with its counters,
and the LOS tool's report from one hex to every hex of that board.

``.venv/bin/python tests/benchmarks/bench_lnl_board.py`` (offscreen Qt).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.__main__ import LazySystems
from app.core.capabilities import HasLineOfSight, capability
from app.core.session import Session
from app.scenario.catalog import build_runtime, load_scenario
from app.ui.render import ensure_app, render_scene, scene_for_view

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "lnl" / "norman_valley.json"
RENDER_BUDGET_MS = 30.0  # DESIGN §10: full render of a board <= 30 ms a frame
LOS_MS_PER_LINE = 0.2  # a line for the LOS tool: well inside a frame while dragging


def _session() -> Session:
    system, model = load_scenario(SCENARIO, LazySystems())
    return Session(system, model, seed=1, folder=SCENARIO.parent, runtime=build_runtime(SCENARIO, system, model))


def bench_render(session: Session) -> float:
    """Median ms to render the whole 24×20 board and its counters into a 1400-pixel image."""
    ensure_app()
    scene = scene_for_view(session.view(None), "en", session.system.info.sides)
    render_scene(scene, 1400)  # the first paint fills the caches
    times = []
    for _ in range(7):
        start = time.perf_counter()
        render_scene(scene, 1400)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench_los(session: Session) -> tuple[float, int]:
    """Ms for the LOS tool's reports from the church tower to every hex of the board, and the number of lines."""
    sight = capability(session.system, HasLineOfSight)
    assert sight is not None
    grid = session.state.runtime.grid
    origin = grid.from_label("0803")
    targets = list(grid.locations())
    start = time.perf_counter()
    for target in targets:
        sight.line_of_sight(session.state, origin, target)
    return (time.perf_counter() - start) * 1000, len(targets)


def main() -> None:
    """Print ``name: value unit (budget: X)`` lines."""
    session = _session()
    print(f"lnl.board_render_24x20: {bench_render(session):.1f} ms (budget: {RENDER_BUDGET_MS:.0f} ms)")
    cold, lines = bench_los(session)  # the first line of each shape compiles its hex template
    warm, _ = bench_los(session)
    print(f"lnl.los_tool_{lines}_lines: {warm:.1f} ms (budget: {LOS_MS_PER_LINE * lines:.0f} ms)")
    print(f"lnl.los_tool_{lines}_lines_cold: {cold:.1f} ms (first run, every line shape compiled; no budget)")


if __name__ == "__main__":
    main()

"""Third Reich map figures: loading the map of Europe, opening the 1939 campaign, drawing the map.

The budget of loading is DESIGN §10's "load the largest bundled mission or scenario" (150 ms); drawing the whole
map is held to the full-render budget of a big board (30 ms a frame). Run with
``QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.benchmarks.bench_third_reich_map``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from app.scenario.boards import build_board, load_board_file
from app.scenario.catalog import open_session
from app.scenario.resources import resolve_ref
from tests.support import real_systems

ROOT = Path(__file__).resolve().parents[2]
CAMPAIGN = ROOT / "scenarios" / "third_reich" / "campaign_1939.json"
BOARD = "resources:boards/third_reich_europe_1939.json"


def best_ms(action: Callable[[], object], runs: int = 5, clock: Callable[[], float] = time.perf_counter) -> float:
    """Best time of ``action`` in milliseconds (wall clock, or ``time.process_time`` for CPU time)."""
    times = []
    for _ in range(runs):
        start = clock()
        action()
        times.append((clock() - start) * 1000)
    return min(times)


def load_map() -> object:
    """Read the board file and build its 104 areas (borders and centres from its stored layout, no shapely)."""
    spec = load_board_file(resolve_ref(BOARD, None)).board
    return build_board(spec, lambda ref: resolve_ref(ref, None))


def main() -> None:
    """Print the figures."""
    from app.ui.render import ensure_app, render_scene, scene_for_view

    systems = real_systems()
    print(f"third_reich.load_map: {best_ms(load_map):.0f} ms (budget: 150 ms)")
    print(f"third_reich.load_map_cpu: {best_ms(load_map, clock=time.process_time):.0f} ms (budget: 150 ms)")
    opening = best_ms(lambda: open_session(CAMPAIGN, systems))
    print(f"third_reich.open_campaign_1939: {opening:.0f} ms (budget: 150 ms)")
    ensure_app()
    scene = scene_for_view(open_session(CAMPAIGN, systems).view(None))
    render_scene(scene, 1600)  # the first frame builds the cached board picture
    print(f"third_reich.render_map_1600px: {best_ms(lambda: render_scene(scene, 1600)):.0f} ms (budget: 30 ms)")


if __name__ == "__main__":
    main()

"""Geometry benchmarks, not collected by pytest: ``.venv/bin/python tests/benchmarks/bench_geometry.py``."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.geometry import gridtrace, los
from app.geometry.hexgrid import HexGrid
from app.geometry.los import trace
from app.geometry.square import SquareGrid
from app.geometry.topology import Topology

TRACES = 2000
MAX_LENGTH = 8
BUDGET_MS = 20.0
Pairs = list[tuple[tuple[int, int], tuple[int, int]]]


def _pairs(topo: Topology, rng: random.Random) -> Pairs:
    cells = list(topo.locations())
    pairs: Pairs = []
    while len(pairs) < TRACES:
        a = rng.choice(cells)
        b = (a[0] + rng.randint(-MAX_LENGTH, MAX_LENGTH), a[1] + rng.randint(-MAX_LENGTH, MAX_LENGTH))
        if topo.contains(b) and topo.distance(a, b) <= MAX_LENGTH:
            pairs.append((a, b))
    return pairs


def _run_ms(topo: Topology, pairs: Pairs) -> float:
    start = time.perf_counter()
    for a, b in pairs:
        trace(topo, a, b)
    return (time.perf_counter() - start) * 1000


def _clear_caches() -> None:
    for cached in (gridtrace.square_template, gridtrace.hex_template, los._square_compiled, los._hex_compiled):
        cached.cache_clear()


def _report(name: str, make: Callable[[], Topology]) -> None:
    topo = make()
    pairs = _pairs(topo, random.Random(20240601))
    _clear_caches()
    cold = _run_ms(make(), pairs)
    best = min(_run_ms(topo, pairs) for _ in range(5))
    print(f"geometry.{name}: {best:.1f} ms (budget: {BUDGET_MS:.0f} ms)")
    print(f"geometry.{name}_cold: {cold:.1f} ms (first run, empty caches; no budget)")


def main() -> None:
    """Print one line per benchmark, e.g. ``geometry.trace_2000_squares: 7.3 ms (budget: 20 ms)``."""
    _report("trace_2000_squares", lambda: SquareGrid(36, 36, {(x, y): "open" for x in range(36) for y in range(36)}))
    _report("trace_2000_hexes", lambda: HexGrid("flat", "odd", 36, 36))


if __name__ == "__main__":
    main()

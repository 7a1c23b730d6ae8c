"""Start-up figures (DESIGN §10): start to first painted board, against a bare PySide6 window in the same run.

Both are cold starts in fresh interpreters, timed by this process from spawn to the ``first paint`` line on the
pipe: the app as ``python -m app --smoke`` (the bundled default mission) and ``bare_window.py`` (a QApplication
and a QGraphicsView, nothing of Adjutant). The runs alternate, so a busy machine slows both alike; the figures
are medians, and their ratio is the budget that does not depend on the machine (≤ 1.5×). Then the CPU time of
each step of the app's start (``startup_timeline.py``, medians of five) says where the time goes.
"""

from __future__ import annotations

import compileall
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
BARE = Path(__file__).resolve().with_name("bare_window.py")
TIMELINE = Path(__file__).resolve().with_name("startup_timeline.py")
RUNS = 7
TIMELINE_RUNS = 5
PAINTED = re.compile(r"first paint: (\d+) ms")


def start_once(argv: list[str]) -> tuple[float, float, float] | None:
    """Spawn ``argv``; return (in-process ms as printed, spawn to the printed line, spawn to exit) or None."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-u", *argv],  # unbuffered: the line arrives when it is printed
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    painted = (time.perf_counter() - start) * 1000
    proc.stdout.read()
    code = proc.wait()
    exited = (time.perf_counter() - start) * 1000
    found = PAINTED.match(line)
    if code != 0 or found is None:
        return None
    return float(found.group(1)), painted, exited


def medians(samples: list[tuple[float, float, float] | None]) -> tuple[float, float, float] | None:
    """Column medians of the samples, or None if any run failed."""
    if not samples or any(s is None for s in samples):
        return None
    columns = list(zip(*samples, strict=True))
    return statistics.median(columns[0]), statistics.median(columns[1]), statistics.median(columns[2])


def measure(runs: int = RUNS) -> tuple[tuple[float, float, float] | None, tuple[float, float, float] | None]:
    """Alternate ``runs`` cold starts of the app and of the bare window; the medians of each."""
    # An installed app runs from bytecode (pip compiles at install, PyInstaller bundles .pyc); a checkout under
    # PYTHONDONTWRITEBYTECODE=1 would otherwise recompile every module on every start (~130 ms here).
    compileall.compile_dir(ROOT / "app", quiet=2)
    start_once([str(BARE)])  # warm the file cache for both before timing
    start_once(["-m", "app", "--smoke"])
    app_runs, bare_runs = [], []
    for _ in range(runs):
        app_runs.append(start_once(["-m", "app", "--smoke"]))
        bare_runs.append(start_once([str(BARE)]))
    return medians(app_runs), medians(bare_runs)


def timeline(runs: int = TIMELINE_RUNS) -> dict[str, float] | None:
    """Median CPU time of each step of the start (``startup_timeline.py``), or None if a run failed."""
    samples: list[dict[str, float]] = []
    for _ in range(runs):
        result = subprocess.run([sys.executable, str(TIMELINE)], capture_output=True, text=True, cwd=ROOT, check=False)
        if result.returncode != 0:
            return None
        steps: dict[str, float] = {}
        for line in result.stdout.splitlines():
            step, _, value = line.rpartition(": ")
            steps[step] = steps.get(step, 0.0) + float(value.removesuffix(" ms"))  # a step met twice counts once
        samples.append(steps)
    return {step: statistics.median(s.get(step, 0.0) for s in samples) for step in samples[0]}


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0f}"


def main() -> int:
    """Print the figures; 1 if a start failed."""
    app, bare = measure()
    print(f"ui.first_paint_in_process_median{RUNS}: {_ms(app and app[0])} ms (budget: 400 ms)")
    print(f"ui.first_paint_process_median{RUNS}: {_ms(app and app[1])} ms (budget: 400 ms)")
    print(f"ui.smoke_process_exit_median{RUNS}: {_ms(app and app[2])} ms (budget: n/a)")
    print(f"ui.bare_window_first_paint_process_median{RUNS}: {_ms(bare and bare[1])} ms (budget: n/a)")
    if app is None or bare is None:
        return 1
    print(f"ui.first_paint_ratio_to_bare_window: {app[1] / bare[1]:.2f} x (budget: 1.5 x)")
    steps = timeline()
    if steps is None:
        return 1
    for step, ms in steps.items():  # where the start's CPU time goes, in the order of the start
        print(f"ui.start_cpu.{step}: {ms:.1f} ms (budget: n/a)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

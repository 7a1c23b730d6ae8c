#!/usr/bin/env python3
"""Run every ``tests/benchmarks/bench_*.py`` and summarise the figures (DESIGN §10).

Each benchmark module defines ``main()``, which prints one line per figure::

    name: value unit (budget: X)

for example ``sas.legal_commands: 7.2 ms (budget: 20 ms)``. Each module runs in its own interpreter so
memory figures are independent; that process's peak RSS is reported too. ``make bench`` sets
``QT_QPA_PLATFORM=offscreen``.

Usage::

    python tests/benchmarks/run.py [PATTERN ...] [--strict] [--timeout SECONDS]

PATTERN selects modules whose name contains it. ``--strict`` exits 1 when a figure is over its budget
(a failed or timed-out module always exits 1).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIGURE = re.compile(
    r"^(?P<name>[\w.\-/ ]+?):\s*(?P<value>[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*(?P<unit>\S*)"
    r"\s*\(budget:\s*(?P<budget>[^)]*)\)\s*$"
)
BUDGET = re.compile(r"^(?P<floor>≥|>=)?[≤<=\s]*(?P<value>\d+(?:\.\d+)?)\s*(?P<unit>\S*)")
SCALE = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1.0, "kb": 1e3, "mb": 1e6, "gb": 1e9, "b": 1.0}


@dataclass
class Figure:
    """One printed measurement."""

    module: str
    name: str
    value: float
    unit: str
    budget: str

    def over_budget(self) -> bool | None:
        """True/False when the budget is comparable with the value, else None."""
        match = BUDGET.match(self.budget)
        if not match:
            return None
        limit, limit_unit = float(match["value"]), match["unit"]
        floor = match["floor"] is not None  # "(budget: ≥ 90 %)": higher is better
        mine, theirs = SCALE.get(self.unit.lower()), SCALE.get(limit_unit.lower())
        if mine is not None and theirs is not None:
            value, bound = self.value * mine, limit * theirs
        elif self.unit == limit_unit:
            value, bound = self.value, limit
        else:
            return None
        return value < bound if floor else value > bound


def run_one(path: Path) -> int:
    """Child mode: import ``path`` and call its ``main()``; print this process's peak RSS."""
    sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    result = module.main()
    sys.stdout.flush()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"# {path.stem}: process peak RSS {peak_mb:.0f} MB", flush=True)
    return result if isinstance(result, int) else 0


def discover(patterns: list[str]) -> list[Path]:
    """Benchmark modules, optionally filtered by substrings of their names."""
    paths = sorted(HERE.glob("bench_*.py"))
    return [p for p in paths if not patterns or any(pat in p.stem for pat in patterns)]


def run_module(path: Path, timeout: float) -> tuple[list[Figure], bool]:
    """Run one module in a subprocess; echo its output; return its figures and whether it succeeded."""
    print(f"== {path.stem}", flush=True)
    started = time.perf_counter()
    try:
        proc = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--one", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))},
        )
    except subprocess.TimeoutExpired:
        print(f"!! {path.stem}: timed out after {timeout:.0f} s", flush=True)
        return [], False
    figures = []
    for line in proc.stdout.splitlines():
        match = FIGURE.match(line.strip())
        if match:
            fig = Figure(path.stem, match["name"], float(match["value"]), match["unit"], match["budget"].strip())
            figures.append(fig)
            flag = {True: "  << OVER BUDGET", False: "", None: ""}[fig.over_budget()]
            print(f"{line}{flag}")
        else:
            print(line)
    if proc.returncode != 0:
        print(proc.stderr[-4000:], end="", file=sys.stderr)
        print(f"!! {path.stem}: exit code {proc.returncode}", flush=True)
    print(f"   ({time.perf_counter() - started:.1f} s)", flush=True)
    return figures, proc.returncode == 0


def main(argv: list[str] | None = None) -> int:
    """Run the selected benchmarks and print a one-line summary."""
    parser = argparse.ArgumentParser(description="Run Adjutant's benchmarks.")
    parser.add_argument("patterns", nargs="*", help="only modules whose name contains one of these")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a figure is over budget")
    parser.add_argument("--timeout", type=float, default=600.0, help="per-module timeout in seconds")
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        return run_one(args.one)
    paths = discover(args.patterns)
    if not paths:
        print(f"bench: no benchmark modules (tests/benchmarks/bench_*.py) match {args.patterns or 'anything'}")
        return 1
    figures: list[Figure] = []
    failed: list[str] = []
    for path in paths:
        found, ok = run_module(path, args.timeout)
        figures += found
        if not ok:
            failed.append(path.stem)
    over = [f for f in figures if f.over_budget()]
    print(
        f"bench: {len(figures)} figures from {len(paths)} modules; {len(over)} over budget; "
        f"{len(failed)} failed" + (f" ({', '.join(failed)})" if failed else "")
    )
    for fig in over:
        print(f"  over budget: {fig.module} {fig.name}: {fig.value:g} {fig.unit} (budget: {fig.budget})")
    return 1 if failed or (args.strict and over) else 0


if __name__ == "__main__":
    sys.exit(main())

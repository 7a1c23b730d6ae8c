"""Where the start's CPU time goes: ``python -m app --smoke`` step by step (DESIGN §10; see bench_startup).

Run as a script, it opens the bundled default mission as ``--smoke`` does, with each step of the way wrapped in
a timer of CPU time (``time.process_time``, so a loaded machine distorts it less than wall time), and prints one
line per step, ``step: N ms``; ``before X`` is what ran between the previous step and X. The steps are the
public functions and methods on the way to the first paint.
"""

from __future__ import annotations

import time

STARTED = time.process_time()

import contextlib  # noqa: E402  (the clock starts before anything is imported)
import functools  # noqa: E402
import gc  # noqa: E402
import importlib  # noqa: E402
import io  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
gc.disable()  # as app.__main__ during the start

MARKS: list[tuple[str, float]] = []

# (module, class or "", function, step name), in the order the start reaches them.
STEPS = [
    ("app.scenario.catalog", "", "bundled", "catalog listed"),
    ("app.__main__", "LazySystems", "__getitem__", "system imported"),
    ("app.ui.app", "", "ensure_application", "QApplication and fonts"),
    ("app.ui.app", "AppShell", "__init__", "data folder and preferences"),
    ("app.scenario.catalog", "", "load_scenario", "mission read and validated"),
    ("app.scenario.catalog", "", "build_runtime", "runtime built"),
    ("app.core.session", "Session", "__init__", "initial state"),
    ("app.ui.main_window", "", "build_widgets", "window widgets and docks"),
    ("app.ui.main_window", "MainWindow", "refresh", "window first view and counters"),
    ("app.ui.app", "AppShell", "open_session", "window menus texts layout and show"),
]


def mark(step: str) -> None:
    """Note that ``step`` ended now."""
    MARKS.append((step, time.process_time()))


def timed(function: Callable[..., Any], step: str) -> Callable[..., Any]:
    """``function``, noting what ran before it and the step itself."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        mark(f"before {step}")
        try:
            return function(*args, **kwargs)
        finally:
            mark(step)

    return wrapper


def wrap(module_name: str) -> None:
    """Wrap the steps of ``module_name`` (once it is imported)."""
    module = sys.modules[module_name]
    for name, owner_name, function, step in STEPS:
        if name == module_name:
            owner = getattr(module, owner_name) if owner_name else module
            setattr(owner, function, timed(getattr(owner, function), step))


def main() -> int:
    """Start the app as ``--smoke``, print each step's CPU time."""
    import app.__main__ as entry

    mark("app.__main__ imported")
    for name in ("app.__main__", "app.scenario.catalog", "app.core.session"):
        importlib.import_module(name)
        wrap(name)
    real_preload = entry._preload

    def preload(*args: Any) -> None:
        real_preload(*args)
        import app.ui.app  # noqa: F401  (the window's modules: PySide6 and app.ui)

        mark("Qt and the UI imported")
        for name in ("app.ui.app", "app.ui.main_window"):
            wrap(name)

    entry._preload = preload
    with contextlib.redirect_stdout(Printed()) as printed:
        code = entry.main(["--smoke"])
    return _report(code, printed.getvalue())


class Printed(io.StringIO):
    """Standard output of the smoke start: its ``first paint`` line marks the first paint."""

    def write(self, text: str) -> int:
        """Keep ``text``; mark the first paint when it is printed."""
        if text.startswith("first paint"):
            mark("first paint")
        return super().write(text)


def _report(code: int, printed: str) -> int:
    if code != 0 or not printed.startswith("first paint"):
        print(f"the smoke start failed ({code}): {printed}", file=sys.stderr)
        return 1
    previous = STARTED
    for step, at in MARKS:
        if not step.startswith("before ") or at - previous >= 0.0005:
            print(f"{step}: {(at - previous) * 1000:.1f} ms")
        previous = at
        if step == "first paint":
            break
    print(f"total: {(previous - STARTED) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

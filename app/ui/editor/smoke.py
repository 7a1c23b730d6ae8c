"""A headless smoke test of the edited document, run off the GUI thread: random legal games.

The games are played by the engine's fuzzer (:mod:`app.ai.fuzz`, the same as `adjutant fuzz`); a game counts
as a runaway after the system's own limit, or :data:`MAX_STEPS` commands for a system that declares none.

The games use the document as it is when the test starts (its validated model and built runtime), so later
edits do not disturb a running test. Progress is polled by the window; the test can be cancelled between
games.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.ai.fuzz import Fuzzer, GameReport, count_results
from app.core.capabilities import HasFuzzHints, capability
from app.core.system import GameSystem

GAMES = 10
MAX_STEPS = 3000  # a quick test: fewer commands than the CLI's default runaway limit


@dataclass
class SmokeRun:
    """A smoke test in progress: the reports so far, and a flag to stop it."""

    games: int
    reports: list[GameReport] = field(default_factory=list)
    cancelled: bool = False
    done: bool = False
    error: str = ""

    def counts(self) -> dict[str, int]:
        """Games by result so far."""
        return dict(count_results(self.reports))

    @property
    def ok(self) -> bool:
        """No crash and no dead end so far."""
        counts = self.counts()
        return not counts["crash"] and not counts["dead end"] and not self.error


def start_smoke(
    systems: Mapping[str, GameSystem],
    system: GameSystem,
    model: Any,
    runtime: Any,
    *,
    folder: Path | None,
    games: int = GAMES,
    max_steps: int | None = None,
) -> tuple[SmokeRun, threading.Thread]:
    """Start ``games`` random games in a daemon thread; returns the run (poll it) and the thread.

    ``max_steps`` None: the system's own runaway limit, or :data:`MAX_STEPS` if it declares none.
    """
    run = SmokeRun(games)
    hints = capability(system, HasFuzzHints)
    limit = max_steps if max_steps is not None else hints.fuzz_max_steps if hints is not None else MAX_STEPS
    fuzzer = Fuzzer(systems, system, model, runtime, folder, limit)

    def work() -> None:
        try:
            for index in range(games):
                if run.cancelled:
                    break
                run.reports.append(fuzzer.run(index, 1))
        except Exception as exc:  # a bug in the fuzzer itself: report it, never kill the editor
            run.error = str(exc)
        finally:
            run.done = True

    thread = threading.Thread(target=work, name="adjutant-smoke", daemon=True)
    thread.start()
    return run, thread

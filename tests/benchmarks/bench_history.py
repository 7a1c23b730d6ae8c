"""History dock figures: a window over a long game, one more command, an undo, a language switch, the look back.

Run with ``.venv/bin/python -m tests.benchmarks.bench_history``. The long game is the UI tests' fake system
(2,000 commands, a turn heading every three) and a real one, the Typhoon campaign under random play, whose views
cost the most of the five systems (the headings of a reopened game are found from them, in slices).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtWidgets import QApplication

from app.core.session import Session
from tests.ui.fakes import EndTurn, Move, RedAdvance, make_session

TYPHOON_COMMANDS = 600


def fake_game(commands: int = 2000) -> Session:
    """The fake system: Blue ends its turn, Red advances, Blue moves, and again."""
    session = make_session()
    n = 0
    while len(session.history) < commands:
        session.submit(EndTurn(side="blue"))
        session.submit(RedAdvance(side="red"))
        session.submit(Move(side="blue", unit="b2", to=(1, 2) if n % 2 == 0 else (1, 1)))
        n += 1
    return session


def typhoon_game() -> Session:
    """The Typhoon campaign under random legal play (seeded), up to TYPHOON_COMMANDS commands."""
    from app.__main__ import LazySystems
    from app.scenario.catalog import open_session

    path = Path(__file__).resolve().parents[2] / "scenarios" / "typhoon" / "typhoon_campaign.json"
    session = open_session(path, LazySystems(), seed=3)
    rng = random.Random(3)
    while len(session.history) < TYPHOON_COMMANDS and session.outcome() is None:
        session.submit(rng.choice(list(session.legal_commands())))
    return session


def _window(app: QApplication, session: Session) -> tuple[Any, float, float]:
    """A shown window over ``session``: ms to build it, ms until every heading is placed (events processed)."""
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    started = time.perf_counter()
    win = MainWindow(session, Preferences(), Path(tempfile.mkdtemp(prefix="bench-history-")))
    win.controller.step_mode = True
    opened = (time.perf_counter() - started) * 1000
    while win.history.dock._scan >= 0:
        app.processEvents()
    return win, opened, (time.perf_counter() - started) * 1000


def _ms(fn: Any, repeat: int = 1) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - started) * 1000 / repeat


def main() -> None:
    """Print the figures."""
    from app.ui.render import ensure_app

    app = ensure_app()
    session = fake_game()
    win, opened, headed = _window(app, session)  # type: ignore[arg-type]
    dock, controller = win.history.dock, win.controller

    shares, clicks = [], []
    for _ in range(10):
        command = EndTurn(side="blue") if session.active_side() == "blue" else RedAdvance(side="red")
        clicks.append(_ms(lambda command=command: controller.submit(command)))  # the whole click, autosave included
        shares.append(_ms(lambda: (dock.sync(), dock.show_view(controller.view(), win.history.viewer()))))
    undo = _ms(controller.undo, 10)
    language = _ms(lambda: dock.set_language("zh_CN")) + _ms(lambda: dock.set_language("en"))
    look = _ms(lambda: win.history.past.show(1000, dock.line(1000)))
    back = _ms(win.history.past.back)
    lines = dock.list.count()
    win.close()
    print(f"history.window_over_2000_commands: {opened:.0f} ms (budget: 1000 ms)")
    print(f"history.headings_of_2000_commands_placed: {headed:.0f} ms (budget: 3000 ms)")
    print(f"history.dock_share_of_one_command: {max(shares):.2f} ms (budget: 5 ms)")
    print(f"history.command_in_window_of_2000_with_autosave: {max(clicks):.0f} ms (budget: 250 ms)")
    print(f"history.undo_in_window_of_2000_with_autosave: {undo:.0f} ms (budget: 250 ms)")
    print(f"history.language_switch_2000_lines_twice: {language:.0f} ms (budget: 1000 ms)")
    print(f"history.look_back_and_back: {look + back:.1f} ms (budget: 100 ms)")
    print(f"history.lines_listed: {lines} lines (budget: ≥ 2000 lines)")
    ty = typhoon_game()
    win, opened, headed = _window(app, ty)  # type: ignore[arg-type]
    win.close()
    print(f"history.typhoon_campaign_{len(ty.history)}_window: {opened:.0f} ms (budget: 1000 ms)")
    print(f"history.typhoon_campaign_{len(ty.history)}_headings_placed: {headed:.0f} ms (budget: 3000 ms)")


if __name__ == "__main__":
    main()

"""What the play window leaves until its board is on screen (DESIGN §10, start to first painted board)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject

from app.ui.settings import Preferences
from tests.support import registry_with_toy, toy_session


class PaintSpy(QObject):
    """Notes, at each paint of the watched widget, whether the window had started autosaving."""

    def __init__(self, window: Any) -> None:
        super().__init__()
        self.window = window
        self.autosaving_at_paint: list[bool] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.autosaving_at_paint.append(self.window.autosaver is not None)
        return False


def test_the_first_autosave_comes_after_the_boards_first_paint(qtbot: Any, adjutant_data_dir: Path) -> None:
    """The first autosave encodes and writes the whole game (≈ 100 ms for a long one): the board is painted first,
    then the game is autosaved."""
    from app.ui.app import AppShell

    shell = AppShell(registry_with_toy())
    window = shell.open_session(toy_session(), None)  # shown
    qtbot.addWidget(window)
    spy = PaintSpy(window)
    window.board_view.viewport().installEventFilter(spy)  # called before the window's own filter
    assert window.autosaver is None and not (adjutant_data_dir / "autosave.json").exists()
    qtbot.waitUntil(lambda: window.autosaver is not None, timeout=5000)
    assert spy.autosaving_at_paint[:1] == [False]
    assert (adjutant_data_dir / "autosave.json").exists()
    window.close()


def test_a_window_never_painted_still_autosaves(qtbot: Any, adjutant_data_dir: Path) -> None:
    """A hidden window is never painted: autosave starts anyway, within a second."""
    from app.ui.main_window import AUTOSAVE_LATEST_MS, MainWindow

    window = MainWindow(toy_session(), Preferences(), adjutant_data_dir)
    qtbot.addWidget(window)
    assert not window.isVisible() and window.autosaver is None
    qtbot.waitUntil(lambda: window.autosaver is not None, timeout=AUTOSAVE_LATEST_MS + 4000)
    assert (adjutant_data_dir / "autosave.json").exists()
    window.close()

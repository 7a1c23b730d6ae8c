"""UI test fixtures: a real MainWindow over a real Session of the fake system, Qt offscreen."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.fakes import make_session

I18N = Path(__file__).resolve().parents[2] / "resources" / "i18n"


@pytest.fixture(scope="session")
def compiled_translations() -> Path:
    """Make sure the Chinese .qm exists (what `make translations` does)."""
    ts, qm = I18N / "adjutant_zh_CN.ts", I18N / "adjutant_zh_CN.qm"
    if not qm.exists() or qm.stat().st_mtime < ts.stat().st_mtime:
        lrelease = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "pyside6-lrelease"
        subprocess.run([str(lrelease), "-silent", str(ts), "-qm", str(qm)], check=True)
    return qm


def shown_window(qtbot, session: object, data_dir: Path) -> object:  # type: ignore[no-untyped-def]
    """A real MainWindow over ``session``, shown at 1200×800 with the board fitted."""
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    win = MainWindow(session, Preferences(), data_dir)  # type: ignore[arg-type]
    win.controller.auto_delay_ms = 10
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    win.board_view.fit()
    return win


@pytest.fixture
def window(qtbot, adjutant_data_dir: Path) -> Iterator[object]:  # type: ignore[no-untyped-def]
    win = shown_window(qtbot, make_session(), adjutant_data_dir)
    yield win
    win.close()  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def no_modal_boxes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A message box would block an offscreen test for ever: record it and answer it instead.

    Questions are answered "Discard"/"Yes" (so closing a dirty editor at teardown never hangs); a test that
    wants another answer patches the box itself.
    """
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []

    def _record(answer: object):  # type: ignore[no-untyped-def]
        def box(_parent: object, title: str, text: str = "", *_a: object, **_k: object) -> object:
            shown.append(f"{title}: {text}")
            return answer

        return staticmethod(box)

    yes = QMessageBox.StandardButton.Yes
    discard = QMessageBox.StandardButton.Discard
    monkeypatch.setattr(QMessageBox, "question", _record(discard))
    for name in ("warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, _record(yes))
    yield shown


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The offscreen platform cannot propagate size hints of dock layouts; that warning is not ours."""
    for item in items:
        if "tests/ui/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints"))

"""Games are never lost by a click (issue 15, point 1): New game and Open ask before leaving unsaved moves, the
start page offers Continue (the last game) and, when opened from a game, Back to it; Save starts in Documents."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app.core.saves import save_to_path
from tests.ui.fakes import FakeSystem, make_session

SHELLS: list[Any] = []


@pytest.fixture(autouse=True)
def shells() -> Any:
    """Shells made by a test; their windows and pages are closed at teardown (the shell deletes what it
    replaces, so they are not handed to qtbot)."""
    yield SHELLS
    while SHELLS:
        shell = SHELLS.pop()
        for widget in (shell.start_page, shell.window):
            if widget is not None:
                widget.close()


def _shell_in_game(qtbot: Any, moves: int = 1) -> Any:
    """An AppShell showing a game window over the fake system after ``moves`` commands."""
    from app.ui.app import AppShell

    shell = AppShell({"fake": FakeSystem()})
    SHELLS.append(shell)
    session = make_session()
    shell.open_session(session, None)
    for _ in range(moves):
        session.submit(session.legal_commands()[0])
    return shell


def _answer(monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def question(_parent: object, title: str, text: str = "", *_a: object, **_k: object) -> object:
        asked.append(title)
        return answer

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


def _other_save(tmp_path: Path) -> Path:
    path = tmp_path / "other.adjutant.json"
    save_to_path(make_session(), path)
    return path


def test_new_game_hides_the_game_and_back_returns_to_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    shell = _shell_in_game(qtbot)
    window = shell.window
    window.actions_by_name["new"].trigger()
    page = shell.start_page
    assert page is not None and not window.isVisible()
    assert page.back_button.isVisible() and not page.continue_button.isVisible()
    assert not page.restore_frame.isVisible()  # the game in progress is not offered as a crash to restore
    qtbot.mouseClick(page.back_button, Qt.MouseButton.LeftButton)
    assert shell.window is window and window.isVisible() and shell.start_page is None
    assert len(window.session.commands) == 1


def test_choosing_another_game_asks_and_cancel_keeps_the_game(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shell = _shell_in_game(qtbot)
    window = shell.window
    window.actions_by_name["new"].trigger()
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    shell.start_page.save_chosen.emit(_other_save(tmp_path))
    assert asked == ["Leave this game?"]
    assert shell.window is window and shell.start_page is not None  # nothing thrown away; still choosing
    _answer(monkeypatch, QMessageBox.StandardButton.Discard)
    shell.start_page.save_chosen.emit(_other_save(tmp_path))
    assert shell.window is not window and shell.window.session.commands == []


def test_save_answer_saves_before_leaving(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shell = _shell_in_game(qtbot, moves=2)
    target = tmp_path / "kept.adjutant.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (str(target), "")))
    _answer(monkeypatch, QMessageBox.StandardButton.Save)
    shell.window.actions_by_name["new"].trigger()
    shell.start_page.save_chosen.emit(_other_save(tmp_path))
    reopened = shell.open_save(target)
    assert reopened is shell.window
    assert len(reopened.session.commands) == 2


def test_a_fresh_or_saved_game_is_left_without_a_question(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shell = _shell_in_game(qtbot, moves=0)
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    assert shell.window.files.confirm_leave() and asked == []
    shell.window.session.submit(shell.window.session.legal_commands()[0])
    assert shell.window.files.save_to(tmp_path / "saved.adjutant.json")
    assert shell.window.files.confirm_leave() and asked == []
    shell.window.controller.undo()
    assert not shell.window.files.confirm_leave() and asked == ["Leave this game?"]


def test_open_asks_first_and_cancel_opens_no_dialog(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shell = _shell_in_game(qtbot)
    _answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    opened: list[object] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **_k: opened.append(a) or ("", "")))
    shell.window.actions_by_name["open"].trigger()
    assert opened == []


def test_save_dialog_starts_in_documents(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(tmp_path))
    shell = _shell_in_game(qtbot)
    starts: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda _p, _c, start, *_a: starts.append(start) or ("", ""))
    )
    shell.window.actions_by_name["save_as"].trigger()
    assert starts == [str(tmp_path / "game.adjutant.json")]


def test_start_page_offers_to_continue_the_last_game(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.ui.app import AppShell

    shell = _shell_in_game(qtbot, moves=3)
    shell.window.close()  # the autosave is closed cleanly: no crash to restore, a game to continue
    shell.window = None
    again = AppShell({"fake": FakeSystem()})
    SHELLS.append(again)
    again.open_default()  # with a last game, the start page opens instead of the default mission
    page = again.start_page
    assert page is not None and again.window is None
    assert page.continue_button.isVisible() and not page.back_button.isVisible()
    assert "3 moves" in page.continue_label.text()
    qtbot.mouseClick(page.continue_button, Qt.MouseButton.LeftButton)
    assert again.window is not None and len(again.window.session.commands) == 3


def test_closing_the_chooser_closes_the_hidden_game_cleanly(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.core.saves import pending_restore

    shell = _shell_in_game(qtbot)
    shell.window.actions_by_name["new"].trigger()
    shell.start_page.close()
    assert shell.window is None and shell.start_page is None
    assert pending_restore(adjutant_data_dir) is None

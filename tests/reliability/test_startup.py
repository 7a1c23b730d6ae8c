"""Issue 16 items 3 and 4 in the app (pytest-qt, offscreen): the app always starts; autosave failures show.

``ADJUTANT_DATA_DIR`` points at a fresh temp folder for every test (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from app.core.saves import pending_restore, save_to_path
from app.ui.settings import Preferences
from tests.support import registry_with_toy, toy_session
from tests.toy import Advance


def _shell():  # type: ignore[no-untyped-def]
    from app.ui.app import AppShell

    return AppShell(registry_with_toy())


def _open_toy(shell, qtbot):  # type: ignore[no-untyped-def]
    window = shell.open_session(toy_session(), None)
    qtbot.addWidget(window)
    window._ensure_autosave()
    return window


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("autosave.json", "{ not json"),
        ("autosave.json", "\x00\x01binary"),
        ("preferences.json", json.dumps({"language": "fr"})),
        ("preferences.json", "[" * 10_000 + "]" * 10_000),
        ("preferences.json", json.dumps({"counter_scale": 1e308})),
    ],
    ids=["autosave-json", "autosave-binary", "prefs-language", "prefs-nesting", "prefs-scale"],
)
def test_a_damaged_startup_file_is_moved_aside_and_the_player_told(
    qtbot, adjutant_data_dir: Path, name: str, text: str
) -> None:  # type: ignore[no-untyped-def]
    """Issue 16 item 3: the file is kept as ``<name>.damaged-1``, defaults are used, a notice says so."""
    (adjutant_data_dir / name).write_text(text, encoding="utf-8")
    shell = _shell()
    assert shell.prefs == Preferences()
    assert not (adjutant_data_dir / name).exists()
    assert (adjutant_data_dir / f"{name}.damaged-1").read_text(encoding="utf-8") == text
    assert f"{name}.damaged-1" in shell.startup_notice()
    window = _open_toy(shell, qtbot)
    assert shell.notice_box.isVisible() and name in shell.notice_box.text()
    assert window.autosaver is not None and (adjutant_data_dir / "autosave.json").exists()


def test_leftover_temp_files_are_removed_at_start(qtbot, adjutant_data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 16 item 4: temp files of killed autosave writes are cleaned at start; good files are kept."""
    leftover = adjutant_data_dir / ".autosave.json.k1ll3d.tmp"
    leftover.write_text('{"half": ', encoding="utf-8")
    save_to_path(toy_session(), adjutant_data_dir / "autosave.json", closed_cleanly=False)
    shell = _shell()
    assert not leftover.exists() and shell.startup.cleaned == [leftover]
    assert pending_restore(adjutant_data_dir) is not None
    assert shell.startup_notice() == ""


def test_an_unusable_data_folder_runs_without_autosave(
    qtbot, adjutant_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Issue 16 item 3: a data folder that is a file is reported; the game runs, autosave off in the status bar."""
    blocked = adjutant_data_dir / "not-a-folder"
    blocked.write_text("I am a file", encoding="utf-8")
    monkeypatch.setenv("ADJUTANT_DATA_DIR", os.fspath(blocked))
    shell = _shell()
    assert shell.startup.unusable and "autosave is off" in shell.startup_notice()
    window = _open_toy(shell, qtbot)
    assert window.autosaver is None
    assert window.autosave_warning.isVisible() and "Autosave is off" in window.autosave_warning.label.text()
    window.session.submit(Advance(side="red", counter="r1"))
    assert blocked.read_text(encoding="utf-8") == "I am a file"


def test_a_failing_autosave_shows_a_persistent_warning_with_save_as(
    qtbot, adjutant_data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Issue 16 item 4: the command stays applied, the window warns until autosave works, Save As… saves."""
    window = _open_toy(_shell(), qtbot)
    autosave = adjutant_data_dir / "autosave.json"
    autosave.unlink()
    autosave.mkdir()  # every write now fails, as on a full disk
    window.session.submit(Advance(side="red", counter="r1"))
    assert len(window.session.commands) == 1
    assert window.autosave_warning.isVisible() and window.autosave_warning.reason
    target = tmp_path / "rescued.adjutant.json"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", staticmethod(lambda *a, **k: (os.fspath(target), ""))
    )
    window.autosave_warning.button.click()
    assert json.loads(target.read_text(encoding="utf-8"))["commands"][0]["counter"] == "r1"
    autosave.rmdir()
    window.session.undo()
    assert not window.autosave_warning.isVisible()


def test_a_save_that_diverges_is_offered_at_its_last_good_command(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Issue 16 item 2: the Open dialog names the problem and offers the game at the last good command."""
    from PySide6.QtWidgets import QMessageBox

    session = toy_session()
    session.submit(Advance(side="red", counter="r1"))
    path = tmp_path / "game.json"
    save_to_path(session, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["digest"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    asked: list[str] = []

    def answer(_parent, _title, text, _buttons):  # type: ignore[no-untyped-def]
        asked.append(text)
        return QMessageBox.StandardButton.Open

    monkeypatch.setattr(QMessageBox, "question", staticmethod(answer))
    window = _shell().open_save(path)
    assert window is not None
    qtbot.addWidget(window)
    assert len(window.session.commands) == 1
    assert "digest mismatch" in asked[0] and "last good command (1)" in asked[0]


@pytest.mark.parametrize("text", [b"\xff\xfe\x00", b"[" * 5000, b'{"format": "adjutant-tiles", "tiles": [1e999]}'])
def test_the_editors_report_a_damaged_file(qtbot, tmp_path: Path, text: bytes, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 16 item 1: the scenario editor and the tile editor show the problem; no traceback."""
    from PySide6.QtWidgets import QMessageBox

    from app.systems.sas.tiles.kit import KIT
    from app.ui.app import AppShell
    from app.ui.editor.tiles import TileEditorWindow

    path = tmp_path / "broken.json"
    path.write_bytes(text)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda _p, _t, body, *a: warned.append(body)))
    shell = AppShell(registry_with_toy())
    assert shell.open_editor(path=path) is None
    tiles = TileEditorWindow(KIT)
    qtbot.addWidget(tiles)
    assert tiles.open_path(path) is False
    assert len(warned) == 2 and all(str(path) in w for w in warned)

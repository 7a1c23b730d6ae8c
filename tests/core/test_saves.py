"""Saves: atomic writes, replay with digest check, tampering refused, autosave and crash restore (DESIGN §4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.errors import SaveError
from app.core.saves import (
    Autosaver,
    SaveFile,
    from_save,
    load_from_path,
    pending_restore,
    read_save,
    save_to_path,
    to_save,
    write_atomic,
)
from app.core.session import Session
from app.core.system import state_digest
from tests.support import TOY_SYSTEMS, toy_session
from tests.toy import SYSTEM, Advance, Gamble, Rest


def _played(seed: int = 3) -> Session:
    session = toy_session(seed=seed)
    for command in (Advance(side="red", counter="r1"), Gamble(side="blue", counter="b2"), Rest(side="red")):
        session.submit(command)
    return session


def test_save_replays_to_the_same_digest(tmp_path: Path) -> None:
    session = _played()
    path = tmp_path / "game.json"
    save_to_path(session, path)
    loaded = load_from_path(path, TOY_SYSTEMS)
    assert state_digest(SYSTEM, loaded.state) == state_digest(SYSTEM, session.state)
    assert loaded.commands == session.commands
    assert loaded.seed == 3
    assert read_save(path).system == "toy"


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "game.json"
    save_to_path(_played(), path)
    save_to_path(_played(4), path)
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"]


def test_failed_atomic_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_atomic(path, "old")
    with pytest.raises(TypeError):
        write_atomic(path, 42)  # type: ignore[arg-type]
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_digest_mismatch_is_refused() -> None:
    save = to_save(_played())
    bad = save.model_copy(update={"digest": "0" * 64})
    with pytest.raises(SaveError, match="digest mismatch"):
        from_save(bad, TOY_SYSTEMS)
    assert from_save(bad, TOY_SYSTEMS, verify=False).commands


def test_tampered_command_is_refused() -> None:
    save = to_save(_played())
    commands = [dict(c) for c in save.commands]
    commands[0]["counter"] = "b1"  # red moving a blue counter
    with pytest.raises(SaveError, match="command 1"):
        from_save(save.model_copy(update={"commands": commands}), TOY_SYSTEMS)
    commands[0] = {"kind": "toy.teleport", "side": "red"}
    with pytest.raises(SaveError, match="no longer applies"):
        from_save(save.model_copy(update={"commands": commands}), TOY_SYSTEMS)


def test_an_old_rules_version_that_no_longer_replays_is_refused_naming_the_versions() -> None:
    """A save made under other rules whose commands no longer apply is refused with the reason, never replayed to a
    different result (issue 14: old saves whose rulings change)."""
    save = to_save(_played())
    commands = [dict(c) for c in save.commands]
    commands[0] = {"kind": "toy.teleport", "side": "red"}
    old = save.model_copy(update={"commands": commands, "system_version": "0"})
    with pytest.raises(SaveError, match=r"no longer applies: the save was made with .* rules version 0"):
        from_save(old, TOY_SYSTEMS)


def test_seed_change_is_detected() -> None:
    save = to_save(_played())
    with pytest.raises(SaveError):
        from_save(save.model_copy(update={"seed": save.seed + 1}), TOY_SYSTEMS)


def test_unknown_system_and_broken_files(tmp_path: Path) -> None:
    save = to_save(_played())
    with pytest.raises(SaveError, match="does not have"):
        from_save(save.model_copy(update={"system": "chess"}), TOY_SYSTEMS)
    with pytest.raises(SaveError, match="embedded scenario"):
        from_save(save.model_copy(update={"scenario": {"id": "x"}}), TOY_SYSTEMS)
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(SaveError, match="cannot read"):
        read_save(broken)
    broken.write_text(json.dumps({"format": "adjutant-save"}), encoding="utf-8")
    with pytest.raises(SaveError, match=r"\$\.system"):
        read_save(broken)


def test_save_json_is_plain_data() -> None:
    save = to_save(_played())
    text = json.dumps(save.model_dump(mode="json"))
    again = SaveFile.model_validate(json.loads(text))
    assert again == save


def test_autosave_after_every_command_and_crash_restore(tmp_path: Path) -> None:
    session = toy_session()
    saver = Autosaver(session, tmp_path)
    assert read_save(saver.path).commands == []
    session.submit(Rest(side="red"))
    assert len(read_save(saver.path).commands) == 1
    session.submit(Rest(side="blue"))
    assert len(read_save(saver.path).commands) == 2
    session.undo()
    assert len(read_save(saver.path).commands) == 1
    pending = pending_restore(tmp_path)  # the process "crashed" here: not closed cleanly
    assert pending is not None
    restored = from_save(pending, TOY_SYSTEMS)
    assert restored.commands == session.commands
    saver.close()
    assert pending_restore(tmp_path) is None
    session.submit(Rest(side="blue"))
    assert len(read_save(saver.path).commands) == 1  # stopped listening after close
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


def test_pending_restore_without_or_with_a_broken_autosave(tmp_path: Path) -> None:
    assert pending_restore(tmp_path) is None
    (tmp_path / "autosave.json").write_text("not json", encoding="utf-8")
    assert pending_restore(tmp_path) is None


def test_bundled_scenario_folder_is_stored_portably(tmp_path):
    """A save of a bundled scenario names its folder relative to scenarios/, not this machine's path."""
    from app.core.saves import BUNDLED, _portable_folder, confined_folder

    assert _portable_folder(BUNDLED / "sas") == "scenarios:sas"
    assert confined_folder("scenarios:sas", None) == BUNDLED / "sas"
    assert _portable_folder(tmp_path) == str(tmp_path.resolve())
    assert confined_folder(None, None) is None

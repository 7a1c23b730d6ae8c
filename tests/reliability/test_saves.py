"""Issue 16 item 2 and item 4: saves are untrusted data; autosave failures are visible and harmless."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.errors import IllegalCommandError, SaveError
from app.core.saves import (
    Autosaver,
    SaveFile,
    clean_temp_files,
    from_save,
    load_from_path,
    pending_restore,
    read_save,
    save_notices,
    save_to_path,
    to_save,
)
from app.core.session import Session
from app.scenario.catalog import open_session
from tests.support import TOY_SYSTEMS, real_systems, toy_session
from tests.toy import Advance, Rest

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "sas" / "tutorial_assassination.json"


def _sas_save(**changes: object) -> SaveFile:
    session = open_session(SCENARIO, real_systems())
    session.submit(session.legal_commands()[0])
    return to_save(session).model_copy(update=changes)


@pytest.mark.parametrize(
    ("folder", "ref"),
    [
        ("/etc", "passwd"),
        ("/dev", "zero"),
        ("scenarios:../../../../etc", "passwd"),
        ("scenarios:sas/../..", "README.md"),
    ],
)
def test_a_save_cannot_read_the_hosts_files(folder: str, ref: str) -> None:
    """Issue 16 item 2: the embedded scenario's folder is confined to bundled scenarios or the save's folder."""
    save = _sas_save(scenario_folder=folder)
    save.scenario["board"]["library"] = ref
    with pytest.raises(SaveError) as info:
        from_save(save, real_systems())
    assert "root:" not in str(info.value)
    assert "no folder" in str(info.value)


def test_a_save_next_to_its_scenario_folder_still_loads(tmp_path: Path) -> None:
    """The save's own folder is allowed: a user scenario saved beside its files replays."""
    mission = tmp_path / "mission.json"
    mission.write_text(SCENARIO.read_text(encoding="utf-8"), encoding="utf-8")
    session = open_session(mission, real_systems())
    session.submit(session.legal_commands()[0])
    save_to_path(session, tmp_path / "game.json")
    assert len(load_from_path(tmp_path / "game.json", real_systems()).commands) == 1


@pytest.mark.parametrize(("version", "reason"), [(0, "unknown"), (2, "newer"), (999, "newer")])
def test_save_format_versions_are_checked(version: int, reason: str) -> None:
    """Issue 16 item 2: a save format this build does not read is refused with the reason."""
    save = to_save(toy_session()).model_copy(update={"format_version": version})
    with pytest.raises(SaveError, match=f"format version {version} is {reason}"):
        from_save(save, TOY_SYSTEMS)


def test_a_rules_version_change_is_reported() -> None:
    """Issue 16 item 2: an older rules version replays with a clear notice."""
    save = to_save(toy_session())
    assert save_notices(save, TOY_SYSTEMS) == []
    old = save.model_copy(update={"system_version": "0.0.1"})
    [notice] = save_notices(old, TOY_SYSTEMS)
    assert "0.0.1" in notice.render() and "0.0.1" in notice.render("zh_CN")


def test_a_command_naming_a_missing_operator_is_an_illegal_command() -> None:
    """Issue 16 item 2, CORE-CMD-1: a command naming something that does not exist is refused with its reason."""
    session = open_session(SCENARIO, real_systems())
    command = session.legal_commands()[0].model_dump(mode="json")
    with pytest.raises(IllegalCommandError) as info:
        session.submit(session.parse({**command, "operator": "nobody"}))
    assert info.value.rule_id == "CORE-CMD-1" and "nobody" in str(info.value.reason)
    for bad in ([1, 2], {"kind": "no_such_kind", "side": "sas"}, {"kind": "activate"}):
        with pytest.raises(IllegalCommandError):
            session.parse(bad)


def test_a_refused_command_offers_the_game_at_the_last_good_command() -> None:
    """Issue 16 item 2: the SaveError carries the game replayed up to the last command that applied."""
    session = toy_session()
    session.submit(Advance(side="red", counter="r1"))
    session.submit(Rest(side="blue"))
    save = to_save(session)
    commands = [save.commands[0], {**save.commands[1], "kind": "toy.teleport"}]
    with pytest.raises(SaveError, match="command 2") as info:
        from_save(save.model_copy(update={"commands": commands}), TOY_SYSTEMS)
    assert isinstance(info.value.partial, Session) and len(info.value.partial.commands) == 1
    with pytest.raises(SaveError, match="digest mismatch") as info:
        from_save(save.model_copy(update={"digest": "0" * 64}), TOY_SYSTEMS)
    assert isinstance(info.value.partial, Session) and len(info.value.partial.commands) == 2


@pytest.mark.parametrize(
    "text",
    [b"\xff\xfe{\x00", '{"a": 1}'.encode("utf-16"), b'{"format": "adjutant-save", "comm', b"[" * 100_000],
    ids=["binary", "utf16", "truncated", "deep"],
)
def test_damaged_save_files_give_a_save_error(tmp_path: Path, text: bytes) -> None:
    """Issue 16 item 2: the app's Open gets a SaveError, never UnicodeDecodeError or RecursionError."""
    path = tmp_path / "game.json"
    path.write_bytes(text)
    with pytest.raises(SaveError, match=str(path)):
        read_save(path)


def test_a_failed_autosave_write_is_harmless_and_visible(tmp_path: Path) -> None:
    """Issue 16 item 4: the command stays applied, every listener runs, the error is reported and clears."""
    session = toy_session()
    reported: list[str | None] = []
    autosaver = Autosaver(session, tmp_path, on_error=reported.append)
    after: list[str] = []
    session.subscribe(lambda change: after.append(change.reason))
    blocker = tmp_path / "autosave.json"
    blocker.unlink()
    blocker.mkdir()  # the write's rename now fails, as on a full or broken disk
    session.submit(Advance(side="red", counter="r1"))
    assert len(session.commands) == 1 and after == ["submit"]
    assert autosaver.error is not None and reported == [autosaver.error]
    blocker.rmdir()
    session.submit(Rest(side="blue"))
    assert autosaver.error is None and reported[-1] is None
    assert len(read_save(tmp_path / "autosave.json").commands) == 2
    assert not list(tmp_path.glob(".*.tmp"))


def test_temp_files_of_killed_writes_are_cleaned_and_damaged_autosave_moved_aside(tmp_path: Path) -> None:
    """Issue 16 items 3 and 4: leftovers removed at start; a damaged autosave is kept aside, never deleted."""
    leftover = tmp_path / ".autosave.json.abc123.tmp"
    leftover.write_text("{", encoding="utf-8")
    assert clean_temp_files(tmp_path) == [leftover] and not leftover.exists()
    (tmp_path / "autosave.json").write_text(json.dumps({"format": "adjutant-save"}), encoding="utf-8")
    assert pending_restore(tmp_path) is None
    assert not (tmp_path / "autosave.json").exists()
    assert (tmp_path / "autosave.json.damaged-1").exists()


def test_replay_in_the_cli_reports_the_rules_version_and_refuses_tampering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 2: ``adjutant replay`` says when the rules changed; a host-file trick is a clean error."""
    from app.cli import main

    session = toy_session()
    path = tmp_path / "game.json"
    save_to_path(session, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["system_version"] = "0.0.1"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)], TOY_SYSTEMS) == 0
    assert "notice: This game was saved with rules version 0.0.1" in capsys.readouterr().out
    save = _sas_save(scenario_folder="/etc")
    save.scenario["board"]["library"] = "passwd"
    path.write_text(save.model_dump_json(), encoding="utf-8")
    assert main(["replay", str(path)], real_systems()) == 1
    out = capsys.readouterr()
    assert "root:" not in out.out + out.err and "internal error" not in out.err

"""The scenario catalog: bundled listing, default entry, opening sessions, validating folders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.core.i18n import localized
from app.core.saves import save_to_path
from app.scenario.catalog import (
    ScenarioEntry,
    bundled,
    default_entry,
    file_format,
    load_scenario,
    open_session,
    scan,
    validate_paths,
)
from app.scenario.loading import ScenarioError
from app.systems.sas import SYSTEM as SAS
from tests.support import TOY_SYSTEMS, toy_session
from tests.toy import TOY_SCENARIO

WITH_TILES = {**TOY_SYSTEMS, "sas": SAS}  # tile libraries and tiled boards are read by the system declaring them

TILES = {"format": "adjutant-tiles", "schema_version": 1, "id": "lib", "name": "Library", "tiles": []}


def _scenario(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TOY_SCENARIO.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def _write(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def library(tmp_path: Path) -> Path:
    _write(tmp_path / "toy" / "b.json", _scenario(id="bravo", default=False))
    _write(tmp_path / "toy" / "a.json", _scenario(id="alpha", default=False, title={"en": "Alpha", "zh_CN": "甲"}))
    _write(tmp_path / "toy" / "z.json", _scenario(id="zulu", default=True))
    _write(tmp_path / "aaa" / "c.json", _scenario(id="charlie", system="aaa", default=False))
    _write(tmp_path / "toy" / "tiles.json", TILES)
    _write(tmp_path / "toy" / "broken.json", "{")
    _write(tmp_path / "toy" / "notes.txt", "not json")
    _write(tmp_path / "toy" / "deep" / "x.json", _scenario(id="deep"))  # only one folder level is bundled
    return tmp_path


def test_bundled_lists_scenarios_default_first(library: Path) -> None:
    entries = bundled(library)
    expected = [("toy", "zulu"), ("aaa", "charlie"), ("toy", "alpha"), ("toy", "bravo")]
    assert [(e.system, e.id) for e in entries] == expected
    alpha = entries[2]
    assert alpha.path == library / "toy" / "a.json"
    assert alpha.title.render("zh_CN") == "甲"
    assert alpha.title.render("en") == "Alpha"
    assert entries[0].default


def test_bundled_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert bundled(tmp_path / "nothing") == []


def test_bundled_title_falls_back_to_id(tmp_path: Path) -> None:
    _write(tmp_path / "toy" / "a.json", _scenario(title="oops"))
    assert bundled(tmp_path)[0].title.render() == "toy-race"


def test_bundled_reads_only_the_header_of_each_file(tmp_path: Path) -> None:
    """The listing checks the header fields only (start-up time, DESIGN §10): a file whose body is damaged is
    listed and refused with a clean error when opened; a damaged header, or a file that is not JSON, is left out."""
    _write(tmp_path / "toy" / "body.json", _scenario(id="body", units="\ud800"))  # json.dumps writes \ud800
    _write(tmp_path / "toy" / "header.json", '{"format": "adjutant-scenario", "system": "toy", "id": "\\udc00"}')
    _write(tmp_path / "toy" / "deep.json", "[" * 100_000 + "]" * 100_000)
    _write(tmp_path / "toy" / "list.json", "[]")
    entries = bundled(tmp_path)
    assert [e.id for e in entries] == ["body"]
    with pytest.raises(ScenarioError, match="lone surrogate"):
        load_scenario(entries[0].path, TOY_SYSTEMS)


def test_bundled_remembers_its_listing_until_a_file_changes(library: Path) -> None:
    """A start lists the catalog twice; the second listing reuses the first unless a file was added, removed or
    rewritten."""
    first = bundled(library)
    assert bundled(library) == first
    _write(library / "toy" / "new.json", _scenario(id="echo", default=False))
    assert [e.id for e in bundled(library)][-1] == "echo"
    _write(library / "toy" / "new.json", _scenario(id="foxtrot-renamed", default=False))
    assert [e.id for e in bundled(library)][-1] == "foxtrot-renamed"
    (library / "toy" / "new.json").unlink()
    assert bundled(library) == first


def test_default_entry() -> None:
    title = TOY_SCENARIO.name
    plain = ScenarioEntry(TOY_SCENARIO, "toy", "a", localized(title), default=False)
    chosen = ScenarioEntry(TOY_SCENARIO, "toy", "b", localized(title), default=True)
    assert default_entry([plain, chosen]) is chosen
    assert default_entry([plain]) is plain
    assert default_entry([]) is None


def test_open_session() -> None:
    session = open_session(TOY_SCENARIO, TOY_SYSTEMS, seed=9, mode="table")
    assert (session.seed, session.mode, session.folder) == (9, "table", TOY_SCENARIO.parent)
    assert session.active_side() == "red"
    assert session.scenario == load_scenario(TOY_SCENARIO, TOY_SYSTEMS)[1]


def test_scan_and_validate_paths(library: Path) -> None:
    save = library / "toy" / "game.json"
    save_to_path(toy_session(), save)
    checked, skipped = scan([library])
    assert save in skipped
    assert library / "toy" / "broken.json" in checked
    assert library / "toy" / "deep" / "x.json" in checked
    results = dict(validate_paths([library], WITH_TILES))
    assert save not in results
    assert results[library / "toy" / "a.json"] is None
    assert results[library / "toy" / "tiles.json"] is None
    assert isinstance(results[library / "toy" / "broken.json"], ScenarioError)
    charlie = results[library / "aaa" / "c.json"]
    assert charlie is not None
    assert charlie.problems[0].path == "$.system"


def test_explicit_files_are_always_checked(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save_to_path(toy_session(), save)
    [(path, error)] = validate_paths([save], TOY_SYSTEMS)
    assert path == save
    assert error is not None
    assert error.problems[0].path == "$.format"


def test_invalid_tile_library_is_reported(tmp_path: Path) -> None:
    path = _write(tmp_path / "tiles.json", {**TILES, "name": None, "extra": 1})
    [(_, error)] = validate_paths([path], WITH_TILES)
    assert error is not None
    assert {p.path for p in error.problems} >= {"$.name", "$.extra"}
    [(_, error)] = validate_paths([_write(tmp_path / "good.json", TILES)], TOY_SYSTEMS)
    assert error is not None and "no game system reads" in error.problems[0].message


def test_file_format(tmp_path: Path) -> None:
    assert file_format(_write(tmp_path / "a.json", TILES)) == "adjutant-tiles"
    assert file_format(_write(tmp_path / "b.json", {"x": 1})) == ""
    assert file_format(_write(tmp_path / "c.json", "[]")) is None
    assert file_format(tmp_path / "missing.json") is None


def test_board_files_are_validated_and_built(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parents[2] / "resources" / "boards" / "sas_two_by_two.json"
    if not source.exists():
        pytest.skip("no bundled board file")
    data = json.loads(source.read_text(encoding="utf-8"))
    good = _write(tmp_path / "good.json", data)
    data["board"]["tiles"][1]["at"] = data["board"]["tiles"][0]["at"]  # two tiles in the same place
    bad = _write(tmp_path / "bad.json", data)
    results = dict(validate_paths([tmp_path], WITH_TILES))
    assert results[good] is None
    error = results[bad]
    assert error is not None
    assert error.problems[0].path.startswith("$.board")

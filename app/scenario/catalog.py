"""The scenario catalog: listing bundled files, loading one into a session, validating many (DESIGN §6).

``bundled()`` lists ``scenarios/<system folder>/*.json`` from their header fields only (cheap enough for the
start page). ``load_scenario()`` runs the full pipeline — read, header check, migration, validation — and
``open_session()`` also builds the runtime scenario (board, forces), so every failure a player can cause
with a file surfaces as one :class:`~app.scenario.loading.ScenarioError` naming the file and JSON path.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from app.core.capabilities import HasTiles, capability, scenario_schema
from app.core.datafile import DataFileError, clip, read_json_fields, read_json_file
from app.core.i18n import Text, localized
from app.core.session import Mode, Session
from app.core.system import GameSystem
from app.scenario.loading import (
    SCENARIO_FORMAT,
    Problem,
    ScenarioError,
    ScenarioValueError,
    check_header,
    migrate,
    problems_from,
    read_json,
    validate,
)
from app.scenario.resources import SCENARIOS, resolve_ref
from app.scenario.tile_source import TileSource

TILES_FORMAT = "adjutant-tiles"
BOARD_FORMAT = "adjutant-board"
DATA_FORMATS = (TILES_FORMAT, BOARD_FORMAT)  # tile libraries (read by the system declaring the format), boards
CHECKED_FORMATS = (SCENARIO_FORMAT, TILES_FORMAT, BOARD_FORMAT)
HEADER_FIELDS = ("format", "system", "id", "title", "default")  # what the catalog lists of a scenario file


@dataclass(frozen=True)
class ScenarioEntry:
    """A scenario file as listed on the start page (header fields only).

    Attributes:
        path: The file.
        system: Game system id from the header.
        id: Scenario id.
        title: Display title (with its inline translation).
        default: Whether it is offered first.
    """

    path: Path
    system: str
    id: str
    title: Text
    default: bool


def _title(data: Mapping[str, Any], fallback: str) -> Text:
    title = data.get("title")
    if isinstance(title, Mapping) and isinstance(title.get("en"), str) and title["en"]:
        zh = title.get("zh_CN")
        return localized(title["en"], zh if isinstance(zh, str) else None)
    return localized(fallback)


def read_entry(path: Path) -> ScenarioEntry | None:
    """The catalog entry of one file, or ``None`` when it is not a readable scenario (e.g. a tile library).

    Only the header fields are read and checked (cheap: the catalog is listed at every start, DESIGN §10); the
    rest of the file is checked when it is opened.
    """
    try:
        data = read_json_fields(path, HEADER_FIELDS)
    except DataFileError:
        return None
    if data.get("format") != SCENARIO_FORMAT:
        return None
    system, scenario_id = data.get("system"), data.get("id")
    if not isinstance(system, str) or not isinstance(scenario_id, str):
        return None
    return ScenarioEntry(path, system, scenario_id, _title(data, scenario_id), data.get("default") is True)


def bundled(folder: Path = SCENARIOS) -> list[ScenarioEntry]:
    """Every scenario in ``folder/<system folder>/*.json``, default ones first, then by system and id.

    The listing is remembered while no file is added, removed or rewritten (same names, sizes and modification
    times): a start lists the catalog twice (the system to import first, then the default mission).
    """
    if not folder.is_dir():
        return []
    paths = sorted(folder.glob("*/*.json"))
    signature = tuple((path, *_stamp(path)) for path in paths)
    if (remembered := _LISTED.get(folder)) is not None and remembered[0] == signature:
        return list(remembered[1])
    entries = [entry for path in paths if (entry := read_entry(path)) is not None]
    listing = sorted(entries, key=lambda e: (not e.default, e.system, e.id, str(e.path)))
    _LISTED[folder] = (signature, listing)
    return list(listing)


_LISTED: dict[Path, tuple[tuple[tuple[Path, int, int], ...], list[ScenarioEntry]]] = {}


def _stamp(path: Path) -> tuple[int, int]:
    """(size, modification time in ns) of a file; (-1, -1) when it cannot be read (listed as such)."""
    try:
        info = path.stat()
    except OSError:
        return -1, -1
    return info.st_size, info.st_mtime_ns


def default_entry(entries: Iterable[ScenarioEntry]) -> ScenarioEntry | None:
    """The entry to offer first: the first marked default, else the first one, else ``None``."""
    items = list(entries)
    return next((e for e in items if e.default), items[0] if items else None)


def load_scenario(path: Path, systems: Mapping[str, GameSystem]) -> tuple[GameSystem, BaseModel]:
    """Read, check, migrate and validate a scenario file.

    Raises:
        ScenarioError: Anything wrong with the file, naming the file and the JSON path.
    """
    data = read_json(path)
    system_id, _ = check_header(path, data, sorted(systems))
    system = systems[system_id]
    current, migrations = scenario_schema(system)  # HasMigrations, else version 1
    try:
        data = migrate(path, data, current, migrations)
    except (KeyError, TypeError, ValueError) as exc:  # a migration step choking on malformed data
        raise ScenarioError(path, [Problem("$", f"migration failed: {exc}")]) from exc
    return system, validate(path, data, system.scenario_model(), context={"folder": path.parent})


def build_runtime(path: Path, system: GameSystem, model: BaseModel) -> Any:
    """Build the runtime scenario; a bad board or resource becomes a ScenarioError at ``$.board``."""
    try:
        return system.load_scenario(model, path.parent)
    except ScenarioError as exc:  # a system may name the scenario id: the player needs the file
        if exc.file == str(path):
            raise
        raise ScenarioError(path, exc.problems) from exc
    except ScenarioValueError as exc:  # the system named the field
        raise ScenarioError(path, [Problem(exc.path, exc.message)]) from exc
    except ValidationError as exc:  # e.g. a referenced tile library that does not validate
        problems = [Problem("$.board", str(p)) for p in problems_from(exc)]
        raise ScenarioError(path, problems) from exc
    except (ValueError, KeyError, OSError) as exc:  # ResourceError and GeometryError are ValueErrors
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        raise ScenarioError(path, [Problem("$.board", str(message))]) from exc


def open_session(path: Path, systems: Mapping[str, GameSystem], *, seed: int = 1, mode: Mode = "digital") -> Session:
    """Load a scenario file and start a session on it.

    Raises:
        ScenarioError: The file is invalid or its board cannot be built.
    """
    system, model = load_scenario(path, systems)
    runtime = build_runtime(path, system, model)
    try:
        return Session(system, model, seed=seed, mode=mode, folder=path.parent, runtime=runtime)
    except ScenarioValueError as exc:
        raise ScenarioError(path, [Problem(exc.path, exc.message)]) from exc
    except (ValueError, LookupError) as exc:  # the set-up step refused the scenario (e.g. a missing entry tile)
        raise setup_error(path, exc) from exc


def setup_error(path: Path, exc: Exception) -> ScenarioError:
    """A ScenarioError for a scenario the system cannot set up (``initial_state`` refused it)."""
    message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
    return ScenarioError(path, [Problem("$", f"the scenario cannot be set up: {clip(str(message), 300)}")])


def file_format(path: Path) -> str | None:
    """The ``format`` field of a JSON file; ``""`` when it has none, ``None`` when it is not a JSON object."""
    try:
        data = read_json_file(path)  # no number bound: saves (seeds, timestamps) are recognised and skipped
    except DataFileError:
        return None
    if not isinstance(data, dict):
        return None
    value = data.get("format")
    return value if isinstance(value, str) else ""


def scan(paths: Iterable[Path]) -> tuple[list[Path], list[Path]]:
    """Expand folders recursively into ``*.json`` files: (files to check, files skipped).

    Files named explicitly are always checked. Inside folders, scenarios, tile libraries, board files and
    unreadable files (so broken JSON is reported) are checked; other JSON (saves, themes, …) is skipped.
    """
    checked: list[Path] = []
    skipped: list[Path] = []
    for path in paths:
        if not path.is_dir():
            checked.append(path)
            continue
        for child in sorted(path.rglob("*.json")):
            fmt = file_format(child)
            (checked if fmt is None or fmt in CHECKED_FORMATS else skipped).append(child)
    return checked, skipped


def _tile_system(fmt: str, systems: Mapping[str, GameSystem]) -> HasTiles[TileSource] | None:
    """The system whose boards are laid out from tile libraries of format ``fmt`` (by declared capability)."""
    for system in systems.values():
        tiles: HasTiles[TileSource] | None = capability(system, HasTiles)
        if tiles is not None and tiles.tile_format == fmt:
            return tiles
    return None


def validate_data_file(path: Path, fmt: str, systems: Mapping[str, GameSystem]) -> None:
    """Validate a tile library (with its system's model) or a board file; build a board file's board.

    Raises:
        ScenarioError: The file is invalid or its board cannot be built.
    """
    from app.scenario.boards import BoardFile, build_board  # board models load only when a board is checked

    if fmt != BOARD_FORMAT:
        owner = _tile_system(fmt, systems)
        if owner is None:
            raise ScenarioError(path, [Problem("$.format", f"no game system reads tile libraries of format {fmt!r}")])
        validate(path, read_json(path), owner.tile_library_model(), context={"folder": path.parent})
        return
    data = validate(path, read_json(path), BoardFile, context={"folder": path.parent})
    assert isinstance(data, BoardFile)
    tiles: HasTiles[TileSource] | None = capability(systems.get(data.system), HasTiles)
    load_tiles = tiles.load_tile_library if tiles is not None else None
    try:
        build_board(data.board, lambda ref: resolve_ref(ref, path.parent), load_tiles)
    except ValueError as exc:  # BoardError, GeometryError, ResourceError
        raise ScenarioError(path, [Problem("$.board", str(exc))]) from exc


def validate_file(path: Path, systems: Mapping[str, GameSystem]) -> ScenarioError | None:
    """Fully check one file (scenario: load and build the runtime; tile library or board file: validate)."""
    try:
        fmt = file_format(path)
        if fmt in DATA_FORMATS:
            validate_data_file(path, fmt, systems)
            return None
        system, model = load_scenario(path, systems)
        runtime = build_runtime(path, system, model)
        try:
            system.initial_state(runtime, 1)
        except ScenarioValueError as exc:
            raise ScenarioError(path, [Problem(exc.path, exc.message)]) from exc
        except (ValueError, LookupError) as exc:
            raise setup_error(path, exc) from exc
    except ScenarioError as exc:
        return exc
    return None


def validate_paths(paths: Iterable[Path], systems: Mapping[str, GameSystem]) -> list[tuple[Path, ScenarioError | None]]:
    """Check files and folders (recursively); skipped files (see :func:`scan`) are not listed."""
    return [(path, validate_file(path, systems)) for path in scan(paths)[0]]

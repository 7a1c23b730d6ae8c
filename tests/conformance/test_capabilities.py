"""Every capability a registered system declares, listed and exercised (DESIGN §3a, app.core.capabilities).

The parameter ids list them (``sas:HasBot``, ``cca:HasEditor``, ``toy:HasMigrations`` …). A system that has
a member of a capability (say ``make_agent``) without declaring the capability fails
:func:`test_nothing_looks_like_an_undeclared_capability`: it would be invisible to the app, which discovers
capabilities by declaration only.
"""

from __future__ import annotations

import inspect
import json
import math
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from typing_extensions import get_protocol_members

from app.ai.agent import Budget
from app.ai.fuzz import Fuzzer
from app.core import capabilities
from app.core.capabilities import (
    CAPABILITIES,
    AnswersOldSaves,
    HasBot,
    HasEditor,
    HasFuzzHints,
    HasLineOfSight,
    HasMigrations,
    HasPhaseTitle,
    HasStyle,
    HasTableSync,
    HasTiles,
    HasWaypoints,
    HumanSidesPerScenario,
    capability,
    declared,
    declares,
    human_sides,
)
from app.core.saves import from_save, to_save
from app.core.system import GameSystem, state_digest
from app.core.table_sync import Correction
from app.core.view import GLYPH_SHAPES, SYMBOLS, Style
from app.scenario import editor
from app.scenario.boards_tiled import TileSource
from app.scenario.catalog import load_scenario
from app.scenario.editor.checking import check_document
from app.scenario.editor.plugin import PLUGIN_CAPABILITIES, FolderAware, HasTileEditor, HasTileLibrary, editor_of
from app.scenario.loading import read_json
from tests.conformance.cases import CASES, Case, all_systems, load

ROOT = Path(__file__).resolve().parents[2]
BOT_MOVES = 2  # bot decisions checked per scenario
SEARCH_STEPS = 300  # random commands played per scenario while waiting for a bot's side to act


def _declared_pairs() -> list[object]:
    systems = all_systems()
    return [
        pytest.param(system_id, kind, id=f"{system_id}:{kind.__name__}")
        for system_id, system in systems.items()
        for kind in declared(system)
    ]


def _cases_of(system_id: str) -> list[Case]:
    return [param.values[0] for param in CASES if param.values[0].system_id == system_id]  # type: ignore[attr-defined]


def _undeclared(thing: object, kinds: tuple[type, ...]) -> list[str]:
    """Capabilities of which ``thing`` has a member although its class does not declare them."""
    return [
        f"{kind.__name__} (has {', '.join(sorted(found))})"
        for kind in kinds
        if not declares(thing, kind) and (found := {m for m in get_protocol_members(kind) if hasattr(thing, m)})
    ]


@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_nothing_looks_like_an_undeclared_capability(system_id: str) -> None:
    system = all_systems()[system_id]
    assert _undeclared(system, CAPABILITIES) == [], f"{system_id} must declare these capabilities (subclass them)"
    plugin = editor_of(system)
    if plugin is not None:
        assert _undeclared(plugin, PLUGIN_CAPABILITIES) == [], f"{system_id}'s editor plug-in must declare these"


def test_an_undeclared_capability_is_caught() -> None:
    class Sneaky:  # a bot and half of the fuzz hints, declared as nothing
        def make_agent(self, side: str) -> None:
            del side

        def fuzz_weight(self, state: object, command: object) -> float:
            return 1.0

    sneaky = Sneaky()
    assert _undeclared(sneaky, CAPABILITIES) == ["HasBot (has make_agent)", "HasFuzzHints (has fuzz_weight)"]
    assert capability(sneaky, HasBot) is None  # the app does not see what is not declared


@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_every_system_fulfils_the_contract_and_lists_its_capabilities(system_id: str) -> None:
    system = all_systems()[system_id]
    assert isinstance(system, GameSystem) and system.info.id == system_id
    assert set(system.info.human_sides) <= set(system.info.sides)
    assert all(capability(system, kind) is system for kind in declared(system))
    assert _cases_of(system_id), f"{system_id} bundles no scenario to exercise"


def test_the_capability_list_is_complete() -> None:
    """Every Protocol in app.core.capabilities and the editor plug-in module is listed, so none is forgotten."""
    for module, listed in ((capabilities, CAPABILITIES), (editor.plugin, PLUGIN_CAPABILITIES)):
        protocols = {
            obj
            for _, obj in inspect.getmembers(module, inspect.isclass)
            if obj.__module__ == module.__name__ and getattr(obj, "_is_runtime_protocol", False)
        }
        assert protocols == set(listed), module.__name__


@pytest.mark.parametrize(("system_id", "kind"), _declared_pairs())
def test_declared_capability_works(system_id: str, kind: type, tmp_path: Path) -> None:
    """Each declared capability, exercised by its own check below."""
    system = all_systems()[system_id]
    check = EXERCISES[kind]  # each exercise asserts what its capability promises
    check(system, _cases_of(system_id), tmp_path)


# --- the exercises, one per capability -------------------------------------------------------------------------
def _bot_makes_legal_moves(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """HasBot: in every scenario, whenever a side the bot may play (a seat) is to act, its choice is legal."""
    bot = capability(system, HasBot)
    assert bot is not None
    decided = 0
    for case in cases:
        loaded = load(case)
        seats = [s for s in human_sides(system, loaded.scenario) if bot.make_agent(s) is not None]
        session, rng, moves = loaded.session(5), random.Random(5), 0
        for _ in range(SEARCH_STEPS):
            side = session.active_side()
            if side is None or moves >= BOT_MOVES:
                break
            if side in seats:
                choice = bot.make_agent(side).choose(session.copy_for_search(), side, Budget(1.0))
                assert choice.command in session.legal_commands(side), f"{case.id}: the bot chose an illegal command"
                assert choice.reason.render("en").strip(), "the bot says why"
                session.submit(choice.command)
                moves += 1
            else:
                session.submit(rng.choice(list(session.legal_commands())))
        decided += moves
    assert decided, f"{system.info.id}: the bot was never asked to play in any bundled scenario"


def _human_sides_per_scenario(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """HumanSidesPerScenario: every scenario names one or more of the system's sides."""
    per_scenario = capability(system, HumanSidesPerScenario)
    assert per_scenario is not None
    for case in cases:
        sides = per_scenario.human_sides_of(load(case).scenario)
        assert sides and set(sides) <= set(system.info.sides), case.id


def _editor_loads(system: GameSystem, _cases: list[Case], tmp_path: Path) -> None:
    """HasEditor: the plug-in's new document checks clean and builds, and its plug-in capabilities work."""
    editing = capability(system, HasEditor)
    assert editing is not None
    plugin = editor_of(system)
    assert plugin is not None and plugin.system_id == system.info.id
    document = plugin.new_document()
    result = check_document(document, None, {system.info.id: system}, plugin)
    assert [f for f in result.findings if f.severity == "error"] == []
    assert result.state is not None and plugin.palette(document)
    assert isinstance(plugin.placed(document, result.runtime), list)
    if (aware := capability(plugin, FolderAware)) is not None:
        assert type(aware.with_folder(tmp_path)) is type(plugin)
    if (tiles := capability(plugin, HasTileLibrary)) is not None:
        found = tiles.tile_library(document)
        assert found is not None and found[0].is_file()
    if (editing := capability(plugin, HasTileEditor)) is not None:  # the kit's model edits the mission's library
        kit = editing.tile_editor_kit
        assert isinstance(kit.widget, str) and isinstance(kit.style, Style)
        assert kit.editor.open(found[0], as_copy=True).tiles


def _migrations_upgrade(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """HasMigrations: one step per older version, and the system's old files (``old/*.json`` next to its
    scenarios) load, migrated, for every older version."""
    migrating = capability(system, HasMigrations)
    assert migrating is not None and migrating.schema_version >= 1
    assert set(migrating.migrations) == set(range(1, migrating.schema_version))
    old = sorted({p for case in cases for p in (case.path.parent / "old").glob("*.json")})
    versions = {read_json(path)["schema_version"]: path for path in old}
    assert set(migrating.migrations) <= set(versions), "ship an old scenario for every migration step"
    for path in versions.values():
        _, model = load_scenario(path, {system.info.id: system})
        assert model.model_dump()["schema_version"] == migrating.schema_version, path


def _fuzz_hints_used(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """HasFuzzHints: positive weights for every legal command along a game, and the fuzzer draws by them."""
    hints = capability(system, HasFuzzHints)
    assert hints is not None and hints.fuzz_max_steps > 0
    for case in cases:
        loaded = load(case)
        fuzzer = Fuzzer(all_systems(), system, loaded.scenario, loaded.runtime, loaded.folder, hints.fuzz_max_steps)
        session, rng = loaded.session(2), random.Random(2)
        for step in range(30):
            commands = list(session.legal_commands())
            if not commands or session.outcome() is not None:
                break
            weights = [hints.fuzz_weight(session.state, c) for c in commands]
            assert all(w > 0 and math.isfinite(w) for w in weights), case.id
            expected = random.Random(step).choices(commands, weights=weights)[0]
            assert fuzzer.pick(session, commands, random.Random(step)) == expected
            session.submit(rng.choice(commands))
        json.dumps(system.encode_state(session.state))


def _style_is_carried(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """HasStyle: every view carries the system's style, whose badges and glyphs the renderer can draw."""
    styled = capability(system, HasStyle)
    assert styled is not None
    style = styled.style()
    assert isinstance(style, Style) and all(b.glyph and b.colour.startswith("#") for b in style.badges.values())
    assert all(glyph.get("shape", "disc") in GLYPH_SHAPES for glyph in style.glyphs.values())
    for case in cases:
        view = load(case).session(1).view(None)
        assert view.style is style, case.id
        assert all(c.symbol is None or c.symbol in SYMBOLS for c in view.counters), case.id


def _tiles_load(system: GameSystem, _cases: list[Case], _tmp: Path) -> None:
    """HasTiles: the bundled libraries of its format validate and give the geometry of every tile side."""
    tiles: HasTiles[TileSource] | None = capability(system, HasTiles)
    assert tiles is not None
    bundled = sorted((ROOT / "resources" / "tiles").glob("*.json"))
    libraries = [p for p in bundled if read_json(p)["format"] == tiles.tile_format]
    assert libraries, f"no bundled {tiles.tile_format} library"
    for path in libraries:
        tiles.tile_library_model().model_validate(read_json(path))
        library = tiles.load_tile_library(path)
        for tile_id in (t["id"] for t in read_json(path)["tiles"]):
            assert all(library.tile_grid(tile_id, side) for side in library.tile_sides(tile_id))


def _table_sync_corrects(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """HasTableSync: in every scenario, every correction of the first few counters and of the board applies (an
    event with rule CORE-SYNC-1), survives JSON, is described, replays from a save and is undone exactly."""
    sync = capability(system, HasTableSync)
    assert sync is not None
    for case in cases:
        session = load(case).session(1)
        before = session.state
        board = session.view().board.topology
        spot = board.locations()[len(board.locations()) // 2]
        pieces = [c.id for c in session.view().counters if c.loc is not None][:3]
        done = 0
        for piece in (*pieces, None):
            for correction in sync.corrections(session.state, piece):
                for _label, command in correction.choices[:2]:
                    command = Correction.at(command, spot) if correction.located else command
                    if command.add and board.locations() and piece is None:
                        command = Correction.at(command, _free(session, board))
                    try:
                        events = session.submit(command)
                    except Exception as exc:  # a correction the state refuses must say why, with its rule
                        assert getattr(exc, "rule_id", "") == "CORE-SYNC-1", (case.id, command, exc)
                        continue
                    assert events and all(e.rule_id == "CORE-SYNC-1" for e in events), case.id
                    assert session.parse(json.loads(command.model_dump_json())) == command
                    assert session.describe(command).label.render("zh_CN")
                    done += 1
        assert done, f"{case.id}: no correction applied"
        copy = from_save(to_save(session), all_systems())
        assert system.encode_state(copy.state) == system.encode_state(session.state), case.id
        while session.undo():
            pass
        assert system.encode_state(session.state) == system.encode_state(before), case.id


def _free(session, board):  # type: ignore[no-untyped-def]
    """A location with no counter on it."""
    taken = {c.loc for c in session.view().counters}
    return next(loc for loc in board.locations() if loc not in taken)


def _lines_of_sight(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """HasLineOfSight: from each unit's location to every other counter's location, a sound report (cells from
    origin to target, a level per cell, hindrances and blocker on the line, a rule when blocked, a sentence in
    both languages); the same line twice gives the same report; off the board gives ``None``."""
    sight = capability(system, HasLineOfSight)
    assert sight is not None
    traced = 0
    for case in cases:
        session = load(case).session(3)
        view = session.view(None)
        spots = list(dict.fromkeys(c.loc for c in view.counters if c.loc is not None))[:6]
        for origin in spots[:3]:
            unit = next(c.id for c in view.counters if c.loc == origin)
            for target in spots:
                report = sight.line_of_sight(session.state, origin, target, unit)
                assert report is not None and report.problems() == [], (case.id, origin, target)
                assert report == sight.line_of_sight(session.state, origin, target, unit), "pure"
                assert report.text is not None and report.text.render("zh_CN").strip(), case.id
                traced += 1
        assert sight.line_of_sight(session.state, (-(10**6), 10**6), spots[0]) is None, case.id
    assert traced, f"{system.info.id}: no line of sight traced in any bundled scenario"


def _moves_steered(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """HasWaypoints: in every scenario, random play reaches a command that follows a path; steered through no
    waypoint it ends at the command's target and the rules allow it; steered through the first hex of that path
    it passes there, and submitting it works; a command that follows no path is not steered."""
    steering: HasWaypoints[object] | None = capability(system, HasWaypoints)
    assert steering is not None
    for case in cases:
        session, rng = load(case).session(7), random.Random(7)
        found = None
        for _ in range(SEARCH_STEPS):
            commands = list(session.legal_commands())
            found = next(((c, s) for c in commands if (s := steering.steer(session.state, c, [])) is not None), None)
            if found is not None:
                break
            assert all(steering.steer(session.state, c, []) is None for c in commands[:5])
            session.submit(rng.choice(commands))
        assert found is not None, f"{case.id}: no command to steer within {SEARCH_STEPS} random commands"
        command, plain = found
        target = session.describe(command).target
        assert plain.refusal is None and plain.path and tuple(plain.path[-1]) == tuple(target), case.id
        via = steering.steer(session.state, command, [plain.path[0]])
        assert via is not None and via.path[0] == plain.path[0] and via.cost, case.id
        session.submit(via.command if via.refusal is None else plain.command)


def _old_saves_answered(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """AnswersOldSaves: its own rules version needs no old answer along a game, and a save claiming the version
    before replays that game to the same digest whenever the version takes no decision of its own on the way."""
    older: AnswersOldSaves[object] | None = capability(system, AnswersOldSaves)
    assert older is not None
    before = str(int(system.info.version) - 1)
    for case in cases:
        session, rng, asked = load(case).session(3), random.Random(3), False
        for _ in range(20):
            assert older.old_answer(session.state, system.info.version) is None, case.id
            asked = asked or older.old_answer(session.state, before) is not None
            commands = list(session.legal_commands())
            if not commands or session.outcome() is not None:
                break
            session.submit(rng.choice(commands))
        if not asked:
            replayed = from_save(to_save(session).model_copy(update={"system_version": before}), all_systems())
            assert state_digest(system, replayed.state) == state_digest(system, session.state), case.id


def _phase_titles_match_the_view(system: GameSystem, cases: list[Case], _tmp: Path) -> None:
    """HasPhaseTitle: along a random game of every scenario, the cheap title is the view's phase title for every
    viewer (the history's headings read it for past states)."""
    titled = capability(system, HasPhaseTitle)
    assert titled is not None
    for case in cases:
        session, rng = load(case).session(3), random.Random(3)
        for _ in range(20):
            for side in (None, *system.info.sides):
                phase = system.view(session.state, side).phase
                assert titled.phase_title(session.state) == (None if phase is None else phase.title), case.id
            commands = list(session.legal_commands())
            if not commands or session.outcome() is not None:
                break
            session.submit(rng.choice(commands))


EXERCISES: dict[type, Callable[[GameSystem, list[Case], Path], None]] = {
    HasBot: _bot_makes_legal_moves,
    HumanSidesPerScenario: _human_sides_per_scenario,
    HasEditor: _editor_loads,
    HasMigrations: _migrations_upgrade,
    HasFuzzHints: _fuzz_hints_used,
    HasStyle: _style_is_carried,
    HasTiles: _tiles_load,
    HasTableSync: _table_sync_corrects,
    HasLineOfSight: _lines_of_sight,
    HasPhaseTitle: _phase_titles_match_the_view,
    HasWaypoints: _moves_steered,
    AnswersOldSaves: _old_saves_answered,
}


def test_every_capability_has_an_exercise() -> None:
    assert set(EXERCISES) == set(CAPABILITIES)

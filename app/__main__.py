"""Composition root: the registry of game systems and the entry point of the `adjutant` command.

This is the only module that sees both the systems and the UI (DESIGN §2). With no arguments it opens the
window on the bundled default mission; with a subcommand (validate, schema, render, replay, script, fuzz) it
runs the command-line tool.

Systems are imported when first used (a rules engine costs up to a quarter of a second to import): the
registry is a table of id -> module and display name, and :class:`LazySystems` is a mapping over it that
imports a system on first lookup. The CLI and Qt are likewise imported only by the path that needs them.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

# Adjutant uses no pydantic plugins: skip their entry-point scan, which costs start-up time (DESIGN §10).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import app.core.plugin_scan  # noqa: F401  (before pydantic: it skips pydantic's plugin loader, see there)
from app.core.i18n import LANGUAGES, Text, localized, t
from app.core.system import GameSystem

if TYPE_CHECKING:
    from app.scenario.editor.plugin import EditorPlugin


@dataclass(frozen=True)
class SystemEntry:
    """A registered system: the module exporting ``SYSTEM`` and its display name (same as ``SYSTEM.info.name``)."""

    module: str
    name: Text


# Seating order of the start page. Keep the names equal to each system's ``info.name``.
REGISTRY: dict[str, SystemEntry] = {
    "sas": SystemEntry("app.systems.sas", t("SAS: Rogue Regiment")),
    "cca": SystemEntry("app.systems.cca", localized("Commands & Colors: Ancients", "指挥与军旗：古代")),
    "typhoon": SystemEntry("app.systems.typhoon", localized("Operation Typhoon 1941", "台风行动 1941")),
    "third_reich": SystemEntry(
        "app.systems.third_reich", localized("Rise and Fall of the Third Reich", "第三帝国兴亡")
    ),
    "lnl": SystemEntry("app.systems.lnl", localized("Squad Tactics (Lock 'n Load style)", "班组战术（锁定装填风格）")),
}


class LazySystems(Mapping[str, GameSystem]):
    """The registered systems by id; a system's module is imported on its first ``[id]`` (or ``get``)."""

    def __init__(self, registry: Mapping[str, SystemEntry] | None = None) -> None:
        self._registry = dict(REGISTRY if registry is None else registry)
        self._loaded: dict[str, GameSystem] = {}

    def __getitem__(self, system_id: str) -> GameSystem:
        system = self._loaded.get(system_id)
        if system is None:
            entry = self._registry[system_id]  # KeyError for an unknown id, as a dict
            system = cast(GameSystem, importlib.import_module(entry.module).SYSTEM)
            self._loaded[system_id] = system
        return system

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry)

    def __len__(self) -> int:
        return len(self._registry)

    def __contains__(self, system_id: object) -> bool:
        return system_id in self._registry

    def editor_plugin(self, system_id: str) -> EditorPlugin | None:
        """The system's editor plug-in (it declares ``HasEditor``), or None if it has none or is unknown."""
        from app.scenario.editor.plugin import editor_of  # the editor's model only when an editor is wanted

        return editor_of(self[system_id]) if system_id in self._registry else None

    @property
    def names(self) -> dict[str, Text]:
        """Display names by id, without importing anything."""
        return {system_id: entry.name for system_id, entry in self._registry.items()}


def load_systems() -> dict[str, GameSystem]:
    """Every game system this build knows, by id (imports them all; see :class:`LazySystems`)."""
    systems = LazySystems()
    return {system_id: systems[system_id] for system_id in systems}


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # ~40 ms: only for --version

    try:
        return version("adjutant")
    except PackageNotFoundError:  # running from a PyInstaller bundle
        return "bundled"


def _render(path: Path, out: Path, size: int) -> None:
    if not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # a headless render needs no display
    from app.ui.render import render_file  # Qt only when rendering

    render_file(path, out, size, LazySystems())


CLI_OPTIONS = ("-h", "--help", "--lang")
APP_OPTIONS = ("--smoke", "--edit")
# The Qt-free modules the game window imports besides its system's: the preload imports them before Qt (_preload).
QT_FREE_WINDOW_MODULES = ("app.core.saves", "app.core.command_templates", "app.ui.settings", "app.ui.rulebook", "html")


def _wants_cli(arg: str) -> bool:
    """Whether the first argument is for the command-line tool rather than the window.

    The window takes an optional scenario or save file and Qt's own ``-option`` arguments; anything else that
    is not an existing file (a subcommand, a mistyped one, ``--help``, ``--lang``) goes to the CLI, which
    explains itself and exits non-zero on mistakes instead of opening a window.
    """
    if arg.split("=", 1)[0] in CLI_OPTIONS:
        return True
    if arg.startswith("-"):
        return False
    return not Path(arg).suffix and not Path(arg).exists()


def _display_problem(env: Mapping[str, str], platform: str) -> str | None:
    """Why a window cannot open here, or None: on Linux without X11, Wayland or a chosen Qt platform.

    Qt would abort with a message about xcb plugins; say what to do instead.
    """
    if not platform.startswith("linux") or any(env.get(k) for k in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
        return None
    return (
        "adjutant: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
        "  On a machine without a screen run the window inside Xvfb: make run HEADLESS=1\n"
        "  (or: xvfb-run -a adjutant), or draw a board to a file: adjutant render FILE -o out.png"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the app or the CLI."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--version"]:
        print(f"adjutant {_version()}")
        return 0
    language, args = window_language(args)
    if args and _wants_cli(args[0]):
        from app import cli  # the CLI only for its subcommands

        if language is not None:
            args = ["--lang", language, *args]

        return cli.main(args, LazySystems(), renderer=_render)
    problem = _display_problem(os.environ, sys.platform)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    return _run_window(args, language)


def window_language(args: list[str]) -> tuple[str | None, list[str]]:
    """A leading ``--lang X`` (or ``--lang=X``) with a known language, and the arguments after it.

    It sets the language of the window (``adjutant --lang zh_CN FILE``) or, before a subcommand, of the CLI's
    printed texts; an unknown language is left in place for the CLI to refuse with its own message.
    """
    if args[:1] == ["--lang"] and len(args) > 1 and args[1] in LANGUAGES:
        return args[1], args[2:]
    if args and args[0].startswith("--lang=") and args[0].split("=", 1)[1] in LANGUAGES:
        return args[0].split("=", 1)[1], args[1:]
    return None, args


def _run_window(args: list[str], language: str | None = None) -> int:
    """Open the window (``--smoke``: paint the default mission once and exit; ``--edit``: the editor)."""
    smoke, edit = "--smoke" in args, "--edit" in args
    rest = [a for a in args if a not in APP_OPTIONS]
    scenario = Path(rest[0]) if rest and not rest[0].startswith("-") else None
    # Start-up creates ~10^6 long-lived objects (modules, classes, schemas) and no garbage worth collecting, yet
    # the cyclic GC would scan them all again and again (~15 % of the start, DESIGN §10): collect nothing until
    # the window is on screen, then freeze what start-up built so later collections skip it.
    gc.disable()
    try:
        started = time.perf_counter()  # as bare_window.py: the figure includes importing Qt, the UI and the system
        systems = LazySystems()
        if not edit:
            _preload(systems, scenario)
        from app.ui.app import run_app  # keep the CLI free of Qt start-up cost

        argv = [sys.argv[0], *rest]
        return run_app(
            systems,
            argv,
            scenario=scenario,
            smoke=smoke,
            edit=edit,
            on_shown=_resume_gc,
            started=started,
            language=language,
        )
    finally:
        gc.enable()


def _preload(systems: LazySystems, scenario: Path | None) -> None:
    """Import the system of the first window (``scenario``'s, else the default mission's) before Qt.

    Once PySide6 is imported, its import hook reads the source of every module imported after it (to look for
    ``from __feature__``), which costs more than a hundred SAS modules' worth of file reads; a system imported
    first is not read, nor are the window's Qt-free modules (``QT_FREE_WINDOW_MODULES``). Other systems stay
    unloaded. Only a speed-up: whatever fails here is left to the window, which reports it (the app always starts).
    """
    from app.scenario.catalog import bundled, default_entry, read_entry

    with contextlib.suppress(Exception):  # the window meets the same problem again and explains it
        entry = read_entry(scenario) if scenario is not None else default_entry(bundled())
        if entry is not None and entry.system in systems:
            systems[entry.system]
    for module in QT_FREE_WINDOW_MODULES:
        with contextlib.suppress(ImportError):
            importlib.import_module(module)


def _resume_gc() -> None:
    """Start collecting garbage again, leaving out every object made so far (it lives as long as the app)."""
    gc.freeze()
    gc.enable()


if __name__ == "__main__":
    sys.exit(main())

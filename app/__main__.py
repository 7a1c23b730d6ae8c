"""Composition root: the registry of game systems and the entry point of the `adjutant` command.

This is the only module that sees both the systems and the UI (DESIGN §2). With no arguments it opens the
window on the bundled default mission; with a subcommand (validate, schema, render, replay, script, fuzz) it
runs the command-line tool.
"""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from app import cli
from app.core.system import GameSystem
from app.systems.cca import SYSTEM as CCA
from app.systems.sas import SYSTEM as SAS


def load_systems() -> dict[str, GameSystem]:
    """Every game system this build knows, by id."""
    return {system.info.id: system for system in (SAS, CCA)}


def _version() -> str:
    try:
        return version("adjutant")
    except PackageNotFoundError:  # running from a PyInstaller bundle
        return "bundled"


def _render(path: Path, out: Path, size: int) -> None:
    from app.ui.render import render_file  # Qt only when rendering

    render_file(path, out, size, load_systems())


def main(argv: list[str] | None = None) -> int:
    """Run the app or the CLI."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--version"]:
        print(f"adjutant {_version()}")
        return 0
    if args and not args[0].startswith("-") and args[0] in cli.COMMANDS:
        return cli.main(args, load_systems(), renderer=_render)
    from app.ui.app import run_app  # keep the CLI free of Qt start-up cost

    smoke = "--smoke" in args
    rest = [a for a in args if a != "--smoke"]
    scenario = Path(rest[0]) if rest and not rest[0].startswith("-") else None
    return run_app(load_systems(), [sys.argv[0], *rest], scenario=scenario, smoke=smoke)


if __name__ == "__main__":
    sys.exit(main())

"""The command line: validate, export schemas, render, replay, script and fuzz games (docs/cli.md).

Every command works through the same public API as the UI (catalog, Session, saves). Expected failures
(bad files, illegal commands, save mismatches) print a message a person can act on and exit 1; anything
unexpected prints a one-line "internal error" and exits 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.ai.fuzz import Fuzzer, GameReport, count_results
from app.core.capabilities import DEFAULT_MAX_STEPS
from app.core.datafile import DataFileError, clip
from app.core.dice import NeedInput
from app.core.errors import IllegalCommandError, SaveError
from app.core.i18n import LANGUAGES, Text, render, t
from app.core.messages import Event
from app.core.saves import load_from_path, save_notices_of, save_to_path
from app.core.session import Mode, Session
from app.core.system import GameSystem, state_digest
from app.scenario.base import ScenarioBase
from app.scenario.catalog import open_session, scan, validate_file

Renderer = Callable[[Path, Path, int], None]
COMMANDS = ("validate", "schema", "render", "replay", "script", "fuzz")  # the subcommands (for the entry point)


@dataclass(frozen=True)
class Context:
    """What every command handler gets besides its arguments."""

    systems: Mapping[str, GameSystem]
    renderer: Renderer | None
    lang: str


def main(argv: list[str], systems: Mapping[str, GameSystem], renderer: Renderer | None = None) -> int:
    """Run one command line; returns the exit status (0 ok, 1 failed, 2 usage or internal error).

    Args:
        argv: Arguments without the program name.
        systems: Registered game systems by id.
        renderer: Draws a scenario or save to a PNG (provided by the UI through the composition root).
    """
    parser = _parser(_lang_of(argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed the usage message
        return exc.code if isinstance(exc.code, int) else 2
    context = Context(systems, renderer, args.lang)
    handler: Callable[[argparse.Namespace, Context], int] = args.handler
    try:
        return handler(args, context)
    except (DataFileError, SaveError) as exc:
        print(exc, file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader stopped early (e.g. `| head`): not an error of ours
        sys.stderr.close()
        return 0
    except (OSError, UnicodeDecodeError) as exc:  # e.g. a script file that is not UTF-8
        print(f"error: {clip(str(exc), 300)}", file=sys.stderr)
        return 1
    except Exception as exc:
        print(f"internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


def _lang_of(argv: Sequence[str]) -> str:
    """The ``--lang`` given before the command (so that ``--help`` and usage errors speak it too), else English."""
    for index, arg in enumerate(argv):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else None
        if arg == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        if value is not None:
            return value if value in LANGUAGES else "en"
        if not arg.startswith("-"):
            break  # the command: options after it are its own
    return "en"


def _say(lang: str) -> Callable[[Text], str]:
    return lambda text: text.render(lang)


def _parser(lang: str = "en") -> argparse.ArgumentParser:
    say = _say(lang)
    parser = argparse.ArgumentParser(
        prog="adjutant",
        description=say(t("Adjutant command line tools.")),
        epilog=say(
            t(
                "The window: adjutant [FILE] opens a scenario or a save (without FILE: the default mission, or the "
                "start page when a game waits to be continued); adjutant --edit [FILE] opens the mission editor; "
                "adjutant --version prints the version."
            )
        ),
    )
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=say(t("language of printed texts")))
    commands = parser.add_subparsers(dest="command", required=True)
    sub = commands.add_parser("validate", help=say(t("check scenario files and tile libraries")))
    sub.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    sub.set_defaults(handler=_validate)
    sub = commands.add_parser("schema", help=say(t("print the JSON Schema of a system's scenario files")))
    sub.add_argument("system", metavar="SYSTEM")
    sub.set_defaults(handler=_schema)
    sub = commands.add_parser("render", help=say(t("draw a scenario or a save to a PNG")))
    sub.add_argument("file", type=Path, metavar="FILE")
    sub.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.png")
    sub.add_argument("--size", type=_pixels, default=1600, help=say(t("longest side in pixels (16 to 16384)")))
    sub.set_defaults(handler=_render)
    sub = commands.add_parser("replay", help=say(t("replay a save and check its digest")))
    sub.add_argument("save", type=Path, metavar="SAVE")
    sub.set_defaults(handler=_replay)
    _add_script(commands, say)
    _add_fuzz(commands, say)
    return parser


def _add_script(commands: Any, say: Callable[[Text], str]) -> None:
    sub = commands.add_parser("script", help=say(t("apply JSON-lines commands to a scenario, print the events")))
    sub.add_argument("scenario", type=Path, metavar="SCENARIO")
    sub.add_argument("commands", type=Path, metavar="COMMANDS.jsonl")
    sub.add_argument("--seed", type=int, default=1)
    sub.add_argument("--table", action="store_true", help=say(t("table mode: commands must carry their dice")))
    sub.add_argument("--save", type=Path, metavar="OUT.json", help=say(t("write the save at the end")))
    sub.set_defaults(handler=_script)


def _add_fuzz(commands: Any, say: Callable[[Text], str]) -> None:
    limit = DEFAULT_MAX_STEPS
    sub = commands.add_parser("fuzz", help=say(t("play random legal games looking for crashes and dead ends")))
    sub.add_argument("scenario", type=Path, metavar="SCENARIO")
    sub.add_argument("--games", type=int, default=20)
    sub.add_argument("--seed", type=int, default=1)
    sub.add_argument(
        "--max-steps",
        type=int,
        default=None,
        help=say(t("commands before a game counts as a runaway (default: the system's own limit, else {n})", n=limit)),
    )
    sub.add_argument("--out", type=Path, help=say(t("folder for crash saves (default: a new temporary folder)")))
    sub.add_argument(
        "--bot-share",
        type=float,
        default=0.1,
        help=say(t("share of moves the system's bot chooses, from 0 to 1 (default: {n})", n=0.1)),
    )
    sub.add_argument(
        "--check-every",
        type=int,
        default=1,
        metavar="N",
        help=say(t("check views and descriptions on every N-th step only, and the first and last (default: {n})", n=1)),
    )
    sub.add_argument(
        "--fresh-process",
        action="store_true",
        help=say(t("also replay each game's save in a fresh process (slower)")),
    )
    sub.add_argument("--render", action="store_true", help=say(t("also draw each game's end offscreen")))
    sub.set_defaults(handler=_fuzz)


# --- validate / schema / render / replay -----------------------------------------------------------------
def _validate(args: argparse.Namespace, ctx: Context) -> int:
    checked, skipped = scan(args.paths)
    failed = 0
    for path in checked:
        error = validate_file(path, ctx.systems)
        if error is None:
            print(f"OK  {path}")
        else:
            failed += 1
            print(error)
    say = _say(ctx.lang)
    for path in skipped:
        print(f"SKIP {path} " + say(t("(not a scenario, board or tile library)")))
    print("validate: " + say(t("{n} checked, {f} failed, {s} skipped", n=len(checked), f=failed, s=len(skipped))))
    return 1 if failed or not checked else 0


def _schema(args: argparse.Namespace, ctx: Context) -> int:
    system = ctx.systems.get(args.system)
    if system is None:
        known = ", ".join(sorted(ctx.systems)) or "none"
        print(f"unknown system {args.system!r}; known systems: {known}", file=sys.stderr)
        return 2
    print(json.dumps(system.scenario_model().model_json_schema(), indent=2, ensure_ascii=False))
    return 0


def _pixels(text: str) -> int:
    value = int(text)
    if not 16 <= value <= 16384:
        raise argparse.ArgumentTypeError(f"{value} is not between 16 and 16384")
    return value


def _render(args: argparse.Namespace, ctx: Context) -> int:
    if ctx.renderer is None:
        print("render is not available in this build (no renderer)", file=sys.stderr)
        return 2
    if not args.file.is_file():
        print(f"error: {args.file}: no such file", file=sys.stderr)
        return 1
    ctx.renderer(args.file, args.output, args.size)
    if not args.output.is_file():
        print(f"error: {args.output}: the image could not be written", file=sys.stderr)
        return 1
    print(f"wrote {args.output}")
    return 0


def _replay(args: argparse.Namespace, ctx: Context) -> int:
    try:
        session = load_from_path(args.save, ctx.systems)
    except ValueError as exc:  # the embedded scenario cannot be rebuilt here (e.g. a resource went missing)
        print(f"{args.save}: cannot rebuild the saved game: {clip(str(exc), 600)}", file=sys.stderr)
        return 1
    for notice in save_notices_of(args.save, ctx.systems):
        print(f"notice: {render(notice, ctx.lang)}")
    scenario_id = session.scenario.id if isinstance(session.scenario, ScenarioBase) else "?"
    say, info = _say(ctx.lang), session.system.info
    print(say(t("system: {id} (rules {version})", id=info.id, version=info.version)))
    print(say(t("scenario: {id}", id=scenario_id)))
    mode = say(t("table") if session.mode == "table" else t("digital"))
    print(say(t("seed: {seed}  mode: {mode}", seed=session.seed, mode=mode)))
    print(say(t("commands: {n}", n=len(session.commands))))
    print(say(t("digest: verified {digest}", digest=state_digest(session.system, session.state)[:16])))
    outcome = session.outcome()
    if outcome is None:
        print(say(t("outcome: none (game in progress)")))
    else:
        print(say(t("outcome: {reason} ({level})", reason=outcome.reason, level=outcome.level)))
    print(say(t("last events:")))
    for event in session.events()[-10:]:
        print(f"  {render(event.text, ctx.lang)}")
    return 0


# --- script ------------------------------------------------------------------------------------------------
def event_json(event: Event, lang: str = "en") -> dict[str, Any]:
    """An event as a JSON object with its text rendered in English (and ``lang``)."""
    data = event.model_dump(mode="json")
    data["text_en"] = event.text.render("en")
    if lang != "en":
        data[f"text_{lang}"] = event.text.render(lang)
    return data


def _script(args: argparse.Namespace, ctx: Context) -> int:
    mode: Mode = "table" if args.table else "digital"
    session = open_session(args.scenario, ctx.systems, seed=args.seed, mode=mode)
    status = 0
    for number, line in enumerate(args.commands.read_text(encoding="utf-8").splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        error = _script_line(session, text, ctx.lang)
        if error is not None:
            print(json.dumps({**error, "line": number}, ensure_ascii=False))
            status = 1
            break
    if args.save is not None:
        save_to_path(session, args.save)
    return status


def _script_line(session: Session, text: str, lang: str) -> dict[str, Any] | None:
    """Apply one script line and print its events; return an error object instead when it fails."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return {"error": f"invalid JSON at column {exc.colno}: {exc.msg}", "rule_id": ""}
    if not isinstance(data, dict):
        return {"error": "a command must be a JSON object", "rule_id": ""}
    try:
        events = session.submit(session.parse(data))
    except IllegalCommandError as exc:
        return {"error": render(exc.reason, lang), "rule_id": exc.rule_id}
    except NeedInput as exc:
        need = {"what": exc.what, "count": exc.count, "sides": exc.sides, "options": list(exc.options)}
        message = f"needs {exc.count} {exc.what} for {render(exc.purpose, lang)}"
        return {"error": message, "rule_id": "", "need": need}
    for event in events:
        print(json.dumps(event_json(event, lang), ensure_ascii=False))
    return None


# --- fuzz --------------------------------------------------------------------------------------------------
def _print_report(report: GameReport) -> None:
    head = f"game {report.index} (seed {report.seed}): {report.result}"
    if report.result != "crash":
        print(f"{head}, {report.detail}")
        return
    print(f"{head} after {report.steps} commands")
    for line in report.detail.rstrip().splitlines():
        print(f"  | {line}")
    for path in report.files:
        print(f"  wrote {path}")


def _drawer(renderer: Renderer) -> Callable[[Session], None]:
    """Draw a game through the renderer: its save, written to a temporary folder, to a small PNG."""

    def draw(session: Session) -> None:
        with tempfile.TemporaryDirectory(prefix="adjutant-fuzz-draw-") as folder:
            save = Path(folder) / "game.save.json"
            save_to_path(session, save)
            renderer(save, Path(folder) / "game.png", 256)

    return draw


def _fuzz(args: argparse.Namespace, ctx: Context) -> int:
    fuzzer = Fuzzer.open(args.scenario, ctx.systems, args.max_steps, args.out, args.bot_share)
    fuzzer.fresh_process = args.fresh_process
    if args.check_every < 1:
        print("--check-every must be 1 or more", file=sys.stderr)
        return 2
    fuzzer.check_every = args.check_every
    if args.render:
        if ctx.renderer is None:
            print("render is not available in this build (no renderer)", file=sys.stderr)
            return 2
        fuzzer.draw = _drawer(ctx.renderer)
    reports = []
    for index in range(args.games):
        reports.append(fuzzer.run(index, args.seed))
        _print_report(reports[-1])
    counts = count_results(reports)
    print(
        f"fuzz: {args.games} games, {counts['finished']} finished, {counts['dead end']} dead ends, "
        f"{counts['runaway']} runaways, {counts['crash']} crashes"
    )
    return 1 if counts["crash"] or counts["dead end"] or counts["runaway"] else 0

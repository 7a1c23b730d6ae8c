"""The mutation fuzzer (issue 16 item 6): mutate every bundled file; each mutant must fail cleanly or play.

A seeded mutator damages every bundled scenario, tile library and board file, structurally (a value replaced by
a hostile one: huge or negative numbers, 1 MB strings, lone surrogates, format strings, path escapes, deep
nesting; keys and list items dropped or duplicated) or as text (truncated, bytes flipped or inserted). Each
mutant goes through ``validate_file`` like ``adjutant validate``; the outcome is one of:

* ``clean``: a ScenarioError naming the file — the wanted result for a broken file;
* ``accepted``: the file validates, and is then played (random legal commands, ``describe`` and views in both
  languages) and rendered offscreen without error — its tile library or board mutants through a host
  scenario that uses them;
* ``traceback``: any other exception from validation; ``hang``: over the time limit;
  ``accepted-crash``: validated, then failed to play or render.

``make fuzz`` runs the deep profile (10,000 mutants) through :func:`main`, in child processes of 500 mutants
so that a process crash (SIGSEGV in the renderer) is counted as a ``crash``; the test suite runs a CI profile.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import signal
import subprocess
import sys
import tempfile
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(
    [*ROOT.glob("scenarios/*/*.json"), *ROOT.glob("resources/tiles/*.json"), *ROOT.glob("resources/boards/*.json")]
)
HOSTS = {"sas": ROOT / "scenarios/sas/tutorial_assassination.json", "cca": ROOT / "scenarios/cca/camp_assault.json"}
HOSTILE: tuple[Any, ...] = (
    None,
    True,
    -1,
    0,
    2147483648,
    -(2**63),
    1e308,
    0.5,
    "",
    "x" * 1_000_000,
    "\ud800",
    [],
    {},
    "{col:>300000000}",
    "{col.__class__.__mro__}",
    "../../../../etc/passwd",
    "/dev/zero",
    "resources:../../etc/passwd",
    [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]],
)
OUTCOMES = ("clean", "accepted", "traceback", "hang", "crash", "accepted-crash")
BATCH = 500


@dataclass
class Report:
    """Counts per outcome and the first failures (file, mutation, traceback) for the summary."""

    counts: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def summary(self, files: int) -> str:
        """The one summary line ``make fuzz`` prints."""
        c = self.counts
        return (
            f"mutation fuzz: {sum(c.values())} mutants of {files} files: {c['clean']} clean errors, "
            f"{c['accepted']} accepted (played and rendered), {c['traceback']} tracebacks, {c['hang']} hangs, "
            f"{c['crash']} crashes, {c['accepted-crash']} accepted-then-crashing"
        )

    @property
    def bad(self) -> int:
        """Mutants with an unwanted outcome."""
        return sum(self.counts[k] for k in ("traceback", "hang", "crash", "accepted-crash"))


# --- mutations -------------------------------------------------------------------------------------------
def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, value
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from _nodes(item, (*path, key))


def _mutate_tree(data: Any, rng: random.Random) -> Any:
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        nodes = list(_nodes(data))
        path, value = rng.choice(nodes)
        if not path:
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key, roll = path[-1], rng.random()
        if roll < 0.15:
            del parent[key]
        elif roll < 0.25 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        elif roll < 0.4 and isinstance(value, int | float) and not isinstance(value, bool):
            parent[key] = value + rng.choice((-1, 1, -100, 1000))
        elif roll < 0.55:
            parent[key] = copy.deepcopy(rng.choice(nodes)[1])
        else:  # a copy: the shared constant must not be mutated later, nor put inside itself (a cycle)
            parent[key] = copy.deepcopy(rng.choice(HOSTILE))
    return data


def _mutate_text(raw: bytes, rng: random.Random) -> bytes:
    roll, at = rng.random(), rng.randrange(len(raw))
    if roll < 0.25:
        return raw[:at]
    if roll < 0.5:
        return raw[:at] + bytes([rng.randrange(256)]) + raw[at + 1 :]
    if roll < 0.65:
        return raw[:at] + b"[" * 1500 + raw[at:]
    if roll < 0.8:
        return raw[:at] + b"9" * 5000 + raw[at:]
    return raw[:at] + rng.randbytes(rng.randint(1, 8)) + raw[at:]


def mutate(path: Path, rng: random.Random) -> bytes:
    """One mutant of ``path``: 70 % structural, 30 % textual."""
    raw = path.read_bytes()
    if rng.random() < 0.3:
        return _mutate_text(raw, rng)
    text = json.dumps(_mutate_tree(json.loads(raw), rng), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


# --- checking one mutant ---------------------------------------------------------------------------------
class _Hang(Exception):
    pass


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    def _raise(_signum: int, _frame: object) -> None:
        raise _Hang

    previous = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _host(original: Path, mutant: Path, folder: Path) -> Path | None:
    """A scenario in ``folder`` that uses the mutant tile library or board, or the mutant itself."""
    data = json.loads(original.read_text(encoding="utf-8"))
    if data.get("format") == "adjutant-scenario":
        return mutant
    system = data.get("system", "sas")
    if system not in HOSTS:
        return None
    host = json.loads(HOSTS[system].read_text(encoding="utf-8"))
    host["board"]["library" if system == "sas" else "ref"] = mutant.name
    if data.get("format") == "adjutant-board" and system == "sas":
        return None  # SAS scenarios place tiles themselves; the board file is validated and rendered alone
    path = folder / "host.json"
    path.write_text(json.dumps(host), encoding="utf-8")
    return path


def play_and_render(path: Path, systems: Any, rng: random.Random, steps: int) -> None:
    """Open ``path``, play random legal commands with ``describe`` and views in both languages, render it."""
    from app.scenario.catalog import open_session
    from app.ui.render import render_scene, scene_for_view

    session = open_session(path, systems, seed=rng.randrange(1000))
    for _ in range(steps):
        legal = session.legal_commands()
        if not legal or session.outcome() is not None:
            break
        command = rng.choice(list(legal))
        session.describe(command)
        session.submit(command)
    for lang in ("en", "zh_CN"):
        view = session.view(None)
        for event in session.events()[-5:]:
            event.text.render(lang)
        render_scene(scene_for_view(view, lang, session.system.info.sides), 160)


def check(original: Path, data: bytes, systems: Any, rng: random.Random, steps: int, limit: float) -> str:
    """The outcome of one mutant of ``original`` (see the module docstring)."""
    from app.scenario.catalog import validate_file
    from app.ui.render import render_board

    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        mutant = Path(tmp) / "mutant.json"
        mutant.write_bytes(data)
        try:
            with _time_limit(limit):
                error = validate_file(mutant, systems)
        except _Hang:
            return "hang"
        if error is not None:
            return "clean"
        host = _host(original, mutant, Path(tmp))
        with _time_limit(limit * 3):
            if b'"adjutant-board"' in data:
                render_board(mutant, None, 160, systems=systems)
            if host is not None and validate_file(host, systems) is None:
                play_and_render(host, systems, rng, steps)
    return "accepted"


def run(
    mutants: int, seed: int, steps: int = 12, limit: float = 20.0, files: list[Path] | None = None, start: int = 0
) -> Report:
    """Fuzz mutants ``start`` … ``start + mutants - 1``, spread evenly over ``files`` (every bundled file)."""
    from app.ui.render import ensure_app
    from tests.support import real_systems

    ensure_app()
    systems, report, targets = real_systems(), Report(), files or FILES
    for index in range(start, start + mutants):
        original = targets[index % len(targets)]
        rng = random.Random(f"{seed}:{index}")
        data = mutate(original, rng)
        try:
            outcome = check(original, data, systems, rng, steps, limit)
        except _Hang:
            outcome = "accepted-crash"
            report.failures.append(f"{original.name} mutant {index}: hang while playing")
        except Exception:  # the fuzzer's job: record any escape with its traceback
            stage = "accepted-crash" if _validates(data, systems) else "traceback"
            outcome = stage
            report.failures.append(f"{original.name} mutant {index} ({stage}):\n{traceback.format_exc()}")
        report.counts[outcome] += 1
    return report


def _validates(data: bytes, systems: Any) -> bool:
    from app.scenario.catalog import validate_file

    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        mutant = Path(tmp) / "mutant.json"
        mutant.write_bytes(data)
        try:
            return validate_file(mutant, systems) is None
        except Exception:  # a traceback here is counted by the caller
            return False


def run_isolated(mutants: int, seed: int, steps: int) -> Report:
    """:func:`run` in child processes of :data:`BATCH` mutants, so a process crash (a signal) is counted too."""
    report = Report()
    for start in range(0, mutants, BATCH):
        count = min(BATCH, mutants - start)
        argv = ["--mutants", str(count), "--seed", str(seed), "--steps", str(steps), "--start", str(start)]
        child = subprocess.run(
            [sys.executable, "-m", "tests.reliability.mutation", *argv, "--child"],
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
        )
        if child.returncode < 0 or not child.stdout.strip():
            report.counts["crash"] += 1
            tail = child.stderr.strip()[-2000:]
            report.failures.append(f"mutants {start}-{start + count - 1}: process died ({child.returncode}):\n{tail}")
            continue
        result = json.loads(child.stdout.strip().splitlines()[-1])
        report.counts.update(result["counts"])
        report.failures.extend(result["failures"])
    return report


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.reliability.mutation --mutants 10000``: print the summary; exit 1 on any bad outcome."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--child", action="store_true", help="run in this process; print the counts as JSON")
    args = parser.parse_args(argv)
    if args.child:
        report = run(args.mutants, args.seed, args.steps, start=args.start)
        print(json.dumps({"counts": dict(report.counts), "failures": report.failures[:20]}))
        return 0
    report = run_isolated(args.mutants, args.seed, args.steps)
    for failure in report.failures[:20]:
        print(failure, file=sys.stderr)
    print(report.summary(len(FILES)))
    return 1 if report.bad else 0


if __name__ == "__main__":
    sys.exit(main())

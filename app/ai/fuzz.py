"""Random legal play looking for crashes, dead ends and runaways (DESIGN §9; Rally the Troops' fuzzer).

One fuzzer serves the command line (``adjutant fuzz``), the editor's smoke test and the conformance suite.
Only the choice among legal commands uses ``random.Random``; the game's dice come from its state, so every
game replays from its save.

A system that declares :class:`app.core.capabilities.HasFuzzHints` shapes the games: ``fuzz_weight(state,
command)`` weights the random choice (e.g. battles over passing), so random games stay purposeful and end while
every legal command keeps a chance, and ``fuzz_max_steps`` is its own runaway limit, the number of commands
after which a game that has not ended counts as a runaway (5,000 for a system without hints, see
:data:`app.core.capabilities.DEFAULT_MAX_STEPS`).

At every step the fuzzer also builds every side's view and renders its texts in every language, describes
every legal command, and (``bot_share``) lets the system's bot choose a share of the moves
(:mod:`app.ai.fuzz_checks`); a failure there is a crash like any other. On a large map those checks cost more
than the game itself, so ``check_every`` N runs them on every N-th step only (each game checks a different
residue, so a run of N games still checks every step number) and always on the game's first and last
position; the checks never touch the random choice, so a game is the same whatever N is.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from app.ai.fuzz_checks import BotSeats, check_descriptions, check_views
from app.core.capabilities import HasFuzzHints, capability, runaway_limit
from app.core.errors import SaveError
from app.core.messages import Command
from app.core.saves import SaveFile, from_save, save_to_path, to_save, write_atomic
from app.core.session import Session
from app.core.system import GameSystem, state_digest
from app.scenario.catalog import build_runtime, load_scenario

Result = Literal["finished", "dead end", "runaway", "crash"]
RESULTS: tuple[Result, ...] = ("finished", "dead end", "runaway", "crash")


@dataclass
class GameReport:
    """The result of one random game: "finished", "dead end", "runaway" or "crash"."""

    index: int
    seed: int
    result: Result
    steps: int
    detail: str = ""
    files: list[Path] = field(default_factory=list)


def count_results(reports: Sequence[GameReport]) -> dict[Result, int]:
    """How many games ended with each result (every result present, zero if none)."""
    counts: dict[Result, int] = dict.fromkeys(RESULTS, 0)
    for report in reports:
        counts[report.result] += 1
    return counts


@dataclass
class Fuzzer:
    """Plays random legal games on one scenario (the scenario is loaded and built once).

    ``max_steps`` None means the system's own runaway limit (:func:`app.core.capabilities.runaway_limit`).
    ``bot_share`` is the share of moves the system's bot (``HasBot``) chooses; ``checks`` False skips the view
    and description checks; ``check_every`` N runs them on every N-th step (and the first and last);
    ``fresh_process`` also replays each game's save in a new ``adjutant replay``
    process (bundled systems only), so no state shared with this process can hide a divergence. ``draw``, when
    given, draws each finished game (the UI's offscreen renderer, passed in by the composition root: this
    package never imports Qt); its exception is a crash.
    """

    systems: Mapping[str, GameSystem]
    system: GameSystem
    scenario: BaseModel
    runtime: Any
    folder: Path | None
    max_steps: int | None = None
    out: Path | None = None
    pending: Command | None = None
    bot_share: float = 0.0
    checks: bool = True
    check_every: int = 1
    fresh_process: bool = False
    draw: Callable[[Session], None] | None = None

    @classmethod
    def open(
        cls,
        path: Path,
        systems: Mapping[str, GameSystem],
        max_steps: int | None = None,
        out: Path | None = None,
        bot_share: float = 0.0,
    ) -> Fuzzer:
        """Load ``path`` once for many games."""
        system, model = load_scenario(path, systems)
        runtime = build_runtime(path, system, model)
        return cls(systems, system, model, runtime, path.parent, max_steps, out, bot_share=bot_share)

    @property
    def limit(self) -> int:
        """The runaway limit in force."""
        return self.max_steps if self.max_steps is not None else runaway_limit(self.system)

    def new_session(self, seed: int) -> Session:
        """A fresh game sharing the built scenario."""
        return Session(self.system, self.scenario, seed=seed, folder=self.folder, runtime=self.runtime)

    def play(self, session: Session, rng: random.Random, residue: int = 0) -> tuple[Result, str]:
        """Random legal play until the game ends, gets stuck, or reaches the runaway limit.

        The view and description checks run on the steps whose number is ``residue`` modulo ``check_every``,
        on the first step and on the last position (the end, or the step with no legal command).
        """
        limit, bots, every = self.limit, BotSeats(self.system), max(1, self.check_every)
        for step in range(limit):
            sampled = self.checks and (step == 0 or step % every == residue % every)
            ended = session.outcome() is not None
            if sampled or (self.checks and ended):
                check_views(session)
            if ended:
                return "finished", f"after {step} commands"
            commands = session.legal_commands()
            if not commands:
                if self.checks and not sampled:
                    check_views(session)
                return "dead end", f"no legal command for {session.active_side()!r} after {step} commands"
            if sampled:
                check_descriptions(session, commands)
            self.pending = bots.choose(session, commands, self.bot_share, rng) or self.pick(session, commands, rng)
            session.submit(self.pending)
            self.pending = None
        if self.checks:
            check_views(session)
        if session.outcome() is not None:
            return "finished", f"after {limit} commands"
        return "runaway", f"no result after {limit} commands"

    def pick(self, session: Session, commands: Sequence[Command], rng: random.Random) -> Command:
        """A random legal command, weighted by ``fuzz_weight`` when the system declares ``HasFuzzHints``."""
        hints = capability(self.system, HasFuzzHints)
        if hints is None:
            return rng.choice(commands)
        weights = [max(float(hints.fuzz_weight(session.state, c)), 1e-3) for c in commands]
        return rng.choices(list(commands), weights=weights)[0]

    def run(self, index: int, seed: int) -> GameReport:
        """Play game ``index``: dice seed ``seed + index``; then check that its save replays exactly."""
        game_seed = seed + index
        session = self.new_session(game_seed)
        try:
            result, detail = self.play(session, random.Random(seed * 1_000_003 + index), index)
            check_replay(session, self.systems)
            if self.draw is not None:
                self.draw(session)
            if self.fresh_process:
                check_replay_in_process(session)
        except Exception:
            report = GameReport(index, game_seed, "crash", len(session.commands), traceback.format_exc())
            report.files = self.write_crash(session, report)
            return report
        return GameReport(index, game_seed, result, len(session.commands), detail)

    def write_crash(self, session: Session, report: GameReport) -> list[Path]:
        """Save the commands applied so far (replayable) and the failing command with its traceback."""
        if self.out is None:
            self.out = Path(tempfile.mkdtemp(prefix="adjutant-fuzz-"))
        stem = self.out / f"crash-game{report.index}-seed{report.seed}"
        save, failing = stem.with_suffix(".save.json"), stem.with_suffix(".failing.json")
        save_to_path(session, save)
        command = None if self.pending is None else self.pending.model_dump(mode="json")
        write_atomic(failing, json.dumps({"command": command, "traceback": report.detail}, indent=1))
        self.pending = None
        return [save, failing]


def check_replay(session: Session, systems: Mapping[str, GameSystem]) -> None:
    """Save to JSON text and replay it; SaveError if the digest (or anything else) differs."""
    text = json.dumps(to_save(session).model_dump(mode="json"))
    replayed = from_save(SaveFile.model_validate(json.loads(text)), systems)
    if state_digest(replayed.system, replayed.state) != state_digest(session.system, session.state):
        raise SaveError("replay does not reproduce the game")


def check_replay_in_process(session: Session) -> None:
    """Replay the game's save in a fresh ``python -m app replay`` process; SaveError unless it gives the digest."""
    digest = state_digest(session.system, session.state)[:16]
    with tempfile.TemporaryDirectory(prefix="adjutant-fuzz-replay-") as folder:
        path = Path(folder) / "game.save.json"
        save_to_path(session, path)
        child = subprocess.run(
            [sys.executable, "-m", "app", "--lang", "en", "replay", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
    if child.returncode != 0 or f"digest: verified {digest}" not in child.stdout:
        detail = (child.stdout + child.stderr).strip()[-1500:]
        raise SaveError(f"a fresh process does not replay the game to digest {digest} ({child.returncode}): {detail}")

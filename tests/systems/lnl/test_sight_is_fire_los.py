"""The LOS tool shows the line fire uses (LNL-FIRE-1, LNL-LOS-1, LNL-LOS-2, LNL-LOS-3, LNL-LOS-4): along random games of
the bundled scenarios, every fire command the rules offer has a clear line in the tool from the firer's hex (and
storey) to the target, and the tool's blocker and hindrances are those of the trace spotting and fire read."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.__main__ import LazySystems
from app.core.capabilities import HasLineOfSight, capability
from app.core.session import Session
from app.scenario.catalog import build_runtime, load_scenario
from app.systems.lnl.messages import Fire
from app.systems.lnl.spotting import los

FOLDER = Path(__file__).resolve().parents[3] / "scenarios" / "lnl"
STEPS = 300


def _session(name: str, seed: int) -> Session:
    path = FOLDER / f"{name}.json"
    system, model = load_scenario(path, LazySystems())
    return Session(system, model, seed=seed, folder=path.parent, runtime=build_runtime(path, system, model))


@pytest.mark.parametrize("name", ["saint_martin", "mill_bridge"])
def test_every_offered_fire_has_a_clear_line_in_the_tool(name: str) -> None:
    session = _session(name, 7)
    sight = capability(session.system, HasLineOfSight)
    assert sight is not None
    rng, checked = random.Random(7), 0
    for _ in range(STEPS):
        commands = list(session.legal_commands())
        if not commands or session.outcome() is not None:
            break
        for command in commands:
            if isinstance(command, Fire):
                firer = next(u for u in session.state.units if u.id == command.units[0])
                report = sight.line_of_sight(session.state, firer.hex, command.target, firer.id)
                assert report is not None and report.clear, (name, command)
                checked += 1
        weights = [session.system.fuzz_weight(session.state, c) for c in commands]  # type: ignore[attr-defined]
        session.submit(rng.choices(commands, weights)[0])
    assert checked, "no fire command was offered in the sample"


def test_the_tool_reports_the_trace_fire_reads() -> None:
    """From each unit to every hex of the map the tool's verdict, blocker and hindrances are spotting's trace."""
    session = _session("mill_bridge", 3)
    sight = capability(session.system, HasLineOfSight)
    assert sight is not None
    state = session.state
    for unit in state.units[:4]:
        assert unit.hex is not None
        for target in state.runtime.grid.locations():
            report = sight.line_of_sight(state, unit.hex, target, unit.id)
            traced = los(state, unit, target)
            assert report is not None and (report.clear, report.blocker, report.rule_id) == (
                traced.clear,
                traced.blocked_at,
                traced.rule_id,
            )
            assert len(report.hindrances) == traced.hindrances

"""Whole SAS missions played headlessly, the bundled missions' loading, and purity of apply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.scenario.catalog import open_session, validate_file
from app.systems.sas import SYSTEM

from .agent import play

SCENARIOS = sorted((Path(__file__).parents[3] / "scenarios" / "sas").glob("*.json"))
TUTORIAL = Path(__file__).parents[3] / "scenarios" / "sas" / "tutorial_assassination.json"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_bundled_missions_load_and_offer_commands(path):
    """SAS-SETUP: every bundled mission builds its board and forces and offers legal commands."""
    session = open_session(path, {"sas": SYSTEM})
    assert session.legal_commands()
    assert session.view().highlights["vision"]


def test_tutorial_scripted_to_victory():
    """SAS-MSN-1: the scripted player kills the officer and gets out (seed 4: a minor victory)."""
    session = open_session(TUTORIAL, {"sas": SYSTEM}, seed=4)
    play(session)
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "sas"


def test_tutorial_scripted_to_defeat_leaving_at_once():
    """SAS-MSN-1 / OQ-55: both operators leave without the officer dead -> defeat."""
    session = open_session(TUTORIAL, {"sas": SYSTEM}, seed=1)
    play(session, hunt=False)
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "axis"


def test_apply_never_mutates_and_replays_identically():
    """Purity: applying the same commands to the same state twice gives equal states and events."""
    session = open_session(TUTORIAL, {"sas": SYSTEM}, seed=4)
    play(session, limit=40)
    replay = open_session(TUTORIAL, {"sas": SYSTEM}, seed=4)
    for command in session.commands:
        replay.submit(command)
    assert SYSTEM.encode_state(replay.state) == SYSTEM.encode_state(session.state)


def test_sas_msn_square_off_the_board_is_named_with_its_json_path(tmp_path):
    """A mission placing a unit on a square that is not on the board: the error names the field, not a traceback."""
    source = Path(__file__).parents[3] / "scenarios" / "sas" / "tutorial_assassination.json"
    data = json.loads(source.read_text("utf-8"))
    data["extra_units"].append({"kind": "smg", "role": "guard", "at": "ZZ99", "facing": "N"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), "utf-8")
    error = validate_file(bad, {"sas": SYSTEM})
    assert error is not None
    assert [(p.path, p.message) for p in error.problems] == [
        ("$.extra_units[1].at", "square 'ZZ99' is not on the board")
    ]

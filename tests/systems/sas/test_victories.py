"""Whole bundled missions won by a scripted team playing through the Session API with the seeded dice (SAS-MSN-1).

The team (``lookahead``) looks one action ahead with the real rules; the seeds are fixed, so each game is the same
every run. The tutorial's scripted victory is in ``test_mission``.
"""

from __future__ import annotations

from pathlib import Path

from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.turn import achieved

from .lookahead import play

FOLDER = Path(__file__).parents[3] / "scenarios" / "sas"


def test_demolition_scripted_to_a_major_victory():
    """SAS-MSN-1 / SAS-EQ-5 / SAS-DECK-4 / SAS-OBJ-5 (seed 1): Johnny leaves at once; Jock and Paddy destroy the
    fuel dump and the ammunition train and get out — both objectives and 2 operators out: a major victory."""
    session = open_session(FOLDER / "demolition_fuel_depot.json", {"sas": SYSTEM}, seed=1)
    play(session, leavers={"johnny"})
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "sas"
    assert outcome.level.render("en") == "Major victory"
    assert achieved(session.state) == {"fuel_dump", "ammo_train"}
    assert sum(o.status == "exfiltrated" for o in session.state.operators) >= 2

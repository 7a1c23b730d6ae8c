"""Whole bundled missions won by a scripted team playing through the Session API (SAS-MSN-1).

The team (``lookahead``) looks one action ahead with the real rules; the seeds are fixed, so each game is the same
every run. The demolition is won with the seeded dice; the raid, whose 9 tiles are watched too closely for the
scripted team to cross unseen, is played in table mode with a lucky player's dice. The tutorial's scripted victory
is in ``test_mission``.
"""

from __future__ import annotations

from pathlib import Path

from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.turn import achieved

from .lookahead import lucky_player, play

FOLDER = Path(__file__).parents[3] / "scenarios" / "sas"


def test_demolition_scripted_to_a_minor_victory():
    """SAS-MSN-1 / SAS-OBJ-5 (seed 1): Johnny leaves at once; Jock and Paddy blow up the fuel dump (a Lewes bomb or
    a shot into a fuel barrel beside it — the train needs a Lewes bomb); one objective and an operator out is a minor
    victory."""
    session = open_session(FOLDER / "demolition_fuel_depot.json", {"sas": SYSTEM}, seed=1)
    play(session, leavers={"johnny"})
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "sas"
    assert outcome.level.render("en") == "Minor victory"
    assert "fuel_dump" in achieved(session.state)
    assert session.state.op("johnny").status == "exfiltrated"


def test_raid_played_at_the_table_with_lucky_dice_to_a_major_victory():
    """SAS-MSN-1 / SAS-CLIMB-2 / SAS-EQ-5 / SAS-DECK-4 (seed 1, table mode): the dice are typed as a lucky player
    rolls them — every Axis attack a 1, every operator roll a 6 (``lucky_player``); cards come from the seeded deck.
    Paddy and David leave at once; Jock and Johnny cross the map, Jock's grenade kills the commandant, his Lewes bomb
    by the library wrecks the wireless (only a Lewes bomb counts), and all get out: a major victory."""
    session = open_session(FOLDER / "raid_chateau.json", {"sas": SYSTEM}, seed=1)
    play(session, leavers={"paddy", "david"}, luck=lucky_player)
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "sas"
    assert outcome.level.render("en") == "Major victory"
    assert achieved(session.state) == {"commandant", "wireless"}
    assert all(o.status == "exfiltrated" for o in session.state.operators)
    assert all(c.dice is not None for c in session.commands if c.kind in ("attack", "axis_step"))

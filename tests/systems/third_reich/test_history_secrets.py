"""Hidden hands in the history of moves: the cards a side takes into its hand are its secret (TR-SEQ-1, TR-CARD-6,
TR-EVT-5); the other seat reads only that a choice was made, as the log's event already says."""

from __future__ import annotations

from pathlib import Path

from app.core.session import Session
from app.scenario.catalog import open_session
from app.systems.third_reich import SYSTEM
from app.systems.third_reich.messages import DiscardCard, PlayCard, TakeCard

SAMPLE = Path(__file__).resolve().parents[3] / "scenarios" / "third_reich" / "sample_1939.json"


def _opened() -> Session:
    return open_session(SAMPLE, {"third_reich": SYSTEM})


def test_tr_seq_1_hand_selection_is_hidden_from_the_other_seat() -> None:
    """TR-SEQ-1, TR-CARD-6, TR-EVT-5: the Axis takes cards into its hand; the Allied seat reads a secret choice,
    the Axis seat (and the table, which sees everything) the cards."""
    s = _opened()
    for _ in range(2):
        s.submit(next(c for c in s.legal_commands() if isinstance(c, TakeCard)))
    allied = [x.render("en") for x in s.history_labels("allied")]
    axis = [x.render("en") for x in s.history_labels("axis")]
    assert allied == ["Axis makes a secret choice."] * 2
    assert all(line.startswith("Take ") and line.endswith(" into the hand") for line in axis)
    assert [x.render("en") for x in s.history_labels()] == axis


def test_tr_opt_3_a_chosen_discard_stays_the_owners_secret_and_a_played_card_does_not() -> None:
    """TR-OPT-3, TR-OPT-2: a discard chosen by its owner is his secret in the history, as in the log; a card
    played is shown to everyone (TR-RND-1)."""
    assert DiscardCard(side="allied", card="x").hidden_from("axis")
    assert not DiscardCard(side="allied", card="x").hidden_from("allied")
    assert not PlayCard(side="allied", card="x").hidden_from("axis")

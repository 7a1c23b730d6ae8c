"""Whole-game tests: dealing, card play and orders (CCA-SETUP-2, CCA-ORDER-*), random-play fuzz, the bot."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from app.core.session import Session
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from app.systems.cca.scenario import CcaScenario
from app.systems.cca.turn import legal

from .helpers import Placement, hx, position

SCENARIOS = sorted((Path(__file__).resolve().parents[3] / "scenarios" / "cca").glob("*.json"))


def load(path: Path, seed: int = 1):  # type: ignore[no-untyped-def]
    model = CcaScenario.model_validate(json.loads(path.read_text("utf-8")))
    return SYSTEM.initial_state(SYSTEM.load_scenario(model, path.parent), seed)


def test_four_scenarios() -> None:
    """Goal F: four bundled scenarios, each with armies, hands, first player and banners."""
    assert len(SCENARIOS) >= 4
    for path in SCENARIOS:
        state = load(path)
        assert state.units and state.leaders and state.phase == "deal"


def test_deal_and_draw() -> None:
    """CCA-SETUP-2, CCA-DRAW-1: each side gets its Command in cards; a turn ends with a draw."""
    state = load(SCENARIOS[0])
    state, _ = SYSTEM.apply(state, m.DealHands(side=state.active))
    assert len(state.hands[0]) == state.command("bottom") and len(state.deck) == 60 - sum(len(h) for h in state.hands)


def test_table_mode_cards_typed() -> None:
    """Table mode: the dealt and drawn cards are typed by name (Roller.pick with names)."""
    state = load(SCENARIOS[0])
    names = ["Order Two Units Center"] * 4 + ["Rally"] + ["Out Flanked"] * 2 + ["Order Light Troops"] * 3
    state, _ = SYSTEM.apply(state, m.DealHands(side=state.active, cards=tuple(names), dice=()))
    assert sorted(state.hands[0]) == ["rally"] + ["two_centre"] * 4


def test_section_orders_and_surplus_lost() -> None:
    """CCA-ORDER-1, CCA-ORDER-2, CCA-BOARD-3: a section card orders only pieces in that section; others are refused."""
    s = position(
        [("bottom", "HI", "0508"), ("bottom", "HI", "0608"), ("bottom", "HI", "0108"), ("top", "HI", "0602")],
        phase="order",
        card="two_centre",
    )
    assert s.turn.quota == (("centre", 2),) and s.turn.mode == "section"  # set by the position, as by the card
    pieces = {c.piece for c in legal(s) if isinstance(c, m.OrderUnit)}
    assert "b3" not in pieces and {"b1", "b2"} <= pieces


def test_apply_is_pure() -> None:
    """Apply never mutates its input: the same command from the same state gives the same result."""
    state = load(SCENARIOS[0], seed=3)
    a, _ = SYSTEM.apply(state, m.DealHands(side=state.active))
    b, _ = SYSTEM.apply(state, m.DealHands(side=state.active))
    assert a == b and state.phase == "deal"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_random_play_never_dead_ends(path: Path) -> None:
    """Fuzz: random legal commands, no crash, always a legal command until the end; views build."""
    session = Session(
        SYSTEM, CcaScenario.model_validate(json.loads(path.read_text("utf-8"))), seed=5, folder=path.parent
    )
    rng = random.Random(5)
    for _ in range(800):
        if session.outcome() is not None:
            break
        commands = session.legal_commands()
        assert commands
        command = rng.choice(list(commands))
        session.describe(command)
        session.submit(command)
    session.view(None)


def test_command_labels_name_pieces_not_ids() -> None:
    """D15: command labels and log texts name a unit by class and hex and a leader by name, never by id."""
    units: list[Placement] = [("bottom", "HI", "0606"), ("top", "MI", "0605")]
    s = position(units, [("bottom", "0607")], ordered=("b1", "bL1"))
    labels = [SYSTEM.describe(s, c).label.render("en") for c in legal(s)]
    assert "Heavy infantry at 0606 battles Medium infantry at 0605" in labels
    moving = position(units, [("bottom", "0607")], ordered=("b1", "bL1"), phase="move")
    labels = [SYSTEM.describe(moving, c).label.render("en") for c in legal(moving)]
    assert "Move Heavy infantry at 0606 to 0607" in labels  # onto the lone leader: he attaches (CCA-MOVE-5)
    assert any(label.startswith("Move Leader bottom-0607 to ") for label in labels)
    assert not any(" b1 " in f" {label} " or "bL1" in label for label in labels)
    _, events = SYSTEM.apply(moving, m.Move(side="bottom", piece="b1", to=hx(s, "0506")))
    assert [e.text.render("en") for e in events] == ["Heavy infantry at 0606 moves to 0506."]

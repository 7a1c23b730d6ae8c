"""Golden counts of legal commands from each bundled scenario's opening position (DESIGN §9): orders each
kind of card allows (CCA-ORDER-1, CCA-ORDER-2, CCA-ORDER-3, CCA-ORDER-4, CCA-ORDER-5, CCA-BOARD-3), and the move
destinations of every unit and leader (CCA-MOVE-4, CCA-MOVE-5, CCA-MOVE-6, CCA-MOVE-7, CCA-LMOVE-1, CCA-LMOVE-2,
CCA-LMOVE-3, CCA-LMOVE-4). A change in these numbers is a change in the rules: look before updating."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.session import Session
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from app.systems.cca.movement import leader_destinations, unit_destinations
from app.systems.cca.scenario import CcaScenario
from app.systems.cca.tables import cards

from .helpers import submit

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "cca"
OPENING = ("two_left", "two_centre", "two_right", "order_light", "leadership_any")
REPLY = ("three_left", "three_centre", "three_right", "order_heavy", "order_medium")

# scenario: (orders offered for each OPENING card, (unit destinations, leader destinations) per side)
GOLDEN: dict[str, tuple[tuple[int, ...], dict[str, tuple[int, int]]]] = {
    "akragas_clash": ((3, 7, 2, 4, 2), {"bottom": (99, 49), "top": (102, 49)}),
    "camp_assault": ((3, 9, 1, 3, 2), {"bottom": (91, 54), "top": (91, 52)}),
    "elephants_at_the_plain": ((3, 7, 2, 3, 2), {"bottom": (102, 49), "top": (115, 44)}),
    "granicus_crossing": ((4, 8, 3, 4, 2), {"bottom": (96, 47), "top": (121, 48)}),
}


def _opening(name: str) -> Session:
    path = SCENARIOS / f"{name}.json"
    model = CcaScenario.model_validate(json.loads(path.read_text("utf-8")))
    session = Session(SYSTEM, model, seed=1, folder=path.parent)
    first = model.first_player
    second = "top" if first == "bottom" else "bottom"
    hands = (*OPENING[: model.army(first).command], *REPLY[: model.army(second).command])
    session.submit(m.DealHands(side=first, cards=tuple(cards()[c].name_en for c in hands), dice=()))
    return session


def _orders(session: Session, card: str) -> int:
    game = session.copy_for_search()
    submit(game, m.PlayCard(side=game.active_side() or "", card=card))
    return sum(1 for c in game.legal_commands() if isinstance(c, m.OrderUnit))


def counts(name: str) -> tuple[tuple[int, ...], dict[str, tuple[int, int]]]:
    """The counts for one scenario."""
    session = _opening(name)
    state = session.state
    orders = tuple(_orders(session, card) for card in OPENING if card in state.hand(state.active))
    moves = {
        side: (
            sum(len(unit_destinations(state, u)) for u in state.units if u.side == side),
            sum(len(leader_destinations(state, x)) for x in state.leaders if x.side == side),
        )
        for side in ("bottom", "top")
    }
    return orders, moves


def test_every_bundled_scenario_has_golden_counts() -> None:
    assert sorted(GOLDEN) == sorted(p.stem for p in SCENARIOS.glob("*.json"))


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_counts(name: str) -> None:
    """Orders for Order Two Units Left/Centre/Right, Order Light Troops and Leadership, then destinations."""
    assert counts(name) == GOLDEN[name]

"""Positions as data (issue 13 item 7): a C&C scenario's ``position`` section starts a game mid-turn.

The rulebook's blocked rampage (CCA-RAMPAGE-4) is a scenario file under tests/support/positions with the side to
play, the card played, the ordered unit, both hands, the discards and the banners already taken.
"""

from __future__ import annotations

from app.core.session import Session
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from tests.support.positions import load_position_file

from .helpers import hx


def test_cca_rampage_4_worked_example_from_a_position_file() -> None:
    """CCA-RAMPAGE-4 worked example from tests/support/positions/cca_rampage_blocked.json: HI vs EL rolls flag,
    flag, light, light, light (no hits, 2 flags); both rear hexes are occupied, one by a 1-block unit: for the first
    flag both lose a block (the 1-block unit is eliminated, CCA-VICTORY-2), for the second the elephant moves into
    the emptied hex. The banner is added to the 3 top already held."""
    session = load_position_file("cca_rampage_blocked.json")
    s = session.state
    assert (s.active, s.phase, s.turn.card, s.turn.ordered) == ("top", "battle", "four_centre", ("t1",))
    assert s.turn_number == 7
    assert s.hand("top") == ("two_left", "two_centre", "three_right") and len(s.hand("bottom")) == 5
    assert s.discard == ("order_heavy",) and len(s.deck) == 60 - 5 - 3 - 1 - 1
    assert s.banners == (2, 3) and s.unit("b2").blocks == 1
    dice = (5, 5, 1, 1, 1) + (1, 1) * 3  # rampage vs HI, MI, MI: no hits
    events = session.submit(m.Battle(side="top", unit="t1", target=hx(s, "0605"), dice=dice))
    after = session.state
    assert after.unit("b2") is None  # first flag: the 1-block unit is trampled away
    assert after.unit("b3").blocks == 3
    assert after.unit("b1").hex == hx(s, "0506")  # second flag: into the emptied hex
    assert any(e.rule_id == "CCA-RAMPAGE-4" for e in events)
    assert after.banners == (2, 4)


def test_cca_position_in_the_order_step_grants_the_cards_orders() -> None:
    """CCA-ORDER-1: a position in the order step has the quota of the card played (Order Four Units Center: four in
    the centre section), as if the card had just been played."""
    session = load_position_file("cca_rampage_blocked.json")
    scenario = session.scenario.model_copy(
        update={"position": session.scenario.position.model_copy(update={"phase": "order", "ordered": []})}
    )
    state = Session(SYSTEM, scenario, folder=session.folder).state
    assert state.turn.quota == (("centre", 4),) and state.phase == "order"
    assert {c.piece for c in SYSTEM.legal_commands(state) if isinstance(c, m.OrderUnit)} == {"t1"}

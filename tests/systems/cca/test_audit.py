"""C&C rulings corrected by the audit against the rulebook (2026-11-27), each with explicit dice
(1 light, 2 medium, 3 heavy, 4 helmet, 5 flag, 6 swords) and through the public commands."""

from __future__ import annotations

import pytest

from app.core.dice import NeedInput
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from app.systems.cca.describe import odds

from .helpers import do, hx, position


def test_cca_leader_6_a_lone_leader_attacked_under_mounted_charge_faces_the_cards_extra_die() -> None:
    """CCA-LEADER-6: the unit attacking a lone leader rolls its normal dice for that battle; CCA-TERRAIN-1: the
    card's extra die counts as in any other battle (fire at a lone leader already took it). Medium cavalry (3 dice,
    CCA-CC-4) under Mounted Charge rolls 4; the odds shown before the attack say the same."""
    s = position([("bottom", "MC", "0606")], [("top", "0605")], ordered=("b1",), card="mounted_charge")
    battle = m.Battle(side="bottom", unit="b1", target=hx(s, "0605"))
    assert odds(s, "b1", hx(s, "0605"))[0] == 4
    with pytest.raises(NeedInput):
        do(s, battle, (1, 2, 3))  # three dice are one short
    s, _ = do(s, battle, (1, 2, 3, 4))  # the fourth die shows the helmet
    assert s.leader("tL1") is None and s.banners == (1, 0)

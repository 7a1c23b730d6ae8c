"""C&C rulings corrected by issue 14 (items 9, 10 and 11), each against the rulebook's own numbers, explicit dice
(1 light, 2 medium, 3 heavy, 4 helmet, 5 flag, 6 swords)."""

from __future__ import annotations

from dataclasses import replace

from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from app.systems.cca.state import State
from app.systems.cca.turn import legal

from .helpers import at, do, hx, position


def _cavalry_breaks_through() -> State:
    """Bottom's medium cavalry (3 dice, CCA-CC-4) at 0606 eliminates top's 1-block medium infantry at 0605 and
    advances into the vacated hex; top's heavy infantry at 0604 stands next to that hex."""
    s = position([("bottom", "MC", "0606"), ("top", "MI", "0605", 1), ("top", "HI", "0604")], ordered=("b1",))
    s = s.with_hand("top", ("two_centre",))
    s, _ = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")), (2, 1, 1))  # one blue hit: eliminated
    assert s.unit(at(s, "0604")) is not None and s.unit_at(hx(s, "0605")) is None
    s, _ = do(s, m.Advance(side="bottom", unit="b1"))
    assert s.unit("b1").hex == hx(s, "0605")
    assert m.Decline(side="bottom", unit="b1", step="extra_hex") in legal(s), "CCA-MOMENTUM-2: 1 more hex offered"
    return s


def test_cca_momentum_2_cca_bonus_1_declining_the_extra_hex_keeps_the_bonus_close_combat() -> None:
    """CCA-MOMENTUM-2: cavalry may advance and then move 1 additional hex (optional); CCA-BONUS-1: cavalry may then
    make one bonus close combat. Declining the 1 extra hex must not cancel the bonus combat."""
    s = _cavalry_breaks_through()
    s, _ = do(s, m.Decline(side="bottom", unit="b1", step="extra_hex"))
    offered = legal(s)
    assert m.Battle(side="bottom", unit="b1", target=hx(s, "0604")) in offered
    assert m.Decline(side="bottom", unit="b1", step="bonus") in offered


def test_cca_momentum_2_cca_bonus_1_taking_the_extra_hex_keeps_the_bonus_close_combat() -> None:
    """CCA-MOMENTUM-2, CCA-BONUS-1: after the 1 extra hex the bonus close combat is offered too."""
    s = _cavalry_breaks_through()
    near = [c for c in legal(s) if isinstance(c, m.ExtraMove) and c.to in s.runtime.grid.neighbours(hx(s, "0604"))]
    s, _ = do(s, near[0])
    assert m.Battle(side="bottom", unit="b1", target=hx(s, "0604")) in legal(s)


def test_cca_momentum_2_cca_bonus_1_unable_to_take_the_extra_hex_keeps_the_bonus_close_combat() -> None:
    """CCA-MOMENTUM-2, CCA-FORD-1, CCA-FORD-4, CCA-BONUS-1: cavalry advancing into a fordable river must stop there
    (no extra hex) and still gets its bonus close combat."""
    s = position(
        [("bottom", "MC", "0606"), ("top", "MI", "0605", 1), ("top", "HI", "0604")],
        ordered=("b1",),
        terrain={"0605": "fordable_river"},
    )
    s = s.with_hand("top", ("two_centre",))
    s, _ = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")), (2, 1))  # at most 2 dice into a ford
    s, _ = do(s, m.Advance(side="bottom", unit="b1"))
    offered = legal(s)
    assert not any(isinstance(c, m.ExtraMove) for c in offered)
    assert m.Battle(side="bottom", unit="b1", target=hx(s, "0604")) in offered


def _fire_from_camp(target_terrain: str) -> State:
    """Bottom's light infantry in a fortified camp at 0606 (ranged: 2 dice without moving, CCA-RANGED-7), top's heavy
    infantry two hexes away at 0604 on ``target_terrain``."""
    terrain = {"0606": "fortified_camp", "0604": target_terrain}
    return position([("bottom", "LI", "0606"), ("top", "HI", "0604")], ordered=("b1",), terrain=terrain)


def test_cca_dicecount_1_cca_camp_4_fire_of_zero_dice_is_not_offered() -> None:
    """CCA-DICECOUNT-1, CCA-CAMP-4, CCA-FOREST-4: fire at a target in a forest rolls at most 1 die, battling from a
    fortified camp 1 die fewer: 2 → 1 → 0 dice, so that fire is not offered (and nothing is marked as battled)."""
    s = _fire_from_camp("forest")
    assert m.Battle(side="bottom", unit="b1", target=hx(s, "0604")) not in legal(s)
    assert legal(s) == [m.EndTurn(side="bottom")]


def test_cca_dicecount_1_cca_camp_4_fire_of_one_die_is_offered() -> None:
    """CCA-DICECOUNT-1, CCA-CAMP-4: from the camp at a target in the open: 2 − 1 = 1 die, so the fire is offered."""
    s = _fire_from_camp("clear")
    assert m.Battle(side="bottom", unit="b1", target=hx(s, "0604")) in legal(s)


def test_cca_dicecount_1_cca_camp_4_close_combat_of_zero_dice_is_not_offered() -> None:
    """CCA-DICECOUNT-1, CCA-CAMP-4, CCA-ELEPHANT-2: an elephant rolls 1 die against a lone leader, 1 fewer from a
    fortified camp: 0 dice, so the attack is not offered; out of the camp (1 die) it is."""
    s = position([("bottom", "EL", "0606")], [("top", "0605")], ordered=("b1",), terrain={"0606": "fortified_camp"})
    assert m.Battle(side="bottom", unit="b1", target=hx(s, "0605")) not in legal(s)
    s = position([("bottom", "EL", "0606")], [("top", "0605")], ordered=("b1",))
    assert m.Battle(side="bottom", unit="b1", target=hx(s, "0605")) in legal(s)


def _leadership_ordered() -> State:
    """Bottom plays Leadership Any Section and orders the leader attached to its heavy infantry at 0607 (centre);
    the card also orders the medium infantry linked to it at 0608 (CCA-ORDER-3)."""
    s = position(
        [("bottom", "HI", "0607"), ("bottom", "MI", "0608"), ("top", "HI", "0601")],
        [("bottom", "0607")],
        phase="card",
    )
    s = s.with_hand("bottom", ("leadership_any",))
    s, _ = do(s, m.PlayCard(side="bottom", card="leadership_any"))
    s, _ = do(s, m.OrderUnit(side="bottom", piece="bL1"))
    assert set(s.turn.ordered) == {"bL1", at(s, "0607"), at(s, "0608")}
    return s


def test_cca_order_5_a_leader_attached_under_a_leadership_card_may_not_detach() -> None:
    """CCA-ORDER-5: when a Leadership card is played leaders may not detach: the attached leader (1 order for him and
    his unit, CCA-ORDER-3) is offered no move of his own; he moves with his unit and ends in its hex."""
    s = _leadership_ordered()
    if s.phase != "move":
        s, _ = do(s, m.EndOrders(side="bottom"))
    moves = [c for c in legal(s) if isinstance(c, m.Move)]
    assert moves and not [c for c in moves if c.piece == "bL1"]
    unit = at(s, "0607")
    step = next(c for c in moves if c.piece == unit)
    s, _ = do(s, step)
    assert s.leader("bL1").hex == step.to == s.unit(unit).hex
    assert not [c for c in legal(s) if isinstance(c, m.Move) and c.piece == "bL1"]


def _supported_li_flagged(flags: int) -> State:
    """Top's light bowmen at 0604 fire (2 dice, CCA-RANGED-7) at bottom's light infantry at 0606, supported by two
    friends (ignores 1 flag, CCA-BOLSTER-3), rolling ``flags`` flags."""
    s = position(
        [("bottom", "LI", "0606"), ("bottom", "MI", "0506"), ("bottom", "MI", "0706"), ("top", "LB", "0604")],
        ordered=("t1",),
    )
    s = replace(s, active="top")
    return do(s, m.Battle(side="top", unit="t1", target=hx(s, "0606")), (5,) * flags + (3,) * (2 - flags))[0]


def test_cca_bolster_1_ignoring_a_flag_is_the_owners_decision_defaulting_to_ignore() -> None:
    """CCA-BOLSTER-1 ([INTERP] ignoring is optional per flag), CCA-BOLSTER-3 (support: ignore 1 flag): the owner of
    the flagged unit decides how many flags to ignore, 1 or 0; the default (bots, fast play) ignores the most."""
    s = _supported_li_flagged(2)
    decision = SYSTEM.view(s, "top").decision
    assert decision is not None and decision.side == "bottom" and decision.rule_id == "CCA-BOLSTER-1"
    assert decision.commands == [m.IgnoreFlags(side="bottom", unit="b1", flags=n) for n in (1, 0)]
    assert decision.commands == list(SYSTEM.legal_commands(s))
    assert decision.default_command() == m.IgnoreFlags(side="bottom", unit="b1", flags=1)


def test_cca_bolster_1_cca_retreat_1_declining_to_ignore_retreats_for_every_flag() -> None:
    """CCA-BOLSTER-1, CCA-RETREAT-1: 2 flags, 1 ignorable: ignoring 1 retreats for 1 flag, ignoring none for 2
    (light infantry: 2 hexes per flag, CCA-RETREAT-2)."""
    per = position([("bottom", "LI", "0606")]).unit("b1").spec.retreat
    ignored = do(_supported_li_flagged(2), m.IgnoreFlags(side="bottom", unit="b1", flags=1))[0]
    assert ignored.tasks[0].kind == "retreat" and ignored.tasks[0].amount == per
    declined = do(_supported_li_flagged(2), m.IgnoreFlags(side="bottom", unit="b1", flags=0))[0]
    assert declined.tasks[0].kind == "retreat" and declined.tasks[0].amount == 2 * per


def test_cca_bolster_1_no_decision_without_an_ignorable_flag() -> None:
    """CCA-BOLSTER-1, CCA-RETREAT-1: with no flag rolled there is nothing to ignore and nothing is asked."""
    s = _supported_li_flagged(0)
    assert SYSTEM.view(s, None).decision is None

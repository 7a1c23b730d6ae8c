"""Jäger mode in the history of moves: the card the hunter plays face down and the two he discards are his secret
(SAS-JGR-3); the operators' player reads only that the hunter made a choice, until the card is revealed
(SAS-JGR-5: replacing the event card names it to everyone; declining discards it unseen)."""

from __future__ import annotations

from app.systems.sas.messages import DiscardHunterCards, DrawHunterCard, PlayHunterCard, ReplaceEvent


def test_sas_jgr_3_the_hunters_face_down_card_and_discards_are_hidden_from_the_operators() -> None:
    """SAS-JGR-3: options 1 and 3 hide their cards from the SAS seat, not from the hunter's own seat; drawing a
    card has nothing to hide; SAS-JGR-5: replacing the event card with the hunter card shows it."""
    play = PlayHunterCard(side="axis", card="J01")
    discard = DiscardHunterCards(side="axis", discard=("J01", "J02"))
    assert play.hidden_from("sas") and discard.hidden_from("sas")
    assert not play.hidden_from("axis") and not discard.hidden_from("axis") and not play.hidden_from(None)
    assert not DrawHunterCard(side="axis").hidden_from("sas")
    assert not ReplaceEvent(side="axis", use=True).hidden_from("sas")


def test_sas_jgr_5_a_hunter_card_discarded_unseen_stays_hidden() -> None:
    """SAS-JGR-5: declining to replace the event card discards the face-down hunter card unseen: the SAS seat
    reads only that the hunter chose (the label named the card); replacing it shows it to everyone."""
    keep = ReplaceEvent(side="axis", use=False)
    assert keep.hidden_from("sas") and not keep.hidden_from("axis") and not keep.hidden_from(None)
    assert not ReplaceEvent(side="axis", use=True).hidden_from("sas")

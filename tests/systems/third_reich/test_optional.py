"""The optional card rules as scenario switches (rulebook §16.1, §16.2): hidden development, hidden discards and
the choice of discards."""

from __future__ import annotations

from app.core.session import Session
from app.core.view import PanelView
from app.systems.third_reich.messages import DiscardCard, Pass, PlayCard, UseEvent
from tests.systems.third_reich.helpers import card, session, state, submit


def _wolfpack(*options: str) -> Session:
    """The Axis plays Wolfpack with two submarines against six Allied cards of rising value; both dice hit."""
    cards = [card("wolf", "axis", event="wolfpack"), card("b", "axis")]
    cards += [card(f"x{i}", "allied", sv=2 + i % 3) for i in range(6)]
    s = session([("ge_ss", "north_atlantic", 2), ("ge_lf", "berlin")], cards=cards, hands=(2, 6), options=list(options))
    submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="wolf"))
    submit(s, UseEvent(side="axis"), dice=[1, 2])
    return s


def _rows(s: Session, viewer: str, title: str) -> dict[str, str]:
    panel = next(p for p in s.view(viewer).panels if isinstance(p, PanelView) and p.title.render() == title)
    return {k.render(): v if isinstance(v, str) else v.render() for k, v in panel.rows}


def test_tr_opt_3_the_owner_chooses_the_raid_discards() -> None:
    """TR-OPT-3, TR-SUB-7: with the choice of discards the Allies pick the two cards Wolfpack takes (a private
    decision, the lowest value offered first as the default)."""
    s = _wolfpack("choice_of_discards")
    decision = s.view("allied").decision
    assert decision is not None and decision.side == "allied" and decision.rule_id == "TR-OPT-3"
    assert s.view("axis").decision is not None and s.view("axis").decision.options == ()  # the hand stays secret
    assert decision.default_command() in (DiscardCard(side="allied", card="x0"), DiscardCard(side="allied", card="x3"))
    submit(s, DiscardCard(side="allied", card="x2"))
    submit(s, DiscardCard(side="allied", card="x5"))
    hands = state(s).hands_of("allied")
    assert set(hands.discard) >= {"x2", "x5"} and len(hands.hand) == 4 and s.view(None).decision is None


def test_tr_opt_3_without_the_switch_discards_are_random() -> None:
    """TR-OPT-3: without the switch nobody is asked; the raid discards two cards at once."""
    s = _wolfpack()
    assert s.view(None).decision is None and len(state(s).hands_of("allied").hand) == 4


def test_tr_opt_2_raid_discards_lie_face_down() -> None:
    """TR-OPT-2, TR-CARD-6: discards are public; with hidden discards those a raid causes show their owner their
    names and the raider only that two cards lie there."""
    s = _wolfpack("hidden_discards")
    gone = state(s).hands_of("allied").discard
    assert len(gone) == 2 and set(gone) <= set(state(s).face_down)
    raider, owner = _rows(s, "axis", "Allies cards"), _rows(s, "allied", "Allies cards")
    assert raider["Discard pile"].count("a face-down card") == 2
    assert all(c in owner["Discard pile"] for c in gone)
    plain = _wolfpack()
    seen = _rows(plain, "axis", "Allies cards")["Discard pile"]
    assert all(c in seen for c in state(plain).hands_of("allied").discard)


def test_tr_opt_1_hidden_development_announces_only_the_value() -> None:
    """TR-OPT-1, TR-EVT-4, TR-EVT-5: under hidden development the card taken goes face down into the discard and
    only its strategy value is announced; the other side sees the development pool as counts per value."""
    cards = [card("dev", "axis", event="development"), card("big", "axis", sv=4), card("big2", "axis", sv=4)]
    cards += [card("b", "axis"), card("y", "allied")]
    cards[1]["start"] = cards[2]["start"] = "development"
    s = session([("ge_lf", "berlin")], cards=cards, options=["hidden_development"])
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    pools = next(p for p in s.view("allied").panels if p.title.render() == "Pools")
    assert [i.render() for i in pools.items] == ["Axis: 2 cards of value 4"]
    submit(s, PlayCard(side="axis", card="dev"))
    events = submit(s, UseEvent(side="axis", choice="big"))
    assert any("strategy value 4" in e.text.render() and "big" not in e.text.render() for e in events)
    assert "big" in state(s).face_down and "big" in state(s).hands_of("axis").discard
    assert "a face-down card" in _rows(s, "allied", "Axis cards")["Discard pile"]

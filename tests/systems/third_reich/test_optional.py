"""The optional card rules as scenario switches (rulebook §16.1, §16.2): hidden development, hidden discards and
the choice of discards."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.core.session import Session
from app.core.view import PanelView
from app.systems.third_reich.events import development_choices
from app.systems.third_reich.messages import (
    Ambush,
    AttackResolved,
    DevelopCard,
    DiscardCard,
    Move,
    Pass,
    PlayCard,
    UseEvent,
)
from app.systems.third_reich.scenario import Card
from tests.systems.third_reich.helpers import base, card, session, state, submit, used


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
    events = submit(s, DevelopCard(side="axis", card="big"))
    assert any("strategy value 4" in e.text.render() and "big" not in e.text.render() for e in events)
    assert "big" in state(s).face_down and "big" in state(s).hands_of("axis").discard
    assert "a face-down card" in _rows(s, "allied", "Axis cards")["Discard pile"]


def _developing(options: list[str]) -> Session:
    """The Axis plays a Development card with the value-4 card "big" in the development pool."""
    cards = [card("dev", "axis", event="development"), card("big", "axis", sv=4), card("b", "axis")]
    cards += [card("y", "allied")]
    cards[1]["start"] = "development"
    s = session([("ge_lf", "berlin")], cards=cards, options=options)
    while s.active_side() == "allied":
        submit(s, Pass(side="allied"))
    submit(s, PlayCard(side="axis", card="dev"))
    return s


def test_tr_opt_1_the_developed_card_is_a_secret_in_the_history() -> None:
    """TR-OPT-1, TR-EVT-4: under hidden development the card is chosen by a secret command: the Allied seat's
    history reads only that the Axis made a secret choice; the Axis seat and the table read the card; the Axis
    event-by-name command is not accepted, so no label can name the card to the other seat."""
    s = _developing(["hidden_development"])
    offered = [c for c in s.legal_commands() if c.kind in ("tr.develop", "tr.event")]
    assert offered == [DevelopCard(side="axis", card="big")]
    with pytest.raises(IllegalCommandError) as refused:
        submit(s, UseEvent(side="axis", choice="big"))
    assert refused.value.rule_id == "TR-EVT-1"
    submit(s, offered[0])
    allied = [x.render("en") for x in s.history_labels("allied")]
    axis = [x.render("en") for x in s.history_labels("axis")]
    assert allied[-1] == "Axis makes a secret choice." and "big" not in " ".join(allied)
    assert axis[-1] == "dev: take big face down" and [x.render("en") for x in s.history_labels()][-1] == axis[-1]
    assert "big" in state(s).face_down


def test_tr_evt_4_without_hidden_development_the_card_is_public() -> None:
    """TR-EVT-4: without the optional rule the development is a public event command naming the card."""
    s = _developing([])
    assert [c for c in s.legal_commands() if c.kind in ("tr.develop", "tr.event")] == [
        UseEvent(side="axis", choice="big")
    ]
    submit(s, UseEvent(side="axis", choice="big"))
    assert s.history_labels("allied")[-1].render("en") == "dev: take big"


JET = {"id": "ge_af_jet", "nation": "GE", "type": "AF", "attack": 0, "durability": 1, "movement": 2, "air": 4}


def _jet_session(*options: str) -> Session:
    """A German jet and infantry in Berlin; the Allies (with no Ambush card anywhere) hold a French unit in Paris
    and a card; the Axis passes first."""
    counters = [*base()["counters"], {**JET, "jet": True}]
    setup = [("ge_af_jet", "berlin"), ("ge_lf", "berlin"), ("fr_lf", "paris", 2), ("ge_af_jet", "development")]
    cards = [card("a", "axis"), card("x", "allied"), card("y", "allied")]
    s = session(setup, cards=cards, options=list(options), counters=counters)
    while s.active_side() == "axis":
        submit(s, Pass(side="axis"))
    return s


def test_tr_opt_9_jets_counterattack_without_an_ambush_card() -> None:
    """TR-OPT-9, TR-CA-4: with jets in play a jet answers a move into its area without an Ambush card: it alone
    counterattacks, doubled, and no strategy value is banked."""
    s = _jet_session("jets")
    submit(s, PlayCard(side="allied", card="x"))
    submit(s, Move(side="allied", units=("fr_lf_1",), to="berlin"))
    decision = s.view("axis").decision
    assert decision is not None and decision.rule_id == "TR-CA-1"
    assert Ambush(side="axis", card="") in decision.commands
    events = submit(s, Ambush(side="axis", card=""), dice=[1])  # the jet's air strength 4: a hit, doubled
    fought = next(e for e in events if isinstance(e, AttackResolved))
    assert fought.points == 2 and used(s, "fr_lf_1") and used(s, "ge_af_jet_1") and not used(s, "ge_lf_1")
    assert state(s).banked == (0, 0)


def test_tr_opt_9_without_the_switch_jets_stay_out_of_play() -> None:
    """TR-OPT-9: jets are used only with the optional rule: no counterattack without a card, and Development does
    not bring the jet in the development pool into play."""
    s = _jet_session()
    submit(s, PlayCard(side="allied", card="x"))
    submit(s, Move(side="allied", units=("fr_lf_1",), to="berlin"))
    assert s.view(None).decision is None
    st = state(s)
    dev = card("dev", "axis", event="development", takes=["unit"])
    assert development_choices(st, Card.model_validate(dev), "axis") == []
    with_jets = state(_jet_session("jets"))
    assert development_choices(with_jets, Card.model_validate(dev), "axis") == ["unit:ge_af_jet"]

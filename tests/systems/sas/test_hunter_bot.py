"""The hunter bot (SAS-JGR-1, SAS-JGR-2, SAS-JGR-3, SAS-JGR-4, SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9,
SAS-JGR-10, SAS-JGR-11, SAS-JGR-12, SAS-JGR-13, SAS-JGR-14): it always answers with one of the hunter's legal commands,
plays the same game for the same seed, and follows its documented rules of thumb
(app/systems/sas/jager/hunter_bot.py)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from app.ai.agent import Budget
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.jager.hunter_bot import HunterBot, card_value, choose, regular_value
from app.systems.sas.jager.mode import decision
from app.systems.sas.messages import DiscardHunterCards, DrawHunterCard, HunterTarget, PlayHunterCard, ReplaceEvent
from app.systems.sas.state import HunterState
from app.systems.sas.tables import EventCard

from .board import op, unit
from .test_jager import DECK, _jager

MISSION = Path(__file__).parents[3] / "scenarios" / "sas" / "jager_fuel_depot.json"


def _game(seed: int, steps: int = 400) -> list[str]:
    """The bot hunts; the SAS side plays random legal commands (never leaving the map)."""
    session = open_session(MISSION, {"sas": SYSTEM}, seed=seed)
    rng, bot, played = random.Random(seed), HunterBot(), []
    for _ in range(steps):
        if session.outcome() is not None:
            break
        legal = session.legal_commands()
        if session.active_side() == "axis" and decision(session.state) is not None:
            choice = bot.choose(session, "axis", Budget(5))
            assert choice.command in legal and choice.reason.render()
            command = choice.command
        else:
            command = rng.choice([c for c in legal if c.kind != "exfiltrate"] or legal)
        played.append(command.model_dump_json())
        session.submit(command)
    return played


def test_bot_answers_legally_and_deterministically():
    """SAS-JGR-2, SAS-JGR-3, SAS-JGR-4, SAS-JGR-5, SAS-JGR-6, SAS-JGR-7, SAS-JGR-8, SAS-JGR-9, SAS-JGR-10, SAS-JGR-11,
    SAS-JGR-12, SAS-JGR-13, SAS-JGR-14: over a game the bot's choice is always legal and explained; the same seed, the
    same game."""
    first = _game(5)
    assert any('"place_stalker"' in c for c in first)
    assert first == _game(5)


def test_bot_plays_a_strong_card_and_draws_otherwise():
    """SAS-JGR-3: a waypoint for a stalker still on its tile (3.5) is played; a lone lock on a board without doors
    (1.0) is not: he draws."""
    st = _jager(
        ops=[op("jock", (5, 5))],
        units=[unit("stalker_2", "smg", (0, 0), "S", role="stalker", colour=None)],
        phase="hunter",
        hand=("J02",),
    )
    assert choose(st, SYSTEM.legal_commands(st)).command == PlayHunterCard(side="axis", card="J02")
    st = _jager(ops=[op("jock", (5, 5))], phase="hunter", hand=("J11",))
    assert choose(st, SYSTEM.legal_commands(st)).command == DrawHunterCard(side="axis")


def test_bot_with_a_full_weak_hand_discards_the_two_weakest():
    """SAS-JGR-3, SAS-JGR-4: four cards none worth playing: the two weakest go."""
    st = _jager(ops=[op("jock", (5, 5))], phase="hunter", hand=("J11", "J12", "J15", "J17"))
    chosen = choose(st, SYSTEM.legal_commands(st)).command
    assert isinstance(chosen, DiscardHunterCards) and set(chosen.discard) <= {"J11", "J12", "J15", "J17"}


def test_bot_always_replaces_a_cigarette_break():
    """SAS-JGR-5: the cigarette card (E08) helps the operators: any hunter card replaces it."""
    hunter = HunterState(deck=DECK, ready=True, played="J15", revealed="E08")
    st = _jager(ops=[op("jock", (5, 5))], phase="event", hunter=hunter)
    assert choose(st, SYSTEM.legal_commands(st)).command == ReplaceEvent(side="axis", use=True)


def test_bot_weighs_a_special_card_without_a_half_as_worthless():
    """SAS-JGR-5 with SAS-AVEH-17: a convoy card has no half to resolve, so it is worth nothing to the hunter and any
    card of value replaces it (the bot used to fail on the missing half)."""
    hunter = HunterState(deck=DECK, ready=True, played="J15", revealed="C1")
    st = _jager(ops=[op("jock", (5, 5))], phase="event", hunter=hunter)
    st.rt.cards["C1"] = EventCard(id="C1", special=True, name_en="Ammunition convoy")
    assert regular_value(st, "C1") == 0.0
    assert card_value(st, "J15") > 0
    assert choose(st, SYSTEM.legal_commands(st)).command == ReplaceEvent(side="axis", use=True)


def test_bot_puts_the_twig_under_the_hidden_operator_with_most_units_near():
    """SAS-JGR-9: Paddy has two Axis units within 4 squares, Jock one: the twig goes under Paddy."""
    units = [unit("a", "rifle", (1, 3), "N"), unit("b", "rifle", (9, 9), "N"), unit("c", "rifle", (10, 10), "N")]
    hunter = HunterState(deck=DECK, ready=True, resolving="J09")
    st = _jager(ops=[op("jock", (1, 1)), op("paddy", (9, 10))], units=units, phase="event", hunter=hunter)
    assert choose(st, SYSTEM.legal_commands(st)).command == HunterTarget(side="axis", operator="paddy")
    exposed = st.with_op("paddy", exposed=True)
    assert choose(exposed, SYSTEM.legal_commands(exposed)).command == HunterTarget(side="axis", operator="jock")


def test_bot_upgrades_the_unit_nearest_an_operator():
    """SAS-JGR-13: of two SMG infantry the one nearer Jock becomes the hunter's."""
    units = [unit("far", "smg", (0, 0), "N", alert=True), unit("near", "smg", (8, 8), "N", alert=True)]
    hunter = HunterState(deck=DECK, ready=True, resolving="J04")
    st = _jager(ops=[op("jock", (10, 10), exposed=True)], units=units, phase="event", section="battle", hunter=hunter)
    assert choose(st, SYSTEM.legal_commands(st)).command == HunterTarget(side="axis", unit="near")


def test_bot_moves_a_hunter_unit_where_it_sees_an_operator():
    """SAS-JGR-14: the upgraded SMG moves to a square from which it sees exposed Jock within 4 squares."""
    hunter = HunterState(deck=DECK, ready=True, hunters=("g",))
    st = _jager(
        ops=[op("jock", (9, 2), exposed=True)],
        units=[unit("g", "smg", (2, 2), "W", alert=True)],
        hunter=hunter,
        phase="advance",
        section="battle",
    )
    chosen = choose(st, SYSTEM.legal_commands(st)).command
    assert chosen.unit == "g" and max(abs(chosen.to[0] - 9), abs(chosen.to[1] - 2)) <= 4
    after, _ = SYSTEM.apply(st, chosen)
    face = choose(after, SYSTEM.legal_commands(after)).command
    assert face.facing == "E"
    assert replace(after, hunter=after.hunter).unit("g").loc == chosen.to

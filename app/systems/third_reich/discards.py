"""Cards leaving a hand or the development pool, and the optional rules that keep them secret or let their owner
choose (rulebook §2.3.2, §16.1, §16.2, §16.3: TR-EVT-4, TR-EVT-5, TR-SUB-7, TR-OPT-1, TR-OPT-2, TR-OPT-3,
TR-OPT-4).

A card discarded face down (``State.face_down``) shows its owner its name and the other player only that a card
lies there; the discard pile joins the deck at the end of the turn, face-down cards with it.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.dice import Roller
from app.core.i18n import Text, t
from app.core.messages import Command, Event
from app.systems.third_reich.messages import DiscardCard, Happened
from app.systems.third_reich.names import side_name
from app.systems.third_reich.state import Pending, State

HAND_FLOOR = 4
"""The optional hand floor: raids never take a hand of this many cards or fewer below it (TR-OPT-4)."""


def raid_discards(state: State, victim: str, count: int, roller: Roller) -> tuple[State, int]:
    """The victim of a raid discards ``count`` cards, never below the hand floor (TR-OPT-4): at random, or, with
    the choice of discards, cards he chooses (TR-OPT-3); face down with hidden discards (TR-OPT-2). Returns the
    state (with his decision on the stack when he chooses) and how many cards go."""
    floor = HAND_FLOOR if state.rt.option("hand_floor") else 0
    count = min(count, max(len(state.hands_of(victim).hand) - floor, 0))
    if count and state.rt.option("choice_of_discards"):
        return replace(state, stack=(Pending("discard", victim, count=count), *state.stack)), count
    for _ in range(count):
        card = roller.pick(sorted(state.hands_of(victim).hand), t("card discarded by the raid"))
        state = _discard(state, victim, card)
    return state, count


def _discard(state: State, side: str, card: str) -> State:
    hands = state.hands_of(side)
    rest = list(hands.hand)
    rest.remove(card)
    state = state.with_hands(side, replace(hands, hand=tuple(rest), discard=(*hands.discard, card)))
    return replace(state, face_down=(*state.face_down, card)) if state.rt.option("hidden_discards") else state


def options(state: State, step: Pending) -> list[Command]:
    """The cards of the victim's hand, the lowest strategy value first (the default) (TR-OPT-3)."""
    cards = sorted(set(state.hands_of(step.side).hand), key=lambda c: (state.rt.cards[c].sv, c))
    return [DiscardCard(side=step.side, card=c) for c in cards]


def chosen(state: State, step: Pending, command: DiscardCard) -> tuple[State, list[Event]]:
    """Discard the card the victim chose; the step ends once he has discarded all he must."""
    rest = (replace(step, count=step.count - 1),) if step.count > 1 else ()
    state = replace(_discard(state, step.side, command.card), stack=(*rest, *state.stack[1:]))
    text = t("The {side} discard a card of their choice.", side=side_name(step.side))
    return state, [Happened(text=text, rule_id="TR-OPT-3")]


def develop_card(state: State, side: str, card: str) -> tuple[State, list[Event]]:
    """Take ``card`` from the development pool into ``side``'s discard (TR-EVT-4): public, or face down with
    only its strategy value announced under hidden development (TR-OPT-1)."""
    hands = state.hands_of(side)
    state = replace(
        state.with_hands(side, replace(hands, discard=(*hands.discard, card))),
        dev_cards=tuple(c for c in state.dev_cards if c != card),
    )
    if state.rt.option("hidden_development"):
        text = t("Development: a card of strategy value {sv} is added face down.", sv=state.rt.cards[card].sv)
        return replace(state, face_down=(*state.face_down, card)), [Happened(text=text, rule_id="TR-OPT-1")]
    name = state.rt.cards[card].name.text()
    return state, [Happened(text=t("Development: {card} is added.", card=name), rule_id="TR-EVT-4")]


def seen_discards(state: State, side: str, viewer: str | None) -> list[Text]:
    """``side``'s discard pile as ``viewer`` sees it: face-down cards are named to their owner only."""
    hidden = viewer is not None and viewer != side
    return [
        t("a face-down card") if hidden and c in state.face_down else state.rt.cards[c].name.text()
        for c in state.hands_of(side).discard
    ]


def seen_development(state: State, viewer: str | None) -> list[Text]:
    """The development pool's cards as ``viewer`` sees them: by name, or, under hidden development, the other
    side's only as a count per strategy value (TR-EVT-5, TR-OPT-1)."""
    if not state.rt.option("hidden_development"):
        return [state.rt.cards[c].name.text() for c in state.dev_cards]
    shown: list[Text] = []
    counts: dict[tuple[str, int], int] = {}
    for c in state.dev_cards:
        card = state.rt.cards[c]
        if viewer is None or card.side == viewer:
            shown.append(card.name.text())
        else:
            counts[(card.side, card.sv)] = counts.get((card.side, card.sv), 0) + 1
    for (owner, sv), n in sorted(counts.items()):
        shown.append(t("{side}: {n} cards of value {sv}", side=side_name(owner), n=n, sv=sv))
    return shown

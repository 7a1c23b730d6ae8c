"""The Third Reich bot: a greedy, explainable player (DESIGN §3 "the automated enemy").

Every legal command gets a score from the rules' own numbers — the exact damage distribution of an attack
(:func:`combat.hit_odds`), the resources an area is worth (TR-RES-1), the cost of mobilizing (TR-MOB-2) — never from
peeking at future dice. The best score wins; ties go to the first command listed. The reason names the score.
"""

from __future__ import annotations

from collections.abc import Callable

from app.ai.agent import Budget, Choice
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.session import Session
from app.systems.third_reich.bot_eval import attack_value, danger, move_value, pull, stake
from app.systems.third_reich.combat import overflown
from app.systems.third_reich.messages import (
    Ambush,
    AssignHit,
    Attack,
    DevelopCard,
    DiscardCard,
    Mobilize,
    MobilizeYugoslav,
    Move,
    NoAmbush,
    Pass,
    PlayCard,
    Reassign,
    Retreat,
    ReturnUnit,
    TakeCard,
    UseBanked,
    UseEvent,
)
from app.systems.third_reich.mobilise import cost
from app.systems.third_reich.names import nation_name
from app.systems.third_reich.state import State

EVENT_VALUE = {
    "vichy_france": 6.0,
    "diplomacy": 3.0,
    "development": 2.5,
    "supply": 2.0,
    "wolfpack": 2.0,
    "strategic_bombing": 2.0,
    "landing_airborne": 1.5,
    "sea_lion": 1.5,
    "long_range_bombing": 1.5,
    "blitzkrieg": 1.0,
    "strategic_movement": 0.5,
    "sea_transport": 0.5,
}
"""What carrying out each event is worth to the bot, before the details of the choice."""


def _take(state: State, command: TakeCard) -> tuple[float, Text]:
    card = state.rt.cards[command.card]
    return card.sv + EVENT_VALUE.get(card.event, 0.0) / 4, t("the card with the most strategy value")


def _play(state: State, command: PlayCard) -> tuple[float, Text]:
    card = state.rt.cards[command.card]
    return 10.0 + card.sv + EVENT_VALUE.get(card.event, 0.0) / 4, t("play the strongest card")


def _attack(state: State, command: Attack) -> tuple[float, Text]:
    group = tuple(state.unit(u) for u in command.units)
    value, expected = attack_value(state, group, command.target, command.air)
    if command.air and overflown(state, group, command.side, command.target):
        return value - 5.0, t("an air attack that would bring a neutral into the war")
    return value + _blitz_first(command), t("attack: {e} damage points expected", e=f"{expected:.1f}")


def _blitz_first(command: Attack | Move) -> float:
    """A Blitzkrieg action before the same one paid by strategy value: spending strategy value would end the
    event (TR-RND-3)."""
    return 0.05 if command.by == "blitz" else 0.0


def _move(state: State, command: Move) -> tuple[float, Text]:
    group = tuple(state.unit(u) for u in command.units)
    value, why = move_value(state, group, command.to)
    return value - 0.2 * (command.mode != "normal") + _blitz_first(command), why


def _mobilize(state: State, command: Mobilize) -> tuple[float, Text]:
    unit = state.unit(command.unit)
    side = state.unit_side(unit) or ""
    area = command.area
    value = state.design(unit).attack + state.design(unit).air + state.design(unit).durability
    where = 0.4 * pull(state, area, side) + 0.3 * stake(state, area) * min(danger(state, area, side), 1.0)
    return 0.8 + 0.15 * value / cost(state, unit) + where, t("build up forces")


def _event(state: State, command: UseEvent) -> tuple[float, Text]:
    assert state.play is not None
    kind = state.rt.cards[state.play.card].event
    score = EVENT_VALUE.get(kind, 0.5)
    if command.units and command.to:
        group = tuple(state.unit(u) for u in command.units)
        if kind == "long_range_bombing":
            value, expected = attack_value(state, group, command.to, True)
            return score / 2 + value, t("attack: {e} damage points expected", e=f"{expected:.1f}")
        value, why = move_value(state, group, command.to)
        return score / 2 + value, why
    if kind == "diplomacy" and command.choice in ("TU", "SP") and command.side == "allied":
        name = nation_name(state, command.choice)
        return -1.0, t("diplomacy there would only bring {nation} closer to the Axis", nation=name)
    return score, t("the card's event")


def _develop(state: State, command: DevelopCard) -> tuple[float, Text]:
    """A card taken face down is worth what the Development event is worth (TR-OPT-1)."""
    del state, command
    return EVENT_VALUE["development"], t("the card's event")


SCORES: dict[type, Callable[[State, object], tuple[float, Text]]] = {
    TakeCard: _take,  # type: ignore[dict-item]
    PlayCard: _play,  # type: ignore[dict-item]
    Attack: _attack,  # type: ignore[dict-item]
    Move: _move,  # type: ignore[dict-item]
    Mobilize: _mobilize,  # type: ignore[dict-item]
    UseEvent: _event,  # type: ignore[dict-item]
    DevelopCard: _develop,  # type: ignore[dict-item]
}
FIXED: dict[type, tuple[float, Text]] = {
    Ambush: (5.0, t("ambush: double damage")),
    NoAmbush: (0.0, t("no ambush")),
    UseBanked: (12.0, t("spend the banked Ambush value")),
    Pass: (-1.0, t("nothing worth doing: pass")),
    Retreat: (0.0, t("retreat to the strongest friendly area")),
}


def _answer(state: State, command: Command) -> tuple[float, Text] | None:
    """The questions: the engine's proposal for the damage, no end-of-turn returns, the cheapest discard; areas
    stay with their nations (a reassignment gains nothing the bot can measure) (TR-ALLOC-1, TR-SEQ-5, TR-OPT-3,
    TR-CTRL-6)."""
    if isinstance(command, AssignHit):
        return (0.5, t("allocate the damage as proposed")) if not command.unit else (0.0, t("allocate the damage"))
    if isinstance(command, ReturnUnit):
        return (0.5, t("keep every unit on the map")) if not command.unit else (-0.5, t("return a unit to the pool"))
    if isinstance(command, DiscardCard):
        return -float(state.rt.cards[command.card].sv), t("discard the weakest card")
    if isinstance(command, MobilizeYugoslav):
        return (1.0, t("raise Yugoslav units")) if command.unit else (0.0, t("mobilize no more Yugoslav units"))
    if isinstance(command, Reassign):
        return (0.5, t("keep the areas with their nations")) if not command.area else (-2.0, t("hand an area over"))
    return None


def score(state: State, command: Command) -> tuple[float, Text]:
    """The bot's score of one command and the reason."""
    answer = _answer(state, command)
    if answer is not None:
        return answer
    if _air_op_after_a_pass(state, command):
        return -2.0, t("the enemy has passed: end the turn rather than fly another air operation")
    if type(command) in SCORES:
        return SCORES[type(command)](state, command)
    return FIXED.get(type(command), (0.0, t("end the card")))


def _air_op_after_a_pass(state: State, command: Command) -> bool:
    """An air operation offered right after the enemy passed. US units recover at the end of every Allied round
    (TR-US-5) and an air operation needs no card (TR-AIROP-1), so against a player who keeps passing (TR-SEQ-4)
    the air operations could go on for ever; the bot passes instead and the turn ends."""
    return isinstance(command, (Attack, Move)) and command.by == "air_op" and state.passes > 0


class ThirdReichBot:
    """Chooses the legal command with the best score (see :func:`score`)."""

    def __init__(self, side: str) -> None:
        self.side = side

    def choose(self, session: Session, side: str, budget: Budget) -> Choice:
        """The best-scoring legal command, with its reason."""
        state = session.state
        assert isinstance(state, State)
        legal = list(session.legal_commands(side))
        if not legal:
            raise ValueError(f"no legal command for side {side!r}")
        best, best_score, reason = legal[0], float("-inf"), t("first command")
        for command in legal:
            if budget.expired():
                break
            value, why = score(state, command)
            if value > best_score:
                best, best_score, reason = command, value, why
        return Choice(best, t("{reason} (score {score})", reason=reason, score=f"{best_score:.1f}"), best_score)

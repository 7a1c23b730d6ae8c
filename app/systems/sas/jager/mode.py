"""Jäger (hunter) mode: the hunter's deck and hand, his Hunter phase, the event card he may replace, and every
decision he owes the game.

Rulebook chapter: §29 (SAS-JGR-1 overview; SAS-JGR-2 setup: stealth meter on Easy, the shuffled hunter deck, the 4
numbered stalkers on empty spawn-tile spots; SAS-JGR-3 the Hunter phase after every End phase: play a card face
down, draw one, or discard two and draw one; SAS-JGR-4 hand limit 4; SAS-JGR-5 in the next Event phase he may
replace the revealed event card by his face-down card, else it is discarded; SAS-JGR-14 he moves his hunter units
in the Axis Advance phase; SAS-JGR-15 he wins unless the operators win a major or minor victory). The hunter plays
the "axis" side: when he owes a decision the Axis acts with his commands, otherwise the automated Axis steps go
on. The starting hand is the mission's ``jager.starting_hand`` (OQ-51 proposes 0, the default), dealt when the
stalkers are placed. His deck is drawn like the event deck (a uniform pick; at the table he types the card he
drew); an exhausted deck is reshuffled from his discard pile (decision D-JGR-2). No Hunter phase follows the
mission's last turn: no Event phase is left to play a card in (decision D-JGR-8).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from app.core import flow
from app.core.deck import draw
from app.core.flow import Decision, Prompt
from app.core.i18n import Text, t
from app.core.messages import Command
from app.systems.sas.axis.eventphase import after_card, resolve_card, reveal
from app.systems.sas.board.facing import ORTHO
from app.systems.sas.context import Ctx
from app.systems.sas.jager import cards as jager_cards
from app.systems.sas.jager import units as jager_units
from app.systems.sas.messages import (
    DiscardHunterCards,
    DrawHunterCard,
    FaceUnit,
    HunterMove,
    HunterTarget,
    PlaceStalker,
    PlayHunterCard,
    ReplaceEvent,
)
from app.systems.sas.operators.operator import illegal
from app.systems.sas.state import HunterState, SasState

Cell = tuple[int, int]
HAND_LIMIT = 4  # SAS-JGR-4


def initial(rt: object) -> HunterState | None:
    """The hunter before setup, with his whole deck to draw from (SAS-JGR-2); ``None`` outside Jäger mode."""
    cards = getattr(rt, "hunter_cards", {})
    return HunterState(deck=tuple(cards)) if cards else None


def hunter_phase_due(state: SasState) -> bool:
    """A Hunter phase follows this End phase (SAS-JGR-3), unless it was the mission's last turn (D-JGR-8)."""
    limit = state.rt.mission.turn_limit
    return state.hunter is not None and (limit is None or state.turn < limit)


# --- what the hunter must decide now ----------------------------------------------------------------------------
def decision(state: SasState) -> str | None:
    """The decision the hunter owes now: "setup", "facing", "target", "replace", "hunter" or "move"; else None."""
    hunter = state.hunter
    if hunter is None or state.over or state.pending is not None:
        return None
    if not hunter.ready:
        return "setup"
    if hunter.facing is not None:
        return "facing"
    if hunter.resolving is not None:
        return "target"
    if hunter.revealed is not None:
        return "replace"
    if state.phase == "hunter" and "phase" not in state.done and _phase_options(state):
        return "hunter"
    if jager_units.movers(state):
        return "move"
    return None


def _can_draw(hunter: HunterState) -> bool:
    return bool(hunter.deck or hunter.discard)


def _phase_options(state: SasState) -> list[Command]:
    """Play a card, draw one below the hand limit, or discard two and draw one (SAS-JGR-3, SAS-JGR-4)."""
    hunter = state.hunter
    assert hunter is not None
    out: list[Command] = [PlayHunterCard(side="axis", card=c) for c in hunter.hand]
    if len(hunter.hand) < HAND_LIMIT and _can_draw(hunter):
        out.append(DrawHunterCard(side="axis"))
    out += [DiscardHunterCards(side="axis", discard=pair) for pair in combinations(hunter.hand, 2)]
    return out


def choices(state: SasState) -> list[Command]:
    """Exactly the hunter's options for the decision he owes (empty when he owes none)."""
    hunter = state.hunter
    kind = decision(state)
    if hunter is None or kind is None:
        return []
    if kind == "setup":
        number = hunter.stalkers + 1
        return [PlaceStalker(side="axis", number=number, at=c) for c in jager_units.free_spawn_spots(state)]
    if kind == "facing":
        assert hunter.facing is not None
        return [FaceUnit(side="axis", unit=hunter.facing, facing=f) for f in ORTHO]
    if kind == "target":
        assert hunter.resolving is not None
        return jager_cards.targets(state, hunter.resolving)
    if kind == "replace":
        return [ReplaceEvent(side="axis", use=True), ReplaceEvent(side="axis", use=False)]
    if kind == "hunter":
        return _phase_options(state)
    return [
        HunterMove(side="axis", unit=u.id, to=c, facing=f)
        for u in jager_units.movers(state)
        for c, f in jager_units.destinations(state, u)
    ]


def pending(state: SasState, label: Callable[[Command], Text]) -> Decision | None:
    """The hunter's pending decision (``app.core.flow``) for every view: his facing, target, event and Hunter phase
    choices. Placing stalkers and moving his units are board actions, given as legal commands only."""
    prompt = _prompt(state, decision(state))
    return None if prompt is None else flow.make_decision("axis", prompt, choices(state), label)


def _prompt(state: SasState, kind: str | None) -> Prompt | None:
    """How a pending hunter decision is worded (SAS-JGR-3, SAS-JGR-5, SAS-JGR-7)."""
    hunter = state.hunter
    if hunter is None:
        return None
    if kind == "facing":
        return Prompt(t("The hunter turns a unit: choose its facing."), "SAS-JGR-7", hunter.facing)
    if kind == "target":
        return Prompt(t("The hunter names the target of card {card}.", card=hunter.resolving or ""), "SAS-JGR-5")
    if kind == "replace":
        card = state.rt.cards[hunter.revealed].label() if hunter.revealed in state.rt.cards else hunter.revealed or ""
        text = t("The hunter may replace event card {card} with his face-down card.", card=card)
        return Prompt(text, "SAS-JGR-5", default=1, private=True)  # the face-down card (SAS-JGR-3)
    if kind == "hunter":
        text = t("Hunter phase: play a card face down, draw one, or discard two and draw one.")
        return Prompt(text, "SAS-JGR-3", private=True)  # his hand is hidden from the SAS side (SAS-JGR-3)
    return None


# --- applying his commands -------------------------------------------------------------------------------------
EXPECTED: dict[str, tuple[type[Command], ...]] = {
    "setup": (PlaceStalker,),
    "facing": (FaceUnit,),
    "target": (HunterTarget,),
    "replace": (ReplaceEvent,),
    "hunter": (PlayHunterCard, DrawHunterCard, DiscardHunterCards),
    "move": (HunterMove,),
}


def perform(ctx: Ctx, command: Command) -> None:
    """Apply one of the hunter's commands, checked against the decision he owes."""
    kind = decision(ctx.state)
    expected = EXPECTED.get(kind or "")
    if expected is None or not isinstance(command, expected):
        raise illegal("The hunter cannot do that now.", "SAS-JGR-3")
    if isinstance(command, PlaceStalker):
        _place_stalker(ctx, command)
    elif isinstance(command, FaceUnit):
        _face(ctx, command)
    elif isinstance(command, HunterTarget):
        _target(ctx, command)
    elif isinstance(command, ReplaceEvent):
        _replace(ctx, command.use)
    elif isinstance(command, HunterMove):
        _move(ctx, command)
    else:
        _hunter_phase(ctx, command)


def _place_stalker(ctx: Ctx, command: PlaceStalker) -> None:
    """Place the next numbered stalker on an empty spawn-tile spot; after the last one, deal the starting hand
    (SAS-JGR-2, OQ-51)."""
    hunter = ctx.state.hunter
    assert hunter is not None
    free = jager_units.free_spawn_spots(ctx.state)
    if command.number != hunter.stalkers + 1 or tuple(command.at) not in free:
        raise illegal("Stalker {n} goes on an empty spot of a spawn tile.", "SAS-JGR-2", n=hunter.stalkers + 1)
    jager_units.place_stalker(ctx, command.number, tuple(command.at))  # type: ignore[arg-type]
    ctx.state = ctx.state.with_hunter(stalkers=command.number)
    if command.number < jager_units.STALKERS and jager_units.free_spawn_spots(ctx.state):
        return
    ctx.state = ctx.state.with_hunter(ready=True)
    for _ in range(ctx.state.rt.mission.jager.starting_hand if ctx.state.rt.mission.jager else 0):
        _draw(ctx)
    ctx.emit(
        "hunter_ready",
        t("The hunter is ready: {n} stalker(s) placed, {cards} card(s) in hand.", n=command.number, cards=_hand(ctx)),
        "SAS-JGR-2",
    )


def _among(command: Command, options: list[Command]) -> bool:
    """Whether ``command`` is one of ``options``, whatever table input it carries."""
    return command.key() in {o.key() for o in options}


def _hand(ctx: Ctx) -> int:
    hunter = ctx.state.hunter
    assert hunter is not None
    return len(hunter.hand)


def _draw(ctx: Ctx) -> None:
    """Draw one hunter card into his hand; an exhausted deck is reshuffled from his discards (D-JGR-2)."""
    hunter = ctx.state.hunter
    assert hunter is not None
    if not hunter.deck and hunter.discard:
        hunter = replace(hunter, deck=hunter.discard, discard=())
        ctx.state = replace(ctx.state, hunter=hunter)
        ctx.emit(
            "hunter_reshuffled",
            t("The hunter deck is exhausted: his discarded cards are shuffled into a new deck."),
            "SAS-JGR-3",
            instruction=t("Shuffle the hunter's discard pile into a new hunter deck."),
        )
    if not hunter.deck:
        ctx.emit("hunter_no_card", t("No hunter card is left to draw."), "SAS-JGR-3")
        return
    card, rest = draw(hunter.deck, ctx.roller, t("hunter card"), ordered=False)
    ctx.state = ctx.state.with_hunter(deck=rest, hand=(*hunter.hand, card))
    ctx.emit(
        "hunter_drew",
        t("The hunter draws a card ({n} in hand).", n=len(hunter.hand) + 1),
        "SAS-JGR-3",
        instruction=t("The hunter draws the top card of the hunter deck."),
    )


def _hunter_phase(ctx: Ctx, command: Command) -> None:
    """Exactly one of: play a card face down, draw one, discard two and draw one (SAS-JGR-3, SAS-JGR-4)."""
    hunter = ctx.state.hunter
    assert hunter is not None
    if not _among(command, _phase_options(ctx.state)):
        if isinstance(command, DrawHunterCard) and len(hunter.hand) >= HAND_LIMIT:
            raise illegal("The hunter holds at most {n} cards.", "SAS-JGR-4", n=HAND_LIMIT)
        raise illegal("The hunter does not hold those cards.", "SAS-JGR-3")
    ctx.state = replace(ctx.state, done=ctx.state.done | {"phase"})
    if isinstance(command, PlayHunterCard):
        hand = list(hunter.hand)
        hand.remove(command.card)
        ctx.state = ctx.state.with_hunter(hand=tuple(hand), played=command.card)
        ctx.emit(
            "hunter_played",
            t("The hunter plays a card face down beside the event deck."),
            "SAS-JGR-3",
            instruction=t("The hunter puts his chosen card face down beside the event deck."),
        )
    elif isinstance(command, DrawHunterCard):
        _draw(ctx)
    elif isinstance(command, DiscardHunterCards):
        hand = list(hunter.hand)
        for card in command.discard:
            hand.remove(card)
        ctx.state = ctx.state.with_hunter(hand=tuple(hand), discard=(*hunter.discard, *command.discard))
        ctx.emit(
            "hunter_discarded",
            t("The hunter discards two cards ({a}, {b}) and draws one.", a=command.discard[0], b=command.discard[1]),
            "SAS-JGR-3",
        )
        _draw(ctx)


# --- the Event phase (SAS-JGR-5) ---------------------------------------------------------------------------------
def event_step(ctx: Ctx) -> bool:
    """With a hunter card face down, reveal the event card and wait for the hunter's decision (SAS-JGR-5); False
    when no hunter card waits (the regular Event phase goes on)."""
    hunter = ctx.state.hunter
    if hunter is None or hunter.played is None:
        return False
    card_id = reveal(ctx)
    ctx.state = ctx.state.with_hunter(revealed=card_id)
    ctx.emit(
        "hunter_may_replace",
        t("The hunter may replace event card {card} with his face-down card.", card=card_id),
        "SAS-JGR-5",
    )
    return True


def _replace(ctx: Ctx, use: bool) -> None:
    hunter = ctx.state.hunter
    assert hunter is not None and hunter.played is not None and hunter.revealed is not None
    card, regular = hunter.played, hunter.revealed
    if not use:
        ctx.state = ctx.state.with_hunter(played=None, revealed=None, discard=(*hunter.discard, card))
        ctx.emit(
            "hunter_kept_event",
            t("The hunter keeps event card {card}; his face-down card is discarded.", card=regular),
            "SAS-JGR-5",
            instruction=t("Discard the face-down hunter card; resolve the event card."),
        )
        resolve_card(ctx, regular, ctx.state.section)
        _event_over(ctx)
        return
    ctx.state = ctx.state.with_hunter(played=None, revealed=None, resolving=card)
    ctx.emit(
        "hunter_replaced_event",
        t(
            "The hunter replaces event card {card} with hunter card {hunter}: {text}",
            card=regular,
            hunter=card,
            text=jager_cards.card_text(ctx.state, card),
        ),
        "SAS-JGR-5",
        instruction=t("Reveal the hunter card; the event card is discarded unresolved."),
    )
    if not jager_cards.needs_target(ctx.state, card):
        _finish_card(ctx, None)
    elif not jager_cards.targets(ctx.state, card):
        ctx.emit("hunter_no_target", t("The hunter card has nothing to act on: no effect."), "SAS-JGR-5")
        _finish_card(ctx, None)


def _target(ctx: Ctx, command: HunterTarget) -> None:
    hunter = ctx.state.hunter
    assert hunter is not None and hunter.resolving is not None
    if not _among(command, jager_cards.targets(ctx.state, hunter.resolving)):
        raise illegal("Hunter card {card} cannot be played there.", "SAS-JGR-7", card=hunter.resolving)
    _finish_card(ctx, command)


def _finish_card(ctx: Ctx, target: HunterTarget | None) -> None:
    hunter = ctx.state.hunter
    assert hunter is not None and hunter.resolving is not None
    card = hunter.resolving
    ctx.state = ctx.state.with_hunter(resolving=None, discard=(*hunter.discard, card))
    jager_cards.resolve(ctx, card, target)
    _event_over(ctx)


def _event_over(ctx: Ctx) -> None:
    """The card is resolved: bomb cards on top go off, the Typhoon card moves up, and the Event phase is over
    (SAS-DECK-4, SAS-DECK-5)."""
    after_card(ctx)
    ctx.state = replace(ctx.state, done=ctx.state.done | {"phase"})


# --- the Axis Advance phase (SAS-JGR-7, SAS-JGR-14) -------------------------------------------------------------
def _move(ctx: Ctx, command: HunterMove) -> None:
    unit = ctx.state.unit(command.unit)
    if unit is None or unit not in jager_units.movers(ctx.state):
        raise illegal("{unit} is not a hunter unit still to move.", "SAS-JGR-14", unit=command.unit)
    to: Cell = (command.to[0], command.to[1])
    if (to, command.facing) not in jager_units.destinations(ctx.state, unit):
        raise illegal("{unit} cannot reach {sq} with its MP.", "SAS-JGR-14", unit=command.unit, sq=ctx.label(to))
    jager_units.hunter_move(ctx, unit, to, command.facing)


def _face(ctx: Ctx, command: FaceUnit) -> None:
    hunter = ctx.state.hunter
    assert hunter is not None
    if command.unit != hunter.facing:
        raise illegal("The hunter turns {unit} now.", "SAS-JGR-7", unit=hunter.facing or "")
    jager_units.face(ctx, command.unit, command.facing)


def advance_step(ctx: Ctx) -> bool:
    """The automated part of the Advance phase that Jäger mode adds: stalkers walk to their waypoints
    (SAS-JGR-7)."""
    return ctx.state.hunter is not None and jager_units.stalker_step(ctx)


def has_work(state: SasState) -> bool:
    """Whether Jäger mode still has something to do in this phase."""
    if decision(state) is not None:
        return True
    return state.phase == "advance" and bool(jager_units.walkers(state))

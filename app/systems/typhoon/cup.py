"""The command cup: selection, draws, Guderian, executing cards, activation and the end of the turn
(rulebook §5, §6, §7, §8, §13).

TY-SEQ-1, TY-SEQ-2, TY-SEQ-5, TY-SEQ-6, TY-SEQ-7, TY-CMD-1, TY-CMD-2, TY-CMD-3, TY-CMD-4, TY-CMD-5, TY-CMD-6,
TY-GUD-1, TY-GUD-2, TY-GUD-3, TY-GUD-4, TY-GUD-5, TY-GUD-6, TY-EXE-1, TY-EXE-2, TY-EXE-3, TY-EXE-4, TY-EXE-6,
TY-EXE-7, TY-ACT-1, TY-ACT-2, TY-ACT-4, TY-ACT-5, TY-ACT-6, TY-HQ-2, TY-HQU-2, TY-CARD-1, TY-OPT-CL-1,
TY-OPT-GUD-1, TY-OPT-GUD-2, TY-OPT-RES-2, TY-OPT-RES-5.
"""

from __future__ import annotations

from dataclasses import replace

import app.systems.typhoon.reinforce as reinforce_rules
import app.systems.typhoon.victory as victory_rules
from app.core import flow
from app.core.dice import Roller
from app.core.i18n import t
from app.core.ruling import Ruling
from app.systems.typhoon.context import Ctx
from app.systems.typhoon.losses import lose_step, name
from app.systems.typhoon.reinforce import side_label
from app.systems.typhoon.state import State, Step, Unit, other
from app.systems.typhoon.steps_base import STACK
from app.systems.typhoon.supply import in_supply
from app.systems.typhoon.tables import data

SUPPLY = "SUPPLY"
BANNED_TURN_2 = ("31A", "49A", "32A", "33A", "5A", "10A")
"""Soviet cards the §15.3 card limit bars on turn 2 (TY-OPT-CL-1), by card id or printed name."""


def need(state: State, side: str) -> int:
    """Cards ``side`` must select this turn (TY-CMD-4), at most as many as it may choose."""
    spec = state.runtime.turn_spec(state.turn)
    count = spec.su_com if side == "soviet" else spec.ger_com
    return min(count, len(selectable(state, side)) + len(state.picked if state.selecting == side else ()))


def selectable(state: State, side: str) -> list[str]:
    """Cards ``side`` may still choose: its own, not yet chosen, RESERVE/OKH only with §15.1, not the turn-2
    banned cards with §15.3, Guderian only while he commands (TY-CMD-4, TY-CMD-6, TY-OPT-GUD-2)."""
    rt, opts = state.runtime, state.runtime.model.options
    picked = state.picked if state.selecting == side else ()
    found = []
    for card in rt.model.cards:
        if card.side != side or card.id in picked:
            continue
        if card.kind in ("reserve", "okh") and not opts.reserve_okh:
            continue
        if (
            opts.card_ban
            and side == "soviet"
            and state.turn == 2
            and (card.id in BANNED_TURN_2 or card.name_en in BANNED_TURN_2)
        ):
            continue
        found.append(card.id)
    return found


def may_hold(state: State, card_id: str) -> bool:
    """Guderian may be kept in hand while he has not been dismissed (TY-GUD-1, TY-OPT-GUD-2)."""
    return state.runtime.cards[card_id].kind == "guderian" and not state.dismissed


def select(state: State, card_id: str, hold: bool, ctx: Ctx) -> State:
    """Choose one card, secretly (TY-CMD-1, TY-CMD-3): the event says only that a card was chosen."""
    side = state.selecting
    state = replace(state, picked=(*state.picked, card_id), held=card_id if hold else state.held)
    ctx.say(t("{side} chooses a command card.", side=side_label(side)), "TY-CMD-1")
    if len(state.picked) >= need(state, side):
        return finish_selection(state, ctx)
    return state


def finish_selection(state: State, ctx: Ctx) -> State:
    """The side's cards go into the cup (a held Guderian stays in hand); after both, SUPPLY joins them and the
    draws begin (TY-CMD-5, TY-SEQ-2)."""
    chosen = tuple(c for c in state.picked if c != state.held)
    state = replace(state, cup=(*state.cup, *chosen), picked=())
    if state.selecting == "axis":
        state = replace(state, selecting="soviet")
        return finish_selection(state, ctx) if need(state, "soviet") == 0 else state
    ctx.say(t("The SUPPLY card joins the cup: {n} cards to draw.", n=len(state.cup) + 1), "TY-CMD-5")
    return replace(state, cup=(*state.cup, SUPPLY), phase="draw", phasing="axis")


def draw(state: State, ctx: Ctx) -> State:
    """Draw one card at random (at the table: the chit drawn is typed) (TY-EXE-1); a held Guderian may
    interrupt it (TY-GUD-3)."""
    cup = sorted(state.cup)
    titles = [state.runtime.card_name(c) for c in cup]  # the table's card list shows the chits' printed names
    card = ctx.roller.pick(cup, t("drawing a command card from the cup"), names=cup, titles=titles)
    ctx.say(t("{card} is drawn.", card=state.runtime.card_name(card)), "TY-EXE-1")
    if state.held is not None and not state.dismissed:
        return flow.push(STACK, state, Step("guderian", "axis", card=card))
    return execute(state, card, ctx)


def execute(state: State, card: str, ctx: Ctx) -> State:
    """The drawn card's owner executes it; it is then used for the turn (TY-EXE-2, TY-EXE-3)."""
    rest = list(state.cup)
    if card in rest:
        rest.remove(card)
    state = replace(state, cup=tuple(rest), used=(*state.used, card), card=card)
    if card == SUPPLY:
        return supply_phase(state, ctx)
    spec = state.runtime.cards[card]
    if spec.kind == "reinf":
        return reinforce_rules.start(state, spec.side, ctx)
    if spec.kind in ("reserve", "okh"):
        return reserve_phase(state, spec.side, ctx)
    assert spec.hq is not None
    return activate(state, spec.side, spec.hq, ctx)


def play_guderian(state: State, drawn: str | None, ctx: Ctx) -> State:
    """Guderian interrupts: the drawn card goes back into the cup and 2PzA is activated (TY-GUD-3, TY-GUD-4,
    TY-GUD-5)."""
    card = state.held
    assert card is not None
    ctx.say(t("Guderian! The Axis plays the held card and activates 2nd Panzer Army."), "TY-GUD-3")
    if drawn is not None:
        ctx.say(t("{card} goes back into the cup.", card=state.runtime.card_name(drawn)), "TY-GUD-3")
    state = replace(state, held=None, cup=(*state.cup, card))
    return execute(state, card, ctx)


def in_range(state: State, hq_id: str) -> tuple[str, ...]:
    """The HQ and the friendly non-HQ units within its command range now (TY-ACT-1, TY-ACT-4, TY-ACT-5, TY-ACT-6)."""
    hq = state.unit(hq_id)
    assert hq is not None and hq.hex is not None
    reach = state.spec(hq_id).command_range or 0
    grid = state.runtime.grid
    found = [hq_id]
    for u in state.on_map(hq.side):
        if u.id != hq_id and state.spec(u.id).symbol != "hq" and grid.distance(hq.hex, u.hex) <= reach:
            found.append(u.id)
    return tuple(found)


def activate(state: State, side: str, hq_id: str, ctx: Ctx) -> State:
    """Execute an HQ card: activate the HQ and the units in its range; no effect if the HQ is off the map
    (TY-EXE-4, TY-HQU-2)."""
    hq = state.unit(hq_id)
    if hq is None or hq.hex is None:
        ctx.say(t("{hq} is not on the map: the card has no effect.", hq=state.runtime.unit_name(hq_id)), "TY-EXE-4")
        return after_card(state, ctx)
    active = in_range(state, hq_id)
    ctx.say(
        t("{hq} activates {n} units.", hq=name(state, hq_id), n=len(active)),
        "TY-ACT-1",
        ruling=_range_ruling(state, hq_id, active),
    )
    return _begin_action(state, side, active)


def _range_ruling(state: State, hq_id: str, active: tuple[str, ...]) -> Ruling:
    """Which units the HQ reached and how far each is; HQs in range stay inactive (TY-ACT-4, TY-ACT-5)."""
    hq, grid = state.unit(hq_id), state.runtime.grid
    assert hq is not None and hq.hex is not None
    reach = state.spec(hq_id).command_range or 0
    notes = []
    for u in state.on_map(hq.side):
        d = grid.distance(hq.hex, u.hex)
        if u.id in active and u.id != hq_id:
            notes.append(t("{unit} at distance {d}: activated", unit=name(state, u.id), d=d))
        elif u.id != hq_id and d <= reach:
            notes.append(t("{unit}: an HQ, not activated by another HQ (TY-ACT-4)", unit=name(state, u.id)))
    title = t("{hq}: command range {r} hexes, counted now", hq=name(state, hq_id), r=reach)
    return Ruling(title=title, rule_id="TY-ACT-5", result=t("{n} units activated", n=len(active)), notes=tuple(notes))


def _begin_action(state: State, side: str, active: tuple[str, ...]) -> State:
    return replace(
        state, phase="move", phasing=side, active=active, moved=(), attacks=(), closed=False, retreated=(), limited=()
    )


def reserve_phase(state: State, side: str, ctx: Ctx) -> State:
    """RESERVE/OKH: roll for the number of units the owner then picks (TY-OPT-RES-2)."""
    (die,) = ctx.roller.roll(1, t("RESERVE/OKH activation"))
    count = int(data()["reserve_okh_activation"][str(die)])
    ctx.say(t("Die {die}: {n} units may be activated.", die=die, n=count), "TY-OPT-RES-2")
    state = replace(state, phase="activate", phasing=side, active=(), reserve_left=count, moved=(), attacks=())
    return reserve_pick_done(state)


def reserve_candidates(state: State) -> list[str]:
    """Units the RESERVE/OKH card may still activate: any on the map (HQs too, TY-OPT-RES-5)."""
    return [u.id for u in state.on_map(state.phasing) if u.id not in state.active]


def reserve_pick_done(state: State) -> State:
    """Move on to the action phase once the count is reached or no unit is left; RESERVE (not OKH) units outside
    every friendly HQ's range are limited (TY-OPT-RES-3, TY-OPT-RES-4)."""
    if state.reserve_left > 0 and reserve_candidates(state):
        return state
    limited: tuple[str, ...] = ()
    if state.card is not None and state.runtime.cards[state.card].kind == "reserve":
        covered = {
            u for h in state.on_map(state.phasing) if state.spec(h.id).symbol == "hq" for u in in_range(state, h.id)
        }
        limited = tuple(u for u in state.active if u not in covered)
    return replace(_begin_action(state, state.phasing, state.active), limited=limited)


def supply_phase(state: State, ctx: Ctx) -> State:
    """SUPPLY: every unit of both sides without a LOC loses a step, checked at once (TY-EXE-7, TY-SUP-1); then
    withdrawal, Axis first (TY-SUP-4)."""
    cut = {side: in_supply(state, side) for side in ("axis", "soviet")}
    victims = [u.id for u in state.on_map() if u.hex not in cut[u.side]]
    ctx.say(t("Supply check: {n} units without a line of communication.", n=len(victims)), "TY-SUP-1")
    for uid in victims:
        ctx.say(
            t("{unit} has no line of communication to a friendly supply source.", unit=name(state, uid)), "TY-SUP-1"
        )
        state = lose_step(state, uid, "supply", ctx.events)
    return replace(state, phase="withdraw", phasing="axis")


def after_card(state: State, ctx: Ctx) -> State:
    """The card is done: draw the next one, or offer the held Guderian, or end the turn (TY-SEQ-5, TY-GUD-5)."""
    drawer = other(state.phasing) if state.card is not None else state.phasing
    state = replace(
        state, card=None, active=(), moved=(), attacks=(), closed=False, retreated=(), phase="draw", limited=()
    )
    state = replace(state, phasing=drawer)
    if state.cup:
        return state
    if state.held is not None and not state.dismissed:
        return flow.push(STACK, state, Step("guderian_end", "axis"))
    return end_turn(state, ctx)


def end_turn(state: State, ctx: Ctx) -> State:
    """End phase: victory checks, then the next turn (TY-SEQ-6, TY-VIC-1, TY-VIC-2)."""
    result = victory_rules.check(state)
    if result is not None:
        winner, why = result
        ctx.say(why, "TY-VIC-1" if winner == "axis" and state.turn < state.runtime.last_turn else "TY-VIC-2")
        return replace(state, phase="over", winner=winner, steps=())
    ctx.say(t("End of turn {n}.", n=state.turn), "TY-SEQ-6")
    return start_turn(replace(state, turn=state.turn + 1), ctx)


def start_turn(state: State, ctx: Ctx | None) -> State:
    """A new turn: arrivals and removals, the Guderian-dismissal roll (§15.5), then Command Selection (TY-SEQ-1)."""
    model = state.runtime.model
    arriving = {u for a in model.arrivals if a.turn == state.turn for u in a.units}
    leaving = {u for r in model.removals if r.turn == state.turn for u in r.units}
    units = tuple(
        Unit(u.id, u.side, None, "gone", since=state.turn)
        if u.id in leaving
        else replace(u, box="reserve", since=state.turn)
        if u.id in arriving and u.box == "later"
        else u
        for u in state.units
    )
    state = replace(state, units=units, phase="select", selecting="axis", picked=(), used=(), held=None, card=None)
    if ctx is not None:
        state = _dismissal(state, ctx)
    if need(state, "axis") == 0:
        state = finish_selection(state, ctx or Ctx(Roller(state.dice)))
    return state


def _dismissal(state: State, ctx: Ctx) -> State:
    """From turn 9, roll: 5 or 6 dismisses Guderian for good (TY-SEQ-7, TY-OPT-GUD-1, TY-OPT-GUD-2)."""
    opts = state.runtime.model.options
    has_card = any(c.kind == "guderian" for c in state.runtime.model.cards)
    if not opts.guderian_dismissal or state.dismissed or not has_card or state.turn < 9:
        return state
    (die,) = ctx.roller.roll(1, t("Guderian dismissal"))
    if die >= 5:
        ctx.say(t("Die {die}: Guderian is dismissed.", die=die), "TY-OPT-GUD-1")
        return replace(state, dismissed=True)
    ctx.say(t("Die {die}: Guderian stays.", die=die), "TY-OPT-GUD-1")
    return state

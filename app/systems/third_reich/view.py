"""What a side sees: units as counters in their areas, area control, resource symbols, the turn and Entry
tracks, hands and decks with deck intelligence, the phase (TR-CARD-6, TR-EVT-5: the other side's hand and deck
stay hidden)."""

from __future__ import annotations

from app.core import flow
from app.core.i18n import Text, t
from app.core.messages import Command
from app.core.view import CounterView, GameView, MarkerView, PanelView, PhaseView, Style, TrackView
from app.systems.third_reich.ambush import step_options
from app.systems.third_reich.control import resources
from app.systems.third_reich.describe import describe
from app.systems.third_reich.discards import seen_development, seen_discards
from app.systems.third_reich.names import EVENT_NAMES, counter_code, listing, nation_name, side_name, unit_name
from app.systems.third_reich.scenario import SIDES
from app.systems.third_reich.state import POOL, Pending, State, Unit

STEPS = (t("Hand selection"), t("Rounds"), t("End of turn"))
RESOURCE_NAMES = {"red": t("red resource"), "black": t("black resource"), "black_white": t("black-and-white resource")}


def build_view(state: State, side: str | None, look: Style) -> GameView:
    """The view of ``side`` (``None``: everything)."""
    counters = tuple(_counter(state, u, side, look) for u in state.units if state.rt.map.contains(u.loc))
    return GameView(
        board=state.rt.board,
        counters=counters,
        markers=_resource_markers(state),
        tracks=_tracks(state),
        phase=_phase(state),
        panels=_panels(state, side),
        highlights={"control": {a: state.controlling_side(a) or "neutral" for a, _ in state.control}},
        outcome=None if not state.over else t("The {side} win.", side=side_name(state.winner or "")),
        side_names={s: side_name(s) for s in SIDES},
        style=look,
        decision=_decision(state, side),
        glossary=glossary(),
    )


def glossary() -> dict[str, Text]:
    """The words a player reads for the view's ids: the control overlay and its grades, the counter states, the
    terrain kinds and the links between areas."""
    words: dict[str, Text] = {s: side_name(s) for s in SIDES}
    words.update({"control": t("Control of areas"), "neutral": t("neutral"), "used": t("used"), "vichy": t("Vichy")})
    words.update({"land": t("land area"), "sea": t("sea area")})  # the board's terrain kinds (TR-MAP-1)
    words.update({"strait": t("strait"), "sea_crossing": t("sea crossing")})  # its links (the hover's "Edges")
    return words


def _counter(state: State, unit: Unit, viewer: str | None, look: Style) -> CounterView:
    """The counter of ``unit``: it depends on the unit, its nation's side and status, the viewer and whether the
    game is over, so it is made once per scenario for those (CounterView is immutable)."""
    key = ("counter", unit, state.side_of(unit.nation), state.unit_side(unit), state.over, viewer, id(look))
    return state.rt.derived(key, lambda: _make_counter(state, unit, viewer, look))


def _make_counter(state: State, unit: Unit, viewer: str | None, look: Style) -> CounterView:
    design = state.design(unit)
    side = state.side_of(unit.nation) or "axis"
    flags = (*(("used",) if unit.used else ()), *(("vichy",) if design.vichy else ()))
    if state.unit_side(unit) is None:
        flags = (*flags, "neutral")
    factors = (str(design.attack), str(design.durability), str(design.movement))
    return CounterView(
        id=unit.id,
        loc=unit.loc,
        label=counter_code(state, unit.id),
        title=unit_name(state, unit.id),
        side=side,
        kind=design.type,
        colour=look.colours.get(unit.nation),
        flags=flags,
        selectable=not state.over and state.unit_side(unit) == side and viewer in (None, side) and not unit.used,
        symbol=state.utype(unit).symbol,
        factors=factors,
        reduced=unit.used,
        badges=look.badges_for(flags),
    )


def _resource_markers(state: State) -> tuple[MarkerView, ...]:
    found = []
    for area, data in state.rt.model.areas.items():
        if data.resource == "none":
            continue
        title = t("{n} × {kind}", n=data.resource_count, kind=RESOURCE_NAMES[data.resource])
        found.append(
            MarkerView(
                id=f"res-{area}",
                loc=area,
                kind=f"resource_{data.resource}",
                label=str(data.resource_count),
                title=title,
            )
        )
    return tuple(found)


def _tracks(state: State) -> tuple[TrackView, ...]:
    tracks = [TrackView(t("Turn"), str(state.turn), str(state.rt.model.turns.last))]
    tracks += [TrackView(t("{side} resources", side=side_name(s)), str(resources(state, s))) for s in SIDES]
    entry = state.rt.model.entry_track.entry
    tracks += [TrackView(t("{nation} entry", nation=nation_name(state, c)), str(b), str(entry)) for c, b in state.entry]
    if state.winter():
        tracks.append(TrackView(t("Winter"), t("yes"), alarm=True))
    return tuple(tracks)


def _phase(state: State) -> PhaseView:
    step = state.pending()
    current = {"hand": 0, "return": 2}.get(step.kind, 1) if step is not None else 1
    title = t("Turn {turn}: round of the {side}", turn=state.turn, side=side_name(state.active))
    hints: tuple[Text, ...] = ()
    if state.play is not None and state.play.card:
        card = state.rt.cards[state.play.card]
        hints = (t("{card}: {sv} strategy value left", card=card.name.text(), sv=state.play.sv_left),)
    if current == 0:  # both sides choose their hands: no side's round yet
        title = t("Turn {turn}: hand selection", turn=state.turn)
    return PhaseView(
        title=title, steps=STEPS, current=current, active_side=None if state.over else state.active, instructions=hints
    )


def _panels(state: State, viewer: str | None) -> tuple[PanelView, ...]:
    panels = []
    for s in SIDES:
        hands = state.hands_of(s)
        rows: list[tuple[Text, str | Text]] = [
            (t("Cards in deck"), str(len(hands.deck))),
            (t("Cards in hand"), str(len(hands.hand))),
            (t("Discards"), str(len(hands.discard))),
        ]
        pile = seen_discards(state, s, viewer)
        if pile:
            rows.append((t("Discard pile"), listing(pile)))
        items: tuple[Text, ...] = ()
        if viewer in (None, s):
            items = tuple(state.rt.cards[c].name.text() for c in hands.hand)
            rows += _intelligence(state, s)
        panels.append(PanelView(t("{side} cards", side=side_name(s)), rows=tuple(rows), items=items))
    pool = [u for u in state.units if u.loc == POOL]
    dev = tuple(seen_development(state, viewer))
    panels.append(PanelView(t("Pools"), rows=((t("Mobilization pool"), str(len(pool))),), items=dev))
    return tuple(panels)


def _intelligence(state: State, side: str) -> list[tuple[Text, str | Text]]:
    """Deck intelligence: the chance that a card of each event is among the cards still in the deck."""
    deck = state.hands_of(side).deck
    if not deck:
        return []
    kinds = sorted({state.rt.cards[c].event for c in deck})
    return [
        (
            t("{event} in deck", event=EVENT_NAMES[kind]),
            f"{sum(1 for c in deck if state.rt.cards[c].event == kind)}/{len(deck)}",
        )
        for kind in kinds
    ]


def _decision(state: State, viewer: str | None) -> flow.Decision | None:
    step = state.pending()
    if step is None:
        return None
    options = step_options(state, step)
    decision = flow.make_decision(step.side, _prompt(state, step), options, lambda c: _label(state, c))
    return decision.seen_by(viewer)


def _prompt(state: State, step: Pending) -> flow.Prompt:
    if step.kind == "hand":
        cards = [state.rt.cards[c] for c in sorted(set(state.hands_of(step.side).deck))]
        best = max(range(len(cards)), key=lambda i: (cards[i].sv, -i)) if cards else 0
        text = t("Choose {n} more cards for your hand.", n=step.count)
        return flow.Prompt(text, "TR-SEQ-1", default=best, private=True)
    if step.kind == "discard":
        text = t("A raid: choose {n} more cards to discard.", n=step.count)
        return flow.Prompt(text, "TR-OPT-3", private=True)
    if step.kind == "reassign":
        return flow.Prompt(t("End of the round: hand areas over to another nation?"), "TR-CTRL-6")
    if step.kind == "yugoslavia":
        text = t("Supply: place Yugoslav units ({n} mobilization points left)?", n=step.count)
        return flow.Prompt(text, "TR-YUG-1")
    if step.kind == "return":
        text = t("End of turn: return units to the mobilization pool?")
        return flow.Prompt(text, "TR-SEQ-5")
    if step.kind == "damage":
        text = t("Allocate {n} damage points to the units in {area}.", n=step.count, area=state.rt.name(step.area))
        return flow.Prompt(text, "TR-ALLOC-1", subject=step.units[0])
    if step.kind == "retreat":
        text = t("Where does {unit} retreat?", unit=unit_name(state, step.units[0]))
        return flow.Prompt(text, "TR-RET-1", subject=step.units[0])
    text = t("Ambush the group in {area}?", area=state.rt.name(step.area))
    return flow.Prompt(text, "TR-CA-1", subject=step.units[0] if step.units else None, private=True)


def _label(state: State, command: Command) -> Text:
    return describe(state, command).label

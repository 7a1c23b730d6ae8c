"""What a side sees: counters with side colours and block strength, hands, banners and the turn sequence."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from app.core.i18n import Text, localized, t
from app.core.style import load_style
from app.core.view import CardView, CounterView, GameView, HandView, MarkerView, PanelView, PhaseView, Style, TrackView
from app.systems.cca.messages import PlayCard
from app.systems.cca.scenario import SIDES
from app.systems.cca.state import Leader, State
from app.systems.cca.tables import cards, class_name, terrains, unit_classes

STEPS = ("deal", "card", "order", "move", "battle")
STYLE_FILE = Path(__file__).resolve().parent / "data" / "style.json"
SYMBOLS_BY_SUBTYPE = {
    "infantry": "infantry",
    "war_machine": "artillery",
    "cavalry": "cavalry",
    "camel": "cavalry",
    "chariot": "chariot",
    "elephant": "elephant",
}
"""The unit-type symbol printed on a unit of each subtype (Table A)."""
CLASS_WEIGHTS = {"green": t("light (green)"), "blue": t("medium (blue)"), "red": t("heavy (red)")}  # CCA-UNIT-4
_STEP_TEXT = (t("Deal"), t("Play a card"), t("Order"), t("Move"), t("Battle"))


def build_view(state: State, side: str | None, active: str | None) -> GameView:
    """The view of ``side`` (``None``: everything)."""
    model = state.runtime.model
    look = style()
    counters: list[CounterView] = []
    for u in state.units:
        army = model.army(u.side)
        flags = tuple(f for f, on in (("ordered", u.id in state.turn.ordered), ("fresh", u.fresh)) if on)
        counters.append(
            CounterView(
                id=u.id,
                loc=u.hex,
                label=_short_name(u.cls),  # the class's short name in each language
                title=u.spec.name,
                side=u.side,
                kind=u.cls,
                colour=army.colour,
                strength=str(u.blocks),
                flags=flags,
                selectable=u.side == active,
                details=((t("Blocks"), f"{u.blocks}/{u.spec.blocks}"), (t("Class"), CLASS_WEIGHTS[u.spec.colour])),
                symbol=SYMBOLS_BY_SUBTYPE[u.spec.subtype],  # the troop type (CCA-UNIT-1, CCA-UNIT-2)
                band=look.colours.get(u.spec.colour),  # the class colour: light, medium, heavy
                badges=look.badges_for(flags),
            )
        )
    counters += [_leader_counter(state, x, look, active) for x in state.leaders]
    tracks = tuple(
        TrackView(
            t("{army} banners", army=model.army(s).name.text()), str(state.total_banners(s)), str(model.army(s).banners)
        )
        for s in SIDES
    )
    return GameView(
        board=state.runtime.board,
        counters=tuple(counters),
        markers=objective_markers(state),
        tracks=tracks,
        phase=_phase(state, active),
        panels=_panels(state, side),
        outcome=None if state.winner is None else t("{side} wins", side=side_name(state, state.winner)),
        side_names={s: side_name(state, s) for s in SIDES},
        style=look,
        glossary=_glossary(),
        hands=_hands(state, side, active),
    )


def _leader_counter(state: State, x: Leader, look: Style, active: str | None) -> CounterView:
    """A leader's counter: it rides on the corner of the unit it is with."""
    flags = ("leader", *(("ordered",) if x.id in state.turn.ordered else ()))
    return CounterView(
        id=x.id,
        loc=x.hex,
        label=LEADER_LABEL,
        title=t("Leader {name}", name=state.leader_name(x)),
        side=x.side,
        kind="leader",
        colour=state.runtime.model.army(x.side).colour,
        flags=flags,
        selectable=x.side == active,
        badges=look.badges_for(flags),
        rider=True,
    )


def _hands(state: State, side: str | None, active: str | None) -> tuple[HandView, ...]:
    """The hands ``side`` may see, as card faces; a card that can be played now carries its command (CCA-CARD-1)."""
    out = []
    for s in SIDES:
        if side is not None and side != s:
            continue
        playing = state.phase == "card" and active == s and not state.tasks
        faces = tuple(_face(s, c, playing) for c in state.hand(s))
        out.append(HandView(s, t("Hand of {side}", side=side_name(state, s)), faces))
    return tuple(out)


@cache
def _face(side: str, card: str, playing: bool) -> CardView:
    """A card's face in ``side``'s hand, with the command that plays it when ``playing`` (views are built after
    every command: faces are made once and shared)."""
    spec = cards()[card]
    play = PlayCard(side=side, card=card) if playing and spec.tactic != "first_strike" else None  # D14
    return CardView(card, spec.name, spec.text, spec.type, play)


@cache
def _short_name(cls: str) -> Text:
    """The short name on a class's blocks in each language ("MI", "中步"), made once."""
    return localized(cls, unit_classes()[cls].abbr_zh or None)


LEADER_LABEL = localized("L", "将")


@cache
def _glossary() -> dict[str, Text]:
    """The terrain names a player reads for the board's terrain ids (CCA-BOARD-4), and the leader block's state
    (CCA-UNIT-3; the inspector read the raw flag "leader" in Chinese)."""
    return {**{tid: spec.name for tid, spec in terrains().items()}, "leader": t("leader")}


def style() -> Style:
    """The C&C style (``data/style.json``): badges of unit states and the colours of the unit classes."""
    return load_style(STYLE_FILE)


def objective_markers(state: State) -> tuple[MarkerView, ...]:
    """A marker on every hex of a scenario objective, saying who gains what and whether it is held (CCA-VICTORY-3)."""
    found = []
    grid = state.runtime.grid
    for index, o in enumerate(state.runtime.model.objectives):
        held = t("held") if index in state.objectives else t("not held")
        kind = t("kept once taken") if o.kind == "permanent" else t("while a unit holds it")
        title = t(
            "{name}: {n} banner(s) for {side}, {kind} ({held})",
            name=o.name.text(),
            n=o.banners,
            side=side_name(state, o.side),
            kind=kind,
            held=held,
        )
        for label in o.hexes:
            found.append(
                MarkerView(
                    id=f"objective-{index}-{label}",
                    loc=grid.from_label(label),
                    kind="objective",
                    title=title,
                    shape="rings",
                )
            )
    return tuple(found)


def _phase(state: State, active: str | None) -> PhaseView:
    current = STEPS.index(state.phase) if state.phase in STEPS else len(STEPS) - 1
    title = t("Turn {n}: {side}", n=state.turn_number, side=side_name(state, state.active))
    return PhaseView(title=title, steps=_STEP_TEXT, current=current, active_side=active)


def _panels(state: State, side: str | None) -> tuple[PanelView, ...]:
    panels = []
    for s in SIDES:
        if side is None or side == s:
            items: tuple[Text, ...] = tuple(cards()[c].name for c in state.hand(s))
            panels.append(PanelView(t("Hand of {side}", side=side_name(state, s)), items=items))
    played = cards()[state.turn.card].name if state.turn.card else t("none")
    panels.append(PanelView(t("Deck"), rows=((t("Cards left"), str(len(state.deck))), (t("Card in play"), played))))
    return tuple(panels)


def side_name(state: State, side: str) -> Text:
    """The army's name from the scenario ("Macedonian"), or the side id when the scenario has none."""
    for army in state.runtime.model.armies:
        if army.side == side:
            return army.name.text()
    return Text(msg=side)


def piece_name(state: State, piece_id: str) -> Text:
    """A unit by class and hex ("Heavy infantry at 0606"), a leader by name: texts never show raw ids (D15)."""
    unit = state.unit(piece_id)
    if unit is not None:
        return t("{cls} at {hex}", cls=class_name(unit.cls), hex=state.runtime.grid.label(unit.hex))
    leader = state.leader(piece_id)
    return t("Leader {name}", name=state.leader_name(leader)) if leader is not None else Text(msg=piece_id)

"""What a side sees: counters, the cup as far as that side may know it, boxes, the phase track and highlights.

Hot-seat privacy (TY-CMD-3): a side never sees the other side's chosen cards, its cards in the cup, or a held
Guderian; it sees how many there are, and the odds of the next draw from what it may know.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from pathlib import Path

from app.core.i18n import Text, localized, t
from app.core.style import load_style
from app.core.view import CounterView, GameView, LazyLayers, PanelView, PhaseView, Style, TrackView
from app.systems.typhoon.cup import SUPPLY, need
from app.systems.typhoon.position import Recall
from app.systems.typhoon.reinforce import side_label
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.scenario import SIDES
from app.systems.typhoon.state import State, Unit, mechanized, values
from app.systems.typhoon.supply import in_supply
from app.systems.typhoon.terrain import TERRAIN_NAMES, weather_name
from app.systems.typhoon.victory import counted

STYLE_FILE = Path(__file__).resolve().parent / "data" / "style.json"
SYMBOL = {"armour": "armour", "motorized": "recce", "infantry": "infantry", "cavalry": "cavalry"}
SYMBOL |= {"security": "infantry", "mountain": "infantry", "hq": "hq"}
PHASES = ("select", "draw", "move", "combat", "place", "withdraw")
_PHASE_TEXT = (
    t("Command selection"),
    t("Card draw"),
    t("Movement"),
    t("Combat"),
    t("Reinforcements"),
    t("Supply and withdrawal"),
)
ARMY, HEX, TYPE, BOX, COMMAND_RANGE = t("Army"), t("Hex"), t("Type"), t("Box"), t("Command range")
MECHANISED, NON_MECHANISED, OUT_OF_PLAY = t("mechanised"), t("non-mechanised"), t("out of play")
BOX_NAMES = {
    "reserve": t("Available reinforcements"),
    "withdrawn": t("Withdrawal box"),
    "guards": t("Guards conversion box"),
}


def style() -> Style:
    """The Typhoon style (``data/style.json``)."""
    return load_style(STYLE_FILE)


def build_view(state: State, side: str | None, acting: str | None) -> GameView:
    """The view of ``side`` (``None``: everything)."""
    look = style()
    return GameView(
        board=state.runtime.board,
        counters=state.memo(("view_counters", acting), lambda: _counters(state, look, acting)),
        tracks=_tracks(state),
        phase=_phase(state, acting),
        panels=(_cup_panel(state, side), _hand_panel(state, side), *_box_panels(state), _victory_panel(state)),
        highlights=_ranges(state),
        outcome=None if state.winner is None else t("{side} wins", side=side_label(state.winner)),
        side_names={s: side_label(s) for s in SIDES},
        style=look,
        glossary={**glossary(), **_range_words(state)},
    )


_N = "([0-9A-Za-z]+)"
SHORT_ZH = tuple(
    (re.compile(pattern.replace("N", _N)), short)
    for pattern, short in (
        ("^突击第N集团军司令部$", "突{0}集"),
        ("^第N装甲集团军司令部$", "{0}装集"),
        ("^第N装甲集群司令部$", "{0}装群"),
        ("^第N集团军司令部$", "{0}集"),
        ("^坦克第N旅$", "{0}坦旅"),
        ("^坦克第N师$", "{0}坦"),
        ("^摩托化步兵第N师$", "{0}摩"),
        ("^第N摩托化步兵师$", "{0}摩"),
        ("^近卫步兵第N师$", "{0}近卫"),
        ("^近卫骑兵第N师$", "{0}近骑"),
        ("^步兵第N师$", "{0}步"),
        ("^第N步兵师$", "{0}步"),
        ("^骑兵第N师$", "{0}骑"),
        ("^第N骑兵师$", "{0}骑"),
        ("^内务部第N师$", "{0}内务"),
        ("^民兵第N师$", "{0}民"),
        ("^第N保安师$", "{0}保"),
        ("^第N装甲师$", "{0}装"),
        ("^党卫军DR师$", "DR"),
        ("^帝国师$", "帝国"),
    )
)
"""Chinese counter labels the way Chinese wargame counters abbreviate a formation ("第7装甲师" → "7装", "步兵第91
师" → "91步"): the full name stays the counter's title; a name no pattern matches is printed whole."""


def short_zh(name_zh: str) -> str:
    """The counter label of a Chinese unit name (see :data:`SHORT_ZH`)."""
    for pattern, short in SHORT_ZH:
        found = pattern.match(name_zh)
        if found is not None:
            return short.format(*found.groups())
    return name_zh


COUNTERS: Recall[CounterView] = Recall(8192)
"""Counters by what they show: most counters look the same from one command to the next."""


def _counters(state: State, look: Style, acting: str | None) -> tuple[CounterView, ...]:
    """Every counter as the views show it (the same for every side: a view hides cards, not counters)."""
    supplied = {s: in_supply(state, s) for s in SIDES}
    attacking = {uid for a in state.attacks for uid in a.units}
    found = []
    for u in state.units:
        flags = [f for f, on in (("active", u.id in state.active), ("moved", u.id in state.moved)) if on]
        flags += ["attacking"] if u.id in attacking else []
        flags += [] if u.hex is None or u.hex in supplied[u.side] else ["unsupplied"]
        found.append(_shown(state, u, look, acting, tuple(flags)))
    return tuple(found)


def _shown(state: State, u: Unit, look: Style, acting: str | None, flags: tuple[str, ...]) -> CounterView:
    """The counter as shown, built once for every state where it looks the same."""
    return COUNTERS.get((state.runtime, u, acting, flags), lambda: _counter(state, u, look, acting, flags))


def _counter(state: State, u: Unit, look: Style, acting: str | None, flags: tuple[str, ...]) -> CounterView:
    spec = state.spec(u.id)
    printed = [*values(spec, u.reduced), spec.movement]
    details: list[tuple[Text, str | Text]] = [(ARMY, spec.army or "-"), (HEX, state.runtime.label(u.hex))]
    details.append((TYPE, MECHANISED if mechanized(spec) else NON_MECHANISED))
    if spec.command_range is not None:
        details.append((COMMAND_RANGE, str(spec.command_range)))
    if u.hex is None:
        details.append((BOX, BOX_NAMES.get(u.box, OUT_OF_PLAY)))
    steps_total = 2 if spec.reduced is not None else 1
    name = state.runtime.unit_name(u.id)
    return CounterView(
        id=u.id,
        loc=u.hex,
        label=localized(spec.name_en, short_zh(spec.name_zh) or None),
        title=name,
        side=u.side,
        kind=spec.symbol,
        flags=flags,
        selectable=u.side == acting and u.hex is not None,
        details=tuple(details),
        symbol=SYMBOL[spec.symbol],
        band=look.colours.get(spec.nationality),
        factors=tuple(str(v) for v in printed),
        reduced=u.reduced,
        steps=(1 if u.reduced else 0, steps_total),
        badges=look.badges_for(flags),
    )


def _tracks(state: State) -> tuple[TrackView, ...]:
    rt = state.runtime
    cities, keys = counted(state)
    return (
        TrackView(t("Turn"), str(state.turn), str(rt.last_turn)),
        TrackView(t("Weather"), weather_name(rt.weather(state.turn))),
        TrackView(t("Axis cities with LOC"), str(len(cities)), str(rt.model.victory.final_cities)),
        TrackView(t("Key hexes"), str(len(keys)), str(rt.model.victory.final_key), alarm=state.key_flag),
    )


def phase_title(state: State) -> Text:
    """ "Turn 3 — mud": the title of the sequence of play (also the history's turn headings, HasPhaseTitle)."""
    return t("Turn {turn} — {weather}", turn=state.turn, weather=weather_name(state.runtime.weather(state.turn)))


def _phase(state: State, acting: str | None) -> PhaseView:
    current = PHASES.index(state.phase) if state.phase in PHASES else len(PHASES) - 1
    instructions: tuple[Text, ...] = ()
    if state.phase == "draw":
        instructions = (t("Draw one chit from the cup and type its name."),)
    elif state.phase == "combat":
        instructions = (t("Declare every attack first, then resolve them one by one with a die each."),)
    return PhaseView(
        title=phase_title(state),
        steps=_PHASE_TEXT,
        current=current,
        active_side=acting,
        instructions=instructions,
    )


def cup_knowledge(state: State, side: str | None) -> tuple[list[str], int]:
    """The cup's cards ``side`` may know (its own and SUPPLY) and how many hidden cards there are (TY-CMD-3)."""
    known = [c for c in state.cup if c == SUPPLY or side is None or state.runtime.cards[c].side == side]
    return sorted(known), len(state.cup) - len(known)


def _cup_panel(state: State, side: str | None) -> PanelView:
    known, hidden = cup_knowledge(state, side)
    total = len(state.cup)
    rows: list[tuple[Text, str | Text]] = []
    for card in dict.fromkeys(known):
        p = Fraction(known.count(card), total)
        rows.append((state.runtime.card_name(card), f"{p.numerator}/{p.denominator}"))
    if hidden:
        p = Fraction(hidden, total)
        enemy = "soviet" if side == "axis" else "axis"
        rows.append((t("{side} cards (hidden)", side=side_label(enemy)), f"{hidden}: {p.numerator}/{p.denominator}"))
    items = tuple(state.runtime.card_name(c) for c in state.used)
    return PanelView(t("Cup: {n} cards — chance of the next draw", n=total), tuple(rows), items)


def _hand_panel(state: State, side: str | None) -> PanelView:
    optional = state.runtime.model.options.reserve_okh  # RESERVE/OKH are cards only with §15.1 (TY-OPT-RES-1)
    mine = [
        c
        for c in state.runtime.model.cards
        if (side is None or c.side == side) and (optional or c.kind not in ("reserve", "okh"))
    ]
    rows: list[tuple[Text, str | Text]] = []
    for card in mine:
        if card.id in state.used:
            status: Text = t("used")
        elif card.id == state.held:
            status = t("kept in hand")
        elif card.id in state.cup:
            status = t("in the cup")
        elif state.phase == "select" and state.selecting == card.side and card.id in state.picked:
            status = t("chosen")
        else:
            status = t("in hand")
        rows.append((state.runtime.card_name(card.id), status))
    items: tuple[Text, ...] = ()
    if state.phase == "select" and side in (None, state.selecting):
        # how many cards the selecting side puts in the cup this turn, so a new player knows when it ends (TY-CMD-4)
        due = need(state, state.selecting)
        items = (t("Choose {n} cards for the cup this turn: {k} chosen.", n=due, k=len(state.picked)),)
    return PanelView(t("Command cards"), tuple(rows), items)


def _box_panels(state: State) -> tuple[PanelView, ...]:
    panels = []
    for box, title in BOX_NAMES.items():
        rows = tuple((state.runtime.unit_name(u.id), side_label(u.side)) for u in state.units if u.box == box)
        if rows:
            panels.append(PanelView(title, rows))
    return tuple(panels)


def _victory_panel(state: State) -> PanelView:
    cities, keys = counted(state)
    spec = state.runtime.model.victory
    rows: tuple[tuple[Text, str | Text], ...] = (
        (t("Large-city hexes held with LOC"), f"{len(cities)} / {spec.final_cities}"),
        (t("Key hexes held with LOC"), f"{len(keys)}"),
        (t("Key hexes held at once (ever)"), t("yes") if state.key_flag else t("no")),
    )
    return PanelView(t("Victory"), rows + _victory_needs(state))


def _victory_needs(state: State) -> tuple[tuple[Text, str | Text], ...]:
    """What the Axis needs, and when (TY-VIC-1, TY-VIC-2): the scenario's numbers, the rulebook's by default."""
    spec, last = state.runtime.model.victory, state.runtime.last_turn
    rows: list[tuple[Text, str | Text]] = []
    if spec.sudden_death_turn is not None and spec.sudden_death_turn < last:
        need = t(
            "{c} large-city hexes with LOC, {k} of them key hexes",
            c=spec.sudden_death_cities,
            k=spec.sudden_death_key,
        )
        rows.append((t("Axis sudden death at the end of turn {n}", n=spec.sudden_death_turn), need))
    if spec.final_key:
        need = t(
            "{c} large-city hexes with LOC, {k} key hexes held at once before", c=spec.final_cities, k=spec.final_key
        )
    else:
        need = t("{c} large-city hexes with LOC", c=spec.final_cities)
    rows.append((t("Axis victory at the end of turn {n}", n=last), need))
    return tuple(rows)


def _ranges(state: State) -> LazyLayers:
    """A layer per HQ on the map: the hexes of its command range (drawn when it is selected, TY-ACT-5), computed
    the first time the window asks for one."""
    hqs = tuple((u.id, u.hex, reach) for u in state.on_map() if (reach := state.spec(u.id).command_range) is not None)
    return RANGES.get((state.runtime, hqs), lambda: _range_layers(state, hqs))


RANGES: Recall[LazyLayers] = Recall(256)
"""Command-range layers by where the HQs stand: computed once, then shared by every view while no HQ moves."""


def _range_layers(state: State, hqs: tuple[tuple[str, Hex | None, int], ...]) -> LazyLayers:
    grid = state.runtime.grid

    def compute() -> dict[str, dict[object, str]]:
        layers: dict[str, dict[object, str]] = {}
        for uid, (q, r), reach in hqs:  # type: ignore[misc]
            cells = (
                (q + dq, r + dr)
                for dq in range(-reach, reach + 1)
                for dr in range(max(-reach, -dq - reach), min(reach, -dq + reach) + 1)
            )
            layers[f"range:{uid}"] = {h: "range" for h in cells if grid.contains(h)}
        return layers

    return LazyLayers(tuple(f"range:{uid}" for uid, _, _ in hqs), compute)


def _range_words(state: State) -> dict[str, Text]:
    """The HQ command-range layers named for the overlay menu and the inspector ("Command range of 4 A HQ")."""
    words = {"range": t("within command range")}
    for u in state.on_map():
        if state.spec(u.id).command_range is not None:
            words[f"range:{u.id}"] = t("Command range of {hq}", hq=state.runtime.unit_name(u.id))
    return words


@cache
def glossary() -> dict[str, Text]:
    """The words a player reads for the map's terrain and hexside ids (TY-MAP-2, TY-MAP-3)."""
    words: dict[str, Text] = dict(TERRAIN_NAMES)
    words.update({"river": t("river"), "major_river": t("major river"), "bridge": t("bridge")})
    words.update({"active": t("activated"), "moved": t("moved"), "attacking": t("attacking")})
    words["unsupplied"] = t("out of supply")  # the counter states of the inspector
    return words

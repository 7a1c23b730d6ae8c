"""Small Typhoon positions on an inline 10x8 map for rule tests (positions are data: no code builds them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.core.messages import Command
from app.core.session import Session
from app.systems.typhoon import SYSTEM
from app.systems.typhoon import messages as m
from app.systems.typhoon.runtime import Hex
from app.systems.typhoon.scenario import TyphoonScenario
from app.systems.typhoon.state import State

# (id, side, symbol, full values, reduced values or None, movement, hex or box[, command range])
Counter = tuple[Any, ...]

INF = ("infantry", [4], [2], 5)
PZ = ("armour", [8, 5], [4, 3], 6)


def unit(uid: str, side: str, at: str, kind: tuple[Any, ...] = INF, **extra: Any) -> dict[str, Any]:
    """A counter and its placement as scenario data."""
    symbol, full, reduced, ma = kind
    spec: dict[str, Any] = {"id": uid, "side": side, "name_en": uid, "symbol": symbol, "full": full, "movement": ma}
    if reduced is not None:
        spec["reduced"] = reduced
    if symbol == "hq":
        spec["command_range"] = extra.pop("command_range", 3)
    return {"spec": spec, "at": at, **extra}


def hq(uid: str, side: str, at: str, reach: int = 3) -> dict[str, Any]:
    """An HQ counter (strength 2, MA 4)."""
    return unit(uid, side, at, ("hq", [2], [1], 4), command_range=reach)


def scenario(
    units: Sequence[dict[str, Any]],
    *,
    terrain: dict[str, str] | None = None,
    hexsides: list[dict[str, str]] | None = None,
    roads: list[list[str]] | None = None,
    railways: list[list[str]] | None = None,
    marks: list[dict[str, Any]] | None = None,
    first_turn: int = 1,
    turns: int = 2,
    com: tuple[int, int] = (1, 1),
    reinf: tuple[int, int] = (1, 1),
    cards: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> TyphoonScenario:
    """A scenario: ``units`` from :func:`unit`/:func:`hq`; Axis sources 0104 and 0101, Soviet 1004; each HQ gets
    a card named after it; ``com`` is (Axis, Soviet) cards per turn."""
    board = {
        "kind": "hex",
        "orientation": "flat",
        "offset": "odd",
        "columns": 10,
        "rows": 8,
        "terrain": terrain or {},
        "hexsides": hexsides or [],
        "roads": roads or [],
        "railways": railways or [],
        "marks": marks or [],
    }
    hq_cards = [
        {"id": u["spec"]["id"].upper(), "side": u["spec"]["side"], "kind": "hq", "hq": u["spec"]["id"]}
        for u in units
        if u["spec"]["symbol"] == "hq"
    ]
    data = {
        "format": "adjutant-scenario",
        "system": "typhoon",
        "schema_version": 1,
        "id": "test",
        "title": {"en": "test"},
        "board": board,
        "units": [u["spec"] for u in units],
        "cards": cards if cards is not None else hq_cards + _reinf_cards(),
        "setup": [{"unit": u["spec"]["id"], "at": u["at"], "reduced": u.get("reduced", False)} for u in units],
        "first_turn": first_turn,
        "turns": [
            {"turn": t, "ger_com": com[0], "su_com": com[1], "ger_reinf": reinf[0], "su_reinf": reinf[1]}
            for t in range(first_turn, first_turn + turns)
        ],
        "supply_sources": {"axis": ["0104", "0101"], "soviet": ["1004"]},
        **extra,
    }
    return TyphoonScenario.model_validate(data)


def _reinf_cards() -> list[dict[str, Any]]:
    return [
        {"id": "AXIS-REINF", "side": "axis", "kind": "reinf"},
        {"id": "SOV-REINF", "side": "soviet", "kind": "reinf"},
    ]


def session(model: TyphoonScenario, seed: int = 1) -> Session:
    """A session on ``model``."""
    return Session(SYSTEM, model, seed=seed)


def state(s: Session) -> State:
    """The session's state, typed."""
    found: State = s.state
    return found


def hx(s: Session, label: str) -> Hex:
    """The axial hex of a printed ID."""
    return state(s).runtime.hex(label)


def submit(s: Session, command: Command) -> list[str]:
    """Submit and return the event texts in English."""
    return [e.text.render("en") for e in s.submit(command)]


def select(s: Session, axis: Sequence[str] = (), soviet: Sequence[str] = (), hold: str | None = None) -> None:
    """Command selection: each side puts these cards into the cup (``hold``: Guderian kept in hand)."""
    for card in axis:
        s.submit(m.SelectCard(side="axis", card=card, hold=card == hold))
    while state(s).phase == "select" and state(s).selecting == "axis":
        s.submit(next(c for c in s.legal_commands() if isinstance(c, m.SelectCard) and not c.hold))
    for card in soviet:
        s.submit(m.SelectCard(side="soviet", card=card))
    while state(s).phase == "select":  # the rest of the quota: the first card offered
        s.submit(next(c for c in s.legal_commands() if isinstance(c, m.SelectCard) and not c.hold))


def draw(s: Session, card: str) -> list[str]:
    """Draw ``card`` from the cup, typed as at the table."""
    side = s.active_side()
    assert side is not None
    return submit(s, m.DrawCard(side=side).with_table_input(None, [card]))


def activate(s: Session, card: str, axis: Sequence[str] = (), soviet: Sequence[str] = ()) -> None:
    """Select the cards (``card`` among them) and draw ``card``: its HQ's units are activated."""
    select(s, axis or ([card] if state(s).runtime.cards[card].side == "axis" else []), soviet)
    draw(s, card)


def at(s: Session, label: str) -> list[str]:
    """Ids of the units in a hex."""
    return [u.id for u in state(s).at(hx(s, label))]


def legal_of(s: Session, kind: type[Command]) -> list[Any]:
    """The legal commands of a kind."""
    return [c for c in s.legal_commands() if isinstance(c, kind)]


def defaults(s: Session, side: str) -> None:
    """Take the default answer of every decision ``side`` is asked now (retreat hexes, losses)."""
    while (decision := s.view().decision) is not None and decision.side == side:
        s.submit(decision.default_command())

"""Small Third Reich positions for rule tests: the sample map with the units and cards a test names."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from app.core.messages import Command
from app.core.session import Session
from app.systems.third_reich import SYSTEM
from app.systems.third_reich.scenario import ThirdReichScenario
from app.systems.third_reich.state import State

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "scenarios" / "third_reich"
SAMPLE = FOLDER / "sample_1939.json"


@cache
def _base() -> str:
    return SAMPLE.read_text(encoding="utf-8")


def base() -> dict[str, Any]:
    """A fresh copy of the sample scenario's JSON."""
    data: dict[str, Any] = json.loads(_base())
    return data


Place = tuple[str, str] | tuple[str, str, int] | tuple[str, str, int, bool]  # design, area[, count[, used]]


def card(cid: str, side: str, sv: int = 2, event: str = "none", **params: Any) -> dict[str, Any]:
    """A card in the deck."""
    return {"id": cid, "side": side, "name": {"en": cid}, "sv": sv, "event": event, "params": params}


def scenario(
    setup: Sequence[Place],
    *,
    cards: Sequence[dict[str, Any]] = (),
    hands: tuple[int, int] | None = None,
    nations: dict[str, tuple[str, str]] | None = None,
    areas: dict[str, dict[str, Any]] | None = None,
    **fields: Any,
) -> ThirdReichScenario:
    """The sample scenario with only ``setup`` on the map, ``cards`` as both decks (all start in the deck unless
    they say otherwise) and first-turn hands of the whole decks (``hands`` to choose sizes)."""
    data = base()
    data["setup"] = [
        {"unit": p[0], "at": p[1], "count": p[2] if len(p) > 2 else 1, "used": p[3] if len(p) > 3 else False}  # type: ignore[misc]
        for p in setup
    ]
    data["cards"] = list(cards) or [card("filler", "axis")]
    axis = sum(1 for c in data["cards"] if c["side"] == "axis")
    allied = sum(1 for c in data["cards"] if c["side"] == "allied")
    data["turns"]["first_hands"] = dict(zip(("axis", "allied"), hands or (axis, allied), strict=True))
    for code, (side, status) in (nations or {}).items():
        for nation in data["nations"]:
            if nation["code"] == code:
                nation["side"], nation["status"] = side, status
    for area, values in (areas or {}).items():
        data["areas"][area] = {**data["areas"][area], **values}
    data.update(fields)
    return ThirdReichScenario.model_validate(data)


def session(setup: Sequence[Place], *, seed: int = 1, **kwargs: Any) -> Session:
    """A session of :func:`scenario`."""
    return Session(SYSTEM, scenario(setup, **kwargs), seed=seed, folder=FOLDER)


def state(s: Session) -> State:
    """The session's state, typed."""
    st = s.state
    assert isinstance(st, State)
    return st


def submit(s: Session, command: Command, dice: Sequence[int] | None = None) -> list[Any]:
    """Submit with explicit dice (table mode)."""
    if dice is not None:
        command = command.with_table_input(dice, None)
    return list(s.submit(command))


def legal_kinds(s: Session, side: str | None = None) -> list[str]:
    """The kinds of the legal commands."""
    return [c.kind for c in s.legal_commands(side)]


def loc(s: Session, unit: str) -> str:
    """Where a unit is."""
    return state(s).unit(unit).loc


def used(s: Session, unit: str) -> bool:
    """Whether a unit is face down."""
    return state(s).unit(unit).used

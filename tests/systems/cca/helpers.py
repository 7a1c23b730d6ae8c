"""Building small positions on the standard board for rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.core.messages import Command
from app.core.session import Session
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from app.systems.cca.scenario import CcaScenario
from app.systems.cca.state import Hex, State
from app.systems.cca.tables import cards

Placement = tuple[str, str, str] | tuple[str, str, str, int]  # side, class, hex label[, blocks]


def scenario(
    units: Sequence[Placement],
    leaders: Sequence[tuple[str, str]] = (),
    terrain: dict[str, str] | None = None,
    hexsides: list[dict[str, str]] | None = None,
    *,
    objectives: list[dict[str, Any]] | None = None,
    exits: dict[str, dict[str, Any]] | None = None,
    banners: tuple[int, int] = (6, 6),
    position: dict[str, Any] | None = None,
    **rules: Any,
) -> CcaScenario:
    """A scenario with the given pieces (a side without any gets a far-away filler unit).

    ``objectives`` are scenario objectives as in the file (CCA-VICTORY-3), ``exits`` each side's exit rule
    (CCA-MOVE-3), ``banners`` the banners each side needs, bottom first (CCA-VICTORY-1), and ``position`` the
    scenario's position section (side to play, step, card, ordered pieces, hands, banners taken).
    """
    armies = []
    for need, side in zip(banners, ("bottom", "top"), strict=True):
        mine = [
            {"cls": p[1], "at": p[2], **({"blocks": p[3]} if len(p) > 3 else {})} for p in units if p[0] == side
        ] or [{"cls": "LI", "at": "0109" if side == "bottom" else "0101"}]
        armies.append(
            {
                "side": side,
                "name": {"en": side},
                "command": 4,
                "banners": need,
                "units": mine,
                "leaders": [{"at": at, "name": f"{side}-{at}"} for s, at in leaders if s == side],
                **({"exit": exits[side]} if exits and side in exits else {}),
            }
        )
    return CcaScenario.model_validate(
        {
            "format": "adjutant-scenario",
            "system": "cca",
            "schema_version": 1,
            "id": "t",
            "title": {"en": "t"},
            "board": {
                "ref": "resources:boards/cca_standard.json",
                "terrain": terrain or {},
                "hexsides": hexsides or [],
            },
            "armies": armies,
            "first_player": "bottom",
            "rules": rules,
            "objectives": objectives or [],
            **({"position": position} if position is not None else {}),
        }
    )


def position(
    units: list[Placement],
    leaders: list[tuple[str, str]] = (),
    *,
    ordered: tuple[str, ...] = (),
    phase: str = "battle",
    card: str = "four_centre",
    seed: int = 1,
    active: str = "bottom",
    hands: dict[str, list[str]] | None = None,
    deck: tuple[str, ...] | None = None,
    **kw: Any,
) -> State:
    """A state in ``phase`` of ``active``'s turn with ``ordered`` pieces ordered and ``card`` played, set up from
    the scenario's position section as a scenario file would (no state built by hand)."""
    spec: dict[str, Any] = {"active": active, "phase": phase, "card": card, "ordered": list(ordered), "turn_number": 1}
    spec |= {"hands": hands} if hands else {}
    spec |= {"deck": list(deck)} if deck is not None else {}
    model = scenario(units, leaders, position=spec, **kw)
    return SYSTEM.initial_state(SYSTEM.load_scenario(model, None), seed)


def hx(state: State, label: str) -> Hex:
    """Axial hex of a label."""
    return state.runtime.grid.from_label(label)


def at(state: State, label: str) -> str:
    """Id of the unit at a label."""
    unit = state.unit_at(hx(state, label))
    assert unit is not None, label
    return unit.id


def do(state: State, command: Command, dice: tuple[int, ...] = ()) -> tuple[State, list[Any]]:
    """Apply with explicit dice (1 light, 2 medium, 3 heavy, 4 helmet, 5 flag, 6 swords)."""
    new, events = SYSTEM.apply(state, command.model_copy(update={"dice": dice}))
    return new, list(events)


def start(model: CcaScenario, bottom: tuple[str, ...], top: tuple[str, ...], seed: int = 1) -> Session:
    """A session on ``model`` with the hands typed in (card ids; bottom plays first), as at the table."""
    session = Session(SYSTEM, model, seed=seed)
    names = tuple(cards()[c].name_en for c in (*bottom, *top))
    session.submit(m.DealHands(side="bottom", cards=names, dice=()))
    return session


def submit(session: Session, command: Command, dice: tuple[int, ...] = ()) -> list[Any]:
    """Submit with explicit dice (none typed: the command must not roll)."""
    return list(session.submit(command.model_copy(update={"dice": dice})))


def said(events: list[Any], what: str) -> list[Any]:
    """The events of one kind (``Happened.what``)."""
    return [e for e in events if getattr(e, "what", "") == what]


def bolstered(state: State) -> State:
    """Answer a pending flag question with its default, ignoring every flag the unit may (CCA-BOLSTER-1, D5)."""
    while state.tasks and state.tasks[0].kind == "bolster":
        task = state.tasks[0]
        state, _ = do(state, m.IgnoreFlags(side=task.side, unit=task.subject, flags=task.extra))
    return state

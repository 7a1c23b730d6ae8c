"""Crafted SAS positions for rule tests: a board from text rows, units and operators placed by hand.

Legend: '.' regular, 'T' forest, 'R' rock, 'C' crate, 'B' building interior, '~' water, '=' bridge. Edges are given as
``((x, y), side, kind)``. The runtime reuses the tutorial mission for its victory levels and deck.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from app.core.dice import Dice
from app.geometry.square import SquareGrid
from app.geometry.topology import EdgeFeature
from app.scenario.boards import Board
from app.scenario.catalog import load_scenario
from app.systems.sas import SYSTEM
from app.systems.sas.mission import SasMission
from app.systems.sas.state import OperatorState, SasRuntime, SasState, UnitState
from app.systems.sas.tables import tables

TUTORIAL = Path(__file__).parents[3] / "scenarios" / "sas" / "tutorial_assassination.json"
LEGEND = {".": "regular", "T": "forest", "R": "rock", "C": "crate", "B": "building", "~": "water", "=": "bridge"}
SIDE = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}


def mission() -> SasMission:
    _system, model = load_scenario(TUTORIAL, {"sas": SYSTEM})
    assert isinstance(model, SasMission)
    return model


def runtime(rows: list[str], edges: list[tuple[tuple[int, int], str, str]] = (), **extra: Any) -> SasRuntime:  # type: ignore[assignment]
    terrain = {(x, y): LEGEND[ch] for y, row in enumerate(rows) for x, ch in enumerate(row)}
    edge_map: dict[frozenset[tuple[int, int]], tuple[EdgeFeature, ...]] = {}
    for (x, y), side, kind in edges:
        dx, dy = SIDE[side]
        name, _, prop = kind.partition("+")  # "high_wall+grapple": a grapple symbol (SAS-TER-13)
        edge_map[frozenset({(x, y), (x + dx, y + dy)})] = (EdgeFeature(name, ((prop, True),) if prop else ()),)
    grid = SquareGrid(len(rows[0]), len(rows), terrain, edge_map)
    board = Board(grid, {}, [], {}, [], mission().board)
    rt = SasRuntime(
        mission=mission(),
        board=board,
        grid=grid,
        tables=tables(),
        sentry_points=extra.get("sentry_points", {}),
        lines=extra.get("lines", {}),
        spawn_spots=extra.get("spawn_spots", ()),
        spawn_cells=frozenset(),
        entry_exit=frozenset(extra.get("entry_exit", ())),
        map_cells=frozenset(terrain),
        cards=extra.get("cards", {}),
        team=(),
        initial_units=(),
        initial_objects=(),
        objective_cells={},
    )
    rt.cache["labels"] = {grid.label(c): c for c in grid.locations()}
    if not rt.cards:
        rt.cards = {c.id: c for c in tables().decks["core"]}
    return rt


def op(op_id: str, loc: tuple[int, int], **kw: Any) -> OperatorState:
    board = tables().operators[op_id]
    ammo = tuple((w, tables().weapons[w].ammo or 0) for w in board.weapons if tables().weapons[w].ammo)
    base = OperatorState(op_id, loc, "N", board.hp, ammo=ammo, items=tuple(board.items.items()))
    return replace(base, **kw)


def unit(uid: str, kind: str, loc: tuple[int, int], facing: str, **kw: Any) -> UnitState:
    role = kw.pop("role", "sentry" if kind == "rifle" else "guard")
    return UnitState(uid, kind, role, kw.pop("colour", "black"), loc, facing, **kw)


def state(rt: SasRuntime, ops: list[OperatorState], units: list[UnitState], **kw: Any) -> SasState:
    base = SasState(
        rt=rt,
        dice=Dice(seed=1),
        turn=1,
        section="stealth",
        phase="operator",
        meter=6,
        operators=tuple(ops),
        units=tuple(units),
        deck=tuple(c for c, card in rt.cards.items() if not card.special),
    )
    return replace(base, **kw)


def activate(st: SasState, op_id: str) -> SasState:
    from app.systems.sas.messages import ActivateOperator

    after, _ = SYSTEM.apply(st, ActivateOperator(side="sas", operator=op_id))
    return after


def with_defaults(applied: tuple[SasState, Any]) -> tuple[SasState, list[Any]]:
    """``SYSTEM.apply``'s result with every choice the rules leave to the players answered with its default — the
    engine's ruling before rules version 3 (docs/sas-decisions.md D-ALARM-1, D-MARK-1, D-FACE-1), as fast play answers
    it; the events are those of the command once answered (it runs again whole with the answers)."""
    from app.systems.sas.choices import default_answer

    st, events = applied
    while (answer := default_answer(st)) is not None:
        st, events = SYSTEM.apply(st, answer)
    return st, list(events)

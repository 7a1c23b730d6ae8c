"""Set-up (rulebook §4: TR-SETUP-1, TR-SETUP-2, TR-SETUP-3, TR-SETUP-4, TR-SETUP-5, TR-SETUP-7, TR-CTRL-2,
TR-CTRL-8, TR-CARD-5)."""

from __future__ import annotations

from app.core.dice import Dice
from app.systems.third_reich.runtime import Runtime
from app.systems.third_reich.state import Hands, State, Unit
from app.systems.third_reich.turn import begin_turn


def initial_state(runtime: Runtime, seed: int) -> State:
    """Units as the scenario places them (unused unless marked used), decks of the cards that start in them, the
    development pool, areas controlled by their nationality symbol or the scenario's controller, seas by the side
    whose ships are there, entry markers on their boxes. Hand selection follows (``turn.begin_turn``)."""
    model = runtime.model
    units = _units(runtime)
    control = tuple((a, data.control or data.nation) for a, data in model.areas.items())
    hands = tuple(
        Hands(deck=tuple(c.id for c in model.cards if c.side == s and c.start == "deck")) for s in ("axis", "allied")
    )
    state = State(
        dice=Dice(seed=seed),
        rt=runtime,
        turn=model.turns.first,
        active="axis",
        first="axis",
        units=tuple(units),
        control=tuple((a, n) for a, n in control if a in runtime.map.locations()),
        nations=tuple((n.code, n.side, n.status) for n in model.nations),
        entry=tuple(sorted(model.entry_track.positions.items())),
        hands=(hands[0], hands[1]),
        dev_cards=tuple(c.id for c in model.cards if c.start == "development"),
        done=tuple(model.done),
    )
    state = state.with_control({sea: _sea_holder(state, sea) for sea, _ in state.control if runtime.is_sea(sea)})
    return begin_turn(state)[0]


def _units(runtime: Runtime) -> list[Unit]:
    """Every counter of the set-up, numbered per design in set-up order (``ge_lf_1``, ``ge_lf_2``, …)."""
    units: list[Unit] = []
    for placement in runtime.model.setup:
        design = runtime.designs[placement.unit]
        for _ in range(placement.count):
            number = sum(1 for u in units if u.design == design.id) + 1
            units.append(Unit(f"{design.id}_{number}", design.id, design.nation, placement.at, placement.used))
    return units


def _sea_holder(state: State, sea: str) -> str | None:
    """The nation of the first belligerent surface ship set up in a sea area (TR-CTRL-8)."""
    for unit in state.in_area(sea):
        if state.cls(unit) == "naval" and state.unit_side(unit) is not None:
            return unit.nation
    return None

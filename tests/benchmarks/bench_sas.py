"""SAS benchmarks, not collected by pytest: ``.venv/bin/python tests/benchmarks/bench_sas.py``.

Figures (DESIGN §10): legal commands of one operator activation, the vision map of every Axis unit on a
9-tile board (also with eight vehicles added, SAS-AVEH-7, SAS-AVEH-8: first call and cached), and a full Axis turn (all
Axis phases) with 40 units on 9 tiles.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.choices import default_answer
from app.systems.sas.messages import ActivateOperator, EndPhase, RunAxisStep
from app.systems.sas.mission import SasMission
from app.systems.sas.setup import build_runtime, initial_state
from app.systems.sas.state import SasState, UnitState
from app.systems.sas.viewing import vision_maps

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "scenarios" / "sas" / "tutorial_assassination.json"


def _axis_step(state: SasState) -> SasState:
    """One Axis step, with every question it raises (a diagonal facing, SAS rules version 3) answered as fast play
    answers it: by its default."""
    state, _ = SYSTEM.apply(state, RunAxisStep(side="axis"))
    while (answer := default_answer(state)) is not None:
        state, _ = SYSTEM.apply(state, answer)
    return state


TILES = ["farm", "woods", "river", "village", "chateau", "depot", "railyard", "crossroads", "airfield"]


def _best(fn, repeat: int = 15) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def nine_tiles() -> SasState:
    """A 9-tile board (all core map tiles, 3×3) from the tutorial mission's other settings."""
    data = json.loads(TUTORIAL.read_text(encoding="utf-8"))
    data["board"]["tiles"] = [
        {"tile": t, "side": "A", "at": [8 * (i % 3), 3 + 8 * (i // 3)]} for i, t in enumerate(TILES)
    ]
    data["board"]["extras"] = [{"tile": "entry_exit", "side": "A", "at": [9, 0]}]
    data["extra_units"][0]["at"] = "F5"
    mission = SasMission.model_validate(data, context={"folder": TUTORIAL.parent})
    return initial_state(build_runtime(mission, TUTORIAL.parent), 7)


def forty_units(state: SasState) -> SasState:
    """Battle section: 40 alert Axis units on the board (SMG infantry added), the operators exposed."""
    units = list(state.units)
    free = [c for c in state.rt.grid.locations() if c in state.rt.map_cells and state.unit_at(c) is None]
    for i, cell in enumerate(free[:: max(1, len(free) // 60)]):
        if len(units) >= 40:
            break
        units.append(UnitState(f"b{i}", "smg", "spawned", "black", cell, "S", alert=True))
    ops = tuple(replace(o, exposed=True) for o in state.operators)
    units = [replace(u, alert=True) for u in units]
    return replace(state, units=tuple(units), operators=ops, section="battle")


def with_vehicles(state: SasState) -> SasState:
    """Eight vehicles (motorcycles, half-tracks, trucks, Kübelwagens) added where their tokens fit on the map."""
    kinds = ["motorcycle", "halftrack", "truck", "kubelwagen"] * 2
    taken = {c for u in state.units for c in u.cells}
    units = list(state.units)
    cells = sorted(state.rt.map_cells, key=lambda c: (c[1], c[0]))
    for cell in cells[:: max(1, len(cells) // 40)]:
        if len(units) - len(state.units) >= len(kinds):
            break
        kind = kinds[len(units) - len(state.units)]
        vehicle = UnitState(f"v{len(units)}", kind, "guard", None, cell, "ESWN"[len(units) % 4])
        if all(c in state.rt.map_cells and c not in taken for c in vehicle.cells):
            units.append(vehicle)
            taken |= set(vehicle.cells)
    return replace(state, units=tuple(units))


def swap_in_vehicles(state: SasState) -> SasState:
    """The 40-unit Battle position with 4 of the infantry swapped for alert vehicles (two motorcycles, a half-track,
    a truck) standing where their tokens fit (SAS-AVEH-9: they advance first)."""
    kinds = ["motorcycle", "halftrack", "motorcycle", "truck"]
    taken = {c for u in state.units for c in u.cells}
    units = list(state.units[: len(state.units) - len(kinds)])
    for cell in sorted(state.rt.map_cells, key=lambda c: (c[1] % 7, c[0] % 5, c)):
        if not kinds:
            break
        placed = UnitState(f"v{len(kinds)}", kinds[0], "patrol", "black", cell, "N", alert=True)
        cells = placed.cells
        if all(c in state.rt.map_cells and c not in taken for c in cells):
            free = all(
                state.rt.tables.vehicles.move_class(
                    state.rt.tables.vehicle(kinds[0]), "squares", state.rt.grid.terrain(c)
                )
                == "open"
                for c in cells
            )
            if free:
                units.insert(0, placed)
                taken |= set(cells)
                kinds.pop(0)
    return replace(state, units=tuple(units))


def _fresh(state: SasState) -> SasState:
    """The same position with a new units tuple, so nothing worked out for ``state`` is reused."""
    return replace(state, units=(*state.units,))  # a new tuple object (tuple(t) would be t itself)


def main() -> None:
    """Print the three SAS figures against their budgets."""
    session = open_session(TUTORIAL, {"sas": SYSTEM})
    session.submit(ActivateOperator(side="sas", operator="jock"))
    state = session.state
    print(f"sas.legal_commands_operator: {_best(lambda: SYSTEM.legal_commands(state)):.1f} ms (budget: 20 ms)")
    big = nine_tiles()
    # A fresh units tuple each time: the maps are kept while a state's units, templates and objects stay the same
    # objects (board/vision.sight_memo), and this figure is the cost of working them out.
    print(f"sas.vision_map_9_tiles: {_best(lambda: vision_maps(_fresh(big))):.1f} ms (budget: 20 ms)")
    print(f"sas.vision_map_9_tiles_kept: {_best(lambda: vision_maps(big)):.2f} ms (budget: n/a)")
    cars = with_vehicles(big)
    cold = nine_tiles()
    cold = replace(with_vehicles(cold), rt=cold.rt)
    start = time.perf_counter()
    vision_maps(cold)
    first = (time.perf_counter() - start) * 1000
    print(f"sas.vision_map_9_tiles_vehicles_first: {first:.1f} ms (budget: 200 ms)")
    print(f"sas.vision_map_9_tiles_vehicles: {_best(lambda: vision_maps(_fresh(cars))):.1f} ms (budget: 20 ms)")
    crowd = forty_units(big)
    after, _ = SYSTEM.apply(crowd, EndPhase(side="sas"))

    def axis_turn() -> None:
        st = after
        while not st.over and st.phase != "operator":
            st = _axis_step(st)

    print(f"sas.axis_turn_40_units: {_best(axis_turn, 5):.1f} ms (budget: 100 ms)")
    after_vehicles, _ = SYSTEM.apply(swap_in_vehicles(crowd), EndPhase(side="sas"))

    def vehicle_turn() -> None:
        st = after_vehicles
        while not st.over and st.phase != "operator":
            st = _axis_step(st)

    print(f"sas.axis_turn_40_units_4_vehicles: {_best(vehicle_turn, 5):.1f} ms (budget: 100 ms)")


if __name__ == "__main__":
    main()

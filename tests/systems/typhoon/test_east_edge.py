"""§15.4 Soviet supply from the east map edge, on the bundled map (TY-OPT-OFF-1)."""

from __future__ import annotations

from dataclasses import replace

from app.core.session import Session
from app.systems.typhoon import SYSTEM
from app.systems.typhoon.state import State, Unit
from app.systems.typhoon.supply import in_supply, sources
from tests.systems.typhoon.test_scenarios import FOLDER, bundled

SOVIET_SOURCES = ("1701", "2509", "2705", "2714", "2725")


def position(offmap: bool, soviet_at: str, axis_at: tuple[str, ...]) -> State:
    """The campaign's map with only one Soviet unit and Axis units on the given hexes, §15.4 on or off."""
    model = bundled("typhoon_campaign")
    model = model.model_copy(update={"options": model.options.model_copy(update={"soviet_offmap_supply": offmap})})
    state: State = Session(SYSTEM, model, seed=1, folder=FOLDER).state
    axis = [u.id for u in state.units if u.side == "axis"][: len(axis_at)]
    soviet = next(u.id for u in state.units if u.side == "soviet")
    rt = state.runtime
    units = [Unit(uid, "axis", rt.hex(h)) for uid, h in zip(axis, axis_at, strict=True)]
    return replace(state, units=(*units, Unit(soviet, "soviet", rt.hex(soviet_at))))


def test_ty_opt_off_1_the_east_edge_is_the_last_column_in_every_full_map_scenario() -> None:
    """TY-OPT-OFF-1: the campaign, Vyazma–Bryansk and the drive on Moscow list the 26 hexes of column 28, east of
    the Soviet sources 2705, 2714 and 2725 (docs/typhoon-map.md)."""
    edge = [f"28{r:02d}" for r in range(1, 27)]
    for name in ("typhoon_campaign", "typhoon_vyazma_bryansk", "typhoon_drive_on_moscow"):
        assert sorted(bundled(name).east_edge) == edge


def test_ty_opt_off_1_east_edge_supplies_a_cut_off_soviet_unit() -> None:
    """TY-OPT-OFF-1, TY-LOC-2: with every printed Soviet source occupied by the Axis, a Soviet unit at 2612 has no
    LOC; with §15.4 on, the east-edge hexes are sources and it has one; an east-edge hex the Axis occupies is not."""
    axis_at = (*SOVIET_SOURCES, "2818")
    off = position(False, "2612", axis_at)
    assert sources(off, "soviet") == frozenset()
    assert off.runtime.hex("2612") not in in_supply(off, "soviet")
    on = position(True, "2612", axis_at)
    found = {on.runtime.label(h) for h in sources(on, "soviet")}
    assert found == {f"28{r:02d}" for r in range(1, 27)} - {"2818"}
    assert on.runtime.hex("2612") in in_supply(on, "soviet")

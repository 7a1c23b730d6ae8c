"""The authored Typhoon map, order of battle and scenarios (docs/typhoon-map.md): they load, obey the set-up
rules and match their generator (packaging/typhoon/build_map.py)."""

from __future__ import annotations

import importlib
import itertools
import json
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from app.core.session import Session
from app.systems.typhoon import SYSTEM
from app.systems.typhoon.runtime import Runtime, load_runtime
from app.systems.typhoon.scenario import TyphoonScenario
from app.systems.typhoon.state import State

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "scenarios" / "typhoon"
BOARD = ROOT / "resources" / "boards" / "typhoon_1941.json"
SCENARIOS = ("typhoon_campaign", "typhoon_vyazma_bryansk", "typhoon_drive_on_moscow")


@cache
def loaded(name: str) -> Runtime:
    """The runtime of a bundled scenario."""
    model = TyphoonScenario.model_validate(json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8")))
    return load_runtime(model, FOLDER)


def first_state(name: str) -> State:
    """The opening state of a bundled scenario."""
    state: State = Session(SYSTEM, loaded(name).model, seed=1, folder=FOLDER, runtime=loaded(name)).state
    return state


def test_generator_output_is_committed() -> None:
    """The board and scenario files are exactly what packaging/typhoon/build_map.py writes (no hand edits)."""
    sys.path.insert(0, str(ROOT / "packaging" / "typhoon"))
    try:
        build_map = importlib.import_module("build_map")
        scenarios = importlib.import_module("scenario_files")
        board, facts = build_map.build()
        written = {name: json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8")) for name in SCENARIOS}
        assert scenarios.campaign(facts, _placements(written["typhoon_campaign"])) == written["typhoon_campaign"]
        board["board"]["areas"] = json.loads(BOARD.read_text(encoding="utf-8"))["board"]["areas"]
        assert board == json.loads(BOARD.read_text(encoding="utf-8"))
    finally:
        sys.path.remove(str(ROOT / "packaging" / "typhoon"))


def _placements(data: dict[str, object]) -> list[dict[str, object]]:
    setup = data["setup"]
    assert isinstance(setup, list)
    return [p for p in setup if p["at"] not in ("reserve", "guards", "withdrawn")]


def test_map_size_places_and_moscow() -> None:
    """TY-MAP-7, TY-MAP-6: 28 x 26 hexes from Smolensk to beyond Moscow; Moscow is four large-city hexes and
    Tula two; every place is named in both languages."""
    rt = loaded("typhoon_campaign")
    assert (rt.grid.columns, rt.grid.rows) == (28, 26)
    names = dict(rt.facts.names.values())
    for place in ("Smolensk", "Vyazma", "Rzhev", "Kalinin", "Mozhaisk", "Kaluga", "Tula", "Bryansk", "Orel"):
        assert place in names and names[place] != place
    assert len(rt.moscow) == 4 and rt.moscow <= rt.facts.cities
    assert len(rt.key_hexes - rt.moscow) == 2
    assert len(rt.facts.cities) == 18


def test_rivers_are_connected_lines_of_hexsides() -> None:
    """TY-MAP-1: every river hexside meets another one at a corner (rivers are lines, not loose edges), and the
    Dnieper, Volga and Oka are major rivers."""
    rt = loaded("typhoon_campaign")
    grid = rt.grid
    wet = [pair for pair, kinds in rt.facts.sides.items() if kinds & {"river", "major_river"}]
    corners = Counter(c for pair in wet for c in (_round(p) for p in grid.edge_segment(*sorted(pair))))
    lonely = [pair for pair in wet if all(corners[_round(p)] == 1 for p in grid.edge_segment(*sorted(pair)))]
    assert not lonely
    assert sum(1 for pair in wet if "major_river" in rt.facts.sides[pair]) > 40


def _round(point: tuple[float, float]) -> tuple[float, float]:
    return (round(point[0], 5), round(point[1], 5))


def test_every_road_or_railway_river_crossing_is_a_bridge() -> None:
    """TY-MAP-4: a road or railway step across a river hexside carries a printed bridge."""
    rt = loaded("typhoon_campaign")
    for path in (*rt.board.roads, *rt.board.railways):
        for a, b in itertools.pairwise(path):
            if rt.facts.river(a, b) is not None:  # type: ignore[arg-type]
                assert "bridge" in rt.facts.side_kinds(a, b)  # type: ignore[arg-type]


def test_supply_sources_and_start_control() -> None:
    """TY-MAP-3, TY-CITY-1: Axis supply sources on the west edge, Soviet ones in Moscow and on the east and north
    edges; Smolensk and Roslavl start Axis-controlled, Vyazma and Moscow Soviet."""
    rt, state = loaded("typhoon_campaign"), first_state("typhoon_campaign")
    assert all(rt.grid.to_offset(h)[0] <= 6 for h in rt.sources["axis"])
    assert rt.sources["soviet"] & rt.moscow
    city = {en: h for h, (en, _zh) in rt.facts.names.items()}
    assert state.controller(city["Smolensk"]) == "axis" and state.controller(city["Roslavl"]) == "axis"
    assert state.controller(city["Vyazma"]) == "soviet" and state.controller(city["Moscow"]) == "soviet"


@pytest.mark.parametrize("name", SCENARIOS)
def test_setup_respects_stacking_and_terrain(name: str) -> None:
    """TY-SETUP-2, TY-STK-1, TY-STK-2, TY-MOV-12: at most two counters a hex, never both sides, none in a lake."""
    rt = loaded(name)
    here: dict[tuple[int, int], set[str]] = {}
    count: Counter[tuple[int, int]] = Counter()
    for p in rt.model.setup:
        if p.at in ("reserve", "guards", "withdrawn"):
            continue
        h = rt.hex(p.at)
        count[h] += 1
        here.setdefault(h, set()).add(rt.units[p.unit].side)
        assert rt.facts.terrain[h] != "lake"
    assert max(count.values()) <= 2
    assert all(len(sides) == 1 for sides in here.values())


def test_setup_areas_are_filled_by_their_armies() -> None:
    """TY-MAP-2, TY-SETUP-2: each printed set-up area holds at least one counter in every hex, and each army
    starts inside its own area."""
    rt = loaded("typhoon_campaign")
    areas = rt.board.spec.areas  # type: ignore[union-attr]
    placed = {p.unit: p.at for p in rt.model.setup}
    assert len(areas) == 21
    for name, labels in areas.items():
        army = name.removeprefix("setup_")
        mine = {at for uid, at in placed.items() if rt.units[uid].army == army}
        assert set(labels) == mine


def test_cards_per_side() -> None:
    """TY-HQ-2, TY-CARD-1: panzer HQs have two cards, one of 2nd Panzer Army's is Guderian's; each side has a
    REINF card; every HQ has a card."""
    rt = loaded("typhoon_campaign")
    per_hq = Counter(c.hq for c in rt.cards.values() if c.hq is not None)
    assert per_hq["ger-hq-3pzg"] == per_hq["ger-hq-4pzg"] == per_hq["ger-hq-2pza"] == 2
    assert [c.hq for c in rt.cards.values() if c.kind == "guderian"] == ["ger-hq-2pza"]
    assert {c.side for c in rt.cards.values() if c.kind == "reinf"} == {"axis", "soviet"}
    assert {uid for uid, u in rt.units.items() if u.command_range is not None} == set(per_hq)


@pytest.mark.parametrize(
    ("name", "first", "last"), [(SCENARIOS[0], 1, 12), (SCENARIOS[1], 1, 4), (SCENARIOS[2], 6, 12)]
)
def test_scenarios_turns_briefings_and_opening(name: str, first: int, last: int) -> None:
    """TY-SEQ-1, TY-SETUP-8: each scenario has its turn track, both briefings and balance notes in both
    languages, and opens in the Command Selection phase of its first turn."""
    rt = loaded(name)
    assert (rt.model.first_turn, rt.last_turn) == (first, last)
    for text in (rt.model.briefing_axis, rt.model.briefing_soviet, rt.model.balance, rt.model.description):
        assert text is not None and text.en and text.zh_CN
    state = first_state(name)
    assert (state.turn, state.phase) == (first, "select")

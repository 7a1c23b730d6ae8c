"""The authored map of Europe 1939 and the bundled scenarios (TR-MAP-1, TR-MAP-2, TR-MAP-3, TR-RES-1, TR-CARD-2,
TR-CARD-5, TR-SETUP-3, TR-SETUP-4, TR-MINOR-1)."""

from __future__ import annotations

import json
import math
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
import shapely

from app.geometry.areas import AreaMap
from app.scenario.boards import AreaMapSpec, build_board, load_board_file
from app.scenario.resources import SCENARIOS, resolve_ref
from app.systems.third_reich.runtime import Runtime, load_runtime
from app.systems.third_reich.scenario import ThirdReichScenario

BOARD = resolve_ref("resources:boards/third_reich_europe_1939.json", None)
BUNDLED = ("campaign_1939", "barbarossa_1941", "endgame_1943")
EVENTS = (
    "development",
    "diplomacy",
    "vichy_france",
    "strategic_movement",
    "sea_lion",
    "sea_transport",
    "landing_airborne",
    "blitzkrieg",
    "ambush",
    "supply",
    "wolfpack",
    "strategic_bombing",
    "long_range_bombing",
)


@cache
def _spec() -> AreaMapSpec:
    spec = load_board_file(BOARD).board
    assert isinstance(spec, AreaMapSpec)
    return spec


@cache
def _map() -> AreaMap:
    topo = build_board(_spec(), lambda ref: resolve_ref(ref, None)).topology
    assert isinstance(topo, AreaMap)
    return topo


@cache
def _runtime(name: str) -> Runtime:
    path = SCENARIOS / "third_reich" / f"{name}.json"
    model = ThirdReichScenario.model_validate(json.loads(path.read_text(encoding="utf-8")))
    return load_runtime(model, path.parent)


def _adjacent(a: str, b: str) -> bool:
    return b in _map().neighbours(a)


def test_the_map_has_land_and_sea_areas_of_the_briefed_size_tr_map_1() -> None:
    """TR-MAP-1: 60-90 land areas and 12-20 sea areas, every polygon valid (the board builds)."""
    terrain = Counter(_map().terrain(a) for a in _map().locations())
    assert 60 <= terrain["land"] <= 90
    assert 12 <= terrain["sea"] <= 20
    assert set(terrain) == {"land", "sea"}


def test_every_area_can_be_reached_tr_map_3() -> None:
    """TR-MAP-3: the adjacency graph (shared borders plus links) is connected."""
    topo = _map()
    start = topo.locations()[0]
    seen, todo = {start}, [start]
    while todo:
        for nxt in topo.neighbours(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(topo.locations())


def test_neighbours_follow_geography_tr_map_3() -> None:
    """TR-MAP-3: a few borders any atlas shows, and straits drawn as links."""
    assert _adjacent("london", "english_channel") and _adjacent("paris", "english_channel")
    assert _adjacent("warsaw", "brest") and _adjacent("warsaw", "galicia")
    assert _adjacent("egypt", "eastern_mediterranean") and _adjacent("north_sea", "baltic_sea")
    assert _adjacent("seville", "morocco") and _adjacent("naples", "sicily")  # Gibraltar, Messina
    assert not _adjacent("london", "paris") and not _adjacent("berlin", "warsaw")
    assert not _adjacent("central_atlantic", "egypt")  # only TR-AREA-2 joins them, for the Allies


def test_areas_touching_at_a_point_are_not_adjacent_tr_map_3() -> None:
    """TR-MAP-3: where two outlines meet in a single point, the areas are not neighbours (the bundled map has
    none: its borders meet in threes), and a crossing the map means is a link, never a point contact."""
    shapes = {a.id: shapely.Polygon(a.polygon) for a in _spec().areas}
    ids = sorted(shapes)
    corners = [
        (a, b)
        for i, a in enumerate(ids)
        for b in ids[i + 1 :]
        if shapes[a].touches(shapes[b]) and shapes[a].boundary.intersection(shapes[b].boundary).length == 0
    ]
    links = {frozenset((link.a, link.b)) for link in _spec().links}
    for a, b in corners:
        assert frozenset((a, b)) in links or not _adjacent(a, b), (a, b)
    for link in _spec().links:
        assert not shapes[link.a].intersects(shapes[link.b]), "a link joins areas across water"


def test_neighbouring_areas_share_their_border_vertices() -> None:
    """A common border is the same vertices in both outlines, so the areas tile the frame without gaps."""
    shapes = [shapely.Polygon(a.polygon) for a in _spec().areas]
    union = shapely.union_all(shapes)
    assert sum(s.area for s in shapes) == pytest.approx(union.area, rel=1e-9)
    assert union.area == pytest.approx(shapely.box(*union.bounds).area, rel=1e-6)


def _label_boxes(lang: str) -> list[tuple[str, shapely.Polygon]]:
    """Label rectangles as the window draws names: 0.17 x the median area extent high, centred on label_at."""
    extents = sorted(
        min(x1 - x0, y1 - y0) for x0, y0, x1, y1 in (shapely.Polygon(a.polygon).bounds for a in _spec().areas)
    )
    size = 0.17 * extents[len(extents) // 2]
    boxes = []
    for area in _spec().areas:
        assert area.label_at is not None
        x, y = area.label_at
        text = area.name_zh if lang == "zh_CN" else area.name_en
        width = (1.0 if lang == "zh_CN" else 0.68) * len(text) * size
        boxes.append((area.id, shapely.box(x - width / 2, y - 0.6 * size, x + width / 2, y + 0.6 * size)))
    return boxes


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_labels_never_overlap(lang: str) -> None:
    """Every area's name, in either language, is clear of every other name and inside the map frame."""
    boxes = _label_boxes(lang)
    frame = shapely.box(*shapely.union_all([shapely.Polygon(a.polygon) for a in _spec().areas]).bounds)
    for i, (a, box_a) in enumerate(boxes):
        assert frame.contains(box_a), a
        for b, box_b in boxes[i + 1 :]:
            assert not box_a.intersects(box_b), (a, b)


def test_labels_sit_in_or_beside_their_area() -> None:
    """The label point lies in its area or within one label height of it (small areas lean out)."""
    for area in _spec().areas:
        assert area.label_at is not None
        assert shapely.Polygon(area.polygon).distance(shapely.Point(area.label_at)) <= 8.0, area.id


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_scenarios_load_on_the_map_tr_map_2(name: str) -> None:
    """TR-MAP-2: every area has game data and every special area the rules name exists."""
    runtime = _runtime(name)
    assert set(runtime.model.areas) == set(runtime.map.locations())
    assert len(runtime.roles) == 15
    assert all(runtime.map.contains(area) for area in runtime.roles.values())


@pytest.mark.parametrize("name", BUNDLED)
def test_decks_hold_every_event_with_values_two_to_four_tr_card_2(name: str) -> None:
    """TR-CARD-2: 16 cards a side, strategy values 2-4, titles and texts in both languages, every event named."""
    cards = _runtime(name).model.cards
    assert Counter(c.side for c in cards) == {"axis": 16, "allied": 16}
    assert all(2 <= c.sv <= 4 for c in cards)
    assert all(c.text is not None and c.text.en and c.text.zh_CN and c.name.zh_CN for c in cards)
    assert {c.event for c in cards} == set(EVENTS)


def test_the_1939_decks_start_as_the_rules_say_tr_card_5_tr_setup_3() -> None:
    """TR-CARD-5, TR-SETUP-3: Axis 8 value-2 cards in the deck, Allies 6; the rest (8 and 10) in development."""
    cards = _runtime("campaign_1939").model.cards
    piles = Counter((c.side, c.start, c.sv == 2) for c in cards)
    assert piles == {
        ("axis", "deck", True): 8,
        ("axis", "development", False): 8,
        ("allied", "deck", True): 6,
        ("allied", "development", False): 10,
    }


def test_the_development_pool_holds_the_printed_units_tr_setup_4() -> None:
    """TR-SETUP-4: GE TF 5-2-3 x2, GE TF 6-3-3 x1, GE SS x4, the jet, US CVE x3, SU TF x6, SU AF x3."""
    runtime = _runtime("campaign_1939")
    found = Counter()
    for placement in runtime.model.setup:
        if placement.at == "development":
            d = runtime.designs[placement.unit]
            found[f"{d.nation} {d.type} {d.attack}-{d.durability}-{d.movement}"] += placement.count
    assert found == {
        "GE TF 5-2-3": 2,
        "GE TF 6-3-3": 1,
        "GE SS 3-1-3": 4,
        "GE AF 0-1-2": 1,
        "US CVE 1-1-3": 3,
        "SU TF 4-2-3": 6,
        "SU AF 0-1-3": 3,
    }
    jet = runtime.designs["ge_af_jet"]
    assert jet.jet and jet.air == 4


def _resources(runtime: Runtime, side_nations: set[str]) -> float:
    value = {"red": 1.0, "black": 1.0, "black_white": 0.5}
    total = 0.0
    for area, data in runtime.model.areas.items():
        owner = data.control or data.nation
        if owner in side_nations and not runtime.is_sea(area):
            total += value.get(data.resource, 0.0) * data.resource_count
    return total


def test_resources_at_the_start_of_1939_tr_res_1() -> None:
    """TR-RES-1, TR-RES-2: Germany holds Berlin and the Ruhr (red) and Bohemia and Vienna (black-and-white):
    3 resources after rounding down; London, the Midlands, the Middle East, Paris and Warsaw give the Allies 5."""
    runtime = _runtime("campaign_1939")
    assert math.floor(_resources(runtime, {"GE"})) == 3
    assert _resources(runtime, {"UK", "FR", "PO"}) == 5
    assert runtime.model.areas["central_atlantic"].resource == "red"


def test_the_minor_ally_boundary_tr_minor_1() -> None:
    """TR-MINOR-1: the areas the struck-through list names and everything south of them lie south of the line."""
    areas = _runtime("campaign_1939").model.areas
    south = (
        "barcelona",
        "southern_france",
        "northern_italy",
        "yugoslavia",
        "hungary",
        "romania",
        "kiev",
        "kharkov",
        "stalingrad",
    )
    assert not any(areas[a].north_of_boundary for a in south)
    assert all(areas[a].north_of_boundary for a in ("berlin", "paris", "warsaw", "moscow", "leningrad", "galicia"))


@pytest.mark.parametrize("name", BUNDLED)
def test_set_ups_put_every_unit_in_a_legal_area(name: str) -> None:
    """The editor's live checks find no error in a bundled scenario (units of the right class, open areas)."""
    from app.systems.third_reich.editing import PLUGIN

    runtime = _runtime(name)
    errors = [f for f in PLUGIN.checks(runtime.model, runtime, None) if f.severity == "error"]
    assert errors == []


def test_the_board_file_is_small() -> None:
    """The bundled map stays light enough to load quickly (about 9,400 vertices)."""
    assert Path(BOARD).stat().st_size < 200_000
    assert sum(len(a.polygon) for a in _spec().areas) < 12_000


@pytest.mark.parametrize("name", [*BUNDLED, "sample_1939"])
def test_counters_print_distinct_chinese_short_forms_tr_unit_4(name: str) -> None:
    """TR-UNIT-4, TR-UNIT-1: every nation has a Chinese short form for its counters, no two alike, and every unit
    type one too, so the Chinese board never shows the English code."""
    from app.systems.third_reich.runtime import unit_types

    shorts = [n.short.zh_CN for n in _runtime(name).nations.values() if n.short is not None]
    assert len(shorts) == len(_runtime(name).nations) and len(set(shorts)) == len(shorts)
    assert all(s and not s.isascii() for s in shorts)
    assert len({t.short_zh for t in unit_types().values()}) == len(unit_types())

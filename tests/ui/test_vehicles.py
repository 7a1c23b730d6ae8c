"""SAS vehicles in the play window: one piece over the whole footprint, a clear front, translated short name,
damage markers against HP, hover identification on any footprint square, vision overlay (SAS-AVEH-2, SAS-AVEH-7,
SAS-AVEH-12)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor

from app.core.i18n import render
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.state import UnitState
from app.ui.counters import FootprintItem
from app.ui.render import render_scene
from tests.ui.conftest import shown_window

TUTORIAL = Path(__file__).resolve().parents[2] / "scenarios" / "sas" / "tutorial_assassination.json"
TRACK = UnitState("h", "halftrack", "guard", None, (6, 10), "E", damage=2)  # squares (3..6, 10..11), front east
MOTO = UnitState("m", "motorcycle", "guard", None, (10, 8), "N", alert=True)  # squares (10..11, 8..9)


@pytest.fixture
def window(qtbot, adjutant_data_dir: Path) -> Iterator[object]:  # type: ignore[no-untyped-def]
    session = open_session(TUTORIAL, {"sas": SYSTEM})
    session.initial = replace(session.initial, units=(*session.initial.units, TRACK, MOTO))
    win = shown_window(qtbot, session, adjutant_data_dir)
    yield win
    win.close()  # type: ignore[attr-defined]


def _item(win, unit_id: str) -> FootprintItem:  # type: ignore[no-untyped-def]
    item = win.scene.counters[unit_id]
    assert isinstance(item, FootprintItem)
    return item


def test_a_vehicle_is_one_piece_over_its_whole_footprint(window) -> None:  # type: ignore[no-untyped-def]
    """SAS-AVEH-2 (D-AVEH-1): the half-track is a single item whose shape covers all eight squares."""
    win = window
    item = _item(win, "h")
    squares = [(x, y) for x in range(3, 7) for y in (10, 11)]
    for loc in squares:
        centre = win.scene.centre_of(loc)
        assert item in win.scene.items(centre)
        assert item in win.scene.counters_at(loc)
    assert item.extent == pytest.approx((4 * win.scene.geo.cell_size, 2 * win.scene.geo.cell_size))
    assert not any(isinstance(i, FootprintItem) for stack in win.scene._stacks.values() for i in stack)


def test_short_name_is_translated_and_damage_shows_against_hp(window, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    """The token prints its short name in the interface language and the damage markers as "2/5" (SAS-AVEH-12)."""
    win = window
    item = _item(win, "h")
    assert render(item.view.label, "en") == "HT" and render(item.view.label, "zh_CN") == "半履带"
    assert item.view.strength == "2/5"
    assert "Damage: 2/5" in item.toolTip() and "Armoured" in item.toolTip()
    win.actions_by_name["lang_zh_CN"].trigger()
    assert item.lang == "zh_CN" and "损伤: 2/5" in item.toolTip()
    win.actions_by_name["lang_en"].trigger()


def test_the_front_end_is_darker_than_the_rear(window) -> None:  # type: ignore[no-untyped-def]
    """The front of the token (east for the half-track, north for the motorcycle) is the darker band with the
    arrow, so its facing reads at a glance."""
    win = window
    samples = {"h": (((6, 10), (0.8, 0.5)), ((3, 10), (0.2, 0.5))), "m": (((10, 8), (0.6, 0.2)), ((10, 9), (0.6, 0.8)))}
    for unit_id, (front, rear) in samples.items():
        box = win.scene.footprint_rect(_item(win, unit_id).view)
        assert _lightness(win.scene, box, *front) < _lightness(win.scene, box, *rear) - 0.05


def _lightness(scene, box: QRectF, loc: tuple[int, int], at: tuple[float, float]) -> float:  # type: ignore[no-untyped-def]
    """Lightness of the rendered token at fraction ``at`` of square ``loc``."""
    image = render_scene(scene, 400, box)
    cell = scene.geo.by_loc[loc].rect
    point = (cell.topLeft() + QPointF(cell.width() * at[0], cell.height() * at[1]) - box.topLeft()) * (
        image.width() / box.width()
    )
    return float(QColor(image.pixel(int(point.x()), int(point.y()))).lightnessF())


def test_hovering_any_footprint_square_names_the_vehicle(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The status line of a hovered square names the vehicle lying there, whichever square of it."""
    win = window
    for loc in ((3, 11), (5, 10)):
        win.interaction._on_board_view_location_hovered(loc)
        assert "half-track (yellow border) on g11" in win.hover_label.text().lower()


def test_vision_overlay_shows_the_vehicle_arcs(window) -> None:  # type: ignore[no-untyped-def]
    """SAS-AVEH-7: with the vision overlay on, the squares in front of the half-track and behind it are lit."""
    win = window
    grades = win.controller.view().highlights["vision"]
    assert grades.get((7, 10)) == "full" and grades.get((2, 11)) == "full"
    action = next(a for a in win.overlay_menu.actions() if a.data() == "vision")
    action.trigger()
    assert (7, 10) in win.scene.layers["view"].fills


def test_a_vehicle_partly_off_the_map_is_drawn_across_the_edge(qapp) -> None:  # type: ignore[no-untyped-def]
    """SAS-AVEH-5: a token partly off the map is drawn whole, past the board's edge."""
    from app.ui.render import scene_for_view

    session = open_session(TUTORIAL, {"sas": SYSTEM})
    width = session.initial.rt.grid.width
    edge = UnitState("e", "truck", "guard", None, (width + 1, 10), "E")  # squares width-2 .. width+1
    session.initial = replace(session.initial, units=(*session.initial.units, edge))
    scene = scene_for_view(session.view(None))
    item = scene.counters["e"]
    box = scene.footprint_rect(item.view)
    assert isinstance(item, FootprintItem) and box is not None and scene.geo is not None
    assert box.right() > scene.geo.by_loc[(width - 1, 10)].rect.right()


def test_clicking_any_square_of_a_vehicle_offers_the_attacks_on_it(window) -> None:  # type: ignore[no-untyped-def]
    """An attack on a vehicle is offered on every square of its token; its target square is the one nearest the
    operator (D-VDMG-1)."""
    from app.systems.sas.messages import ActivateOperator, Attack

    win = window
    win.session.initial = win.session.initial.with_op("jock", loc=(13, 7))
    win.session.submit(ActivateOperator(side="sas", operator="jock"))
    win.refresh()
    win.interaction.select("jock")
    far = [c for c, _i in win.interaction.commands_at((10, 9)) if isinstance(c, Attack) and c.target == "m"]
    shots = [i.target for c, i in win.interaction.actor_commands() if isinstance(c, Attack) and c.target == "m"]
    assert far and (11, 8) in shots

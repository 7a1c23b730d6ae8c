"""Battle dice drawn as their symbols (issue 15, point 3; CCA-DICE-1): the dice tray paints a coloured shape
for the unit faces, and the table-mode buttons that enter the symbols rolled carry the same symbol."""

from __future__ import annotations

from PySide6.QtGui import QColor

from app.core.dice import NeedInput
from app.core.i18n import t
from app.core.ruling import DieResult
from app.ui.dice_tray import DiceTray
from app.ui.die_symbols import has_symbol

NAMES = ("green circle", "blue triangle", "red square", "helmet", "flag", "crossed swords")


def test_every_battle_die_face_has_a_symbol_by_id_and_by_name() -> None:
    """CCA-DICE-1: the six faces, named as the result (id) or as the table prompt (English name)."""
    for face in (*NAMES, "light", "medium", "heavy", "leader", "flag", "swords"):
        assert has_symbol(face)
    assert not has_symbol("a face no game has")


def test_the_tray_paints_the_coloured_shape_of_a_unit_face(qtbot) -> None:  # type: ignore[no-untyped-def]
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.resize(400, 200)
    tray.show()
    tray.show_roll((DieResult(natural=1, modified=1, success=True, face="light"),), "CCA-DICE-1")
    image = tray.faces.grab().toImage()
    side = min(44.0, tray.faces.height() - 10.0)
    centre = image.pixelColor(int(6 + side / 2), int(5 + side / 2))
    assert centre.green() > 120 and centre.red() < 100, centre.name()  # the green circle, not a word
    tray.show_roll((DieResult(natural=3, modified=3, success=False, face="heavy"),), "")
    red = tray.faces.grab().toImage().pixelColor(int(6 + side / 2), int(5 + side / 2))
    assert red.red() > 150 and red.green() < 100 and red != QColor("#202020")


def test_table_symbol_buttons_carry_the_symbol(qtbot) -> None:  # type: ignore[no-untyped-def]
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.ask(NeedInput("dice", 2, 6, t("attack"), faces=NAMES), "en")
    assert len(tray.face_buttons) == 6
    assert all(not button.icon().isNull() for button in tray.face_buttons)

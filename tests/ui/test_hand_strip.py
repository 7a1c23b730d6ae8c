"""The C&C hand strip (issue 15, point 5; CCA-CARD-1): the seat's command cards as faces with their name and text,
in both languages; a click on a playable card plays it, and the faces are no longer playable afterwards."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.__main__ import LazySystems
from app.scenario.catalog import open_session
from tests.ui.conftest import shown_window

AKRAGAS = Path(__file__).resolve().parents[2] / "scenarios" / "cca" / "akragas_clash.json"


def test_hand_strip_shows_card_faces_and_plays_a_card(qtbot, adjutant_data_dir, compiled_translations) -> None:  # type: ignore[no-untyped-def]
    session = open_session(AKRAGAS, LazySystems())
    win = shown_window(qtbot, session, adjutant_data_dir)
    assert not win.hand_strip.isVisible()  # no hand before the deal
    win.controller.submit(session.legal_commands()[0])  # deal the hands (CCA-SETUP-2)
    strip = win.hand_strip
    side = session.active_side()
    assert strip.isVisible() and len(strip.faces) == len(session.state.hand(side))
    face = next(f for f in strip.faces if f.card.play is not None)
    assert face.name.text() and len(face.text.text()) > 15  # the card's name and what it does
    qtbot.mouseClick(face, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: session.state.phase == "order")
    assert session.state.turn.card == face.card.id and session.state.phase == "order"
    assert all(f.card.play is None for f in strip.faces)
    win.set_language("zh_CN")
    assert any("命令" in f.text.text() or "将领" in f.text.text() for f in strip.faces)
    win.set_language("en")  # the language is the app's: leave it as the next test expects
    win.close()

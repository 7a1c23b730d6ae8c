"""The start page names the Third Reich seats by side, not by the cards or nations the scenario lists."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel

from app.scenario.catalog import bundled
from app.systems.third_reich import SYSTEM

CAMPAIGN = Path(__file__).resolve().parents[2] / "scenarios" / "third_reich" / "campaign_1939.json"


def test_seats_are_labelled_by_side(qtbot) -> None:  # type: ignore[no-untyped-def]
    """TR-GEN-1: two seats, Axis and Allies; the deck's cards (which carry a side and a name) are not seat names."""
    from app.ui.start_page import StartPage

    entries = [e for e in bundled() if e.path == CAMPAIGN]
    page = StartPage({"third_reich": SYSTEM}, entries, [], None)
    qtbot.addWidget(page)
    assert set(page.seat_combos) == {"axis", "allied"}
    labels = [w.text() for w in page.findChildren(QLabel)]
    assert "Axis" in labels and "Allies" in labels
    assert "Development" not in labels

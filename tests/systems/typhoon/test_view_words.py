"""The window's words for Typhoon's view ids (play3: the inspector and the overlay menu read "range:ger-4a")."""

from __future__ import annotations

from tests.systems.typhoon.helpers import hq, scenario, session


def test_ty_act_5_hq_range_layers_are_named_after_their_hq_in_both_languages() -> None:
    """TY-ACT-5: each HQ's command-range layer has a name in the glossary, as does the grade its hexes carry."""
    view = session(scenario([hq("ghq", "axis", "0204", 2), hq("shq", "soviet", "1008")])).view("axis")
    for layer in (name for name in view.highlights if name.startswith("range:")):
        words = view.glossary[layer]
        assert words.render("en").startswith("Command range of ") and "range:" not in words.render("en")
        assert words.render("zh_CN").endswith("的指挥范围")
    assert view.glossary["range"].render("zh_CN") == "在指挥范围内"


def test_ty_exe_1_at_the_table_the_chit_list_shows_printed_card_names() -> None:
    """TY-EXE-1: in table mode the drawn chit is typed; the list offers the chits by their printed names
    ("4 A HQ"), not by their ids ("4A")."""
    from pathlib import Path

    import pytest

    from app.core.dice import NeedInput
    from app.scenario.catalog import open_session
    from app.systems.typhoon import SYSTEM
    from app.systems.typhoon import messages as m

    gate = Path(__file__).resolve().parents[3] / "scenarios" / "typhoon" / "vyazma_gate.json"
    s = open_session(gate, {"typhoon": SYSTEM}, mode="table")
    while not any(isinstance(c, m.DrawCard) for c in s.legal_commands()):
        s.submit(next(iter(s.legal_commands())))
    draw = next(c for c in s.legal_commands() if isinstance(c, m.DrawCard))
    with pytest.raises(NeedInput) as asked:
        s.submit(draw)
    titles = [title.render("en") for title in asked.value.titles]
    assert len(titles) == len(asked.value.options) and "SUPPLY" in asked.value.options
    assert any(title.endswith(" HQ") for title in titles), titles

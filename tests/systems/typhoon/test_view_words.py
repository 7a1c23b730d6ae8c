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

"""Table tests straight from the digest's Table A/B/C/F and the data file (CCA-UNIT, CCA-CC-4, CCA-RANGED-6,
CCA-RANGED-7, CCA-RETREAT-1, CCA-DICE-1, CCA-COMP-1)."""

from __future__ import annotations

import pytest

from app.systems.cca.tables import cards, faces, full_deck, terrains, unit_classes, unit_table

# code: blocks, move, cc dice, battle back dice, retreat, range (0: none)
TABLE_A = {
    "LI": (4, 2, 2, 2, 2, 2),
    "LS": (4, 2, 2, 2, 2, 3),
    "LB": (4, 2, 2, 2, 2, 3),
    "AX": (4, 2, 3, 3, 1, 2),
    "WA": (4, 2, 3, 3, 2, 0),
    "MI": (4, 1, 4, 4, 1, 0),
    "HI": (4, 1, 5, 5, 1, 0),
    "LWM": (2, 1, 2, 2, 1, 5),
    "HWM": (2, 1, 2, 2, 1, 6),
    "LC": (3, 4, 2, 2, 4, 2),
    "LBC": (3, 4, 2, 2, 4, 3),
    "MC": (3, 3, 3, 3, 3, 0),
    "HC": (3, 2, 4, 4, 2, 0),
    "CAM": (3, 3, 3, 2, 3, 0),
    "LCH": (2, 3, 2, 2, 3, 3),
    "HCH": (2, 2, 4, 3, 2, 0),
}


@pytest.mark.parametrize("code", sorted(TABLE_A))
def test_unit_class_row(code: str) -> None:
    """CCA-UNIT-1, CCA-UNIT-2, CCA-MOVE-7, CCA-CC-4, CCA-BACK-5, CCA-RETREAT-1, CCA-RANGED-6."""
    spec = unit_classes()[code]
    blocks, move, cc, back, retreat, rng = TABLE_A[code]
    assert (spec.blocks, spec.move, spec.cc_dice, spec.cc_dice_battle_back, spec.retreat) == (
        blocks,
        move,
        cc,
        back,
        retreat,
    )
    assert (spec.ranged.range if spec.ranged else 0) == rng


def test_elephant_row() -> None:
    """CCA-UNIT-2, CCA-ELEPHANT-2, CCA-RETREAT-1: 2 blocks, move 2, mirrors dice, retreats 1, never evades."""
    spec = unit_classes()["EL"]
    assert (spec.blocks, spec.move, spec.cc_dice, spec.retreat, spec.evade) == (2, 2, None, 1, "never")
    vs = unit_table().elephant_dice_vs
    assert (vs["EL"], vs["WA"], vs["HCH"], vs["CAM"], vs["leader"], vs["HI"], vs["LI"]) == (3, 3, 3, 3, 1, 5, 2)


def test_symbols() -> None:
    """CCA-UNIT-4, CCA-UNIT-8: green, blue, red classes; AX and LCH swords hit though light."""
    colours = {c: s.colour for c, s in unit_classes().items()}
    assert {c for c, v in colours.items() if v == "green"} == {"LI", "LS", "LB", "AX", "LWM", "LC", "LBC", "LCH"}
    assert {c for c, v in colours.items() if v == "blue"} == {"WA", "MI", "MC", "CAM"}
    assert unit_classes()["AX"].swords_hit and unit_classes()["LCH"].swords_hit and not unit_classes()["LI"].swords_hit


def test_ranged_dice() -> None:
    """CCA-RANGED-7: 2 held / 1 moved; LCH 2 moved; war machines cannot fire after moving."""
    table = {c: (s.ranged.held, s.ranged.moved) for c, s in unit_classes().items() if s.ranged}
    assert table["LI"] == (2, 1) and table["LCH"] == (2, 2) and table["LWM"] == (2, 0) and table["HWM"] == (2, 0)


def test_dice_faces() -> None:
    """CCA-DICE-1: six faces, one of each symbol."""
    assert [f.id for f in faces()] == ["light", "medium", "heavy", "leader", "flag", "swords"]


def test_deck() -> None:
    """CCA-COMP-1: 60 command cards."""
    assert len(full_deck()) == 60
    assert sum(c.count for c in cards().values() if c.type == "section") == 27


@pytest.mark.parametrize(
    ("terrain", "cap"), [("forest", 2), ("broken_ground", 2), ("fordable_river", 2), ("clear", None)]
)
def test_terrain_caps(terrain: str, cap: int | None) -> None:
    """CCA-FOREST-3, CCA-BROKEN-3, CCA-FORD-3."""
    assert terrains()[terrain].cc_cap == cap


def test_terrain_flags() -> None:
    """CCA-SEA-1, CCA-RIVER-1 impassable; CCA-CAMP-4 −1 die; CCA-FOREST-5/CCA-CAMP-6 block LOS."""
    ts = terrains()
    assert ts["seacoast"].impassable and ts["river"].impassable
    assert ts["fortified_camp"].dice_modifier_in == -1
    assert ts["forest"].blocks_los == "yes" and ts["fortified_camp"].blocks_los == "yes"
    assert (
        ts["hill"].cc_cap_into_from_below == 2
        and ts["hill"].cc_cap_from_in_foot == 3
        and ts["hill"].cc_cap_from_in_mounted == 2
    )

"""The printed tables: odds rounding, column shifts and every CRT cell (TY-CRT-1, TY-ODDS-6, TY-ODDS-7)."""

from __future__ import annotations

import pytest

from app.systems.typhoon.odds import base_column, final_column
from app.systems.typhoon.tables import COLUMNS, crt_result, result_effect

# The printed CRT, row by die, columns 1-1 .. 10+ (rulebook §10.4).
PRINTED = {
    1: "A2 A1 A1 - - R R RR RR 1RR 1RR",
    2: "A1 A1 - - R R RR RR 1RR 1RR 2RR",
    3: "A1 - - R R RR RR 1RR 1RR 2RR 2RR",
    4: "- - R R RR RR 1RR 1RR 2RR 2RR 3RR",
    5: "- R R RR RR 1RR 1RR 2RR 2RR 3RR 3RR",
    6: "R R RR RR 1RR 1RR 2RR 2RR 3RR 3RR 4RR",
}


@pytest.mark.parametrize(
    ("attack", "defence", "column"), [(15, 5, "3-1"), (26, 9, "2-1"), (12, 7, "1.5-1"), (18, 13, "1-1"), (25, 2, "10+")]
)
def test_ty_odds_6_worked_examples(attack: int, defence: int, column: str) -> None:
    """TY-ODDS-6: the rulebook's examples round to the column below: 15-5 3-1, 26-9 2-1, 12-7 1.5-1, 18-13 1-1,
    25-2 10-1."""
    assert COLUMNS[base_column(attack, defence)] == column


def test_ty_odds_7_exact_integer_test_and_below_the_table() -> None:
    """TY-ODDS-7: 3-2 reaches 1.5-1 exactly, 14-10 does not; below 1-1 is index -1; defence 0 reads 10+."""
    assert COLUMNS[base_column(3, 2)] == "1.5-1"
    assert COLUMNS[base_column(14, 10)] == "1-1"
    assert base_column(4, 5) == -1
    assert COLUMNS[base_column(3, 0)] == "10+"


def test_ty_shift_2_shifting_examples() -> None:
    """TY-SHIFT-2: 3-1 with two left shifts is 1.5-1 (via 2-1); 12-1 starts from 10-1, two left is 8-1."""
    assert COLUMNS[final_column(base_column(3, 1), -2)] == "1.5-1"
    assert COLUMNS[final_column(base_column(12, 1), -2)] == "8-1"


def test_ty_shift_5_and_ty_shift_6_net_shift_and_limits() -> None:
    """TY-SHIFT-5: net shifts apply once, capped at 10+; TY-SHIFT-6: below 1-1 the attack is not allowed (OQ-TY-5: a
    base below 1-1 is index -1 and may be brought back by right shifts)."""
    assert COLUMNS[final_column(base_column(25, 2), +2)] == "10+"
    assert final_column(base_column(2, 2), -1) == -1
    assert COLUMNS[final_column(base_column(4, 5), +2)] == "1.5-1"


@pytest.mark.parametrize("die", range(1, 7))
def test_ty_crt_1_every_cell(die: int) -> None:
    """TY-GEN-4: TY-CRT-1, TY-CRT-2: every cell of the printed CRT, die by die."""
    assert [crt_result(c, die) for c in range(len(COLUMNS))] == PRINTED[die].split()


def test_ty_crt_3_ty_crt_4_ty_crt_5_ty_crt_6_result_codes() -> None:
    """TY-CRT-3 attacker losses, TY-CRT-4 no effect, TY-CRT-5 retreats, TY-CRT-6 losses then a 2-hex retreat."""
    assert result_effect("A2") == (2, 0, 0)
    assert result_effect("A1") == (1, 0, 0)
    assert result_effect("-") == (0, 0, 0)
    assert result_effect("R") == (0, 0, 1)
    assert result_effect("RR") == (0, 0, 2)
    assert [result_effect(f"{n}RR") for n in range(1, 5)] == [(0, n, 2) for n in range(1, 5)]

"""The printed tables as data (rulebook §10.4 CRT, the TEC, §14.1 weather): ``data/rules.json``, read once.

TY-CRT-1, TY-ODDS-6, TY-MAP-7.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "rules.json"
COLUMNS = ("1-1", "1.5-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1", "10+")
"""The CRT's columns, index 0 to 10 (TY-ODDS-6)."""
RATIOS = ((1, 1), (3, 2), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1), (10, 1))
"""Each column's ratio as a fraction: column c qualifies when attack * den >= num * defence (TY-ODDS-7)."""


@cache
def data() -> dict[str, Any]:
    """The whole data file."""
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def crt_result(column: int, die: int) -> str:
    """The CRT cell for a column index (0..10) and a die (1..6) (TY-CRT-1)."""
    return str(data()["crt"]["results_by_die"][str(die)][COLUMNS[column]])


def result_effect(code: str) -> tuple[int, int, int]:
    """(attacker steps lost, defender steps lost, defender retreat hexes) of a result code (TY-CRT-3)."""
    row = data()["crt"]["result_codes"][code]
    return int(row["attacker_step_loss"]), int(row["defender_step_loss"]), int(row["defender_retreat_hexes"])


def terrain_row(terrain: str) -> dict[str, Any]:
    """The TEC row of a hex terrain (unknown terrain reads as clear)."""
    rows: dict[str, Any] = data()["terrain_hex"]
    return dict(rows.get(terrain, rows["clear"]))

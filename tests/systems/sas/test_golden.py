"""Golden counts of legal commands for SAS positions (DESIGN §9, issue 14): each bundled mission's opening position
(activations, the Typhoon, operator vehicles, the Jäger stalker: SAS-TURN-1, SAS-ACT-1, SAS-SUP-6, SAS-OVEH-1,
SAS-JGR-4) and the first operator's activation in it (moves, sprints, attacks, marks, throws, places: SAS-MOVE-1,
SAS-SPRINT-1, SAS-ATK-1, SAS-ATK-4, SAS-MARK-1, SAS-EQ-6, SAS-PLACE-1), and crafted positions of the rulings of
issue 14 (windows SAS-TER-12, the failure marker SAS-HM-1). A change in these numbers is a change in what the
rules offer: look before updating."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from app.__main__ import LazySystems
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.messages import ActivateOperator

from .board import activate, op, runtime, state, unit
from .test_fidelity import ROOM, _room_edges

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "sas"

# mission: (commands by kind at the opening, the first operator offered, commands by kind in his activation)
GOLDEN: dict[str, tuple[dict[str, int], str | None, dict[str, int]]] = {
    "convoy_ambush": (
        {"activate": 3, "end_phase": 1},
        "jock",
        {
            "aim": 3,
            "attack": 28,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 170,
            "move": 5,
            "place": 120,
            "reveal": 1,
            "sprint": 19,
            "throw": 318,
        },
    ),
    "demolition_fuel_depot": (
        {"activate": 3, "end_phase": 1},
        "jock",
        {
            "aim": 2,
            "attack": 21,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 182,
            "move": 4,
            "place": 120,
            "reveal": 1,
            "sprint": 22,
            "throw": 268,
        },
    ),
    "editor_mill_road": (
        {"activate": 2, "end_phase": 1},
        "jock",
        {
            "aim": 3,
            "attack": 17,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 124,
            "move": 2,
            "place": 60,
            "reveal": 1,
            "sprint": 12,
            "throw": 120,
        },
    ),
    "fearless_flak_airfield": (
        {"activate": 2, "call_typhoon": 4, "end_phase": 1},
        "jock",
        {
            "aim": 1,
            "attack": 7,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 130,
            "move": 5,
            "place": 120,
            "reveal": 1,
            "sprint": 17,
            "throw": 259,
        },
    ),
    "fearless_village_garrison": (
        {"activate": 4, "end_phase": 1},
        "nancy",
        {
            "aim": 1,
            "attack": 4,
            "change_clothes": 1,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 112,
            "move": 2,
            "place": 60,
            "reveal": 1,
            "sprint": 12,
            "throw": 101,
        },
    ),
    "heavy_metal_armoured_column": (
        {"activate": 3, "end_phase": 1},
        "jock",
        {
            "aim": 1,
            "attack": 10,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 182,
            "move": 5,
            "place": 120,
            "reveal": 1,
            "sprint": 15,
            "throw": 363,
        },
    ),
    "jager_fuel_depot": (
        {"place_stalker": 18},
        None,
        {},
    ),
    "operation_convoy_strike": (
        {
            "activate": 2,
            "call_typhoon": 4,
            "deploy": 4,
            "end_phase": 1,
            "vehicle_attack": 7,
            "vehicle_mark": 59,
            "vehicle_move": 19,
        },
        "johnny",
        {
            "aim": 2,
            "attack": 17,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 120,
            "move": 6,
            "place": 120,
            "reveal": 1,
            "sprint": 38,
        },
    ),
    "raid_airfield_willys": (
        {"activate": 2, "deploy": 4, "end_phase": 1, "vehicle_attack": 21, "vehicle_mark": 87, "vehicle_move": 21},
        "david",
        {
            "aim": 3,
            "attack": 46,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 284,
            "move": 6,
            "place": 10,
            "reveal": 1,
            "sprint": 38,
        },
    ),
    "raid_chateau": (
        {"activate": 4, "end_phase": 1},
        "jock",
        {
            "aim": 2,
            "attack": 22,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 242,
            "move": 4,
            "place": 120,
            "reveal": 1,
            "sprint": 20,
            "throw": 410,
        },
    ),
    "tutorial_assassination": (
        {"activate": 2, "end_phase": 1},
        "jock",
        {
            "aim": 3,
            "attack": 14,
            "crouch": 1,
            "end_activation": 1,
            "exfiltrate": 1,
            "mark": 108,
            "move": 2,
            "place": 60,
            "reveal": 1,
            "sprint": 11,
            "throw": 165,
        },
    ),
}


def counts(name: str) -> tuple[dict[str, int], str | None, dict[str, int]]:
    """The counts for one bundled mission (seed 1)."""
    session = open_session(SCENARIOS / f"{name}.json", LazySystems())
    opening = Counter(c.kind for c in session.legal_commands())
    first = next((c for c in session.legal_commands() if isinstance(c, ActivateOperator)), None)
    if first is None:
        return dict(sorted(opening.items())), None, {}
    session.submit(first)
    during = Counter(c.kind for c in session.legal_commands())
    return dict(sorted(opening.items())), first.operator, dict(sorted(during.items()))


def test_every_bundled_mission_has_golden_counts():
    assert sorted(GOLDEN) == sorted(p.stem for p in SCENARIOS.glob("*.json"))


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_counts_of_legal_commands(name):
    """SAS-TURN-1, SAS-ACT-1: what each mission offers at its opening and in its first activation."""
    assert counts(name) == GOLDEN[name]


def _kinds(st):
    return dict(sorted(Counter(c.kind for c in SYSTEM.legal_commands(st)).items()))


def test_golden_window_room_sas_ter_12():
    """SAS-TER-12: Jock in the outer window square (7, 6) can attack (pistol, knife never through a wall) the
    sentry at (9, 3) inside, seen through the window beside the wall his line crosses; the counts of the position."""
    sentry = unit("s", "rifle", (9, 3), "W")
    st = activate(state(runtime(ROOM, _room_edges()), [op("jock", (7, 6), facing="N")], [sentry]), "jock")
    attacks = [c for c in SYSTEM.legal_commands(st) if c.kind == "attack" and c.target == "s"]
    assert any(c.weapon == "pistol" and c.move_to is None for c in attacks)
    assert _kinds(st) == WINDOW_ROOM


def test_golden_failure_marker_sas_hm_1():
    """SAS-HM-1: the failure marker is offered on each Axis vehicle on the map (here a motorcycle and a truck)."""
    jock = op("jock", (2, 2), items=(("failure_marker", 1),))
    vehicles = [unit("m", "motorcycle", (10, 10), "N", role="patrol"), unit("k", "truck", (4, 12), "E", role="patrol")]
    st = activate(state(runtime(["." * 16] * 16), [jock], vehicles), "jock")
    assert _kinds(st) == FAILURE_MARKER


WINDOW_ROOM = {
    "aim": 1,
    "attack": 7,
    "climb": 1,
    "crouch": 1,
    "end_activation": 1,
    "mark": 176,
    "move": 5,
    "place": 160,
    "reveal": 1,
    "sprint": 28,
    "throw": 258,
}
FAILURE_MARKER = {
    "aim": 1,
    "attack": 12,
    "crouch": 1,
    "end_activation": 1,
    "failure_marker": 2,
    "mark": 8,
    "move": 8,
    "reveal": 1,
    "sprint": 35,
}

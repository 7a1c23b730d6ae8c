"""The rulebook's tables as the rules apply them: every unit class (dice, moves, ranges, battle back, retreat,
evade, bonus combat) and every terrain (caps, movement, battle on entering, line of sight, protection), asked
of the same functions that adjudicate play. Expected numbers are the digest's Tables A, B, C and F; where the
shared data file (../shared/rules/cc-ancients-data.json) is present, the table here is checked against it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from app.systems.cca.close import evade_allowed, strike_for
from app.systems.cca.combat import ignorable_flags, retreat_hexes
from app.systems.cca.evade import bonus_allowed
from app.systems.cca.movement import unit_destinations
from app.systems.cca.ranged import fire_dice, fire_targets, los
from app.systems.cca.state import State
from app.systems.cca.terrain import close_dice, may_battle_after_entering, may_enter, stops
from app.systems.cca.turn import may_battle

from .helpers import hx, position


@dataclass(frozen=True)
class Row:
    """One class of Table A/B/C: close combat, battle back, move, battle after moving at most, range,
    ranged dice held/moved, retreat per flag, evade rule, bonus close combat."""

    cc: int | None
    back: int | None
    move: int
    fights_after: int
    range: int
    held: int
    moved: int
    retreat: int
    evade: str
    bonus: str


ALWAYS, NEVER, HEAVY, ELEPH = "always", "never", "vs_foot_and_heavy_mounted", "vs_foot_and_elephants"
TABLE = {
    "LI": Row(2, 2, 2, 2, 2, 2, 1, 2, ALWAYS, "with_leader"),
    "LS": Row(2, 2, 2, 2, 3, 2, 1, 2, ALWAYS, "with_leader"),
    "LB": Row(2, 2, 2, 2, 3, 2, 1, 2, ALWAYS, "with_leader"),
    "AX": Row(3, 3, 2, 1, 2, 2, 1, 1, NEVER, "with_leader"),
    "WA": Row(3, 3, 1, 1, 0, 0, 0, 2, NEVER, "always"),  # 4/4 at full strength, 2 hexes to charge (below)
    "MI": Row(4, 4, 1, 1, 0, 0, 0, 1, NEVER, "with_leader"),
    "HI": Row(5, 5, 1, 1, 0, 0, 0, 1, NEVER, "with_leader"),
    "LWM": Row(2, 2, 1, 0, 5, 2, 0, 1, ALWAYS, "never"),
    "HWM": Row(2, 2, 1, 0, 6, 2, 0, 1, ALWAYS, "never"),
    "LC": Row(2, 2, 4, 4, 2, 2, 1, 4, ALWAYS, "always"),
    "LBC": Row(2, 2, 4, 4, 3, 2, 1, 4, ALWAYS, "always"),
    "MC": Row(3, 3, 3, 3, 0, 0, 0, 3, HEAVY, "always"),
    "HC": Row(4, 4, 2, 2, 0, 0, 0, 2, ELEPH, "always"),
    "CAM": Row(3, 2, 3, 3, 0, 0, 0, 3, HEAVY, "always"),
    "LCH": Row(2, 2, 3, 3, 3, 2, 2, 3, ALWAYS, "always"),
    "HCH": Row(4, 3, 2, 2, 0, 0, 0, 2, ELEPH, "always"),
    "EL": Row(None, None, 2, 2, 0, 0, 0, 1, NEVER, "always"),
}
CLASSES = sorted(TABLE)
SHARED = Path(__file__).resolve().parents[4] / "shared" / "rules" / "cc-ancients-data.json"


def _one(cls: str, label: str = "0605", blocks: int = 1, **kw: object) -> State:
    """A lone bottom unit of ``cls`` (1 block: dice never depend on strength, CCA-UNIT-5)."""
    return position([("bottom", cls, label, blocks)], ordered=("b1",), **kw)


def _moved(state: State, hexes: int) -> State:
    return replace(state, turn=replace(state.turn, moved=(("b1", hexes),)))


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rules data is not checked out beside the project")
def test_table_matches_the_shared_data() -> None:
    """The expected rows above are the shared data file's numbers (CCA-UNIT-*, Table A)."""
    data = {row["code"]: row for row in json.loads(SHARED.read_text("utf-8"))["unit_classes"]}
    assert sorted(data) == CLASSES
    for code, row in TABLE.items():
        d = data[code]
        ranged = d["ranged"] or {"range": 0, "dice_if_not_moved": 0, "dice_if_moved": 0}
        evade = d["evade"].split(" (")[0].replace(" ", "_").replace("vs_foot_and_heavy_mounted", HEAVY)
        numbers = (d["move_max"], d["retreat_hexes_per_flag"], evade, ranged["range"], ranged["dice_if_not_moved"])
        assert (row.move if code != "WA" else 2, row.retreat, row.evade, row.range, row.held) == numbers, code
        assert ranged["dice_if_moved"] == row.moved, code
        assert d["battle_after_move"].startswith("no") is (row.fights_after == 0), code
        if isinstance(d["cc_dice"], int):
            assert (row.cc, row.back) == (d["cc_dice"], d["cc_dice_battle_back"]), code
        assert row.bonus == d["bonus_close_combat"].replace("with_attached_leader", "with_leader"), code


# --- unit classes -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", CLASSES)
def test_close_combat_and_battle_back_dice(cls: str) -> None:
    """CCA-CC-4, CCA-BACK-5, CCA-UNIT-5 (Table B): dice against heavy infantry on clear ground; elephants
    mirror the heavy infantry's 5 (CCA-ELEPHANT-2)."""
    s = position([("bottom", cls, "0606", 1), ("top", "HI", "0605")], ordered=("b1",))
    row = TABLE[cls]
    cc, back = (5, 5) if cls == "EL" else (row.cc, row.back)
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == cc
    assert close_dice(s, s.unit("b1"), s.unit("t1"), battle_back=True).count == back
    assert close_dice(s, s.unit("b1"), s.unit("t1"), first_strike=True).count == back  # CCA-CAMEL-1, CCA-CHARIOT-2


def test_full_strength_warriors_roll_four_also_battling_back() -> None:
    """CCA-WAR-1, Table B: +1 die at full strength, attacking or battling back."""
    s = position([("bottom", "WA", "0606"), ("top", "HI", "0605")], ordered=("b1",))
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == 4
    assert close_dice(s, s.unit("b1"), s.unit("t1"), battle_back=True).count == 4


@pytest.mark.parametrize(("opponent", "dice"), [("EL", 3), ("WA", 3), ("HCH", 3), ("CAM", 3), ("AX", 3), ("LC", 2)])
def test_elephant_dice_exceptions(opponent: str, dice: int) -> None:
    """CCA-ELEPHANT-2 (Table G): 3 dice against elephants, warriors, heavy chariots and camels."""
    s = position([("bottom", "EL", "0606"), ("top", opponent, "0605")], ordered=("b1",))
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == dice


def test_elephant_rolls_one_die_at_a_lone_leader() -> None:
    """CCA-ELEPHANT-2: 1 die against a lone leader."""
    s = position([("bottom", "EL", "0606")], [("top", "0605")], ordered=("b1",))
    assert close_dice(s, s.unit("b1"), s.leader("tL1")).count == 1


@pytest.mark.parametrize("cls", CLASSES)
def test_movement_allowance(cls: str) -> None:
    """CCA-MOVE-7: on open clear ground a unit reaches every hex within its move and none beyond."""
    s = _one(cls)
    grid, here = s.runtime.grid, hx(s, "0605")
    reach = unit_destinations(s, s.unit("b1"))
    expected = {h for h in grid.locations() if 1 <= grid.distance(here, h) <= TABLE[cls].move}
    assert set(reach) == expected and all(d == grid.distance(here, h) for h, d in reach.items())


def test_warriors_move_two_only_to_charge() -> None:
    """CCA-MOVE-7, CCA-WAR-3: a 2-hex warrior move must end next to an enemy unit."""
    s = position([("bottom", "WA", "0606"), ("top", "HI", "0603")], ordered=("b1",))
    grid = s.runtime.grid
    two = {h for h, d in unit_destinations(s, s.unit("b1")).items() if d == 2}
    assert two and all(grid.distance(h, hx(s, "0603")) == 1 for h in two)


@pytest.mark.parametrize("cls", CLASSES)
def test_battle_after_moving(cls: str) -> None:
    """CCA-MOVE-7: how far a unit may move and still battle (AX 1 of 2, war machines none)."""
    s = _one(cls)
    allowed = [may_battle(_moved(s, k), s.unit("b1")) for k in range(TABLE[cls].move + 1)]
    assert allowed == [k <= TABLE[cls].fights_after for k in range(TABLE[cls].move + 1)]


def _column(distance: int) -> str:
    """Label of the hex ``distance`` hexes straight up the board from 0609 (a line through hex centres)."""
    s = position([])
    q, r = hx(s, "0609")
    return s.runtime.grid.label((q, r - distance))


@pytest.mark.parametrize("cls", [c for c in CLASSES if TABLE[c].range])
def test_range_and_ranged_dice(cls: str) -> None:
    """CCA-RANGED-6, CCA-RANGED-7 (Table C): a target at the class's range may be fired at, one hex further may not;
    2 dice held, 1 after moving (LCH 2; war machines may not fire after moving, AX not after 2 hexes)."""
    row = TABLE[cls]
    for distance, ok in ((row.range, True), (row.range + 1, False)):
        s = position([("bottom", cls, "0609"), ("top", "HI", _column(distance))], ordered=("b1",))
        assert bool(fire_targets(s, s.unit("b1"))) is ok, distance
    s = position([("bottom", cls, "0609"), ("top", "HI", _column(2))], ordered=("b1",))
    assert fire_dice(s, s.unit("b1"), hx(s, _column(2))).count == row.held
    moved = _moved(s, 1)
    may_fire = bool(fire_targets(moved, s.unit("b1")))
    assert (fire_dice(moved, s.unit("b1"), hx(s, _column(2))).count if may_fire else 0) == row.moved
    assert not fire_targets(_moved(s, 2), s.unit("b1")) or cls in ("LI", "LS", "LB", "LC", "LBC", "LCH")


@pytest.mark.parametrize("cls", CLASSES)
def test_retreat_per_flag(cls: str) -> None:
    """CCA-RETREAT-1: hexes per flag (warriors 2, elephants and auxilia 1); +1 per flag for cavalry and
    chariots against camels and elephants (CCA-RETREAT-9)."""
    unit = _one(cls).unit("b1")
    assert [retreat_hexes(unit, n, "HI") for n in (1, 2)] == [TABLE[cls].retreat, 2 * TABLE[cls].retreat]
    extra = 1 if unit.spec.subtype in ("cavalry", "chariot") else 0
    assert retreat_hexes(unit, 2, "EL") == retreat_hexes(unit, 2, "CAM") == 2 * (TABLE[cls].retreat + extra)


@pytest.mark.parametrize("cls", CLASSES)
def test_evade_eligibility(cls: str) -> None:
    """CCA-EVADE-2, CCA-EVADE-3: who may evade foot, heavy cavalry, elephants and medium cavalry."""
    top = [("top", c, x) for c, x in (("HI", "0101"), ("HC", "0301"), ("EL", "0501"), ("MC", "0701"))]
    s = position([("bottom", cls, "0605"), *top])
    attackers = {u.cls: u for u in s.units if u.side == "top"}
    got = {a: evade_allowed(attackers[a], s.unit("b1")) for a in ("HI", "HC", "EL", "MC")}
    rule = TABLE[cls].evade
    expected = {
        ALWAYS: {"HI": True, "HC": True, "EL": True, "MC": True},
        NEVER: {"HI": False, "HC": False, "EL": False, "MC": False},
        HEAVY: {"HI": True, "HC": True, "EL": True, "MC": False},
        ELEPH: {"HI": True, "HC": False, "EL": True, "MC": False},
    }[rule]
    assert got == expected


@pytest.mark.parametrize("cls", CLASSES)
def test_bonus_close_combat(cls: str) -> None:
    """CCA-BONUS-1: who may make a bonus close combat after advancing, with and without an attached leader."""
    alone, led = _one(cls), position([("bottom", cls, "0605")], [("bottom", "0605")])
    rule = TABLE[cls].bonus
    assert bonus_allowed(alone, alone.unit("b1")) is (rule == "always")
    assert bonus_allowed(led, led.unit("b1")) is (rule != "never")


@pytest.mark.parametrize("cls", CLASSES)
def test_swords_hit_in_close_combat(cls: str) -> None:
    """CCA-HIT-2: swords hit in close combat except when rolled by plain green units and war machines."""
    s = position([("bottom", cls, "0606"), ("top", "HI", "0605")], ordered=("b1",))
    plain_green = cls in ("LI", "LS", "LB", "LC", "LBC", "LWM", "HWM")
    assert strike_for(s, s.unit("b1"), s.unit("t1")).swords_hit is not plain_green


# --- terrain ------------------------------------------------------------------------------------------------------

# terrain: (enter foot, enter mounted, enter war machine, stop foot, stop mounted)
MOVEMENT = {
    "clear": (True, True, True, False, False),
    "forest": (True, True, True, True, True),
    "hill": (True, True, True, False, False),
    "broken_ground": (True, True, False, False, True),
    "seacoast": (False, False, False, False, False),
    "river": (False, False, False, False, False),
    "rampart": (True, True, True, False, False),
    "fortified_camp": (True, True, True, False, False),
    "fordable_river": (True, True, True, True, True),
}


@pytest.mark.parametrize("ter", sorted(MOVEMENT))
def test_terrain_movement(ter: str) -> None:
    """CCA-FOREST-1, CCA-HILL-1, CCA-BROKEN-1, CCA-SEA-1, CCA-RIVER-1, CCA-RAMPART-1, CCA-CAMP-1, CCA-FORD-1:
    who may enter and who must stop; checked also on the move search (a stop hex is reached, not passed)."""
    s = position([("bottom", "MI", "0606"), ("bottom", "MC", "0206"), ("bottom", "LWM", "1006")], terrain={"0605": ter})
    h = hx(s, "0605")
    foot, mtd, machine = (s.unit(i).spec for i in ("b1", "b2", "b3"))
    enter_f, enter_m, enter_w, stop_f, stop_m = MOVEMENT[ter]
    assert (may_enter(s, foot, h), may_enter(s, mtd, h), may_enter(s, machine, h)) == (enter_f, enter_m, enter_w)
    if enter_f:
        assert (stops(s, foot, h), stops(s, mtd, h)) == (stop_f, stop_m)
    cav = position([("bottom", "MC", "0606")], terrain={"0605": ter})
    reach = unit_destinations(cav, cav.unit("b1"))
    assert (h in reach) is enter_m
    start = hx(cav, "0606")
    beyond = (2 * h[0] - start[0], 2 * h[1] - start[1])  # 2 hexes straight through 0605, or 3 around it
    assert reach[beyond] == (2 if enter_m and not stop_m else 3)


@pytest.mark.parametrize(
    ("ter", "fights"),
    [
        ("forest", {"LI": True, "LS": True, "LB": True, "AX": True, "WA": True, "MI": False, "HI": False, "MC": False}),
        ("broken_ground", {"LI": True, "HI": True, "MC": False, "HC": False, "EL": False}),
        ("fordable_river", {"LI": True, "HI": True, "MC": True, "EL": True}),
        ("hill", {"HI": True, "HC": True}),
        ("fortified_camp", {"HI": True, "HC": True}),
    ],
)
def test_battle_on_the_turn_of_entering(ter: str, fights: dict[str, bool]) -> None:
    """CCA-FOREST-2 (only LI, LS, LB, AX, WA), CCA-BROKEN-2 (foot only, Q2), CCA-FORD-2 (all)."""
    for cls, ok in fights.items():
        s = _moved(_one(cls, terrain={"0605": ter}), 1)
        assert may_battle_after_entering(s, s.unit("b1")) is ok, cls


# attacker class, attacker's terrain, target's terrain -> close-combat dice (attacker vs HI)
CC_CAPS = [
    ("HI", "clear", "clear", 5),
    ("HI", "forest", "clear", 2),
    ("HI", "clear", "forest", 2),
    ("HI", "broken_ground", "clear", 2),
    ("HI", "clear", "broken_ground", 2),
    ("HI", "fordable_river", "clear", 2),
    ("HI", "clear", "fordable_river", 2),
    ("HI", "hill", "clear", 3),
    ("HI", "hill", "hill", 3),
    ("HI", "clear", "hill", 2),
    ("HC", "hill", "clear", 2),
    ("HC", "clear", "hill", 2),
    ("HI", "fortified_camp", "clear", 4),
    ("HC", "fortified_camp", "clear", 3),
    ("HI", "clear", "fortified_camp", 5),
    ("HI", "rampart", "clear", 5),
    ("HI", "clear", "rampart", 5),
    ("LI", "forest", "clear", 2),
    ("MC", "hill", "forest", 2),
]


@pytest.mark.parametrize(("cls", "own", "there", "dice"), CC_CAPS)
def test_close_combat_caps(cls: str, own: str, there: str, dice: int) -> None:
    """CCA-FOREST-3, CCA-BROKEN-3, CCA-FORD-3 (two-way, Q1), CCA-HILL-2, CCA-HILL-3, CCA-HILL-4, CCA-CAMP-4 (−1 after
    caps, also mounted, CCA-CAMP-5), rampart no cap; the lowest cap wins (CCA-DICECOUNT-1)."""
    s = position([("bottom", cls, "0606"), ("top", "HI", "0605")], terrain={"0606": own, "0605": there})
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == dice


def test_one_way_caps_switch() -> None:
    """Q1 switch: with ``cap_two_way`` off, a forest caps only the unit in it."""
    s = position([("bottom", "HI", "0606"), ("top", "HI", "0605")], terrain={"0605": "forest"}, cap_two_way=False)
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == 5


@pytest.mark.parametrize(
    ("own", "there", "dice"),
    [
        ("clear", "clear", 2),
        ("clear", "forest", 1),
        ("fordable_river", "clear", 1),
        ("clear", "fordable_river", 2),
        ("fortified_camp", "clear", 1),
        ("clear", "fortified_camp", 2),
        ("forest", "clear", 2),
        ("hill", "clear", 2),
    ],
)
def test_ranged_caps(own: str, there: str, dice: int) -> None:
    """CCA-FOREST-4 (target in forest 1), CCA-FORD-3 (firer in ford 1, not at a target in one), CCA-CAMP-4."""
    target = _column(2)
    s = position([("bottom", "LB", "0609"), ("top", "HI", target)], terrain={"0609": own, target: there})
    assert fire_dice(s, s.unit("b1"), hx(s, target)).count == dice


# terrain in the hex between firer and target: blocks?
LOS_BETWEEN = {
    "clear": False,
    "forest": True,
    "hill": True,
    "broken_ground": False,
    "seacoast": False,
    "river": False,
    "rampart": False,
    "fortified_camp": True,
    "fordable_river": False,
}


@pytest.mark.parametrize("ter", sorted(LOS_BETWEEN))
def test_line_of_sight_through_terrain(ter: str) -> None:
    """CCA-LOS-2, CCA-LOS-3, CCA-FOREST-5, CCA-HILL-5, CCA-BROKEN-4, CCA-SEA-1, CCA-RIVER-1, CCA-RAMPART-4, CCA-CAMP-6,
    CCA-FORD-5: blocking terrain in a hex between blocks; in the target's or the firer's hex it never does."""
    firer, target = hx(position([]), "0609"), hx(position([]), _column(2))
    between = position([], terrain={_column(1): ter})
    assert los(between, firer, target).clear is not LOS_BETWEEN[ter]
    at_ends = position([], terrain={_column(2): ter, "0609": ter})
    assert los(at_ends, firer, target).clear


def test_hills_plateau() -> None:
    """CCA-HILL-5: units on hills see each other across hill hexes; from low ground the first hill hex only."""
    on_hills = {"0609": "hill", _column(1): "hill", _column(2): "hill"}
    s = position([], terrain=on_hills)
    assert los(s, hx(s, "0609"), hx(s, _column(2))).clear
    low = position([], terrain={_column(1): "hill", _column(2): "hill"})
    assert los(low, hx(low, "0609"), hx(low, _column(1))).clear
    assert not los(low, hx(low, "0609"), hx(low, _column(2))).clear


def _defence(ter: str, cls: str, hexsides: list[dict[str, str]] | None = None) -> tuple[int, int]:
    """(sword hits ignored, flags ignored) for a lone ``cls`` in ``ter`` at 0605 attacked from 0606."""
    s = position([("bottom", "HI", "0606"), ("top", cls, "0605")], terrain={"0605": ter}, hexsides=hexsides)
    strike = strike_for(s, s.unit("b1"), s.unit("t1"))
    flags, _ = ignorable_flags(s, s.unit("t1"), "close", hx(s, "0606"), False)
    return strike.ignore_swords - s.unit("t1").spec.ignores_sword_hits, flags


@pytest.mark.parametrize(
    ("ter", "cls", "front", "ignores"),
    [
        ("fortified_camp", "MI", False, (1, 1)),
        ("fortified_camp", "MC", False, (0, 0)),
        ("rampart", "MI", True, (1, 1)),
        ("rampart", "MI", False, (0, 0)),
        ("rampart", "HC", True, (0, 0)),
        ("clear", "MI", False, (0, 0)),
        ("hill", "MI", False, (0, 0)),
    ],
)
def test_protection(ter: str, cls: str, front: bool, ignores: tuple[int, int]) -> None:
    """CCA-CAMP-1, CCA-CAMP-2, CCA-RAMPART-1, CCA-RAMPART-2, CCA-RAMPART-4: foot in a camp (any side) or behind a
    rampart's front hexside ignores 1 sword and 1 flag in close combat; mounted units gain nothing."""
    sides = [{"a": "0605", "b": "0606", "kind": "rampart_front"}] if front else None
    assert _defence(ter, cls, sides) == ignores

"""The rulebook's worked examples, each with the dice the text gives (1 light, 2 medium, 3 heavy, 4 helmet,
5 flag, 6 swords). The baseline light infantry (CCA-RETREAT-8) and the blocked rampage (CCA-RAMPAGE-4) are in
test_rules.py; the rest are here: the elephant's sword chain (§10), retreat lengths (§11), the single leader
casualty check (§13) and the leader evade-and-escape figures 1–3 (§12, CCA-ESCAPE-5).
"""

from __future__ import annotations

import pytest

from app.systems.cca import messages as m
from app.systems.cca.state import Hex, State
from app.systems.cca.terrain import close_dice
from app.systems.cca.turn import legal

from .helpers import at, do, hx, position


def _rolls(events: list[object]) -> list[int]:
    """Dice counted by each ruling, in order."""
    return [len(e.ruling.dice) for e in events if getattr(e, "ruling", None)]  # type: ignore[attr-defined]


def _path_evade(state: State, path: tuple[str, ...]) -> m.LeaderEvade:
    wanted = tuple(hx(state, label) for label in path)
    found = [c for c in legal(state) if isinstance(c, m.LeaderEvade) and c.path == wanted]
    assert found, f"no evade along {path}: {legal(state)}"
    return found[0]


# --- §10 Elephant combat ------------------------------------------------------------------------------------------


def test_elephant_sword_chain_worked_example() -> None:
    """CCA-ELEPHANT-2, CCA-ELEPHANT-3 example: elephant vs full-strength LI that stands: 2 dice (green, swords), the
    sword re-rolls a sword, that one a flag. 1 green + 2 sword hits + 1 flag: LI loses 3 of 4 blocks, retreats 2
    hexes, and the elephant may momentum advance (CCA-MOMENTUM-1)."""
    s = position([("bottom", "EL", "0606"), ("top", "LI", "0605")], ordered=("b1",))
    assert close_dice(s, s.unit("b1"), s.unit("t1")).count == 2  # Table G: elephant vs LI rolls 2
    s1, _ = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")))
    assert m.Stand(side="top", unit="t1") in legal(s1)  # LI may evade; the example's LI does not
    s2, events = do(s1, m.Stand(side="top", unit="t1"), (1, 6, 6, 5))
    ruling = next(e.ruling for e in events if e.ruling)
    assert [d.face for d in ruling.dice] == ["light", "swords", "swords", "flag"]
    assert s2.unit("t1").blocks == 1
    while s2.tasks and s2.tasks[0].kind == "retreat":
        s2, _ = do(s2, legal(s2)[0])
    assert s2.unit("t1").hex[1] == hx(s, "0605")[1] - 2  # two rows nearer the top baseline
    assert m.Advance(side="bottom", unit="b1") in legal(s2)


# --- §11 Retreat --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cls", "flags", "hexes", "label"),
    [("LC", 1, 4, "0605"), ("LC", 2, 8, "0601"), ("LI", 1, 2, "0607"), ("LI", 3, 6, "0603")],
    ids=["LC-1-flag", "LC-2-flags", "LI-1-flag", "LI-3-flags"],
)
def test_retreat_lengths_worked_examples(cls: str, flags: int, hexes: int, label: str) -> None:
    """CCA-RETREAT-1, CCA-RETREAT-2 examples: light cavalry 4 hexes per flag (8 for 2), light infantry 2 (6 for 3).

    Each unit starts exactly that far from its baseline (row 09); a top heavy infantry beside it attacks,
    the unit stands, and the dice give only flags and blue triangles (no hit on a green unit).
    """
    s = position([("bottom", cls, label)])
    q, r = hx(s, label)
    beside = s.runtime.grid.label((q + 1, r))
    s = position([("bottom", cls, label), ("top", "HI", beside)], ordered=("t1",), active="top")
    s1, _ = do(s, m.Battle(side="top", unit="t1", target=hx(s, label)))
    s2, _ = do(s1, m.Stand(side="bottom", unit="b1"), (5,) * flags + (2,) * (5 - flags))
    assert s2.tasks[0].kind == "retreat" and s2.tasks[0].amount == hexes
    while s2.tasks and s2.tasks[0].kind == "retreat":
        s2, _ = do(s2, legal(s2)[0])
    unit = s2.unit("b1")
    assert unit.hex[1] == r + hexes == s.runtime.grid.rows - 1 and unit.blocks == unit.spec.blocks


# --- §13 Leader casualty checks -----------------------------------------------------------------------------------


def test_one_leader_casualty_check_per_battle_worked_example() -> None:
    """CCA-LEADER-1 example: the unit loses a block in close combat (check: 2 dice, no double helmet), then a
    block more because its retreat is blocked by the board edge; the leader is not checked again."""
    s = position([("bottom", "HI", "0602"), ("top", "MI", "0601")], [("top", "0601")], ordered=("b1",))
    # HI: blue (hit), flag, flag, green, green -> 1 hit, 2 flags; the leader's check: green, green.
    s2, events = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0601")), (2, 5, 5, 1, 1, 1, 1))
    checks = [e for e in events if getattr(e, "what", "") == "casualty_check"]
    assert len(checks) == 1 and checks[0].rule_id == "CCA-LEADER-2"
    # The attached leader ignores one flag (CCA-BOLSTER-2, its owner's choice, CCA-BOLSTER-1); the other cannot be
    # retreated: a block more.
    s2, more = do(s2, m.IgnoreFlags(side="top", unit="t1", flags=1))
    assert not [e for e in more if getattr(e, "what", "") == "casualty_check"]
    assert any(e.rule_id == "CCA-RETREAT-8" for e in more)
    assert s2.unit("t1").blocks == 2 and s2.leader("tL1") is not None
    assert s2.unit("t1").hex == hx(s, "0601")


# --- §12 Leader evade and escape: figures 1–3 --------------------------------------------------------------------


def _lone_leader_attacked(units: list[tuple[str, str, str]], **kw: object) -> State:
    """A top heavy infantry at 0604 attacks the lone bottom leader at 0605 and misses (no helmet): he must evade
    (CCA-LEADER-6)."""
    s = position([("top", "HI", "0604"), *units], [("bottom", "0605")], ordered=("t1",), active="top", **kw)
    s1, _ = do(s, m.Battle(side="top", unit="t1", target=hx(s, "0605")), (1, 1, 2, 2, 3))
    assert s1.tasks and s1.tasks[0].kind == "leader_evade"
    return s1


def test_leader_escape_figure_1() -> None:
    """CCA-ESCAPE-1, CCA-ESCAPE-2, CCA-ESCAPE-3, CCA-ESCAPE-4, figure 1: both hexes behind the lone leader hold enemy
    units (LI and MC). He goes through the light infantry (2 dice, not the cavalry's 3); sword and red square: no
    helmet, he escapes and ends 1 or 2 hexes further on. An enemy hex is never the end of the path."""
    s = _lone_leader_attacked([("top", "LI", "0506"), ("top", "MC", "0606")])
    paths = [c.path for c in legal(s) if isinstance(c, m.LeaderEvade)]
    assert paths and all(p[0] in (hx(s, "0506"), hx(s, "0606")) and len(p) >= 2 for p in paths)
    assert close_dice(s, s.unit_at(hx(s, "0606")), s.leader("bL1"), escape=True).count == 3
    through_li = next(c for c in legal(s) if isinstance(c, m.LeaderEvade) and c.path[0] == hx(s, "0506"))
    end: Hex = through_li.path[-1]
    s2, events = do(s, through_li, (6, 3))
    assert _rolls(events) == [2]
    assert s2.leader("bL1").hex == end and s2.banners == (0, 0)
    assert not any(isinstance(c, m.Advance) for c in legal(s2))  # no advance after attacking a lone leader


def test_leader_escape_figure_2() -> None:
    """CCA-ESCAPE-2, CCA-ESCAPE-3, figure 2: the hex behind is empty, the next holds an enemy medium cavalry, a friend
    stands behind it. The leader chooses 3 hexes; the cavalry rolls 3 dice: 2 flags and a green circle; he escapes
    and joins the friendly unit (CCA-LEVADE-4)."""
    s = _lone_leader_attacked([("top", "MC", "0607"), ("bottom", "MI", "0608")])
    evade = _path_evade(s, ("0606", "0607", "0608"))
    assert _path_evade(s, ("0606",))  # he could have stopped in the empty hex: going on is his choice
    s2, events = do(s, evade, (5, 5, 1))
    assert _rolls(events) == [3]
    assert s2.leader("bL1").hex == hx(s, "0608") and s2.attached_leader(s2.unit(at(s2, "0608"))) is not None


def test_leader_escape_figure_3() -> None:
    """CCA-ESCAPE-2, CCA-ESCAPE-3, figure 3 (Q15: the second unit is medium cavalry, 3 dice): the only path crosses an
    enemy LI, then the cavalry. LI rolls flag and sword: escaped; the cavalry rolls a blue triangle and 2 helmets:
    one helmet is enough, the leader is lost and the enemy gains a banner (CCA-LEADER-7)."""
    coast = {"0506": "seacoast", "0707": "seacoast"}
    s = _lone_leader_attacked([("top", "LI", "0606"), ("top", "MC", "0607")], terrain=coast)
    paths = {c.path[:2] for c in legal(s) if isinstance(c, m.LeaderEvade)}
    assert paths == {(hx(s, "0606"), hx(s, "0607"))}  # the only way back
    s2, events = do(s, _path_evade(s, ("0606", "0607", "0608")), (5, 6, 2, 4, 4))
    assert _rolls(events) == [2, 3]
    assert s2.leader("bL1") is None and s2.banners == (0, 1)

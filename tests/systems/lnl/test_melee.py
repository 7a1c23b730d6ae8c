"""Melee and withdrawal, with explicit dice (worked examples and derived cases)."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import messages as m
from app.systems.lnl.forces import in_melee
from app.systems.lnl.melee import capable, column, kill_number
from tests.systems.lnl.helpers import get, hx, rulings, said, scenario, session, state, submit, unit

FAR = unit("de_squad", "1008", "x9")


def _fight(
    allies: list[dict[str, object]], axis: list[dict[str, object]], dice: tuple[int, ...], **extra: object
) -> tuple[object, list[object]]:
    s = session(scenario(allies, [*axis, FAR], **extra))
    events = submit(s, m.StartMove(side="allies", units=(str(allies[0]["id"]),), to=hx(s, "0103")), dice)
    return s, events


def test_entering_an_enemy_hex_starts_a_melee_the_attacker_kills() -> None:
    """LNL-MOVE-8, LNL-MELEE-1, LNL-MELEE-5, LNL-MELEE-6, LNL-MELEE-7, LNL-MELEE-8: 3 FP against 3 is 1:1, kill
    number 8; the attacker rolls 8: the defender is eliminated; a Melee marker goes on the hex."""
    s, events = _fight([unit("us_squad", "0102", "a1")], [unit("de_squad", "0103", "x1")], (4, 4))
    ruling = rulings(events, "melee")[0]
    assert ruling.target == 8 and ruling.dice[0].success
    assert get(s, "x1") is None and state(s).hex_has(hx(s, "0103"), "melee")


def test_sequential_melee_the_defender_strikes_back() -> None:
    """LNL-MELEE-9 (Q9): the attacker misses (4), the defender rolls 8 and eliminates the attacker."""
    s, events = _fight([unit("us_squad", "0102", "a1")], [unit("de_squad", "0103", "x1")], (2, 2, 4, 4))
    assert len(rulings(events, "melee")) == 2 and get(s, "a1") is None and get(s, "x1") is not None


def test_undecided_melee_locks_both_sides() -> None:
    """LNL-MELEE-9, LNL-MELEE-11, LNL-MELEE-4: both miss: both stay locked; nobody fires into the hex; the hex
    fights once a turn (a reinforcement joins without a new melee)."""
    s, _ = _fight(
        [unit("us_squad", "0102", "a1"), unit("us_squad", "0202", "a2")], [unit("de_squad", "0103", "x1")], (2, 2, 2, 2)
    )
    assert in_melee(state(s), hx(s, "0103"))
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.Fire(side="axis", units=("x9",), target=hx(s, "0103")), (1, 1))
    assert err.value.rule_id in ("LNL-MELEE-11", "LNL-FIRE-1")
    submit(s, m.Pass(side="axis"))
    events = submit(s, m.StartMove(side="allies", units=("a2",), to=hx(s, "0103")))
    assert said(events, "reinforce") and not rulings(events, "melee")


def test_simultaneous_option() -> None:
    """LNL-MELEE-9 (option melee_simultaneous): both roll 8: both are eliminated."""
    s, _ = _fight(
        [unit("us_squad", "0102", "a1")],
        [unit("de_squad", "0103", "x1")],
        (4, 4, 4, 4),
        rules={"melee_simultaneous": True},
    )
    assert get(s, "a1") is None and get(s, "x1") is None


def test_defenders_unable_to_melee_are_eliminated() -> None:
    """LNL-MELEE-2, LNL-MELEE-3, LNL-LDR-6: a Shaken squad and a leader without a melee SW cannot fight: all are
    eliminated without a roll."""
    s, events = _fight(
        [unit("us_squad", "0102", "a1")],
        [unit("de_squad", "0103", "x1", status="shaken"), unit("de_leader", "0103", "x2")],
        (),
    )
    assert said(events, "melee_rout") and get(s, "x1") is None and get(s, "x2") is None


def test_who_may_melee() -> None:
    """LNL-MELEE-2, LNL-LDR-6, LNL-SW-8, LNL-MEDIC-1, LNL-SNIPER-5: weapon teams defend only; leaders need an MG,
    satchel or flamethrower; medics and snipers never."""
    s = session(
        scenario(
            [
                unit("us_57mm", "0101", "a1"),
                unit("us_leader", "0102", "a2"),
                unit("us_leader", "0103", "a3", weapons=["us_30cal"]),
                unit("us_medic", "0104", "a4"),
                unit("us_sniper", "0105", "a5"),
            ],
            [FAR],
        )
    )
    st = state(s)
    assert capable(st, get(s, "a1")) and not capable(st, get(s, "a1"), attacking=True)
    assert not capable(st, get(s, "a2")) and capable(st, get(s, "a3"))
    assert not capable(st, get(s, "a4")) and not capable(st, get(s, "a5"))


def test_odds_columns() -> None:
    """LNL-MELEE-7 (Q10): 7:2 rounds up to 4:1; 2 against 5 is 1:2; beyond the table the end column."""
    assert column(7, 2) == "4:1" and column(2, 5) == "1:2" and column(1, 9) == "1:4" and column(20, 1) == "6:1"


def test_hero_shift_leader_and_zero_fp() -> None:
    """LNL-MELEE-8, LNL-HERO-2 (Q12), LNL-MELEE-6: squad, hero and a 0-FP runner (3 + 2 + 1 = 6) against a squad (3)
    is 2:1, shifted to 3:1 by the hero; the 0-FP unit costs −1 on the roll; the leader adds his LM."""
    nofp = {
        "id": "nofp",
        "name_en": "Runner",
        "name_zh": "通信兵",
        "cls": "crew",
        "fp": 0,
        "range": 1,
        "morale": 5,
        "mp": 4,
    }
    model = scenario(
        [
            unit("us_squad", "0103", "a1"),
            unit("us_hero", "0103", "a2"),
            unit("nofp", "0103", "a3"),
            unit("us_leader", "0103", "a4"),
        ],
        [unit("de_squad", "0103", "x1")],
        unit_types=[nofp],
    )
    st = state(session(model))
    att = [st.get("a1"), st.get("a2"), st.get("a3")]
    name, kill, mods = kill_number(att, [st.get("x1")], st)
    assert (name, kill) == ("3:1", 5)  # 3 + 2 + 1 = 6 against 3 is 2:1, the hero shifts it to 3:1
    assert sorted(x.value for x in mods) == [-1, 1]


def test_withdrawal_from_melee() -> None:
    """LNL-MOVE-9: a unit locked in melee passes its morale check (6 ≤ 6) and leaves the hex."""
    model = scenario(
        [unit("us_squad", "0103", "a1")],
        [unit("de_squad", "0103", "x1"), FAR],
        start={"phase": "operations", "hex_markers": {"0103": ["melee"]}},
    )
    s = session(model)
    submit(s, m.Withdraw(side="allies", units=("a1",), to=hx(s, "0102")), (3, 3))
    assert get(s, "a1").hex == hx(s, "0102")


def test_support_weapons_stay_in_the_melee_hex() -> None:
    """LNL-MELEE-10: the eliminated squad's MG stays in the hex."""
    s, _ = _fight([unit("us_squad", "0102", "a1")], [unit("de_squad", "0103", "x1", weapons=["de_lmg"])], (6, 6))
    assert [(h, w.type) for h, w in state(s).dropped] == [(hx(s, "0103"), "de_lmg")]

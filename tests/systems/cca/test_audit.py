"""C&C rulings corrected by the audit against the rulebook (2026-11-27), each with explicit dice
(1 light, 2 medium, 3 heavy, 4 helmet, 5 flag, 6 swords) and through the public commands."""

from __future__ import annotations

import pytest

from app.core.dice import NeedInput
from app.systems.cca import messages as m
from app.systems.cca.describe import describe, odds
from app.systems.cca.turn import legal

from .helpers import bolstered, do, hx, position, said


def test_cca_leader_6_a_lone_leader_attacked_under_mounted_charge_faces_the_cards_extra_die() -> None:
    """CCA-LEADER-6: the unit attacking a lone leader rolls its normal dice for that battle; CCA-TERRAIN-1: the
    card's extra die counts as in any other battle (fire at a lone leader already took it). Medium cavalry (3 dice,
    CCA-CC-4) under Mounted Charge rolls 4; the odds shown before the attack say the same."""
    s = position([("bottom", "MC", "0606")], [("top", "0605")], ordered=("b1",), card="mounted_charge")
    battle = m.Battle(side="bottom", unit="b1", target=hx(s, "0605"))
    assert odds(s, "b1", hx(s, "0605"))[0] == 4
    with pytest.raises(NeedInput):
        do(s, battle, (1, 2, 3))  # three dice are one short
    s, _ = do(s, battle, (1, 2, 3, 4))  # the fourth die shows the helmet
    assert s.leader("tL1") is None and s.banners == (1, 0)


def test_cca_ranged_8_the_odds_of_fire_cite_the_fire_hit_rule_and_close_combat_its_own() -> None:
    """CCA-RANGED-8: fire hits only with the target's symbol; CCA-HIT-1: close combat scores swords and helmets too.
    The hint that shows a battle's odds cites the rule its dice follow: light bowmen at 0606 firing at heavy
    infantry two hexes away (2 dice, CCA-RANGED-7) and medium infantry battling it next door."""
    s = position([("bottom", "LB", "0606"), ("bottom", "MI", "0703"), ("top", "HI", "0604")], ordered=("b1", "b2"))
    fire = describe(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0604")))
    close = describe(s, m.Battle(side="bottom", unit="b2", target=hx(s, "0604")))
    assert fire.hint is not None and "[CCA-RANGED-8]" in str(fire.hint) and str(fire.hint).startswith("2 dice")
    assert close.hint is not None and "[CCA-HIT-1]" in str(close.hint) and str(close.hint).startswith("4 dice")


def test_cca_camp_2_a_unit_in_a_camp_is_shielded_from_the_battle_back_too() -> None:
    """CCA-CAMP-2, CCA-BACK-4 (D19): a foot unit in a fortified camp that is rolled against in close combat ignores 1
    sword and 1 flag, also when the dice are a battle back (resolved like an attack). Bottom's heavy infantry in a camp
    at 0606 attacks with 5 − 1 = 4 dice (CCA-CAMP-4) and misses; top's medium infantry battles back with 4 dice:
    2 swords and a flag give 1 hit and no retreat."""
    s = position([("bottom", "HI", "0606"), ("top", "MI", "0605")], ordered=("b1",), terrain={"0606": "fortified_camp"})
    s, _ = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")), (1, 1, 1, 1))
    assert m.BattleBack(side="top", unit="t1") in legal(s)
    s, _ = do(s, m.BattleBack(side="top", unit="t1"), (6, 6, 5, 1))
    s = bolstered(s)
    assert s.unit("b1").blocks == 3 and s.unit("b1").hex == hx(s, "0606")


def test_cca_evade_4_cca_momentum_1_cca_momentum_2_the_log_of_evades_and_advances_reads_in_chinese() -> None:
    """CCA-EVADE-4, CCA-MOMENTUM-1, CCA-MOMENTUM-2: the log lines of an evade, a momentum advance and cavalry's extra
    hex are translated (they were built through an alias the message extractor did not see, and showed in English
    in the Chinese window)."""
    s = position([("bottom", "LI", "0606"), ("top", "LS", "0605")], ordered=("b1",))
    s, _ = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")))
    evade = next(c for c in legal(s) if isinstance(c, m.Evade))
    s, events = do(s, evade, (1, 5))
    assert [str(e.text.render("zh_CN")) for e in said(events, "evaded")] == ["轻装投石兵闪避。"]
    s = position([("bottom", "MC", "0606"), ("top", "MI", "0605", 1)], ordered=("b1",))
    s, _ = do(s, m.Battle(side="bottom", unit="b1", target=hx(s, "0605")), (2, 1, 1))
    s, events = do(s, m.Advance(side="bottom", unit="b1"))
    assert [str(e.text.render("zh_CN")) for e in said(events, "advanced")] == ["中装骑兵趁势推进。"]
    extra = next(c for c in legal(s) if isinstance(c, m.ExtraMove))
    s, events = do(s, extra)
    assert [str(e.text.render("zh_CN")) for e in said(events, "moved")] == ["中装骑兵再移动1格。"]


def test_cca_bolster_1_the_reasons_to_ignore_flags_read_in_chinese() -> None:
    """CCA-BOLSTER-1, CCA-BOLSTER-2, CCA-BOLSTER-3: the log line that says how many flags a unit may ignore lists its
    reasons translated (they were joined as English strings). Top's light bowmen fire at bottom's light infantry with
    an attached leader and two friends beside it: a flag, two reasons."""
    s = position(
        [("bottom", "LI", "0606"), ("bottom", "MI", "0506"), ("bottom", "MI", "0706"), ("top", "LB", "0604")],
        [("bottom", "0606")],
        ordered=("t1",),
        active="top",
    )
    s, events = do(s, m.Battle(side="top", unit="t1", target=hx(s, "0606")), (5, 3))
    (line,) = said(events, "flags_ignorable")
    assert str(line.text.render("zh_CN")).endswith("有领袖随行[CCA-BOLSTER-2]、有两个友军支援[CCA-BOLSTER-3]")


def test_cca_card_4_i_am_spartacus_names_the_faces_rolled_in_the_players_language() -> None:
    """CCA-CARD-4 (I Am Spartacus, D9), D15: the order dice are logged by their face names, translated, never by
    the data ids ("swords", "leader")."""
    s = position([("bottom", "LI", "0606")], phase="card", hands={"bottom": ["i_am_spartacus"]})
    s, events = do(s, m.PlayCard(side="bottom", card="i_am_spartacus"), (6, 2, 4, 5))
    (line,) = said(events, "rolled")
    assert str(line.text.render("zh_CN")) == "命令骰：交叉剑、蓝三角、头盔、旗帜"
    assert str(line.text.render("en")) == "Order dice: crossed swords, blue triangle, helmet, flag"

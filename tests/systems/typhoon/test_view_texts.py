"""What a new player reads in Typhoon's view (play5): the sequence of play's card draw is not "a drawn game" in
Chinese, and the command cards panel says how many cards to choose (TY-CMD-4, TY-EXE-1)."""

from __future__ import annotations

from app.systems.typhoon import messages as m
from tests.systems.typhoon.helpers import session
from tests.systems.typhoon.test_scenarios import bundled


def _cards_row(s, side: str):  # type: ignore[no-untyped-def]
    panel = next(p for p in s.view(side).panels if p.title.render("en") == "Command cards")
    return panel.items[0] if panel.items else None


def test_ty_exe_1_the_draw_step_reads_as_drawing_a_card() -> None:
    """TY-EXE-1: the second step of the sequence is drawing a card ("抽取指令卡"), not a draw game ("平局")."""
    phase = session(bundled("vyazma_gate")).view("axis").phase
    assert phase is not None
    assert phase.steps[1].render("en") == "Card draw"
    assert phase.steps[1].render("zh_CN") == "抽取指令卡"


def test_ty_cmd_4_the_selecting_side_sees_how_many_cards_to_choose() -> None:
    """TY-CMD-4: while a side selects, its command cards panel counts the cards chosen against those due; the other
    side does not see the row."""
    s = session(bundled("vyazma_gate"))
    row = _cards_row(s, "axis")
    assert row is not None and row.render("en") == "Choose 2 cards for the cup this turn: 0 chosen."
    assert row.render("zh_CN") == "本回合选2张卡放入杯中：已选0张。"
    assert _cards_row(s, "soviet") is None
    card = next(c for c in s.legal_commands() if isinstance(c, m.SelectCard) and not c.hold)
    s.submit(card)
    assert _cards_row(s, "axis").render("en") == "Choose 2 cards for the cup this turn: 1 chosen."


def test_chinese_counters_print_short_labels() -> None:
    """Counters print the short Chinese form of a formation (as Chinese wargame counters do); the title keeps the
    full name; every unit of every bundled scenario gets a label of at most five characters."""
    from app.systems.typhoon.view import short_zh

    assert short_zh("第7装甲师") == "7装" and short_zh("步兵第91师") == "91步" and short_zh("第4集团军司令部") == "4集"
    assert short_zh("民兵第3M师") == "3M民" and short_zh("帝国师") == "帝国" and short_zh("某部") == "某部"
    for name in ("vyazma_gate", "typhoon_campaign", "typhoon_drive_on_moscow", "typhoon_vyazma_bryansk"):
        view = session(bundled(name)).view(None)
        for counter in view.counters:
            label = counter.label.render("zh_CN") if not isinstance(counter.label, str) else counter.label
            assert len(label) <= 5, (name, label, counter.title.render("zh_CN"))
            assert counter.title.render("zh_CN") != label or len(label) <= 3

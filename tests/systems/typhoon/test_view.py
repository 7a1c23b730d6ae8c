"""What the window draws: counters with their printed values, HQ ranges, the phase track (DESIGN §3a pieces)."""

from __future__ import annotations

from app.systems.typhoon import messages as m
from tests.systems.typhoon.helpers import PZ, activate, hq, hx, scenario, session, state, submit, unit


def test_ty_unit_2_counters_print_their_values() -> None:
    """TY-UNIT-2, TY-UNIT-3: a mechanised counter prints attack-defence-movement, another strength-movement;
    TY-UNIT-5: the band shows the nationality; TY-UNIT-6: the unit-type symbol; TY-UNIT-4: the reduced side."""
    units = [hq("ghq", "axis", "0204"), unit("pz", "axis", "0404", PZ), hq("shq", "soviet", "1008")]
    units.append(unit("r", "soviet", "0804", ("infantry", [3], [1], 3), reduced=True))
    view = session(scenario(units)).view("axis")
    counters = {c.id: c for c in view.counters}
    assert counters["pz"].factors == ("8", "5", "6") and counters["pz"].symbol == "armour"
    assert counters["r"].factors == ("1", "3") and counters["r"].reduced
    assert counters["ghq"].symbol == "hq"
    assert counters["pz"].band == view.style.colours["army"]


def test_ty_act_5_hq_range_layer() -> None:
    """TY-ACT-5: each HQ's command range is a highlight layer the window shows when the HQ is selected."""
    s = session(scenario([hq("ghq", "axis", "0204", 2), hq("shq", "soviet", "1008")]))
    layer = s.view("axis").highlights["range:ghq"]
    grid = state(s).runtime.grid
    assert all(grid.distance(h, hx(s, "0204")) <= 2 for h in layer)
    assert hx(s, "0404") in layer and hx(s, "0504") not in layer


def test_views_in_both_languages_and_table_instructions() -> None:
    """Every text of the view renders in English and Chinese; moves come with an instruction for the table."""
    s = session(scenario([hq("ghq", "axis", "0204"), unit("a", "axis", "0404", PZ), hq("shq", "soviet", "1008")]))
    activate(s, "GHQ")
    events = s.submit(m.MoveUnit(side="axis", unit="a", to=hx(s, "0604")))
    instruction = events[0].instruction
    assert instruction is not None and instruction.render("zh_CN") != instruction.render("en")
    view = s.view("axis")
    assert view.phase is not None and "Turn 1" in view.phase.title.render("en")
    assert "第1回合" in view.phase.title.render("zh_CN")
    submit(s, m.EndMovement(side="axis"))
    assert state(s).phase == "combat"


def test_ty_wx_1_weather_track_is_a_word_in_each_language() -> None:
    """TY-WX-1: the status track names the turn's fixed weather in the reader's language (a Chinese reader saw
    "clear weather" in English before)."""
    view = session(scenario([hq("ghq", "axis", "0204"), hq("shq", "soviet", "1008")])).view("axis")
    weather = next(track for track in view.tracks if track.name.render("en") == "Weather")
    english = {"clear weather": "晴", "mud": "泥泞", "freeze": "霜冻", "snow": "降雪"}
    assert english[weather.value_text("en")] == weather.value_text("zh_CN")


def test_ty_crt_1_table_checklist_gives_the_odds_and_the_result() -> None:
    """TY-CBT-7, TY-CRT-1, TY-CRT-5: at the table, declaring an attack says the totals and odds to mark, resolving it
    what the result asks (losses and retreat hexes), in both languages."""
    units = [hq("ghq", "axis", "0204"), unit("a", "axis", "0404", ("armour", [12, 5], [6, 3], 6))]
    units += [hq("shq", "soviet", "1008"), unit("s", "soviet", "0504")]
    s = session(scenario(units))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    declared = s.submit(m.DeclareAttack(side="axis", units=("a",), target=hx(s, "0504")))
    mark = declared[0].instruction
    assert mark is not None and mark.render("en") == "Mark the attack on 0504: 12 against 4, odds 3-1."
    assert "3-1" in mark.render("zh_CN") and mark.render("zh_CN") != mark.render("en")
    resolved = s.submit(m.ResolveAttack(side="axis", target=hx(s, "0504")).with_table_input([5], None))
    result = resolved[0].instruction
    assert result is not None
    assert (
        result.render("en") == "Result RR: the attacker loses 0 steps; the defender loses 0 steps and retreats 2 hexes."
    )
    assert "RR" in result.render("zh_CN")

"""Second audit against the rulebook (seed §8.2, §9, §10.3, §14.4, §15.1, §15.5): the rulebook's own examples and
numbers played through the public API, and the cases this audit fixed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.core.dice import NeedInput
from app.core.errors import IllegalCommandError
from app.systems.typhoon import messages as m
from tests.systems.typhoon.helpers import (
    INF,
    PZ,
    activate,
    draw,
    hq,
    hx,
    legal_of,
    scenario,
    select,
    session,
    state,
    submit,
    unit,
)
from tests.systems.typhoon.test_movement import major_river
from tests.systems.typhoon.test_supply import RAIL


def strength(value: int) -> tuple[Any, ...]:
    """A non-mechanised counter printing one value (attack = defence), MA 3."""
    return ("infantry", [value], None, 3)


def declared(attack: int, defence: int, **kw: Any) -> str:
    """Declare one Axis attack of ``attack`` points on ``defence`` points in 0504 and return the event."""
    units = [unit("a", "axis", "0404", strength(attack)), unit("s", "soviet", "0504", strength(defence))]
    s = session(scenario([hq("ghq", "axis", "0204"), hq("shq", "soviet", "1008"), *units], **kw))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    (event,) = submit(s, m.DeclareAttack(side="axis", units=("a",), target=hx(s, "0504")))
    return event


@pytest.mark.parametrize(
    ("attack", "defence", "column"), [(15, 5, "3-1"), (26, 9, "2-1"), (12, 7, "1.5-1"), (18, 13, "1-1"), (25, 2, "10+")]
)
def test_ty_odds_6_rulebook_examples_in_play(attack: int, defence: int, column: str) -> None:
    """TY-ODDS-6, TY-ODDS-1: the §10.3(2) examples declared in a game on clear ground in turn 1: 15-5 is 3-1, 26-9
    2-1, 12-7 1.5-1, 18-13 1-1, 25-2 10-1 (the 10+ column)."""
    assert declared(attack, defence) == f"Attack declared on 0504 at {column}."


def test_ty_shift_2_ty_shift_3_town_in_forest_examples_in_play() -> None:
    """TY-SHIFT-2, TY-SHIFT-3, TY-SHIFT-1: the §10.3(3) examples: a town in forest shifts two columns, so 3-1 becomes
    1.5-1 (2-1 first); 12-1 starts from 10-1 and two shifts make it 8-1."""
    town_in_forest: dict[str, Any] = {"terrain": {"0504": "light_forest"}, "marks": [{"at": "0504", "kind": "town"}]}
    assert declared(12, 4, **town_in_forest) == "Attack declared on 0504 at 1.5-1."
    assert declared(12, 1, **town_in_forest) == "Attack declared on 0504 at 8-1."
    assert declared(12, 4) == "Attack declared on 0504 at 3-1."


def test_ty_march_1_ma_five_marches_ten_road_hexes() -> None:
    """TY-MARCH-1, TY-MARCH-2: the §9.3 example: an MA 5 German infantry unit marching to A spends 5 MP, ten road
    hexes at ½ MP; the eleventh is out of reach, and normal movement gets only five hexes along the same road."""
    road = [[*(f"{c:02d}02" for c in range(1, 11)), "1003", "1004"]]
    units = [hq("ghq", "axis", "0204"), unit("inf", "axis", "0102", INF), hq("shq", "soviet", "0608")]
    s = session(scenario(units, roads=road))
    activate(s, "GHQ")
    marches = {state(s).runtime.label(c.to) for c in legal_of(s, m.MoveUnit) if c.unit == "inf" and c.march}
    assert "1003" in marches and "1004" not in marches
    moves = {state(s).runtime.label(c.to) for c in legal_of(s, m.MoveUnit) if c.unit == "inf" and not c.march}
    assert "0602" in moves and "0702" not in moves
    (event,) = submit(s, m.MoveUnit(side="axis", unit="inf", to=hx(s, "1003"), march=True))
    assert event == "inf (1003) moves (5 MP)."


def test_ty_act_5_range_four_reaches_four_hexes() -> None:
    """TY-ACT-5, TY-ACT-1: the §8.2 example: an HQ of range 4 activates a unit 4 hexes away (three hexes between),
    not one 5 hexes away."""
    units = [unit("near", "axis", "0604"), unit("far", "axis", "0704"), hq("shq", "soviet", "1008")]
    s = session(scenario([hq("ghq", "axis", "0204", 4), *units]))
    activate(s, "GHQ")
    assert set(state(s).active) == {"ghq", "near"}


def path_session():  # type: ignore[no-untyped-def]
    """An Axis infantry unit (MA 5) at 0302 in GHQ's activation; Soviet towns at 0402 and 0403."""
    units = [hq("ghq", "axis", "0204"), unit("inf", "axis", "0302", INF), hq("shq", "soviet", "1008")]
    s = session(scenario(units, marks=[{"at": "0402", "kind": "town"}, {"at": "0403", "kind": "town"}]))
    activate(s, "GHQ")
    return s


def test_ty_mov_2_ty_city_2_the_player_chooses_the_way() -> None:
    """TY-MOV-2, TY-CITY-2, TY-MOV-13: the player chooses the way (§9.1(2)), and a town changes hands only when a
    unit passes through it: moving to 0503 by 0303 and 0403 (3 MP) takes 0403 and leaves 0402 Soviet; without a
    named path the cheapest way (through 0402, 2 MP) is taken."""
    s = path_session()
    assert not [c for c in s.legal_commands() if isinstance(c, m.MoveUnit) and c.path]  # the list: destinations
    path = (hx(s, "0303"), hx(s, "0403"), hx(s, "0503"))
    events = s.submit(m.MoveUnit(side="axis", unit="inf", to=hx(s, "0503"), path=path))
    assert [e.text.render("en") for e in events] == ["inf (0503) moves (3 MP).", "0403 passes to the Axis."]
    assert events[0].instruction is not None
    assert events[0].instruction.render("en") == "Move inf from 0302 by 0303, 0403 to 0503."
    assert state(s).controller(hx(s, "0403")) == "axis"
    assert state(s).controller(hx(s, "0402")) == "soviet"
    s = path_session()
    assert submit(s, m.MoveUnit(side="axis", unit="inf", to=hx(s, "0503")))[1:] == ["0402 passes to the Axis."]
    assert state(s).controller(hx(s, "0402")) == "axis"


@pytest.mark.parametrize(
    "labels",
    [
        ("0301", "0401", "0501", "0601", "0602", "0503"),  # six hexes: 6 MP, more than the MA (TY-MOV-4)
        ("0303", "0503"),  # 0303 and 0503 are not adjacent (TY-MOV-2)
        ("0303", "0403"),  # does not end where the move goes
    ],
)
def test_ty_mov_4_a_named_path_must_be_legal(labels: tuple[str, ...]) -> None:
    """TY-MOV-4, TY-MOV-2: a named path is refused when it costs more than the MA, skips a hex or ends elsewhere."""
    s = path_session()
    with pytest.raises(IllegalCommandError):
        s.submit(m.MoveUnit(side="axis", unit="inf", to=hx(s, "0503"), path=tuple(hx(s, x) for x in labels)))


def test_ty_mov_12_a_named_path_may_not_enter_an_enemy_hex() -> None:
    """TY-MOV-12, TY-STK-2: a named path through an enemy unit is refused (its EZOC costs are also charged,
    TY-MOV-6)."""
    units = [hq("ghq", "axis", "0204"), unit("inf", "axis", "0302", INF), unit("s", "soviet", "0402")]
    s = session(scenario([*units, hq("shq", "soviet", "1008")]))
    activate(s, "GHQ")
    with pytest.raises(IllegalCommandError):
        s.submit(m.MoveUnit(side="axis", unit="inf", to=hx(s, "0503"), path=(hx(s, "0402"), hx(s, "0503"))))


def test_ty_mov_8_no_crossing_of_a_major_river_into_a_mountain_off_the_road() -> None:
    """TY-MOV-8, TY-MOV-7, TY-MOV-10: an unbridged major river is crossed as the whole move, but a mountain hex is
    entered only along a road (no road crosses an unbridged river): an infantry unit cannot cross into a mountain
    hex; a mountain division can."""
    units = [
        hq("ghq", "axis", "0204"),
        unit("inf", "axis", "0404", INF),
        unit("alp", "axis", "0403", ("mountain", [4], [2], 5)),
        hq("shq", "soviet", "1008"),
    ]
    s = session(scenario(units, hexsides=major_river(), terrain={"0504": "mountain", "0503": "mountain"}))
    activate(s, "GHQ")
    targets = {(c.unit, state(s).runtime.label(c.to)) for c in legal_of(s, m.MoveUnit)}
    assert ("inf", "0504") not in targets and ("inf", "0505") in targets
    assert ("alp", "0503") in targets


def pass_on(s, going_on: Callable[[], bool], die: int = 1) -> list[int]:  # type: ignore[no-untyped-def]
    """While ``going_on()``, end every segment and draw the first chit in the cup, typed as at the table; a roll
    asked for gets ``die``. Returns the turns whose start asked for a roll."""
    asked: list[int] = []
    while going_on():
        legal = s.legal_commands()
        command = next((c for c in legal if c.kind.startswith("ty.end")), legal[0])
        chit = [sorted(state(s).cup)[0]] if isinstance(command, m.DrawCard) else None
        try:
            s.submit(command.with_table_input([], chit))
        except NeedInput:
            asked.append(state(s).turn + 1)
            s.submit(command.with_table_input([die], chit))
    return asked


CITIES = ["0201", "0202", "0203", "0204", "0205", "0206", "0207", "0208", "0301", "0302"]


def victory_game(axis: list[str], keys: tuple[str, ...] = ("0201", "0202")):  # type: ignore[no-untyped-def]
    """Turns 10 to 12 with the rulebook's victory numbers (TY-VIC-1: 10 cities with 2 key hexes at the end of turn
    10; TY-VIC-2: 8 at the end of turn 12); the ten large cities lie within the Axis LOC; ``axis`` are the ones the
    Axis controls."""
    units = [hq("ghq", "axis", "0101"), hq("shq", "soviet", "1008")]
    model = scenario(
        units,
        terrain=dict.fromkeys(CITIES, "large_city"),
        axis_controlled=axis,
        first_turn=10,
        turns=3,
        com=(0, 0),
        victory={"key_hexes": list(keys)},
    )
    s = session(model)
    pass_on(s, lambda: s.outcome() is None)
    outcome = s.outcome()
    assert outcome is not None
    return outcome.winner, state(s).turn


def test_ty_vic_1_ten_cities_with_two_key_hexes_at_the_end_of_turn_ten() -> None:
    """TY-VIC-1, TY-GEN-5: ten large-city hexes with LOC, two of them Moscow or Tula, end the game at turn 10; nine
    do not (the game goes on to turn 12, where TY-VIC-2's eight are enough)."""
    assert victory_game(CITIES) == ("axis", 10)
    assert victory_game(CITIES[:9]) == ("axis", 12)


def test_ty_vic_1_ty_vic_2_two_key_hexes_are_needed() -> None:
    """TY-VIC-1, TY-VIC-2, TY-VIC-3: ten cities with only one key hex are no sudden death, and without two key
    hexes held at once at some moment eight cities at the end of turn 12 do not win either: the Soviets win."""
    assert victory_game(CITIES, keys=("0201", "0808")) == ("soviet", 12)


def test_ty_vic_2_eight_cities_at_the_end_of_turn_twelve() -> None:
    """TY-VIC-2, TY-VIC-3: at the end of turn 12 the Axis needs 8 large-city hexes with LOC: 8 win, 7 lose."""
    assert victory_game(CITIES[:8]) == ("axis", 12)
    assert victory_game(CITIES[:7]) == ("soviet", 12)


@pytest.mark.parametrize(("die", "count"), [(1, 3), (2, 3), (3, 3), (4, 3), (5, 4), (6, 5)])
def test_ty_opt_res_2_die_gives_three_four_or_five_units(die: int, count: int) -> None:
    """TY-OPT-RES-2, TY-EXE-6: a RESERVE/OKH card rolls one die: 1 to 4 activate three units, 5 four, 6 five."""
    units = [unit(f"u{i}", "axis", f"0{i + 2}04", INF) for i in range(6)] + [hq("shq", "soviet", "1008")]
    cards = [{"id": "OKH", "side": "axis", "kind": "okh"}, {"id": "SHQ", "side": "soviet", "kind": "hq", "hq": "shq"}]
    s = session(scenario(units, cards=cards, options={"reserve_okh": True}))
    select(s, ["OKH"], ["SHQ"])
    events = submit(s, m.DrawCard(side="axis").with_table_input([die], ["OKH"]))
    assert f"Die {die}: {count} units may be activated." in events
    assert state(s).reserve_left == count


def end_of_turn_rolls(first_turn: int, die: int) -> tuple[list[int], bool]:
    """Play a Guderian game from ``first_turn`` through the next turn's start, answering every roll with ``die``:
    the turns at whose start a roll was asked, and whether Guderian was dismissed."""
    units = [hq("pza", "axis", "0204", 3), hq("shq", "soviet", "1008")]
    cards = [
        {"id": "PZA", "side": "axis", "kind": "hq", "hq": "pza"},
        {"id": "GUD", "side": "axis", "kind": "guderian", "hq": "pza"},
        {"id": "SHQ", "side": "soviet", "kind": "hq", "hq": "shq"},
    ]
    s = session(scenario(units, cards=cards, com=(2, 1), first_turn=first_turn, turns=3, **_dismissal()))
    asked = pass_on(s, lambda: state(s).turn == first_turn, die)
    return asked, state(s).dismissed


def _dismissal() -> dict[str, Any]:
    return {"options": {"guderian_dismissal": True}}


def test_ty_opt_gud_1_no_roll_before_turn_nine_then_five_or_six() -> None:
    """TY-OPT-GUD-1, TY-SEQ-7: no dismissal roll at the start of turn 8; from turn 9 one roll a turn: a 4 keeps
    Guderian, a 5 dismisses him."""
    assert end_of_turn_rolls(7, 5) == ([], False)
    assert end_of_turn_rolls(8, 4) == ([9], False)
    assert end_of_turn_rolls(8, 5) == ([9], True)


def test_ty_cmd_3_table_chits_do_not_tell_what_is_in_the_cup() -> None:
    """TY-CMD-3, TY-EXE-1, TY-EXE-3: at the table the list of chits to type holds every card of both sides not yet
    executed this turn, and SUPPLY, whatever is in the cup, so it does not give away the other side's choice; a
    chit typed that is not in the cup is refused; an executed card leaves the list."""
    units = [hq("ghq", "axis", "0204"), hq("g2", "axis", "0305"), hq("shq", "soviet", "1008")]
    s = session(scenario(units))
    select(s, ["GHQ"], ["SHQ"])
    everything = ["AXIS-REINF", "G2", "GHQ", "SHQ", "SOV-REINF", "SUPPLY"]
    with pytest.raises(NeedInput) as asked:
        s.submit(m.DrawCard(side="axis").with_table_input(None, []))
    assert list(asked.value.options) == everything
    with pytest.raises(IllegalCommandError, match="not in the cup"):
        s.submit(m.DrawCard(side="axis").with_table_input(None, ["G2"]))
    submit(s, m.DrawCard(side="axis").with_table_input(None, ["GHQ"]))
    submit(s, m.EndMovement(side="axis"))
    submit(s, m.EndCombat(side="axis"))
    with pytest.raises(NeedInput) as asked:
        s.submit(m.DrawCard(side=s.active_side() or "").with_table_input(None, []))
    assert list(asked.value.options) == [c for c in everything if c != "GHQ"]


def withdrawn_back(reinf: int, **kw: Any) -> list[str]:
    """Withdraw a panzer unit at turn 1's SUPPLY, then execute AXIS-REINF in turn 2 (GER Reinf ``reinf``): the units
    offered for placement."""
    units = [hq("ghq", "axis", "0101"), hq("shq", "soviet", "1008"), unit("a", "axis", "0304", PZ)]
    s = session(scenario(units, railways=RAIL, reinf=(reinf, 0), **kw))
    select(s)
    draw(s, "SUPPLY")
    submit(s, m.Withdraw(side="axis", unit="a"))
    pass_on(s, lambda: state(s).turn == 1)
    select(s, ["AXIS-REINF"])
    draw(s, "AXIS-REINF")
    return sorted({c.unit for c in legal_of(s, m.PlaceUnit)})


def test_ty_sup_5_withdrawn_units_and_the_reinforcement_number() -> None:
    """TY-SUP-5, TY-REIN-2: withdrawn units come back besides the GER Reinf number (OQ-TY-8); with
    ``withdrawn_count_against_reinf`` they need room in it: none with a number of 0, one with 1."""
    assert withdrawn_back(0) == ["a"]
    counted = {"options": {"withdrawn_count_against_reinf": True}}
    assert withdrawn_back(0, **counted) == []
    assert withdrawn_back(1, **counted) == ["a"]


def test_ty_city_2_ty_ret_9_a_retreat_gives_a_named_town_back() -> None:
    """TY-CITY-2, TY-RET-9: a Soviet unit retreating into an Axis-held town takes it back, and the log says so
    by the town's name in both languages."""
    units = [unit("a", "axis", "0404", PZ), unit("s", "soviet", "0504", ("infantry", [2], [1], 3))]
    marks = [{"at": "0604", "kind": "town", "name_en": "Gzhatsk", "name_zh": "格扎茨克"}]
    s = session(scenario([hq("ghq", "axis", "0204"), hq("shq", "soviet", "1008"), *units], marks=marks))
    s = session(state(s).runtime.model.model_copy(update={"axis_controlled": ["0604"]}))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    submit(s, m.DeclareAttack(side="axis", units=("a",), target=hx(s, "0504")))
    s.submit(m.ResolveAttack(side="axis", target=hx(s, "0504")).with_table_input([3], None))  # 8-2, 4-1: R
    assert hx(s, "0604") in [c.to for c in legal_of(s, m.Retreat)]  # as near the source as 0603: the owner chooses
    events = s.submit(m.Retreat(side="soviet", unit="s", to=hx(s, "0604")))
    said = [e for e in events if e.rule_id == "TY-CITY-2"]
    assert [e.text.render("en") for e in said] == ["Gzhatsk (0604) passes to the Soviets."]
    assert [e.text.render("zh_CN") for e in said] == ["格扎茨克（0604）归苏军控制。"]
    assert state(s).controller(hx(s, "0604")) == "soviet"


def test_ty_vic_1_ty_vic_2_the_victory_panel_gives_the_numbers() -> None:
    """TY-VIC-1, TY-VIC-2: the victory panel says what the Axis needs and when, with the rulebook's numbers."""
    s = session(scenario([hq("ghq", "axis", "0101"), hq("shq", "soviet", "1008")], first_turn=10, turns=3))
    (panel,) = [p for p in s.view("axis").panels if p.title.render("en") == "Victory"]
    rows = {k.render("en"): v.render("en") if not isinstance(v, str) else v for k, v in panel.rows}
    assert rows["Axis sudden death at the end of turn 10"] == "10 large-city hexes with LOC, 2 of them key hexes"
    assert rows["Axis victory at the end of turn 12"] == "8 large-city hexes with LOC, 2 key hexes held at once before"


def test_ty_opt_res_1_reserve_and_okh_are_cards_only_with_the_option() -> None:
    """TY-OPT-RES-1, TY-CARD-1: without §15.1 the RESERVE and OKH cards are neither among a side's command cards
    in the view nor among the chits typed at the table; with it they are."""
    cards = [
        {"id": "GHQ", "side": "axis", "kind": "hq", "hq": "ghq"},
        {"id": "OKH", "side": "axis", "kind": "okh"},
        {"id": "SHQ", "side": "soviet", "kind": "hq", "hq": "shq"},
    ]
    for option in (False, True):
        units = [hq("ghq", "axis", "0204"), hq("shq", "soviet", "1008")]
        s = session(scenario(units, cards=cards, options={"reserve_okh": option}))
        (panel,) = [p for p in s.view("axis").panels if p.title.render("en") == "Command cards"]
        assert ("OKH" in [k.render("en") for k, _ in panel.rows]) == option
        select(s, ["GHQ"], ["SHQ"])
        with pytest.raises(NeedInput) as asked:
            s.submit(m.DrawCard(side="axis").with_table_input(None, []))
        assert ("OKH" in asked.value.options) == option

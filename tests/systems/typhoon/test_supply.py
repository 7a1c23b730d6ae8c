"""Lines of communication, the supply procedure, withdrawal, reinforcements and victory (rulebook §3.3, §11, §12,
§14)."""

from __future__ import annotations

from typing import Any

from app.systems.typhoon import messages as m
from app.systems.typhoon.supply import in_supply
from tests.systems.typhoon.helpers import (
    INF,
    PZ,
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

RAIL = [[f"{c:02d}04" for c in range(1, 10)]]


def supplied(s, side: str, label: str) -> bool:  # type: ignore[no-untyped-def]
    return hx(s, label) in in_supply(state(s), side)


def base(units: list[dict[str, Any]], **kw: Any):  # type: ignore[no-untyped-def]
    return session(scenario([hq("ghq", "axis", "0101"), hq("shq", "soviet", "1008"), *units], **kw))


def test_ty_loc_6_axis_six_hexes_off_the_railway() -> None:
    """TY-LOC-1, TY-MAP-3: TY-LOC-6: an Axis LOC runs at most 6 hexes from the railway net (the source counts,
    OQ-TY-18): 0704 is 6
    from the source 0104, 0804 is 7; along a railway any distance."""
    s = base([unit("a", "axis", "0704"), unit("b", "axis", "0804")])
    assert supplied(s, "axis", "0704") and not supplied(s, "axis", "0804")
    s = base([unit("a", "axis", "0704"), unit("b", "axis", "0804")], railways=RAIL)
    assert supplied(s, "axis", "0804") and supplied(s, "axis", "0207")


def test_ty_loc_5_soviet_any_length_and_ty_loc_3_ezoc_blocks() -> None:
    """TY-LOC-5: a Soviet LOC has no length limit; TY-LOC-3: it cannot pass an EZOC hex without a friendly unit,
    but may end in one; TY-LOC-2: a source held by the enemy is unusable."""
    s = base([unit("s", "soviet", "0201")])
    assert supplied(s, "soviet", "0201")
    wall = [unit(f"w{r}", "axis", f"06{r:02d}", INF) for r in range(1, 9)]
    s = base([unit("s", "soviet", "0201"), *wall])
    assert not supplied(s, "soviet", "0201") and supplied(s, "soviet", "0703")
    s = base([unit("s", "soviet", "0904"), unit("x", "axis", "1004")])
    assert not supplied(s, "soviet", "0904")


def test_ty_loc_4_no_loc_through_mountains_without_road() -> None:
    """TY-LOC-4: a LOC cannot cross a mountain hex without a road (a lake neither)."""
    column = {f"05{r:02d}": "mountain" for r in range(1, 9)}
    s = base([unit("a", "axis", "0604")], terrain=column)
    assert not supplied(s, "axis", "0604")


def supply_now(s):  # type: ignore[no-untyped-def]
    select(s)
    return draw(s, "SUPPLY")


def test_ty_sup_1_units_without_loc_lose_a_step() -> None:
    """TY-SUP-1, TY-EXE-7: when SUPPLY is drawn every unit of both sides without LOC loses a step; TY-SUP-3,
    TY-REIN-7: an Axis unit eliminated by it is out for good; TY-HQU-5: so is an HQ."""
    wall = [unit(f"w{r}", "axis", f"06{r:02d}", INF) for r in range(1, 9)]
    units = [unit("a", "axis", "0704"), unit("b", "axis", "0904", ("infantry", [3], None, 3)), *wall]
    units += [unit("s", "soviet", "0301"), hq("s2", "soviet", "0201")]
    s = base(units)
    texts = supply_now(s)
    assert any("Supply check" in x for x in texts)
    assert state(s).unit("b").box == "gone"
    assert state(s).unit("s").reduced and not state(s).unit("a").reduced
    assert state(s).unit("s2").reduced


def test_ty_sup_4_withdrawal_and_ty_sup_5_return_next_turn() -> None:
    """TY-SUP-4: after the check a player may withdraw units that trace a LOC; TY-SUP-5: they come back from the
    next turn with that side's REINF card, outside the reinforcement count (OQ-TY-8)."""
    s = base([unit("a", "axis", "0304", PZ)], railways=RAIL, reinf=(0, 0))
    supply_now(s)
    assert [c.unit for c in legal_of(s, m.Withdraw)] == ["ghq", "a"]
    submit(s, m.Withdraw(side="axis", unit="a"))
    assert state(s).unit("a").box == "withdrawn"
    while state(s).turn == 1:
        legal = s.legal_commands()
        command = next((c for c in legal if c.kind.startswith("ty.end")), legal[0])
        s.submit(
            command.with_table_input(None, [sorted(state(s).cup)[0]]) if isinstance(command, m.DrawCard) else command
        )
    select(s, ["AXIS-REINF"])
    draw(s, "AXIS-REINF")
    places = legal_of(s, m.PlaceUnit)
    assert places and all(c.unit == "a" for c in places)


def test_ty_rein_3_rail_placement_and_ty_rein_4_not_in_ezoc() -> None:
    """TY-CITY-3: TY-REIN-1, TY-REIN-2, TY-REIN-3: reinforcements enter on railway hexes joined to a source by
    railway free of
    EZOC; TY-REIN-4: not in an EZOC hex, not in an enemy-controlled town; TY-REIN-5: at full strength."""
    units = [unit("r1", "axis", "reserve"), unit("r2", "axis", "reserve"), unit("s", "soviet", "0705")]
    s = base(units, railways=RAIL, marks=[{"at": "0304", "kind": "town"}], reinf=(1, 1))
    select(s, ["AXIS-REINF"])
    draw(s, "AXIS-REINF")
    hexes = {state(s).runtime.label(c.at) for c in legal_of(s, m.PlaceUnit)}
    assert hexes == {"0104", "0204", "0404", "0504"}  # 0304 is a Soviet town; 0604 is in s's zone, cutting the rail
    submit(s, m.PlaceUnit(side="axis", unit="r1", at=hx(s, "0504")))
    assert legal_of(s, m.PlaceUnit) == []  # TY-REIN-2: one unit this turn
    assert state(s).unit("r1").hex == hx(s, "0504") and "r1" not in state(s).active


def test_ty_mosc_1_moscow_garrison() -> None:
    """TY-MOSC-1, TY-MOSC-2, TY-MOSC-3: in a garrison turn the SOVIET REINF brings extra units into Soviet Moscow,
    EZOC ignored; TY-REIN-6."""
    units = [unit(f"r{i}", "soviet", "reserve") for i in range(3)] + [unit("g", "axis", "0803")]
    s = base(units, moscow=["0904"], garrison_turns=[1], garrison_units=2, reinf=(0, 0))
    select(s, [], ["SOV-REINF"])
    draw(s, "SOV-REINF")
    hexes = {state(s).runtime.label(c.at) for c in legal_of(s, m.PlaceUnit)}
    assert hexes == {"0904"}
    submit(s, m.PlaceUnit(side="soviet", unit="r0", at=hx(s, "0904")))
    submit(s, m.PlaceUnit(side="soviet", unit="r1", at=hx(s, "0904")))
    assert legal_of(s, m.PlaceUnit) == []  # stacking (and the garrison count) reached


def play_out(s) -> None:  # type: ignore[no-untyped-def]
    """End every segment until the game is over."""
    while s.outcome() is None:
        legal = s.legal_commands()
        command = next((c for c in legal if c.kind.startswith("ty.end")), legal[0])
        chit = [sorted(state(s).cup)[0]] if isinstance(command, m.DrawCard) else None
        s.submit(command.with_table_input(None, chit))


VICTORY = {
    "large_cities": ["0504"],
    "key_hexes": ["0504"],
    "sudden_death_turn": None,
    "final_cities": 1,
    "final_key": 1,
}


def test_ty_vic_2_axis_holds_the_cities_with_loc() -> None:
    """TY-VIC-2, TY-VIC-4, TY-CITY-2: the Axis wins at the end of the last turn holding enough large-city hexes with
    LOC after having held the key hexes; otherwise TY-VIC-3 the Soviets win."""
    s = base(
        [unit("a", "axis", "0504")],
        terrain={"0504": "large_city"},
        axis_controlled=["0504"],
        turns=1,
        com=(0, 0),
        victory=VICTORY,
    )
    play_out(s)
    assert s.outcome().winner == "axis"
    s = base([unit("a", "axis", "0604")], terrain={"0504": "large_city"}, turns=1, com=(0, 0), victory=VICTORY)
    play_out(s)
    assert s.outcome().winner == "soviet"


def test_ty_vic_1_sudden_death() -> None:
    """TY-VIC-1, TY-GEN-5: at the end of the sudden-death turn enough cities with LOC end the game at once."""
    victory = {**VICTORY, "sudden_death_turn": 1, "sudden_death_cities": 1, "sudden_death_key": 1}
    s = base(
        [unit("a", "axis", "0504")],
        terrain={"0504": "large_city"},
        axis_controlled=["0504"],
        turns=3,
        com=(0, 0),
        victory=victory,
    )
    play_out(s)
    assert s.outcome().winner == "axis" and state(s).turn == 1


def test_ty_vic_2_loc_is_needed() -> None:
    """TY-LOC-7: TY-VIC-2: a city without an Axis LOC does not count."""
    s = base(
        [unit("a", "axis", "0904")],
        terrain={"0904": "large_city"},
        axis_controlled=["0904"],
        turns=1,
        com=(0, 0),
        victory={**VICTORY, "large_cities": ["0904"], "key_hexes": ["0904"]},
    )
    play_out(s)
    assert s.outcome().winner == "soviet"

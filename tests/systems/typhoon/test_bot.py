"""The bot: legal, fast, explains itself, takes the obvious attack, and beats a random player (DESIGN §9)."""

from __future__ import annotations

import time

import pytest

from app.ai.agent import Budget, RandomAgent
from app.core.session import Session
from app.systems.typhoon import SYSTEM
from app.systems.typhoon import messages as m
from tests.systems.typhoon.helpers import PZ, activate, defaults, hq, hx, scenario, session, submit, unit
from tests.systems.typhoon.test_scenarios import FOLDER, bundled

SEEDS = range(5)


def play(seed: int, bot_side: str) -> tuple[str | None, float]:
    """One game of the bot against a random player; the winner and the bot's slowest choice in seconds of CPU time
    (the machine's load does not count; tests/benchmarks/bench_typhoon.py measures wall time)."""
    s = Session(SYSTEM, bundled("vyazma_gate"), seed=seed, folder=FOLDER)
    other = "soviet" if bot_side == "axis" else "axis"
    agents = {bot_side: SYSTEM.make_agent(bot_side), other: RandomAgent(seed)}
    slowest = 0.0
    for _ in range(3000):
        side = s.active_side()
        if side is None:
            break
        start = time.thread_time()
        choice = agents[side].choose(s, side, Budget(1.0))
        if side == bot_side:
            slowest = max(slowest, time.thread_time() - start)
            assert choice.reason.render("en") and choice.reason.render("zh_CN")
        s.submit(choice.command)
    outcome = s.outcome()
    return (outcome.winner if outcome else None), slowest


@pytest.mark.usefixtures("settled_heap")
def test_bot_beats_a_random_player_either_side() -> None:
    """Over fixed seeds the bot wins at least 90 % of the games, as the Axis and as the Soviets, each choice well
    inside a second of this thread's CPU time (other tests' threads may still run in the process)."""
    results = [play(seed, side) for side in ("axis", "soviet") for seed in SEEDS]
    wins = sum(1 for (winner, _), side in zip(results, ["axis"] * 5 + ["soviet"] * 5, strict=True) if winner == side)
    assert wins >= 9, results
    assert max(slow for _, slow in results) < 1.0


def test_bot_takes_the_obvious_attack() -> None:
    """In the combat segment the bot declares a 10-1 attack (TY-CBT-7) and then resolves it."""
    big = ("armour", [30, 5], [10, 3], 6)
    units = [hq("ghq", "axis", "0204"), unit("a", "axis", "0404", big), hq("shq", "soviet", "1008")]
    units.append(unit("s", "soviet", "0504"))
    s = session(scenario(units))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    bot = SYSTEM.make_agent("axis")
    first = bot.choose(s, "axis", Budget(1.0))
    assert isinstance(first.command, m.DeclareAttack) and first.command.units == ("a",)
    assert "TY-CBT-7" in first.reason.render("en")
    s.submit(first.command)
    assert isinstance(bot.choose(s, "axis", Budget(1.0)).command, m.ResolveAttack)


def test_bot_moves_toward_the_objective() -> None:
    """Activated, the Axis bot moves its panzer closer to the victory city."""
    units = [hq("ghq", "axis", "0204"), unit("a", "axis", "0304", PZ), hq("shq", "soviet", "1008")]
    s = session(scenario(units, terrain={"0804": "large_city"}))
    activate(s, "GHQ")
    choice = SYSTEM.make_agent("axis").choose(s, "axis", Budget(1.0))
    assert isinstance(choice.command, m.MoveUnit) and choice.command.unit in ("a", "ghq")


def test_bot_gathers_units_around_one_hex_then_attacks_with_them_all() -> None:
    """TY-CBT-7, TY-ODDS-1, TY-STK-1: three panzers, none of which could attack alone a two-division stack holding a
    large city (8-8 is 1-1, shifted below the table by the city), are moved next to it first (at most two a hex),
    then declare one attack together (24-8, 3-1 shifted to 2-1)."""
    units = [hq("ghq", "axis", "0102", 4), unit("a", "axis", "0202", PZ), unit("b", "axis", "0203", PZ)]
    units += [unit("c", "axis", "0201", PZ), hq("shq", "soviet", "1008")]
    units += [unit("s1", "soviet", "0603"), unit("s2", "soviet", "0603")]
    s = session(scenario(units, terrain={"0603": "large_city"}))
    activate(s, "GHQ")
    bot = SYSTEM.make_agent("axis")
    reasons = []
    while s.state.phase == "move":
        choice = bot.choose(s, "axis", Budget(1.0))
        reasons.append(choice.reason.render("en"))
        s.submit(choice.command)
    assert any(r.startswith("Gather 3 units next to 0603 to attack it together at 2-1") for r in reasons), reasons
    assert all(s.state.runtime.grid.distance(s.state.unit(u).hex, hx(s, "0603")) == 1 for u in "abc")
    assert all(len(s.state.at(u.hex)) <= 2 for u in s.state.on_map("axis") if u.hex is not None)
    declare = bot.choose(s, "axis", Budget(1.0))
    assert isinstance(declare.command, m.DeclareAttack) and sorted(declare.command.units) == ["a", "b", "c"]
    assert "TY-CBT-7" in declare.reason.render("en") and declare.reason.render("zh_CN") != declare.reason.render("en")


def test_bot_hq_moves_to_bring_more_units_in_range() -> None:
    """TY-ACT-1, TY-ACT-5: the activated HQ moves to where its command range takes in more units for its next
    card."""
    units = [hq("ghq", "axis", "0202", 2), unit("a", "axis", "0303", PZ), unit("b", "axis", "0505", PZ)]
    units += [unit("c", "axis", "0605", PZ), hq("shq", "soviet", "1008")]
    s = session(scenario(units))
    activate(s, "GHQ")
    assert set(s.state.active) == {"ghq", "a"}
    bot = SYSTEM.make_agent("axis")
    while s.state.phase == "move":
        s.submit(bot.choose(s, "axis", Budget(1.0)).command)
    grid, ghq = s.state.runtime.grid, s.state.unit("ghq").hex
    assert sum(grid.distance(ghq, s.state.unit(u).hex) <= 2 for u in "abc") == 3


def test_bot_never_risks_an_hq_in_an_attack() -> None:
    """TY-CBT-7, TY-HQU-3: an HQ next to the enemy may attack, but the bot declares the attack without it."""
    units = [hq("ghq", "axis", "0402", 3), unit("a", "axis", "0403", PZ), hq("shq", "soviet", "1008")]
    units.append(unit("s", "soviet", "0503"))
    s = session(scenario(units))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    assert any("ghq" in c.units for c in s.legal_commands() if isinstance(c, m.DeclareAttack))
    choice = SYSTEM.make_agent("axis").choose(s, "axis", Budget(1.0))
    assert isinstance(choice.command, m.DeclareAttack) and choice.command.units == ("a",)


def test_bot_advances_into_the_hex_it_cleared_next_to_more_enemies() -> None:
    """TY-ADV-1, TY-LOC-3, TY-LOC-6: the hex the defenders left lies in another Soviet unit's ZOC, where the Axis LOC
    may end but not pass; the bot counts its LOC there one hex longer than the neighbour's, not as beyond reach, and
    advances a hex nearer the city (both hexes are next to a Soviet unit)."""
    rifles = ("infantry", [8], [4], 5)  # not mechanised: it advances one hex (TY-ADV-2)
    units = [hq("ghq", "axis", "0202"), unit("a", "axis", "0303", rifles), hq("shq", "soviet", "1008")]
    units += [unit("s1", "soviet", "0403"), unit("s2", "soviet", "0503"), unit("s3", "soviet", "0302")]
    s = session(scenario(units, terrain={"0803": "large_city"}))
    activate(s, "GHQ")
    submit(s, m.EndMovement(side="axis"))
    submit(s, m.DeclareAttack(side="axis", units=("a",), target=hx(s, "0403")))
    submit(s, m.ResolveAttack(side="axis", target=hx(s, "0403")).with_table_input([6], None))  # 8-4, 2-1: RR
    defaults(s, "soviet")
    choice = SYSTEM.make_agent("axis").choose(s, "axis", Budget(1.0))
    assert isinstance(choice.command, m.Advance) and choice.command.path == (hx(s, "0403"),), choice
    assert "TY-ADV-1" in choice.reason.render("en")


def _guard_position(threat: bool) -> Session:
    """A slow rifle unit alone on the railway hex 0304, through which ten Axis units further east draw their LOC, a
    city four hexes south of it, off the railway; with ``threat`` a Soviet unit stands two hexes from the railway.
    Only the rifle unit (and its HQ) is activated."""
    slow = ("infantry", [4], [2], 2)
    units = [hq("ghq", "axis", "0204", 1), unit("g", "axis", "0304", slow), hq("shq", "soviet", "1008")]
    east = ("0504", "0604", "0704", "0505", "0605")
    units += [unit(f"a{i}{j}", "axis", at) for i, at in enumerate(east) for j in "xy"]
    if threat:
        units.append(unit("r", "soviet", "0302"))
    rail = [["0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804"]]
    s = session(scenario(units, terrain={"0308": "large_city"}, railways=rail))
    activate(s, "GHQ")
    bot = SYSTEM.make_agent("axis")
    while s.state.phase == "move":
        s.submit(bot.choose(s, "axis", Budget(1.0)).command)
    return s


def test_bot_guards_a_threatened_railway_hex_many_units_draw_their_loc_through() -> None:
    """TY-LOC-3, TY-LOC-6: a Soviet unit that can reach the railway could put it in its ZOC and cut the LOC of the
    ten units beyond; the bot keeps its unit on the railway (in the unit's hex the LOC still passes, TY-ZOC-5).
    With no Soviet unit able to reach it, the same unit leaves the railway for the city."""
    assert unit_hex(_guard_position(threat=True), "g") in ("0304", "0404")
    assert unit_hex(_guard_position(threat=False), "g") not in ("0104", "0204", "0304", "0404", "0504")


def unit_hex(s: Session, uid: str) -> str:
    """The printed ID of a unit's hex."""
    found = s.state.unit(uid)
    assert found is not None and found.hex is not None
    return str(s.state.runtime.label(found.hex))


def _first_move(first_turn: int) -> Session:
    """A panzer next to a large city the Axis does not hold (0504) and five hexes from a key hex (1005), activated
    on ``first_turn``: the session after the bot's first move."""
    units = [hq("ghq", "axis", "0405", 1), unit("a", "axis", "0505", PZ), hq("shq", "soviet", "1001")]
    terrain = {"0504": "large_city", "1005": "large_city"}
    victory = {"key_hexes": ["1005"], "final_key": 1, "sudden_death_key": 1}
    s = session(scenario(units, terrain=terrain, first_turn=first_turn, victory=victory))
    activate(s, "GHQ")
    bot = SYSTEM.make_agent("axis")
    while s.state.unit("a").hex == hx(s, "0505"):
        s.submit(bot.choose(s, "axis", Budget(1.0)).command)
    return s


def test_bot_heads_for_the_key_hexes_as_the_turns_run_out() -> None:
    """TY-VIC-1, TY-VIC-2: no number of cities wins without key hexes held at once. Early the panzer takes the
    city next to it; after the mud the key hex's pull grows each turn, and on turn 9 it drives for the key hex."""
    early = _first_move(1)
    assert unit_hex(early, "a") == "0504"
    late = _first_move(9)
    grid = late.state.runtime.grid
    assert grid.distance(late.state.unit("a").hex, hx(late, "1005")) < grid.distance(hx(late, "0505"), hx(late, "1005"))

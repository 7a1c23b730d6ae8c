"""The sequence of play: rally, impulses, activation, administration, smoke, snipers, victory."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import SYSTEM
from app.systems.lnl import messages as m
from tests.systems.lnl.helpers import get, hx, rulings, said, scenario, session, state, submit, unit

RALLY = {"phase": "rally"}


def test_initiative_roll_and_tie() -> None:
    """LNL-RALLY-1, LNL-SEQ-1: the higher die takes the initiative; a tie leaves it with its holder."""
    s = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0808", "x1")], start=RALLY))
    assert [c.kind for c in s.legal_commands()] == ["lnl.initiative"]
    submit(s, m.RollInitiative(side="allies"), (2, 5))
    assert state(s).initiative == "axis" and state(s).phase == "operations" and state(s).active == "axis"
    s2 = session(scenario([unit("us_squad", "0101", "a1")], [unit("de_squad", "0808", "x1")], start=RALLY))
    submit(s2, m.RollInitiative(side="allies"), (3, 3))
    assert state(s2).initiative == "allies"


def test_rally_with_a_leader_in_favourable_terrain() -> None:
    """LNL-RALLY-2, LNL-RALLY-3, LNL-RALLY-4: 2D6 − LM 1 − 2 (woods) ≤ Shaken morale 5: 7 − 3 = 4 rallies."""
    model = scenario(
        [unit("us_squad", "0101", "a1", status="shaken"), unit("us_leader", "0101", "a2")],
        [unit("de_squad", "0808", "x1")],
        hexes={"0101": {"terrain": "woods"}},
        start=RALLY,
    )
    s = session(model)
    submit(s, m.RollInitiative(side="allies"), (6, 1))
    events = submit(s, m.Rally(side="allies", unit="a1"), (3, 4))
    ruling = rulings(events, "rally")[0]
    assert ruling.dice[0].modified == 4 and ruling.target == 5 and not get(s, "a1").shaken


def test_rally_needs_a_leader_hero_or_medic_and_once_only() -> None:
    """LNL-RALLY-4, LNL-RALLY-7, LNL-MEDIC-2, LNL-HERO-2: a lone Shaken squad may not try; with a hero it may, once;
    a medic's help is an extra attempt; an SMC rallies itself."""
    model = scenario(
        [
            unit("us_squad", "0101", "a1", status="shaken"),
            unit("us_squad", "0301", "a2", status="shaken"),
            unit("us_hero", "0301", "a3"),
            unit("us_medic", "0301", "a4"),
            unit("us_leader", "0501", "a5", status="shaken"),
        ],
        [unit("de_squad", "0808", "x1")],
        start=RALLY,
    )
    s = session(model)
    submit(s, m.RollInitiative(side="allies"), (6, 1))
    kinds = {(c.kind, getattr(c, "unit", None), getattr(c, "medic", None)) for c in s.legal_commands()}
    assert (
        ("lnl.rally", "a1", None) not in kinds
        and ("lnl.rally", "a2", None) in kinds
        and ("lnl.rally", "a5", None) in kinds
    )
    submit(s, m.Rally(side="allies", unit="a2"), (6, 6))
    assert ("lnl.rally", "a2", None) not in {
        (c.kind, getattr(c, "unit", None), getattr(c, "medic", None)) for c in s.legal_commands()
    }
    events = submit(s, m.Rally(side="allies", unit="a2", medic="a4"), (2, 2))
    assert rulings(events, "rally")[0].notes and not get(s, "a2").shaken


def test_medic_heals_a_wounded_smc() -> None:
    """LNL-MEDIC-2: in the Rally Phase a medic removes a Wounded marker in its hex."""
    model = scenario(
        [unit("us_leader", "0101", "a1", wounded=True), unit("us_medic", "0101", "a2")],
        [unit("de_squad", "0808", "x1")],
        start=RALLY,
    )
    s = session(model)
    submit(s, m.RollInitiative(side="allies"), (6, 1))
    submit(s, m.Heal(side="allies", medic="a2", unit="a1"))
    assert not get(s, "a1").wounded


def test_two_half_squads_combine_with_a_leader() -> None:
    """LNL-RALLY-8: two US half-squads with a GO leader become one rifle squad."""
    model = scenario(
        [unit("us_half", "0101", "a1"), unit("us_half", "0101", "a2"), unit("us_leader", "0101", "a3")],
        [unit("de_squad", "0808", "x1")],
        start=RALLY,
    )
    s = session(model)
    submit(s, m.RollInitiative(side="allies"), (6, 1))
    submit(s, m.Combine(side="allies", units=("a1", "a2")))
    assert get(s, "a1").type == "us_squad" and get(s, "a2") is None


def test_three_passes_end_the_phase_and_administration_clears() -> None:
    """LNL-OPS-1, LNL-ADMIN-1, LNL-ADMIN-3, LNL-ADMIN-4, LNL-SMOKE-4: three passes in a row end the Operations
    Phase; markers go, Smoke 1 turns to Smoke 2 and Smoke 2 goes; the turn advances to a new Rally Phase."""
    model = scenario(
        [unit("us_squad", "0101", "a1", markers=["fired"]), unit("us_squad", "0201", "a2")],
        [unit("de_squad", "0808", "x1")],
        start={"phase": "operations", "hex_markers": {"0505": ["smoke1"], "0606": ["smoke2"], "0707": ["spotted"]}},
    )
    s = session(model)
    for side in ("allies", "axis", "allies"):
        submit(s, m.Pass(side=side))
    st = state(s)
    assert st.turn == 2 and st.phase == "rally" and not get(s, "a1").markers
    assert st.hex_markers == ((hx(s, "0505"), "smoke2"),)


def test_ops_complete_units_may_not_act_and_the_phase_ends_when_all_are_done() -> None:
    """LNL-OPS-5, LNL-OPS-1: spotting makes a unit Ops Complete; when no unit can act the phase ends."""
    model = scenario(
        [unit("us_squad", "0101", "a1")],
        [unit("de_squad", "0104", "x1", markers=["ops_complete"])],
        hexes={"0104": {"terrain": "woods"}},
    )
    s = session(model)
    submit(s, m.Spot(side="allies", unit="a1", target=hx(s, "0104")), (6,))
    assert state(s).turn == 2 and state(s).phase == "rally"


def test_leader_activation_and_chain() -> None:
    """LNL-LDR-1, LNL-LDR-2, LNL-OPS-2: units of two hexes fire together only within a GO leader's reach, which
    extends through an adjacent GO leader."""
    model = scenario(
        [
            unit("us_leader", "0101", "a1"),
            unit("us_leader", "0102", "a2"),
            unit("us_squad", "0103", "a3"),
            unit("us_squad", "0301", "a4"),
        ],
        [unit("de_squad", "0105", "x1")],
    )
    s = session(model)
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.Fire(side="allies", units=("a3", "a4"), target=hx(s, "0105")), (1, 6))
    assert err.value.rule_id == "LNL-OPS-2"
    submit(s, m.Fire(side="allies", units=("a1", "a3"), target=hx(s, "0105")), (1, 6))
    assert get(s, "a3").has("fired")


def test_smoke_placement() -> None:
    """LNL-SMOKE-1, LNL-SMOKE-2: a squad rolls 2 ≤ its smoke 2: Smoke 1 in the adjacent hex; Ops Complete."""
    s = session(
        scenario([unit("us_squad", "0101", "a1"), unit("us_squad", "0301", "a2")], [unit("de_squad", "0808", "x1")])
    )
    submit(s, m.LaySmoke(side="allies", unit="a1", target=hx(s, "0102")), (2,))
    assert state(s).hex_has(hx(s, "0102"), "smoke1") and get(s, "a1").has("ops_complete")


def test_sniper_placed_then_fires_at_once() -> None:
    """LNL-SNIPER-1, LNL-SNIPER-2, LNL-SNIPER-3: a sniper kept off the map is placed where there is no enemy and
    fires in the same impulse at a single unit."""
    model = scenario(
        [unit("us_sniper", "0101", "a1", off_map=True), unit("us_squad", "0201", "a2")],
        [unit("de_squad", "0104", "x1")],
    )
    s = session(model)
    places = [c for c in s.legal_commands() if isinstance(c, m.PlaceSniper)]
    assert places and all(c.at != hx(s, "0104") for c in places)
    submit(s, m.PlaceSniper(side="allies", unit="a1", at=hx(s, "0101")))
    assert s.active_side() == "allies"
    events = submit(s, m.Snipe(side="allies", unit="a1", target="x1"), (1, 2))
    assert rulings(events, "snipe")[0].rule_id == "LNL-SNIPER-3" and get(s, "x1").type == "de_half"


def test_last_turn_decides_by_victory_hexes() -> None:
    """LNL-ADMIN-4, LNL-SETUP-1: after the last turn the attacker wins only with enough victory hexes."""
    model = scenario(
        [unit("us_squad", "0505", "a1")],
        [unit("de_squad", "0808", "x1")],
        turns=1,
        victory={"hexes": ["0505"], "attacker": "allies", "needed": 1},
    )
    s = session(model)
    for side in ("allies", "axis", "allies"):
        submit(s, m.Pass(side=side))
    result = SYSTEM.outcome(state(s))
    assert result is not None and result.winner == "allies"


def test_last_turn_reason_counts_each_sides_victory_hexes() -> None:
    """LNL-SETUP-1: the end reason gives each side's victory hexes and what the attacker needed, in both
    languages, with the rule ID (a player read only "The last turn is over: … wins" before)."""
    model = scenario(
        [unit("us_squad", "0505", "a1")],
        [unit("de_squad", "0808", "x1")],
        turns=1,
        victory={"hexes": ["0505", "0808", "0303"], "attacker": "allies", "needed": 2},
    )
    s = session(model)
    events: list[object] = []
    for side in ("allies", "axis", "allies"):
        events += submit(s, m.Pass(side=side))
    (end,) = said(events, "victory")
    assert end.rule_id == "LNL-SETUP-1" and SYSTEM.outcome(state(s)).winner == "axis"
    assert end.text.render("en") == (
        "The last turn is over: Allies holds 1 of 3 victory hexes (2 needed), Axis holds 2: Axis wins."
    )
    chinese = "最后一回合结束：盟军控制 3 个胜利格中的 1 个（需要 2 个），轴心控制 2 个：轴心获胜。"
    assert end.text.render("zh_CN") == chinese


def test_a_side_without_units_loses() -> None:
    """LNL-SETUP-1: eliminating the last enemy unit wins at once."""
    s = session(scenario([unit("us_squad", "0102", "a1")], [unit("de_squad", "0103", "x1")]))
    events = submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0103")), (6, 6))
    assert said(events, "victory") and SYSTEM.outcome(state(s)).winner == "allies"


def test_undecided_melee_keeps_its_marker() -> None:
    """LNL-ADMIN-2: the Administrative Phase removes decided melees' markers and keeps undecided ones."""
    model = scenario(
        [unit("us_squad", "0103", "a1"), unit("us_squad", "0505", "a2")],
        [unit("de_squad", "0103", "x1"), unit("de_squad", "0808", "x2")],
        start={"phase": "operations", "hex_markers": {"0103": ["melee"], "0606": ["melee"]}},
    )
    s = session(model)
    for side in ("allies", "axis", "allies"):
        submit(s, m.Pass(side=side))
    assert state(s).hex_markers == ((hx(s, "0103"), "melee"),)


def test_scout_spots_better_and_shaken_sniper_only_rallies() -> None:
    """LNL-SCOUT-2, LNL-RALLY-6, LNL-SNIPER-5: a scout spots at −2; a Shaken sniper may not fire, only rally."""
    s = session(
        scenario(
            [unit("us_scout", "0101", "a1")], [unit("de_squad", "0104", "x1")], hexes={"0104": {"terrain": "woods"}}
        )
    )
    events = submit(s, m.Spot(side="allies", unit="a1", target=hx(s, "0104")), (4,))
    assert rulings(events, "spot")[0].dice[0].modified == 2
    s2 = session(scenario([unit("us_sniper", "0101", "a1", status="shaken")], [unit("de_squad", "0104", "x1")]))
    with pytest.raises(IllegalCommandError):
        submit(s2, m.Fire(side="allies", units=("a1",), target=hx(s2, "0104")), (1, 6))

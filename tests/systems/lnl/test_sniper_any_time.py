"""Snipers placed at any time (LNL-SNIPER-1, LNL-SNIPER-2), with explicit dice: besides its owner's impulses, a hidden
sniper may be placed while the enemy moves, when a unit it could shoot comes into view, and may fire at once."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.core.saves import from_save, to_save
from app.core.system import state_digest
from app.systems.lnl import SYSTEM
from app.systems.lnl import messages as m
from tests.systems.lnl.helpers import get, hx, rulings, said, scenario, session, state, submit, unit

FAR = unit("de_squad", "1008", "x9")


def _hidden_sniper(kind: str = "us_squad", **extra: object) -> object:
    """A US squad about to move in the open; a German sniper still off the map and a squad far away (no
    opportunity fire reaches the squad's path)."""
    return session(scenario([unit(kind, "0101", "a1")], [unit("de_sniper", "0101", "x1", off_map=True), FAR], **extra))


def test_lnl_sniper_1_placed_during_the_enemy_move_and_fires_at_once() -> None:
    """LNL-SNIPER-1, LNL-SNIPER-2, LNL-SNIPER-3, LNL-MOVE-4, LNL-MOVE-11: the US squad enters 0102 in the open
    (exposed). The Germans, who cannot opportunity-fire, are asked anyway: they place the sniper in 0105 (no
    enemy there) in the Americans' impulse; it fires at once: 2 + 2 = 4 on the sniper table is Shaken; the
    squad stops, its move ends and the impulse passes to the Germans."""
    s = _hidden_sniper()
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    step = state(s).steps[0]
    assert (step.kind, step.side) == ("opfire", "axis")
    options = s.legal_commands("axis")
    assert m.HoldFire(side="axis") in options
    posts = {c.at for c in options if isinstance(c, m.PlaceSniper)}
    assert hx(s, "0105") in posts and hx(s, "0102") not in posts
    view = s.view("axis")
    assert view.decision is None  # a hex to pick on the map, as in an impulse: no row of buttons
    assert "place a hidden sniper" in view.phase.instructions[0].render("en")
    submit(s, m.PlaceSniper(side="axis", unit="x1", at=hx(s, "0105")))
    assert state(s).active == "allies" and state(s).steps and get(s, "x1").hex == hx(s, "0105")
    shots = [c for c in s.legal_commands("axis") if isinstance(c, m.Snipe)]
    assert shots == [m.Snipe(side="axis", unit="x1", target="a1")]
    decision = s.view("axis").decision
    assert decision is not None and decision.rule_id == "LNL-SNIPER-2" and shots[0] in decision.commands
    events = submit(s, shots[0], (2, 2))
    assert rulings(events, "snipe")[0].dice[0].modified == 4 and said(events, "stopped")
    squad = get(s, "a1")
    assert squad.shaken and squad.hex == hx(s, "0102") and get(s, "x1").has("fired")
    assert not state(s).steps and state(s).moving is None and state(s).active == "axis"


def test_lnl_sniper_1_holding_fire_keeps_it_hidden_and_the_move_goes_on() -> None:
    """LNL-SNIPER-1, LNL-MOVE-11: holding fire closes the window; the squad goes on, and at its next entry the
    Germans are asked again."""
    s = _hidden_sniper()
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    submit(s, m.HoldFire(side="axis"))
    assert not state(s).steps and state(s).moving is not None and get(s, "x1").hex is None
    submit(s, m.MoveOn(side="allies", to=hx(s, "0103")))
    assert state(s).steps[0].side == "axis"


def test_lnl_sniper_1_never_placed_among_enemies_in_the_window() -> None:
    """LNL-SNIPER-1: the hex the squad just entered holds an enemy: no sniper goes there."""
    s = _hidden_sniper()
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    with pytest.raises(IllegalCommandError):
        submit(s, m.PlaceSniper(side="axis", unit="x1", at=hx(s, "0102")))


def test_lnl_sniper_2_no_window_for_a_hidden_stealth_mover() -> None:
    """LNL-SNIPER-2, LNL-STEALTH-2, LNL-OPFIRE-2: a paratroop squad stealth-moving into woods stays hidden: a
    sniper could not shoot it and no opportunity fire is allowed, so nobody is asked."""
    s = _hidden_sniper("us_para", hexes={"0102": {"terrain": "woods"}})
    submit(s, m.StartMove(side="allies", units=("a1",), mode="stealth", to=hx(s, "0102")))
    assert not state(s).steps


def test_old_saves_answer_the_new_decisions_as_version_3_did() -> None:
    """LNL-SNIPER-1, LNL-MELEE-9 (rules version 4): replaying a version-3 save, the window opened only for a
    sniper is answered with Hold fire (version 3 never opened it)."""
    s = _hidden_sniper()
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    assert SYSTEM.old_answer(state(s), "3") == m.HoldFire(side="axis")
    assert SYSTEM.old_answer(state(s), SYSTEM.info.version) is None


def test_lnl_sniper_1_placed_in_the_rally_phase_fires_only_later() -> None:
    """LNL-SNIPER-1, LNL-RALLY-2: "at any time" includes the side's Rally Phase step: the Americans, who have a
    Shaken squad to rally with their leader, place their sniper first; no one fires in the Rally Phase, so it has
    no shot yet, and the step goes on with the rally."""
    s = session(
        scenario(
            [
                unit("us_squad", "0101", "a1", status="shaken"),
                unit("us_sniper", "0101", "a2", off_map=True),
                unit("us_leader", "0101", "a3"),
            ],
            [unit("de_squad", "0104", "x1")],
            start={"phase": "rally"},
        )
    )
    submit(s, m.RollInitiative(side="allies"), (6, 1))
    assert state(s).phase == "rally" and state(s).active == "allies"
    submit(s, m.PlaceSniper(side="allies", unit="a2", at=hx(s, "0102")))
    assert get(s, "a2").hex == hx(s, "0102") and state(s).phase == "rally" and state(s).active == "allies"
    assert not any(isinstance(c, m.Snipe) for c in s.legal_commands("allies"))
    assert m.Rally(side="allies", unit="a1") in s.legal_commands("allies")


def test_a_version_3_save_replays_without_the_new_windows() -> None:
    """LNL-SNIPER-1 (rules version 4, AnswersOldSaves): a version-3 save never answered the windows opened only
    for a hidden sniper; replayed, each is answered Hold fire and the game comes out the same."""
    s = _hidden_sniper()
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0102")))
    submit(s, m.HoldFire(side="axis"))
    submit(s, m.MoveOn(side="allies", to=hx(s, "0103")))
    submit(s, m.HoldFire(side="axis"))
    submit(s, m.Stop(side="allies"))
    save = to_save(s)
    old = save.model_copy(
        update={"system_version": "3", "commands": [c for c in save.commands if c["kind"] != "lnl.hold_fire"]}
    )
    again = from_save(old, {"lnl": SYSTEM})
    assert state_digest(SYSTEM, again.state) == save.digest and get(again, "x1").hex is None

"""Support weapon management: pick up, drop, destroy, give, set up and stow, repair, capture (explicit dice)."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalCommandError
from app.systems.lnl import messages as m
from tests.systems.lnl.helpers import get, hx, rulings, said, scenario, session, state, submit, unit

RALLY = {"phase": "rally"}


def _weapon(uid: str, action: m.WeaponAction, weapon: str, to: str | None = None) -> m.HandleWeapon:
    return m.HandleWeapon(side="allies", unit=uid, action=action, weapon=weapon, to=to)


def _kinds(uid: str, s: object) -> list[str]:
    found = get(s, uid)  # type: ignore[arg-type]
    assert found is not None
    return sorted(w.type for w in found.weapons)


def test_lnl_sw_4_rally_phase_give_and_once_per_unit() -> None:
    """LNL-SW-4: in the Rally Phase a GO squad hands its BAR to a half-squad in its hex; it handles weapons once
    a phase (then it may not repair); a Shaken unit handles none; the rally step waits while a jammed weapon may be
    repaired."""
    model = scenario(
        [
            unit("us_squad", "0101", "a1", weapons=["us_bar", "us_30cal"], jammed=["us_30cal"]),
            unit("us_half", "0101", "a2"),
            unit("us_squad", "0303", "a3", status="shaken", weapons=["us_bar"]),
        ],
        [unit("de_squad", "0808", "x1")],
        start=RALLY,
    )
    s = session(model)
    submit(s, m.RollInitiative(side="allies"), (6, 1))
    legal = [c for c in s.legal_commands() if isinstance(c, m.HandleWeapon)]
    assert {c.action for c in legal} == {"drop", "destroy", "give", "repair"}
    assert all(c.unit == "a1" for c in legal)  # a2 carries nothing, a3 is Shaken
    events = submit(s, _weapon("a1", "give", "us_bar", to="a2"))
    assert said(events, "weapon")[0].rule_id == "LNL-SW-4"
    assert _kinds("a1", s) == ["us_30cal"] and _kinds("a2", s) == ["us_bar"]
    # a1 has handled its weapons: it may not also repair, so nothing waits and the Operations Phase begins
    assert state(s).phase == "operations"


def test_lnl_sw_4_drop_then_pick_up_in_the_rally_phase_and_destroy() -> None:
    """LNL-SW-4: one squad drops the BAR, the other squad in the hex picks it up; a destroyed SW is gone."""
    model = scenario(
        [
            unit("us_squad", "0101", "a1", weapons=["us_bar", "us_30cal"], jammed=["us_30cal"]),
            unit("us_squad", "0101", "a2"),
            unit("us_squad", "0505", "a3", weapons=["us_bar"], jammed=["us_bar"]),
        ],
        [unit("de_squad", "0808", "x1")],
        start=RALLY,
    )
    s = session(model)
    submit(s, m.RollInitiative(side="allies"), (6, 1))
    submit(s, _weapon("a1", "drop", "us_bar"))
    assert [w.type for _, w in state(s).dropped] == ["us_bar"]
    submit(s, _weapon("a2", "pick_up", "us_bar"))
    assert _kinds("a2", s) == ["us_bar"] and not state(s).dropped
    submit(s, _weapon("a3", "destroy", "us_bar"))
    assert _kinds("a3", s) == []


@pytest.mark.parametrize(("die", "left", "jammed"), [(2, 1, False), (4, 1, True), (6, 0, False)])
def test_repair_a_jammed_weapon(die: int, left: int, jammed: bool) -> None:
    """LNL-SW-7 (authored repair, data/tables.json sw_repair): 1D6 ≤ 2 repairs, 3-5 leaves it jammed, 6 breaks it
    for good."""
    model = scenario(
        [unit("us_squad", "0101", "a1", weapons=["us_30cal"], jammed=["us_30cal"])],
        [unit("de_squad", "0808", "x1")],
        start=RALLY,
    )
    s = session(model)
    submit(s, m.RollInitiative(side="allies"), (6, 1))
    events = submit(s, _weapon("a1", "repair", "us_30cal"), (die,))
    ruling = rulings(events, "repair")[0]
    assert ruling.rule_id == "LNL-SW-7" and ruling.dice[0].natural == die
    weapons = get(s, "a1").weapons
    assert len(weapons) == left and all(w.jammed == jammed for w in weapons)


def test_lnl_sw_9_tripod_stowed_to_move_set_up_to_fire() -> None:
    """LNL-SW-9, LNL-SW-4: a tripod MG set up blocks the squad's move; stowed (Rally Phase, no enemy in the hex)
    the squad moves but the MG cannot fire until it is set up again."""
    model = scenario(
        [unit("us_squad", "0104", "a1")],
        [unit("de_squad", "0101", "x1", weapons=["de_mg42_tripod"])],
        start={"phase": "rally", "initiative": "axis"},
    )
    s = session(model)
    submit(s, m.RollInitiative(side="axis"), (6, 1))
    stow = m.HandleWeapon(side="axis", unit="x1", action="stow", weapon="de_mg42_tripod")
    assert any(c.key() == stow.key() for c in s.legal_commands())
    submit(s, stow)
    assert get(s, "x1").weapons[0].stowed
    assert state(s).phase == "operations" and s.active_side() == "axis"
    moves = [c for c in s.legal_commands() if isinstance(c, m.StartMove) and c.units == ("x1",)]
    assert moves
    with pytest.raises(IllegalCommandError) as err:
        submit(s, m.Fire(side="axis", units=("x1",), target=hx(s, "0104"), weapons=("x1:de_mg42_tripod",)), (5, 1))
    assert err.value.rule_id == "LNL-SW-9"


def test_tripod_set_up_blocks_the_move() -> None:
    """LNL-SW-9: with the tripod MG set up the squad may not start a move."""
    s = session(scenario([unit("us_squad", "0101", "a1", weapons=["us_bar"])], [unit("de_squad", "0808", "x1")]))
    assert [c for c in s.legal_commands() if isinstance(c, m.StartMove) and c.units == ("a1",)]
    s2 = session(
        scenario(
            [unit("us_squad", "0808", "a1")],
            [unit("de_squad", "0101", "x1", weapons=["de_mg42_tripod"])],
            initiative="axis",
            start={"phase": "operations", "initiative": "axis"},
        )
    )
    assert not [c for c in s2.legal_commands() if isinstance(c, m.StartMove) and c.units == ("x1",)]


def test_lnl_sw_5_drop_is_free_and_pick_up_is_the_units_action() -> None:
    """LNL-SW-5: in the Operations Phase a GO squad drops its BAR without ending the impulse; a half-squad in the
    hex picks it up for 2 MP as its action (it is marked Moved and the impulse passes)."""
    model = scenario(
        [unit("us_squad", "0101", "a1", weapons=["us_bar"]), unit("us_half", "0101", "a2")],
        [unit("de_squad", "0808", "x1")],
    )
    s = session(model)
    assert not [c for c in s.legal_commands() if isinstance(c, m.HandleWeapon) and c.unit == "a2"]
    events = submit(s, _weapon("a1", "drop", "us_bar"))
    assert said(events, "weapon")[0].rule_id == "LNL-SW-5" and s.active_side() == "allies"
    submit(s, _weapon("a2", "pick_up", "us_bar"))
    assert _kinds("a2", s) == ["us_bar"] and get(s, "a2").has("moved") and s.active_side() == "axis"


def test_lnl_sw_5_pick_up_during_a_move_costs_two_mp() -> None:
    """LNL-SW-5: a paratroop squad (5 MP) moving into the hex where a BAR lies picks it up for 2 MP and may still
    move on with its last MP."""
    model = scenario(
        [unit("us_squad", "0101", "a1", weapons=["us_bar"]), unit("us_para", "0103", "a2")],
        [unit("de_squad", "0808", "x1")],
    )
    s = session(model)
    submit(s, _weapon("a1", "drop", "us_bar"))
    submit(s, m.StartMove(side="allies", units=("a2",), to=hx(s, "0102")))
    assert state(s).moving is not None and state(s).moving.spent == 1
    submit(s, m.MoveOn(side="allies", to=hx(s, "0101")))
    spent = state(s).moving.spent
    submit(s, _weapon("a2", "pick_up", "us_bar"))
    assert _kinds("a2", s) == ["us_bar"] and state(s).moving.spent == spent + 2
    assert [c for c in s.legal_commands() if isinstance(c, m.MoveOn)]


def test_medic_and_full_carrier_cannot_pick_up() -> None:
    """LNL-SW-1, LNL-MEDIC-1: a medic never carries a SW; a half-squad already carrying one has no room."""
    model = scenario(
        [
            unit("us_squad", "0101", "a1", weapons=["us_bar"]),
            unit("us_medic", "0101", "a2"),
            unit("us_half", "0101", "a3", weapons=["us_bar"]),
        ],
        [unit("de_squad", "0808", "x1")],
    )
    s = session(model)
    submit(s, _weapon("a1", "drop", "us_bar"))
    pickers = {c.unit for c in s.legal_commands() if isinstance(c, m.HandleWeapon) and c.action == "pick_up"}
    assert pickers == {"a1"}


def _hold(s: object) -> None:
    """Decline every pending opportunity fire."""
    while state(s).steps:  # type: ignore[arg-type]
        side = state(s).steps[0].side  # type: ignore[arg-type]
        submit(s, m.HoldFire(side=side))  # type: ignore[arg-type]


def _captured(weapon: str) -> object:
    """A German squad drops ``weapon`` and moves off; an American squad moves in and picks it up for 2 MP; the
    turn ends and the Americans, with the initiative, have the next impulse (LNL-SW-5, LNL-SW-6)."""
    model = scenario(
        [unit("us_squad", "0103", "a1")],
        [unit("de_squad", "0105", "x1", weapons=[weapon]), unit("de_squad", "0908", "x2")],
    )
    s = session(model)
    submit(s, m.Pass(side="allies"))
    submit(s, m.HandleWeapon(side="axis", unit="x1", action="drop", weapon=weapon))
    submit(s, m.StartMove(side="axis", units=("x1",), to=hx(s, "0106")))
    _hold(s)
    if state(s).moving is not None:
        submit(s, m.Stop(side="axis"))
    submit(s, m.StartMove(side="allies", units=("a1",), to=hx(s, "0104")))
    _hold(s)
    submit(s, m.MoveOn(side="allies", to=hx(s, "0105")))
    _hold(s)
    events = submit(s, _weapon("a1", "pick_up", weapon))
    assert said(events, "weapon")[0].rule_id == "LNL-SW-6"
    while state(s).phase == "operations":
        submit(s, m.Pass(side=s.active_side()))
    submit(s, m.RollInitiative(side=state(s).initiative), (6, 1) if state(s).initiative == "allies" else (1, 6))
    assert s.active_side() == "allies"
    return s


@pytest.mark.parametrize(("dice", "kept"), [((1, 6), False), ((6, 1, 2), True)])
def test_lnl_sw_6_captured_weapon_discarded_after_a_miss(dice: tuple[int, ...], kept: bool) -> None:
    """LNL-SW-6, LNL-SW-5: the American squad's fire with a captured LMG forces no damage check, so the LMG is
    discarded; a hit keeps it."""
    s = _captured("de_lmg")
    events = submit(s, m.Fire(side="allies", units=("a1",), target=hx(s, "0106"), weapons=("a1:de_lmg",)), dice)
    assert bool(said(events, "weapon")) is not kept
    assert _kinds("a1", s) == (["de_lmg"] if kept else [])


def test_lnl_sw_6_captured_panzerfaust_discarded_after_a_miss() -> None:
    """LNL-SW-6, LNL-HW-3: a captured Panzerfaust fired on its to-hit table misses on a natural 12 and is lost."""
    s = _captured("de_panzerfaust")
    shot = m.Fire(side="allies", units=("a1",), target=hx(s, "0106"), weapons=("a1:de_panzerfaust",), gun=True)
    events = submit(s, shot, (6, 6))
    assert said(events, "weapon") and _kinds("a1", s) == []

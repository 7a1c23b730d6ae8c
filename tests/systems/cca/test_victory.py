"""Victory banners from scenario objectives and from leaving the battlefield, played through the Session API
with typed cards and explicit dice (CCA-VICTORY-1, CCA-VICTORY-2, CCA-VICTORY-3, CCA-MOVE-3, Q18, Q19; 1 light, 2
medium, 3 heavy, 4 helmet, 5 flag, 6 swords)."""

from __future__ import annotations

from typing import Any

from app.core.session import Session
from app.systems.cca import messages as m
from app.systems.cca.scenario import CcaScenario

from .helpers import Placement, do, hx, position, said, scenario, start, submit

HAND = ("two_centre", "three_centre", "two_left", "two_right")
HILL = {"name": {"en": "the hill"}, "side": "bottom", "hexes": ["0605"], "banners": 1}


def _label(session: Session, label: str) -> tuple[int, int]:
    return session.state.runtime.grid.from_label(label)


def _ordered(model: CcaScenario, *pieces: str, card: str = "two_centre") -> Session:
    """A session in bottom's move step with ``pieces`` ordered by ``card``."""
    session = start(model, (card, *HAND[1:]), HAND)
    submit(session, m.PlayCard(side="bottom", card=card))
    for piece in pieces:
        submit(session, m.OrderUnit(side="bottom", piece=piece))
    if session.state.phase == "order":
        submit(session, m.EndOrders(side="bottom"))
    return session


def _hand_over(session: Session) -> None:
    """Finish bottom's turn without battles; top plays a centre card and orders its first unit."""
    if session.state.phase == "move":
        submit(session, m.EndMovement(side="bottom"))
    submit(session, m.EndTurn(side="bottom"))
    submit(session, m.PlayCard(side="top", card="two_centre"))
    submit(session, m.OrderUnit(side="top", piece="t1"))
    if session.state.phase == "order":
        submit(session, m.EndOrders(side="top"))
    submit(session, m.EndMovement(side="top"))


def _hill_game(objective: dict[str, Any], banners: tuple[int, int] = (6, 6)) -> Session:
    units: list[Placement] = [("bottom", "MI", "0606"), ("top", "LB", "0603")]
    return _ordered(scenario(units, objectives=[objective], banners=banners), "b1")


# --- CCA-VICTORY-3: terrain objectives ------------------------------------------------------------------------


def test_temporary_objective_counts_while_occupied() -> None:
    """CCA-VICTORY-3: a temporary objective gives its banners while a unit holds it and takes them back after."""
    session = _hill_game(HILL)
    events = submit(session, m.Move(side="bottom", piece="b1", to=_label(session, "0605")))
    assert [e.rule_id for e in said(events, "objective_taken")] == ["CCA-VICTORY-3"]
    assert session.state.total_banners("bottom") == 1 and session.state.banners == (0, 0)
    assert [tr.value for tr in session.view().tracks] == ["1", "0"]  # the banner track shows it
    _hand_over(session)
    # Top's light bow fires at the medium infantry on the hill: a flag and a green circle (no hit).
    events = submit(session, m.Battle(side="top", unit="t1", target=_label(session, "0605")), (5, 1))
    retreats = [c for c in session.legal_commands() if isinstance(c, m.Retreat)]
    assert len(retreats) == 2  # either hex one row nearer its baseline (CCA-RETREAT-3)
    events = submit(session, retreats[0])
    assert [e.rule_id for e in said(events, "objective_lost")] == ["CCA-VICTORY-3"]
    assert session.state.total_banners("bottom") == 0


def test_permanent_objective_is_kept_after_leaving() -> None:
    """CCA-VICTORY-3: a permanent objective, once entered, stays won when the unit is driven off."""
    session = _hill_game({**HILL, "kind": "permanent"})
    submit(session, m.Move(side="bottom", piece="b1", to=_label(session, "0605")))
    _hand_over(session)
    submit(session, m.Battle(side="top", unit="t1", target=_label(session, "0605")), (5, 1))
    events = submit(session, next(c for c in session.legal_commands() if isinstance(c, m.Retreat)))
    assert session.state.unit("b1").hex != _label(session, "0605")
    assert not said(events, "objective_lost") and session.state.total_banners("bottom") == 1


def test_objective_of_the_other_army_gives_nothing() -> None:
    """CCA-VICTORY-3: only the army the objective names gains banners by occupying it."""
    session = _hill_game({**HILL, "side": "top"})
    events = submit(session, m.Move(side="bottom", piece="b1", to=_label(session, "0605")))
    assert not said(events, "objective_taken")
    assert (session.state.total_banners("bottom"), session.state.total_banners("top")) == (0, 0)


def test_objective_reaching_the_banner_count_wins_at_once() -> None:
    """CCA-VICTORY-1 and Q19: the banner that completes the count ends the game at once, mid-turn."""
    session = _hill_game(HILL, banners=(1, 6))
    events = submit(session, m.Move(side="bottom", piece="b1", to=_label(session, "0605")))
    assert [e.rule_id for e in said(events, "won")] == ["CCA-VICTORY-1"]
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "bottom"
    assert session.state.phase == "over" and not session.legal_commands() and session.view().outcome is not None


def test_objectives_are_marked_on_the_board() -> None:
    """CCA-VICTORY-3: the view marks every objective hex, saying who gains what and whether it is held."""
    session = _hill_game({**HILL, "hexes": ["0605", "0505"]})
    markers = session.view().markers
    assert [(mk.kind, mk.loc) for mk in markers] == [
        ("objective", _label(session, "0605")),
        ("objective", _label(session, "0505")),
    ]
    title = markers[0].title
    assert (
        title is not None and title.render("en") == "the hill: 1 banner(s) for bottom, while a unit holds it (not held)"
    )
    assert title.render("zh_CN") != title.render("en")
    submit(session, m.Move(side="bottom", piece="b1", to=_label(session, "0605")))
    after = session.view().markers[1].title
    assert after is not None and after.render("en").endswith("(held)")


def test_undo_gives_the_objective_back() -> None:
    """Undo restores the objectives held with the state (DESIGN §4)."""
    session = _hill_game(HILL)
    submit(session, m.Move(side="bottom", piece="b1", to=_label(session, "0605")))
    assert session.undo()
    assert session.state.objectives == () and session.state.total_banners("bottom") == 0


def test_objective_held_at_the_start_counts_from_the_deal() -> None:
    """CCA-VICTORY-3: a unit set up on its army's objective holds it from the first check."""
    model = scenario(
        [("bottom", "MI", "0606"), ("top", "MI", "0603")], objectives=[{**HILL, "side": "top", "hexes": ["0603"]}]
    )
    session = start(model, HAND, HAND)
    assert session.state.total_banners("top") == 1


def test_objective_lost_when_its_holder_is_eliminated() -> None:
    """CCA-VICTORY-2, CCA-VICTORY-3: eliminating the holder scores a banner and takes the objective's banner away."""
    objective = {**HILL, "side": "top", "hexes": ["0604"], "banners": 2}
    model = scenario([("bottom", "LB", "0606"), ("top", "MI", "0604", 1)], objectives=[objective])
    session = start(model, HAND, HAND)
    assert session.state.total_banners("top") == 2
    submit(session, m.PlayCard(side="bottom", card="two_centre"))
    submit(session, m.OrderUnit(side="bottom", piece="b1"))
    submit(session, m.EndMovement(side="bottom"))
    events = submit(session, m.Battle(side="bottom", unit="b1", target=_label(session, "0604")), (2, 1))
    assert said(events, "unit_eliminated") and said(events, "objective_lost")
    assert (session.state.total_banners("bottom"), session.state.total_banners("top")) == (1, 0)


# --- CCA-MOVE-3: leaving across a long edge where a special rule allows it -------------------------------------

ENEMY_EDGE = {"bottom": {"edge": "enemy", "banners": 1}}


def _exits(session: Session) -> set[str]:
    return {c.piece for c in session.legal_commands() if isinstance(c, m.ExitBoard)}


def test_unit_leaves_across_the_enemy_edge_for_a_banner() -> None:
    """CCA-MOVE-3, CCA-VICTORY-3: light cavalry two rows from the top edge leaves and scores the rule's banner."""
    session = _ordered(scenario([("bottom", "LC", "0603")], exits=ENEMY_EDGE), "b1")
    assert _exits(session) == {"b1"}
    events = submit(session, m.ExitBoard(side="bottom", piece="b1"))
    assert [e.rule_id for e in said(events, "exited")] == ["CCA-MOVE-3"]
    assert session.state.unit("b1") is None and session.state.banners == (1, 0)
    assert [c.kind for c in session.legal_commands()] == ["end_movement"]


def test_no_exit_without_the_special_rule() -> None:
    """CCA-MOVE-3, Q18: without a scenario rule no unit leaves, not even from the edge itself."""
    session = _ordered(scenario([("bottom", "LC", "0601")]), "b1")
    assert _exits(session) == set()


def test_leaving_costs_a_hex_of_movement() -> None:
    """CCA-MOVE-3: medium infantry (move 1) leaves only from the edge row; one row short it cannot."""
    on_edge = _ordered(scenario([("bottom", "MI", "0601")], exits=ENEMY_EDGE), "b1")
    short = _ordered(scenario([("bottom", "MI", "0602")], exits=ENEMY_EDGE), "b1")
    assert _exits(on_edge) == {"b1"} and _exits(short) == set()
    # Light cavalry (move 4) four rows away would need a fifth hex.
    far = _ordered(scenario([("bottom", "LC", "0605")], exits=ENEMY_EDGE), "b1")
    assert _exits(far) == set()


def test_only_an_ordered_unit_that_has_not_moved_leaves() -> None:
    """CCA-CARD-2, CCA-MOVE-1: leaving is the unit's move; unordered or already moved units may not."""
    model = scenario([("bottom", "LC", "0603"), ("bottom", "LC", "0703")], exits=ENEMY_EDGE)
    session = _ordered(model, "b1")
    assert _exits(session) == {"b1"}
    submit(session, m.Move(side="bottom", piece="b1", to=_label(session, "0602")))
    assert _exits(session) == set()


def test_stopping_terrain_or_a_lone_leader_on_the_edge_ends_the_move_there() -> None:
    """CCA-FOREST-1, CCA-MOVE-5: a unit that must stop on entering the edge hex cannot go on off the board."""
    forests = {"0601": "forest", "0701": "forest"}
    session = _ordered(scenario([("bottom", "HC", "0602")], terrain=forests, exits=ENEMY_EDGE), "b1")
    assert _exits(session) == set()
    open_edge = _ordered(scenario([("bottom", "HC", "0602")], terrain={"0601": "forest"}, exits=ENEMY_EDGE), "b1")
    assert _exits(open_edge) == {"b1"}
    leader = scenario([("bottom", "HC", "0602")], [("bottom", "0701")], terrain={"0601": "forest"}, exits=ENEMY_EDGE)
    assert _exits(_ordered(leader, "b1")) == set()


def test_attached_leader_leaves_with_the_unit_without_a_banner() -> None:
    """CCA-ORDER-3, CCA-MOVE-3: the attached leader goes along; no banner for the enemy (it was not killed)."""
    session = _ordered(scenario([("bottom", "MI", "0601")], [("bottom", "0601")], exits=ENEMY_EDGE), "b1")
    submit(session, m.ExitBoard(side="bottom", piece="b1"))
    assert session.state.leaders == () and session.state.banners == (1, 0)


def test_leaving_completes_the_banner_count() -> None:
    """CCA-VICTORY-1, Q19: the banner for leaving can end the game at once."""
    session = _ordered(scenario([("bottom", "LC", "0603")], exits=ENEMY_EDGE, banners=(1, 6)), "b1")
    events = submit(session, m.ExitBoard(side="bottom", piece="b1"))
    assert said(events, "won")
    outcome = session.outcome()
    assert outcome is not None and outcome.winner == "bottom"


def test_own_edge_and_no_banner_rule() -> None:
    """CCA-MOVE-3: a rule may open the army's own baseline instead, with or without banners."""
    own = {"bottom": {"edge": "own", "banners": 0}}
    session = _ordered(scenario([("bottom", "MI", "0609"), ("bottom", "MI", "0601")], exits=own), "b1", "b2")
    assert _exits(session) == {"b1"}
    submit(session, m.ExitBoard(side="bottom", piece="b1"))
    assert session.state.unit("b1") is None and session.state.banners == (0, 0)


def test_top_army_leaves_across_the_bottom_edge() -> None:
    """CCA-MOVE-3: for the army at the top the enemy edge is the bottom row."""
    model = scenario([("bottom", "MI", "0105"), ("top", "MI", "0609")], exits={"top": {"edge": "enemy", "banners": 2}})
    session = start(model, HAND, HAND)
    submit(session, m.PlayCard(side="bottom", card="two_left"))
    submit(session, m.OrderUnit(side="bottom", piece="b1"))
    _hand_over(session)  # top ordered t1, movement ended: too late to leave
    assert session.state.unit("t1") is not None
    session.undo()  # back into top's move step
    assert _exits(session) == {"t1"}
    submit(session, m.ExitBoard(side="top", piece="t1"))
    assert session.state.banners == (0, 2)


def test_warriors_leave_only_from_the_edge() -> None:
    """CCA-MOVE-7, CCA-WAR-3: warriors move 2 only to charge an enemy, so they leave only from the edge row."""
    session = _ordered(scenario([("bottom", "WA", "0602"), ("bottom", "WA", "0701")], exits=ENEMY_EDGE), "b1", "b2")
    assert _exits(session) == {"b2"}


def test_double_time_adds_the_hex_needed_to_leave() -> None:
    """CCA-MOVE-3 with Double Time (+1 hex, D9): medium infantry one row short may leave."""
    model = scenario([("bottom", "MI", "0602")], exits=ENEMY_EDGE)
    session = start(model, ("double_time", *HAND[1:]), HAND)
    submit(session, m.PlayCard(side="bottom", card="double_time"))
    submit(session, m.OrderUnit(side="bottom", piece="b1"))
    if session.state.phase == "order":
        submit(session, m.EndOrders(side="bottom"))
    assert _exits(session) == {"b1"}


def test_both_armies_complete_their_count_in_one_step() -> None:
    """CCA-VICTORY-1, D17: an elephant's rampage kills the last needed pieces of both sides; the army whose turn
    it is wins."""
    units: list[Placement] = [
        ("top", "HI", "0604"),
        ("bottom", "EL", "0605"),
        ("top", "LI", "0705", 1),
        ("bottom", "LI", "0505", 1),
    ]
    s = position(units, ordered=("t1",), banners=(1, 1), active="top")
    # HI vs EL: a flag and 4 green circles (no hit on red); the rampage rolls 2 dice at each neighbour in turn:
    # top LI (green: eliminated), top HI (nothing), bottom LI (green: eliminated).
    dice = (5, 1, 1, 1, 1, 1, 2, 2, 2, 1, 2)
    s2, events = do(s, m.Battle(side="top", unit="t1", target=hx(s, "0605")), dice)
    assert s2.banners == (1, 1) and s2.winner == "top"
    assert [e.text.render("en") for e in said(events, "won")] == ["top reaches 1 banners and wins."]

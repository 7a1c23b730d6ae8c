"""SAS rulings checked against the rulebook (issue 14, items 1 to 8); each test cites its rule IDs and numbers."""

from __future__ import annotations

from app.systems.sas import SYSTEM
from app.systems.sas.messages import Attack

from .board import activate, op, runtime, state, unit

OPEN = ["." * 16] * 16


def _apply(st, cmd, dice=(), cards=None):
    return SYSTEM.apply(st, cmd.with_table_input(dice, cards))


def test_sas_seen_2_sas_seen_3_sas_noise_3_heard_first_then_seen_still_shouts():
    """SAS-NOISE-3, SAS-SEEN-2, SAS-SEEN-3: Paddy's pistol (noise 6) kills a sentry; a sentry 6 squares away hears
    it, turns and sees Paddy: he is exposed and it shouts, so a unit 4 squares from it (10 from Paddy, out of
    earshot) flips to alert keeping its facing. Being alerted by the noise first does not swallow the shout."""
    units = [
        unit("p", "rifle", (5, 10), "N"),
        unit("s", "rifle", (2, 4), "N", colour="white"),
        unit("w", "rifle", (2, 0), "N", colour="green"),
    ]
    st = activate(state(runtime(OPEN), [op("paddy", (2, 10))], units), "paddy")
    after, events = _apply(st, Attack(side="sas", operator="paddy", weapon="pistol", target="p"), dice=(6,))
    assert after.unit("p") is None
    assert after.unit("s").alert and after.unit("s").facing == "S"
    assert after.op("paddy").exposed
    assert any(e.kind == "unit_shouted" for e in events)
    far = after.unit("w")
    assert far.alert and far.facing == "N"


def _sizing_warnings(doc):
    from app.__main__ import LazySystems
    from app.scenario.editor.checking import check_document
    from app.systems.sas.editing import PLUGIN

    result = check_document(doc.data, None, LazySystems(), PLUGIN)
    assert result.playable, [f.message.render() for f in result.findings if f.severity == "error"]
    return [f.path for f in result.findings if f.message.render().startswith("SAS-MSN-4")]


def test_sas_msn_4_eight_tiles_bring_a_willys_or_four_support_units():
    """SAS-MSN-4: a map of 8+ tiles has 4 operators plus 1 Willys or 4 support units (Normal stealth 8). The
    9-tile Willys raid passes; without its Willys it is warned; with 4 support units instead it passes again;
    3 support units are not enough."""
    from app.scenario.editor.files import open_document
    from app.scenario.resources import SCENARIOS

    doc = open_document(SCENARIOS / "sas" / "raid_airfield_willys.json")
    assert _sizing_warnings(doc) == []
    doc.set(("operator_vehicles",), [])
    assert _sizing_warnings(doc) == ["$.operator_vehicles"]
    squares = ["E7", "F7", "G7", "H7"]
    doc.set(("support_units",), [{"kind": "resistance", "at": sq} for sq in squares[:3]])
    assert _sizing_warnings(doc) == ["$.operator_vehicles"]
    doc.set(("support_units",), [{"kind": "resistance", "at": sq} for sq in squares])
    assert _sizing_warnings(doc) == []


def test_sas_hm_1_placing_the_failure_marker_is_no_action_and_triggers_no_reaction():
    """SAS-HM-1, SAS-REACT-1: the failure marker (a 0-AP card effect placed "at any moment") is not an action. An
    exposed Jock in the sight of an alert rifleman puts it on a motorcycle: no reaction attack, no dice, 4 AP left;
    his next real action (Crouch, 1 AP) is the one the rifleman reacts to."""
    from app.systems.sas.messages import Crouch, UseFailureMarker

    jock = op("jock", (2, 2), items=(("failure_marker", 1),), exposed=True)
    bike = unit("m", "motorcycle", (10, 10), "N", role="patrol")
    rifle = unit("r", "rifle", (2, 6), "N", alert=True)
    st = activate(state(runtime(OPEN), [jock], [bike, rifle]), "jock")
    ap = st.activation.ap
    after, events = _apply(st, UseFailureMarker(side="sas", operator="jock", target="m"))
    assert after.unit("m").failed
    assert not any(e.kind == "reaction_attack" for e in events)
    assert after.activation.ap == ap and after.dice == st.dice
    after, events = _apply(after, Crouch(side="sas", operator="jock"), dice=(1,))
    assert any(e.kind == "reaction_attack" for e in events)


def test_sas_jgr_17_sas_hm_2_the_boats_smg_advance_in_the_phase_they_land():
    """SAS-JGR-17 with SAS-HM-2 (reverses D-JGR-14): "these SMG infantry move in the Axis Advance phase", as the
    troop truck's do. The alert assault boat lands its 6 SMG on the bank (row 8) 11 and more squares from exposed
    Jock; in that same Advance phase each walks its full 4 squares toward him (SAS-ADV-5)."""
    from app.systems.sas.messages import RunAxisStep

    river = ["." * 12] * 4 + ["~" * 12] * 3 + ["." * 12] * 13
    boat = unit("b", "assault_boat", (2, 4), "E", role="assault", alert=True)
    st = state(runtime(river), [op("jock", (4, 19), exposed=True)], [boat], section="battle", phase="advance")
    st, events = _apply(st, RunAxisStep(side="axis"))
    landed = {u.id: u.loc for u in st.units if u.kind == "smg"}
    assert len(landed) == 6 and any(e.kind == "vehicle_unloaded" for e in events)
    while st.phase == "advance":
        st, _ = _apply(st, RunAxisStep(side="axis"))
    for uid, was in landed.items():
        now = st.unit(uid).loc
        assert now[1] - was[1] == 4, (uid, was, now)


def test_sas_deck_4_bombs_at_one_deck_position_go_off_together():
    """SAS-DECK-4, SAS-EQ-5, SAS-NOISE-1, SAS-NOISE-3: two Lewes bomb cards at the same deck position explode
    simultaneously. Both blasts (6 rolls at 2+ each, all 6s) are resolved before the stealth meter steps (2 -> 1 -> 0,
    the alarm) and before anyone turns to the noise: the rifleman under the second template dies without having
    heard the first bomb, and the meter and the turning come after both blasts."""
    from dataclasses import replace

    from app.core.dice import Roller
    from app.systems.sas.combat import blasts
    from app.systems.sas.context import Ctx
    from app.systems.sas.state import ObjectState

    units = [unit("far", "rifle", (8, 2), "N"), unit("v", "rifle", (10, 11), "N", colour="white")]
    st = state(runtime(OPEN), [op("jock", (0, 15))], units, meter=2, phase="event")
    bombs = (ObjectState("b1", "lewes_bomb", (6, 6), fuse=1), ObjectState("b2", "lewes_bomb", (10, 10), fuse=1))
    ctx = Ctx(replace(st, objects=bombs), Roller(st.dice, (6,) * 12))
    blasts.detonate_bombs(ctx)
    kinds = [e.kind for e in ctx.events]
    last_blast = max(i for i, k in enumerate(kinds) if k == "blast")
    assert kinds.count("blast") == 2 and kinds.count("meter_advanced") == 2
    assert all(k not in ("meter_advanced", "unit_alerted", "unit_turned") for k in kinds[:last_blast])
    assert ctx.state.unit("v") is None and ctx.state.meter == 0 and ctx.state.section == "battle"
    assert ctx.state.unit("far").facing == "S"


# A room (B: columns 4-9, rows 2-5) walled all round, with a window in its south wall between G6 and G7
# ((6, 5) | (6, 6)): inner window squares (5, 5), (6, 5), (7, 5); outer window squares (5, 6), (6, 6), (7, 6).
ROOM = ["." * 16] * 2 + ["...." + "B" * 6 + "......"] * 4 + ["." * 16] * 10


def _room_edges():
    edges = []
    for x in range(4, 10):
        edges.append(((x, 2), "N", "building_wall"))
        edges.append(((x, 5), "S", "window" if x == 6 else "building_wall"))
    for y in range(2, 6):
        edges.append(((4, y), "W", "building_wall"))
        edges.append(((9, y), "E", "building_wall"))
    return edges


def _sees(viewer, target):
    from app.systems.sas.board.vision import sees_op

    st = state(runtime(ROOM, _room_edges()), [target], [viewer])
    return sees_op(st, st.unit(viewer.id), st.op(target.id))


def test_sas_ter_12_from_an_outer_window_square_the_whole_room_is_seen():
    """SAS-TER-12: "a unit in an outer window square has full LOS into the interior" (Jock next to the window sees
    the whole room). From the outer window square (7, 6) the line to (9, 3) crosses the wall beside the window, not
    the window edge itself, and still the sentry sees the operator there; a sentry two squares further out (7, 8)
    does not, nor does one in the outer square with the window behind its back."""
    inside = op("jock", (9, 3))
    assert _sees(unit("s", "rifle", (7, 6), "N"), inside)
    assert not _sees(unit("s", "rifle", (7, 8), "N"), inside)
    assert not _sees(unit("s", "rifle", (7, 6), "S"), inside)


def test_sas_ter_12_the_outer_window_squares_are_seen_from_the_whole_room():
    """SAS-TER-12: "a unit inside can see through the window only the outer window squares" — all three of them. From
    (4, 2) the line to the outer window square (7, 6) crosses the wall beside the window, yet the sentry sees the
    operator there (standing; crouched he is hidden by the window's low cover, SAS-LOS-5); the square (8, 7) beyond,
    not a window square, stays unseen."""
    from app.systems.sas.board.vision import sees_op

    sentry = unit("s", "rifle", (4, 2), "S")
    assert _sees(sentry, op("jock", (7, 6)))
    assert not _sees(sentry, op("jock", (8, 7)))
    st = state(runtime(ROOM, _room_edges()), [op("jock", (7, 6), crouched=True)], [sentry])
    assert not sees_op(st, st.unit("s"), st.op("jock"))


def test_sas_ter_12_window_cover_through_the_window_beside_the_wall():
    """SAS-TER-12, SAS-AATK-5: the window is low hard cover, −2 to Axis attacks on an operator in a window square
    across it — also on the line from (4, 2) to the outer window square (7, 6) that crosses the wall beside it."""
    from app.systems.sas.combat.attacks import cover

    rt = runtime(ROOM, _room_edges())
    found = cover(rt, (4, 2), (7, 6))
    assert found is not None and found[0] == -2 and "window" in str(found[1])


def test_sas_react_1_sas_react_4_sas_atk_4_seen_where_he_fired_then_stepped_out_of_sight():
    """SAS-REACT-1, SAS-REACT-4, SAS-ATK-4: Paddy, in the sight of an alert rifleman 6 squares north, makes a Move &
    Attack: he kills a sentry with his pistol (6), then steps behind a rock, out of the rifleman's sight. He was
    visible to it during the action (where he fired), so it reacts — with only the −2 of SAS-REACT-4 (target
    outside LOS), no range or cover modifier: a 5 hits."""
    rows = ["." * 16] * 9 + ["....R" + "." * 11] + ["." * 16] * 6
    units = [unit("r", "rifle", (5, 4), "S", alert=True), unit("t", "rifle", (8, 10), "N", colour="white")]
    st = activate(state(runtime(rows), [op("paddy", (5, 10), exposed=True)], units), "paddy")
    from app.systems.sas.board.vision import sees_op

    assert sees_op(st, st.unit("r"), st.op("paddy"))
    assert not sees_op(st, st.unit("r"), st.with_op("paddy", loc=(4, 11)).op("paddy"))
    cmd = Attack(side="sas", operator="paddy", weapon="pistol", target="t", move_to=(4, 11), move_first=False)
    after, events = _apply(st, cmd, dice=(6, 5))
    assert after.unit("t") is None and after.op("paddy").loc == (4, 11)
    reaction = next(e.ruling for e in events if e.kind == "reaction_attack")
    assert [(m.value, m.rule_id) for m in reaction.modifiers] == [(-2, "SAS-REACT-4")]
    assert after.op("paddy").hp == st.op("paddy").hp - 1


def test_sas_adv_4_sas_adv_5_sas_adv_7_closing_in_keeps_a_half_visible_operator_in_view():
    """SAS-ADV-4 (third option), SAS-ADV-5, SAS-ADV-7 — the rulebook's SMG example: the SMG infantry (4 MP) can reach
    no square to attack Paddy (the nearest, 9 squares off, crouched deep in a wood) or Jock (10 off, crouched in a
    forest square). Every square of row 4 it can reach is equally close to Paddy (5 squares) after its 4 squares;
    it must take one that keeps Jock's half-visible forest square in its LOS, and turn to face Jock — not the first
    square in board order, facing Paddy."""
    from app.systems.sas.board.vision import HALF, sees_square
    from app.systems.sas.messages import RunAxisStep

    rows = ["." * 20] * 3 + ["." * 18 + "T."] + ["." * 20] * 4 + [".......TTT.........."] * 2 + ["." * 20] * 6
    ops = [op("paddy", (8, 9), crouched=True, exposed=True), op("jock", (18, 3), crouched=True, exposed=True)]
    st = state(runtime(rows), ops, [unit("g", "smg", (8, 0), "S", alert=True)], phase="advance", section="battle")
    st, _ = _apply(st, RunAxisStep(side="axis"))
    moved = st.unit("g")
    assert moved.loc[1] == 4 and max(abs(moved.loc[0] - 8), 5) == 5, moved
    assert moved.facing == "E" and sees_square(st, moved, (18, 3)) == HALF

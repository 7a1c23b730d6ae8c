"""Special Axis infantry with explicit dice: the HMG team (SAS-UNIT-12), the sniper (SAS-KS-2), Panzerfaust and
grenade infantry (SAS-KS-1, SAS-JGR-19), the stick grenade and cigarette box (SAS-KS-5, SAS-EQ-10, SAS-EQ-20);
docs/sas-decisions.md D-HMG-1, D-KS-1, D-KS-2, D-KS-3, D-KS-4."""

from __future__ import annotations

from dataclasses import replace

from app.systems.sas import SYSTEM
from app.systems.sas.messages import Attack, Mark, Move, RunAxisStep, Throw, UseCigarette

from .board import activate, op, runtime, state, unit

OPEN = ["." * 24] * 12
LANE = ["R" * 24] * 5 + ["." * 24] + ["R" * 24] * 6  # one way along row 6: no equal paths


def _apply(st, cmd, dice=(), cards=None):
    return SYSTEM.apply(st, cmd.with_table_input(dice, cards))


def _step(st, dice=()):
    return _apply(st, RunAxisStep(side="axis"), dice)


def _battle(rt, ops, units, phase="attack", **kw):
    return state(rt, ops, units, section="battle", phase=phase, **kw)


def _special(uid, kind, loc, facing, **kw):
    return unit(uid, kind, loc, facing, role="spawned", alert=True, **kw)


# --- HMG team (SAS-UNIT-12) -----------------------------------------------------------------------------------


def test_sas_unit_12_hmg_team_stops_at_the_first_valid_attack_position():
    """SAS-UNIT-12: 10 squares from the only exposed operator no best attack position (short range 4) is in reach,
    so an SMG closes in with all 4 MP; the HMG team stops 2 squares along, the first square within its long range 8
    from which it sees him."""
    rt = runtime(LANE)
    st = _battle(rt, [op("jock", (10, 5), exposed=True)], [_special("h", "hmg_team", (0, 5), "E")], phase="advance")
    after, events = _step(st)
    assert after.unit("h").loc == (2, 5) and after.unit("h").facing == "E"
    assert next(e for e in events if e.kind == "unit_moved").rule_id == "SAS-UNIT-12"
    smg = _battle(rt, [op("jock", (10, 5), exposed=True)], [_special("s", "smg", (0, 5), "E")], phase="advance")
    assert _step(smg)[0].unit("s").loc == (4, 5)


def test_sas_unit_12_hmg_team_already_in_an_attack_position_stays_and_turns():
    """SAS-UNIT-12: from where it stands it could attack Jock (7 squares) once turned: it stays and turns east."""
    rt = runtime(OPEN)
    st = _battle(rt, [op("jock", (10, 5), exposed=True)], [_special("h", "hmg_team", (3, 5), "N")], phase="advance")
    after, events = _step(st)
    assert after.unit("h").loc == (3, 5) and after.unit("h").facing == "E"
    assert next(e for e in events if e.kind == "unit_holds").rule_id == "SAS-UNIT-12"


def _house(inner_wall: bool = False, door: int | None = None):
    """A building in columns G..J, rows 3..7, walled all round; optionally an inner wall between columns H and I, a
    door in the west wall on row ``door``."""
    rows = ["." * 24] * 12
    rows = [row[:6] + "BBBB" + row[10:] if 2 <= y <= 6 else row for y, row in enumerate(rows)]
    edges = []
    for y in range(2, 7):
        edges += [((6, y), "W", "door" if y == door else "building_wall"), ((9, y), "E", "building_wall")]
        if inner_wall:
            edges.append(((7, y), "E", "building_wall"))
    for x in range(6, 10):
        edges += [((x, 2), "N", "building_wall"), ((x, 6), "S", "building_wall")]
    return runtime(rows, edges=edges)


def test_sas_unit_12_hmg_team_fires_through_one_wall_at_minus_3():
    """SAS-UNIT-12 / SAS-AATK-7: Jock, exposed inside the building 4 squares away, is out of the HMG team's LOS; it
    fires through the wall: short range +1, through a wall -3, no cover; 3 dice at 3+ (5, 4, 2) -> 1 hit."""
    rt = _house()
    st = _battle(rt, [op("jock", (7, 4), exposed=True)], [_special("h", "hmg_team", (3, 4), "E")])
    after, events = _step(st, dice=(5, 4, 2))
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    assert sorted((m.value, m.rule_id) for m in ruling.modifiers) == [(-3, "SAS-AATK-7"), (1, "SAS-AATK-4")]
    assert after.op("jock").hp == st.op("jock").hp - 1


def test_sas_unit_12_hmg_team_never_fires_through_two_walls():
    """SAS-AATK-7: through one wall only: behind an inner wall Jock cannot be attacked; an SMG never fires through."""
    st = _battle(_house(True), [op("jock", (8, 4), exposed=True)], [_special("h", "hmg_team", (3, 4), "E")])
    _after, events = _step(st)
    assert not any(e.kind == "axis_attack" for e in events)
    st = _battle(_house(), [op("jock", (7, 4), exposed=True)], [_special("s", "smg", (3, 4), "E")])
    after, events = _step(st)
    assert not any(e.kind == "axis_attack" for e in events) and after.op("jock").hp == st.op("jock").hp


def test_sas_unit_12_hmg_team_casualty_side_at_1_hp():
    """SAS-UNIT-12: 2 HP; the first pistol hit flips the token to its casualty side (the alert team turns and reacts
    at once, SAS-REACT-5), the second kills the team."""
    rt = runtime(OPEN)
    st = _battle(rt, [op("jock", (6, 0), facing="W")], [_special("h", "hmg_team", (0, 0), "N")], phase="operator")
    st = activate(st, "jock")
    after, events = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="h"), dice=(5, 1, 1, 1))
    team = after.unit("h")
    assert team is not None and (team.damage, team.mode) == (1, "casualty")
    hit = next(e for e in events if e.kind == "unit_damaged")
    assert hit.rule_id == "SAS-UNIT-12" and "casualty side" in hit.instruction.render()
    assert team.facing == "E" and any(e.kind == "reaction_attack" for e in events)  # alert: turns, reacts (1, 1, 1)
    after, _ = _apply(after, Attack(side="sas", operator="jock", weapon="pistol", target="h"), dice=(5,))
    assert after.unit("h") is None and any(o.kind == "corpse" for o in after.objects)


# --- sniper (SAS-KS-2) ----------------------------------------------------------------------------------------


def test_sas_ks_2_sniper_attacks_at_16_squares():
    """SAS-KS-2 / D-KS-2: range 8/16; 12 squares away is long range: 1 die at 3+ (proposed), no modifier."""
    rt = runtime(OPEN)
    st = _battle(rt, [op("jock", (14, 5), exposed=True)], [_special("s", "sniper", (2, 5), "E")])
    after, events = _step(st, dice=(3,))
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    assert (len(ruling.dice), ruling.target, ruling.modifiers) == (1, 3, ())
    assert after.op("jock").hp == st.op("jock").hp - 1


def test_sas_ks_2_sniper_stops_at_the_first_valid_attack_position():
    """SAS-KS-2: Jock is 18 squares away; the sniper stops 2 squares along, 16 from him, instead of closing 4."""
    rt = runtime(LANE)
    st = _battle(rt, [op("jock", (20, 5), exposed=True)], [_special("s", "sniper", (2, 5), "E")], phase="advance")
    after, _ = _step(st)
    assert after.unit("s").loc == (4, 5)


def test_sas_ks_2_sniper_makes_no_reaction_attacks():
    """SAS-KS-2 / SAS-REACT-7: Jock moves in front of an alert sniper: no reaction attack."""
    rt = runtime(OPEN)
    st = _battle(rt, [op("jock", (6, 1), exposed=True)], [_special("s", "sniper", (0, 0), "E")], phase="operator")
    after, events = _apply(activate(st, "jock"), Move(side="sas", operator="jock", to=(6, 0)))
    assert not any(e.kind == "reaction_attack" for e in events) and after.op("jock").hp == st.op("jock").hp


# --- Panzerfaust and grenade infantry (SAS-KS-1) --------------------------------------------------------------


def test_sas_ks_1_panzerfaust_stops_once_an_exposed_operator_is_within_8():
    """SAS-KS-1: Jock is 11 squares away: the Panzerfaust infantry stops 3 squares along, 8 from him (an SMG would
    walk all 4 MP)."""
    rt = runtime(LANE)
    st = _battle(rt, [op("jock", (13, 5), exposed=True)], [_special("p", "panzerfaust", (2, 5), "E")], "advance")
    after, _ = _step(st)
    assert after.unit("p").loc == (5, 5)


def test_sas_ks_1_panzerfaust_fires_first_without_los_then_is_smg_infantry():
    """SAS-KS-1 / SAS-AATK-1: at the start of the Attack phase it fires at Jock behind the forest (no LOS needed): the
    template on him, a small scatter (7: on target), 4 rolls at 2+ (proposed, OQ-54: 2, 1, 1, 1) -> 1 hit; it flips
    to its SMG side, and from then on it is an SMG infantry (it reacts)."""
    rows = ["." * 24] * 12
    rows[5] = "....T" + "." * 19
    rt = runtime(rows)
    st = _battle(rt, [op("jock", (8, 5), exposed=True)], [_special("p", "panzerfaust", (2, 5), "E")])
    after, events = _step(st, dice=(3, 4, 2, 1, 1, 1))
    assert next(e for e in events if e.kind == "scatter").rule_id == "SAS-BLAST-3"
    blast = next(e.ruling for e in events if e.kind == "axis_blast")
    assert (len(blast.dice), blast.target) == (4, 2)
    assert after.op("jock").hp == st.op("jock").hp - 1
    assert after.unit("p").kind == "smg"
    assert "SMG infantry" in next(e for e in events if e.kind == "unit_flipped").instruction.render()


def test_sas_ks_1_no_fire_when_another_axis_unit_is_within_4_of_the_target():
    """SAS-KS-1: an SMG guard 4 squares from Jock: the grenade infantry does not throw (and it has no other attack
    before it has thrown)."""
    rt = runtime(OPEN)
    units = [_special("g", "grenadier", (2, 5), "E"), unit("x", "smg", (12, 5), "N", alert=True)]
    st = _battle(rt, [op("jock", (8, 5), exposed=True)], units)
    after, events = _step(st)
    assert not any(e.kind.startswith("axis_blast") for e in events)
    assert after.unit("g").kind == "grenadier"


def test_sas_ks_1_grenade_infantry_range_6_and_no_reactions_before_throwing():
    """SAS-KS-1: the grenade's range is 6 (Jock 7 away: no throw); before throwing it makes no reaction attacks."""
    rt = runtime(OPEN)
    st = _battle(rt, [op("jock", (9, 5), exposed=True)], [_special("g", "grenadier", (2, 5), "E")])
    _after, events = _step(st)
    assert not any(e.kind.startswith("axis_blast") for e in events)
    st = _battle(rt, [op("jock", (6, 6), exposed=True)], [_special("g", "grenadier", (2, 5), "E")], "operator")
    after, events = _apply(activate(st, "jock"), Move(side="sas", operator="jock", to=(6, 5)))
    assert not any(e.kind == "reaction_attack" for e in events) and after.op("jock").hp == st.op("jock").hp


# --- stick grenade and cigarette box (SAS-KS-5) ---------------------------------------------------------------


def test_sas_eq_10_stick_grenade_is_a_grenade():
    """SAS-EQ-10 / SAS-KS-5: Jock holds only a stick grenade: he may throw it (or mark a square with it) like a
    grenade; 4 rolls at 2+ (2, 1, 1, 1) kill the patrolman; the token is used up."""
    rt = runtime(OPEN)
    jock = op("jock", (2, 10), items=(("stick_grenade", 1),))
    st = activate(state(rt, [jock], [unit("u", "rifle", (2, 6), "N")]), "jock")
    legal = SYSTEM.legal_commands(st)
    assert Throw(side="sas", operator="jock", to=(2, 6)) in legal
    assert any(isinstance(c, Mark) and c.weapon == "grenade" for c in legal)
    after, events = _apply(st, Throw(side="sas", operator="jock", to=(2, 6)), dice=(2, 1, 1, 1))
    assert after.unit("u") is None and after.op("jock").item_count("stick_grenade") == 0
    assert next(e.ruling for e in events if e.kind == "blast").target == 2


def test_sas_eq_20_cigarette_box_works_once_like_the_cigarette_event():
    """SAS-EQ-20 / SAS-KS-5: without the cigarette marker, Jock's cigarette box puts a cigarette on an unalert
    sentry (no LOS, no turning this turn); the box is used up; the cigarette goes in the End phase."""
    rt = runtime(OPEN)
    jock = op("jock", (2, 10), items=(("cigarette_box", 1),))
    st = activate(state(rt, [jock], [unit("u", "rifle", (2, 6), "N")]), "jock")
    cmd = UseCigarette(side="sas", operator="jock", target="u")
    assert cmd in SYSTEM.legal_commands(st)
    after, events = _apply(st, cmd)
    assert after.unit("u").cigarette and after.op("jock").item_count("cigarette_box") == 0
    assert next(e for e in events if e.kind == "cigarette").rule_id == "SAS-EQ-20"
    assert cmd not in SYSTEM.legal_commands(after)
    after, _ = _step(replace(after, activation=None, phase="end"))
    assert not after.unit("u").cigarette


# --- Hot Dogs: flamethrower infantry (SAS-HD-1, SAS-HD-2, SAS-HD-3, SAS-HD-4, SAS-HD-5)
# ------------------------------------------------------------


def _fire(st, loc, n=1):
    from app.systems.sas.state import ObjectState

    for i in range(n):
        st = st.with_object(ObjectState(f"fire{i}", "fire", loc))
    return st


def test_sas_hd_2_flamethrower_ignores_soft_cover():
    """SAS-HD-2: Jock stands in a forest 3 squares away: no soft-cover modifier against the flamethrower (range 0/5:
    no short-range bonus); 1 die at 2+ (proposed): a 2 hits."""
    rows = ["." * 24] * 12
    rows[5] = "....." + "T" + "." * 18
    st = _battle(runtime(rows), [op("jock", (5, 5), exposed=True)], [_special("f", "flame_inf", (2, 5), "E")])
    after, events = _step(st, dice=(2,))
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    assert [(m.value, m.rule_id) for m in ruling.modifiers] == [(0, "SAS-HD-2")] and ruling.target == 2
    assert after.op("jock").hp == st.op("jock").hp - 1


def test_sas_hd_3_flamethrower_in_a_building_leaves_a_fire_marker_that_burns_later():
    """SAS-HD-3: attacking Jock inside a building puts a fire marker in his room besides the roll; in a later Axis
    Attack phase he rolls once per marker in his room, 2+ = 1 HP (2 markers: 2, 1 -> 1 hit), once per phase."""
    st = _battle(_house(), [op("jock", (8, 4), exposed=True)], [_special("f", "flame_inf", (6, 4), "E")])
    after, events = _step(st, dice=(1,))
    assert [o.loc for o in after.objects if o.kind == "fire"] == [(8, 4)]
    assert "fire marker" in next(e for e in events if e.kind == "fire_marker").instruction.render()
    later = _fire(_battle(_house(), [op("jock", (7, 3))], []), (8, 4), n=2)
    after, events = _step(later, dice=(2, 1))
    burn = next(e for e in events if e.kind == "fire_burns")
    assert (len(burn.ruling.dice), burn.ruling.target, burn.rule_id) == (2, 2, "SAS-HD-3")
    assert after.op("jock").hp == later.op("jock").hp - 1 and after.phase != "attack"


def test_sas_hd_3_flamethrower_attacks_a_room_without_los():
    """SAS-HD-3: Jock, exposed inside the building 4 squares away, is out of its LOS but within range 5: it places a
    fire marker in his room and rolls for it (2 -> 1 hit)."""
    st = _battle(_house(), [op("jock", (7, 4), exposed=True)], [_special("f", "flame_inf", (3, 4), "E")])
    after, events = _step(st, dice=(2,))
    assert next(e for e in events if e.kind == "flame_room").rule_id == "SAS-HD-3"
    assert len([o for o in after.objects if o.kind == "fire"]) == 1
    assert after.op("jock").hp == st.op("jock").hp - 1


def test_sas_hd_4_no_flames_on_a_room_with_other_axis_units_and_nobody_enters_a_burning_room():
    """SAS-HD-4: an SMG guard in Jock's room: the flamethrower does not attack it. Axis units never enter a room with
    a fire marker: the SMG outside the door stays out, as near to Jock as it gets."""
    units = [_special("f", "flame_inf", (3, 4), "E"), unit("g", "smg", (9, 6), "N")]
    st = _battle(_house(), [op("jock", (7, 4), exposed=True)], units)
    _after, events = _step(st)
    assert not any(e.kind in ("flame_room", "axis_attack") for e in events)
    smg = _battle(
        _house(door=4), [op("jock", (9, 4), exposed=True)], [_special("s", "smg", (4, 4), "E")], phase="advance"
    )
    assert room_of_loc(_step(smg)[0].unit("s").loc)
    burning = _fire(smg, (9, 3))
    stays = _step(burning)[0].unit("s").loc
    assert not room_of_loc(stays) and max(abs(stays[0] - 9), abs(stays[1] - 4)) == 3  # as near as it gets


def room_of_loc(loc):
    return 6 <= loc[0] <= 9 and 2 <= loc[1] <= 6


def test_sas_hd_1_flamethrower_never_reacts():
    """SAS-HD-1 / SAS-HD-5: Jock moves in front of an alert flamethrower: no reaction attack."""
    st = _battle(runtime(OPEN), [op("jock", (5, 6), exposed=True)], [_special("f", "flame_inf", (2, 5), "E")])
    after, events = _apply(
        activate(replace(st, phase="operator"), "jock"), Move(side="sas", operator="jock", to=(5, 5))
    )
    assert not any(e.kind == "reaction_attack" for e in events) and after.op("jock").hp == st.op("jock").hp


# --- Hot Dogs: German shepherds (SAS-HD-7) --------------------------------------------------------------------


def test_sas_hd_7_dog_smells_a_moving_operator_and_barks():
    """SAS-HD-7 / OQ-50: Jock moves within 2 squares of a guard dog facing away: it turns toward him and flips to
    alert (no meter advance); it then sees him: it barks (a guard 4 squares away flips) and Jock is exposed."""
    dog = unit("d", "dog", (5, 5), "N", role="guard")
    guard = unit("g", "smg", (9, 5), "E", role="guard")
    st = activate(state(runtime(OPEN), [op("jock", (5, 8))], [dog, guard]), "jock")
    after, events = _apply(st, Move(side="sas", operator="jock", to=(5, 7)))
    assert after.unit("d").alert and after.unit("d").facing == "S" and after.meter == st.meter
    assert any(e.kind == "unit_shouted" and e.rule_id == "SAS-HD-7" for e in events)
    assert after.unit("g").alert and after.op("jock").exposed


def test_sas_hd_7_dog_crosses_a_hedge_for_free_and_stops_next_to_the_operator():
    """SAS-HD-7: 8 MP along the lane, the hedge costs it nothing extra: it reaches the square next to Jock 9 squares
    away (an SMG would pay 2 MP for the hedge), and stops at that first valid attack position."""
    rt = runtime(LANE, edges=[((2, 5), "E", "hedge")])
    st = _battle(rt, [op("jock", (9, 5), exposed=True)], [_special("d", "dog", (0, 5), "E")], phase="advance")
    after, _ = _step(st)
    assert after.unit("d").loc == (8, 5)


def test_sas_hd_7_dog_bites_adjacent_never_across_a_window():
    """SAS-HD-7 (the rulebook's example): next to crouched Paddy the dog rolls 2 dice, 3 and 5: Paddy loses 2 HP. Across
    a window it does not attack."""
    st = _battle(runtime(OPEN), [op("paddy", (5, 5), exposed=True, crouched=True)], [_special("d", "dog", (4, 5), "E")])
    after, events = _step(st, dice=(3, 5))
    assert len(next(e.ruling for e in events if e.kind == "axis_attack").dice) == 2
    assert after.op("paddy").hp == st.op("paddy").hp - 2
    rt = runtime(OPEN, edges=[((4, 5), "E", "window")])
    st = _battle(rt, [op("paddy", (5, 5), exposed=True)], [_special("d", "dog", (4, 5), "E")])
    _after, events = _step(st)
    assert not any(e.kind == "axis_attack" for e in events)

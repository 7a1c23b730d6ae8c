"""The mortar team with explicit dice: spawning, moving to an outdoor sentry point, the whole-map blast with large
scatter, blast weapons first, reactions as 2 SMG infantry, knocked out by one success (SAS-UNIT-5, SAS-UNIT-6,
SAS-UNIT-7, SAS-UNIT-8, SAS-BLAST-4, SAS-BLAST-5, SAS-AATK-1, OQ-34, OQ-35; docs/sas-decisions.md D-MORTAR-1,
D-MORTAR-2, D-MORTAR-3, D-MORTAR-4)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from app.core.i18n import render
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.messages import Attack, Move, RunAxisStep
from app.systems.sas.mission import SentryPoint, SpawnSpot
from app.systems.sas.tables import EventCard

from .board import activate, op, runtime, state, unit

OPEN = ["." * 24] * 12


def _apply(st, cmd, dice=(), cards=None):
    return SYSTEM.apply(st, cmd.with_table_input(dice, cards))


def _step(st, dice=(), cards=None):
    return _apply(st, RunAxisStep(side="axis"), dice, cards)


def _mortar(loc, facing="E", **kw):
    kw.setdefault("mode", "attack")
    return unit("m", "mortar", loc, facing, role="spawned", alert=True, **kw)


def _battle(rt, ops, units, **kw):
    return state(rt, ops, units, section="battle", phase=kw.pop("phase", "attack"), **kw)


def test_sas_unit_5_event_card_spawns_a_mortar_team():
    """SAS-UNIT-5 / SAS-EVTB-2: a battle spawn half showing an SMG and a mortar team places both, alert, on the spawn
    spots nearest the map, in the order shown."""
    card = EventCard.model_validate(
        {
            "id": "M1",
            "stealth": {"type": "alarm_advance"},
            "battle": {"type": "spawn", "colour": "black", "units": ["smg", "mortar"]},
        }
    )
    spots = (SpawnSpot((0, 0), "black", "front"), SpawnSpot((1, 0), "black", "front"))
    rt = runtime(OPEN, spawn_spots=spots, cards={"M1": card})
    st = _battle(rt, [op("jock", (20, 10), exposed=True)], [], phase="event", deck=("M1",))
    after, events = _step(st, cards=("M1",))
    kinds = {u.loc: (u.kind, u.alert, u.mode) for u in after.units}
    assert kinds == {(0, 0): ("smg", True, ""), (1, 0): ("mortar", True, "")}
    spawned = [e for e in events if e.kind == "unit_spawned"]
    assert "Mortar team" in spawned[1].text.render() and "Mortar team" in spawned[1].instruction.render()


def test_sas_unit_6_mortar_spends_all_mp_toward_the_nearest_outdoor_sentry_point():
    """SAS-UNIT-6: the sentry point inside the building is nearer but not outdoor; the mortar walks its 4 MP toward
    the outdoor point and stays on its move side."""
    rows = ["." * 24] * 12
    rows[3] = rows[4] = "...BB" + "." * 19
    inside, outside = SentryPoint((4, 3), "black", ("N",), "N"), SentryPoint((12, 0), "black", ("S",), "S")
    rt = runtime(rows, sentry_points={(4, 3): inside, (12, 0): outside})
    st = _battle(rt, [op("jock", (20, 10), exposed=True)], [_mortar((2, 0), mode="")], phase="advance")
    after, events = _step(st)
    mortar = after.unit("m")
    assert mortar.loc == (6, 0) and mortar.mode == ""
    assert next(e for e in events if e.kind == "unit_moved").rule_id == "SAS-UNIT-6"


def test_sas_unit_6_reaching_the_point_removes_the_rifleman_and_sets_up():
    """SAS-UNIT-6: in the turn it reaches the point the rifleman there is removed (no corpse), the mortar moves onto
    the point and flips to its attack side."""
    point = SentryPoint((10, 0), "black", ("S",), "S")
    rt = runtime(OPEN, sentry_points={(10, 0): point})
    sentry = unit("s", "rifle", (10, 0), "S", alert=True, post=(10, 0))
    jock = op("jock", (20, 11), exposed=True)
    st = _battle(rt, [jock], [_mortar((7, 0), mode=""), sentry, unit("g", "smg", (20, 2), "S")], phase="advance")
    st = replace(st, done=frozenset({"g", "s"}))
    after, events = _step(st)
    mortar = after.unit("m")
    assert after.unit("s") is None and mortar.loc == (10, 0) and mortar.mode == "attack"
    assert not any(o.kind == "corpse" for o in after.objects)
    removed = next(e for e in events if e.kind == "unit_removed")
    assert removed.rule_id == "SAS-UNIT-6" and "Remove" in removed.instruction.render()
    assert "attack side" in next(e for e in events if e.kind == "mortar_set_up").instruction.render()


def _duel():
    """A set-up mortar at X1 facing west; Jock 2 squares from it, next to an SMG guard; Paddy exposed at K1."""
    rt = runtime(OPEN)
    ops = [op("jock", (21, 0), exposed=True), op("paddy", (10, 0), exposed=True)]
    return rt, ops, [_mortar((23, 0), "W"), unit("g", "smg", (20, 0), "E", alert=True)]


def test_sas_aatk_1_mortar_fires_first_at_the_nearest_valid_target():
    """SAS-AATK-1 / SAS-UNIT-7 / OQ-34: the SMG guard is nearer the operators, but the mortar fires first. The
    nearest exposed operator, Jock, is within 7 squares of an Axis unit, so the mortar fires at the next, Paddy:
    template on K1, scatter 3+4 = 7 stays; 3 rolls at 3+ (3, 2, 6) -> Paddy loses 2 HP; no cover, no modifier."""
    rt, ops, units = _duel()
    st = _battle(rt, ops, units)
    after, events = _step(st, dice=(3, 4, 3, 2, 6))
    aimed = next(e for e in events if e.kind == "axis_blast_aimed")
    assert aimed.rule_id == "SAS-UNIT-7" and "K1" in aimed.instruction.render()
    assert "6 pointing west" in aimed.instruction.render()
    blast = next(e for e in events if e.kind == "axis_blast")
    assert blast.ruling.target == 3 and blast.ruling.modifiers == () and blast.instruction.render().startswith("Remove")
    assert after.op("paddy").hp == st.op("paddy").hp - 2 and after.op("jock").hp == st.op("jock").hp
    assert not any(e.kind == "axis_attack" for e in events) and after.templates == ()
    skipped = next(e for e in events if e.kind == "axis_blast_skipped")
    assert "Jock" in skipped.text.render()
    after, events = _step(after, dice=(1, 1))  # then the guard attacks Jock
    assert "guard" in next(e for e in events if e.kind == "axis_attack").ruling.title.render()


def test_sas_blast_4_5_large_scatter_along_the_mortar_facing():
    """SAS-BLAST-4, SAS-BLAST-5: the template's 6 points along the mortar's facing (east); 2D6 = 9 is its right side
    (south); 1D6 = 3 moves it 3 squares (large scatter) from K1 to K4, where Jock is: 3 rolls at 3+ (6, 6, 1) -> 2
    hits."""
    rt = runtime(OPEN)
    ops = [op("paddy", (10, 0), exposed=True), op("jock", (10, 3))]
    st = _battle(rt, ops, [_mortar((0, 0))])
    after, events = _step(st, dice=(4, 5, 3, 6, 6, 1))
    scatter = next(e for e in events if e.kind == "scatter")
    assert scatter.rule_id == "SAS-BLAST-4" and scatter.at == ((10, 0), (10, 3))
    assert "south" in scatter.instruction.render() and "K4" in scatter.instruction.render()
    assert after.op("jock").hp == st.op("jock").hp - 2 and after.op("paddy").hp == st.op("paddy").hp


def test_sas_unit_7_large_scatter_onto_nobody_makes_no_roll():
    """SAS-UNIT-7: the rolls are made only if an operator is under the template (2D6 = 11: behind, 1D6 = 6: 6 back)."""
    rt = runtime(OPEN)
    st = _battle(rt, [op("paddy", (12, 0), exposed=True)], [_mortar((0, 0))])
    after, events = _step(st, dice=(5, 6, 6))
    assert next(e for e in events if e.kind == "scatter").at == ((12, 0), (6, 0))
    assert "no roll" in next(e for e in events if e.kind == "axis_blast").text.render()
    assert after.op("paddy").hp == st.op("paddy").hp


def test_sas_unit_7_minus_3_against_an_operator_inside_a_building():
    """SAS-UNIT-7: mortar attacks ignore cover except -3 inside a building: 5 and 2 fail, 6 hits (6-3 = 3)."""
    rows = ["." * 24] * 12
    rows[0] = "." * 10 + "B" + "." * 13
    rt = runtime(rows)
    st = _battle(rt, [op("paddy", (10, 0), exposed=True)], [_mortar((0, 0))])
    after, events = _step(st, dice=(3, 4, 5, 6, 2))
    ruling = next(e for e in events if e.kind == "axis_blast").ruling
    assert [(m.value, m.rule_id) for m in ruling.modifiers] == [(-3, "SAS-UNIT-7")]
    assert after.op("paddy").hp == st.op("paddy").hp - 1


def test_sas_unit_7_damage_split_among_the_operators_under_the_template():
    """SAS-UNIT-7 / D-MORTAR-3: three successes on Jock (4 HP) and Paddy (5 HP) under the template: each goes to the
    one with the most HP left, ties in team order -> Paddy 2, Jock 1."""
    rt = runtime(OPEN)
    ops = [op("jock", (11, 0)), op("paddy", (10, 0), exposed=True)]
    st = _battle(rt, ops, [_mortar((0, 0))])
    after, _ = _step(st, dice=(3, 4, 4, 5, 6))
    assert (after.op("jock").hp, after.op("paddy").hp) == (st.op("jock").hp - 1, st.op("paddy").hp - 2)


def test_sas_unit_7_no_target_within_7_squares_of_any_axis_unit_including_itself():
    """SAS-UNIT-7: the only exposed operator is 7 squares from the mortar itself: it does not fire; a mortar still on
    its move side does not fire either."""
    rt = runtime(OPEN)
    st = _battle(rt, [op("paddy", (7, 0), exposed=True)], [_mortar((0, 0))])
    after, events = _step(st)
    assert not any(e.kind.startswith("axis_blast") for e in events) and after.phase != "attack"
    st = _battle(rt, [op("paddy", (12, 0), exposed=True)], [_mortar((0, 0), mode="")])
    after, events = _step(st)
    assert not any(e.kind.startswith("axis_blast") for e in events)


def test_sas_unit_8_reacts_as_two_smg_infantry():
    """SAS-UNIT-8 / OQ-35: Paddy moves in sight of an alert mortar team 6 squares away: it reacts as 2 SMG infantry,
    two attacks of 2 dice at 4+ (4, 1 and 5, 6) -> 3 hits."""
    rt = runtime(OPEN)
    st = _battle(rt, [op("paddy", (6, 1), exposed=True)], [_mortar((0, 0))], phase="operator")
    st = activate(st, "paddy")
    after, events = _apply(st, Move(side="sas", operator="paddy", to=(6, 0)), dice=(4, 1, 5, 6))
    rulings = [e.ruling for e in events if e.kind == "reaction_attack"]
    assert [(len(r.dice), r.target, r.rule_id) for r in rulings] == [(2, 4, "SAS-UNIT-8")] * 2
    assert after.op("paddy").hp == st.op("paddy").hp - 3


def test_sas_unit_8_one_success_knocks_out_the_mortar():
    """SAS-UNIT-8: one successful pistol shot (5) replaces the mortar team by 1 SMG infantry, same square and facing;
    the surviving alert unit turns, and reacts at once as that SMG infantry (1, 1: no hit)."""
    rt = runtime(OPEN)
    st = _battle(rt, [op("jock", (6, 0), facing="W")], [_mortar((0, 0))], phase="operator")
    st = activate(st, "jock")
    after, events = _apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="m"), dice=(5, 1, 1))
    crew = after.unit("m")
    assert crew is not None and (crew.kind, crew.mode, crew.loc) == ("smg", "", (0, 0))
    out = next(e for e in events if e.kind == "unit_knocked_out")
    assert out.rule_id == "SAS-UNIT-8" and "SMG infantry" in out.instruction.render()
    assert next(e for e in events if e.kind == "reaction_attack").ruling.rule_id == "SAS-REACT-1"


def test_sas_unit_8_a_sten_burst_destroys_the_team_and_sweeps_on():
    """SAS-UNIT-8 / SAS-EQ-2 / D-ATK-1: three Sten successes: the first knocks out the mortar, the second kills the
    SMG infantry left (corpse), the third kills the guard next to it."""
    rt = runtime(OPEN)
    units = [_mortar((0, 0)), unit("g", "smg", (0, 1), "E", alert=True)]
    st = _battle(rt, [op("paddy", (3, 0), facing="W")], units, phase="operator")
    st = activate(st, "paddy")
    after, _ = _apply(st, Attack(side="sas", operator="paddy", weapon="sten", target="m"), dice=(6, 6, 6))
    assert after.unit("m") is None and after.unit("g") is None
    assert sorted(o.loc for o in after.objects if o.kind == "corpse") == [(0, 0), (0, 1)]


def test_sas_unit_5_missions_place_a_mortar_team(tmp_path):
    """SAS-MSN-2 / SAS-UNIT-5: a mission may place a mortar team (and the other special infantry) as extra units."""
    source = Path(__file__).parents[3] / "scenarios" / "sas" / "tutorial_assassination.json"
    data = json.loads(source.read_text("utf-8"))
    data["extra_units"] += [
        {"kind": "mortar", "role": "guard", "at": "A5", "facing": "S"},
        {"kind": "hmg_team", "role": "guard", "at": "B5", "facing": "S"},
        {"kind": "sniper", "role": "spawned", "at": "C5", "facing": "S"},
    ]
    path = tmp_path / "mortar.json"
    path.write_text(json.dumps(data), "utf-8")
    session = open_session(path, {"sas": SYSTEM})
    kinds = {u.kind for u in session.state.units}
    assert {"mortar", "hmg_team", "sniper"} <= kinds
    counter = next(c for c in session.view().counters if c.kind == "mortar")
    assert render(counter.label) == "MTR" and render(counter.label, "zh_CN") == "迫击"  # per language (issue 15)
    assert counter.strength == "2" and "Mortar team" in counter.title.render()


def test_sas_unit_5_the_mission_editor_offers_the_special_infantry():
    """SAS-MSN-2: the editor's palette offers the mortar team (and the other special infantry) as a guard; the placed
    unit is named by its type."""
    from app.core.i18n import t
    from app.scenario.editor.document import Document
    from app.scenario.editor.plugin import Spot
    from app.systems.sas.editing import PLUGIN

    doc = Document(PLUGIN.new_document())
    ids = {e.id for e in PLUGIN.palette(doc.data)}
    assert {"unit:mortar", "unit:hmg_team", "unit:sniper", "unit:dog"} <= ids
    with doc.transaction(t("Place")) as tx:
        PLUGIN.place(tx, "unit:mortar", Spot((1, 4), "B5"), None)
    assert doc.data["extra_units"][0] == {"kind": "mortar", "role": "guard", "at": "B5", "facing": "S"}
    placed = [p for p in PLUGIN.placed(doc.data, None) if p.kind == "unit"]
    assert placed[0].label.render() == "Mortar team"

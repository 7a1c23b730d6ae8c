"""SAS texts name operators, Axis units, weapons, actions, terrain and marks as a player calls them, in the window's
language, never by their ids (closing5: "Operator names ... and a few unit ids in texts are still English / raw ids").
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from app.core.errors import IllegalCommandError
from app.core.i18n import Text, t
from app.scenario.catalog import open_session
from app.systems.sas import SYSTEM
from app.systems.sas.messages import ActivateOperator, Aim, Attack, Crouch
from app.systems.sas.names import colour_name, equipment_name, name_of
from app.systems.sas.state import ObjectState
from app.systems.sas.tables import tables
from app.systems.sas.tiles.editor import EdgeRef, TileEditor
from tests.support.positions import sas_state

from .board import activate, op, runtime, state, unit

OPEN = ["." * 12] * 12
SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "sas"


def _refusal(st: object, command: object) -> Text:
    with pytest.raises(IllegalCommandError) as err:
        SYSTEM.apply(st, command)  # type: ignore[arg-type]
    return err.value.reason


def test_sas_brd_11_a_missing_weapon_names_the_operator_and_the_weapon() -> None:
    """SAS-BRD-11: Jock has no Sten; the refusal names "Jock" and the Sten in Chinese, not ``jock``/``sten``."""
    st = activate(state(runtime(OPEN), [op("jock", (5, 8))], [unit("s", "rifle", (5, 2), "N")]), "jock")
    reason = _refusal(st, Attack(side="sas", operator="jock", weapon="sten", target="s"))
    chinese = reason.render("zh_CN")
    assert name_of(st, "jock").render("zh_CN") in chinese and equipment_name(st, "sten").render("zh_CN") in chinese
    assert reason.render() == "Jock Lewes has no Sten gun." and not re.search(r"[A-Za-z]", chinese)


def test_sas_act_2_an_action_a_posture_forbids_is_named_in_chinese() -> None:
    """SAS-ACT-2, SAS-AIM-1: a crouched operator may not Aim; the refusal names the action and the posture
    (瞄准, 蹲伏), not the action-table id ``aim``."""
    st = state(runtime(OPEN), [op("jock", (5, 8), crouched=True)], [unit("s", "rifle", (5, 2), "N")])
    reason = _refusal(activate(st, "jock"), Aim(side="sas", operator="jock", target="s"))
    assert reason.render() == "Aim is not allowed while crouched."
    assert reason.render("zh_CN") == "蹲伏时不能瞄准。"


def test_sas_op_1_an_operator_that_cannot_be_activated_is_named() -> None:
    """SAS-OP-1: activating an operator twice is refused with his name (乔克), not his id."""
    st = activate(state(runtime(OPEN), [op("jock", (5, 8))], []), "jock")
    reason = _refusal(st, ActivateOperator(side="sas", operator="jock"))
    assert name_of(st, "jock").render("zh_CN") in reason.render("zh_CN") and "jock" not in reason.render()


def test_sas_ter_10_sas_brd_4_tile_editor_undo_labels_name_features_and_marks() -> None:
    """SAS-TER-10, SAS-TER-3, SAS-BRD-4: the tile editor's undo steps say "Draw Building wall", "Paint Forest",
    "Place Sentry point" in the window's language, never the ids ``building_wall``, ``forest``, ``sentry``."""
    editor = TileEditor.new()
    i = editor.add_tile("barn", (4, 4), name_en="Barn", name_zh="谷仓")
    labels = []
    editor.paint(i, "A", [(1, 1)], "T")
    labels.append(editor.doc.undo_label())
    editor.set_edges(i, "A", [EdgeRef((1, 1), "N")], "building_wall")
    labels.append(editor.doc.undo_label())
    editor.add_mark(i, "A", "sentry", (2, 2))
    labels.append(editor.doc.undo_label())
    rendered = [label.render("zh_CN") for label in labels if label is not None]
    assert rendered == ["涂绘 树林", "绘制 建筑墙", "放置 哨兵点"]
    assert [label.render() for label in labels if label is not None] == [
        "Paint Forest",
        "Draw Building wall",
        "Place Sentry point",
    ]


SENTRY = {"id": "s", "kind": "rifle", "role": "sentry", "colour": "black", "at": "F6", "facing": "N"}


def _jock_behind_the_sentry(rows: list[str], witness: tuple[dict[str, object], ...] = ()) -> object:
    """Jock (F8) activated with 4 AP, two squares behind the sentry on F6 facing north."""
    jock = {"id": "jock", "at": "F8"}
    return sas_state(
        {"operators": [jock], "units": [SENTRY, *witness], "activation": {"operator": "jock", "ap": 4}}, rows
    )


def test_sas_knife_5_a_refused_knife_says_why_in_chinese() -> None:
    """SAS-KNIFE-5: Move & Attack with the knife into a side square is refused: not directly behind (正后方)."""
    st = _jock_behind_the_sentry(["." * 10] * 10)
    reason = _refusal(st, Attack(side="sas", operator="jock", weapon="knife", target="s", move_to=(4, 6)))
    assert reason.render() == "Cannot assassinate: not in the square directly behind it [SAS-KNIFE-5]."
    assert "正后方" in reason.render("zh_CN") and not re.search(r"[a-z]", reason.render("zh_CN"))


def test_sas_knife_2_the_log_says_why_the_knife_is_called_off_in_chinese() -> None:
    """SAS-KNIFE-2, D-KNIFE-1: seen on the way, Jock is exposed and the knife is called off; the log says so in
    Chinese (暴露的特勤员不能刺杀)."""
    rows = ["." * 10] * 7 + ["....." + "T" + "...."] + ["." * 10] * 2
    st = _jock_behind_the_sentry(rows, ({**SENTRY, "id": "w", "at": "B7", "facing": "E"},))
    _after, events = SYSTEM.apply(st, Attack(side="sas", operator="jock", weapon="knife", target="s", move_to=(5, 6)))  # type: ignore[arg-type]
    called_off = next(e for e in events if e.kind == "knife_cancelled")
    assert called_off.text.render().endswith("an exposed operator cannot assassinate [SAS-KNIFE-2].")
    assert "暴露的特勤员不能刺杀 [SAS-KNIFE-2]" in called_off.text.render("zh_CN")


def test_sas_sprint_1_a_refused_sprint_names_the_squares_in_chinese() -> None:
    """SAS-SPRINT-1, SAS-TER-4: a sprint into a rock is refused; the reason names both squares (不能从F8冲刺至F7)."""
    from app.systems.sas.messages import Sprint

    rows = ["." * 10] * 6 + ["....." + "R" + "...."] + ["." * 10] * 3
    reason = _refusal(_jock_behind_the_sentry(rows), Sprint(side="sas", operator="jock", path=((5, 6),)))
    assert reason.render() == "Cannot sprint: cannot run from F8 to F7."
    assert reason.render("zh_CN") == "无法冲刺：不能从F8冲刺至F7。"


def test_sas_obj_6_a_fuel_barrel_is_named_by_what_and_where_it_is() -> None:
    """SAS-OBJ-6, SAS-ATK-1: a shot at a fuel barrel names "fuel barrel on J9" (J9上的燃料桶), never its id."""
    barrel = ObjectState("barrel_9_8", "fuel_barrel", (9, 8))
    st = state(runtime(OPEN), [op("jock", (9, 2))], [], objects=(barrel,))
    assert name_of(st, "barrel_9_8").render() == "fuel barrel on J9"
    assert name_of(st, "barrel_9_8").render("zh_CN") == "J9上的燃料桶"
    moved = replace(st, objects=(replace(barrel, loc=(2, 2)),))
    assert name_of(moved, "barrel_9_8").render() == "fuel barrel on C3"  # named where it lies now


def test_sas_aveh_10_every_vehicle_weapon_has_a_chinese_name() -> None:
    """SAS-AVEH-10: the weapons of the Axis vehicles (HMG, cannon, howitzer, flamethrower, flak) are named in Chinese
    in the attack texts ("用加农炮攻击", not "用Cannon攻击")."""
    vehicles = tables().vehicles.vehicles
    assert all(w.name_zh for v in vehicles for w in v.weapons)


def test_sas_crouch_1_posture_changes_read_in_chinese() -> None:
    """SAS-CROUCH-1: "Jock crouches." reads "乔克蹲伏。" (the verb was an English word inside the Chinese text)."""
    st = activate(state(runtime(OPEN), [op("jock", (5, 8))], []), "jock")
    _after, events = SYSTEM.apply(st, Crouch(side="sas", operator="jock"))
    posture = next(e for e in events if e.kind == "operator_posture")
    assert posture.text.render() == "Jock Lewes crouches." and posture.text.render("zh_CN") == "乔克蹲伏。"


def test_sas_evt_5_a_spawn_colour_reads_in_chinese() -> None:
    """SAS-EVT-5: the colour of the full spawn tiles is a word of the window's language (白色), not ``white``."""
    full = t("The {colour} spawn tiles are full: nothing happens.", colour=colour_name("white"))
    assert full.render() == "The white spawn tiles are full: nothing happens."
    assert full.render("zh_CN") == "白色生成图砖已满：无事发生。"


def test_sas_oveh_1_a_vehicle_crew_is_listed_in_chinese() -> None:
    """SAS-OVEH-1: the operator vehicle's sheet lists its crew by name in the window's language."""
    session = open_session(SCENARIOS / "raid_airfield_willys.json", {"sas": SYSTEM})
    crews = [
        value
        for counter in SYSTEM.view(session.state, "sas").counters
        for label, value in counter.details
        if isinstance(label, Text) and label.msg == "Crew"
    ]
    assert crews
    for crew in crews:
        assert isinstance(crew, Text) and not re.search(r"[A-Za-z]", crew.render("zh_CN").replace("-", ""))


def test_sas_blast_3_the_scatter_direction_reads_in_chinese() -> None:
    """SAS-BLAST-3: a scatter of 6 goes toward the template's F; the Chinese instruction says 前 (English keeps the
    printed letters)."""
    from .test_rule_coverage_2 import _blind_throw

    scatter = next(e for e in _blind_throw((3, 3, 1, 1, 1, 1, 1)) if e.kind == "scatter")
    assert scatter.instruction is not None and "(F of its 6" in scatter.instruction.render()
    assert "相对其6为前：" in scatter.instruction.render("zh_CN")
    assert not re.search(r"[a-z]", scatter.instruction.render("zh_CN"))

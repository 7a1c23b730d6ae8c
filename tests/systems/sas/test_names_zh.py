"""SAS texts name operators, Axis units, weapons, actions, terrain and marks as a player calls them, in the window's
language, never by their ids (closing5: "Operator names ... and a few unit ids in texts are still English / raw ids").
"""

from __future__ import annotations

import re

import pytest

from app.core.errors import IllegalCommandError
from app.core.i18n import Text
from app.systems.sas import SYSTEM
from app.systems.sas.messages import ActivateOperator, Aim, Attack
from app.systems.sas.names import equipment_name, name_of
from app.systems.sas.tiles.editor import EdgeRef, TileEditor

from .board import activate, op, runtime, state, unit

OPEN = ["." * 12] * 12


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

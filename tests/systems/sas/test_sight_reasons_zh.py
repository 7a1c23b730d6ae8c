"""Why a square is seen, half seen or not, and why a shot cannot be made, read in the window's language (closing5:
the reasons were English f-strings with raw terrain ids, "building_wall between I4 and I5", in the Chinese window).

Each reason kind is rendered in Chinese and must keep its rule ID and leave no English word behind: only rule IDs,
square labels and "LOS" (the seed's own abbreviation, 视线) may remain in Latin letters. The English rendering keeps
the old wording, with terrain named as a player calls it ("building wall", not ``building_wall``).
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path
from typing import Any

import pytest

from app.core.dice import Roller
from app.core.errors import IllegalCommandError
from app.core.i18n import Text, localized
from app.systems.sas import SYSTEM
from app.systems.sas.board.reasons import REFUSALS, SIGHT_REASONS, Why, terrain_name, why
from app.systems.sas.board.vision import attack_line, hiding_cover, vision
from app.systems.sas.combat import attacks as combat
from app.systems.sas.context import Ctx
from app.systems.sas.messages import Attack, RunAxisStep
from app.systems.sas.operators.scuba import water_line
from app.systems.sas.state import ObjectState
from app.systems.sas.viewing import sight_reasons

from .board import activate, op, runtime, state, unit
from .test_rule_coverage_2 import _blind_throw

SAS = Path(__file__).resolve().parents[3] / "app" / "systems" / "sas"
OPEN = ["." * 12] * 12
LATIN = re.compile(r"\[[^\]]*\]|(?<![A-Za-z])[A-Z]{1,2}\d{1,2}(?!\d)|LOS")  # rule IDs, square labels, LOS


def chinese(text: Text | Why) -> str:
    """The Chinese rendering, checked to hold no English word."""
    rendered = text.render("zh_CN")
    assert not re.search(r"[A-Za-z_]", LATIN.sub("", rendered)), rendered
    return rendered


def _seen_from_f3(rows: list[str], target: tuple[int, int], *, edges: Any = (), **kw: Any) -> Text:
    """The hover line's reason for ``target`` with a sentry on F3 looking south (SAS-LOS-2)."""
    st = state(runtime(rows, edges=list(edges)), kw.pop("ops", []), [unit("s", "rifle", (5, 2), "S")], **kw)
    found = SYSTEM.view(st, None).highlights["why:sight"][target]
    assert isinstance(found, Text)
    return found


def _rows(**squares: str) -> list[str]:
    """The open board with single squares set: ``F5="T"`` puts a forest on F5."""
    rows = [list(r) for r in OPEN]
    for label, ch in squares.items():
        rows[int(label[1:]) - 1][ord(label[0]) - ord("A")] = ch
    return ["".join(r) for r in rows]


def test_sas_ter_3_a_forest_blocks_and_is_named_in_chinese() -> None:
    """SAS-TER-3, SAS-LOS-5: a forest between sees into but not through: the square beyond is blocked, by the forest
    named from the terrain data (树林), with the square and the rule."""
    found = _seen_from_f3(_rows(F5="T"), (5, 6))
    assert found.render() == "black sentry on F3: blocked: forest at F5 [SAS-TER-3]"
    assert "F5的树林 [SAS-TER-3]" in chinese(found) and "不可视" in chinese(found)


def test_sas_ter_4_rock_blocks_in_chinese() -> None:
    """SAS-TER-4: rock is seen into, not through; the reason names 岩石."""
    assert "F5的岩石 [SAS-TER-4]" in chinese(_seen_from_f3(_rows(F5="R"), (5, 6)))


@pytest.mark.parametrize(
    ("kind", "en", "zh", "rule"),
    [
        ("building_wall", "building wall", "建筑墙", "SAS-TER-10"),
        ("door", "door", "门", "SAS-TER-11"),
        ("high_wall", "high wall", "高墙", "SAS-TER-13"),
    ],
)
def test_sas_ter_10_sas_ter_11_sas_ter_13_walls_are_named_not_keyed(kind: str, en: str, zh: str, rule: str) -> None:
    """SAS-TER-10, SAS-TER-11, SAS-TER-13: a building wall, a door or a high wall between F4 and F5 blocks; the
    reason names the feature as a player calls it, never its id ``building_wall``."""
    found = _seen_from_f3(OPEN, (5, 6), edges=[((5, 3), "S", kind)])
    assert found.render().endswith(f"blocked: {en} between F4 and F5 [{rule}]")
    assert f"F4与F5之间的{zh} [{rule}]" in chinese(found)


@pytest.mark.parametrize(("kind", "zh"), [("low_wall", "矮墙"), ("hedge", "树篱"), ("window", "窗户")])
def test_sas_los_5_low_cover_edges_half_hide_in_chinese(kind: str, zh: str) -> None:
    """SAS-LOS-5, SAS-TER-7, SAS-TER-8, SAS-TER-12: low cover on the near side of a square hides corpses and crouched
    operators there from a viewer not next to it: the square is half seen (半可视) for that reason."""
    found = _seen_from_f3(OPEN, (5, 5), edges=[((5, 5), "N", kind)])
    assert found.render().endswith(f"half: {terrain_name(runtime(OPEN), kind).render()} between F5 and F6 [SAS-LOS-5]")
    assert f"半可视：F5与F6之间的{zh} [SAS-LOS-5]" in chinese(found)


def test_sas_ter_9_crates_half_hide_in_chinese() -> None:
    """SAS-TER-9, SAS-LOS-5: crates in the square before the target are low cover: 板条箱."""
    assert "半可视：F5的板条箱 [SAS-LOS-5]" in chinese(_seen_from_f3(_rows(F5="C"), (5, 5)))


def test_sas_ter_3_forest_viewer_not_adjacent_in_chinese() -> None:
    """SAS-TER-3: a forest square is only half seen by a viewer that is not next to it."""
    found = _seen_from_f3(_rows(F7="T"), (5, 6))
    assert found.render().endswith("half: forest, viewer not adjacent [SAS-TER-3]")
    assert "半可视：树林，观察者不在邻格 [SAS-TER-3]" in chinese(found)


def test_sas_obj_6_a_fuel_barrel_half_hides_in_chinese() -> None:
    """SAS-OBJ-6: a fuel barrel next to the square hides like low cover (燃料桶); the same reason is the cover that
    hides a crouched operator there (hiding_cover, SAS-LOS-10)."""
    found = _seen_from_f3(OPEN, (5, 6), objects=(ObjectState("b", "fuel_barrel", (5, 5)),))
    assert found.render().endswith("half: fuel barrel at F6 [SAS-OBJ-6]")
    assert "半可视：F6的燃料桶 [SAS-OBJ-6]" in chinese(found)
    st = state(runtime(OPEN), [], [], objects=(ObjectState("b", "fuel_barrel", (5, 5)),))
    cover = hiding_cover(st, (5, 2), (5, 6))
    assert cover is not None and chinese(cover) == "F6的燃料桶 [SAS-OBJ-6]"


def test_sas_los_3_a_unit_between_blocks_in_chinese() -> None:
    """SAS-LOS-3: an unalert Axis unit between blocks another unit's sight: 单位或爆炸模板 on its square."""
    st = state(runtime(OPEN), [], [unit("s", "rifle", (5, 2), "S"), unit("t", "rifle", (5, 4), "S")])
    found = SYSTEM.view(st, None).highlights["why:sight"][(5, 6)]
    assert isinstance(found, Text) and "不可视：F5的单位或爆炸模板 [SAS-LOS-3]" in chinese(found)


def test_sas_los_5_a_clear_line_is_full_in_chinese() -> None:
    """SAS-LOS-5: a clear line sees the square fully (全可视)."""
    found = _seen_from_f3(OPEN, (5, 6))
    assert found.render() == "black sentry on F3: full: clear line [SAS-LOS-5]"
    assert chinese(found) == "F3上的黑色哨兵：全可视：LOS无阻挡 [SAS-LOS-5]"


def test_oq_9_a_corner_blocked_both_ways_in_chinese() -> None:
    """OQ-9: a line through a corner point is blocked only when both ways round it are: rock on both sides."""
    found = _seen_from_f3(_rows(G3="R", F4="R"), (6, 3))
    assert found.render().endswith("blocked: corner at G4 [OQ-9]")
    assert "G4处的拐角" in chinese(found) and "[OQ-9]" in chinese(found)


def test_sas_los_5_low_cover_round_a_corner_in_chinese() -> None:
    """SAS-LOS-5, OQ-9: the line from F3 to H5 passes the corner by H5 whose both ways round are low cover (crates on
    H4 and G5): H5 is half seen."""
    found = _seen_from_f3(_rows(H4="C", G5="C"), (7, 4))
    assert found.render().endswith("half: low cover at the corner by H5 [SAS-LOS-5]")
    assert "H5旁拐角处的低掩体 [SAS-LOS-5]" in chinese(found)


def test_sas_aveh_7_sas_aveh_8_vehicle_arcs_and_blocks_in_chinese() -> None:
    """SAS-AVEH-7, SAS-AVEH-8: a vehicle's reasons name its arc (车头LOS, 车尾LOS) and what is outside it; a vehicle
    between blocks another unit's sight, alert or not."""
    st = state(runtime(OPEN), [], [unit("h", "halftrack", (5, 4), "N")])
    mine = vision(st, st.unit("h"), explain=True)  # type: ignore[arg-type]
    assert chinese(mine[(5, 1)][1]).startswith("车头LOS，全可视")
    assert chinese(mine[(5, 10)][1]).startswith("车尾LOS，全可视")
    assert chinese(why("outside_front")) == "不在车头LOS范围内 [SAS-AVEH-7]"
    assert chinese(why("outside_rear")) == "不在车尾LOS范围内 [SAS-AVEH-7]"
    st = state(runtime(OPEN), [], [unit("r", "rifle", (5, 1), "S"), unit("m", "motorcycle", (5, 4), "N", alert=True)])
    blocked = vision(st, st.unit("r"), explain=True)[(5, 8)][1]  # type: ignore[arg-type]
    assert "SAS-AVEH-8" in chinese(blocked) and "单位或爆炸模板" in chinese(blocked)


def test_sas_ter_12_sas_aveh_7_a_vehicle_does_not_see_through_a_window_in_chinese() -> None:
    """SAS-TER-12, SAS-AVEH-7: the window exemption is the infantry's; a vehicle behind a window sees nothing beyond
    it, and the reason names the window (窗户) with both rules."""
    rows = ["." * 12] * 12
    rt = runtime(rows, edges=[((5, 3), "S", "window")])
    st = state(rt, [], [unit("m", "motorcycle", (5, 4), "N")])
    found = vision(st, st.unit("m"), explain=True)[(5, 1)][1]  # type: ignore[arg-type]
    assert "不可视：F5与F4之间的窗户 [SAS-TER-12, SAS-AVEH-7]" in chinese(found)


def test_sas_los_1_an_axis_unit_blocks_the_attack_line_in_chinese() -> None:
    """SAS-LOS-1: another Axis unit on the line blocks the operator's shot; the refusal reads in Chinese."""
    st = activate(
        state(runtime(OPEN), [op("jock", (5, 8))], [unit("s", "rifle", (5, 2), "N"), unit("t", "rifle", (5, 5), "N")]),
        "jock",
    )
    blocked = attack_line(st, (5, 8), (5, 2))
    assert blocked is not None and str(blocked) == "Axis unit or template at F6 [SAS-LOS-1]"
    with pytest.raises(IllegalCommandError) as err:
        SYSTEM.apply(st, Attack(side="sas", operator="jock", weapon="pistol", target="s"))
    assert chinese(err.value.reason) == "无法攻击：F6的轴心单位或爆炸模板 [SAS-LOS-1]。"


def test_sas_los_10_crouched_behind_cover_in_chinese() -> None:
    """SAS-LOS-10: the hedge that hides crouched Paddy also blocks his own LOS out: 蹲伏于…之后."""
    rt = runtime(OPEN, edges=[((2, 5), "N", "hedge")])
    st = activate(state(rt, [op("paddy", (2, 5), crouched=True)], [unit("bp", "rifle", (2, 2), "E")]), "paddy")
    problem = combat.attack_problem(Ctx(st, Roller(st.dice)), "paddy", "pistol", (2, 2))
    assert problem is not None
    assert str(problem) == "crouched behind hedge between C5 and C6 [SAS-LOS-5], he cannot see out [SAS-LOS-10]"
    assert chinese(problem).startswith("蹲伏于C5与C6之间的树篱") and "[SAS-LOS-10]" in chinese(problem)


def test_sas_atk_1_sas_atk_5_range_and_ammunition_in_chinese() -> None:
    """SAS-ATK-1, SAS-ATK-5: beyond long range and out of ammunition read in Chinese."""
    st = activate(state(runtime(OPEN), [op("jock", (0, 0))], [unit("s", "rifle", (11, 11), "N")]), "jock")
    far = combat.attack_problem(Ctx(st, Roller(st.dice)), "jock", "pistol", (11, 11))
    assert far is not None and "超出远距离射程" in chinese(far) and "[SAS-ATK-1]" in chinese(far)
    empty = activate(state(runtime(OPEN), [op("paddy", (0, 0), ammo=(("sten", 0),))], []), "paddy")
    dry = combat.attack_problem(Ctx(empty, Roller(empty.dice)), "paddy", "sten", (3, 3))
    assert dry is not None and chinese(dry) == "弹药耗尽 [SAS-ATK-5]"


@pytest.mark.parametrize(("kind", "zh", "rule"), [("low_wall", "矮墙", "SAS-TER-7"), ("hedge", "树篱", "SAS-TER-8")])
def test_sas_aatk_5_the_cover_modifier_names_the_cover_in_chinese(kind: str, zh: str, rule: str) -> None:
    """SAS-AATK-5, SAS-TER-7, SAS-TER-8: the cover modifier of an Axis attack in the ruling names the cover."""
    rt = runtime(OPEN, edges=[((6, 6), "N", kind)])
    smg = unit("s", "smg", (6, 3), "S", alert=True)
    st = state(rt, [op("paddy", (6, 6), exposed=True, hp=9)], [smg], phase="attack", section="battle")
    _after, events = SYSTEM.apply(st, RunAxisStep(side="axis").with_table_input((6, 6), None))
    ruling = next(e.ruling for e in events if e.kind == "axis_attack")
    cover = next(m for m in ruling.modifiers if m.rule_id == "SAS-AATK-5")
    assert cover.reason.render() == f"cover: {terrain_name(rt, kind).render()} [{rule}]"
    assert chinese(cover.reason) == f"掩体：{zh} [{rule}]"


def test_sas_eq_7_a_blind_throw_says_why_in_chinese() -> None:
    """SAS-EQ-7: a grenade thrown out of LOS scatters; the log says what blocked it, in Chinese: the forest."""
    events = _blind_throw((3, 4, 1, 1, 1, 1))
    blind = next(e for e in events if e.kind == "blind_throw")
    assert blind.text.render() == "Blind throw (out of LOS: forest at E7 [SAS-TER-3])."
    assert chinese(blind.text) == "盲掷（不在LOS内：E7的树林 [SAS-TER-3]）。"


def test_sas_eq_16_low_cover_between_water_and_land_in_chinese() -> None:
    """SAS-EQ-16: low cover between the water and the land blocks the line; the reason reads in Chinese."""
    rt = runtime(["......", "~~~~~~", "......"], edges=[((2, 1), "S", "low_wall")])
    st = state(rt, [op("jock", (2, 1), scuba=True)], [])
    found = water_line(st, (2, 1), True, (2, 2), False)
    assert found is not None and str(found).endswith("low cover between water and land [SAS-EQ-16]")
    assert "水面与陆地之间的低掩体 [SAS-EQ-16]" in chinese(found)


def test_every_reason_has_a_chinese_template() -> None:
    """SAS-LOS-5, SAS-OVEH-5, SAS-OVEH-13, SAS-KNIFE-5, SAS-SPRINT-1: every reason key (sight, the operator vehicles'
    guns, and the refusals of steps, sprints, knives, throws, marks, talks and boarding) renders in Chinese with its
    rule IDs, whatever it nests."""
    values: dict[str, Any] = {"what": localized("low wall", "矮墙"), "why": why("clear"), "rule": "SAS-TER-7", "n": 8}
    values |= {"op": localized("Jock Lewes", "乔克"), "weapon": localized("Sten gun", "斯登冲锋枪")}
    assert not SIGHT_REASONS.keys() & REFUSALS.keys()
    for key, template in (SIGHT_REASONS | REFUSALS).items():
        fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        args = {f: values.get(f, "C4") for f in fields}
        rendered = chinese(why(key, **args))
        assert re.findall(r"\[[^\]]*\]", rendered) == re.findall(r"\[[^\]]*\]", why(key, **args).render()), key


def test_sight_reasons_of_a_square_outside_every_arc_is_none() -> None:
    """SAS-LOS-2: a square in no Axis arc has no reason (the hover line shows none)."""
    st = state(runtime(OPEN), [], [unit("s", "rifle", (5, 2), "S")])
    assert sight_reasons(st, (5, 0)) is None and (5, 0) not in SYSTEM.view(st, None).highlights["why:sight"]


def test_no_sight_reason_is_an_f_string() -> None:
    """The sight, cover and shot reasons are Why records, never English f-strings with a rule ID (which would stay
    English in the Chinese window)."""
    found = []
    for name in ("board/vision.py", "combat/attacks.py", "operators/scuba.py"):
        for node in ast.walk(ast.parse((SAS / name).read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr) and re.search(r"\[(SAS|OQ)-", ast.unparse(node)):
                found.append(f"{name}:{node.lineno}")
    assert found == []


def test_reasons_compare_and_hash_by_content() -> None:
    """The same reason made twice is equal and hashes alike (a reason holding translated names is hashable)."""
    forest = terrain_name(runtime(OPEN), "forest")
    a, b = why("at", what=forest, sq="F5", rule="SAS-TER-3"), why("at", what=forest, sq="F5", rule="SAS-TER-3")
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert a != why("at", what=forest, sq="F6", rule="SAS-TER-3") and why("clear") is why("clear")

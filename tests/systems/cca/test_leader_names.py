"""Leader names in two languages (CCA-UNIT-3): the scenario gives each leader an English and a Chinese name, or
one plain string (older files) shown in every language; every text naming a leader renders the reader's name.

The state keeps the English name as before (saved games and recorded digests are unchanged); the Chinese comes
from the scenario when a text is rendered.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.core.encoding import encode_state
from app.core.i18n import Text
from app.core.session import Session
from app.scenario.base import Localized
from app.scenario.editor.document import Document
from app.scenario.editor.fields import FieldSpec, current_text, fields_from_schema
from app.scenario.editor.plugin import Spot
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from app.systems.cca.describe import describe
from app.systems.cca.editing import CcaEditing
from app.systems.cca.scenario import CcaScenario, LeaderPlacement
from app.systems.cca.state import State
from app.systems.cca.turn import legal
from app.systems.cca.view import piece_name

from .helpers import do, position
from .test_rule_coverage import fire

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "cca"
ALEXANDER = {"en": "Alexander", "zh_CN": "亚历山大"}


def _named(state: State, name: dict[str, str]) -> State:
    """The same position with the bottom army's first leader named ``name`` in the scenario."""
    data = state.runtime.model.model_dump(mode="json")
    data["armies"][0]["leaders"][0]["name"] = name
    model = CcaScenario.model_validate(data)
    return SYSTEM.initial_state(SYSTEM.load_scenario(model, None), 1)


def _lone_leader_attacked(name: dict[str, str], leader_at: str = "0605") -> State:
    """A top heavy infantry in close combat with the lone bottom leader (CCA-LEADER-8)."""
    attacker = f"{leader_at[:2]}{int(leader_at[2:]) - 1:02d}"
    base = position([("top", "HI", attacker)], [("bottom", leader_at)], ordered=("t1",), active="top")
    return _named(base, name)


def _texts(events: list[Any], lang: str) -> list[str]:
    return [e.text.render(lang) for e in events if isinstance(getattr(e, "text", None), Text)]


def test_a_plain_string_name_still_loads_as_the_same_name_in_every_language() -> None:
    """CCA-UNIT-3: files written before names had two languages give one string: it is the name in English and
    in Chinese; an empty string or no name leaves the leader unnamed (his id stands in)."""
    assert LeaderPlacement.model_validate({"at": "0605", "name": "Antipater"}).name == Localized(en="Antipater")
    assert LeaderPlacement.model_validate({"at": "0605", "name": ""}).name is None
    assert LeaderPlacement.model_validate({"at": "0605"}).name is None
    state = position([("bottom", "MI", "0605")], [("bottom", "0605")])  # the helper writes plain strings
    leader = state.leader("bL1")
    assert leader is not None and leader.name == "bottom-0605"
    assert state.leader_name(leader).render("zh_CN") == state.leader_name(leader).render("en") == "bottom-0605"


def test_the_schema_offers_both_forms_of_a_name() -> None:
    """CCA-UNIT-3: ``adjutant schema cca`` says a leader's name is English and Chinese, a plain string or absent;
    the editor's form reads the two-language branch (two fields)."""
    schema = CcaScenario.model_json_schema()
    branches = schema["$defs"]["LeaderPlacement"]["properties"]["name"]["anyOf"]
    assert {"$ref": "#/$defs/Localized"} in branches and {"type": "string"} in branches
    assert branches[0] == {"$ref": "#/$defs/Localized"}


def test_a_two_language_name_keeps_the_english_in_the_state() -> None:
    """CCA-UNIT-3: the state (what saves and digests hold) keeps the English name exactly as a plain string
    did, so games recorded before this change replay to the same digests."""
    state = _named(position([("bottom", "MI", "0605")], [("bottom", "0605")]), ALEXANDER)
    encoded = encode_state(state, skip=("runtime",))
    assert [x["name"] for x in encoded["leaders"]] == ["Alexander"]
    leader = state.leader("bL1")
    assert leader is not None
    assert state.leader_name(leader).render("zh_CN") == "亚历山大"
    assert piece_name(state, "bL1").render("zh_CN") == "领袖亚历山大"
    assert piece_name(state, "bL1").render("en") == "Leader Alexander"


def test_every_bundled_leader_has_an_english_and_a_chinese_name() -> None:
    """CCA-UNIT-3, CCA-SETUP-2: each bundled scenario names every leader in both languages."""
    for path in sorted(SCENARIOS.glob("*.json")):
        model = CcaScenario.model_validate(json.loads(path.read_text("utf-8")))
        names = [x.name for army in model.armies for x in army.leaders]
        assert names, path.name
        for name in names:
            assert name is not None and name.en.isascii() and name.zh_CN, (path.name, name)
            assert not name.zh_CN.isascii(), (path.name, name)


def test_leader_evade_names_the_leader_in_chinese() -> None:
    """CCA-LEVADE-1, CCA-LEVADE-2: the close combat misses the lone leader, who evades toward his side; the
    evade choices and the event name him in the reader's language."""
    state = _lone_leader_attacked(ALEXANDER)
    attacked, events = do(state, fire(state, "0604", "0605"), (1, 1, 2, 2, 3))
    assert any("亚历山大" in text for text in _texts(events, "zh_CN"))  # "HI attacks leader 亚历山大"
    assert attacked.tasks and attacked.tasks[0].kind == "leader_evade"
    evade = next(c for c in legal(attacked) if isinstance(c, m.LeaderEvade) and not c.off_board)
    assert "亚历山大" in describe(attacked, evade).label.render("zh_CN")
    assert "Alexander" in describe(attacked, evade).label.render("en")
    _, evaded = do(attacked, evade)
    assert "领袖亚历山大闪避。" in _texts(evaded, "zh_CN")
    assert "Leader Alexander evades." in _texts(evaded, "en")


def test_leader_leaving_off_his_baseline_is_named_in_chinese() -> None:
    """CCA-LEVADE-6: the leader evading off his own baseline leaves the battlefield, named in Chinese."""
    state = _lone_leader_attacked(ALEXANDER, leader_at="0608")
    attacked, _ = do(state, fire(state, "0607", "0608"), (1, 1, 2, 2, 3))
    off = next(c for c in legal(attacked) if isinstance(c, m.LeaderEvade) and c.off_board)
    _, events = do(attacked, off)
    assert "领袖亚历山大离开战场（不计胜利旗标）。" in _texts(events, "zh_CN")


def test_killed_leader_and_casualty_check_are_named_in_chinese() -> None:
    """CCA-LEADER-4, CCA-LEADER-7: the attached leader's unit is destroyed, his casualty check (a helmet) kills
    him: the check's title and the banner message name him in Chinese."""
    base = position([("bottom", "HI", "0606"), ("top", "MI", "0605", 1)], [("top", "0605")], ordered=("b1",))
    data = base.runtime.model.model_dump(mode="json")
    data["armies"][1]["leaders"][0]["name"] = {"en": "Hannibal", "zh_CN": "汉尼拔"}
    state = SYSTEM.initial_state(SYSTEM.load_scenario(CcaScenario.model_validate(data), None), 1)
    _, events = do(state, fire(state, "0606", "0605", side="bottom"), (2, 1, 1, 1, 1, 4))
    texts = _texts(events, "zh_CN")
    assert any(text.startswith("领袖汉尼拔阵亡") for text in texts), texts
    assert "汉尼拔的伤亡检定" in texts


def test_leader_counter_title_in_the_view_is_the_chinese_name() -> None:
    """CCA-UNIT-3: the board's leader counter (and the inspector it opens) carries the translated name, and its
    state reads as a word."""
    state = _named(position([("bottom", "MI", "0605")], [("bottom", "0605")]), ALEXANDER)
    view = SYSTEM.view(state, "bottom")
    titles = [c.title.render("zh_CN") for c in view.counters if c.kind == "leader"]
    assert titles == ["领袖亚历山大"]
    leader = next(c for c in view.counters if c.kind == "leader")
    assert [view.glossary[f].render("zh_CN") for f in leader.flags] == ["领袖"]  # the inspector's state, in words


@pytest.mark.parametrize("old", ["Antipater", {"en": "Antipater"}])
def test_editor_gives_a_leader_a_chinese_name(old: str | dict[str, str]) -> None:
    """CCA-UNIT-3: in the editor a leader's name has an English and a Chinese field; a plain string shows as the
    English and gains the Chinese beside it; the palette label names the leader."""
    plugin = CcaEditing()
    data = plugin.new_document()
    data["armies"][0]["leaders"] = [{"at": "0708", "name": old}]
    doc = Document(data)
    path = ("armies", 0, "leaders", 0, "name")
    form = fields_from_schema(CcaScenario.model_json_schema(), doc.data, path[:-1])
    assert [f.path for f in form if f.path[:5] == path] == [(*path, "en"), (*path, "zh_CN")]
    english = FieldSpec((*path, "en"), Text(msg="Name (English)"), "text")
    assert current_text(doc.data, english) == "Antipater"
    doc.set((*path, "zh_CN"), "安提帕特")
    assert doc.data["armies"][0]["leaders"][0]["name"] == {"en": "Antipater", "zh_CN": "安提帕特"}
    model = CcaScenario.model_validate(doc.data)
    assert model.armies[0].leaders[0].name == Localized(en="Antipater", zh_CN="安提帕特")
    labels = [p.label.render("zh_CN") for p in plugin.placed(doc.data, None) if p.kind == "leader"]
    assert labels == ["领袖安提帕特"]


def test_an_unnamed_leader_is_called_by_his_army_and_number() -> None:
    """CCA-UNIT-3: a leader the scenario leaves unnamed reads "Leader Macedonian 1" (his army and number), never his
    id ("bL1"), in English and in Chinese."""
    data = position([("bottom", "MI", "0605")], [("bottom", "0605")]).runtime.model.model_dump(mode="json")
    data["armies"][0]["leaders"][0].pop("name")
    data["armies"][0]["name"] = {"en": "Macedonian", "zh_CN": "马其顿军"}
    state = SYSTEM.initial_state(SYSTEM.load_scenario(CcaScenario.model_validate(data), None), 1)
    assert piece_name(state, "bL1").render("en") == "Leader Macedonian 1"
    assert piece_name(state, "bL1").render("zh_CN") == "领袖马其顿军1号"


def test_editor_places_an_unnamed_leader_that_loads() -> None:
    """CCA-UNIT-3: a leader placed from the palette has no name until one is typed; the file still loads."""
    plugin = CcaEditing()
    doc = Document(plugin.new_document())
    spot = Spot(loc=None, label="0708")
    with doc.transaction(Text(msg="place")) as tx:
        plugin.place(tx, "leader:0", spot, None)
    assert doc.data["armies"][0]["leaders"] == [{"at": "0708"}]
    assert CcaScenario.model_validate(doc.data).armies[0].leaders[0].name is None


def test_a_save_from_before_two_language_names_loads_to_the_same_digest() -> None:
    """CCA-UNIT-3: a save written before names had two languages embeds the scenario with plain-string names; it
    replays to the digest it recorded (the state keeps the English name either way), and its texts name the
    leader as the old file did."""
    from app.core.saves import from_save, to_save

    path = SCENARIOS / "granicus_crossing.json"
    model = CcaScenario.model_validate(json.loads(path.read_text("utf-8")))
    session = Session(SYSTEM, model, seed=3, folder=SCENARIOS)
    for _ in range(12):
        session.submit(session.legal_commands()[0])
    save = to_save(session)
    for army in save.scenario["armies"]:
        for leader in army["leaders"]:
            leader["name"] = leader["name"]["en"]  # as the file had it then
    loaded = from_save(save, {"cca": SYSTEM})
    assert [c.model_dump() for c in loaded.commands] == [c.model_dump() for c in session.commands]
    first = loaded.state.leaders[0]
    assert loaded.state.leader_name(first).render("zh_CN") == first.name == "Alexander"

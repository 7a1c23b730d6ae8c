"""Table mode: every command lists the physical steps it calls for, and typed dice decide as the engine's do."""

from __future__ import annotations

from typing import Any

from app.systems.third_reich.messages import Attack, Mobilize, Move, PlayCard
from tests.systems.third_reich.helpers import card, session, state, submit


def _steps(events: list[Any]) -> list[str]:
    return [e.instruction.render() for e in events if e.instruction is not None]


def _cards() -> list[dict[str, Any]]:
    return [card("a", "axis", sv=4), card("b", "axis")]


def test_tr_mov_1_table_steps_name_the_counters_the_areas_and_the_markers() -> None:
    """TR-MOV-1, TR-CTRL-5, TR-POL-1, TR-POL-2: two of three German infantry take empty Warsaw; the last one may
    not leave Berlin, so the round ends: Poland surrenders. The checklist says which counters go where, that the
    Polish unit goes to the pool, and whose control marker each area now takes."""
    s = session([("ge_lf", "berlin", 3), ("po_lf", "galicia")], cards=_cards())
    submit(s, PlayCard(side="axis", card="a"))
    steps = _steps(submit(s, Move(side="axis", units=("ge_lf_1", "ge_lf_2"), to="warsaw")))
    assert steps == [
        "Move 2 × GE Infantry 3-2-2 from Berlin to Warsaw, unused side up.",
        "Put PO Infantry 2-1-2 from Galicia in the mobilization pool.",
        "Mark Warsaw as controlled by Germany.",
        "Mark Galicia as controlled by USSR.",
        "Mark Brest as controlled by USSR.",
    ]


def test_tr_mob_1_table_step_places_the_unit_from_the_pool() -> None:
    """TR-MOB-1: a mobilized unit comes from the pool, used side up, into the named area."""
    s = session([("ge_lf", "berlin"), ("ge_lf", "pool"), ("po_lf", "warsaw")], cards=_cards())
    submit(s, PlayCard(side="axis", card="a"))
    pooled = next(u.id for u in state(s).units if u.loc == "pool" and u.design == "ge_lf")
    steps = _steps(submit(s, Mobilize(side="axis", unit=pooled, area="berlin")))
    assert steps == ["Move GE Infantry 3-2-2 from the mobilization pool to Berlin, used side up."]


def test_tr_hit_1_typed_dice_give_the_engine_result_and_the_steps_to_carry_it_out() -> None:
    """TR-HIT-1, TR-DMG-4: the dice typed at the table decide exactly as the engine's own roll of the same
    numbers; the steps flip the attackers and send the destroyed defender to the pool."""
    setup = [("ge_lf", "warsaw", 4), ("po_lf", "warsaw", 1, True), ("ge_lf", "berlin")]
    attack = Attack(side="axis", units=("ge_lf_1", "ge_lf_2", "ge_lf_3", "ge_lf_4"), target="warsaw")
    digital = session(setup, cards=_cards(), seed=7)
    submit(digital, PlayCard(side="axis", card="a"))
    rolled = submit(digital, attack)
    dice = [d.natural for e in rolled if e.ruling is not None for d in e.ruling.dice]
    table = session(setup, cards=_cards(), seed=99)
    submit(table, PlayCard(side="axis", card="a"))
    typed = submit(table, attack, dice=dice)
    assert state(table).units == state(digital).units
    assert _steps(typed) == _steps(rolled)
    assert "Flip 4 × GE Infantry 3-2-2 in Warsaw to the used side." in _steps(typed)


def test_tr_mov_1_a_move_names_the_unit_its_origin_and_destination_in_the_singular() -> None:
    """TR-MOV-1: one unit moving reads "GE Infantry 3-2-2 moves from Berlin to Warsaw." (play3 read "1 units move
    to Spain."), two read "2 units move from Berlin to Warsaw."; the checklist names the counters and both areas."""
    s = session([("ge_lf", "berlin", 3), ("po_lf", "galicia")], cards=_cards())
    submit(s, PlayCard(side="axis", card="a"))
    events = submit(s, Move(side="axis", units=("ge_lf_1",), to="warsaw"))
    assert events[0].text.render("en") == "GE Infantry 3-2-2 moves from Berlin to Warsaw."
    assert events[0].text.render("zh_CN") == "德国步兵 3-2-2从柏林移动至华沙。"
    assert _steps(events) == ["Move GE Infantry 3-2-2 from Berlin to Warsaw, unused side up."]
    two = session([("ge_lf", "berlin", 3), ("po_lf", "galicia")], cards=_cards())
    submit(two, PlayCard(side="axis", card="a"))
    moved = submit(two, Move(side="axis", units=("ge_lf_1", "ge_lf_2"), to="warsaw"))
    assert moved[0].text.render("en") == "2 units move from Berlin to Warsaw."
    assert moved[0].text.render("zh_CN") == "2个单位从柏林移动至华沙。"


def test_tr_hit_1_the_roll_names_a_lone_attacker() -> None:
    """TR-HIT-1: a single attacker's roll is titled with its name, not "1 units attack"."""
    s = session([("ge_lf", "warsaw", 1), ("po_lf", "warsaw", 1, True), ("ge_lf", "berlin")], cards=_cards())
    submit(s, PlayCard(side="axis", card="a"))
    rolled = submit(s, Attack(side="axis", units=("ge_lf_1",), target="warsaw"), dice=[6])
    title = next(e.ruling.title for e in rolled if e.ruling is not None)
    assert title.render("en") == "Attack by GE Infantry 3-2-2"
    assert title.render("zh_CN") == "德国步兵 3-2-2攻击"


def test_tr_unit_1_unit_names_read_the_nation_in_chinese() -> None:
    """TR-UNIT-1: a unit's name gives its nation, type and printed values; English keeps the nation's code ("GE
    Infantry 3-2-2"), Chinese the nation's name ("德国步兵 3-2-2"): no Latin code is left in the Chinese window.
    Every unit of the Barbarossa scenario is checked."""
    import json
    import re

    from app.core.session import Session
    from app.systems.third_reich import SYSTEM
    from app.systems.third_reich.names import unit_name
    from app.systems.third_reich.scenario import ThirdReichScenario
    from tests.systems.third_reich.helpers import FOLDER

    path = FOLDER / "barbarossa_1941.json"
    model = ThirdReichScenario.model_validate(json.loads(path.read_text("utf-8")))
    game = Session(SYSTEM, model, seed=1, folder=FOLDER).state
    names = {u.nation: unit_name(game, u.id) for u in game.units}
    assert len(names) >= 8
    for code, name in names.items():
        assert name.render("en").startswith(f"{code} "), name.render("en")
        assert not re.search(r"[A-Za-z]", name.render("zh_CN")), name.render("zh_CN")
    assert names["GE"].render("zh_CN").startswith("德国")
    assert names["SU"].render("zh_CN").startswith("苏联")

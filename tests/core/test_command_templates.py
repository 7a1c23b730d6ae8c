"""Command templates (DESIGN §3a): legal commands grouped by (kind, actors, target), completed by options."""

from __future__ import annotations

from app.core.command_templates import (
    CHOOSE_COMMAND,
    always_shown,
    batches,
    for_selection,
    group_templates,
    odds_text,
    target_key,
)
from app.core.i18n import Text, t
from app.core.view import CommandInfo, CommandOption


def _bomb(position: int, move_to: str = "") -> tuple[str, CommandInfo]:
    options = (
        CommandOption("move_to", t("Move"), move_to, Text(msg=move_to or "-")),
        CommandOption("position", t("Deck position"), str(position), Text(msg=str(position))),
    )
    label = Text(msg=f"Place bomb at K2, card {position}, via {move_to}")
    info = CommandInfo(label, "place", "jock", [10, 1], "1 AP", title=t("Place bomb at K2"), options=options)
    return f"place-{position}-{move_to}", info


def test_options_group_into_one_template_and_only_real_choices_are_asked() -> None:
    """Twenty deck positions times two moves make one template; the move is asked first, then the position."""
    items = [_bomb(n, via) for via in ("", "K3") for n in range(1, 21)]
    [template] = group_templates(items)
    assert (template.kind, template.actors, template.target) == ("place", ("jock",), (10, 1))
    assert template.title.msg == "Place bomb at K2" and template.cost() == "1 AP" and template.single is None
    question = template.question()
    assert question is not None and question.name == "move_to" and [v for v, _ in question.values] == ["", "K3"]
    stay = template.narrow("move_to", "")
    question = stay.question()
    assert question is not None and question.name == "position" and len(question.values) == 20
    done = stay.narrow("position", "7")
    assert done.question() is None and done.single == "place-7-"


def test_commands_differing_in_no_declared_option_are_told_apart_by_label() -> None:
    """Two weapons the system did not declare as an option: one template (same title), asked by label."""
    items = [(n, CommandInfo(Text(msg=f"Attack with {n}"), "attack", "a", (1, 1), title=t("Attack"))) for n in "xy"]
    [template] = group_templates(items)
    question = template.question()
    assert question is not None and question.name == CHOOSE_COMMAND and len(question.values) == 2
    assert template.narrow(CHOOSE_COMMAND, "1").single == "y"


def test_multi_actor_commands_match_exactly_the_selected_group() -> None:
    """A fire group of two stacks is one actor set: it shows for that selection in any order, not for one stack."""
    group = CommandInfo(t("Fire group attacks 0508"), "fire", actors=("s1", "s2"), target=(5, 8), odds=0.42)
    alone = CommandInfo(t("s1 fires at 0508"), "fire", actor="s1", target=(5, 8), odds=0.25)
    templates = group_templates([("group", group), ("alone", alone)])
    assert [tpl.single for tpl in for_selection(templates, ["s2", "s1"])] == ["group"]
    assert [tpl.single for tpl in for_selection(templates, ["s1"])] == ["alone"]
    assert group.actor_ids == ("s1", "s2") and alone.actor_ids == ("s1",)
    assert odds_text(templates[0].odds()) == "42%"


def test_phase_and_side_commands_are_always_shown() -> None:
    end = CommandInfo(t("End activation"), "phase", actor="jock")
    card = CommandInfo(t("Play a card"), "card")
    move = CommandInfo(t("Move"), "move", actor="jock", target=(1, 2))
    templates = group_templates([("end", end), ("card", card), ("move", move)])
    assert [tpl.single for tpl in always_shown(templates)] == ["end", "card"]


def test_a_kind_every_selected_counter_can_do_one_way_is_a_batch() -> None:
    orders = [(f"order-{u}", CommandInfo(t("Order"), "order", actor=u, target=(i, 0))) for i, u in enumerate("abc")]
    moves = [("move-a1", CommandInfo(t("Move"), "move", actor="a", target=(0, 1)))]
    templates = group_templates(orders + moves)
    [batch] = batches(templates, ["a", "c"])
    assert batch.kind == "order" and batch.commands == ("order-a", "order-c")
    assert batches(templates, ["a"]) == []


def test_targets_are_hashable_and_odds_ranges_read_well() -> None:
    assert target_key([1, [2, 3]]) == (1, (2, 3))
    assert odds_text((0.333, 0.5)) == "33–50%" and odds_text(None) == ""

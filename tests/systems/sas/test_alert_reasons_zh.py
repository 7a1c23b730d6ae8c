"""The reason a sentry turns alert reads in the window's language (play5: "(spotted something while turning)" and
six more reasons were plain English strings, rendered in English in the Chinese log)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.core.i18n import t

SAS = Path(__file__).resolve().parents[3] / "app" / "systems" / "sas"
ADVANCES = [
    "best attack position vs the nearest exposed operator",
    "closing on the nearest exposed operator",
    "reaches the nearest outdoor sentry point",
]
ENDINGS = ["no operator is left on the map", "the last turn of the mission is over"]
REASONS = [
    " (spotted something while turning)",
    " (spotted something on patrol)",
    " (heard the sprint)",
    " (was attacked)",
    " (a speargun missed him)",
    " (it heard something)",
    " (she walks away)",
]


@pytest.mark.parametrize("reason", REASONS)
def test_sas_evt_4_an_alert_reason_is_translated(reason: str) -> None:
    """SAS-EVT-4, SAS-PAT-5, SAS-ATK-9: the reason joins "{unit} is alert{why}." as a Text, in Chinese too."""
    text = t("{unit} is alert{why}.", unit="H4", why=t(reason))
    assert text.render("en") == f"H4 is alert{reason}."
    chinese = text.render("zh_CN")
    assert reason.strip(" ()") not in chinese and "（" in chinese


def test_no_alert_reason_is_a_plain_string() -> None:
    """No call of ``alert``, ``spot`` or ``end_talk`` passes its reason as a plain string or a pre-rendered Text
    (rendered once in English, it would stay English in every language)."""
    found = []
    for path in SAS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or getattr(node.func, "attr", getattr(node.func, "id", "")) not in (
                "alert",
                "spot",
                "end_talk",
            ):
                continue
            why = node.args[3] if len(node.args) > 3 else None
            plain = isinstance(why, ast.Constant) and isinstance(why.value, str) and why.value.strip()
            rendered = isinstance(why, ast.Call) and getattr(why.func, "attr", "") == "render"
            if plain or rendered:
                found.append(f"{path.name}:{node.lineno}")
    assert found == []


@pytest.mark.parametrize("reason", ADVANCES)
def test_sas_adv_4_why_a_unit_advances_reads_in_chinese(reason: str) -> None:
    """SAS-ADV-4, SAS-UNIT-6: the reason an Axis unit advances where it does is a translated Text."""
    text = t("{unit} advances to {sq}, facing {facing} ({why}).", unit="x", sq="G8", facing="N", why=t(reason))
    assert reason in text.render("en") and reason not in text.render("zh_CN")


@pytest.mark.parametrize("reason", ENDINGS)
def test_sas_msn_1_why_the_mission_ended_reads_in_chinese(reason: str) -> None:
    """SAS-MSN-1: the state keeps why the mission ended as a string (saves stay the same); it is shown translated."""
    from app.systems.sas.turn import ending

    text = t("The mission ends: {why}.", why=ending(reason))
    assert text.render("en") == f"The mission ends: {reason}." and reason not in text.render("zh_CN")
    assert ending("an older reason") == "an older reason"

"""Translatable text: catalog lookup, inline translations, nested arguments, English fallback."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core import i18n
from app.core.i18n import Text, localized, render, t


@pytest.fixture
def zh_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    folder = tmp_path / "i18n"
    folder.mkdir()
    catalog = {"Turn {turn}": "第{turn}回合", "{unit} moves": "{unit}移动", "rifleman": "步枪兵", "Broken {x}": "坏{y}"}
    (folder / "zh_CN.json").write_text(json.dumps(catalog, ensure_ascii=False), encoding="utf-8")
    monkeypatch.setattr(i18n, "RESOURCES", tmp_path)
    monkeypatch.setattr(i18n, "SYSTEMS", tmp_path / "systems")  # the catalogs of this test only
    i18n.catalog.cache_clear()
    yield
    i18n.catalog.cache_clear()


@pytest.mark.usefixtures("zh_catalog")
def test_catalog_translation() -> None:
    assert t("Turn {turn}", turn=3).render("zh_CN") == "第3回合"
    assert t("Turn {turn}", turn=3).render("en") == "Turn 3"
    assert str(t("Turn {turn}", turn=3)) == "Turn 3"


@pytest.mark.usefixtures("zh_catalog")
def test_nested_arguments_are_translated() -> None:
    assert t("{unit} moves", unit=t("rifleman")).render("zh_CN") == "步枪兵移动"
    assert render(t("{unit} moves", unit="Jock"), "zh_CN") == "Jock移动"


@pytest.mark.usefixtures("zh_catalog")
def test_missing_translation_falls_back_to_english() -> None:
    assert t("Rest").render("zh_CN") == "Rest"
    assert t("Broken {x}", x=1).render("zh_CN") == "Broken 1"  # a bad catalog template never breaks rendering


def test_inline_translation_and_escaping() -> None:
    text = localized("Operation {Grapple}", "行动{抓钩}")
    assert text.render("en") == "Operation {Grapple}"
    assert text.render("zh_CN") == "行动{抓钩}"
    assert localized("Night drop").render("zh_CN") == "Night drop"


@pytest.mark.usefixtures("zh_catalog")
def test_a_system_catalog_is_loaded_on_top_of_the_shared_one(tmp_path: Path) -> None:
    folder = tmp_path / "systems" / "toy" / "i18n"
    folder.mkdir(parents=True)
    (folder / "zh_CN.json").write_text(json.dumps({"Rest": "休整"}, ensure_ascii=False), encoding="utf-8")
    i18n.catalog.cache_clear()
    assert t("Rest").render("zh_CN") == "休整"  # from the system's catalog
    assert t("Turn {turn}", turn=3).render("zh_CN") == "第3回合"  # from the shared one
    assert i18n.catalog_files("zh_CN") == [tmp_path / "i18n" / "zh_CN.json", folder / "zh_CN.json"]


def test_missing_catalog_file_is_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "RESOURCES", tmp_path)
    monkeypatch.setattr(i18n, "SYSTEMS", tmp_path / "systems")  # no shared and no system catalog
    i18n.catalog.cache_clear()
    try:
        assert i18n.catalog("zh_CN") == {}
        assert t("Turn {turn}", turn=2).render("zh_CN") == "Turn 2"
    finally:
        i18n.catalog.cache_clear()


def test_plain_strings_pass_through_and_text_is_json() -> None:
    assert render("plain", "zh_CN") == "plain"
    text = t("{a} and {b}", a=1, b=t("x"))
    assert Text.model_validate_json(text.model_dump_json()) == text

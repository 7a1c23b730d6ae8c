"""The zh_CN message catalogs cover every translatable template of the Qt-free layers, and only those.

The catalog is split: ``resources/i18n/zh_CN.json`` holds the shared messages and each game system's
``app/systems/<id>/i18n/zh_CN.json`` the messages only its code uses (``packaging/split_translations.py``).

Templates are found by ``packaging/extract_messages.py`` (literal first arguments of ``t(...)``, of wrappers
such as ``illegal(msg, rule, **args)``, and values of tables looked up as ``t(TABLE[key])``).
"""

from __future__ import annotations

import importlib.util
import json
import string
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from app.core.i18n import Text, catalog, catalog_files, t

ROOT = Path(__file__).resolve().parents[1]

# Keys that reach the catalog through t() calls whose template is not a literal (the extractor's --dynamic
# report), so they cannot be extracted. Keep this list in step with the code it names.
DYNAMIC_KEYS = frozenset(
    {
        # app/systems/cca/describe.py: t(command.kind.replace("_", " ").capitalize()) for the commands
        # describe() has no dedicated label for.
        "Advance",
        "Battle back",
        "Deal hands",
        "Decline",
        "End movement",
        "End orders",
        "End turn",
        "First strike",
        "Stand",
        # app/systems/cca/tables.py face_names(): battle-dice face names from data/dice.json, passed to the
        # table-mode dice prompt as NeedInput.faces and rendered by the dice tray.
        "blue triangle",
        "crossed swords",
        "flag",
        "green circle",
        "helmet",
        "red square",
    }
)


def _load_extractor() -> ModuleType:
    path = ROOT / "packaging" / "extract_messages.py"
    spec = importlib.util.spec_from_file_location("extract_messages", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("extract_messages", module)
    spec.loader.exec_module(module)
    return module


extractor = _load_extractor()


def _load_splitter() -> ModuleType:
    path = ROOT / "packaging" / "split_translations.py"
    spec = importlib.util.spec_from_file_location("split_translations", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def entries() -> dict[str, str]:
    """Every catalog merged, as the app loads them."""
    data: dict[str, str] = extractor.load_catalog()
    return data


@pytest.fixture(scope="module")
def found() -> list[Any]:
    """Templates of all of app/ (one parse): app/ui also calls i18n.t() for a few messages of this catalog."""
    return list(extractor.occurrences(extractor.source_files(excluded=())))


@pytest.fixture(scope="module")
def qt_free(found: list[extractor.Occurrence]) -> list[str]:  # type: ignore[name-defined]
    """Templates of app/ without app/ui (what the extractor reports by default)."""
    ui = extractor.APP / "ui"
    return sorted({o.msg for o in found if not o.path.is_relative_to(ui)})


@pytest.fixture(scope="module")
def with_ui(found: list[extractor.Occurrence]) -> set[str]:  # type: ignore[name-defined]
    return {o.msg for o in found}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _literal_text(template: str) -> str:
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(template))


def test_extractor_finds_wrappers_and_tables(qt_free: list[str]) -> None:
    assert not any(m.startswith("The automated player") for m in qt_free)  # app/ui is excluded by default
    assert "illegal" in extractor.find_wrappers(
        [extractor.ast.parse((ROOT / "app/systems/sas/operators/operator.py").read_text(encoding="utf-8"))]
    )
    assert "{op} is not the operator being activated." in qt_free  # via illegal(...)
    assert "Axis Patrol phase" in qt_free  # via t(PHASE_NAMES[p])
    assert qt_free == sorted(set(qt_free))


def test_every_template_is_translated(entries: dict[str, str], with_ui: set[str]) -> None:
    missing = sorted((with_ui | DYNAMIC_KEYS) - entries.keys())
    assert not missing, f"add zh_CN entries (python packaging/extract_messages.py --missing): {missing}"


def test_placeholders_are_kept(entries: dict[str, str]) -> None:
    wrong = {k: v for k, v in entries.items() if _fields(k) != _fields(v)}
    assert not wrong


def test_translations_are_not_empty_or_english(entries: dict[str, str]) -> None:
    assert all(v.strip() for v in entries.values())
    untranslated = [k for k, v in entries.items() if v == k and any(c.isalpha() for c in _literal_text(k))]
    assert not untranslated


def test_no_stale_entries(entries: dict[str, str], with_ui: set[str]) -> None:
    stale = sorted(entries.keys() - with_ui - DYNAMIC_KEYS)
    assert not stale, f"unused zh_CN entries (python packaging/extract_messages.py --stale --with-ui): {stale}"


def test_catalog_files_are_sorted_and_diff_friendly() -> None:
    for path in extractor.catalog_paths():
        if path.exists():
            text = path.read_text(encoding="utf-8")
            data = json.loads(text)
            assert text == json.dumps(dict(sorted(data.items())), ensure_ascii=False, indent=1) + "\n", path


def test_each_entry_lives_in_one_catalog_with_the_code_that_uses_it() -> None:
    """A system's messages are in its own catalog, shared ones in resources/i18n (split_translations --check)."""
    seen: dict[str, Path] = {}
    for path in extractor.catalog_paths():
        for key in extractor.load_catalog(path) if path.exists() else {}:
            assert key not in seen, f"{key!r} is in {seen[key]} and {path}"
            seen[key] = path
    assert _load_splitter().main(["--check"]) == 0, "run: python packaging/split_translations.py"


def test_system_catalogs_are_loaded_on_top_of_the_shared_one() -> None:
    files = [p.relative_to(ROOT).as_posix() for p in catalog_files("zh_CN")]
    assert files[0] == "resources/i18n/zh_CN.json"
    assert "app/systems/sas/i18n/zh_CN.json" in files and "app/systems/cca/i18n/zh_CN.json" in files
    assert t("Axis Patrol phase").render("zh_CN") != "Axis Patrol phase"  # an SAS message, from SAS's catalog


def test_nested_text_renders_in_chinese() -> None:
    assert "{op} is killed." in catalog("zh_CN")
    inner = t("{n} hit(s)", n=2)
    outer = t("{title}: {result}.", title=t("{unit} attacks {op}", unit="Rifleman", op="Paddy"), result=inner)
    assert outer.render("zh_CN") == "Rifleman攻击Paddy：命中2次。"
    assert outer.render("en") == "Rifleman attacks Paddy: 2 hit(s)."
    assert isinstance(outer.args["result"], Text)
    assert t("not in the catalog {x}", x=t("aimed")).render("zh_CN") == "not in the catalog 已瞄准"

"""Translatable text for the Qt-free layers.

The rules core never formats user-visible sentences directly: it returns :class:`Text` values (an English
template plus arguments). The UI (or the CLI) renders them in the user's language with a catalog loaded
from ``resources/i18n/<lang>.json`` (the messages shared by the app) and every game system's own
``app/systems/<id>/i18n/<lang>.json`` on top (English template -> translated template; the system catalogs
are found by their place, so no system is imported to render its name). Arguments may themselves be
:class:`Text`, so unit names and terrain names are translated too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.core.defaults import new_dict

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
SYSTEMS = Path(__file__).resolve().parents[1] / "systems"
LANGUAGES = ("en", "zh_CN")


class Text(BaseModel):
    """An English message template with named ``{placeholders}`` and their values."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    msg: str
    # Factories, not ``= {}``: pydantic deep-copies a mutable default for every instance, and Texts are made often.
    args: dict[str, str | int | float | Text] = Field(default_factory=new_dict)
    tr: dict[str, str] = Field(default_factory=new_dict)  # inline translations (text authored in data files)

    def render(self, lang: str = "en") -> str:
        """Render in ``lang`` ("en" or "zh_CN"); unknown messages fall back to English."""
        template = self.tr.get(lang) or catalog(lang).get(self.msg, self.msg)
        values = {k: (v.render(lang) if isinstance(v, Text) else v) for k, v in self.args.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            try:
                return self.msg.format(**values)
            except (KeyError, IndexError, ValueError):
                return self.msg

    def __str__(self) -> str:
        return self.render("en")


def t(msg: str, **args: str | int | float | Text) -> Text:
    """Make a :class:`Text`; the name mirrors gettext's ``_`` so extraction tools can find messages."""
    return Text(msg=msg, args=args)


def catalog_files(lang: str) -> list[Path]:
    """The catalog files of ``lang`` that exist: the shared one first, then each system's, by system id."""
    shared = RESOURCES / "i18n" / f"{lang}.json"
    systems = sorted(SYSTEMS.glob(f"*/i18n/{lang}.json"))
    return [path for path in (shared, *systems) if path.exists()]


@lru_cache(maxsize=8)
def catalog(lang: str) -> Mapping[str, str]:
    """Load the translation catalog for ``lang``: the shared catalog and every system's (empty for English)."""
    if lang == "en":
        return {}
    merged: dict[str, str] = {}
    for path in catalog_files(lang):
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        merged.update({str(k): str(v) for k, v in data.items()})
    return merged


def render(value: Text | str, lang: str = "en") -> str:
    """Render a Text or pass a plain string through."""
    return value.render(lang) if isinstance(value, Text) else value


def localized(en: str, zh_cn: str | None = None) -> Text:
    """Text authored in a data file with its own translation (no catalog lookup, no placeholders)."""
    safe = en.replace("{", "{{").replace("}", "}}")
    tr = {"zh_CN": zh_cn.replace("{", "{{").replace("}", "}}")} if zh_cn else {}
    return Text(msg=safe, tr=tr)

"""The rules reference behind a rule ID: the one-line summary of each rule in ``docs/rules/<system>.md``
(``- ID — summary``), shown when the pointer rests on a rule ID in the log or a ruling."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
LINE = re.compile(r"^- ([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+) — (.+)$")


@lru_cache(maxsize=2)
def summaries(folder: Path = RULES) -> dict[str, str]:
    """Every rule ID of the reference files in ``folder`` with its summary (empty when the files are absent)."""
    found: dict[str, str] = {}
    for path in sorted(folder.glob("*.md")) if folder.is_dir() else ():
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        for line in text.splitlines():
            match = LINE.match(line.strip())
            if match:
                found.setdefault(match.group(1), match.group(2))
    return found


def rule_tip(rule_id: str) -> str:
    """ "ID — summary" for each rule ID in ``rule_id`` (one or several, e.g. "CCA-HIT-3, CCA-HIT-4"); the bare ID
    when the reference does not list it, "" for no ID."""
    ids = [part for part in re.split(r"[\s,;/]+", rule_id) if part]
    known = summaries()
    return "\n".join(f"{one} — {known[one]}" if one in known else one for one in ids)

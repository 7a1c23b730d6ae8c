"""Rule-ID hygiene (issue 13, item 6): every rule of docs/rules/ is cited by a test or waived, one by one.

``docs/rules/<system>.md`` lists every rule ID of a system's rules digest (one line each). A rule counts as
cited when a test under ``tests/`` names it: in a docstring or comment (``SAS-AVEH-4``) or in a test function's
name (``test_sas_aveh_4_…``). Rules no test cites are listed in ``tests/rule_id_waivers.txt`` with the reason.
Citations are single IDs: a range (two IDs' numbers joined by two dots or a dash) or a slashed list fails
:func:`test_no_range_citations` (``packaging/expand_rule_ranges.py`` rewrites them).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "rules"
WAIVERS = ROOT / "tests" / "rule_id_waivers.txt"
PREFIXES = ("SAS", "CCA", "TY", "TR", "LNL")
RULE = rf"(?:{'|'.join(PREFIXES)})-[A-Z]+-\d+[a-z]?"
ENTRY = re.compile(rf"^- ({RULE}) — (\S.*)$")
CITED = re.compile(rf"\b{RULE}\b")
TEST_NAME = re.compile(rf"def test_((?:{'|'.join(p.lower() for p in PREFIXES)})_[a-z]+_\d+)(?![\d])")
# The rules digests kept beside the repository (../shared/rules from a clone; absent on CI).
DIGESTS = next(
    (p for p in (ROOT.parent / "shared" / "rules", ROOT.parents[1] / "shared" / "rules") if p.is_dir()), None
)
DIGEST_FILES = {
    "sas.md": "sas-rogue-regiment.md",
    "cca.md": "cc-ancients.md",
    "typhoon.md": "typhoon.md",
    "third_reich.md": "third-reich.md",
    "lnl.md": "lnl-tactical.md",
}


@cache
def reference() -> dict[str, tuple[str, str]]:
    """Rule ID -> (reference file name, summary), for every ``- ID — summary`` line of docs/rules/*.md."""
    found: dict[str, tuple[str, str]] = {}
    for path in sorted(REFERENCE.glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = ENTRY.match(line)
            if match:
                assert match[1] not in found, f"{match[1]} listed twice ({found[match[1]][0]}, {path.name})"
                found[match[1]] = (path.name, match[2])
    return found


def cited_ids(text: str) -> set[str]:
    """The rule IDs a test file cites: named in its text, or in a test function's name."""
    ids = set(CITED.findall(text))
    ids |= {name.upper().replace("_", "-") for name in TEST_NAME.findall(text)}
    return ids


@cache
def cited() -> frozenset[str]:
    """Every rule ID cited by a test under tests/ (this file excluded)."""
    ids: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        if path.resolve() != Path(__file__).resolve():
            ids |= cited_ids(path.read_text(encoding="utf-8"))
    return frozenset(ids)


@cache
def waivers() -> dict[str, str]:
    """Rule ID -> reason, from tests/rule_id_waivers.txt (``ID  reason``; ``#`` starts a comment line)."""
    found: dict[str, str] = {}
    for number, line in enumerate(WAIVERS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        rule_id, _, reason = line.partition(" ")
        assert re.fullmatch(RULE, rule_id), f"{WAIVERS.name}:{number}: not a rule ID: {rule_id!r}"
        assert rule_id not in found, f"{WAIVERS.name}:{number}: {rule_id} waived twice"
        found[rule_id] = reason.strip()
    return found


def test_reference_lists_every_system() -> None:
    """Each reference file lists its system's rules under one prefix, each with a summary."""
    by_file: dict[str, set[str]] = {}
    for rule_id, (name, summary) in reference().items():
        by_file.setdefault(name, set()).add(rule_id.split("-")[0])
        assert len(summary) >= 8, f"{rule_id}: summary too short"
    assert set(by_file) == set(DIGEST_FILES)
    assert all(len(prefixes) == 1 for prefixes in by_file.values()), by_file


def test_every_rule_is_cited_by_a_test_or_waived() -> None:
    """Every rule ID of docs/rules is cited by a test under tests/ or listed in tests/rule_id_waivers.txt."""
    missing = sorted(set(reference()) - cited() - set(waivers()))
    assert not missing, f"{len(missing)} rules neither cited by a test nor waived: {', '.join(missing)}"


def test_waivers_are_known_uncited_rules_with_a_reason() -> None:
    """A waiver names a rule of docs/rules that no test cites, and says why (so the list only shrinks)."""
    waived = waivers()
    unknown = sorted(set(waived) - set(reference()))
    assert not unknown, f"waivers for IDs not in docs/rules: {', '.join(unknown)}"
    stale = sorted(set(waived) & cited())
    assert not stale, f"cited by a test now, remove their waivers: {', '.join(stale)}"
    assert all(len(reason) >= 10 for reason in waived.values()), "every waiver needs its reason"


@pytest.mark.skipif(DIGESTS is None, reason="the rules digests (../shared/rules) are not beside this clone")
def test_reference_matches_the_digests() -> None:
    """docs/rules lists exactly the rule IDs the digests define (a table row or a bold heading starting a line)."""
    assert DIGESTS is not None
    defined = re.compile(rf"^(?:\| |\*\*)({RULE})\b", re.MULTILINE)
    for mine, theirs in DIGEST_FILES.items():
        ids = set(defined.findall((DIGESTS / theirs).read_text(encoding="utf-8")))
        listed = {rule_id for rule_id, (name, _) in reference().items() if name == mine}
        assert listed == ids, f"{mine}: missing {sorted(ids - listed)}, extra {sorted(listed - ids)}"


# --- ranges -------------------------------------------------------------------------------------------------------
@cache
def expander() -> ModuleType:
    """packaging/expand_rule_ranges.py, loaded as a module."""
    spec = importlib.util.spec_from_file_location("expand_rule_ranges", ROOT / "packaging" / "expand_rule_ranges.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_no_range_citations() -> None:
    """No file of app/, tests/, docs/, README.md, scenarios/ or resources/ cites rule IDs as a range or a list
    with an elided prefix (run ``python packaging/expand_rule_ranges.py`` to rewrite them)."""
    tool = expander()
    found = {}
    for path in tool.files(ROOT):
        ranges = tool.citations(path.read_text(encoding="utf-8"))
        if ranges:
            found[str(path.relative_to(ROOT))] = ranges
    count = sum(len(ranges) for ranges in found.values())
    shown = "; ".join(f"{name}: {', '.join(ranges)}" for name, ranges in list(found.items())[:8])
    assert not found, f"{count} range citations in {len(found)} files (run packaging/expand_rule_ranges.py): {shown}"


# The range forms are assembled with "+" so that this file itself cites no range.
@pytest.mark.parametrize(
    ("text", "expanded"),
    [
        ("SAS-AVEH-4" + "..6", "SAS-AVEH-4, SAS-AVEH-5, SAS-AVEH-6"),
        ("(SAS-EQ-14" + "–16)", "(SAS-EQ-14, SAS-EQ-15, SAS-EQ-16)"),
        ("SAS-SUP-1" + "/2/3.", "SAS-SUP-1, SAS-SUP-2, SAS-SUP-3."),
        ("SAS-BRD-1" + ", -4, -5", "SAS-BRD-1, SAS-BRD-4, SAS-BRD-5"),
        ("CCA-VICTORY-1" + "..CCA-VICTORY-3", "CCA-VICTORY-1, CCA-VICTORY-2, CCA-VICTORY-3"),
        ("OQ-31" + "..33", "OQ-31, OQ-32, OQ-33"),
        ("CCA-RAMPART-2/CCA-CAMP-2", "CCA-RAMPART-2/CCA-CAMP-2"),
        ("SAS-LOS-1 — title, UTF-8/16, 1/2", "SAS-LOS-1 — title, UTF-8/16, 1/2"),
    ],
)
def test_expand_rule_ranges_rewrites_each_form(text: str, expanded: str) -> None:
    """The rewrite covers the two-dot, en-dash, slashed and elided-prefix forms and leaves the rest alone."""
    tool = expander()
    assert tool.expand(text) == expanded
    assert tool.expand(expanded) == expanded  # idempotent
    assert tool.citations(expanded) == []


def test_expand_rule_ranges_reflows_what_it_lengthens() -> None:
    """Comments and docstrings lengthened by an expansion are re-flowed under the line limit; code is not."""
    tool = expander()
    every, some = "SAS-AVEH-1" + "..24", "SAS-AVEH-14" + "..24"
    source = (
        f'"""Module ({every})."""\n\n\n'
        "def f() -> None:\n"
        f'    """Drive ({some}) and more words here."""\n'
        f"    x = 1  # convoys and patrols ({every})\n"
    )
    out = tool.reflow_python(tool.expand(source))
    assert all(len(line) <= tool.LIMIT for line in out.splitlines())
    assert "SAS-AVEH-24)." in out and "    x = 1" in out
    compile(out, "<reflowed>", "exec")
    assert cited_ids(out) >= {f"SAS-AVEH-{n}" for n in range(1, 25)}

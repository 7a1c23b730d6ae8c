"""Move each zh_CN catalog entry to the catalog of the code that uses it (DESIGN §3a: translations live with
the system).

An entry whose template only a game system's code uses (``app/systems/<id>/``) belongs in that system's
``app/systems/<id>/i18n/zh_CN.json``; an entry used by shared code (app/core, app/scenario, app/ui, …), by
two systems, or by no extracted code at all (templates built at run time) stays in (or goes back to)
``resources/i18n/zh_CN.json``. Nothing is added or dropped: the merged catalog is the same before and after.
Re-run it after merging work that added entries to the shared catalog::

    python packaging/split_translations.py          # rewrite the catalogs
    python packaging/split_translations.py --check  # exit 1 if an entry is in the wrong catalog
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections import defaultdict
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SHARED = "shared"


def _extractor() -> ModuleType:
    spec = importlib.util.spec_from_file_location("extract_messages", ROOT / "packaging" / "extract_messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("extract_messages", module)
    spec.loader.exec_module(module)
    return module


def owner_of(path: Path, systems: Path) -> str:
    """``<id>`` for a file of ``app/systems/<id>/``, else ``"shared"``."""
    return path.relative_to(systems).parts[0] if path.is_relative_to(systems) else SHARED


def owners(extractor: ModuleType) -> dict[str, set[str]]:
    """Who uses each template: system ids and/or ``"shared"`` (every .py file of app/, app/ui included)."""
    systems = extractor.APP / "systems"
    found: dict[str, set[str]] = defaultdict(set)
    for occurrence in extractor.occurrences(extractor.source_files(excluded=())):
        found[occurrence.msg].add(owner_of(occurrence.path, systems))
    return found


def catalog_path(extractor: ModuleType, owner: str) -> Path:
    """The catalog file of an owner."""
    return extractor.CATALOG if owner == SHARED else extractor.APP / "systems" / owner / "i18n" / "zh_CN.json"


def split(extractor: ModuleType) -> dict[str, dict[str, str]]:
    """The catalogs by owner after the split (every entry of every current catalog, each in one place)."""
    used = owners(extractor)
    out: dict[str, dict[str, str]] = defaultdict(dict)
    for key, value in extractor.load_catalog().items():
        users = used.get(key, set())
        home = next(iter(users)) if len(users) == 1 else SHARED
        out[home][key] = value
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report entries in the wrong catalog")
    ns = parser.parse_args(argv)
    extractor = _extractor()
    wanted = split(extractor)
    current = {p: extractor.load_catalog(p) for p in extractor.catalog_paths()}
    targets = {catalog_path(extractor, owner): entries for owner, entries in wanted.items()}
    changed = [p for p in {*current, *targets} if current.get(p, {}) != targets.get(p, {})]
    if ns.check:
        for path in sorted(changed):
            print(f"{path.relative_to(ROOT)}: entries to move (python packaging/split_translations.py)")
        return 1 if changed else 0
    for path in sorted(changed):
        entries = targets.get(path, {})
        if entries or path == extractor.CATALOG:
            path.parent.mkdir(parents=True, exist_ok=True)
            extractor.write_catalog(entries, path)
        else:
            path.unlink()
        print(f"{path.relative_to(ROOT)}: {len(entries)} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())

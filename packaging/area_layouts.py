"""Store the layout (shared borders, centres) of every bundled area board, so that it opens without shapely.

An area map finds its neighbours by intersecting its polygons with shapely (≈ 100 ms to import, ≈ 60 ms on the
map of Europe). This script computes that once per bundled board of ``resources/boards/`` and writes it to
``resources/boards/layouts/``, named by a hash of the board's outlines (app.scenario.boards_area), and removes
layouts no bundled board uses. Re-run it after changing a board's outlines (build_map.py does)::

    .venv/bin/python packaging/area_layouts.py          # write the layouts
    .venv/bin/python packaging/area_layouts.py --check  # exit 1 if one is missing, stale or unused
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.scenario.boards import AreaMapSpec, load_board_file  # noqa: E402  (after the path of the checkout)
from app.scenario.boards_area import LAYOUTS, area_map, layout_path, stored_layout, write_layout  # noqa: E402
from app.scenario.resources import RESOURCES  # noqa: E402


def area_boards(folder: Path = RESOURCES / "boards") -> dict[Path, AreaMapSpec]:
    """Every area board file of ``folder`` with its spec."""
    specs = {path: load_board_file(path).board for path in sorted(folder.glob("*.json"))}
    return {path: spec for path, spec in specs.items() if isinstance(spec, AreaMapSpec)}


def problems(folder: Path = LAYOUTS) -> list[str]:
    """What is wrong with the stored layouts: missing, different from what the outlines give, or unused."""
    found, used = [], set()
    for path, spec in area_boards().items():
        used.add(layout_path(spec, folder))
        if stored_layout(spec, folder) != area_map(spec, None).layout():
            found.append(f"{path.name}: its layout is missing or stale")
    found += [f"{p.name}: no bundled board has these outlines" for p in sorted(folder.glob("*.json")) if p not in used]
    return found


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, check) the layouts; 1 when the check finds a problem."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report problems instead of writing")
    args = parser.parse_args(argv)
    if args.check:
        found = problems()
        sys.stdout.write("".join(f"{line}\n" for line in found))
        return 1 if found else 0
    written = {write_layout(spec) for spec in area_boards().values()}
    for stale in sorted(set(LAYOUTS.glob("*.json")) - written):
        stale.unlink()
    sys.stdout.write("".join(f"{path.relative_to(ROOT)}\n" for path in sorted(written)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

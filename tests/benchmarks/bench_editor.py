"""Benchmark: the editor's live check after one edit, and one tile-editor stroke.

Every edit in the editor re-checks the whole document exactly as the loaders read it (schema, runtime build,
initial state, rules-aware checks), so a keystroke costs one load: the budget is DESIGN §10's "load the largest
bundled mission" (150 ms). A tile-editor stroke (one edge run drawn, the library re-validated, the side
redrawn as a board) gets 50 ms. Run with ``.venv/bin/python -m tests.benchmarks.bench_editor``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from app.scenario.editor.checking import check_document
from app.scenario.editor.document import Document
from app.scenario.editor.files import open_document
from app.systems.sas.tiles.editor import EdgeRef, TileEditor
from tests.support import real_systems

ROOT = Path(__file__).resolve().parents[2]
CHECK_BUDGET_MS = 150
STROKE_BUDGET_MS = 50


def best_ms(action: Callable[[], object], runs: int = 5) -> float:
    """Best wall time of ``action`` in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def live_check(path: Path) -> float:
    """One edit (the English title) and the full re-check of the document."""
    systems = real_systems()
    doc: Document = open_document(path)
    system_id = str(doc.data["system"])
    plugin = __import__(f"app.systems.{system_id}.editing", fromlist=["PLUGIN"]).PLUGIN
    titles = [str(doc.data["title"]["en"]), "Edited title"]

    def edit_and_check() -> object:
        titles.reverse()
        doc.set(("title", "en"), titles[0])
        return check_document(doc.data, path, systems, plugin)

    return best_ms(edit_and_check)


def tile_stroke() -> float:
    """A wall drawn along one side of the bundled library's château, the library checked and the side drawn."""
    editor = TileEditor.open(ROOT / "resources" / "tiles" / "sas_core.json", as_copy=True)
    index = next(i for i, tile in enumerate(editor.tiles) if tile["id"] == "chateau")
    refs = [EdgeRef((x, 7), "S") for x in range(8)]
    kinds = ["low_wall", None]

    def stroke() -> object:
        kinds.reverse()
        editor.set_edges(index, "A", refs, kinds[0])
        editor.findings()
        return editor.preview(index, "A")

    return best_ms(stroke)


def main() -> None:
    """Print the figures."""
    for name, path in (
        ("sas_raid_9_tiles", ROOT / "scenarios" / "sas" / "raid_chateau.json"),
        ("cca_granicus", ROOT / "scenarios" / "cca" / "granicus_crossing.json"),
    ):
        print(f"editor.live_check.{name}: {live_check(path):.1f} ms (budget: {CHECK_BUDGET_MS} ms)")
    print(f"editor.tile_stroke: {tile_stroke():.1f} ms (budget: {STROKE_BUDGET_MS} ms)")


if __name__ == "__main__":
    main()

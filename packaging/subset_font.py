#!/usr/bin/env python3
"""Regenerate resources/fonts/AdjutantSans-CJK-subset.ttf, the bundled fallback font for Chinese.

Source: WenQuanYi Micro Hei 0.2.0-beta (Debian package ``fonts-wqy-microhei``; Apache-2.0 or GPLv3+ with
font exception), face 0 of ``/usr/share/fonts/truetype/wqy/wqy-microhei.ttc``.

The subset keeps (same as ``pyftsubset`` with ``--unicodes-file``, done through fontTools' API):

* ASCII, Latin-1, general punctuation, arrows, math operators, number forms (Ⅰ Ⅱ), enclosed numerals (①),
  geometric shapes, CJK symbols and punctuation, fullwidth forms;
* GB2312 rows 0xA1–0xA3 (Chinese punctuation and fullwidth symbols), level 1 (0xB0A1–0xD7F9, the 3,755
  most common Simplified Chinese characters) and, unless ``--level1-only``, level 2 (0xD8A1–0xF7FE, 3,008
  more, so names typed in the mission editor render too), decoded with Python's ``gb2312`` codec;
* every character found in ``resources/**/*.json``, ``resources/**/*.ts``, ``scenarios/**/*.json``,
  ``app/**/*.py`` and ``../shared/rules/*.json``.

The family is renamed to "Adjutant Sans CJK" so the subset never shadows a complete system copy of
WenQuanYi Micro Hei. Timestamps are kept, so the output is reproducible.

Usage (from the repository root; not run by ``make test``, whose guard test tells you when to run it)::

    .venv/bin/python packaging/subset_font.py [--source FONT.ttc] [--extra FILE ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
OUTPUT = ROOT / "resources" / "fonts" / "AdjutantSans-CJK-subset.ttf"
FAMILY = "Adjutant Sans CJK"
POSTSCRIPT = "AdjutantSans-CJK"
TEXT_GLOBS = ("resources/**/*.json", "resources/**/*.ts", "scenarios/**/*.json", "app/**/*.py")
SHARED_RULES = ROOT.parent / "shared" / "rules"

RANGES = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 supplement (° × ÷ ± ·)
    (0x2010, 0x205E),  # general punctuation (– — ‘ ’ “ ” … ‰ ′ ″)
    (0x2150, 0x218F),  # number forms (Ⅰ Ⅱ Ⅲ)
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators (≤ ≥ ≠ ∞)
    (0x2460, 0x24FF),  # enclosed alphanumerics (① ⑴ ⒈)
    (0x25A0, 0x25FF),  # geometric shapes (■ ● ▲ ◆)
    (0x2600, 0x26FF),  # miscellaneous symbols (★ ☆)
    (0x3000, 0x303F),  # CJK symbols and punctuation (、 。 《 》 「 」)
    (0xFE10, 0xFE1F),  # vertical forms
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms (， ： （ ）)
]


def gb2312_rows(first_row: int, last_row: int, last_cell: int = 0xFE) -> set[int]:
    """Code points of GB2312 rows ``first_row..last_row`` (EUC-CN lead bytes), decoded with Python's codec."""
    points: set[int] = set()
    for row in range(first_row, last_row + 1):
        end = last_cell if row == last_row else 0xFE
        for cell in range(0xA1, end + 1):
            try:
                points.add(ord(bytes([row, cell]).decode("gb2312")))
            except UnicodeDecodeError:
                continue
    return points


def text_files(extra: list[Path]) -> list[Path]:
    """The files whose characters must all be in the subset."""
    files = [path for pattern in TEXT_GLOBS for path in sorted(ROOT.glob(pattern))]
    if SHARED_RULES.is_dir():
        files += sorted(SHARED_RULES.glob("*.json"))
    return files + extra


def wanted_code_points(extra: list[Path], level2: bool) -> tuple[set[int], set[int]]:
    """Return (all wanted code points, the non-ASCII ones that came from text files)."""
    points: set[int] = set()
    for low, high in RANGES:
        points.update(range(low, high + 1))
    points |= gb2312_rows(0xA1, 0xA3)
    level1 = gb2312_rows(0xB0, 0xD7, last_cell=0xF9)
    points |= level1
    level2_points = gb2312_rows(0xD8, 0xF7) if level2 else set()
    points |= level2_points
    from_text: set[int] = set()
    for path in text_files(extra):
        text = path.read_text(encoding="utf-8", errors="replace")
        from_text.update(ord(ch) for ch in text if ord(ch) > 0x7F and ch.isprintable())
    print(
        f"GB2312 level 1: {len(level1)}, level 2: {len(level2_points)} characters; "
        f"from {len(text_files(extra))} text files: {len(from_text)}"
    )
    return points | from_text, from_text


def rename(font: TTFont, source_version: str) -> None:
    """Give the subset its own family name (Apache-2.0 §4(b): state that the file was modified)."""
    name = font["name"]
    keep = {0, 13, 14}  # copyright, license description, license URL
    name.names = [rec for rec in name.names if rec.nameID in keep and rec.platformID == 3]
    values = {
        1: FAMILY,
        2: "Regular",
        3: f"{POSTSCRIPT};subset of WenQuanYi Micro Hei {source_version}",
        4: FAMILY,
        5: f"{source_version}; Adjutant subset",
        6: POSTSCRIPT,
        10: (
            "Subset of WenQuanYi Micro Hei (fonts-wqy-microhei), renamed and reduced to the characters "
            "Adjutant needs by packaging/subset_font.py. Modified by the Adjutant project."
        ),
    }
    for name_id, value in values.items():
        name.setName(value, name_id, 3, 1, 0x409)  # Windows, Unicode BMP, en-US
        name.setName(value, name_id, 1, 0, 0)  # Mac Roman, English (for older tools)


def build(source: Path, output: Path, extra: list[Path], level2: bool = True) -> int:
    """Subset ``source`` (face 0) into ``output``; return the number of wanted CJK characters not in the font."""
    points, from_text = wanted_code_points(extra, level2)
    font = TTFont(source, fontNumber=0, recalcTimestamp=False, lazy=False)
    cmap = font.getBestCmap()
    version = font["name"].getDebugName(5) or "unknown version"
    absent = sorted(cp for cp in from_text if cp not in cmap and cp >= 0x2E80)
    options = subset.Options()
    options.hinting = False  # Qt/FreeType render CJK fine unhinted; halves the size
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.layout_features = ["*"]
    options.drop_tables += ["FFTM"]  # FontForge timestamp table
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(points & set(cmap)))
    subsetter.subset(font)
    rename(font, version.removeprefix("Version ").strip())
    output.parent.mkdir(parents=True, exist_ok=True)
    font.save(output)
    kept = len(TTFont(output).getBestCmap())
    print(f"wrote {output}: {kept} characters, {output.stat().st_size / 1e6:.2f} MB")
    if absent:
        print(f"warning: {len(absent)} characters not in the source font: {''.join(map(chr, absent[:60]))}")
    return len(absent)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="source .ttc/.ttf (face 0)")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--extra", type=Path, nargs="*", default=[], help="more UTF-8 files whose text to keep")
    parser.add_argument("--level1-only", action="store_true", help="omit GB2312 level 2 (about -0.6 MB)")
    args = parser.parse_args(argv)
    if not args.source.exists():
        print(f"error: {args.source} not found (apt-get install fonts-wqy-microhei)", file=sys.stderr)
        return 2
    build(args.source, args.output.resolve(), args.extra, level2=not args.level1_only)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Guards for the project's structure and for known pitfalls of this machine (DESIGN §2, §7, §11)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "resources" / "fonts" / "AdjutantSans-CJK-subset.ttf"


def _run_python(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (same venv) from the repository root."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _parse_version(text: str) -> tuple[int, ...]:
    parts = []
    for piece in text.split(".")[:3]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


# --- PySide6 6.12.0 refcount-of-None bug (DESIGN §11) -----------------------------------------------


@pytest.mark.parametrize("dist", ["PySide6-Essentials", "shiboken6"])
def test_pyside6_version_is_pinned_below_612(dist: str) -> None:
    """6.12.0 corrupts the refcount of None on every void call on Python 3.11; 6.11.3 is fine."""
    version = metadata.version(dist)
    assert (6, 11, 3) <= _parse_version(version) < (6, 12), f"{dist} {version} is outside >=6.11.3,<6.12"


def test_full_pyside6_distribution_is_not_mixed_in() -> None:
    """If the full ``PySide6`` wheel is installed too, it must obey the same pin."""
    try:
        version = metadata.version("PySide6")
    except metadata.PackageNotFoundError:
        return
    assert (6, 11, 3) <= _parse_version(version) < (6, 12), f"PySide6 {version} is outside >=6.11.3,<6.12"


def test_void_qt_calls_keep_refcount_of_none() -> None:
    """20,000 void calls must not leak references of None (6.12.0 drops one per call, then aborts)."""
    result = _run_python(
        """
        import sys
        from PySide6.QtCore import QPointF
        point = QPointF()
        before = sys.getrefcount(None)
        for _ in range(20_000):
            point.setX(1.0)
        after = sys.getrefcount(None)
        print(before - after)
        """
    )
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stderr[-2000:]}"
    drop = int(result.stdout.strip().splitlines()[-1])
    assert drop < 100, f"refcount of None dropped by {drop} over 20,000 void calls"


# --- only app.ui imports Qt (DESIGN §2) -------------------------------------------------------------

_QT_FREE_PROBE = """
import importlib, importlib.util, json, pkgutil, sys

def qt_modules():
    return sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6"))

roots = ["app.core", "app.geometry", "app.scenario", "app.ai", "app.cli", "app.systems"]
imported, culprits, errors = [], {}, {}

def load(name):
    if name in imported or name.startswith("app.ui"):
        return
    had = set(qt_modules())
    try:
        module = importlib.import_module(name)
    except Exception as exc:  # report, don't hide: a broken module is a failure too
        errors[name] = f"{type(exc).__name__}: {exc}"
        return
    imported.append(name)
    new = sorted(set(qt_modules()) - had)
    if new:
        culprits[name] = new
    if hasattr(module, "__path__"):
        for info in pkgutil.iter_modules(module.__path__, name + "."):
            load(info.name)

for root in roots:
    if root == "app.cli" and importlib.util.find_spec(root) is None:
        continue
    load(root)
print(json.dumps({"imported": imported, "culprits": culprits, "errors": errors, "qt": qt_modules()}))
"""


def test_qt_free_layers_do_not_load_qt() -> None:
    """Importing core, geometry, scenario, ai, cli and every system (all submodules) loads no Qt."""
    result = _run_python(_QT_FREE_PROBE)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert not report["errors"], f"modules failed to import: {report['errors']}"
    assert "app.core" in report["imported"]
    assert not report["qt"], f"Qt loaded by the Qt-free layers: {report['culprits'] or report['qt']}"


# --- import-linter contracts (also enforced by pytest alone) --------------------------------------


def test_import_contracts_hold() -> None:
    """``lint-imports`` (contracts in pyproject.toml) exits 0."""
    exe = Path(sys.executable).with_name("lint-imports")
    command = str(exe) if exe.exists() else shutil.which("lint-imports")
    assert command, "lint-imports not found (install the dev extra: make venv)"
    result = subprocess.run(
        [command, "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def _contracts() -> list[dict[str, object]]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        contracts: list[dict[str, object]] = tomllib.load(file)["tool"]["importlinter"]["contracts"]
    return contracts


def test_contracts_place_the_entry_points_and_keep_the_ui_off_systems() -> None:
    """app.__main__ and app.cli sit in the layers; app.ui (and app.cli) may not import app.systems (DESIGN §2).

    The UI reaches systems only through the registry (``app.__main__``) and the capabilities they declare; the
    fuzzer is engine code (app.ai), so neither the editor nor the CLI imports the other.
    """
    contracts = _contracts()
    layers = next(c for c in contracts if c["type"] == "layers")["layers"]
    assert isinstance(layers, list)
    assert layers[0] == "app.__main__"
    assert {name.strip() for name in layers[1].split("|")} == {"app.ui", "app.cli"}
    forbidden = [c for c in contracts if c["type"] == "forbidden" and "app.systems" in c["forbidden_modules"]]  # type: ignore[operator]
    assert any("app.ui" in c["source_modules"] for c in forbidden)  # type: ignore[operator]


def test_ui_and_cli_name_no_system_module() -> None:
    """Not even a dynamic import: app/ui and app/cli never name an ``app.systems`` module (the composition root's
    registry does), so the forbidden contract cannot be bypassed with importlib."""
    sources = [*(ROOT / "app" / "ui").rglob("*.py"), ROOT / "app" / "cli.py"]
    naming = [str(path.relative_to(ROOT)) for path in sources if "app.systems" in path.read_text(encoding="utf-8")]
    assert not naming, f"modules naming app.systems: {naming}"


# --- the bundled CJK font covers all bundled Chinese text (DESIGN §7) -------------------------------

_TEXT_GLOBS = ("resources/**/*.json", "resources/**/*.ts", "scenarios/**/*.json", "app/**/*.py")


def _needs_cjk_font(ch: str) -> bool:
    code = ord(ch)
    return (
        0x2E80 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFE30 <= code <= 0xFE4F
        or 0xFF00 <= code <= 0xFFEF
        or code >= 0x20000
    )


def test_cjk_font_covers_bundled_text() -> None:
    """Every CJK character in resources/, scenarios/ and app/ has a glyph in the subset font.

    If this fails, regenerate the font: ``.venv/bin/python packaging/subset_font.py``.
    """
    ttlib = pytest.importorskip("fontTools.ttLib")
    assert FONT.exists(), f"{FONT} is missing; run packaging/subset_font.py"
    font = ttlib.TTFont(FONT)
    cmap = font.getBestCmap()
    missing: dict[str, set[str]] = {}
    for pattern in _TEXT_GLOBS:
        for path in ROOT.glob(pattern):
            text = path.read_text(encoding="utf-8", errors="replace")
            absent = {ch for ch in text if _needs_cjk_font(ch) and ord(ch) not in cmap}
            if absent:
                missing[str(path.relative_to(ROOT))] = absent
    report = {name: "".join(sorted(chars))[:80] for name, chars in missing.items()}
    assert not missing, f"characters missing from {FONT.name} (run packaging/subset_font.py): {report}"

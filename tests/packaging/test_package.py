"""The PyInstaller bundle (``make package`` -> dist/adjutant/) starts, reports its version and paints.

Skipped when no bundle has been built, so ``make test`` does not depend on ``make package``.
"""

from __future__ import annotations

import os
import subprocess
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "dist" / "adjutant"
EXECUTABLE = BUNDLE / "adjutant"
TIMEOUT = 60

pytestmark = pytest.mark.skipif(
    not EXECUTABLE.exists(), reason="no bundle at dist/adjutant/adjutant (build it with `make package`)"
)


def _run(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ADJUTANT_DATA_DIR": str(data_dir)}
    env.pop("PYTHONPATH", None)  # the bundle must not lean on the source tree or the venv
    return subprocess.run(
        [str(EXECUTABLE), *args],
        cwd=BUNDLE.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def test_bundle_reports_version(tmp_path: Path) -> None:
    """``adjutant --version`` exits 0 and names the packaged version."""
    result = _run("--version", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert metadata.version("adjutant") in result.stdout


def test_bundle_smoke_paints_default_mission(tmp_path: Path) -> None:
    """``adjutant --smoke`` opens the window offscreen, paints the default mission once and exits 0."""
    result = _run("--smoke", data_dir=tmp_path)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    assert "Traceback" not in result.stderr, result.stderr[-3000:]


def test_bundle_carries_data() -> None:
    """Resources, bundled scenarios and the CJK fallback font are inside the bundle."""
    internal = BUNDLE / "_internal"
    assert (internal / "resources" / "fonts" / "AdjutantSans-CJK-subset.ttf").is_file()
    assert (internal / "scenarios").is_dir()
    assert not list((internal / "resources").rglob("*.ts")), "translation sources should not be bundled"

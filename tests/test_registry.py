"""The composition root's registry: lazy loading and names that match each system's own."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from app.__main__ import LazySystems, load_systems

ROOT = Path(__file__).resolve().parents[1]


def test_registry_names_match_each_system_info_name():
    systems = LazySystems()
    loaded = load_systems()
    assert set(systems) == set(loaded)
    for system_id, name in systems.names.items():
        assert name.render("en") == loaded[system_id].info.name.render("en")
        assert name.render("zh_CN") == loaded[system_id].info.name.render("zh_CN")
        assert loaded[system_id].info.id == system_id


def test_lazy_systems_import_nothing_until_looked_up():
    code = (
        "import sys\n"
        "from app.__main__ import LazySystems\n"
        "s = LazySystems(); list(s); s.names; 'sas' in s\n"
        "assert not any(m.startswith('app.systems.') for m in sys.modules), sorted(sys.modules)\n"
        "s['cca']\n"
        "assert 'app.systems.cca' in sys.modules and 'app.systems.sas' not in sys.modules\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_no_display_gets_advice_instead_of_a_qt_abort() -> None:
    from app.__main__ import _display_problem

    advice = _display_problem({}, "linux")
    assert advice is not None and "HEADLESS=1" in advice and "render" in advice
    assert _display_problem({"DISPLAY": ":0"}, "linux") is None
    assert _display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert _display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert _display_problem({}, "win32") is None  # Windows and macOS always have a screen to talk to


def test_first_window_system_is_imported_before_qt_and_no_other():
    """DESIGN §10: the system of the first window is imported before PySide6 (whose import hook would read the
    source of every module imported after it), and so are the window's Qt-free modules; a C&C scenario loads C&C
    alone, no scenario loads the default mission's system (SAS)."""
    cca = ROOT / "scenarios" / "cca" / "akragas_clash.json"
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from app.__main__ import QT_FREE_WINDOW_MODULES, LazySystems, _preload\n"
        "s = LazySystems()\n"
        f"_preload(s, Path({str(cca)!r}))\n"
        "assert 'app.systems.cca' in sys.modules and 'app.systems.sas' not in sys.modules\n"
        "_preload(s, None)\n"
        "assert 'app.systems.sas' in sys.modules\n"
        "assert all(m in sys.modules for m in QT_FREE_WINDOW_MODULES)\n"
        "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported by the preload'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_window_start_runs_no_garbage_collection_until_shown(tmp_path: Path):
    """DESIGN §10: the cyclic GC stays off while the window is built, then start-up's objects are frozen and
    collection resumes (also after the window closes)."""
    result = _smoke_start(
        tmp_path,
        "import gc, sys\n"
        "seen = []\n"
        "gc.callbacks.append(lambda phase, info: phase == 'start' and seen.append(gc.get_freeze_count()))\n",
        "assert gc.isenabled() and gc.get_freeze_count() > 0\n"
        "assert all(seen), 'collected before the window was shown'\n",
    )
    assert result.stdout.startswith("first paint:")


def test_window_start_leaves_dialogs_editor_and_cli_unloaded(tmp_path: Path):
    """DESIGN §10: what the first window does not show is imported when it is first opened, not at start; nor are
    shapely and numpy (no board of the default mission needs them), nor ``importlib.metadata`` (pydantic's plugin
    loader is stood in for while every plugin is disabled: app.core.plugin_scan)."""
    result = _smoke_start(
        tmp_path,
        "import sys\n",
        "lazy = ('app.ui.help_dialogs', 'app.ui.start_page', 'app.ui.editor', 'app.scenario.editor', 'app.cli',\n"
        "        'shapely', 'numpy', 'importlib.metadata')\n"
        "print('lazy modules loaded:', sorted(m for m in sys.modules if m.startswith(lazy)))\n",
    )
    assert result.stdout.splitlines()[-1] == "lazy modules loaded: []"


def test_pydantic_takes_only_get_plugins_from_the_plugin_loader_stood_in_for(monkeypatch):
    """app.core.plugin_scan stands in for ``pydantic.plugin._loader``: pydantic must import nothing else from it,
    and its own ``get_plugins`` must answer as the stand-in's while plugins are disabled."""
    import re

    import pydantic

    from app.core.plugin_scan import DISABLED, LOADER, no_plugins

    uses = set()
    for source in Path(pydantic.__file__).parent.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        uses |= set(re.findall(r"from (?:\.|pydantic\.plugin\.)_loader import ([\w, ]+)", text))
        assert not re.search(r"_loader\.\w", text) or source.name == "_loader.py", source
    assert uses == {"get_plugins"}
    path = Path(pydantic.__file__).parent / "plugin" / "_loader.py"
    spec = importlib.util.spec_from_file_location(f"real_{LOADER}", path)  # this process may hold the stand-in
    assert spec is not None and spec.loader is not None
    real = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(real)
    for value in DISABLED:
        monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", value)
        assert tuple(real.get_plugins()) == no_plugins()


def test_the_plugin_loader_is_stood_in_for_only_while_plugins_are_disabled():
    """With ``PYDANTIC_DISABLE_PLUGINS`` set to anything that may enable a plugin, pydantic's own loader runs."""
    code = (
        "import sys\n"
        "import app.__main__\n"
        "from app.core.i18n import Text\n"
        "Text(msg='x')\n"
        "print(sys.modules['pydantic.plugin._loader'].__doc__ or '')\n"
    )
    for value, stand_in in (("__all__", True), ("", False), ("some_plugin", False)):
        env = {**os.environ, "PYDANTIC_DISABLE_PLUGINS": value}
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env)
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("Stand-in") is stand_in, value


def _smoke_start(data_dir: Path, before: str, after: str) -> subprocess.CompletedProcess[str]:
    """Run ``adjutant --smoke`` in a fresh interpreter between the ``before`` and ``after`` code; it must pass."""
    code = f"from app.__main__ import main\n{before}assert main(['--smoke']) == 0\n{after}"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ADJUTANT_DATA_DIR": str(data_dir)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env)
    assert result.returncode == 0, result.stderr
    return result

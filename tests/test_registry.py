"""The composition root's registry: lazy loading and names that match each system's own."""

from __future__ import annotations

import subprocess
import sys

from app.__main__ import LazySystems, load_systems


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

"""The text behind a rule ID (issue 15, point 4): the log's rule column shows the rule's summary from the
rules reference (docs/rules) when the pointer rests on it."""

from __future__ import annotations

from pathlib import Path

from app.core.session import Session
from app.systems.cca import SYSTEM
from app.systems.cca import messages as m
from app.ui.rulebook import rule_tip, summaries
from tests.systems.cca.helpers import hx, position, scenario

UNITS = [("bottom", "MI", "0606"), ("top", "MI", "0605")]


def test_every_reference_line_is_read_and_a_tip_names_id_and_summary() -> None:
    """CCA-DICE-1 is listed in docs/rules/cca.md with its summary."""
    known = summaries()
    assert "CCA-DICE-1" in known and any(rule.startswith("SAS-") for rule in known)
    assert rule_tip("CCA-DICE-1") == f"CCA-DICE-1 — {known['CCA-DICE-1']}"
    assert rule_tip("CCA-DICE-1, NOT-A-RULE-9").splitlines()[1] == "NOT-A-RULE-9"
    assert rule_tip("") == ""


def test_missing_reference_gives_bare_ids(tmp_path: Path) -> None:
    assert summaries(tmp_path / "none") == {}


def test_log_rule_column_tooltip_is_the_summary(qtbot, adjutant_data_dir) -> None:  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow
    from app.ui.settings import Preferences

    session = Session(SYSTEM, scenario(UNITS), seed=1)
    session.initial = position(UNITS, ordered=("b1",))
    win = MainWindow(session, Preferences(), adjutant_data_dir)
    qtbot.addWidget(win)
    win.controller.submit(m.Battle(side="bottom", unit="b1", target=hx(session.state, "0605")))
    tree = win.log.tree
    item = tree.topLevelItem(tree.topLevelItemCount() - 1)
    rows = [item] + [item.child(i) for i in range(item.childCount())]
    cited = [row for row in rows if row.text(1)]
    known = [row for row in cited if row.text(1) in summaries()]
    assert known  # the battle and its dice are cited with rules the reference lists
    for row in known:
        assert row.toolTip(1) == f"{row.text(1)} — {summaries()[row.text(1)]}"
    win.close()

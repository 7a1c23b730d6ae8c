"""SAS: Rogue Regiment — the rules engine (solo / co-op; the Axis side is automated by the rules).

Exports :data:`SYSTEM`. Chapters of the rulebook map to modules: setup/mission (§2, §5, §31), vision (§4),
movement/operator/actions (§7, §8), alerts (§9, §10, §12), combat (§8, §11, §16), advance (§13, §16),
eventphase (§14, §15), blasts (§20–22), turn (§6, §17); tables are data under ``data/``.
"""

from app.systems.sas.system import SYSTEM

__all__ = ["SYSTEM"]

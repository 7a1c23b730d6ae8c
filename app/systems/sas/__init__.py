"""SAS: Rogue Regiment — the rules engine (solo / co-op; the Axis side is automated by the rules).

Exports :data:`SYSTEM`. Subpackages follow the rulebook (docs/architecture.md, "SAS package layout"): ``board``
(§2–§4, §7.3), ``combat`` (§8, §11, §16, §22), ``operators`` (§7, §8, §21, §25), ``axis`` (§9–§16, §19),
``vehicles`` (§18, §23, §27), ``support`` (§24, §26), ``jager`` (§29); the top-level modules hold the data tables,
the state, the mission, the commands and events, and the system (setup §5, turn §6, §17); tables are data under
``data/``.
"""

from app.systems.sas.system import SYSTEM

__all__ = ["SYSTEM"]

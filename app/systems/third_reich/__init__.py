"""Rise and Fall of the Third Reich (Game Journal) — the rules engine (rule IDs TR-*)."""

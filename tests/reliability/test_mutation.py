"""Issue 16 item 6: the CI-sized profile of the mutation fuzzer (``make fuzz`` runs 10,000 mutants).

Every bundled scenario, tile library and board file is mutated; every mutant must give a clean error, or
validate and then play and render. The profile stays under a minute on the CI machine.
"""

from __future__ import annotations

import random

from tests.reliability.mutation import FILES, HOSTILE, mutate, run


def test_every_bundled_file_is_mutated_and_fails_cleanly_or_plays(qapp) -> None:  # type: ignore[no-untyped-def]
    """Three mutants of every bundled file: no traceback, hang or accepted-then-crashing file."""
    report = run(3 * len(FILES), seed=20261127, steps=6)
    assert report.bad == 0, "\n".join(report.failures[:5])
    assert report.counts["clean"] > 0
    assert sum(report.counts.values()) == 3 * len(FILES)


def test_the_mutator_is_seeded_and_hostile() -> None:
    """The same seed gives the same mutant (failures are reproducible); the hostile values include the audit's."""
    path = FILES[0]
    assert mutate(path, random.Random("1:2")) == mutate(path, random.Random("1:2"))
    assert 2147483648 in HOSTILE and 1e308 in HOSTILE and "{col:>300000000}" in HOSTILE


def test_the_mutator_never_builds_a_cycle_nor_mutates_its_hostile_values() -> None:
    """Mutants 1500 … 1999 (``make fuzz``'s batch that died with exit 1 and no summary): a hostile value was put
    into the tree uncopied, so a later mutation put the shared list inside itself (json "Circular reference")
    and every following mutant saw the altered constant."""
    before = repr(HOSTILE)
    for index in range(1500, 2000):
        assert mutate(FILES[index % len(FILES)], random.Random(f"1:{index}"))
    assert repr(HOSTILE) == before

"""Rules version 2 asks what version 1 decided by itself (damage allocation, end-of-turn returns, a counterattack
on Strategic Bombing); a version 1 save, which holds no answers to those questions, still replays to the same
digest (AnswersOldSaves)."""

from __future__ import annotations

import json

from app.ai.agent import Budget
from app.core.saves import from_save, to_save
from app.core.session import Session
from app.core.system import state_digest
from app.systems.third_reich import SYSTEM
from app.systems.third_reich.bot import ThirdReichBot
from app.systems.third_reich.messages import COMMANDS, UseEvent
from app.systems.third_reich.scenario import ThirdReichScenario
from app.systems.third_reich.state import State
from tests.systems.third_reich.helpers import FOLDER, base

ASKED_SINCE_2 = ("damage", "return")


def _new_question(state: State) -> bool:
    """Whether the decision ``state`` waits for is one rules version 1 never asked."""
    step = state.pending()
    if step is None:
        return False
    bombing = step.kind == "ambush" and isinstance(COMMANDS.parse(json.loads(step.action)), UseEvent)
    return step.kind in ASKED_SINCE_2 or bombing


def test_tr_alloc_1_tr_seq_5_a_version_1_save_replays_to_its_digest() -> None:
    """TR-ALLOC-1, TR-SEQ-5, TR-QA-6: bots play the sample taking the defaults of the new questions; the save,
    rewritten as version 1 would have made it (without those answers), replays and verifies."""
    s = Session(SYSTEM, ThirdReichScenario.model_validate(base()), seed=5, folder=FOLDER)
    s = _played(s, 260)
    saved = to_save(s)
    old = [c.model_dump(mode="json", exclude_none=True) for c in s.commands]
    v1 = [cmd for cmd, new in zip(old, _flags(s), strict=True) if not new]
    assert len(v1) < len(old)  # the game met the new questions
    rewritten = saved.model_copy(update={"system_version": "1", "commands": v1})
    replayed = from_save(rewritten, {"third_reich": SYSTEM})
    assert state_digest(SYSTEM, replayed.state) == saved.digest


def _played(s: Session, steps: int) -> Session:
    bots = {side: ThirdReichBot(side) for side in ("axis", "allied")}
    for _ in range(steps):
        side = s.active_side()
        if side is None:
            break
        s.submit(bots[side].choose(s, side, Budget(seconds=5.0)).command)
    return s


def _flags(s: Session) -> list[bool]:
    """For each command of ``s``, whether it answered a question version 1 never asked (replayed afresh)."""
    fresh = Session(SYSTEM, s.scenario, seed=s.seed, folder=s.folder)
    flags = []
    for command in s.commands:
        state = fresh.state
        assert isinstance(state, State)
        flags.append(_new_question(state))
        fresh.submit(command)
    return flags

"""A hint: the best move found for the seat to act, and its chance to win after it,
judged as the analysis judges a decision, from what the board shows the seat now: where
values are covered (Dimenticato), the hint knows only what the board shows, never what
the seat was shown before (no later message carries a covered value, DIM-5)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Record, derive_seed
from .analyse import NoJudgeError, default_budget, searched
from .judge import judge_for
from .views import Walk, board_view


@dataclass(frozen=True)
class Advice:
    """The best move found (as text) and the seat's chance to win after it."""

    action: str
    chance: float


def best_move(record: Record, seat: int, budget: int | None = None) -> Advice:
    """The best move for ``seat`` in the position ``record`` has reached, where it is that
    seat's turn (``ValueError`` otherwise)."""
    walk = Walk(record)
    for _ in walk:
        pass
    state = walk.state
    judge = judge_for(state.game)
    if judge is None:
        raise NoJudgeError(f"{state.game.title} is played in real time: no hints")
    if state.current_player != seat:
        raise ValueError(f"it is not {state.game.seat_name(seat)}'s turn")
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        after = state.clone()
        after.apply(legal[0])
        return Advice(str(legal[0]), judge.look(after, seat)[seat])
    if budget is None:
        budget = default_budget(record.game)
    # The same position and seed give the same hint, however the game came there.
    seed = derive_seed(record.seed, "hint", seat)
    chances = searched(judge, lambda rng: board_view(state, seat, rng), legal, budget, seed)
    best = max(chances, key=lambda index: chances[index])
    return Advice(str(legal[best]), chances[best])

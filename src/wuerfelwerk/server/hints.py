"""Hints: the best move found for a person playing bots in a game that is not rated,
and its chance, judged from what that seat knows. The table's record notes each hint
given (``Record.hints``), so its analysis shows where one was used."""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from typing import Any

from ..analysis.hint import best_move
from .errors import TableError
from .table import Table


def check_hint(table: Table, seat: int) -> None:
    """A hint is for the one person at a table of bots, in a game that is not rated, at
    that person's turn; ``TableError`` says why not."""
    game = table.game
    if game.simultaneous:
        raise TableError("hint_refused", f"{game.title} is a race: there is no move to hint")
    if table.row.rated:
        raise TableError("hint_refused", "no hints in a rated game", 403)
    if table.human_seats != {seat}:
        raise TableError("hint_refused", "hints are for one person playing bots", 403)
    if table.finished:
        raise TableError("game_over", "the game is over", 409)
    if table.state.current_player != seat:
        raise TableError("not_your_turn", "a hint is for your own turn", 409)


async def give_hint(
    table: Table, seat: int, pool: Executor, budget: int | None, deadline: float
) -> dict[str, Any]:
    """The best move for ``seat`` now (``{"action", "chance", "version"}``), searched in
    ``pool`` within ``deadline`` seconds, noted in the table's row before it is given."""
    async with table.lock:
        check_hint(table, seat)
        record, version = table.record(), table.version
    search = asyncio.get_running_loop().run_in_executor(pool, best_move, record, seat, budget)
    try:
        advice = await asyncio.wait_for(search, deadline)
    except TimeoutError:
        raise TableError("hint_late", "no hint could be found in time: try again", 503) from None
    async with table.lock:
        if table.version != version:
            raise TableError("stale_version", "the game moved on meanwhile: ask again", 409)
        hints = list(table.row.hints or [])
        note = {"seat": seat, "before": version}
        if note not in hints:
            hints.append(note)
            await table.journal.update(table.id, {"hints": hints})
            table.row.hints = hints
    return {"action": advice.action, "chance": round(advice.chance, 4), "version": version}

"""``/api/tables/{id}/analysis`` and ``/hint``: what decided a finished game, and the best
move for a person playing bots."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, status

from ..deps import AnalysesDep, ClientDep, GuardDep, HubDep, SettingsDep, TableDep
from ..errors import TableError, error_responses
from ..hints import give_hint
from ..schemas import HintView, SeatRequest
from ..table import Table

router = APIRouter(prefix="/api/tables", tags=["analysis"])

ERRORS = error_responses(403, 404, 409, 429, 503)


def finished(table: Table) -> None:
    """An analysis is of a finished game only: nobody learns from it while one is on."""
    if not table.finished:
        raise TableError("not_finished", "a game is analysed once it is over", 409)


@router.get("/{table_id}/analysis", responses=ERRORS)
async def get_analysis(table_id: str, analyses: AnalysesDep, hub: HubDep) -> dict[str, Any]:
    """The analysis of a finished game: ``{"status": "done", "analysis"}`` as stored,
    ``queued`` (``ahead``: jobs before it), ``running`` (``done`` of ``total`` steps),
    ``failed`` (``message``), or ``none`` until it is asked for (``POST``)."""
    found = await analyses.status(table_id)
    if found["status"] == "done":
        return found
    table = await hub.get(table_id)
    try:
        finished(table)
    finally:
        hub.release(table)
    return found


@router.post("/{table_id}/analysis", status_code=status.HTTP_202_ACCEPTED, responses=ERRORS)
async def start_analysis(
    table: TableDep, analyses: AnalysesDep, guard: GuardDep, client: ClientDep
) -> dict[str, Any]:
    """Ask for the analysis of a finished game, made in the background (a queue with a
    few workers) and kept: the status as ``GET`` gives it. Only an analysis still to be
    made counts against the address's rate (``too_many_analyses``, 429)."""
    async with table.lock:
        finished(table)
        record = table.record()
    if (await analyses.status(table.id))["status"] in ("none", "failed"):
        await guard.analysis(client)
    return await analyses.start(table.id, record)


@router.post("/{table_id}/hint", responses=error_responses(400, 403, 404, 409, 429, 503))
async def hint(
    table_id: str,
    body: SeatRequest,
    hub: HubDep,
    settings: SettingsDep,
    guard: GuardDep,
    client: ClientDep,
) -> HintView:
    """The best move found for the seat of ``token``, at its turn, when it is the one
    person at a table of bots and the game is not rated; the game's record notes it.
    Hints count against the address's rate (``too_many_hints``, 429)."""
    await guard.hint(client)
    found = await hub.find(table_id)
    if isinstance(found, str):
        raise TableError(
            "hint_refused", "hints are given by the server process that runs the table", 503
        )
    try:
        advice = await give_hint(
            found,
            found.seat_of(body.token),
            hub.bot_pool,
            settings.analysis_budget,
            settings.bot_deadline,
        )
    finally:
        hub.release(found)
    return HintView(**advice)

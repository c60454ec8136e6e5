"""``/api/tables``: create a table, look at it, fetch its record, undo, rematch."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, status

from ..deps import ClientDep, GuardDep, HubDep, PlayerDep, RelayDep, SettingsDep, TableDep
from ..errors import TableError, error_responses
from ..frames import replay_frames
from ..guard.seats import check_seats
from ..hub import load_game
from ..schemas import (
    Rematch,
    SeatInfo,
    SeatRequest,
    SeatToken,
    TableCreate,
    TableCreated,
    TableSummary,
    TableView,
    UndoDone,
)

router = APIRouter(prefix="/api/tables", tags=["tables"])

ERRORS = error_responses(400, 403, 404, 409)


@router.post("", status_code=status.HTTP_201_CREATED, responses=error_responses(400, 404, 429))
async def create_table(
    body: TableCreate,
    hub: HubDep,
    guard: GuardDep,
    client: ClientDep,
    player: PlayerDep,
    settings: SettingsDep,
) -> TableCreated:
    """Open a table; the response holds each human seat's secret token."""
    if not settings.any_bot:
        check_seats(load_game(body.game, body.options, len(body.seats)), body.seats)
    clock = body.clock.control() if body.clock is not None else None
    async with guard.opening(client, player.id if player else None) as opened:
        table, tokens = await hub.create(
            body.game,
            body.options,
            body.seats,
            body.undo,
            body.bot_delay,
            clock=clock,
            rated=body.rated,
        )
        await opened(table.id)
    return TableCreated(
        id=table.id,
        seats=[SeatToken(seat=seat, token=token) for seat, token in enumerate(tokens)],
        seed_commitment=table.row.seed_commitment,
    )


@router.get("")
def list_tables(hub: HubDep) -> list[TableSummary]:
    """The unfinished tables this server is running."""
    return [
        TableSummary(id=t.id, game=t.game.name, seats=t.row.seats, version=t.version)
        for t in hub.tables.values()
        if not t.finished
    ]


@router.get("/{table_id}", responses=ERRORS)
async def get_table(table: TableDep) -> TableView:
    """The public view of a table: what a spectator sees."""
    version, observation = await table.public_view()
    return TableView(
        id=table.id,
        game=table.game.name,
        options=table.game.options_json(),
        status="finished" if table.finished else "playing",
        version=version,
        observation=observation,
        seats=[
            SeatInfo(seat=seat, name=table.game.seat_name(seat), player=spec)
            for seat, spec in enumerate(table.row.seats)
        ],
        seed_commitment=table.row.seed_commitment,
        undo=table.row.undo,
        clock=table.row.clock,
        rated=table.row.rated,
        rematch=table.row.rematch,
    )


@router.get("/{table_id}/record", responses=ERRORS)
async def get_record(table: TableDep) -> dict[str, Any]:
    """The whole game with the revealed seed, once it is over (``wuerfelwerk verify`` checks
    it against ``seed_commitment``)."""
    async with table.lock:
        if not table.finished:
            raise TableError("not_finished", "the record is given once the game is over", 409)
        record = table.record().to_json()
    return {**record, "table": table.id, "seed_commitment": table.row.seed_commitment}


@router.get("/{table_id}/replay", responses=ERRORS)
async def get_replay(table: TableDep) -> dict[str, Any]:
    """A finished game step by step for the replay page: ``{"frames": [{"seat", "action",
    "observation", "moment"?}], "outcome"}``, the first frame being the start. Every
    observation is the public one; the game being over, every action is told, and
    ``moment`` holds what an action showed for a moment (a Dimenticato reveal)."""
    async with table.lock:
        if not table.finished:
            raise TableError("not_finished", "the replay is given once the game is over", 409)
        outcome = table.state.outcome()
        return {
            "frames": replay_frames(table.record(), table.actors),
            "outcome": outcome.to_json() if outcome is not None else None,
        }


@router.post("/{table_id}/undo", responses=ERRORS)
async def undo(table_id: str, body: SeatRequest, hub: HubDep, relay: RelayDep) -> UndoDone:
    """Take back the last human decision (against bots, or in hotseat play)."""
    found = await hub.find(table_id)
    if isinstance(found, str):
        assert relay is not None  # only a cluster's tables run elsewhere
        return UndoDone(version=await relay.undo(found, table_id, body.token))
    try:
        await found.undo(found.seat_of(body.token))
        return UndoDone(version=found.version)
    finally:
        hub.release(found)


@router.post("/{table_id}/rematch", status_code=status.HTTP_201_CREATED, responses=ERRORS)
async def rematch(table_id: str, body: SeatRequest, hub: HubDep, relay: RelayDep) -> Rematch:
    """A new table with the same game and seats; every seat keeps its token. Connections
    to the old table get ``{"type": "rematch", "table": id}``."""
    found = await hub.find(table_id)
    if isinstance(found, str):
        assert relay is not None
        return Rematch.model_validate(await relay.rematch(found, table_id, body.token))
    try:
        new = await hub.rematch(found, found.seat_of(body.token))
        return Rematch(id=new.id, seed_commitment=new.row.seed_commitment)
    finally:
        hub.release(found)

"""Dependencies of the routes, as ``Annotated`` aliases."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from .accounts import COOKIE, Identity
from .analyses import Analyses
from .db import PlayerRow
from .guard import Client, Guard
from .hub import Hub
from .relay import Relay
from .settings import Settings
from .table import Table


def get_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


def get_settings(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


def get_relay(connection: HTTPConnection) -> Relay | None:
    relay: Relay | None = connection.app.state.relay
    return relay


def get_analyses(connection: HTTPConnection) -> Analyses:
    analyses: Analyses = connection.app.state.analyses
    return analyses


HubDep = Annotated[Hub, Depends(get_hub)]
AnalysesDep = Annotated[Analyses, Depends(get_analyses)]
RelayDep = Annotated[Relay | None, Depends(get_relay)]
SettingsDep = Annotated[Settings, Depends(get_settings)]


def get_identity(connection: HTTPConnection) -> Identity:
    identity: Identity = connection.app.state.identity
    return identity


IdentityDep = Annotated[Identity, Depends(get_identity)]


def get_guard(connection: HTTPConnection) -> Guard:
    guard: Guard = connection.app.state.guard
    return guard


GuardDep = Annotated[Guard, Depends(get_guard)]


def get_client(connection: HTTPConnection, guard: GuardDep) -> Client:
    """Whom the request comes from, as the limits see it."""
    return guard.client(connection)


ClientDep = Annotated[Client, Depends(get_client)]


async def get_player(
    connection: HTTPConnection, hub: HubDep, identity: IdentityDep
) -> PlayerRow | None:
    """The player whose signed cookie came with the request, if any."""
    player_id = identity.read(connection.cookies.get(COOKIE))
    return None if player_id is None else await hub.players.by_id(player_id)


PlayerDep = Annotated[PlayerRow | None, Depends(get_player)]


async def get_table(table_id: str, hub: HubDep) -> AsyncIterator[Table]:
    table = await hub.get(table_id)
    yield table
    hub.release(table)


TableDep = Annotated[Table, Depends(get_table)]

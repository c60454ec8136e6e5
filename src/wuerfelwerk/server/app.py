"""``create_app``: the FastAPI application, its database and its tables."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from . import api_docs, collector
from .accounts import Identity, new_secret
from .analyses import Analyses
from .cluster import Cluster
from .db import Journal, open_database
from .db.analyses import AnalysisStore
from .db.chat import ChatLog
from .db.leases import TakeOver
from .db.players import Players
from .errors import TableError
from .guard import Guard, LimitError
from .hub import Hub
from .logs import hide_tokens
from .relay import Relay
from .routers import accounts, analysis, games, health, sockets, tables
from .security import BrowserProtection
from .settings import Settings

#: The browser client, served at ``/`` when the package ships it.
WEB = Path(__file__).resolve().parent.parent / "web"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hide_tokens()
        engine = await open_database(settings.database_url)
        cluster = None
        if settings.cluster:
            cluster = Cluster(engine, settings.database_url, settings.lease_seconds)
        journal = Journal(engine, None if cluster is None else cluster.me)
        journal.start()
        players = Players(engine)
        secret = settings.secret_key or await players.secret("player-cookie", new_secret)
        hub = Hub(settings, journal, players, ChatLog(engine), cluster)
        guard = Guard(settings, engine, secret, None if cluster is None else cluster.me)
        app.state.settings = settings
        app.state.guard = guard
        app.state.hub = hub
        app.state.identity = Identity(secret)
        app.state.relay = None
        app.state.analyses = analyses = Analyses(
            AnalysisStore(engine),
            settings.analysis_workers,
            settings.analysis_budget,
            settings.analysis_queue,
        )
        if cluster is None:
            await hub.restore()
        else:
            relay = app.state.relay = Relay(hub, cluster, settings.max_message_bytes)
            await cluster.start()
            await hub.restore((await cluster.leases.take_over()).tables)

            async def take_over(found: TakeOver) -> None:
                if found.tables:
                    await hub.restore(found.tables)
                relay.forget(found.alive)

            cluster.watch(take_over, hub.drop_all)
        await guard.start()
        # Everything loaded so far lives as long as the server.
        collector.settle()
        try:
            yield
        finally:
            analyses.close()
            await guard.stop()
            await hub.close()
            await journal.stop()
            if cluster is not None:
                await cluster.stop()
            await engine.dispose()

    app = FastAPI(
        title="wuerfelwerk",
        summary="Tables for five dice board games: create, play and watch over HTTP and WebSocket.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(BrowserProtection, settings=settings)

    @app.exception_handler(TableError)
    async def refused(request: Request, error: TableError) -> JSONResponse:
        headers = {}
        if isinstance(error, LimitError):
            headers["Retry-After"] = str(error.retry_after)
        return JSONResponse(error.to_json(), status_code=error.status, headers=headers)

    for module in (games, tables, sockets, accounts, analysis, api_docs, health):
        app.include_router(module.router)
    if WEB.is_dir():
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app

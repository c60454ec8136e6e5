"""``wuerfelwerk serve``: the game server (HTTP + WebSocket) with its database."""

from __future__ import annotations

import asyncio
import os

import click

from .errors import CommandError


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--db",
    "database_url",
    default=None,
    help="Database URL (sqlite:///file.db, postgresql://user@host/db); "
    "default: WUERFELWERK_DATABASE_URL, else an SQLite file in the user's data folder.",
)
@click.option(
    "--log-level",
    type=click.Choice(["critical", "error", "warning", "info", "debug"]),
    default="info",
    show_default=True,
)
@click.option(
    "--workers",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Server processes on this port: more than one run as a cluster on PostgreSQL.",
)
def serve(host: str, port: int, database_url: str | None, log_level: str, workers: int) -> None:
    """Run the game server: API at /api (docs at /docs), play at /ws, browser client at /."""
    import uvicorn

    from ..server.app import create_app
    from ..server.db import DatabaseUnavailableError, check_database
    from ..server.launch import SOCKET_OPTIONS
    from ..server.settings import ENV_PREFIX, Settings, SettingsError

    try:
        settings = Settings.from_env(database_url=database_url, cluster=workers > 1 or None)
        asyncio.run(check_database(settings.database_url))
    except (SettingsError, DatabaseUnavailableError) as error:
        raise CommandError(str(error)) from None
    options = {
        "host": host,
        "port": port,
        **SOCKET_OPTIONS,
        "log_level": log_level,
        "timeout_graceful_shutdown": 3,
        # The client's address and scheme as a proxy it trusts forwards them.
        "proxy_headers": True,
        "forwarded_allow_ips": settings.forwarded_allow_ips,
    }
    if workers == 1:
        uvicorn.run(create_app(settings), **options)  # type: ignore[arg-type]
        return
    # Each worker process makes its application and reads its settings from the
    # environment, which the command line's choices join.
    os.environ[f"{ENV_PREFIX}DATABASE_URL"] = settings.database_url
    os.environ[f"{ENV_PREFIX}CLUSTER"] = "true"
    uvicorn.run(
        "wuerfelwerk.server.app:create_app",
        factory=True,
        workers=workers,
        **options,  # type: ignore[arg-type]
    )

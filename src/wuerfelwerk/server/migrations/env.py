"""Alembic environment: the server passes its connection in; the ``alembic`` command
(``alembic -x url=... revision --autogenerate``) connects to ``WUERFELWERK_DATABASE_URL``."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from wuerfelwerk.server.db.models import Base
from wuerfelwerk.server.settings import Settings


def run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


async def run_standalone() -> None:
    from wuerfelwerk.server.db.engine import make_engine

    url = context.get_x_argument(as_dictionary=True).get("url") or Settings.from_env().database_url
    engine = make_engine(url)
    async with engine.begin() as connection:
        await connection.run_sync(run)
    await engine.dispose()


given = context.config.attributes.get("connection")
if given is not None:
    run(given)
else:
    asyncio.run(run_standalone())

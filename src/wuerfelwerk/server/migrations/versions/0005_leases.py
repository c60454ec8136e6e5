"""Leases: the server processes of a cluster, and the one that runs each table.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_members",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("heartbeat", sa.Float(), nullable=False),
    )
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("owner", sa.String(32), nullable=True))
        table.create_index("ix_game_tables_owner", ["owner"])


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.drop_index("ix_game_tables_owner")
        table.drop_column("owner")
    op.drop_table("server_members")

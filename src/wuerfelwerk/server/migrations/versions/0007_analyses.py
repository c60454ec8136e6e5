"""Analyses of finished games, the hints shown, and the time of every action.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("budget", sa.Integer(), primary_key=True),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
    )
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("hints", sa.JSON(), nullable=True))
    with op.batch_alter_table("table_actions") as table:
        table.add_column(sa.Column("at", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("table_actions") as table:
        table.drop_column("at")
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("hints")
    op.drop_table("analyses")

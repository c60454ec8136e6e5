"""Tables and their actions.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("token_hashes", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seed_commitment", sa.String(64), nullable=False),
        sa.Column("undo", sa.Boolean(), nullable=False),
        sa.Column("bot_delay", sa.Float(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.func.now(),
            nullable=False,
        ),
    )
    op.create_index("ix_game_tables_finished", "game_tables", ["finished"])
    op.create_table(
        "table_actions",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_actions")
    op.drop_index("ix_game_tables_finished", table_name="game_tables")
    op.drop_table("game_tables")

"""What the abuse limits count: rate limits' hits, live connections per address, and who
opened each table.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_hits",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_rate_hits_key_at", "rate_hits", ["key", "at"])
    op.create_index("ix_rate_hits_expires_at", "rate_hits", ["expires_at"])
    op.create_table(
        "live_connections",
        sa.Column("member", sa.String(32), primary_key=True),
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
    )
    op.create_table(
        "table_openers",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("address", sa.String(64), nullable=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("opened_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_table_openers_address", "table_openers", ["address"])
    op.create_index("ix_table_openers_player_id", "table_openers", ["player_id"])
    op.create_index("ix_table_openers_opened_at", "table_openers", ["opened_at"])


def downgrade() -> None:
    op.drop_table("table_openers")
    op.drop_table("live_connections")
    op.drop_table("rate_hits")

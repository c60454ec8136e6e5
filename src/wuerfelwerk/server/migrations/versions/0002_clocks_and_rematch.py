"""Turn clocks (the time control and the clock's state) and the rematch of a table.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        table.add_column(sa.Column("clock_state", sa.JSON(), nullable=True))
        table.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("rematch")
        table.drop_column("clock_state")
        table.drop_column("clock")

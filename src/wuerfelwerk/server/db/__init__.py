"""Persistence: the tables and their actions, written before anything is broadcast."""

from .engine import make_engine, migrate
from .journal import Journal, StoredTable
from .models import ActionRow, Base, PlayerRow, TableRow

__all__ = [
    "ActionRow",
    "Base",
    "Journal",
    "PlayerRow",
    "StoredTable",
    "TableRow",
    "make_engine",
    "migrate",
]

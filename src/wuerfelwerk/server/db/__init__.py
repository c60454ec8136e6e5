"""Persistence: the tables and their actions, written before anything is broadcast."""

from .engine import DatabaseUnavailableError, check_database, open_database
from .journal import Journal, StoredTable
from .models import ActionRow, Base, PlayerRow, TableRow

__all__ = [
    "ActionRow",
    "Base",
    "DatabaseUnavailableError",
    "Journal",
    "PlayerRow",
    "StoredTable",
    "TableRow",
    "check_database",
    "open_database",
]

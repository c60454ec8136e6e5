"""The table's seed and its commitment, and the seats' tokens.

The SHA-256 of the seed is published when a table is created and the seed itself in the
finished record, so every player can check that the dice were fixed in advance
(``wuerfelwerk verify RECORD``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_seed() -> int:
    return secrets.randbits(63)


def seed_commitment(seed: int) -> str:
    return hashlib.sha256(str(seed).encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def hash_matches(hashed: str, stored_hash: str | None) -> bool:
    """Whether a token's SHA-256 ``hashed`` is ``stored_hash`` (in constant time)."""
    return stored_hash is not None and hmac.compare_digest(hashed, stored_hash)


def new_table_id() -> str:
    return secrets.token_hex(8)

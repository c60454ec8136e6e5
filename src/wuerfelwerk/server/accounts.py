"""Who a player is: a chosen name kept by a signed cookie, and an optional password.

The cookie holds the player's id signed with the server's key (itsdangerous): it cannot
be forged, and it names nobody to anyone who reads it. A password makes the name usable
from another browser; it is stored only as an Argon2 hash (argon2-cffi), and hashing and
checking run off the event loop.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeSerializer

from .errors import TableError

COOKIE = "wuerfelwerk_player"
#: How long a browser keeps the name (400 days, the most browsers allow).
COOKIE_SECONDS = 400 * 86400
NAME_LENGTH = (2, 24)
PASSWORD_LENGTH = (8, 200)
#: Besides letters and digits, a name may hold these.
NAME_MARKS = " -_."

_hasher = PasswordHasher()


def new_player_id() -> str:
    return secrets.token_hex(16)


def new_secret() -> str:
    return secrets.token_urlsafe(48)


class Identity:
    """Signs a player's id into the cookie's value and reads it back."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="wuerfelwerk.player")

    def sign(self, player_id: str) -> str:
        return str(self._serializer.dumps(player_id))

    def read(self, cookie: str | None) -> str | None:
        """The player id in ``cookie``, or ``None`` if there is none or it is not ours."""
        if not cookie:
            return None
        try:
            value = self._serializer.loads(cookie)
        except BadSignature:
            return None
        return value if isinstance(value, str) else None


def checked_name(name: str) -> str:
    """The name as it will be kept; ``TableError`` says what is wrong with it."""
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        raise TableError("invalid_name", f"a name has {low} to {high} characters")
    if not all(ch.isalnum() or ch in NAME_MARKS for ch in name):
        raise TableError("invalid_name", "a name holds letters, digits, spaces and - _ . only")
    if not any(ch.isalpha() for ch in name):
        raise TableError("invalid_name", "a name needs at least one letter")
    return name


def name_key(name: str) -> str:
    """Names that differ only in case (or its look) are the same name."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_password(password: str) -> None:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise TableError("weak_password", f"a password has {low} to {high} characters")


async def hash_password(password: str) -> str:
    check_password(password)
    return await asyncio.to_thread(_hasher.hash, password)


@functools.cache
def _stand_in_hash() -> str:
    """A hash to check against for names without a password (made when first needed)."""
    return _hasher.hash(new_secret())


async def password_matches(password: str, stored: str | None) -> bool:
    """Whether ``password`` is the one hashed in ``stored``. Without a hash it is checked
    against one all the same, so the time taken does not tell which names exist."""
    checked = stored if stored is not None else await asyncio.to_thread(_stand_in_hash)
    try:
        matches = await asyncio.to_thread(_hasher.verify, checked, password)
    except (VerificationError, InvalidHashError):
        return False
    return matches and stored is not None

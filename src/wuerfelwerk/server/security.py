"""The browser's protections: security headers on every response, and the origin of
every WebSocket and every request that changes something.

- ``Content-Security-Policy``: scripts, styles, pictures and connections from the site
  itself only, no inline script or style, no framing (``frame-ancestors 'none'``).
- ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer`` (a table's
  address names the table), ``X-Frame-Options: DENY`` for older browsers, and
  ``Strict-Transport-Security`` when the request came over HTTPS.
- A WebSocket upgrade or a POST, PUT, PATCH or DELETE whose ``Origin`` is neither the
  site's own nor one of ``WUERFELWERK_ALLOWED_ORIGINS`` is refused (403): another site
  cannot act with a visitor's cookie. Clients that are not browsers send no ``Origin``.

Whether a request came over HTTPS is what uvicorn says: behind a proxy it trusts
(``WUERFELWERK_FORWARDED_ALLOW_IPS``), the proxy's ``X-Forwarded-Proto``.
"""

from __future__ import annotations

import json

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .settings import Settings, split_list

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
#: Methods that change something: their origin is checked.
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
#: A WebSocket refused before it opens (uvicorn answers the upgrade with 403).
CLOSE_BAD_ORIGIN = 4403


def over_https(scope: Scope) -> bool:
    return scope.get("scheme") in ("https", "wss")


def secure_cookies(connection: HTTPConnection) -> bool:
    """Whether cookies set in answer to ``connection`` are ``Secure`` (HTTPS only)."""
    return over_https(connection.scope)


class BrowserProtection:
    """ASGI middleware: the headers, and the origin checks."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.allowed = {origin.lower() for origin in split_list(settings.allowed_origins)}
        self.hsts = f"max-age={settings.hsts_seconds}" if settings.hsts_seconds > 0 else None

    def _origin_ok(self, scope: Scope) -> bool:
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is None:
            return True
        own = f"{'https' if over_https(scope) else 'http'}://{headers.get('host', '')}"
        return origin.lower() in {own.lower(), *self.allowed}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and not self._origin_ok(scope):
            await send({"type": "websocket.close", "code": CLOSE_BAD_ORIGIN})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(HEADERS)
        if self.hsts and over_https(scope):
            headers["Strict-Transport-Security"] = self.hsts

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                given = MutableHeaders(scope=message)
                for name, value in headers.items():
                    if name not in given:
                        given[name] = value
            await send(message)

        if scope["method"] in UNSAFE_METHODS and not self._origin_ok(scope):
            await refuse_origin(send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


async def refuse_origin(send: Send) -> None:
    body = json.dumps(
        {
            "type": "error",
            "code": "bad_origin",
            "message": "this request comes from a page of another site",
        }
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})

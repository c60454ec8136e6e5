"""``/docs``: the interactive API docs (Swagger UI), with a policy of their own.

Swagger UI comes from its CDN and starts with one inline script, which the site's
policy forbids; this page's ``Content-Security-Policy`` names the CDN and that one
script by its hash, and allows nothing else inline.
"""

from __future__ import annotations

import base64
import hashlib
import re

from fastapi import APIRouter, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse

router = APIRouter(include_in_schema=False)

CDN = "https://cdn.jsdelivr.net"
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def docs_policy(html: str) -> str:
    """The page's policy: its inline scripts by their SHA-256, the CDN's files."""
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(html)
    ]
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src 'self' {CDN} {' '.join(hashes)}",
            f"style-src 'self' {CDN}",
            "img-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ]
    )


@router.get("/docs")
def swagger_ui(request: Request) -> HTMLResponse:
    page = get_swagger_ui_html(
        openapi_url=request.app.openapi_url,
        title=f"{request.app.title}: API",
        swagger_favicon_url="/favicon.svg",
    )
    html = bytes(page.body).decode()
    return HTMLResponse(html, headers={"Content-Security-Policy": docs_policy(html)})

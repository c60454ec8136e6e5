"""The browser's protections over HTTP: security headers on every response, HSTS and
``Secure`` cookies over HTTPS (as a trusted proxy forwards it), and the origin checks
of WebSockets and of requests that change something."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from wuerfelwerk.server.accounts import COOKIE
from wuerfelwerk.server.launch import ServerProcess
from wuerfelwerk.server.logs import without_tokens

from .client import Client, create_table, game_under_test, open_connection

MALEFIZ = game_under_test("malefiz")
OVER_HTTPS = {"X-Forwarded-Proto": "https"}


def table_body() -> dict[str, object]:
    return {"game": "malefiz", "options": MALEFIZ.options_json(), "seats": ["human", "human"]}


def check_headers(response: httpx.Response) -> None:
    headers = response.headers
    policy = headers["content-security-policy"]
    for directive in ("default-src 'self'", "script-src 'self'", "style-src 'self'"):
        assert directive in policy
    assert "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("GET", "/table.html", 200),
        ("GET", "/js/api.js", 200),
        ("GET", "/api/games", 200),
        ("GET", "/api/tables/nothing-here", 404),
        ("POST", "/api/tables", 422),
        ("GET", "/no/such/page", 404),
    ],
)
def test_every_response_has_the_security_headers(
    server: ServerProcess, method: str, path: str, status: int
) -> None:
    response = httpx.request(method, server.url + path, timeout=30)
    assert response.status_code == status
    check_headers(response)
    assert "strict-transport-security" not in response.headers
    over_https = httpx.request(method, server.url + path, timeout=30, headers=OVER_HTTPS)
    check_headers(over_https)
    assert over_https.headers["strict-transport-security"] == "max-age=31536000"


def cookie_of(response: httpx.Response) -> str:
    (cookie,) = [value for value in response.headers.get_list("set-cookie") if COOKIE in value]
    return cookie


def test_the_cookie_is_secure_over_https_only(server: ServerProcess) -> None:
    plain = httpx.post(f"{server.url}/api/players", json={"name": "Plain Pat"}, timeout=30)
    assert plain.status_code == 201
    assert "secure" not in cookie_of(plain).lower()
    https = httpx.post(
        f"{server.url}/api/players", json={"name": "Secure Sam"}, headers=OVER_HTTPS, timeout=30
    )
    assert https.status_code == 201
    cookie = cookie_of(https)
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    out = httpx.delete(f"{server.url}/api/session", headers=OVER_HTTPS, timeout=30)
    assert "Secure" in cookie_of(out)


def test_a_request_from_another_sites_page_changes_nothing(server: ServerProcess) -> None:
    own = server.url
    listed = len(httpx.get(f"{own}/api/tables", timeout=30).json())
    for origin in ("https://evil.example", "null", "http://127.0.0.1:1"):
        refused = httpx.post(
            f"{own}/api/tables", json=table_body(), headers={"Origin": origin}, timeout=30
        )
        assert refused.status_code == 403, refused.text
        assert refused.json()["code"] == "bad_origin"
        check_headers(refused)
        named = httpx.post(
            f"{own}/api/players", json={"name": "Lured Lee"}, headers={"Origin": origin}
        )
        assert named.status_code == 403 and "set-cookie" not in named.headers
    assert len(httpx.get(f"{own}/api/tables", timeout=30).json()) == listed
    # The site's own pages, and clients that are not browsers (no Origin), go through.
    mine = httpx.post(f"{own}/api/tables", json=table_body(), headers={"Origin": own}, timeout=30)
    assert mine.status_code == 201, mine.text
    assert httpx.post(f"{own}/api/tables", json=table_body(), timeout=30).status_code == 201
    # A page of another site may read nothing either: no CORS headers are given.
    looked = httpx.get(f"{own}/api/games", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in looked.headers


def test_a_websocket_from_another_sites_page_is_refused(server: ServerProcess) -> None:
    table = create_table(server, MALEFIZ, ["human", "human"])
    path = f"{server.ws_url}/ws/tables/{table['id']}?token={table['seats'][0]['token']}"
    with pytest.raises(InvalidStatus) as refused:
        connect(path, additional_headers={"Origin": "https://evil.example"})
    assert refused.value.response.status_code == 403
    with open_connection(path, additional_headers={"Origin": server.url}) as page:
        assert json.loads(page.recv(30))["type"] == "state"


def test_forwarded_headers_count_from_trusted_proxies_only_and_other_origins_as_allowed(
    workdir: Path,
) -> None:
    env = {
        "WUERFELWERK_FORWARDED_ALLOW_IPS": "10.9.9.9",
        "WUERFELWERK_ALLOWED_ORIGINS": "https://games.example",
        "WUERFELWERK_HSTS_SECONDS": "600",
    }
    with ServerProcess(f"sqlite:///{workdir / 'games.db'}", log=workdir / "log", env=env) as s:
        # 127.0.0.1 is no trusted proxy here: what it forwards is not believed.
        forged = httpx.post(
            f"{s.url}/api/players", json={"name": "Forged Fay"}, headers=OVER_HTTPS, timeout=30
        )
        assert "secure" not in cookie_of(forged).lower()
        assert "strict-transport-security" not in forged.headers
        allowed = {"Origin": "https://games.example"}
        made = httpx.post(f"{s.url}/api/tables", json=table_body(), headers=allowed, timeout=30)
        assert made.status_code == 201, made.text
        table = made.json()
        page = Client.open(s, table, 0, headers=allowed)
        assert page.next_frame()["seat"] == 0
    trusted = {"WUERFELWERK_HSTS_SECONDS": "600"}
    with ServerProcess(f"sqlite:///{workdir / 'b.db'}", log=workdir / "log", env=trusted) as s:
        hsts = httpx.get(f"{s.url}/api/games", headers=OVER_HTTPS, timeout=30)
        assert hsts.headers["strict-transport-security"] == "max-age=600"


def test_the_api_docs_page_names_its_one_inline_script_by_hash(server: ServerProcess) -> None:
    docs = httpx.get(f"{server.url}/docs", timeout=30)
    assert docs.status_code == 200
    (script,) = re.findall(r"<script>(.*?)</script>", docs.text, re.DOTALL)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    policy = docs.headers["content-security-policy"]
    assert f"'sha256-{digest}'" in policy and "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy
    assert httpx.get(f"{server.url}/redoc", timeout=30).status_code == 404


def test_the_log_keeps_no_seat_token(workdir: Path) -> None:
    log = workdir / "info.log"
    database = f"sqlite:///{workdir / 'games.db'}"
    with ServerProcess(database, log=log, args=["--log-level", "info"]) as server:
        table = httpx.post(f"{server.url}/api/tables", json=table_body(), timeout=30).json()
        page = Client.open(server, table, 0)
        assert page.next_frame()["seat"] == 0
        address = f"/ws/tables/{table['id']}?token=***"
        # uvicorn logs the connection when it accepts it, before the page's first frame.
        text = log.read_text()
        assert address in text, text[-2000:]
        for seat in table["seats"]:
            assert seat["token"] not in text
        page.close()
    assert (
        without_tokens("GET /x?a=1&token=abc-_9&b=2 token=z")
        == "GET /x?a=1&token=***&b=2 token=***"
    )

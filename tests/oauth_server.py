"""A small OAuth 2 authorization server and a protected API, for the tests of the request forms' flows.

``oauth_app(server)`` is a starlette app; ``serve_oauth()`` runs it under uvicorn on 127.0.0.1 in a thread
(it stops at the end of the ``with`` block, or by itself after ``LIFETIME`` seconds). It implements what the
forms talk to, and checks what a real server checks:

- ``GET /authorize``: approves at once (no login page) and redirects to ``redirect_uri`` with ``code`` and
  ``state`` (``response_type=code``, a PKCE ``code_challenge`` required) or, for ``response_type=token``,
  with the token in the fragment.
- ``POST /token``: ``authorization_code`` (the code once, the same client and redirect URI, the PKCE
  verifier checked against its S256 challenge), ``client_credentials`` (the client's secret, in a Basic
  Authorization header or the body), and the device grant (``authorization_pending`` ``PENDING`` times,
  ``slow_down`` once if the client polls faster than its interval, then a token).
- ``POST /device``: a device authorization (RFC 8628): device code, user code, verification URI, interval.
- ``GET /.well-known/openid-configuration``: the discovery document of these endpoints.
- ``GET /api/me`` (and ``/api/whoami``): the protected endpoint: 401 without a token it issued, else who the token is for.

CORS allows any origin, as an authorization server that serves browser clients does.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.routing import Route

CLIENT_ID = "orgdocs-test"
CLIENT_SECRET = "s3cret-of-the-test-client"
SCOPES = {"pets:read": "Read pets", "pets:write": "Change pets"}
PENDING = 2  # device polls answered authorization_pending before the token
LIFETIME = 300.0  # seconds


@dataclass
class OAuthServer:
    """What the server issued and saw; ``url`` once it listens."""

    url: str = ""
    codes: dict[str, dict] = field(default_factory=dict)
    devices: dict[str, dict] = field(default_factory=dict)
    tokens: dict[str, dict] = field(default_factory=dict)  # access token -> {client_id, scope, grant}
    token_requests: list[dict] = field(default_factory=list)  # the /token forms, secrets included
    device_interval: int = 1

    def issue(self, client_id: str, scope: str, grant: str) -> dict:
        token = "at_" + secrets.token_urlsafe(16)
        self.tokens[token] = {"client_id": client_id, "scope": scope, "grant": grant}
        return {"access_token": token, "token_type": "Bearer", "expires_in": 3600, "scope": scope}


def _issued(answer: dict) -> JSONResponse:
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


def _error(code: str, description: str = "", status: int = 400) -> JSONResponse:
    return JSONResponse({"error": code, "error_description": description}, status_code=status)


def _challenge(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


async def _form(request: Request) -> dict:
    """An application/x-www-form-urlencoded body (without python-multipart, which starlette would need)."""
    return dict(parse_qsl((await request.body()).decode("utf-8")))


def _client(request: Request, form: dict) -> tuple[str, str | None]:
    """The client id and secret of a token request: HTTP Basic, else the body's fields."""
    header = request.headers.get("authorization", "")
    if header.lower().startswith("basic "):
        client_id, _, secret = base64.b64decode(header[6:]).decode().partition(":")
        return client_id, secret
    return form.get("client_id", ""), form.get("client_secret")


def oauth_app(server: OAuthServer) -> Starlette:
    def authorize(request: Request):
        q = request.query_params
        redirect = q.get("redirect_uri", "")
        if q.get("client_id") != CLIENT_ID or not redirect:
            return _error("invalid_request", "unknown client or no redirect_uri")
        state = q.get("state", "")
        if q.get("response_type") == "token":
            fragment = dict(server.issue(CLIENT_ID, q.get("scope", ""), "implicit"), state=state)
            return RedirectResponse(f"{redirect}#{urlencode(fragment)}", status_code=302)
        if q.get("response_type") != "code" or q.get("code_challenge_method") != "S256":
            return _error("invalid_request", "response_type=code with an S256 code_challenge is required")
        code = "code_" + secrets.token_urlsafe(12)
        server.codes[code] = {
            "client_id": CLIENT_ID,
            "redirect_uri": redirect,
            "challenge": q.get("code_challenge", ""),
            "scope": q.get("scope", ""),
        }
        joiner = "&" if "?" in redirect else "?"
        return RedirectResponse(f"{redirect}{joiner}{urlencode({'code': code, 'state': state})}", 302)

    async def token(request: Request):
        form = await _form(request)
        server.token_requests.append(dict(form, authorization=request.headers.get("authorization")))
        grant = form.get("grant_type")
        client_id, secret = _client(request, form)
        if grant == "authorization_code":
            issued = server.codes.pop(form.get("code", ""), None)
            if issued is None or issued["client_id"] != client_id:
                return _error("invalid_grant", "unknown or used code")
            if issued["redirect_uri"] != form.get("redirect_uri"):
                return _error("invalid_grant", "redirect_uri differs from the authorization request's")
            if _challenge(form.get("code_verifier", "")) != issued["challenge"]:
                return _error("invalid_grant", "PKCE verification failed")
            return _issued(server.issue(client_id, issued["scope"], "authorization_code"))
        if grant == "client_credentials":
            if client_id != CLIENT_ID or secret != CLIENT_SECRET:
                return _error("invalid_client", "wrong client credentials", 401)
            return _issued(server.issue(client_id, form.get("scope", ""), "client_credentials"))
        if grant == "urn:ietf:params:oauth:grant-type:device_code":
            device = server.devices.get(form.get("device_code", ""))
            if device is None or device["client_id"] != client_id:
                return _error("invalid_grant", "unknown device code")
            now = time.monotonic()
            too_soon = device["last"] is not None and now - device["last"] < device["interval"] - 0.05
            device["last"] = now
            device["polls"] += 1
            if too_soon and not device["slowed"]:
                device["slowed"] = True
                device["interval"] += 1
                return _error("slow_down", "poll less often")
            if device["polls"] <= PENDING:
                return _error("authorization_pending", "the user has not approved yet")
            del server.devices[form["device_code"]]
            return _issued(server.issue(client_id, device["scope"], "device_code"))
        return _error("unsupported_grant_type", str(grant))

    async def device(request: Request):
        form = await _form(request)
        if form.get("client_id") != CLIENT_ID:
            return _error("invalid_client", "unknown client", 401)
        code = "dc_" + secrets.token_urlsafe(12)
        server.devices[code] = {
            "client_id": CLIENT_ID,
            "scope": form.get("scope", ""),
            "polls": 0,
            "last": None,
            "slowed": False,
            "interval": server.device_interval,
        }
        return JSONResponse(
            {
                "device_code": code,
                "user_code": "WDJB-MJHT",
                "verification_uri": f"{server.url}/device/verify",
                "verification_uri_complete": f"{server.url}/device/verify?user_code=WDJB-MJHT",
                "expires_in": 600,
                "interval": server.device_interval,
            }
        )

    def discovery(request: Request):
        return JSONResponse(
            {
                "issuer": server.url,
                "authorization_endpoint": f"{server.url}/authorize",
                "token_endpoint": f"{server.url}/token",
                "device_authorization_endpoint": f"{server.url}/device",
                "scopes_supported": ["openid", *SCOPES],
                "grant_types_supported": [
                    "authorization_code",
                    "client_credentials",
                    "urn:ietf:params:oauth:grant-type:device_code",
                ],
                "code_challenge_methods_supported": ["S256"],
            }
        )

    def me(request: Request):
        header = request.headers.get("authorization", "")
        found = server.tokens.get(header[7:]) if header.lower().startswith("bearer ") else None
        if found is None:
            return JSONResponse(
                {"error": "no valid token"}, status_code=401, headers={"WWW-Authenticate": "Bearer"}
            )
        return JSONResponse(dict(found, authorized=True))

    return Starlette(
        routes=[
            Route("/authorize", authorize),
            Route("/token", token, methods=["POST"]),
            Route("/device", device, methods=["POST"]),
            Route("/.well-known/openid-configuration", discovery),
            Route("/api/me", me),
            Route("/api/whoami", me),
        ],
        middleware=[
            Middleware(
                CORSMiddleware,
                allow_origins=["*"],
                allow_methods=["GET", "POST", "OPTIONS"],
                allow_headers=["Authorization", "Content-Type"],
            )
        ],
    )


@contextlib.contextmanager
def serve_oauth() -> Iterator[OAuthServer]:
    """Run the server on 127.0.0.1 (a free port) in a thread while the block runs."""
    import uvicorn

    server = OAuthServer()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    server.url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    config = uvicorn.Config(oauth_app(server), log_level="warning", lifespan="off")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    timer = threading.Timer(LIFETIME, lambda: setattr(running, "should_exit", True))
    timer.daemon = True
    timer.start()
    try:
        for _ in range(1000):
            if running.started or not thread.is_alive():
                break
            time.sleep(0.01)
        assert running.started, "the OAuth test server did not start"
        yield server
    finally:
        timer.cancel()
        running.should_exit = True
        thread.join(timeout=10)
        listener.close()

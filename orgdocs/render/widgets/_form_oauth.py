"""OAuth 2 tokens obtained from the kernel, for ``RequestForm.authorize``: the device authorization grant
(RFC 8628: a code the user enters on another device, while the kernel polls) and client credentials.

The browser runs the flows that need a redirect back to the page (authorization code with PKCE, in
``assets/oauth.js``); a kernel has no page to come back to, so it runs the device flow, which needs none.
Endpoints come from ``orgdocs.project._security.oauth_flows`` (an oauth2 scheme's flows, or an openIdConnect
scheme's discovery document, read here with httpx). A token answer is handed to the form, which keeps the
access token in its credential store; nothing here prints, returns or reprs a token.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

import httpx

from orgdocs.project import DEVICE_GRANT, oauth_flows
from orgdocs.render.widgets._form_errors import FormError

if TYPE_CHECKING:
    from orgdocs.render.widgets._request_form import RequestForm

__all__ = ["Granted", "OAuthError", "authorize", "client_credentials", "device_flow", "scheme_flows"]

SLOW_DOWN_STEP = 5  # seconds added to the polling interval on each slow_down (RFC 8628, 3.5)
DEFAULT_INTERVAL = 5  # seconds between polls when the server names none (RFC 8628, 3.2)
DEFAULT_TIMEOUT = 10.0  # seconds, for each request of the client made when none is given


class OAuthError(FormError):
    """The authorization server refused, or its answer could not be read."""


@dataclass(frozen=True)
class Granted:
    """What a flow obtained, without the token itself (the form keeps it)."""

    scheme: str
    flow: str
    scope: str
    expires_in: int | None
    token_type: str

    def __str__(self) -> str:
        lasts = f", for {self.expires_in} s" if self.expires_in else ""
        scope = f" with scope {self.scope!r}" if self.scope else ""
        return f"{self.scheme}: a {self.token_type} token from the {self.flow} flow{scope}{lasts}"


def authorize(
    form: RequestForm,
    scheme: str,
    *,
    client_id: str,
    scopes: Sequence[str] = (),
    client_secret: str | None = None,
    flow: str = "device",
    device_url: str | None = None,
    client: httpx.Client | None = None,
    timeout: float | None = None,
) -> Granted:
    """``RequestForm.authorize``: run ``flow`` for ``form``'s ``scheme`` and keep the token as its credential."""
    spec = form._oauth_scheme(scheme)
    own_client = client is None
    client = client or httpx.Client(timeout=DEFAULT_TIMEOUT)
    try:
        flows = scheme_flows(spec, client, form._oauth_base())
        if flow == "device":
            found = next((f for f in flows if f["deviceAuthorizationUrl"] and f["tokenUrl"]), None)
            if device_url:
                token_url = next((f["tokenUrl"] for f in flows if f["tokenUrl"]), "")
                found = {"deviceAuthorizationUrl": device_url, "tokenUrl": token_url} if token_url else None
            if found is None:
                raise FormError(
                    f"{scheme} declares no device authorization endpoint (and a token URL): "
                    "name it with device_url=..."
                )
            answer = device_flow(
                client,
                found["deviceAuthorizationUrl"],
                found["tokenUrl"],
                client_id,
                scopes,
                client_secret=client_secret,
                timeout=timeout,
            )
        elif flow == "client_credentials":
            found = next((f for f in flows if f["flow"] == "clientCredentials"), None)
            found = found or next((f for f in flows if f["tokenUrl"]), None)
            if found is None or not client_secret:
                raise FormError(f"client credentials need {scheme}'s token URL and a client_secret")
            answer = client_credentials(client, found["tokenUrl"], client_id, client_secret, scopes)
        else:
            raise FormError(f"flow is 'device' or 'client_credentials', not {flow!r}")
    finally:
        if own_client:
            client.close()
    form.set_credential(scheme, answer["access_token"])
    expires = answer.get("expires_in")
    return Granted(
        scheme=scheme,
        flow=flow,
        scope=str(answer.get("scope") or " ".join(scopes)),
        expires_in=int(expires) if isinstance(expires, (int, float)) else None,
        token_type=str(answer.get("token_type") or "bearer"),
    )


def scheme_flows(scheme: Mapping[str, Any], client: httpx.Client, base: str = "") -> list[dict]:
    """``oauth_flows`` of ``scheme`` with its URLs made absolute against ``base``; an
    openIdConnect scheme's discovery document is fetched with ``client``."""
    discovery = None
    if scheme.get("type") == "openIdConnect":
        url = urljoin(base, str(scheme.get("openIdConnectUrl") or ""))
        if not url:
            raise OAuthError("the openIdConnect scheme names no discovery document (openIdConnectUrl)")
        discovery = _json(client.get(url), f"the discovery document {url}")
    flows = oauth_flows(scheme, discovery)
    for flow in flows:
        for key in ("authorizationUrl", "tokenUrl", "deviceAuthorizationUrl"):
            if flow[key]:
                flow[key] = urljoin(base, flow[key])
    return flows


def device_flow(
    client: httpx.Client,
    device_url: str,
    token_url: str,
    client_id: str,
    scopes: Sequence[str] = (),
    *,
    client_secret: str | None = None,
    say: Callable[[str], None] = print,
    sleep: Callable[[float], None] = time.sleep,
    timeout: float | None = None,
) -> dict:
    """Run the device authorization grant: ask ``device_url`` for a code, ``say`` where to enter it, then
    poll ``token_url`` every ``interval`` seconds (``slow_down`` adds 5) until the user approves. Returns
    the token answer; raises ``OAuthError`` when the user denies, the code expires or ``timeout`` passes."""
    form = {"client_id": client_id}
    if scopes:
        form["scope"] = " ".join(scopes)
    started = _json(client.post(device_url, data=form), f"the device authorization endpoint {device_url}")
    for key in ("device_code", "user_code", "verification_uri"):
        if not isinstance(started.get(key), str):
            raise OAuthError(f"the device authorization answer has no {key}")
    complete = started.get("verification_uri_complete")
    say(f"To authorize, open {started['verification_uri']} and enter the code {started['user_code']}")
    if isinstance(complete, str):
        say(f"(or open {complete}, which carries the code)")
    interval = _number(started.get("interval"), DEFAULT_INTERVAL)
    lifetime = _number(started.get("expires_in"), 1800)
    deadline = time.monotonic() + min(lifetime, timeout if timeout is not None else lifetime)
    poll = {"grant_type": DEVICE_GRANT, "device_code": started["device_code"], "client_id": client_id}
    while True:
        if time.monotonic() + interval > deadline:
            raise OAuthError("the device code expired before the authorization was approved")
        sleep(interval)
        response = client.post(token_url, data=poll, auth=_basic(client_id, client_secret))
        answer = _answer(response)
        error = answer.get("error")
        if response.is_success and isinstance(answer.get("access_token"), str):
            return answer
        if error == "authorization_pending":
            continue
        if error == "slow_down":
            interval += SLOW_DOWN_STEP
            continue
        raise OAuthError(_refusal(token_url, response, answer))


def client_credentials(
    client: httpx.Client, token_url: str, client_id: str, client_secret: str, scopes: Sequence[str] = ()
) -> dict:
    """A token for the client itself (no user): the client authenticates with HTTP Basic (RFC 6749, 2.3.1)."""
    form = {"grant_type": "client_credentials"}
    if scopes:
        form["scope"] = " ".join(scopes)
    response = client.post(token_url, data=form, auth=httpx.BasicAuth(client_id, client_secret))
    answer = _answer(response)
    if response.is_success and isinstance(answer.get("access_token"), str):
        return answer
    raise OAuthError(_refusal(token_url, response, answer))


def _basic(client_id: str, secret: str | None) -> httpx.BasicAuth | None:
    return httpx.BasicAuth(client_id, secret) if secret else None


def _number(value: Any, default: float) -> float:
    return (
        float(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
        else default
    )


def _answer(response: httpx.Response) -> dict:
    try:
        answer = response.json()
    except ValueError:
        return {}
    return answer if isinstance(answer, dict) else {}


def _json(response: httpx.Response, what: str) -> dict:
    answer = _answer(response)
    if not response.is_success:
        raise OAuthError(_refusal(what, response, answer))
    if not answer:
        raise OAuthError(f"{what} did not answer a JSON object")
    return answer


def _refusal(where: str, response: httpx.Response, answer: Mapping[str, Any]) -> str:
    error = answer.get("error")
    if error:
        detail = answer.get("error_description")
        return f"{where} refused: {error}" + (f" ({detail})" if detail else "")
    return f"{where} answered {response.status_code} {response.reason_phrase} without a token"

"""OAuth 2 from the kernel (``orgdocs.render.widgets._form_oauth`` and ``RequestForm.authorize``), against the
real authorization server of tests/oauth_server.py on 127.0.0.1: the device flow (interval, slow_down, the
printed code), client credentials, an OpenID Connect discovery document, and a token kept in kernel memory
only."""

from __future__ import annotations

import httpx
import pytest
from oauth_server import CLIENT_ID, CLIENT_SECRET, SCOPES, serve_oauth

from orgdocs.model import from_document
from orgdocs.render.widgets import RequestForm, TokenStore
from orgdocs.render.widgets._form_errors import FormError
from orgdocs.render.widgets._form_oauth import OAuthError, client_credentials, device_flow


@pytest.fixture(scope="module")
def auth():
    with serve_oauth() as server:
        yield server


def description(auth_url: str):
    who = {"200": {"description": "who the token is for"}}
    document = {
        "openapi": "3.1.0",
        "info": {"title": "Pets", "version": "1"},
        "servers": [{"url": f"{auth_url}/api"}],
        "components": {
            "securitySchemes": {
                "oidc": {"type": "openIdConnect", "openIdConnectUrl": "/.well-known/openid-configuration"},
                "petsAuth": {
                    "type": "oauth2",
                    "flows": {  # OpenAPI 3.2's device flow beside client credentials
                        "deviceAuthorization": {
                            "deviceAuthorizationUrl": f"{auth_url}/device",
                            "tokenUrl": f"{auth_url}/token",
                            "scopes": SCOPES,
                        },
                        "clientCredentials": {"tokenUrl": f"{auth_url}/token", "scopes": SCOPES},
                    },
                },
                "key": {"type": "apiKey", "in": "header", "name": "X-Key"},
            }
        },
        "paths": {
            "/me": {
                "get": {"operationId": "me", "security": [{"petsAuth": ["pets:read"]}], "responses": who}
            },
            "/whoami": {
                "get": {"operationId": "whoami", "security": [{"oidc": []}, {"key": []}], "responses": who}
            },
        },
    }
    # its relative openIdConnectUrl resolves against the server, as OpenAPI says
    return from_document(document, f"{auth_url}/openapi.json")


def form_of(auth, operation_id: str, tokens: TokenStore) -> RequestForm:
    found = description(auth.url)
    operation = next(op for op in found.operations if op.operation_id == operation_id)
    return RequestForm(operation, description=found, tokens=tokens)


def test_the_device_flow_honours_interval_and_slow_down(auth):
    waits: list[float] = []
    said: list[str] = []
    with httpx.Client() as client:
        answer = device_flow(
            client,
            f"{auth.url}/device",
            f"{auth.url}/token",
            CLIENT_ID,
            ["pets:read"],
            say=said.append,
            sleep=waits.append,  # polls at once: the server asks to slow down
        )
    # the server's interval (1 s), then 1 + 5 after its slow_down, until the approval it grants after two
    # pending polls
    assert waits == [1, 1, 6]
    assert (
        answer["access_token"] in auth.tokens
        and auth.tokens[answer["access_token"]]["grant"] == "device_code"
    )
    assert "WDJB-MJHT" in said[0] and f"{auth.url}/device/verify" in said[0]


def test_a_device_code_that_outlives_its_wait_is_refused(auth):
    with httpx.Client() as client, pytest.raises(OAuthError, match="expired"):
        device_flow(client, f"{auth.url}/device", f"{auth.url}/token", CLIENT_ID, say=str, timeout=0.5)


def test_authorize_runs_the_device_flow_and_the_form_sends_the_token(auth, capsys):
    tokens = TokenStore()
    form = form_of(auth, "whoami", tokens)
    granted = form.authorize("oidc", client_id=CLIENT_ID, scopes=["pets:read"])
    printed = capsys.readouterr().out
    assert "WDJB-MJHT" in printed and "/device/verify" in printed
    assert granted.scope == "pets:read" and granted.expires_in == 3600
    token = tokens.values()[0]
    assert token in auth.tokens
    # never shown: not printed, not in what authorize returns, not in the form's or the request's repr
    for text in (
        printed,
        repr(granted),
        str(granted),
        repr(form),
        repr(form.request),
        repr(form.request.headers),
    ):
        assert token not in text
    response = form.send()
    assert response.status_code == 200 and response.json()["grant"] == "device_code"
    # kept for the API: another form of the same description sends it too
    other = form_of(auth, "whoami", tokens)
    assert other.send().json()["client_id"] == CLIENT_ID


def test_authorize_with_client_credentials(auth):
    tokens = TokenStore()
    form = form_of(auth, "me", tokens)
    form.authorize(
        "petsAuth",
        client_id=CLIENT_ID,
        client_secret=CLIENT_SECRET,
        scopes=["pets:read"],
        flow="client_credentials",
    )
    assert form.send().json() == {
        "client_id": CLIENT_ID,
        "scope": "pets:read",
        "grant": "client_credentials",
        "authorized": True,
    }
    with pytest.raises(OAuthError, match="invalid_client"):
        form.authorize("petsAuth", client_id=CLIENT_ID, client_secret="wrong", flow="client_credentials")
    with httpx.Client() as client, pytest.raises(OAuthError, match="wrong client credentials"):
        client_credentials(client, f"{auth.url}/token", CLIENT_ID, "wrong")


def test_authorize_is_for_oauth_schemes_only(auth):
    form = form_of(auth, "whoami", TokenStore())
    with pytest.raises(FormError, match="not an oauth2 or openIdConnect scheme"):
        form.authorize("key", client_id=CLIENT_ID)
    with pytest.raises(FormError, match="flow is 'device' or 'client_credentials'"):
        form.authorize("oidc", client_id=CLIENT_ID, flow="implicit")


def test_a_device_endpoint_the_description_does_not_declare_is_named(auth, capsys):
    found = description(auth.url)
    schemes = found.security_schemes
    # an OpenAPI 3.0 scheme: only client credentials declared (a token URL), no device flow
    del schemes["petsAuth"].flows["deviceAuthorization"]
    operation = next(op for op in found.operations if op.operation_id == "me")
    form = RequestForm(operation, description=found, tokens=TokenStore())
    with pytest.raises(FormError, match="device_url"):
        form.authorize("petsAuth", client_id=CLIENT_ID)
    form.authorize("petsAuth", client_id=CLIENT_ID, device_url=f"{auth.url}/device")
    assert "WDJB-MJHT" in capsys.readouterr().out
    assert form.send().json()["grant"] == "device_code"

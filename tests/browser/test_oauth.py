"""The request form's OAuth 2 and OpenID Connect flows in headless Chromium, against a real authorization
server on 127.0.0.1 (tests/oauth_server.py).

A description whose operation takes an oauth2 scheme (authorization code and client credentials flows) or an
openIdConnect one (its discovery document on the same server) is built into a static site, served from
another port. The tests open the "Authorize" panel, type the client ID, click Authorize, follow the flow (the
pop-up goes to /authorize, which approves at once and redirects to the build's oauth2-redirect.html, which
passes the code back), then press Send: the protected endpoint must receive the token the server issued.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from oauth_server import CLIENT_ID, CLIENT_SECRET, SCOPES, serve_oauth

from orgdocs.model import from_document
from orgdocs.project import Site
from orgdocs.project import _security as security
from orgdocs.render.site._build import build_site

from .keys import type_into
from .script_page import page_modules

pytestmark = pytest.mark.browser

UI_TIMEOUT = 15_000  # milliseconds, for every browser wait


def description(auth: str) -> dict:
    answer = {"200": {"description": "who the token is for", "content": {"application/json": {}}}}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Pets", "version": "1"},
        "servers": [{"url": f"{auth}/api"}],
        "components": {
            "securitySchemes": {
                "petsAuth": {
                    "type": "oauth2",
                    "flows": {
                        "authorizationCode": {
                            "authorizationUrl": f"{auth}/authorize",
                            "tokenUrl": f"{auth}/token",
                            "scopes": SCOPES,
                        },
                        "clientCredentials": {"tokenUrl": f"{auth}/token", "scopes": SCOPES},
                        "implicit": {"authorizationUrl": f"{auth}/authorize", "scopes": SCOPES},
                    },
                },
                "oidc": {
                    "type": "openIdConnect",
                    # relative: resolved against the server, as OpenAPI says
                    "openIdConnectUrl": "/.well-known/openid-configuration",
                },
            }
        },
        "paths": {
            "/me": {
                "get": {
                    "operationId": "whoAmI",
                    "security": [{"petsAuth": ["pets:read"]}],
                    "responses": answer,
                }
            },
            "/whoami": {
                "get": {"operationId": "whoAmIOidc", "security": [{"oidc": ["openid"]}], "responses": answer}
            },
        },
    }


@pytest.fixture(scope="module")
def auth() -> Iterator:
    with serve_oauth() as server:
        yield server


@pytest.fixture(scope="module")
def built(auth, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("oauth-site")
    site = Site.from_description(from_document(description(auth.url), "pets.json"), group="Pets API")
    build_site(site, root, progress=False)
    return root


@pytest.fixture
def docs(built, static_server) -> str:
    return static_server(built) + "pets-api/"


def _send_and_read(page) -> str:
    page.get_by_role("button", name="Send").click()
    body = page.locator("[data-response] .response-status")
    body.wait_for(timeout=UI_TIMEOUT)
    return page.locator("[data-response]").inner_text()


def test_authorization_code_with_pkce_gets_a_token_that_send_carries(auth, docs, watched):
    seen = watched()
    page = seen.page
    page.goto(docs + "me/who-am-i/")
    panel = page.locator("[data-oauth=petsAuth]")
    panel.get_by_text("Authorize petsAuth").click()
    assert panel.get_by_label("pets:read").is_checked()  # the scope the operation asks for
    assert not panel.get_by_label("pets:write").is_checked()
    redirect = panel.locator(".oauth-redirect code").inner_text()
    assert redirect.endswith("/_docs/assets/oauth2-redirect.html")
    type_into(page, panel.get_by_label("Client ID"), CLIENT_ID)
    panel.get_by_label("pets:write").check()
    with page.expect_popup() as popup_info:
        panel.get_by_role("button", name="Authorize").click()
    popup = popup_info.value
    page.locator(".oauth-status", has_text="Authorized").wait_for(timeout=UI_TIMEOUT)
    if not popup.is_closed():  # the redirect page closes its window once it has told this page
        popup.wait_for_event("close", timeout=UI_TIMEOUT)

    exchange = [r for r in auth.token_requests if r.get("grant_type") == "authorization_code"]
    assert len(exchange) == 1
    assert exchange[0]["code_verifier"] and exchange[0]["redirect_uri"] == redirect
    text = _send_and_read(page)
    assert "200" in text and "authorization_code" in text
    assert "pets:read pets:write" in text
    # the token is kept where typed credentials are: this tab's sessionStorage, for this API only
    stored = page.evaluate(
        "() => Object.keys(sessionStorage).filter(k => k.endsWith(':petsAuth:value'))"
        ".map(k => sessionStorage.getItem(k))"
    )
    assert len(stored) == 1 and stored[0] in auth.tokens
    assert page.evaluate("() => localStorage.length") == 0
    # and the samples show a placeholder, never the token
    assert stored[0] not in page.locator("[data-sample]").first.inner_text()
    assert not seen.errors, seen.errors


def test_the_implicit_flow_takes_the_token_from_the_fragment(auth, docs, watched):
    seen = watched()
    page = seen.page
    page.goto(docs + "me/who-am-i/")
    panel = page.locator("[data-oauth=petsAuth]")
    panel.get_by_text("Authorize petsAuth").click()
    panel.get_by_label("Flow").select_option(label="Implicit")
    type_into(page, panel.get_by_label("Client ID"), CLIENT_ID)
    before = len(auth.token_requests)
    with page.expect_popup():
        panel.get_by_role("button", name="Authorize").click()
    page.locator(".oauth-status", has_text="Authorized").wait_for(timeout=UI_TIMEOUT)
    assert len(auth.token_requests) == before  # no token endpoint: the token came in the redirect
    text = _send_and_read(page)
    assert "200" in text and '"implicit"' in text
    assert not seen.errors, seen.errors


def test_only_the_answer_carrying_the_state_sent_is_used(auth, docs, watched):
    seen = watched()
    page = seen.page
    # the authorization server's page waits for a login here: the flow stays open while answers arrive
    page.context.route(
        f"{auth.url}/authorize**",
        lambda route: route.fulfill(status=200, content_type="text/html", body="<p>Sign in</p>"),
    )
    page.goto(docs + "me/who-am-i/")
    panel = page.locator("[data-oauth=petsAuth]")
    panel.get_by_text("Authorize petsAuth").click()
    type_into(page, panel.get_by_label("Client ID"), CLIENT_ID)
    redirect = panel.locator(".oauth-redirect code").inner_text()
    with page.expect_popup() as popup_info:
        panel.get_by_role("button", name="Authorize").click()
    popup = popup_info.value
    popup.wait_for_url(f"{auth.url}/authorize**", timeout=UI_TIMEOUT)
    sent = parse_qs(urlsplit(popup.url).query)
    assert sent["code_challenge_method"] == ["S256"] and len(sent["code_challenge"][0]) == 43
    before = len(auth.token_requests)
    # a redirect page opened elsewhere, with a code and a state this page never sent: not used
    forged = page.context.new_page()
    forged.goto(f"{redirect}?code=forged&state=not-the-state")
    forged.locator("#said").wait_for(timeout=UI_TIMEOUT)
    # the pop-up's own answer, with the state sent: used (the server refuses its unknown code)
    popup.goto(f"{redirect}?code=unknown&state={sent['state'][0]}")
    page.locator(".oauth-status", has_text="invalid_grant").wait_for(timeout=UI_TIMEOUT)
    assert [r["code"] for r in auth.token_requests[before:]] == ["unknown"]


def test_client_credentials_from_the_openid_discovery_document(auth, docs, watched):
    seen = watched()
    page = seen.page
    page.goto(docs + "whoami/who-am-i-oidc/")
    panel = page.locator("[data-oauth=oidc]")
    panel.get_by_text("Authorize oidc").click()
    flow = panel.get_by_label("Flow")
    flow.wait_for(timeout=UI_TIMEOUT)  # read from the discovery document
    flow.select_option(label="Client credentials")
    assert panel.get_by_label("openid").is_checked()
    type_into(page, panel.get_by_label("Client ID"), CLIENT_ID)
    type_into(page, panel.get_by_label("Client secret"), CLIENT_SECRET)
    panel.get_by_role("button", name="Authorize").click()
    page.locator(".oauth-status", has_text="Authorized").wait_for(timeout=UI_TIMEOUT)
    asked = [r for r in auth.token_requests if r.get("grant_type") == "client_credentials"][-1]
    assert asked["authorization"].startswith("Basic ") and "client_secret" not in asked
    text = _send_and_read(page)
    assert "200" in text and "client_credentials" in text
    assert not seen.errors, seen.errors


def test_a_refusal_is_told(auth, docs, watched):
    page = watched().page
    page.goto(docs + "whoami/who-am-i-oidc/")
    panel = page.locator("[data-oauth=oidc]")
    panel.get_by_text("Authorize oidc").click()
    panel.get_by_label("Flow").select_option(label="Client credentials")
    type_into(page, panel.get_by_label("Client ID"), CLIENT_ID)
    type_into(page, panel.get_by_label("Client secret"), "wrong")
    panel.get_by_role("button", name="Authorize").click()
    status = page.locator(".oauth-status", has_text="invalid_client")
    status.wait_for(timeout=UI_TIMEOUT)
    assert "wrong client credentials" in status.inner_text()


DISCOVERY_CASES = [
    {
        "authorization_endpoint": "https://o.test/auth",
        "token_endpoint": "https://o.test/token",
        "device_authorization_endpoint": "https://o.test/device",
        "grant_types_supported": ["authorization_code", "client_credentials", security.DEVICE_GRANT],
        "scopes_supported": ["openid", "email"],
    },
    {"authorization_endpoint": "https://o.test/a", "token_endpoint": "https://o.test/t"},
    {"token_endpoint": "https://o.test/t", "grant_types_supported": ["client_credentials"]},
    {"authorization_endpoint": "https://o.test/a", "grant_types_supported": "junk", "scopes_supported": 3},
    {},
]


def test_oauth_js_reads_discovery_documents_as_python_does(docs, watched):
    page = watched().page
    page.goto(docs + "whoami/who-am-i-oidc/")
    page_modules(page, "oauth.js")
    scheme = {"type": "openIdConnect", "openIdConnectUrl": "x"}
    for case in DISCOVERY_CASES:
        found = page.evaluate("d => window.orgdocs.oauth.discoveredFlows(d)", case)
        assert found == security.oauth_flows(scheme, case), case


GOOGLE = "oas30/apisguru-googleapis.com-slides-v1-openapi.yaml"  # Google's discovery-converted schemes, as
# Compute's: Oauth2 (implicit) and Oauth2c (authorization code), both required, with Google's scopes


@pytest.mark.corpus(GOOGLE)
def test_google_schemes_show_the_flows(corpus, tmp_path, static_server, watched):
    seen = watched()
    page = seen.page
    site = Site.from_description(str(corpus / GOOGLE), group="Slides")
    build_site(site, tmp_path / "site", progress=False)
    asked: list[str] = []

    def sign_in(route) -> None:  # Google's sign-in page, never reached: the test stays on 127.0.0.1
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<p>Sign in</p>")

    page.context.route("https://accounts.google.com/**", sign_in)
    route = next(
        r for r, e in site.operations.items() if e.operation.operation_id == "slides.presentations.create"
    )
    page.goto(static_server(tmp_path / "site") + route.strip("/") + "/")
    implicit = page.locator("[data-oauth=Oauth2]")
    implicit.get_by_text("Authorize Oauth2").click()
    implicit.get_by_label("Client ID").wait_for(timeout=UI_TIMEOUT)
    assert implicit.locator(".oauth-body").get_by_label("Client secret").is_hidden()  # implicit: none
    code = page.locator("[data-oauth=Oauth2c]")
    code.get_by_text("Authorize Oauth2c").click()
    drive = code.get_by_role("checkbox", name="https://www.googleapis.com/auth/drive See, edit, create")
    drive.wait_for(timeout=UI_TIMEOUT)
    assert drive.is_checked() and code.locator(".oauth-scopes input").count() == 7
    type_into(page, code.get_by_label("Client ID"), "1234.apps.googleusercontent.com")
    with page.expect_popup() as popup_info:
        code.get_by_role("button", name="Authorize").click()
    popup_info.value.wait_for_url("https://accounts.google.com/**", timeout=UI_TIMEOUT)
    sent = parse_qs(urlsplit(asked[0]).query)
    assert urlsplit(asked[0]).path == "/o/oauth2/auth"
    assert sent["response_type"] == ["code"] and sent["code_challenge_method"] == ["S256"]
    assert sent["client_id"] == ["1234.apps.googleusercontent.com"]
    assert sent["scope"] == ["https://www.googleapis.com/auth/drive"]
    assert sent["redirect_uri"][0].endswith("/_docs/assets/oauth2-redirect.html")
    assert not seen.errors, seen.errors

"""``orgdocs.project._security`` and the request rules around it: alternatives, inputs, placeholders, applied
credentials, server URLs, the checks before sending, honest prefill and the samples' placeholders."""

from __future__ import annotations

import base64

import pytest

from orgdocs.model import from_document
from orgdocs.project import _security as security
from orgdocs.project._parameter_values import declared_value, path_order
from orgdocs.project._request_checks import request_problems
from orgdocs.project._requests import build_request
from orgdocs.project._servers import server_url
from orgdocs.project.samples import code_samples

SCHEMES = {
    "LedgerKey": {"type": "apiKey", "in": "header", "parameterName": "X-Ledger-Key"},
    "QueryKey": {"type": "apiKey", "in": "query", "parameterName": "api_key"},
    "Basic": {"type": "http", "scheme": "basic"},
    "Bearer": {"type": "http", "scheme": "Bearer"},
    "OAuth": {"type": "oauth2", "flows": {"password": {"tokenUrl": "https://t.test", "scopes": {"a": "A"}}}},
    "OIDC": {"type": "openIdConnect", "openIdConnectUrl": "https://o.test/.well-known/openid-configuration"},
    "Hoba": {"type": "http", "scheme": "hoba"},
    "MTLS": {"type": "mutualTLS"},
}


def test_alternatives_and_kinds():
    assert security.security_alternatives([]) == []
    assert security.security_alternatives([{}]) == [[]]
    assert security.security_alternatives([{"A": [], "B": ["x"]}, {"C": []}, "junk"]) == [["A", "B"], ["C"]]
    assert security.security_alternatives(None) == []
    kinds = {name: security.scheme_kind(scheme) for name, scheme in SCHEMES.items()}
    assert kinds == {
        "LedgerKey": "apiKey",
        "QueryKey": "apiKey",
        "Basic": "basic",
        "Bearer": "bearer",
        "OAuth": "oauth2",
        "OIDC": "openIdConnect",
        "Hoba": "http",
        "MTLS": "unsupported",
    }
    assert security.scheme_kind({"type": "apiKey", "in": "body", "parameterName": "x"}) == "unsupported"


def test_inputs_are_labelled_with_where_the_value_goes():
    labels = {name: [i["label"] for i in security.scheme_inputs(name, s)] for name, s in SCHEMES.items()}
    assert labels["LedgerKey"] == ["LedgerKey (header X-Ledger-Key)"]
    assert labels["QueryKey"] == ["QueryKey (query api_key)"]
    assert labels["Basic"] == ["Basic username (http basic)", "Basic password (http basic)"]
    assert labels["Bearer"] == ["Bearer (bearer token)"]
    assert labels["OAuth"] == ["OAuth (OAuth 2 access token, sent as bearer token)"]
    assert labels["MTLS"] == []
    assert security.flow_summary(SCHEMES["OAuth"])[0]["scopes"] == [["a", "A"]]
    assert security.flow_summary(SCHEMES["OIDC"])[0]["url"].endswith("openid-configuration")


def test_default_alternative_is_the_first_satisfied():
    alternatives = [["MTLS"], ["LedgerKey", "QueryKey"], ["Basic"]]
    assert security.default_alternative(alternatives, SCHEMES, {}) == 1  # the first supported one
    creds = {"Basic": {"username": "u", "password": "p"}, "LedgerKey": {"value": "x"}}
    assert security.default_alternative(alternatives, SCHEMES, creds) == 2
    creds["QueryKey"] = {"value": " "}  # blank counts as missing
    assert security.default_alternative(alternatives, SCHEMES, creds) == 2


def test_applied_credentials_and_placeholders():
    alternative = ["LedgerKey", "QueryKey", "Basic"]
    placeholders = security.placeholder_credentials(alternative, SCHEMES)
    assert placeholders == {
        "LedgerKey": {"value": "$API_KEY"},
        "QueryKey": {"value": "$API_KEY_2"},
        "Basic": {"username": "$USERNAME", "password": "$PASSWORD"},
    }
    assert security.applied_credentials(alternative, SCHEMES, placeholders) == [
        ("header", "X-Ledger-Key", "$API_KEY"),
        ("query", "api_key", "$API_KEY_2"),
        ("header", "Authorization", "Basic $USERNAME:$PASSWORD"),
    ]
    real = {"Basic": {"username": "zoë", "password": "p"}, "Hoba": {"value": "HOBA x"}}
    token = base64.b64encode("zoë:p".encode()).decode()
    assert security.applied_credentials(["Basic"], SCHEMES, real) == [
        ("header", "Authorization", f"Basic {token}")
    ]
    assert security.applied_credentials(["Hoba"], SCHEMES, real) == [("header", "Authorization", "HOBA x")]
    both = {"OAuth": {"value": "a"}, "Bearer": {"value": "b"}}
    assert security.applied_credentials(["OAuth", "Bearer"], SCHEMES, both) == [
        ("header", "Authorization", "Bearer a")
    ]


@pytest.fixture
def operation():
    document = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/a/{second}/{first}": {
                "post": {
                    "parameters": [
                        {"name": "q", "in": "query", "required": True, "schema": {"type": "string"}},
                        {"name": "first", "in": "path", "required": True, "schema": {"type": "string"}},
                        {"name": "second", "in": "path", "required": True, "example": "s"},
                        {"name": "d", "in": "query", "schema": {"type": "integer", "default": 3}},
                        {"name": "one", "in": "query", "schema": {"type": "string", "enum": ["only"]}},
                        {"name": "two", "in": "query", "schema": {"type": "string", "enum": ["x", "y"]}},
                    ],
                    "requestBody": {"required": True, "content": {"application/json": {}}},
                    "responses": {},
                }
            }
        },
    }
    return from_document(document).operations[0]


def test_honest_prefill_and_path_order(operation):
    assert [p.name for p in path_order(operation)] == ["second", "first", "q", "d", "one", "two"]
    declared = {p.name: declared_value(p, lambda ref: {}) for p in operation.parameters}
    assert declared == {
        "q": (False, None),  # never "string"
        "first": (False, None),
        "second": (True, "s"),
        "d": (True, 3),
        "one": (True, "only"),
        "two": (False, None),
    }


def test_samples_show_placeholders_never_values(operation):
    applied = security.applied_credentials(
        ["QueryKey", "Bearer"], SCHEMES, security.placeholder_credentials(["QueryKey", "Bearer"], SCHEMES)
    )
    parts = build_request(
        operation, server_url="https://api.test", values={"first": "1", "second": "2"}, credentials=applied
    )
    assert parts.url == "https://api.test/a/2/1?api_key=$API_KEY"
    assert parts.variables == ["API_KEY", "TOKEN"]
    samples = code_samples(parts)
    assert samples["curl"].startswith('curl -X POST "https://api.test/a/2/1?api_key=$API_KEY"')
    assert '-H "Authorization: Bearer $TOKEN"' in samples["curl"]
    assert "f\"https://api.test/a/2/1?api_key={os.environ['API_KEY']}\"" in samples["python"]
    assert "fetch(`https://api.test/a/2/1?api_key=${process.env.API_KEY}`" in samples["node"]
    real = build_request(operation, server_url="https://api.test", values={}, token="tok-1")
    assert "tok-1" not in str(code_samples(real)) and "tok-1" in str(code_samples(real, reveal_token=True))


@pytest.mark.parametrize(
    ("url", "description_url", "page_url", "expected"),
    [
        ("//api.test/v2", None, "http://docs.test/x", "http://api.test/v2"),
        ("//api.test/v2", None, "file:///site/index.html", "https://api.test/v2"),
        ("/v1", "https://specs.test/apis/pets.json", "http://docs.test/x", "https://specs.test/v1"),
        ("v1", "https://specs.test/apis/pets.json", None, "https://specs.test/apis/v1"),
        ("/v1", None, "http://docs.test:8000/g/t/o/", "http://docs.test:8000/v1"),
        ("", None, "http://docs.test:8000/g/t/o/", "http://docs.test:8000/"),
        ("/v1", None, "file:///site/index.html", "/v1"),
    ],
)
def test_server_url(url, description_url, page_url, expected):
    assert server_url(url, description_url=description_url, page_url=page_url) == expected


def test_request_problems_block_what_cannot_be_sent(operation):
    values = {"first": "1", "second": "", "q": ""}
    parts = build_request(
        operation, server_url="https://api.test", values=values, headers=[("Bad Name", "x")]
    )
    problems = request_problems(
        operation,
        parts,
        values=values,
        server="https://api.test",
        body_text="{",
        media_type="application/json",
    )
    assert problems == {
        "path:second": "second is required",
        "query:q": "q is required",
        "body": "the body is not valid JSON",
        "headers": "not a valid header name or value: Bad Name",
    }
    parts.url = "https://elsewhere.test/a"
    ok = {"first": "1", "second": "2", "q": "x"}
    problems = request_problems(operation, parts, values=ok, server="https://api.test/v1", body_text="{}")
    assert list(problems) == ["headers", "url"]


def test_oauth_flows_of_an_oauth2_scheme():
    scheme = {
        "type": "oauth2",
        "flows": {
            "authorizationCode": {"authorizationUrl": "/auth", "tokenUrl": "/token", "scopes": {"r": "Read"}},
            "deviceAuthorization": {"deviceAuthorizationUrl": "/device", "tokenUrl": "/token", "scopes": {}},
            "somethingElse": {"tokenUrl": "/x"},
        },
    }
    flows = security.oauth_flows(scheme)
    assert [f["flow"] for f in flows] == ["authorizationCode", "deviceAuthorization"]
    assert flows[0]["scopes"] == [["r", "Read"]] and flows[0]["authorizationUrl"] == "/auth"
    assert flows[1]["deviceAuthorizationUrl"] == "/device"
    assert security.oauth_flows(SCHEMES["Bearer"]) == []


def test_oauth_flows_of_an_openid_connect_discovery_document():
    document = {
        "authorization_endpoint": "https://o.test/auth",
        "token_endpoint": "https://o.test/token",
        "device_authorization_endpoint": "https://o.test/device",
        "grant_types_supported": ["authorization_code", "client_credentials", security.DEVICE_GRANT],
        "scopes_supported": ["openid", "email"],
    }
    flows = security.oauth_flows(SCHEMES["OIDC"], document)
    assert [f["flow"] for f in flows] == ["authorizationCode", "clientCredentials", "deviceAuthorization"]
    assert flows[0]["scopes"] == [["openid", ""], ["email", ""]]
    assert flows[2]["deviceAuthorizationUrl"] == "https://o.test/device"
    # without grant_types_supported, OpenID Connect Discovery's default: authorization code (and implicit)
    plain = {k: v for k, v in document.items() if k not in ("grant_types_supported", "scopes_supported")}
    flows = security.oauth_flows(SCHEMES["OIDC"], plain)
    assert [f["flow"] for f in flows] == ["authorizationCode", "deviceAuthorization"]
    assert flows[0]["scopes"] == [["openid", ""]]
    assert security.oauth_flows(SCHEMES["OIDC"], {}) == []

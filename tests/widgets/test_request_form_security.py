"""The notebook's request form driven from code: every scheme kind, alternatives, servers, extra headers.

Requests go to ``httpx.MockTransport``; credentials are set with ``set_credential`` and must reach the request,
never the samples, the widget state or a repr.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import httpx
import pytest

import orgdocs
from orgdocs.model import from_document
from orgdocs.render.widgets import RequestForm
from orgdocs.render.widgets._form_bridge import form_state
from orgdocs.render.widgets._form_inputs import parse_header_lines
from orgdocs.render.widgets._request_form import FormError, RefusedError

SECRET = "s3cr3t-credential"

# one scheme of each kind, shared with tests/browser/test_credentials.py
SCHEMES = json.loads(
    (Path(__file__).parents[1] / "data" / "security-schemes.json").read_text(encoding="utf-8")
)


def _document() -> dict:
    paths = {
        f"/{name.lower()}": {"get": {"operationId": name, "security": [{name: []}], "responses": {}}}
        for name in SCHEMES
    }
    paths["/either/{id}"] = {
        "get": {
            "operationId": "either",
            "security": [{"LedgerKey": [], "QueryKey": []}, {"BasicAuth": []}, {}],
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {},
        }
    }
    return {
        "openapi": "3.0.3",
        "info": {"title": "Kinds", "version": "1"},
        "servers": [
            {"url": "https://api.kinds.test/v1"},
            {
                "url": "{scheme}://{host}:{port}/v1",
                "variables": {
                    "scheme": {"enum": ["http", "https"], "default": "https"},
                    "host": {"default": "localhost"},
                    "port": {"default": "8443"},
                },
            },
        ],
        "components": {"securitySchemes": SCHEMES},
        "paths": paths,
    }


@pytest.fixture
def kinds(tmp_path):
    path = tmp_path / "kinds.json"
    path.write_text(json.dumps(_document()), encoding="utf-8")
    return orgdocs.load(path)


def _form(kinds, operation_id, recorder, tokens):
    client = httpx.Client(transport=httpx.MockTransport(recorder))
    return RequestForm(kinds.operation(operation_id), client=client, tokens=tokens)


def _no_secret_anywhere(form) -> None:
    assert SECRET not in repr(form) and all(SECRET not in text for text in form.samples.values())
    assert SECRET not in repr(form.state) and SECRET not in json.dumps(form_state(form))
    assert all(SECRET not in name for name in form.kept_credentials())


@pytest.mark.parametrize(
    ("scheme", "placeholder", "sent"),
    [
        ("LedgerKey", "$API_KEY", lambda r: r.headers["X-Ledger-Key"]),
        ("QueryKey", "$API_KEY", lambda r: r.url.params["api_key"]),
        ("CookieKey", "$API_KEY", lambda r: r.headers["Cookie"].removeprefix("SID=")),
        ("BearerAuth", "$TOKEN", lambda r: r.headers["Authorization"].removeprefix("Bearer ")),
        ("Custom", "$AUTHORIZATION", lambda r: r.headers["Authorization"]),
        ("OAuth", "$TOKEN", lambda r: r.headers["Authorization"].removeprefix("Bearer ")),
        ("OIDC", "$TOKEN", lambda r: r.headers["Authorization"].removeprefix("Bearer ")),
    ],
)
def test_each_scheme_kind_is_applied(kinds, recorder, tokens, scheme, placeholder, sent):
    form = _form(kinds, scheme, recorder, tokens)
    assert placeholder in form.samples["curl"]
    form.set_credential(scheme, SECRET)
    form.send()
    assert sent(recorder.requests[-1]) == SECRET
    _no_secret_anywhere(form)


def test_basic_takes_a_username_and_a_password(kinds, recorder, tokens):
    form = _form(kinds, "BasicAuth", recorder, tokens)
    form.set_credential("BasicAuth", username="zoë", password=SECRET)
    form.send()
    expected = base64.b64encode(f"zoë:{SECRET}".encode()).decode()
    assert recorder.requests[-1].headers["Authorization"] == f"Basic {expected}"
    assert '-u "$USERNAME:$PASSWORD"' in form.samples["curl"]
    _no_secret_anywhere(form)
    with pytest.raises(FormError, match="takes no credential 'LedgerKey'"):
        form.set_credential("LedgerKey", "x")


def test_alternatives_the_first_satisfied_one_or_the_chosen_one(kinds, recorder, tokens):
    form = _form(kinds, "either", recorder, tokens)
    form.set_values({"id": "7"})
    assert form.security == []  # nothing set: the first one the reader can satisfy is "no credentials"
    form.set_credential("BasicAuth", username="u", password="p")
    assert form.security == ["BasicAuth"]
    form.set_credential("LedgerKey", "l")
    assert form.security == ["BasicAuth"]  # LedgerKey alone does not satisfy its alternative
    form.set_credential("QueryKey", "q")
    assert form.security == ["LedgerKey", "QueryKey"]
    form.send()
    sent = recorder.requests[-1]
    assert sent.headers["X-Ledger-Key"] == "l" and sent.url.params["api_key"] == "q"
    form.choose_security(["BasicAuth"])
    form.send()
    assert recorder.requests[-1].headers["Authorization"].startswith("Basic ")
    form.choose_security([])
    form.send()
    assert "Authorization" not in recorder.requests[-1].headers
    # a credential set in one form is found by another form of the group that names the scheme
    other = _form(kinds, "BasicAuth", recorder, tokens)
    assert other.has_token


def test_servers_and_variables_from_code(kinds, recorder, tokens):
    form = _form(kinds, "BearerAuth", recorder, tokens)
    assert str(form.request.url) == "https://api.kinds.test/v1/bearerauth"
    form.choose_server("{scheme}://{host}:{port}/v1", scheme="http", host="127.0.0.1", port="9000")
    assert form.server_url == "http://127.0.0.1:9000/v1"
    form.send()  # a declared template with its variables is a declared server
    assert str(recorder.requests[-1].url) == "http://127.0.0.1:9000/v1/bearerauth"
    with pytest.raises(FormError, match="must be one of http, https"):
        form.set_server_variables(scheme="ftp")
    with pytest.raises(FormError, match="not a declared server"):
        form.choose_server("https://elsewhere.test")
    form.choose_server(0)
    assert form.server_url == "https://api.kinds.test/v1"


def test_in_a_voila_app_a_server_keeps_its_declared_host_and_port(kinds, recorder, tokens, monkeypatch):
    """The reader of an app did not start its kernel: they may not point its machine, and the credentials its
    author set, at a host of their own; a variable of the host or port keeps its default, an enum its values."""
    monkeypatch.setenv("VOILA_BASE_URL", "/")  # what Voila sets in its kernels' environment
    form = _form(kinds, "BearerAuth", recorder, tokens)
    form.set_credential("BearerAuth", SECRET)  # the app's author's
    form.choose_server("{scheme}://{host}:{port}/v1", scheme="http", host="attacker.test", port="9000")
    with pytest.raises(RefusedError, match="with its host and port"):
        form.send()
    assert recorder.requests == []
    form.set_server_variables(host="localhost", port="8443")  # the defaults; the scheme is an enum
    form.send()
    assert [str(r.url) for r in recorder.requests] == ["http://localhost:8443/v1/bearerauth"]
    assert recorder.requests[0].headers["Authorization"] == f"Bearer {SECRET}"


def test_extra_headers_and_invalid_header_names(kinds, recorder, tokens):
    form = _form(kinds, "BearerAuth", recorder, tokens)
    form.set_headers({"X-Extra": "1"})
    form.send()
    assert recorder.requests[-1].headers["X-Extra"] == "1"
    assert "-H 'X-Extra: 1'" in form.samples["curl"]
    form.set_headers(parse_header_lines("Bad Name: 2"))  # as typed into the view
    with pytest.raises(FormError, match="not a valid header name or value: Bad Name"):
        form.send()
    assert len(recorder.requests) == 1


def test_an_operation_of_load_knows_its_description(kinds, recorder, tokens):
    operation = kinds.operations[0]
    assert operation.api_description is kinds
    form = RequestForm(operation, tokens=tokens, client=httpx.Client(transport=httpx.MockTransport(recorder)))
    assert [s.url for s in form._servers] == [s.url for s in kinds.servers]
    assert set(form._schemes) == {"LedgerKey"}


def test_a_relative_server_resolves_against_the_descriptions_url(tokens, recorder):
    document = {
        "openapi": "3.0.3",
        "info": {"title": "rel", "version": "1"},
        "servers": [{"url": "../api/v2"}],
        "paths": {"/ping": {"get": {"responses": {}}}},
    }
    description = from_document(document, "https://specs.test/openapi/pets.json")
    form = RequestForm(
        description.operations[0], tokens=tokens, client=httpx.Client(transport=httpx.MockTransport(recorder))
    )
    form.send()
    assert str(recorder.requests[-1].url) == "https://specs.test/api/v2/ping"


def test_a_path_that_would_change_the_host_is_refused(tokens, recorder):
    document = {
        "openapi": "3.0.3",
        "info": {"title": "steal", "version": "1"},
        "paths": {"//127.0.0.2:9999/steal": {"get": {"responses": {}}}},
    }
    description = from_document(document, "steal.json")
    client = httpx.Client(transport=httpx.MockTransport(recorder), base_url="http://testserver")
    form = RequestForm(description.operations[0], tokens=tokens, client=client, allow=["*"])
    assert str(form.request.url) == "http://testserver/127.0.0.2:9999/steal"
    with pytest.raises(RefusedError):
        RequestForm(description.operations[0], tokens=tokens, client=client).send()
    assert recorder.requests == [] or str(recorder.requests[-1].url).startswith("http://testserver/")


def test_honest_inputs_in_the_notebook(tokens, recorder):
    document = {
        "openapi": "3.0.3",
        "info": {"title": "honest", "version": "1"},
        "servers": [{"url": "https://api.honest.test"}],
        "paths": {
            "/a/{b}/{a}": {
                "post": {
                    "parameters": [
                        {"name": "a", "in": "path", "required": True, "schema": {"type": "string"}},
                        {"name": "b", "in": "path", "required": True, "schema": {"type": "string"}},
                        {"name": "e", "in": "query", "required": True, "schema": {"enum": ["x", "y"]}},
                        {"name": "Key", "in": "header", "schema": {"type": "string", "format": "uuid"}},
                    ],
                    "responses": {},
                }
            }
        },
    }
    client = httpx.Client(transport=httpx.MockTransport(recorder))
    form = RequestForm(from_document(document, "h.json").operations[0], tokens=tokens, client=client)
    assert [s.name for s in form._specs] == ["b", "a", "e", "Key"]  # the path's order first
    assert all(form.state.values[s.key] in ("", None) for s in form._specs)  # nothing made up
    with pytest.raises(FormError, match="b is required; a is required; e is required"):
        form.send()
    assert recorder.requests == []
    form.set_values({"a": "1", "b": "2", "e": "y"})
    form.send()
    assert str(recorder.requests[-1].url) == "https://api.honest.test/a/2/1?e=y"


def test_a_shown_request_holds_placeholders_and_sends_the_credentials(kinds, recorder, tokens):
    form = _form(kinds, "QueryKey", recorder, tokens)
    form.set_credential("QueryKey", SECRET)
    request = form.request
    assert SECRET not in repr(request) and "api_key=$API_KEY" in repr(request)
    header_form = _form(kinds, "LedgerKey", recorder, tokens)
    header_form.set_credential("LedgerKey", SECRET)
    headers = header_form.request.headers
    assert (
        SECRET not in repr(headers) and "$API_KEY" in repr(headers) and repr(headers).startswith("Headers(")
    )
    assert headers["X-Ledger-Key"] == SECRET  # what is sent is untouched
    header_form.send()
    assert recorder.requests[-1].headers["X-Ledger-Key"] == SECRET

"""What only a notebook does: code from a form, the history as data, credentials from the environment, and
an Authorization input where the description declares none."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pandas as pd
import pytest

import orgdocs
from orgdocs.render.widgets._history import History
from orgdocs.render.widgets._request_form import FormError, RequestForm
from orgdocs.render.widgets._tokens import TOKENS, TokenStore


class Echo(BaseHTTPRequestHandler):
    """Keeps every request it is sent (method, path, headers, body) and answers 200 with JSON."""

    seen: list[dict] = []

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.seen.append(
            {"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body}
        )
        payload = b'{"items": [{"id": 1, "created": "2026-01-02T03:04:05Z"}]}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_POST = _answer

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def echo():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    Echo.seen = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", Echo.seen
    server.shutdown()
    server.server_close()


def _description(tmp_path, server: str, *, security: bool = True):
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Echo", "version": "1"},
        "servers": [{"url": server}],
        "paths": {
            "/items/{id}": {
                "post": {
                    "operationId": "updateItem",
                    "parameters": [
                        {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                        {"name": "dry", "in": "query", "schema": {"type": "boolean"}},
                    ],
                    "requestBody": {
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "properties": {
                                            "items": {
                                                "type": "array",
                                                "items": {
                                                    "type": "object",
                                                    "properties": {
                                                        "id": {"type": "integer"},
                                                        "created": {"type": "string", "format": "date-time"},
                                                    },
                                                },
                                            }
                                        },
                                    }
                                }
                            },
                        }
                    },
                }
            }
        },
    }
    if security:
        document["components"] = {
            "securitySchemes": {"Key": {"type": "apiKey", "in": "header", "name": "X-Key"}}
        }
        document["security"] = [{"Key": []}]
    path = tmp_path / "echo.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return orgdocs.load(path)


def _same(first: dict, second: dict) -> None:
    assert (first["method"], first["path"]) == (second["method"], second["path"])
    assert json.loads(first["body"]) == json.loads(second["body"])  # the same JSON, however it is spaced
    for name in ("X-Key", "Authorization", "Content-Type"):
        assert first["headers"].get(name) == second["headers"].get(name), name


def test_code_sends_the_same_request_with_credentials_from_the_environment(tmp_path, echo, monkeypatch):
    url, seen = echo
    api = _description(tmp_path, url)
    monkeypatch.setenv("ECHO_KEY", "k-from-env")
    form = RequestForm(api.operation("updateItem"))
    form.set_credential("Key", env="ECHO_KEY")
    form.set_values({"id": 7, "dry": True})
    form.set_body({"name": "x", "tags": ["a"]})
    form.send()
    assert seen[0]["headers"]["X-Key"] == "k-from-env"
    assert seen[0]["path"] == "/items/7?dry=true" and json.loads(seen[0]["body"]) == {
        "name": "x",
        "tags": ["a"],
    }

    for style in ("httpx", "orgdocs"):
        cell = form.code(style)
        assert "k-from-env" not in cell and "ECHO_KEY" in cell
        exec(compile(cell, f"<code {style}>", "exec"), {})
    assert len(seen) == 3
    _same(seen[0], seen[1])
    _same(seen[0], seen[2])
    TOKENS.clear()


def test_a_missing_environment_variable_stops_send_with_its_name(tmp_path, echo, monkeypatch):
    url, seen = echo
    monkeypatch.delenv("ECHO_MISSING", raising=False)
    form = RequestForm(_description(tmp_path, url).operation("updateItem"), tokens=TokenStore())
    form.set_values({"id": 1})
    form.set_credential("Key", env="ECHO_MISSING")
    assert not form.has_token and form.kept_credentials() == ["Key:value"]
    # not a request without the credential (a 401 that says nothing of the variable): the variable, named
    with pytest.raises(FormError, match=r"ECHO_MISSING \(Key\)"):
        form.send()
    assert seen == [] and form.history.empty
    monkeypatch.setenv("ECHO_MISSING", "now-set")
    form.send()  # read at each Send
    assert seen[-1]["headers"]["X-Key"] == "now-set"
    monkeypatch.setenv("ECHO_MISSING", "  ")
    with pytest.raises(FormError, match="ECHO_MISSING"):
        form.send()
    with pytest.raises(FormError, match="not an environment variable name"):
        form.set_credential("Key", env="bad name")


def test_history_is_a_frame_with_each_response(tmp_path, echo):
    url, _ = echo
    history = History()
    form = RequestForm(
        _description(tmp_path, url).operation("updateItem"), tokens=TokenStore(), history=history
    )
    form.set_credential("Key", "secret-value")
    form.set_values({"id": 3})
    first = form.send()
    form.set_values({"id": "not a number"})
    with pytest.raises(FormError):
        form.send()  # never left: not in the history
    form.set_values({"id": 4})
    second = form.send()
    df = form.history
    assert list(df["method"]) == ["POST", "POST"] and list(df["status"]) == [200, 200]
    assert list(df["url"]) == [f"{url}/items/3", f"{url}/items/4"]
    assert df["response"].iloc[0] is first and df["response"].iloc[1] is second
    assert str(df["time"].dtype).startswith("datetime64") and str(df["status"].dtype) == "Int64"
    assert (df["bytes"] > 0).all() and (df["elapsed_ms"] >= 0).all()
    assert df["operation"].tolist() == ["updateItem", "updateItem"]
    assert "secret-value" not in df.drop(columns="response").to_csv()


def test_history_keeps_a_request_that_failed_on_the_way(tmp_path):
    history = History()
    api = _description(tmp_path, "http://127.0.0.1:9")

    def refuse(request):
        raise httpx.ConnectError("refused", request=request)

    with httpx.Client(transport=httpx.MockTransport(refuse)) as client:
        form = RequestForm(api.operation("updateItem"), client=client, tokens=TokenStore(), history=history)
        form.set_values({"id": 1})
        with pytest.raises(httpx.ConnectError):
            form.send()
    (row,) = form.history.itertuples()
    assert pd.isna(row.status) and "ConnectError" in row.error and row.response is None


def test_a_description_without_schemes_offers_an_authorization(tmp_path, echo):
    url, seen = echo
    api = _description(tmp_path, url, security=False)
    tokens = TokenStore()
    form = RequestForm(api.operation("updateItem"), tokens=tokens)
    form.set_values({"id": 1})
    assert form.credential_fields == [("Authorization", "value")]
    assert "Authorization" not in form.samples["curl"]  # nothing set: nothing sent
    form.set_token("ghp_abc")  # a bare token is a bearer token
    form.send()
    assert seen[-1]["headers"]["Authorization"] == "Bearer ghp_abc"
    assert '"Authorization: $AUTHORIZATION"' in form.samples["curl"]
    form.set_credential("Authorization", "token ghp_raw")  # a value with a scheme is sent as it is
    form.send()
    assert seen[-1]["headers"]["Authorization"] == "token ghp_raw"


def test_form_frame_is_typed_and_needs_an_answer(tmp_path, echo):
    url, _ = echo
    form = RequestForm(_description(tmp_path, url).operation("updateItem"), tokens=TokenStore())
    form.set_values({"id": 1})
    with pytest.raises(FormError, match="nothing was sent"):
        form.frame()
    form.send()
    df = form.frame()
    assert str(df["id"].dtype) == "Int64"
    assert str(df["created"].dtype).startswith("datetime64") and str(df["created"].dt.tz) == "UTC"


def test_each_explorer_has_its_own_history(tmp_path):
    from orgdocs.widgets import Explorer

    api = _description(tmp_path, "https://echo.test", security=False)
    client = orgdocs.mock_client(api)
    first, second = Explorer(api, client=client), Explorer(api, client=client)
    route = first.routes[0]
    for explorer in (first, second, second):
        form = explorer.select(route)
        form.set_values({"id": 1})
        form.send()
    # the same operation of the same description: each view lists what it sent, not what another one did
    assert len(first.history) == 1 and len(second.history) == 2
    assert set(first.history["route"]) == {route}


def test_code_sends_with_the_notebooks_client_where_a_variable_holds_it(tmp_path, echo, monkeypatch):
    """An API tried with no server (a mock client, the reference server in the kernel): the cells send with
    the notebook's client, not to the server's URL, where nothing answers."""
    import types

    import IPython

    url, seen = echo
    api = _description(tmp_path, url)
    client = orgdocs.mock_client(api)
    monkeypatch.setenv("ECHO_KEY", "k-from-env")
    form = RequestForm(api.operation("updateItem"), client=client, tokens=TokenStore())
    form.set_credential("Key", env="ECHO_KEY")
    form.set_values({"id": 7})
    form.set_body({"name": "x"})
    sent = form.send()
    namespace = {"client": client, "_": client, "another_name": client}
    monkeypatch.setattr(IPython, "get_ipython", lambda: types.SimpleNamespace(user_ns=namespace))
    for style in ("httpx", "orgdocs"):
        cell = form.code(style)
        assert "client" in cell and "k-from-env" not in cell
        run = dict(namespace)
        exec(compile(cell, f"<code {style}>", "exec"), run)
        assert run["response"].status_code == sent.status_code
    assert seen == []  # every request went through the mock client, none to the server's URL
    # code that must run on its own (a Voila app's reader has none of the kernel's variables) never names
    # the variable: it runs in an empty namespace and goes to the server's URL
    for style in ("httpx", "orgdocs"):
        cell = form.code(style, standalone=True)
        assert "client" not in cell
        exec(compile(cell, f"<standalone {style}>", "exec"), {})
    assert len(seen) == 2
    _same(seen[0], seen[1])
    # no variable holds it (or not in IPython): the cells go to the server's URL, as before
    namespace.clear()
    assert "httpx.request(" in form.code("httpx") and "client=" not in form.code("orgdocs")
    client.close()


def test_a_cell_of_a_form_whose_credential_the_kernel_keeps_sends_with_it_and_changes_nothing(
    tmp_path, echo, monkeypatch
):
    """A credential typed in a view (or set with ``set_credential``) is kept for every form of the API: the
    RequestForm cell of that form runs in this notebook with it, and leaves it as it was. (It read the
    credential from an unset environment variable instead, and, the setting being the API's, every view of
    the API then stopped on that unset variable too.) A standalone cell, run elsewhere, reads the environment."""
    url, seen = echo
    api = _description(tmp_path, url)
    monkeypatch.delenv("API_KEY", raising=False)
    form = RequestForm(api.operation("updateItem"))
    form.set_credential("Key", "kept-key")
    form.set_values({"id": 3})
    form.set_body({"name": "x"})
    form.send()
    cell = form.code("orgdocs")
    elsewhere = "form.set_credential('Key', env='API_KEY')"
    assert "kept-key" not in cell and elsewhere in cell  # how to read it elsewhere, said in a comment
    run: dict = {}
    exec(compile(cell, "<code orgdocs>", "exec"), run)
    assert run["response"].status_code == 200
    assert form.send().status_code == 200  # the view's form still sends, with the kept credential
    assert [request["headers"].get("X-Key") for request in seen] == ["kept-key"] * 3
    assert elsewhere + "  #" in form.code("orgdocs", standalone=True)
    TOKENS.clear()


def test_code_names_a_description_that_ships_with_orgdocs_by_its_place_in_the_package(monkeypatch, tmp_path):
    """The bundled Organization API's form: its cell does not name this machine's path to orgdocs (a Voila
    app's reader runs it on theirs), and makes the same request, from any working folder."""
    from orgdocs.orgapi import DESCRIPTION_PATH

    api = orgdocs.load(DESCRIPTION_PATH)
    form = RequestForm(api.operation("listApiKeys"), tokens=TokenStore())
    form.set_values({"organizationId": "org_1", "limit": 5})
    cell = form.code("orgdocs")
    assert str(DESCRIPTION_PATH.parent) not in cell
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TOKEN", "t-from-env")  # the cell reads the credential from the environment
    made: dict = {}
    exec(compile(cell.split("response = form.send()")[0], "<code orgdocs>", "exec"), made)
    assert made["api"].source == api.source
    assert str(made["form"].request.url) == str(form.request.url)
    TOKENS.clear()  # the cell's form set the API's token to be read from TOKEN in the kernel's store

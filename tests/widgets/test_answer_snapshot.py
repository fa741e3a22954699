"""A view's snapshot keeps the last answer its form got (status, time, size, headers, the body folded as the
view folds it), so a saved notebook and its exports are a record of what the reader got; and never a
credential, even from an API that echoes back everything it was sent."""

from __future__ import annotations

import json
import secrets
import textwrap

import nbclient
import nbformat
import pytest

from orgdocs.render.widgets._answer_snapshot import BODY_BUDGET, answer_html
from orgdocs.widgets import Explorer, RequestForm


def _explorer(orgapi):
    client, site, demo = orgapi
    explorer = Explorer(site, client=client, values={"organizationId": demo["organization_id"]})
    explorer.set_token(demo["token"])
    return explorer, demo


def test_an_explorers_snapshot_shows_the_last_answer_of_the_selected_operation(orgapi):
    explorer, demo = _explorer(orgapi)
    route = explorer.site.search("list api keys")[0]["route"]
    form = explorer.select(route)
    assert "Last answer" not in explorer.snapshot()  # nothing sent yet
    response = form.send()
    kept = explorer.snapshot()
    assert "Last answer" in kept and kept in explorer._snapshot_bundle()[0]["text/html"]
    assert '<span class="status status-success">200</span> OK' in kept
    assert f"Headers ({len(response.headers)})" in kept
    assert response.headers["X-Request-Id"] in kept
    assert json.dumps(response.json()["data"][0]["id"]) in kept.replace("&quot;", '"')
    assert demo["token"] not in kept and demo["token"] not in explorer._answer_html
    # another operation selected: its own (no) answer; back again: the answer is there again
    explorer.value = explorer.site.search("revoke")[0]["route"]
    assert "Last answer" not in explorer.snapshot()
    explorer.value = route
    assert "Last answer" in explorer._answer_html


def test_a_send_from_the_view_updates_the_snapshot_too(orgapi):
    explorer, _ = _explorer(orgapi)
    route = explorer.site.search("list api keys")[0]["route"]
    explorer.value = route
    explorer._on_message(None, {"id": "s", "type": "send", "route": route, "state": {}}, [])
    assert '<span class="status status-success">200</span>' in explorer._answer_html


def test_an_answer_is_folded_as_the_view_folds_it_and_a_large_one_is_cut(mock_client, recorder, site):
    form = RequestForm(site, next(iter(site.operations)), client=mock_client, allow=["https://"])
    recorder.body = {"a": {"b": {"c": {"d": 1}}}}
    form.send()
    small = answer_html(form)
    assert small.count('<details class="json-node" open>') == 4  # a small answer: open to the end
    recorder.body = [{"id": i, "deep": {"deeper": {"x": i}}} for i in range(150)]
    form.send()
    large = answer_html(form)
    assert len(large) < BODY_BUDGET * 2
    assert "form.response holds all of it" in large or "more</div>" in large


ECHO_DESCRIPTION = {
    "openapi": "3.1.0",
    "info": {"title": "Echo", "version": "1"},
    "servers": [{"url": "https://echo.example.test"}],
    "components": {
        "securitySchemes": {
            "Bearer": {"type": "http", "scheme": "bearer"},
            "QueryKey": {"type": "apiKey", "in": "query", "name": "api_key"},
            "OAuth": {
                "type": "oauth2",
                "flows": {"clientCredentials": {"tokenUrl": "https://echo.example.test/token", "scopes": {}}},
            },
        }
    },
    "paths": {
        f"/{name}": {
            "get": {
                "operationId": name,
                "security": [{scheme: []}],
                "responses": {"200": {"description": "ok"}},
            }
        }
        for name, scheme in (("typed", "Bearer"), ("env", "QueryKey"), ("oauth", "OAuth"))
    },
}

# an API that says back everything it was sent: the URL and every header, in its body and its headers
SETUP = """
import json, os, pathlib
import httpx
import orgdocs
from orgdocs.widgets import Explorer, RequestForm

def echo(request):
    said = {"url": str(request.url), "headers": dict(request.headers)}
    return httpx.Response(200, json=said, headers={"X-Echo": json.dumps(said)})

api = orgdocs.load(pathlib.Path("echo.json"))
client = httpx.Client(transport=httpx.MockTransport(echo))
explorer = Explorer(api, client=client)
explorer
"""
TYPED = """
form = explorer.select(next(r for r, e in explorer.site.operations.items() if e.operation.operation_id == "typed"))
# what typing a token into the view's credential input does: a message to the kernel, kept in its memory
explorer._on_message(None, {"id": "c", "type": "credential", "route": form.route, "scheme": "Bearer",
                            "field": "value", "value": pathlib.Path("typed.txt").read_text()}, [])
explorer._on_message(None, {"id": "s", "type": "send", "route": form.route, "state": {}}, [])
form.response.status_code
"""
ENV = """
env_form = RequestForm(api.operation("env"), client=client)
env_form.set_credential("QueryKey", env="ECHO_API_KEY")
env_form.send()
env_form
"""
OAUTH = """
oauth_form = RequestForm(api.operation("oauth"), client=client)
oauth_form.set_credential("OAuth", pathlib.Path("oauth.txt").read_text())  # as the device flow keeps it
oauth_form.send()
oauth_form
"""


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_no_credential_reaches_the_saved_notebook_or_an_export_even_when_the_api_echoes_it(
    tmp_path, monkeypatch
):
    typed, from_env, oauth = (f"{kind}_{secrets.token_hex(12)}" for kind in ("typed", "env", "oauth"))
    (tmp_path / "echo.json").write_text(json.dumps(ECHO_DESCRIPTION))
    (tmp_path / "typed.txt").write_text(typed)
    (tmp_path / "oauth.txt").write_text(oauth)
    monkeypatch.setenv("ECHO_API_KEY", from_env)  # the kernel inherits it
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(textwrap.dedent(code)) for code in (SETUP, TYPED, ENV, OAUTH)]
    nbclient.NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(tmp_path)}},
    ).execute()
    saved = tmp_path / "echo.ipynb"
    nbformat.write(notebook, saved)
    assert notebook.cells[1].outputs[-1]["data"]["text/plain"] == "200"

    from nbconvert import HTMLExporter

    from orgdocs.render.nbconvert import OrgdocsExporter

    pages = {
        "notebook": saved.read_text(encoding="utf-8"),
        "orgdocs": OrgdocsExporter().from_filename(str(saved))[0],
        "html": HTMLExporter().from_filename(str(saved))[0],
    }
    for name, text in pages.items():
        for secret in (typed, from_env, oauth):
            assert secret not in text, (name, secret[:5])
        # the record is there: each answer, what the API said back with the credentials as placeholders
        assert text.count("Last answer") >= 3, name
        assert "echo.example.test/env?api_key=" in text, name
    # each answer is kept once in the saved notebook (in the snapshot output beside its view, not in widget
    # state a second time), and the exports still show the Explorer's, whose widget state they prefer
    assert pages["notebook"].count("Last answer") == 3
    states = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    assert not any(model["state"].get("_answer_html") for model in states.values())
    for name in ("orgdocs", "html"):
        assert "echo.example.test/typed" in pages[name], name

"""Explorer: navigation, search and the selected operation's page HTML; forms kept, one token per group."""

from __future__ import annotations

import subprocess
import sys

from orgdocs.render.widgets import Explorer, OperationView, RequestForm


def test_builds_with_nothing_selected(site, tokens):
    explorer = Explorer(site, tokens=tokens)
    assert explorer.value is None and explorer.form is None and explorer.view is None
    assert explorer.html == "" and explorer._kind == "explorer" and explorer._title == "Pet shop"
    assert explorer.navigator is explorer


def test_selecting_renders_the_operation_page(site, tokens):
    from orgdocs.render._html import operation_html

    explorer = Explorer(site, tokens=tokens)
    explorer.set_state({"value": "/api/pets/create-pet"})  # a click in the view
    assert explorer.html == operation_html(site, "/api/pets/create-pet")
    assert isinstance(explorer.view, OperationView) and explorer.view.html == explorer.html
    explorer.value = None
    assert explorer.html == ""


def test_search_select_and_send(site, mock_client, recorder, tokens):
    explorer = Explorer(site, client=mock_client, tokens=tokens, values={"petId": 3})
    explorer.search("getpet")
    assert explorer.routes == ["/api/pets/get-pet"]  # the exact operationId
    form = explorer.select(explorer.routes[0])
    assert explorer.value == "/api/pets/get-pet" and isinstance(form, RequestForm) and explorer.form is form
    form.send()
    assert str(recorder.requests[0].url) == "https://api.pets.test/v1/pets/3"


def test_forms_are_kept_and_share_the_group_token(site, mock_client, recorder, tokens):
    explorer = Explorer(site, client=mock_client, tokens=tokens)
    first = explorer.select("/api/pets/list-pets")
    first.set_values({"limit": "9"})
    first.set_credential("bearer", "tok-123")
    second = explorer.select("api/pets/create-pet")
    assert second.has_token
    second.send()
    assert recorder.requests[-1].headers["Authorization"] == "Bearer tok-123"
    assert explorer.select("/api/pets/list-pets") is first
    assert first.state.values["query:limit"] == "9"
    explorer.set_token(None)
    assert not first.has_token and not second.has_token


def test_two_apis_never_share_a_token(site, description, tokens):
    from orgdocs.model import from_document
    from orgdocs.project import Site

    other_document = dict(description.document, info={"title": "Another API", "version": "1"})
    other = Explorer(Site.from_description(from_document(other_document)), tokens=tokens)
    explorer = Explorer(site, tokens=tokens)
    explorer.set_token("only-for-pets")
    assert explorer.select("/api/pets/list-pets").has_token
    assert not other.select("/api/pets/list-pets").has_token


def test_route_at_start(site, tokens):
    explorer = Explorer(site, tokens=tokens, route="api/store/get-inventory")
    assert explorer.value == "/api/store/get-inventory" and "Inventory" in explorer.html


def test_an_operation_that_cannot_be_shown_is_reported_in_the_pane(site, tokens, monkeypatch):
    from orgdocs.render import _html as module

    def broken(*args, **kwargs):
        raise ValueError("no <way>")

    monkeypatch.setattr(module, "operation_html", broken)
    explorer = Explorer(site, tokens=tokens)
    explorer.value = "/api/pets/get-pet"
    assert "Cannot show /api/pets/get-pet" in explorer.html and "ValueError: no &lt;way&gt;" in explorer.html


def test_the_snapshot_beside_the_view_follows_the_selection(site, tokens):
    explorer = Explorer(site, tokens=tokens)
    data, metadata = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and metadata["orgdocs"] == {"view": "explorer"}
    snapshot, marked = explorer._snapshot_bundle()
    assert marked == {"orgdocs": {"snapshot": "explorer"}}
    assert "orgdocs-widget-snapshot" in snapshot["text/html"] and "List pets" in snapshot["text/html"]
    assert ":has(.orgdocs-widget-host)" in snapshot["text/html"]  # hidden where the live view is drawn
    explorer.value = "/api/pets/create-pet"
    assert explorer.html in explorer._snapshot_bundle()[0]["text/html"]


def test_the_saved_state_keeps_a_compact_reference_and_the_view_asks_for_the_whole():
    from orgdocs.orgapi import DESCRIPTION_PATH

    explorer = Explorer(DESCRIPTION_PATH)
    route = next(r for r in explorer.site.operations if r.endswith("revoke-api-key"))
    explorer.select(route)
    whole = explorer.html
    assert 'id="response-404"' in whole and "problem" in whole.lower()
    # what a saved notebook keeps (the no-kernel snapshot): every answer, the errors by their status line
    assert len(explorer._html) < len(whole) / 2
    assert 'id="response-404"' in explorer._html and 'id="response-200"' in explorer._html
    assert explorer._html.count("<details") == explorer._html.count("</details>")
    answers = []
    explorer.send = answers.append  # what the kernel answers the view's messages
    explorer._on_message(None, {"id": "p1", "type": "page", "route": route}, [])
    assert answers == [{"id": "p1", "type": "page", "html": whole}]


def huge_inline_body() -> dict:
    """A description whose one operation takes a body like a GitHub webhook's: an inline tree of objects,
    four levels deep, that renders to several hundred KB."""

    def level(depth: int) -> dict:
        if depth == 0:
            return {"type": "string", "description": "A leaf that says what it holds, at some length."}
        fields = {f"field_{depth}_{i}": level(depth - 1) for i in range(6)}
        return {"type": "object", "description": f"Level {depth}.", "properties": fields}

    return {
        "openapi": "3.1.0",
        "info": {"title": "Events", "version": "1"},
        "paths": {
            "/events": {
                "post": {
                    "operationId": "sendEvent",
                    "summary": "Send an event",
                    "requestBody": {"content": {"application/json": {"schema": level(5)}}},
                    "responses": {"204": {"description": "taken"}},
                }
            }
        },
    }


def test_a_huge_inline_body_is_saved_folded_while_the_view_gets_it_whole(tokens):
    from orgdocs.model import from_document
    from orgdocs.render.widgets._compact import SAVED_BUDGET

    explorer = Explorer(from_document(huge_inline_body()), tokens=tokens)
    route = explorer.routes[0]
    explorer.select(route)
    whole = explorer.html
    deepest, upper = (f'<code class="schema-name">{name}</code>' for name in ("field_1_5", "field_5_0"))
    assert len(whole) > 3 * SAVED_BUDGET and deepest in whole
    # what a saved notebook keeps (widget state and the snapshot output): the upper levels, the deep ones
    # folded under their count with a line saying so
    saved, snapshot = explorer._html, explorer._snapshot_bundle()[0]["text/html"]
    assert len(saved) <= SAVED_BUDGET and len(snapshot) < 2 * SAVED_BUDGET
    assert upper in saved and deepest not in saved
    assert "shown when the notebook's kernel runs" in saved
    assert saved.count("<details") == saved.count("</details>")
    answers = []
    explorer.send = answers.append  # the live view asks for the page: it gets every field
    explorer._on_message(None, {"id": "p1", "type": "page", "route": route}, [])
    assert answers[0]["html"] == whole


SHOWN_EXPLORER = """\
import sys, threading, time
import orgdocs
from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.widgets import Explorer

api = orgdocs.load(DESCRIPTION_PATH)
explorer = Explorer(api, client=orgdocs.mock_client(api))
explorer.send = lambda content, buffers=None: None
explorer._on_message(explorer, {"id": 1, "type": "index"}, [])  # what a view asks first, to draw its list
warming = [t for t in threading.enumerate() if t.name == "orgdocs-first-send"]
for thread in warming:
    thread.join(60)
print(len(warming), sorted(m for m in ("jsonschema", "referencing.jsonschema", "pandas") if m in sys.modules))
print(explorer._forms)
"""


def test_a_shown_explorer_readies_the_first_send_while_its_reader_browses():
    """What a first Send needs (jsonschema for the mock's and the answer's checks, pandas for the answer's
    table) is imported once the view has its list, before any operation is opened, not on the Send. A new
    interpreter: this one has them."""
    done = subprocess.run(
        [sys.executable, "-c", SHOWN_EXPLORER], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.splitlines() == ["1 ['jsonschema', 'pandas', 'referencing.jsonschema']", "{}"]

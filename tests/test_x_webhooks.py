"""OpenAPI 3.0's ``x-webhooks`` (GitHub's 270, Redoc's extension) read like 3.1's ``webhooks``: pages, search
entries and the Webhooks section, marked as webhooks (issue 32.3)."""

from __future__ import annotations

import json

from site_projects import api, op

from orgdocs.model._description import from_document
from orgdocs.project import Site
from orgdocs.render._html import operation_html
from orgdocs.render.site._extras import operation_markdown
from orgdocs.render.site._pages import PageRenderer

PUSHED = {
    "post": {
        "summary": "Branch protection rule created",
        "description": "A branch protection rule was created.",
        "operationId": "branch-protection-rule/created",
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {"$ref": "#/components/schemas/rule-created"},
                }
            },
        },
        "responses": {"200": {"description": "Return a 200 status to indicate the data was received."}},
    }
}
COMPONENTS = {
    "schemas": {
        "rule-created": {
            "type": "object",
            "required": ["action"],
            "properties": {"action": {"type": "string", "enum": ["created"]}, "rule": {"type": "object"}},
        }
    }
}


def _doc(**top):
    return api({"/repos": {"get": op(operationId="repos/list", summary="List repositories")}}, **top)


def test_x_webhooks_are_the_webhooks_of_a_3_0_description():
    description = from_document(
        _doc(**{"x-webhooks": {"branch-protection-rule-created": PUSHED}, "components": COMPONENTS})
    )
    assert [(w.method, w.path, w.webhook) for w in description.webhooks] == [
        ("post", "branch-protection-rule-created", True)
    ]
    assert description.webhooks[0].pointer == "#/x-webhooks/branch-protection-rule-created/post"
    assert [o.path for o in description.operations] == ["/repos"]
    # 3.1's own webhooks win where a description has both (as Redoc reads them)
    both = from_document(
        _doc(
            webhooks={"pet-adopted": PUSHED},
            **{"x-webhooks": {"branch-protection-rule-created": PUSHED}, "components": COMPONENTS},
        )
    )
    assert [w.path for w in both.webhooks] == ["pet-adopted"]
    assert from_document(_doc()).webhooks == []


def test_x_webhooks_have_pages_search_entries_and_twins(tmp_path):
    path = tmp_path / "github.json"
    path.write_text(
        json.dumps(
            _doc(**{"x-webhooks": {"branch-protection-rule-created": PUSHED}, "components": COMPONENTS})
        )
    )
    site = Site.from_description(path)
    webhooks = [route for route, entry in site.operations.items() if entry.operation.webhook]
    assert len(webhooks) == 1 and len(site.operations) == 2
    route = webhooks[0]
    assert site.search("branch protection rule created")[0]["route"] == route
    out = operation_html(site, route)
    assert '<span class="badge badge-webhook">webhook</span>' in out
    assert "Branch protection rule created" in out and ">action<" in out
    assert "branch-protection-rule-created" in operation_markdown(site, route)
    assert any(section.title == "Webhooks" for section in site.sections.values())


def test_a_webhook_whose_summary_is_a_paragraph_is_titled_by_its_operation_id():
    long = dict(
        PUSHED["post"],
        summary="This event occurs when there is activity relating to branch protection rules. " * 2,
    )
    description = from_document(_doc(**{"x-webhooks": {"rule": {"post": long}}, "components": COMPONENTS}))
    webhook = description.webhooks[0]
    assert webhook.title == "Branch protection rule created"
    short = from_document(_doc(**{"x-webhooks": {"rule": PUSHED}, "components": COMPONENTS})).webhooks[0]
    assert short.title == "Branch protection rule created" == PUSHED["post"]["summary"]
    # an operation keeps its summary as its title, however long
    plain = from_document(api({"/a": {"get": op(operationId="getA", summary=long["summary"])}}))
    assert plain.operations[0].title == " ".join(long["summary"].split())


def test_a_webhooks_paragraph_of_a_summary_is_read_as_markdown_under_its_title(tmp_path):
    summary = (
        "This event occurs when there is activity relating to branch protection rules. For more information, "
        'see "[About protected branches](https://docs.example.test/branches)." <img src=x onerror=alert(1)>'
    )
    long = dict(PUSHED["post"], summary=summary)
    path = tmp_path / "github.json"
    path.write_text(json.dumps(_doc(**{"x-webhooks": {"rule": {"post": long}}, "components": COMPONENTS})))
    site = Site.from_description(path)
    route = next(route for route, entry in site.operations.items() if entry.operation.webhook)
    out = operation_html(site, route)
    assert '<h1 class="op-title">Branch protection rule created</h1>' in out
    assert '<div class="op-summary markdown"><p>This event occurs' in out
    assert (
        '<a href="https://docs.example.test/branches" rel="noopener nofollow">About protected branches</a>'
        in out
    )
    assert "onerror" not in out


def test_the_index_marks_webhooks_and_only_them(tmp_path):
    path = tmp_path / "github.json"
    path.write_text(json.dumps(_doc(**{"x-webhooks": {"rule": PUSHED}, "components": COMPONENTS})))
    entries = Site.from_description(path).index["endpoints"]
    assert [entry.get("webhook") for entry in entries] == [None, True]
    assert "webhook" not in entries[0]  # an operation's entry is as it was


def test_a_webhook_page_shows_its_payload_and_no_request_to_send(tmp_path):
    """A webhook is a request the API sends to the reader's server: its page has the payload's example, and no
    code sample sending it to the API's server (GitHub's pages had curl to https://api.github.com/<name>)."""
    path = tmp_path / "github.json"
    path.write_text(json.dumps(_doc(**{"x-webhooks": {"branch-protection-rule-created": PUSHED}})))
    site = Site.from_description(path)
    routes = {entry.operation.webhook: route for route, entry in site.operations.items()}
    renderer = PageRenderer(site)
    webhook, operation = renderer.operation(routes[True]), renderer.operation(routes[False])
    assert "Payload example" in webhook and "data-samples" not in webhook and "curl -X" not in webhook
    assert "data-samples" in operation and "curl -X" in operation

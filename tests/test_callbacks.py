"""``orgdocs.model._callbacks``: an operation's callbacks read as operations, with where each schema is
written, and its responses' links, through ``$ref``s and past what cannot be followed."""

from __future__ import annotations

from pathlib import Path

from orgdocs.model import from_document, load
from orgdocs.model._callbacks import read_callbacks, read_links

CALLBACKS = Path(__file__).parent / "data" / "callbacks.yaml"
EVENT_URL = "{$request.body#/callbackUrl}"


def _subscribe():
    description = load(CALLBACKS)
    return description, description.operation("createSubscription")


def test_each_callback_operation_is_read_like_an_operation_of_paths():
    description, operation = _subscribe()
    found = read_callbacks(operation, description.resolver)
    assert [(c.name, c.expression, c.operation.method) for c in found] == [
        ("onEvent", EVENT_URL, "post"),
        ("onRenewal", EVENT_URL + "/renewals", "put"),
    ]
    event = found[0].operation
    assert event.path == EVENT_URL and event.summary == "Event delivered"
    assert [p.name for p in event.parameters] == ["X-Signature"] and event.request_body.required
    assert [r.status for r in event.responses] == ["200", "410"]
    assert found[0].location == ("", ("callbacks", "onEvent", EVENT_URL, "post"))
    assert (
        event.pointer == "#/paths/~1subscriptions/post/callbacks/onEvent/{$request.body#~1callbackUrl}/post"
    )


def test_references_on_the_way_are_followed_and_located():
    description, operation = _subscribe()
    renewal = read_callbacks(operation, description.resolver)[1]
    assert renewal.location == ("#/components/pathItems/RenewalItem", ("put",))
    assert renewal.operation.description == "Sent when the subscription renews."
    assert renewal.operation.request_body.content[0].media_type == "application/json"


def test_what_cannot_be_followed_is_left_out():
    document = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/a": {
                "post": {
                    "responses": {"200": {"description": "ok", "links": {"gone": {"$ref": "#/nowhere"}}}},
                    "callbacks": {
                        "dangling": {"$ref": "#/components/callbacks/Missing"},
                        "odd": {
                            "x-note": {"post": {"responses": {}}},  # an extension, not a URL
                            "{$url}": {"$ref": "other.yaml#/Item"},  # external: not loaded
                            "{$url}/b": {"get": "not an operation", "summary": "s"},
                            "{$url}/c": {"$ref": "#/components/pathItems/C", "delete": {"responses": {}}},
                        },
                    },
                }
            }
        },
        "components": {"pathItems": {"C": {"get": {"responses": {"204": {"description": "none"}}}}}},
    }
    description = from_document(document)
    operation = description.operations[0]
    found = read_callbacks(operation, description.resolver)
    # the path item's own delete, beside its $ref, is written where it stands; get comes from its target
    assert [(c.expression, c.operation.method, c.location) for c in found] == [
        ("{$url}/c", "get", ("#/components/pathItems/C", ("get",))),
        ("{$url}/c", "delete", ("", ("callbacks", "odd", "{$url}/c", "delete"))),
    ]
    assert read_links(operation.responses[0].links, description.resolver) == []


def test_links_give_target_inputs_and_description():
    description, operation = _subscribe()
    links = read_links(operation.responses[0].links, description.resolver)
    assert [link.name for link in links] == ["GetSubscription", "CancelSubscription", "Elsewhere", "Shared"]
    get, cancel, _, shared = links
    assert get.operation_id == "getSubscription" and get.parameters == {"id": "$response.body#/id"}
    assert get.description.startswith("The **new** subscription") and not get.has_request_body
    assert cancel.operation_ref == "#/paths/~1subscriptions~1{id}/delete" and not cancel.operation_id
    assert cancel.has_request_body and cancel.request_body == {"reason": "$request.body#/reason"}
    assert shared.operation_id == "getSubscription" and shared.parameters == {"id": "$request.path.id"}


def test_a_links_target_is_found_by_operation_id_or_by_pointer():
    from orgdocs.project import Site

    site = Site.from_description(CALLBACKS)
    description = site.descriptions[0]
    get = site.operation_route(description, "getSubscription")
    assert site.operations[get].operation.operation_id == "getSubscription"
    cancel = site.operation_route(description, pointer="#/paths/~1subscriptions~1{id}/delete")
    assert site.operations[cancel].operation.operation_id == "cancelSubscription"
    assert site.operation_route(description, "notInThisDescription") == ""
    assert site.operation_route(description, pointer="#/paths/~1nowhere/get") == ""
    other = Site.from_description(CALLBACKS).descriptions[0]  # the same file, another description
    assert site.operation_route(other, "getSubscription") == ""

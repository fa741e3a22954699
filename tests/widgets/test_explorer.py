"""Explorer: navigator on the left, the selected operation's view and form on the right, one token per group."""

from __future__ import annotations

from orgdocs.render.widgets import Explorer, OperationView, RequestForm


def test_builds_and_shows_a_placeholder(site, tokens):
    explorer = Explorer(site, tokens=tokens)
    assert explorer.value is None and explorer.form is None and explorer.view is None
    assert "Select an operation" in explorer._detail.children[0].value
    assert "Pet shop" in explorer.children[1].value


def test_search_select_and_send(site, mock_client, recorder, tokens):
    explorer = Explorer(site, client=mock_client, tokens=tokens, values={"petId": 3})
    explorer.search("getpet")
    assert explorer.navigator.routes == ["/api/pets/get-pet"]  # the exact operationId
    explorer.navigator._list.index = 0  # a click on the row
    assert explorer.value == "/api/pets/get-pet"
    assert isinstance(explorer.view, OperationView) and isinstance(explorer.form, RequestForm)
    assert list(explorer._detail.children) == [explorer.view, explorer.form]
    explorer.form._send_button.click()
    assert str(recorder.requests[0].url) == "https://api.pets.test/v1/pets/3"
    assert "200 OK" in explorer.form.result_html


def test_forms_are_kept_and_share_the_group_token(site, mock_client, recorder, tokens):
    explorer = Explorer(site, client=mock_client, tokens=tokens)
    first = explorer.select("/api/pets/list-pets")
    first._inputs["query:limit"].value = "9"
    first._token_input.value = "tok-123"
    second = explorer.select("api/pets/create-pet")
    assert second.has_token
    second.send()
    assert recorder.requests[-1].headers["Authorization"] == "Bearer tok-123"
    assert explorer.select("/api/pets/list-pets") is first
    assert first._inputs["query:limit"].value == "9"
    explorer.set_token(None)
    assert not first.has_token and not second.has_token


def test_two_apis_never_share_a_token(site, description, tokens):
    from orgdocs.model import from_document
    from orgdocs.site import Site

    other_document = dict(description.document, info={"title": "Another API", "version": "1"})
    other = Explorer(Site.from_description(from_document(other_document)), tokens=tokens)
    explorer = Explorer(site, tokens=tokens)
    explorer.set_token("only-for-pets")
    assert explorer.select("/api/pets/list-pets").has_token
    assert not other.select("/api/pets/list-pets").has_token


def test_navigator_and_explorer_value_stay_linked(site, tokens):
    explorer = Explorer(site, tokens=tokens, route="/api/store/get-inventory")
    assert explorer.navigator.value == "/api/store/get-inventory"
    explorer.navigator.value = "/api/pets/get-pet"
    assert explorer.value == "/api/pets/get-pet" and explorer.view.route == "/api/pets/get-pet"
    explorer.value = None
    assert explorer._detail.children == (explorer._placeholder,)


def test_an_operation_that_cannot_be_shown_is_reported_in_the_pane(site, tokens, monkeypatch):
    from orgdocs.render.widgets import explorer as module

    def broken(*args, **kwargs):
        raise ValueError("no <way>")

    monkeypatch.setattr(module, "OperationView", broken)
    explorer = Explorer(site, tokens=tokens)
    explorer.value = "/api/pets/get-pet"
    (shown,) = explorer._detail.children
    assert "Cannot show /api/pets/get-pet" in shown.value and "ValueError: no &lt;way&gt;" in shown.value
    assert explorer.view is None and explorer.form is None

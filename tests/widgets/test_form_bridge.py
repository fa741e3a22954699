"""The site's request form in a notebook view: Send and credentials go through the kernel, by message."""

from __future__ import annotations

import httpx
import pytest

from orgdocs.render.widgets import Explorer, RefusedError
from orgdocs.render.widgets._form_bridge import KEPT, table_html


def talk(widget, message: dict) -> dict:
    """The kernel's answer to one message from the view."""
    sent = []
    widget.send = lambda content, buffers=None: sent.append(content)
    widget._on_message(widget, {"id": "q", **message}, [])
    (answer,) = sent
    return answer


def test_the_view_gets_the_sites_form_and_what_python_set(site, mock_client, tokens):
    explorer = Explorer(site, client=mock_client, tokens=tokens, values={"petId": 7})
    answer = talk(explorer, {"type": "form", "route": "/api/pets/get-pet"})
    assert "data-form" in answer["html"] and answer["payload"]["operation"]["operationId"] == "getPet"
    assert answer["state"]["values"]["path:petId"] == "7"
    assert answer["state"]["server"] == 0 and answer["credentials"] == []
    assert "error" in talk(explorer, {"type": "form", "route": "/api/nope"})


def test_send_builds_the_request_in_the_kernel_from_the_views_inputs(site, mock_client, recorder, tokens):
    explorer = Explorer(site, client=mock_client, tokens=tokens)
    state = {"values": {"query:limit": "5", "query:status": "sold", "query:verbose": True}, "server": 0}
    answer = talk(explorer, {"type": "send", "route": "/api/pets/list-pets", "state": state})
    assert answer["status"] == 200 and answer["statusText"] == "OK"
    assert ["x-request-id", "req_1"] in answer["headers"] and '"ok"' in answer["text"]
    sent = recorder.requests[-1]
    assert sent.url.params["limit"] == "5" and sent.url.params["status"] == "sold"
    form = explorer._forms["/api/pets/list-pets"]
    assert form.response.status_code == 200 and form.request.url == sent.url  # the Python API sees the same


def test_send_errors_come_back_as_one_message(site, tokens):
    explorer = Explorer(site, tokens=tokens)
    # a path parameter left empty: the form refuses to build the request, nothing is sent
    answer = talk(
        explorer, {"type": "send", "route": "/api/pets/get-pet", "state": {"values": {"path:petId": ""}}}
    )
    assert "petId" in answer["error"]
    # a server outside the declared ones is refused (the declared-servers guard)
    answer = talk(
        explorer,
        {
            "type": "send",
            "route": "/api/pets/list-pets",
            "state": {"server": 1, "variables": {"region": "evil.test#"}},
        },
    )
    assert "error" in answer


def test_credentials_reach_kernel_memory_only(site, mock_client, recorder, tokens):
    explorer = Explorer(site, client=mock_client, tokens=tokens)
    route = "/api/pets/list-pets"
    answer = talk(
        explorer,
        {"type": "credential", "route": route, "scheme": "bearer", "field": "value", "value": "s3cret-tok"},
    )
    assert answer["credentials"] and "s3cret-tok" not in str(answer)
    talk(explorer, {"type": "send", "route": route, "state": {}})
    assert recorder.requests[-1].headers["Authorization"] == "Bearer s3cret-tok"
    # what the view is told and what widget state holds name the credential, never its value
    assert "s3cret-tok" not in str(talk(explorer, {"type": "form", "route": route}))
    assert "s3cret-tok" not in str(explorer.get_state())
    # the placeholder the view shows for a kept credential is no new credential
    talk(
        explorer, {"type": "credential", "route": route, "scheme": "bearer", "field": "value", "value": KEPT}
    )
    talk(explorer, {"type": "send", "route": route, "state": {}})
    assert recorder.requests[-1].headers["Authorization"] == "Bearer s3cret-tok"
    talk(explorer, {"type": "credential", "route": route, "scheme": "bearer", "field": "value", "value": ""})
    talk(explorer, {"type": "send", "route": route, "state": {}})
    assert "Authorization" not in recorder.requests[-1].headers


def test_a_token_input_emptied_forgets_the_apis_token_it_showed(site, mock_client, recorder, tokens):
    """``set_token`` fills every token input of the API (the view shows it as kept): a reader who empties
    one means no token, and the form sends none, instead of the token behind an empty input."""
    explorer = Explorer(site, client=mock_client, tokens=tokens)
    route = "/api/pets/list-pets"
    explorer.set_token("api-wide-tok")
    assert talk(explorer, {"type": "form", "route": route})["credentials"] == ["bearer:value"]
    answer = talk(
        explorer, {"type": "credential", "route": route, "scheme": "bearer", "field": "value", "value": ""}
    )
    assert answer["credentials"] == []
    talk(explorer, {"type": "send", "route": route, "state": {}})
    assert "Authorization" not in recorder.requests[-1].headers


def test_a_list_answer_gets_a_table_view():
    import httpx

    request = httpx.Request("GET", "https://api.test/x")
    table = table_html(httpx.Response(200, json={"data": [{"id": "<b>1</b>"}, {"id": 2}]}, request=request))
    assert "2 rows" in table and "&lt;b&gt;1&lt;/b&gt;" in table and "<b>1" not in table
    assert table_html(httpx.Response(404, json={"title": "not found"}, request=request)) is None
    assert table_html(httpx.Response(200, text="plain", request=request)) is None


@pytest.mark.parametrize(
    "body", ["string", 42, None, True, ["a", "b"], [1, {"id": 1}], {"id": 1, "tags": ["a"]}]
)
def test_an_answer_with_no_records_gets_no_table_view(body):
    """A bare JSON string, number or list of them, one object: nothing a table would add to the body view."""
    import httpx

    request = httpx.Request("GET", "https://api.test/x")
    assert table_html(httpx.Response(200, json=body, request=request)) is None
    assert table_html(httpx.Response(200, json=[{"value": body}], request=request)) is not None


def test_python_changes_are_pushed_to_the_view(site, mock_client, tokens):
    explorer = Explorer(site, client=mock_client, tokens=tokens)
    pushed = []
    explorer.send = lambda content, buffers=None: pushed.append(content)
    form = explorer.select("/api/pets/get-pet")
    form.set_values({"petId": 12})
    explorer.select("/api/pets/get-pet")
    assert pushed[-1]["type"] == "form-state" and pushed[-1]["state"]["values"]["path:petId"] == "12"
    explorer.set_token("tok-pushed")
    assert pushed[-1]["credentials"] and "tok-pushed" not in str(pushed)


def test_a_form_alone_is_drawn_by_the_sites_form(site, mock_client, recorder, tokens):
    from orgdocs.render.widgets import RequestForm
    from orgdocs.render.widgets._form_view import FormView

    form = RequestForm(site, "/api/pets/get-pet", client=mock_client, tokens=tokens)
    view = FormView(form)
    assert view._kind == "form" and view._route == "/api/pets/get-pet"
    assert "data-form" in talk(view, {"type": "form", "route": "/api/pets/get-pet"})["html"]
    answer = talk(
        view, {"type": "send", "route": "/api/pets/get-pet", "state": {"values": {"path:petId": "4"}}}
    )
    assert answer["status"] == 200 and str(recorder.requests[-1].url).endswith("/pets/4")
    assert "error" in talk(view, {"type": "send", "route": "/api/pets/list-pets", "state": {}})
    assert "Get a pet" in view._snapshot_bundle()[0]["text/html"]


def test_a_paged_list_offers_its_pages(orgapi):
    client, site, demo = orgapi
    explorer = Explorer(site, client=client, values={"organizationId": demo["organization_id"], "limit": 2})
    explorer.set_token(demo["token"])
    route = "/api/api-keys/list-api-keys"
    answer = talk(explorer, {"type": "send", "route": route, "state": {"values": {"query:limit": "2"}}})
    assert answer["status"] == 200 and answer["paged"] is True and "2 rows" in answer["table"]
    pages = talk(explorer, {"type": "pages", "route": route})
    total = len(
        client.get(
            f"/organizations/{demo['organization_id']}/api-keys",
            headers={"Authorization": f"Bearer {demo['token']}"},
        ).json()["data"]
    )
    assert f"{total} rows from up to 10 pages" in pages["table"]
    explorer.set_token(None)


def test_an_answers_hints_name_the_code_as_this_notebook_writes_it(orgapi, monkeypatch):
    """Under an answer, the table's caption and the pages' say which code gives the frame: the notebook's own
    name for the form (``explorer.form`` for an Explorer held by ``explorer``, ``listing`` for a variable
    holding the form), not a ``form`` no variable holds; ``form`` outside IPython."""
    import types

    import httpx
    import IPython

    client, site, demo = orgapi
    explorer = Explorer(site, client=client, values={"organizationId": demo["organization_id"], "limit": 2})
    explorer.set_token(demo["token"])
    route = "/api/api-keys/list-api-keys"
    explorer.select(route)  # the reader's click on its row
    send = {"type": "send", "route": route, "state": {"values": {"query:limit": "2"}}}
    assert "· form.frame()" in talk(explorer, send)["table"]
    namespace = {"explorer": explorer, "_": explorer}
    monkeypatch.setattr(IPython, "get_ipython", lambda: types.SimpleNamespace(user_ns=namespace))
    assert "· explorer.form.frame()" in talk(explorer, send)["table"]
    assert "· explorer.form.frame(pages=10)" in talk(explorer, {"type": "pages", "route": route})["table"]
    namespace["listing"] = explorer.form
    assert "· listing.frame()" in talk(explorer, send)["table"]

    def wrong(request):  # an answer the description does not promise
        return httpx.Response(200, json={"data": [{"id": 7}], "page": {}})

    with httpx.Client(transport=httpx.MockTransport(wrong)) as liar:
        other = Explorer(site, client=liar, values={"organizationId": demo["organization_id"]})
        other.select(route)
        namespace["other"] = other
        notes = talk(other, {"type": "send", "route": route, "state": {}})["notes"]
    assert notes[0].startswith("✗ ") and "(other.form.check() lists them)" in notes[0]
    explorer.set_token(None)


def test_a_connection_error_names_the_url(site, tokens):
    import httpx

    def refuse(request):
        raise httpx.ConnectError("connection refused", request=request)

    with httpx.Client(transport=httpx.MockTransport(refuse)) as client:
        explorer = Explorer(site, client=client, tokens=tokens)
        answer = talk(explorer, {"type": "send", "route": "/api/store/get-inventory", "state": {}})
    assert "https://api.pets.test/v1/store/inventory" in answer["error"]


def test_the_view_resolves_servers_as_the_kernel_does(site, tokens):
    import httpx

    # a protocol-relative server (Swagger 2.0 without schemes, Rebilly's) takes the client's scheme in the
    # kernel, else https: the view's preview is told the same base, never the notebook page's own http URL
    with httpx.Client(base_url="http://testserver") as client:
        explorer = Explorer(site, client=client, tokens=tokens)
        answer = talk(explorer, {"type": "form", "route": "/api/pets/list-pets"})
        assert answer["pageUrl"] == "http://testserver"
    answer = talk(Explorer(site, tokens=tokens), {"type": "form", "route": "/api/pets/list-pets"})
    assert answer["pageUrl"] == ""  # the view then resolves against https, as the kernel does


def test_each_answer_says_whether_it_matches_the_description(orgapi):
    client, site, demo = orgapi
    explorer = Explorer(site, client=client, values={"organizationId": demo["organization_id"]})
    explorer.set_token(demo["token"])
    route = "/api/api-keys/list-api-keys"
    answer = talk(explorer, {"type": "send", "route": route, "state": {}})
    assert answer["status"] == 200 and answer["notes"] == ["✓ The answer matches the description."]

    def wrong(request):  # a server that answers what the description does not promise
        return httpx.Response(200, json={"data": [{"id": 7, "scopes": "all"}], "page": {}})

    with httpx.Client(transport=httpx.MockTransport(wrong)) as liar:
        other = Explorer(site, client=liar, values={"organizationId": demo["organization_id"]})
        other.set_token(demo["token"])
        notes = talk(other, {"type": "send", "route": route, "state": {}})["notes"]
    assert notes[0].startswith("✗ ") and "form.check()" in notes[0]
    listed = "\n".join(notes[1:])
    assert "/data/0/id: expected type string" in listed and "/data/0/scopes: expected type array" in listed
    assert "headers/X-Request-Id: expected this header (required)" in listed


def test_what_python_sends_shows_in_the_view_of_its_form(site, mock_client, recorder, tokens):
    explorer = Explorer(site, client=mock_client, tokens=tokens)
    route = "/api/pets/list-pets"
    pushed = []
    explorer.send = lambda content, buffers=None: pushed.append(content)
    explorer._on_message(explorer, {"id": "q", "type": "form", "route": route}, [])
    assert "answer" not in pushed.pop()  # nothing sent yet: the view shows no answer

    form = explorer.select(route)
    pushed.clear()
    form.set_values({"limit": 3})
    form.send()  # from a cell: the view of this form shows the answer, as after its own Send
    (message,) = [m for m in pushed if m.get("type") == "form-answer"]
    assert message["route"] == route and "id" not in message
    assert message["answer"]["status"] == 200 and '"ok"' in message["answer"]["text"]

    # a view drawn later (the operation selected again, the notebook reopened) shows the last answer
    assert talk(explorer, {"type": "form", "route": route})["answer"]["status"] == 200
    # the view's own Send is answered to its request, not pushed a second time
    pushed.clear()
    explorer.send = lambda content, buffers=None: pushed.append(content)
    explorer._on_message(explorer, {"id": "s", "type": "send", "route": route, "state": {}}, [])
    assert [m.get("type") for m in pushed] == ["send"]
    # a Send from a cell that fails says why in the view too
    pushed.clear()
    form.choose_server(1, region="us")
    form.state.variables["region"] = "evil.test#"  # what a view could send: refused, nothing leaves
    with pytest.raises(RefusedError):
        form.send()
    (message,) = [m for m in pushed if m.get("type") == "form-answer"]
    assert "not a server declared" in message["answer"]["error"]


@pytest.mark.parametrize("voila", [False, True], ids=["notebook", "voila-app"])
def test_a_credential_from_the_environment_only_where_the_reader_owns_the_kernel(
    site, mock_client, recorder, tokens, monkeypatch, voila
):
    """In a notebook a view may read a credential from the kernel's environment: the reader started it. In a
    Voila app the environment is the app server's: a reader naming one of its variables (by a message of
    their own making, the view offers no such choice there) gets it refused, and nothing is sent with it."""
    monkeypatch.setenv("SERVER_SECRET", "the-servers-secret")
    for name in ("VOILA_BASE_URL", "VOILA_PREHEAT"):
        monkeypatch.delenv(name, raising=False)
    if voila:
        monkeypatch.setenv("VOILA_BASE_URL", "/")  # what Voila sets in its kernels' environment
    explorer = Explorer(site, client=mock_client, tokens=tokens)
    route = "/api/pets/list-pets"
    message = {
        "type": "credential",
        "route": route,
        "scheme": "bearer",
        "field": "value",
        "env": "SERVER_SECRET",
    }
    answer = talk(explorer, message)
    talk(explorer, {"type": "send", "route": route, "state": {}})
    sent = recorder.requests[-1].headers.get("Authorization")
    if voila:
        assert "error" in answer and "type the credential itself" in answer["error"]
        assert sent is None
    else:
        assert "error" not in answer and sent == "Bearer the-servers-secret"


def test_an_answer_of_a_mock_client_says_no_server_gave_it(site, mock_client, tokens, orgapi):
    """The request line names the description's server (``https://api.pets.test``); a form whose client is a
    mock (``orgdocs.mock_client``, any ``httpx.MockTransport``) says under the answer, and in the snapshot a
    saved notebook keeps, that the mock answered, not that server. A real transport's answer says nothing."""
    explorer = Explorer(site, client=mock_client, tokens=tokens)
    route = "/api/pets/list-pets"
    explorer.select(route)
    notes = talk(explorer, {"type": "send", "route": route, "state": {}})["notes"]
    assert any("mock" in note and "not by the server" in note for note in notes)
    assert "not by the server" in explorer._answer_html
    client, org_site, demo = orgapi  # the reference server, in this kernel
    real = Explorer(
        org_site, client=client, values={"organizationId": demo["organization_id"]}, tokens=tokens
    )
    real.select("/api/api-keys/list-api-keys")
    notes = talk(real, {"type": "send", "route": "/api/api-keys/list-api-keys", "state": {}})["notes"]
    assert notes and not any("mock" in note for note in notes)

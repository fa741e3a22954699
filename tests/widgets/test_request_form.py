"""RequestForm: inputs -> the request sent, and what the result area shows; its plain functions first."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import httpx
import pytest

import orgdocs
from orgdocs.model import Server, ServerVariable
from orgdocs.render.widgets.form_bridge import apply_state
from orgdocs.render.widgets.request_form import (
    FormError,
    RefusedError,
    RequestForm,
    allowed_server,
    error_html,
    input_spec,
    parse_input,
    pretty_body,
    response_html,
    server_base,
)

# --- plain functions ------------------------------------------------------------------------------------


def _params(description, operation_id):
    return {p.name: p for p in description.operation(operation_id).parameters}


def test_input_spec_kinds(description):
    params = _params(description, "listPets")
    kinds = {name: input_spec(p, description).kind for name, p in params.items()}
    assert kinds == {
        "limit": "integer",
        "status": "enum",
        "verbose": "boolean",
        "tags": "array",
        "X-Trace": "string",
        "weight": "number",
    }
    status = input_spec(params["status"], description)
    assert status.options == ["available", "sold"] and not status.required
    assert input_spec(params["limit"], description).example == 20
    pet_id = input_spec(_params(description, "getPet")["petId"], description)
    assert pet_id.required and pet_id.key == "path:petId"


def test_parse_input(description):
    params = _params(description, "listPets")
    spec = {name: input_spec(p, description) for name, p in params.items()}
    assert parse_input(spec["limit"], "") is None
    assert parse_input(spec["limit"], " 7 ") == 7
    with pytest.raises(ValueError, match="not an integer"):
        parse_input(spec["limit"], "seven")
    assert parse_input(spec["weight"], "2.5") == 2.5
    with pytest.raises(ValueError, match="not a number"):
        parse_input(spec["weight"], "heavy")
    assert parse_input(spec["tags"], "a, b") == ["a", "b"]
    assert parse_input(spec["tags"], '["a", "b c"]') == ["a", "b c"]
    assert parse_input(spec["verbose"], False) is None  # optional, default false: unchecked adds nothing
    assert parse_input(spec["verbose"], True) is True
    assert parse_input(spec["status"], None) is None
    assert parse_input(spec["X-Trace"], "abc") == "abc"


def test_server_base():
    assert server_base("https://a.test/v1", None) == "https://a.test/v1"
    assert server_base("/v1", "http://testserver") == "http://testserver/v1"
    assert server_base("", "http://testserver/") == "http://testserver"
    assert server_base("//petstore.test/v2", None) == "https://petstore.test/v2"
    assert server_base("//petstore.test/v2", "http://testserver") == "http://petstore.test/v2"
    with pytest.raises(FormError, match="relative"):
        server_base("/v1", None)
    with pytest.raises(FormError, match="no server URL"):
        server_base("", None)


def test_allowed_server_declared_and_variables():
    servers = [
        Server("https://api.pets.test/v1"),
        Server(
            "https://{region}.pets.test/{base}",
            variables={"region": ServerVariable("eu", ["eu", "us"]), "base": ServerVariable("v2")},
        ),
        Server(
            "{scheme}://{host}:8001",
            variables={
                "scheme": ServerVariable("http", ["http", "https"]),
                "host": ServerVariable("127.0.0.1"),
            },
        ),
        Server("/relative"),
    ]
    assert allowed_server("https://api.pets.test/v1", servers)
    assert allowed_server("https://api.pets.test/v1/", servers)
    assert not allowed_server("https://api.pets.test/v10", servers)
    assert not allowed_server("https://api.pets.test.evil.test/v1", servers)
    assert allowed_server("https://us.pets.test/v2", servers)
    assert allowed_server("https://us.pets.test/anything", servers)  # a free variable in the path
    assert not allowed_server("https://attacker.test/x.pets.test/v2", servers)
    assert allowed_server("https://127.0.0.1:8001", servers)
    assert allowed_server("http://10.0.0.1:8001", servers)  # a declared template with its variables
    assert not allowed_server("http://evil.test@10.0.0.1:8001", servers)  # a variable never adds a userinfo
    assert not allowed_server("http://testserver/relative", servers)
    assert allowed_server("http://testserver/relative", servers, base_url="http://testserver")


def test_allowed_server_with_allow_list():
    assert allowed_server("http://localhost:9000/api", [], ["http://localhost:9000"])
    assert allowed_server("http://localhost:9000", [], ["http://localhost:9000/"])
    assert not allowed_server("http://localhost:90001", [], ["http://localhost:9000"])
    assert not allowed_server("https://api.pets.test/v1", [Server("https://api.pets.test/v1")], [])
    assert allowed_server("https://anywhere.test", [], ["*"])


def test_response_html_escapes_and_pretty_prints():
    request = httpx.Request("GET", "https://api.pets.test/v1/pets?q=<b>")
    response = httpx.Response(
        200, json={"name": "<script>alert(1)</script>"}, headers={"X-Evil": "<img src=x>"}, request=request
    )
    shown = response_html(response, 0.0123)
    assert "<script>" not in shown and "<img" not in shown
    assert "&lt;script&gt;" in shown and "&lt;img src=x&gt;" in shown
    assert "200 OK" in shown and "12 ms" in shown
    assert "{\n  &quot;name&quot;: &quot;&lt;script&gt;" in shown  # indented JSON
    image = httpx.Response(200, content=b"\x00\x01\x02", headers={"content-type": "image/png"})
    assert pretty_body(image) == "<3 bytes of image/png>"
    assert "&lt;b&gt;" in error_html("<b>", "")


# --- the widget -----------------------------------------------------------------------------------------


def form_for(site, operation, client, tokens, **kwargs):
    route = next(r for r, e in site.operations.items() if e.operation.operation_id == operation)
    return RequestForm(site, route, client=client, tokens=tokens, **kwargs)


def test_builds_without_a_kernel_and_prefills(site, mock_client, tokens):
    form = form_for(site, "createPet", mock_client, tokens)
    assert json.loads(form._body.value) == {"name": "Rex", "kind": "dog"}  # readOnly id left out
    assert form._server_choice.options[0][0] == "https://api.pets.test/v1 — production"
    assert form._token_input in form.children  # the description declares an http bearer scheme
    assert "Create a pet" not in repr(form) and "POST /pets" in repr(form)
    get_pet = form_for(site, "getPet", mock_client, tokens)
    assert get_pet._inputs["path:petId"].value == ""  # no declared example: nothing made up
    assert get_pet._inputs["path:petId"].placeholder == "0"  # a generated one is only a hint
    public = form_for(site, "getInventory", mock_client, tokens)
    assert public._token_input not in public.children


def test_fill_inputs_and_send_with_the_button(site, mock_client, recorder, tokens):
    form = form_for(site, "listPets", mock_client, tokens)
    form._inputs["query:limit"].value = "5"
    form._inputs["query:status"].value = "sold"
    form._inputs["query:verbose"].value = True
    form._inputs["query:tags"].value = "a,b c"
    form._inputs["header:X-Trace"].value = "t-1"
    assert (
        str(form.request.url)
        == "https://api.pets.test/v1/pets?limit=5&status=sold&verbose=true&tags=a&tags=b%20c"
    )
    form._send_button.click()
    (sent,) = recorder.requests
    assert sent.method == "GET"
    assert str(sent.url) == str(form.request.url)
    assert sent.headers["X-Trace"] == "t-1"
    assert "Authorization" not in sent.headers
    assert form.response.status_code == 200
    shown = form.result_html
    assert "200 OK" in shown and "x-request-id" in shown.lower() and "&quot;ok&quot;: true" in shown
    assert "No credentials are set" not in shown


def test_code_samples_follow_the_inputs_live(site, mock_client, tokens):
    form = form_for(site, "listPets", mock_client, tokens)
    assert "limit=" not in form._samples["curl"].value
    form._inputs["query:limit"].value = "3"
    assert "limit=3" in form._samples["curl"].value
    assert "limit=3" in form._samples["python"].value and "limit=3" in form._samples["javascript"].value
    form._inputs["query:limit"].value = "three"
    assert "not an integer" in form._samples["curl"].value


def test_server_variables(site, mock_client, recorder, tokens):
    form = form_for(site, "listPets", mock_client, tokens)
    form._server_choice.index = 1
    assert set(form._variable_inputs) == {"region", "base"}
    assert form._variable_inputs["region"].options == ("eu", "us")
    form._variable_inputs["region"].value = "us"
    form._variable_inputs["base"].value = "v3"
    assert form.server_url == "https://us.pets.test/v3"
    form.send()
    assert str(recorder.requests[0].url) == "https://us.pets.test/v3/pets"


def test_json_body_is_sent_and_invalid_json_is_shown(site, mock_client, recorder, tokens):
    form = form_for(site, "createPet", mock_client, tokens)
    form._body.value = '{"name": "Tom", "kind": "cat"}'
    form.send()
    sent = recorder.requests[-1]
    assert json.loads(sent.content) == {"name": "Tom", "kind": "cat"}
    assert sent.headers["Content-Type"] == "application/json"
    form._body.value = '{"name": '
    form._send_button.click()
    assert len(recorder.requests) == 1
    assert "Cannot build the request" in form.result_html and "not valid JSON" in form.result_html
    with pytest.raises(FormError):
        form.send()


def test_form_media_type(site, mock_client, recorder, tokens):
    form = form_for(site, "placeOrder", mock_client, tokens)
    assert form._media_choice.value == "application/x-www-form-urlencoded"
    form._body.value = '{"petId": 7, "quantity": 2}'
    form.send()
    sent = recorder.requests[-1]
    assert sent.content == b"petId=7&quantity=2"
    assert sent.headers["Content-Type"] == "application/x-www-form-urlencoded"
    form._media_choice.value = "application/json"
    assert json.loads(form._body.value) == {"petId": 0}


def test_invalid_parameter_is_shown(site, mock_client, recorder, tokens):
    form = form_for(site, "getPet", mock_client, tokens)
    form._inputs["path:petId"].value = "abc"
    form._send_button.click()
    assert recorder.requests == []
    assert "parameter petId (path)" in form.result_html and "not an integer" in form.result_html


def test_token_goes_to_the_store_and_is_shared_by_the_group(site, mock_client, recorder, tokens):
    form = form_for(site, "listPets", mock_client, tokens)
    other = form_for(site, "createPet", mock_client, tokens)
    public = form_for(site, "getInventory", mock_client, tokens)
    form._token_input.value = "s3cr3t-token"  # as if typed
    assert form._token_input.value == ""  # never held by the widget
    assert form._token_input.get_state()["value"] == ""
    assert other.has_token and "Credentials are set" in other._token_status.value
    other.send()
    assert recorder.requests[-1].headers["Authorization"] == "Bearer s3cr3t-token"
    public.send()
    assert "Authorization" not in recorder.requests[-1].headers  # security: [] gets no token
    for widget in (form, other):
        assert "s3cr3t" not in repr(widget)
        assert all("s3cr3t" not in html.value for html in widget._samples.values())
        assert "$TOKEN" in widget._samples["curl"].value
        assert "s3cr3t" not in widget.result_html
    other._forget.click()
    assert not form.has_token and "No credentials set" in form._token_status.value


def test_401_without_a_token_gets_a_hint(site, tokens):
    with httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(401))) as client:
        form = form_for(site, "listPets", client, tokens)
        form.send()
    assert "401 Unauthorized" in form.result_html and "No credentials are set" in form.result_html


def test_undeclared_server_is_refused(site, mock_client, recorder, tokens):
    form = form_for(site, "listPets", mock_client, tokens, allow=["https://other.test"])
    form._send_button.click()
    assert recorder.requests == []
    assert "Request refused" in form.result_html and "allow=" in form.result_html
    with pytest.raises(RefusedError):
        form.send()


def test_no_declared_server_needs_an_allow_list(mock_client, recorder, tokens):
    from orgdocs.model import from_document
    from orgdocs.site import Site

    document = {"openapi": "3.0.0", "info": {"title": "bare"}, "paths": {"/ping": {"get": {"responses": {}}}}}
    site = Site.from_description(from_document(document))
    form = RequestForm(site, "/api/ping/get-ping", client=mock_client, tokens=tokens)
    form._send_button.click()
    assert "no server URL" in form.result_html  # no server and no base URL
    form._server_url.value = "http://localhost:1234"
    form._send_button.click()
    assert "declares no server" in form.result_html and recorder.requests == []
    allowed = RequestForm(
        site, "/api/ping/get-ping", client=mock_client, tokens=tokens, allow=["http://localhost:1234"]
    )
    allowed._server_url.value = "http://localhost:1234"
    allowed.send()
    assert str(recorder.requests[0].url) == "http://localhost:1234/ping"


def test_relative_server_uses_the_client_base_url(recorder, tokens):
    from orgdocs.model import from_document
    from orgdocs.site import Site

    document = {
        "openapi": "3.0.0",
        "info": {"title": "rel"},
        "servers": [{"url": "/api/v3"}],
        "paths": {"/ping": {"get": {"responses": {}}}},
    }
    site = Site.from_description(from_document(document))
    with httpx.Client(transport=httpx.MockTransport(recorder), base_url="http://testserver") as client:
        form = RequestForm(site, "/api/ping/get-ping", client=client, tokens=tokens)
        form.send()
    assert str(recorder.requests[0].url) == "http://testserver/api/v3/ping"
    bare = RequestForm(site, "/api/ping/get-ping", tokens=tokens)
    with pytest.raises(FormError, match="relative"):
        bare.send()
    assert "relative" in bare.result_html


def test_connection_refused_is_shown(site, tokens):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    with httpx.Client(timeout=5) as client:
        form = form_for(site, "getInventory", client, tokens, allow=[url])
        assert form._server_choice.options[-1][0] == "Other URL…"
        form._server_choice.value = -1
        assert form._variables_box.children == (form._server_url,)
        form._server_url.value = url
        form._send_button.click()
    assert "Connection failed" in form.result_html
    assert isinstance(form.error, httpx.ConnectError)


def test_timeout_is_shown(site, tokens):
    def slow(request):
        raise httpx.ReadTimeout("timed out", request=request)

    with httpx.Client(transport=httpx.MockTransport(slow)) as client:
        form = form_for(site, "getInventory", client, tokens)
        form._send_button.click()
    assert "Timed out" in form.result_html


def test_values_prefill_by_name(site, mock_client, tokens):
    form = form_for(site, "getPet", mock_client, tokens, values={"petId": 42, "unrelated": 1})
    assert form._inputs["path:petId"].value == "42"
    form.set_values({"path:petId": 7})
    assert str(form.request.url).endswith("/pets/7")


# --- against the in-process reference server ------------------------------------------------------------


def test_revoke_an_api_key_on_the_reference_server(orgapi, tokens):
    client, site, demo = orgapi
    form = RequestForm(site, "/api/api-keys/revoke-api-key", client=client, tokens=tokens)
    form.set_values({"organizationId": demo["organization_id"], "apiKeyId": demo["api_key_ids"][1]})
    form._send_button.click()
    assert form.response.status_code == 401 and "No credentials are set" in form.result_html
    form._token_input.value = demo["token"]
    form._send_button.click()
    assert form.response.status_code == 200
    assert form.response.json()["status"] == "revoked"
    assert form.response.request.headers["Authorization"] == f"Bearer {demo['token']}"
    assert "200 OK" in form.result_html and "&quot;status&quot;: &quot;revoked&quot;" in form.result_html
    assert demo["token"] not in form.result_html


def test_list_api_keys_on_the_reference_server(orgapi, tokens):
    client, site, demo = orgapi
    form = RequestForm(
        site,
        "/api/api-keys/list-api-keys",
        client=client,
        tokens=tokens,
        values={"organizationId": demo["organization_id"]},
    )
    form.set_token(demo["token"])
    form._inputs["query:limit"].value = "2"
    response = form.send()
    assert response.status_code == 200 and len(response.json()["data"]) == 2
    form._inputs["query:limit"].value = "500"
    assert form.send().status_code == 400
    assert "400 Bad Request" in form.result_html and "problem" in form.result_html


def test_a_path_parameter_needs_a_value(site, mock_client, recorder, tokens):
    form = form_for(site, "getPet", mock_client, tokens)
    form._inputs["path:petId"].value = ""
    assert "/pets/{petId}" in form._samples["curl"].value  # the preview shows what is missing
    form._send_button.click()
    assert recorder.requests == [] and "petId is required" in form.result_html


def test_a_form_from_an_operation_and_its_description(description, mock_client, recorder, tokens):
    form = RequestForm(
        description.operation("getPet"), description=description, client=mock_client, tokens=tokens
    )
    form.set_values({"petId": 5})
    form.send()
    assert str(recorder.requests[0].url) == "https://api.pets.test/v1/pets/5"


CONTENT = Path(__file__).resolve().parents[1] / "data" / "param-content.yaml"


def test_content_parameters_are_sent_as_one_text_each(mock_client, recorder, tokens):
    description = orgdocs.load(CONTENT)
    form = RequestForm(
        description.operation("findItems"), description=description, client=mock_client, tokens=tokens
    )
    # a text input each, prefilled (required ones) with the description's own example as JSON text
    assert [input_spec(p, description).kind for p in description.operation("findItems").parameters] == [
        "content"
    ] * 5
    assert form._inputs["path:sel"].value == '{"ids":[1,2]}'
    assert form._inputs["header:X-Filter"].value == '{"status":"sold"}'
    assert form._inputs["query:filter"].value == "" and form._inputs["query:filter"].placeholder == '{"a":1}'

    # Python values are written as JSON; a string is the text itself
    form.set_values({"q": [1, 2], "filter": {"a": 1}, "note": "a,b c", "X-Filter": '{"s": 1}'})
    assert form._inputs["query:q"].value == "[1,2]"
    form.send()
    sent = recorder.requests[-1]
    assert str(sent.url) == (
        "https://api.example.test/v1/items/%7B%22ids%22%3A%5B1%2C2%5D%7D"
        "?q=%5B1%2C2%5D&filter=%7B%22a%22%3A1%7D&note=a%2Cb%20c"
    )
    assert sent.headers["X-Filter"] == '{"s": 1}'
    assert "-H 'X-Filter: {\"s\": 1}'" in form.samples["curl"]

    # what the site's form (the notebook view) hands over is the typed text, sent as typed
    apply_state(form, {"values": {"query:q": "[3, 4]", "path:sel": "[5]", "query:filter": ""}})
    form.send()
    assert str(recorder.requests[-1].url) == (
        "https://api.example.test/v1/items/%5B5%5D?q=%5B3%2C%204%5D&note=a%2Cb%20c"
    )

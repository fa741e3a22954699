"""RequestForm: its state (set from Python or by the view) -> the request sent; its plain functions first."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

import orgdocs
from orgdocs.model import Server, ServerVariable, from_document
from orgdocs.render.widgets._form_bridge import apply_state
from orgdocs.render.widgets._request_form import (
    FormError,
    RefusedError,
    RequestForm,
    allowed_server,
    input_spec,
    parse_input,
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


def test_a_clients_base_that_never_resolves_is_allowed_where_a_mock_answers():
    # nothing sent under .invalid reaches anyone over a network (RFC 6761): orgdocs.mock_client's base
    mock = "http://mock.invalid"
    assert allowed_server("http://mock.invalid/v1", [], base_url=mock)
    assert allowed_server("http://mock.invalid", [Server("https://api.pets.test/v1")], [], base_url=mock)
    assert not allowed_server("http://mock.invalid/v1", [])  # not the client's: a proxy would still see it
    assert not allowed_server("http://mock.invalid.evil.test/v1", [], base_url=mock)
    assert not allowed_server("http://evil.test/mock.invalid", [], base_url=mock)
    assert not allowed_server(
        "http://evil.test/", [], base_url="http://evil.test"
    )  # a real base: declared only


def test_a_description_without_servers_is_tried_on_its_mock():
    document = {
        "openapi": "3.0.3",
        "info": {"title": "pets", "version": "1"},
        "paths": {
            "/pets": {
                "get": {
                    "operationId": "listPets",
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {
                                "application/json": {"schema": {"type": "array", "items": {"type": "string"}}}
                            },
                        }
                    },
                }
            }
        },
    }
    description = from_document(document, "pets.json")
    with pytest.raises(FormError, match=r"client=orgdocs\.mock_client\(api\)"):  # said where it fails
        RequestForm(description.operation("listPets")).send()
    form = RequestForm(description.operation("listPets"), client=orgdocs.mock_client(description))
    assert form.send().status_code == 200 and form.check().empty


# --- the form -------------------------------------------------------------------------------------------


def form_for(site, operation, client, tokens, **kwargs):
    route = next(r for r, e in site.operations.items() if e.operation.operation_id == operation)
    return RequestForm(site, route, client=client, tokens=tokens, **kwargs)


def test_builds_without_a_kernel_and_prefills(site, mock_client, tokens):
    form = form_for(site, "createPet", mock_client, tokens)
    # a generated body starts from the required fields only: nobody sends a skeleton of "string" by mistake
    assert json.loads(form.state.body) == {"name": "Rex"}
    form.use_example(full=True)
    assert json.loads(form.state.body) == {"name": "Rex", "kind": "dog"}  # every field; readOnly id left out
    form.use_example(full=False)
    assert json.loads(form.state.body) == {"name": "Rex"}
    assert form.state.server == 0 and form.server_url == "https://api.pets.test/v1"
    assert form.credential_fields == [("bearer", "value")]  # the description declares an http bearer scheme
    assert "Create a pet" not in repr(form) and "POST /pets" in repr(form)
    get_pet = form_for(site, "getPet", mock_client, tokens)
    assert get_pet.state.values["path:petId"] == ""  # no declared example: nothing made up
    assert get_pet._specs[0].hint == 0  # a generated one is only a hint
    public = form_for(site, "getInventory", mock_client, tokens)
    assert public.credential_fields == []  # security: [] takes none


def test_a_form_is_one_python_object_and_no_widget(site, mock_client, tokens):
    import ipywidgets
    from ipywidgets.widgets.widget import _instances

    before = len(_instances)
    form = form_for(site, "listPets", mock_client, tokens)
    assert not isinstance(form, ipywidgets.Widget)
    assert len(_instances) == before  # no hidden models: the view is made when displayed


def test_fill_values_and_send(site, mock_client, recorder, tokens):
    form = form_for(site, "listPets", mock_client, tokens)
    form.set_values({"limit": "5", "status": "sold", "verbose": True, "tags": "a,b c", "X-Trace": "t-1"})
    assert (
        str(form.request.url)
        == "https://api.pets.test/v1/pets?limit=5&status=sold&verbose=true&tags=a&tags=b%20c"
    )
    form.send()
    (sent,) = recorder.requests
    assert sent.method == "GET"
    assert str(sent.url) == str(form.request.url)
    assert sent.headers["X-Trace"] == "t-1"
    assert "Authorization" not in sent.headers
    assert form.response.status_code == 200 and form.response.json() == {"ok": True}


def test_code_samples_follow_the_state(site, mock_client, tokens):
    form = form_for(site, "listPets", mock_client, tokens)
    assert "limit=" not in form.samples["curl"]
    form.set_values({"limit": "3"})
    assert all("limit=3" in form.samples[language] for language in ("curl", "python", "javascript"))
    form.set_values({"limit": "three"})
    with pytest.raises(FormError, match="not an integer"):
        form.samples  # noqa: B018


def test_server_variables(site, mock_client, recorder, tokens):
    form = form_for(site, "listPets", mock_client, tokens)
    form.choose_server(1)
    assert form.state.variables == {"region": "eu", "base": "v2"}  # the declared defaults
    with pytest.raises(FormError, match="one of eu, us"):
        form.set_server_variables(region="mars")
    form.set_server_variables(region="us", base="v3")
    assert form.server_url == "https://us.pets.test/v3"
    form.send()
    assert str(recorder.requests[0].url) == "https://us.pets.test/v3/pets"


def test_json_body_is_sent_and_invalid_json_is_refused(site, mock_client, recorder, tokens):
    form = form_for(site, "createPet", mock_client, tokens)
    form.set_body({"name": "Tom", "kind": "cat"})
    form.send()
    sent = recorder.requests[-1]
    assert json.loads(sent.content) == {"name": "Tom", "kind": "cat"}
    assert sent.headers["Content-Type"] == "application/json"
    form.set_body('{"name": ')
    with pytest.raises(FormError, match="not valid JSON"):
        form.send()
    assert len(recorder.requests) == 1 and isinstance(form.error, FormError)


def test_form_media_type(site, mock_client, recorder, tokens):
    form = form_for(site, "placeOrder", mock_client, tokens)
    assert form.state.media_type == "application/x-www-form-urlencoded"
    form.use_example(full=True)  # a form-urlencoded body is its text as sent, as on the site's form
    assert form.state.body == "petId=0&quantity=0"
    form.set_body({"petId": 7, "quantity": 2})
    assert form.state.body == "petId=7&quantity=2"
    form.send()
    sent = recorder.requests[-1]
    assert sent.content == b"petId=7&quantity=2"
    assert sent.headers["Content-Type"] == "application/x-www-form-urlencoded"
    form.set_body("petId=8")  # text is sent as it is
    form.send()
    assert recorder.requests[-1].content == b"petId=8"
    form.choose_media_type("application/json")
    assert json.loads(form.state.body) == {}  # no field is required
    form.use_example()
    assert json.loads(form.state.body) == {"petId": 0}
    with pytest.raises(FormError, match="not a media type"):
        form.choose_media_type("text/csv")


def test_invalid_parameter_is_refused(site, mock_client, recorder, tokens):
    form = form_for(site, "getPet", mock_client, tokens)
    form.set_values({"petId": "abc"})
    with pytest.raises(FormError, match=r"parameter petId \(path\).*not an integer"):
        form.send()
    assert recorder.requests == []


def test_token_goes_to_the_store_and_is_shared_by_the_api(site, mock_client, recorder, tokens):
    form = form_for(site, "listPets", mock_client, tokens)
    other = form_for(site, "createPet", mock_client, tokens)
    public = form_for(site, "getInventory", mock_client, tokens)
    form.set_credential("bearer", "s3cr3t-token")
    assert other.has_token and other.kept_credentials() == ["bearer:value"]
    other.send()
    assert recorder.requests[-1].headers["Authorization"] == "Bearer s3cr3t-token"
    public.send()
    assert "Authorization" not in recorder.requests[-1].headers  # security: [] gets no token
    for each in (form, other):
        assert "s3cr3t" not in repr(each) and "s3cr3t" not in repr(each.state)
        assert all("s3cr3t" not in sample for sample in each.samples.values())
        assert "$TOKEN" in each.samples["curl"]
    other.clear_token()
    assert not form.has_token and form.kept_credentials() == []


def test_undeclared_server_is_refused(site, mock_client, recorder, tokens):
    form = form_for(site, "listPets", mock_client, tokens, allow=["https://other.test"])
    with pytest.raises(RefusedError, match="allow="):
        form.send()
    assert recorder.requests == []


def test_no_declared_server_needs_an_allow_list(mock_client, recorder, tokens):
    from orgdocs.model import from_document
    from orgdocs.project import Site

    document = {"openapi": "3.0.0", "info": {"title": "bare"}, "paths": {"/ping": {"get": {"responses": {}}}}}
    site = Site.from_description(from_document(document))
    form = RequestForm(site, "/api/ping/get-ping", client=mock_client, tokens=tokens)
    with pytest.raises(FormError, match="no server URL"):  # no server and no base URL
        form.send()
    form.set_server_url("http://localhost:1234")
    with pytest.raises(RefusedError, match="declares no server"):
        form.send()
    assert recorder.requests == []
    allowed = RequestForm(
        site, "/api/ping/get-ping", client=mock_client, tokens=tokens, allow=["http://localhost:1234"]
    )
    allowed.set_server_url("http://localhost:1234")
    allowed.send()
    assert str(recorder.requests[0].url) == "http://localhost:1234/ping"


def test_relative_server_uses_the_client_base_url(recorder, tokens):
    from orgdocs.model import from_document
    from orgdocs.project import Site

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


def test_connection_refused_is_raised_and_kept(site, tokens):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    with httpx.Client(timeout=5) as client:
        form = form_for(site, "getInventory", client, tokens, allow=[url])
        form.set_server_url(url)
        assert form.state.server == -1  # the typed URL, not a declared server
        with pytest.raises(httpx.ConnectError):
            form.send()
    assert isinstance(form.error, httpx.ConnectError) and form.response is None


def test_values_prefill_by_name(site, mock_client, tokens):
    form = form_for(site, "getPet", mock_client, tokens, values={"petId": 42, "unrelated": 1})
    assert form.state.values["path:petId"] == "42"
    form.set_values({"path:petId": 7})
    assert str(form.request.url).endswith("/pets/7")


# --- against the in-process reference server ------------------------------------------------------------


def test_revoke_an_api_key_on_the_reference_server(orgapi, tokens):
    client, site, demo = orgapi
    form = RequestForm(site, "/api/api-keys/revoke-api-key", client=client, tokens=tokens)
    form.set_values({"organizationId": demo["organization_id"], "apiKeyId": demo["api_key_ids"][1]})
    assert form.send().status_code == 401
    form.set_credential("BearerAuth", demo["token"])
    assert form.send().status_code == 200
    assert form.response.json()["status"] == "revoked"
    assert form.response.request.headers["Authorization"] == f"Bearer {demo['token']}"


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
    form.set_values({"limit": 2})
    response = form.send()
    assert response.status_code == 200 and len(response.json()["data"]) == 2
    form.set_values({"limit": 500})
    assert form.send().status_code == 400
    assert form.response.headers["content-type"].startswith("application/problem+json")


def test_a_path_parameter_needs_a_value(site, mock_client, recorder, tokens):
    form = form_for(site, "getPet", mock_client, tokens)
    form.set_values({"petId": None})
    assert "/pets/{petId}" in form.samples["curl"]  # the preview shows what is missing
    with pytest.raises(FormError, match="petId is required"):
        form.send()
    assert recorder.requests == []


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
    assert form.state.values["path:sel"] == '{"ids":[1,2]}'
    assert form.state.values["header:X-Filter"] == '{"status":"sold"}'
    hint = next(spec.hint for spec in form._specs if spec.key == "query:filter")
    assert form.state.values["query:filter"] == "" and hint == '{"a":1}'

    # Python values are written as JSON; a string is the text itself
    form.set_values({"q": [1, 2], "filter": {"a": 1}, "note": "a,b c", "X-Filter": '{"s": 1}'})
    assert form.state.values["query:q"] == "[1,2]"
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


def test_an_enum_input_takes_a_member_by_its_text():
    from orgdocs.project._inputs import InputKind
    from orgdocs.render.widgets._form_inputs import InputSpec, input_value

    spec = InputSpec("query:size", "size", "query", InputKind("enum", "integer", (1, 2, 3)))
    assert input_value(spec, "3") == 3  # what the site's form sends in a notebook view
    assert input_value(spec, 2) == 2 and input_value(spec, "4") is None


FIRST_FORM = """\
import sys, time
import orgdocs
from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.widgets import RequestForm

api = orgdocs.load(DESCRIPTION_PATH)
assert "jsonschema" not in sys.modules
form = RequestForm(api.operation("listApiKeys"), client=orgdocs.mock_client(api))
deadline = time.monotonic() + 30
while "referencing.jsonschema" not in sys.modules and time.monotonic() < deadline:
    time.sleep(0.05)
print(sorted(m for m in ("jsonschema", "referencing.jsonschema") if m in sys.modules))
print(form.response)
"""


def test_a_first_form_readies_the_answer_checker_before_its_first_send():
    """What checks answers (jsonschema, slow to import) is imported while the reader fills the first form, so
    that the first Send's elapsed time and its answer do not wait for it. A new interpreter: this one has it."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FORM], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.splitlines() == ["['jsonschema', 'referencing.jsonschema']", "None"]

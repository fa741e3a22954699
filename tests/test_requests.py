"""Form values -> HTTP request (``orgdocs.project._requests``), and the request httpx really sends."""

from __future__ import annotations

import json

import httpx
import pytest

from orgdocs.model._objects import MediaType, Operation, Parameter, RequestBody
from orgdocs.project._parameter_values import content_text, declared_value
from orgdocs.project._requests import RequestParts, build_request, to_httpx
from orgdocs.project._servers import join_url
from orgdocs.project._value_text import encode


def operation(path="/items", method="get", parameters=(), body=None) -> Operation:
    return Operation(
        method=method,
        path=path,
        pointer="#/paths/x/" + method,
        parameters=list(parameters),
        request_body=RequestBody(content=body) if body is not None else None,
    )


def build(op: Operation, values=None, server="https://api.example.com", **kwargs) -> RequestParts:
    return build_request(op, server_url=server, values=values or {}, **kwargs)


# --- path -------------------------------------------------------------------------------------------------


def test_path_values_are_substituted_and_percent_encoded():
    op = operation(
        "/orgs/{org}/files/{name}",
        parameters=[Parameter("org", "path", True), Parameter("name", "path", True)],
    )
    parts = build(op, {"org": "acme", "name": "my dir/a file é?#"})
    assert parts.url == "https://api.example.com/orgs/acme/files/my%20dir%2Fa%20file%20%C3%A9%3F%23"
    assert parts.method == "GET"


def test_missing_path_values_keep_the_placeholder():
    op = operation(
        "/orgs/{org}/keys/{key}", parameters=[Parameter("org", "path", True), Parameter("key", "path", True)]
    )
    assert build(op, {"org": "acme", "key": ""}).url == "https://api.example.com/orgs/acme/keys/{key}"


def test_path_styles():
    def url(value, **style):
        op = operation("/x/{id}", parameters=[Parameter("id", "path", True, **style)])
        return build(op, {"id": value}, server="").url

    assert url([1, 2, "a b"]) == "/x/1,2,a%20b"
    assert url({"role": "admin", "n": 5}) == "/x/role,admin,n,5"
    assert url({"role": "admin", "n": 5}, explode=True) == "/x/role=admin,n=5"
    assert url("v", style="label") == "/x/.v"
    assert url([1, 2], style="label") == "/x/.1,2"
    assert url("v", style="matrix") == "/x/;id=v"
    assert url([1, 2], style="matrix", explode=True) == "/x/;id=1;id=2"
    assert url(True) == "/x/true"
    assert url(2.0) == "/x/2"


# --- query ------------------------------------------------------------------------------------------------


def test_query_in_parameter_order_and_empty_optional_values_left_out():
    op = operation(
        parameters=[
            Parameter("b", "query"),
            Parameter("a", "query"),
            Parameter("empty", "query"),
            Parameter("none", "query"),
            Parameter("nothing", "query"),
            Parameter("flag", "query"),
        ]
    )
    parts = build(op, {"a": "x y&z=1", "b": 10, "empty": "", "none": None, "nothing": [], "flag": False})
    assert parts.url == "https://api.example.com/items?b=10&a=x%20y%26z%3D1&flag=false"


def test_array_query_parameters():
    def query(value, **style):
        op = operation(parameters=[Parameter("tag", "query", **style)])
        return build(op, {"tag": value}, server="").url.partition("?")[2]

    assert query(["a", "b c"]) == "tag=a&tag=b%20c"  # form, exploded by default
    assert query(["a", "b"], explode=False) == "tag=a,b"
    assert query(["a", "b"], style="spaceDelimited", explode=False) == "tag=a%20b"
    assert query(["a", "b"], style="pipeDelimited", explode=False) == "tag=a|b"
    assert query({"x": 1, "y": "z"}) == "x=1&y=z"
    assert query({"x": 1, "y": "z"}, explode=False) == "tag=x,1,y,z"
    assert query({"x": 1}, style="deepObject", explode=True) == "tag%5Bx%5D=1"


# --- values by location -----------------------------------------------------------------------------------


def test_values_keyed_by_location_when_names_repeat():
    op = operation(
        "/things/{id}",
        parameters=[Parameter("id", "path", True), Parameter("id", "header"), Parameter("id", "query")],
    )
    parts = build(op, {"path:id": "p", "header:id": "h", "id": "q"})
    assert parts.url == "https://api.example.com/things/p?id=q"
    assert parts.headers == [("id", "h")]


def test_declared_value_reads_the_parameter_then_its_content_then_the_schema():
    def declared(**fields):
        return declared_value(Parameter("q", "query", **fields), lambda ref: {"value": "by ref"})

    entries = {"first": {"summary": "no value"}, "second": {"$ref": "#/components/examples/x"}}
    assert declared(example=None, has_example=True, examples=entries) == (True, None)  # an explicit null
    assert declared(examples=entries) == (True, "by ref")
    media = MediaType("application/json", example={"a": 1}, has_example=True)
    assert declared(content=[media]) == (True, {"a": 1})
    # the content's explicit ``example: null`` prefills nothing: its examples, then its schema, are read
    media = MediaType("application/json", schema={"default": 2}, has_example=True, examples=entries)
    assert declared(content=[media]) == (True, "by ref")
    media = MediaType("application/json", schema={"default": 2}, has_example=True)
    assert declared(content=[media]) == (True, 2)


# --- content parameters -----------------------------------------------------------------------------------


def content_param(name, location, media_type="application/json", **fields) -> Parameter:
    """A parameter declared with ``content`` (an array schema: what ``style`` would split, and must not)."""
    schema = {"type": "array", "items": {"type": "integer"}}
    return Parameter(name, location, location == "path", content=[MediaType(media_type, schema)], **fields)


def test_a_json_content_query_parameter_is_one_percent_encoded_json_text():
    op = operation(parameters=[content_param("q", "query"), content_param("filter", "query")])

    def query(values):
        return build(op, values).url.partition("?")[2]

    assert query({"q": [1, 2]}) == "q=%5B1%2C2%5D"
    assert query({"filter": {"a": 1}}) == "filter=%7B%22a%22%3A1%7D"  # the name is kept
    assert query({"q": "[1, 2]"}) == "q=%5B1%2C%202%5D"  # a string is the text, sent as typed
    assert query({"q": 3.0, "filter": True}) == "q=3&filter=true"
    assert query({"q": [], "filter": ""}) == ""  # no value: left out
    # style and explode, had the description given them, do not split it either
    op = operation(parameters=[content_param("q", "query", style="deepObject", explode=True)])
    assert build(op, {"q": {"a": [1]}}).url.endswith("?q=%7B%22a%22%3A%5B1%5D%7D")


def test_content_parameters_in_path_header_and_cookie():
    op = operation(
        "/items/{sel}",
        parameters=[
            content_param("sel", "path"),
            content_param("X-Filter", "header"),
            content_param("prefs", "cookie"),
        ],
    )
    parts = build(op, {"sel": {"ids": [1, 2]}, "X-Filter": {"a": "b c"}, "prefs": [1, 2]})
    assert parts.url == "https://api.example.com/items/%7B%22ids%22%3A%5B1%2C2%5D%7D"
    assert parts.headers == [("X-Filter", '{"a":"b c"}'), ("Cookie", "prefs=[1,2]")]
    assert build(op, {"sel": "[1,2]"}).url == "https://api.example.com/items/%5B1%2C2%5D"


def test_a_content_parameter_of_another_media_type_is_its_text():
    op = operation(
        parameters=[content_param("q", "query", "text/plain"), content_param("X-Q", "header", "text/plain")]
    )
    parts = build(op, {"q": "a,b c/d", "X-Q": "a,b"})
    assert parts.url == "https://api.example.com/items?q=a%2Cb%20c%2Fd"
    assert parts.headers == [("X-Q", "a,b")]
    # a value that is not text yet is written as text_of writes it, still one value under its name
    assert build(op, {"q": [1, 2], "X-Q": {"a": 1}}).url.endswith("?q=%5B1%2C2%5D")
    assert build(op, {"X-Q": {"a": 1}}).headers == [("X-Q", '{"a":1}')]


def test_content_text_writes_a_declared_value_in_its_media_type():
    assert content_text(content_param("q", "query"), [1, 2.0]) == "[1,2]"
    assert content_text(content_param("q", "query"), "abc") == '"abc"'  # a JSON string
    assert content_text(content_param("q", "query"), None) == ""  # an explicit null is no value
    assert content_text(content_param("q", "query", "text/plain"), "abc") == "abc"
    assert content_text(content_param("q", "query", "application/vnd.x+json"), {"é": 1}) == '{"é":1}'


# --- headers ----------------------------------------------------------------------------------------------


def test_header_order_params_then_content_type_then_authorization():
    op = operation(
        method="post",
        parameters=[
            Parameter("X-Request-Id", "header"),
            Parameter("Accept", "header"),  # ignored, as OpenAPI says
            Parameter("session", "cookie"),
            Parameter("theme", "cookie"),
            Parameter("X-Tags", "header"),
        ],
        body=[MediaType("application/json", schema={"type": "object"})],
    )
    parts = build(
        op,
        {
            "X-Request-Id": "r1",
            "Accept": "text/html",
            "session": "abc",
            "theme": "dark",
            "X-Tags": ["a", "b"],
        },
        body={"a": 1},
        token="tok",
    )
    assert parts.headers == [
        ("X-Request-Id", "r1"),
        ("X-Tags", "a,b"),
        ("Cookie", "session=abc; theme=dark"),
        ("Content-Type", "application/json"),
        ("Authorization", "Bearer tok"),
    ]


def test_no_token_no_authorization():
    assert build(operation()).headers == []


# --- server joining ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("server", "path", "url"),
    [
        ("https://api.example.com/v1/", "/pets", "https://api.example.com/v1/pets"),
        ("https://api.example.com/v1", "/pets", "https://api.example.com/v1/pets"),
        ("https://api.example.com", "pets", "https://api.example.com/pets"),
        ("/v1", "/pets", "/v1/pets"),
        ("/", "/pets", "/pets"),
        ("", "/pets", "/pets"),
    ],
)
def test_server_joining(server, path, url):
    assert join_url(server, path) == url
    assert build(operation(path), server=server).url == url


# --- body -------------------------------------------------------------------------------------------------


def resolver(document):
    def resolve(ref):
        node = document
        for token in ref.removeprefix("#/").split("/"):
            node = node[token]
        return node

    return resolve


def test_body_defaults_to_the_generated_request_example():
    document = {
        "components": {
            "schemas": {
                "Key": {"properties": {"id": {"type": "string", "readOnly": True}, "n": {"type": "integer"}}}
            }
        }
    }
    op = operation(
        method="post", body=[MediaType("application/json", schema={"$ref": "#/components/schemas/Key"})]
    )
    parts = build(op, resolve=resolver(document))
    assert parts.body == '{\n  "n": 0\n}'
    assert parts.media_type == "application/json"
    assert ("Content-Type", "application/json") in parts.headers


def test_body_uses_the_media_type_own_example_without_resolver():
    op = operation(
        method="post", body=[MediaType("application/json", example={"name": "x"}, has_example=True)]
    )
    assert json.loads(build(op).body) == {"name": "x"}


def test_body_none_sends_nothing():
    op = operation(method="post", body=[MediaType("application/json", schema={"type": "object"})])
    parts = build(op, body=None)
    assert parts.body is None
    assert parts.media_type is None
    assert parts.headers == []


def test_body_text_is_sent_as_it_is():
    op = operation(method="post", body=[MediaType("application/json", schema={"type": "object"})])
    assert build(op, body='{"raw":true}').body == '{"raw":true}'


def test_json_body_pretty_with_integral_floats_as_integers():
    op = operation(method="put", body=[MediaType("application/merge-patch+json")])
    parts = build(op, body={"a": 1.0, "b": [0.5, "é"], "c": None})
    assert parts.body == '{\n  "a": 1,\n  "b": [\n    0.5,\n    "é"\n  ],\n  "c": null\n}'


def test_media_type_choice():
    op = operation(
        method="post",
        body=[
            MediaType(
                "application/json", schema={"type": "object", "properties": {"a": {"type": "integer"}}}
            ),
            MediaType(
                "application/x-www-form-urlencoded",
                schema={"type": "object", "properties": {"a": {"type": "integer"}}},
            ),
        ],
    )
    assert build(op).media_type == "application/json"
    parts = build(op, media_type="application/x-www-form-urlencoded")
    assert parts.body == "a=0"
    assert parts.headers == [("Content-Type", "application/x-www-form-urlencoded")]


def test_form_urlencoded_body():
    op = operation(method="post", body=[MediaType("application/x-www-form-urlencoded")])
    parts = build(op, body={"name": "a b&c", "tags": ["x", "y"], "meta": {"k": 1}, "ok": True})
    assert parts.body == "name=a%20b%26c&tags=x&tags=y&meta=%7B%22k%22%3A1%7D&ok=true"


def test_multipart_body_is_json_text_with_a_note():
    op = operation(method="post", body=[MediaType("multipart/form-data")])
    parts = build(op, body={"file": "<binary>", "name": "report"})
    assert json.loads(parts.body) == {"file": "<binary>", "name": "report"}
    assert "multipart" in parts.note
    assert parts.headers == [("Content-Type", "multipart/form-data")]


def test_body_without_declared_request_body_is_json():
    parts = build(operation(method="post"), body={"a": 1})
    assert parts.media_type == "application/json"
    assert parts.body == '{\n  "a": 1\n}'


def test_no_body_when_none_is_declared_and_none_given():
    parts = build(operation(method="post"))
    assert parts.body is None
    assert parts.headers == []


def test_encode_keeps_only_unreserved_characters():
    assert encode("AZaz09-_.~ /?#[]@!$&'()*+,;=%é") == (
        "AZaz09-_.~%20%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25%C3%A9"
    )


# --- httpx ------------------------------------------------------------------------------------------------


def sent_through(request: httpx.Request) -> httpx.Request:
    """What a server receives when ``request`` is sent (through ``httpx.MockTransport``)."""
    received = []

    def handler(incoming: httpx.Request) -> httpx.Response:
        incoming.read()
        received.append(incoming)
        return httpx.Response(204)

    with httpx.Client(transport=httpx.MockTransport(handler)) as client:
        client.send(request)
    return received[0]


def test_to_httpx_sends_what_the_parts_say():
    op = operation(
        "/orgs/{org}/keys",
        method="post",
        parameters=[Parameter("org", "path", True), Parameter("limit", "query"), Parameter("X-Id", "header")],
        body=[MediaType("application/json")],
    )
    parts = build(op, {"org": "a/b", "limit": 5, "X-Id": "7"}, body={"name": "k"}, token="s3cret")
    received = sent_through(to_httpx(parts))
    assert received.method == "POST"
    assert str(received.url) == "https://api.example.com/orgs/a%2Fb/keys?limit=5"
    assert received.url.raw_path == b"/orgs/a%2Fb/keys?limit=5"
    assert received.headers["X-Id"] == "7"
    assert received.headers["Content-Type"] == "application/json"
    assert received.headers["Authorization"] == "Bearer s3cret"
    assert json.loads(received.content) == {"name": "k"}


def test_to_httpx_sends_multipart_as_form_fields():
    op = operation(method="post", body=[MediaType("multipart/form-data")])
    parts = build(op, body={"name": "report", "tags": ["a", "b"]})
    received = sent_through(to_httpx(parts))
    content_type = received.headers["Content-Type"]
    assert content_type.startswith("multipart/form-data; boundary=")
    body = received.content.decode()
    assert body.count('name="tags"') == 2
    assert 'name="name"\r\n\r\nreport' in body


def test_to_httpx_needs_an_absolute_url():
    with pytest.raises(ValueError, match="absolute"):
        to_httpx(build(operation(), server="/v1"))

"""The static request form's inputs and the request it first shows (``orgdocs.render.site._form``)."""

from __future__ import annotations

from pathlib import Path

import orgdocs
from orgdocs.project._inputs import read_input
from orgdocs.render.site._form import form_fields, initial_request

DATA = Path(__file__).parent / "data"


def test_a_content_parameter_is_a_text_input_of_its_value_in_its_media_type():
    description = orgdocs.load(DATA / "param-content.yaml")
    operation = description.operation("findItems")
    fields = {f.param.name: f for f in form_fields(operation, description.resolve)}
    assert {name: f.kind for name, f in fields.items()} == dict.fromkeys(fields, "content")
    # required ones start with the description's own example; optional ones start empty, the example a hint
    assert (fields["sel"].text, fields["X-Filter"].text) == ('{"ids":[1,2]}', '{"status":"sold"}')
    assert (fields["filter"].text, fields["filter"].placeholder) == ("", '{"a":1}')
    assert fields["q"].media_type == "application/json" and fields["note"].media_type == "text/plain"
    assert read_input(fields["q"].input, "[1, 2]") == ("[1, 2]", "")  # the text is the value, sent as typed
    parts, samples = initial_request(operation, list(fields.values()), description.servers, "")
    assert parts.url == "https://api.example.test/v1/items/%7B%22ids%22%3A%5B1%2C2%5D%7D"
    assert parts.headers == [("X-Filter", '{"status":"sold"}')]
    assert '-H \'X-Filter: {"status":"sold"}\'' in samples["curl"]

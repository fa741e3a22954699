"""The request form of an operation page: its inputs, their first values, and the request they make.

The form is rendered on the server (so the page shows the example request without JavaScript) and
``assets/form-state.js`` reads the same inputs in the browser. Both sides read an input by the rules of
``orgdocs.project._inputs`` (its kind from the parameter's schema, its text as a value); the request and the code
samples come from ``orgdocs.project._requests`` and ``orgdocs.project.samples`` (ported to ``assets/request.js``),
the credential inputs from ``orgdocs.project._security``. Credential inputs are always rendered empty: a
credential lives in the reader's browser only, and the samples show placeholders.

Each kind of input has its element: ``select`` (an enum), ``checkbox`` (a boolean), ``number`` (integer or
number), ``list`` (an array: comma-separated items or a JSON array), ``json`` (an object, as JSON text),
``content`` (a parameter declared with ``content``: a text input holding the value's text in that media type,
sent as it is, ``orgdocs.project.content_text``), else ``text``. Path parameters come first, in the path's order.
Required parameters (and path parameters) start with the value the description declares
(``orgdocs.project.declared_value``), else empty; optional ones start empty (a checkbox as its schema's default, which
sends nothing). The placeholder hint is the declared or generated example.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from orgdocs.loading import follow
from orgdocs.model import Operation, Parameter, Server
from orgdocs.project import (
    InputKind,
    Resolve,
    applied_credentials,
    build_request,
    content_media,
    content_text,
    declared_value,
    default_alternative,
    flow_summary,
    input_kind,
    input_text,
    merged_schema,
    parameter_example,
    path_order,
    placeholder_credentials,
    read_input,
    scheme_inputs,
    scheme_kind,
    security_alternatives,
    server_url,
    target_of,
    text_of,
)
from orgdocs.project.samples import DEFAULT_LANGUAGE, code_samples
from orgdocs.render.site._pretty import pretty_json

__all__ = [
    "FormField",
    "ServerChoice",
    "api_key",
    "body_text",
    "form_fields",
    "initial_request",
    "security_form",
    "server_choices",
]

_ELEMENTS = {  # the element that shows each kind of input (orgdocs.project._inputs); form-state.js reads it back
    "enum": "select",
    "boolean": "checkbox",
    "integer": "number",
    "number": "number",
    "array": "list",
    "object": "json",
    "content": "content",
    "string": "text",
}


@dataclass
class FormField:
    """One parameter input."""

    param: Parameter
    kind: str  # the element: select, checkbox, number, list, json, content, text
    text: str  # the input's first value
    placeholder: str = ""
    options: list[str] = field(default_factory=list)  # for select
    item_type: str = "string"  # how a list's items or a select's options are read; else the input's kind
    step: str = "any"
    minimum: str = ""
    maximum: str = ""
    uuid: bool = False  # ``format: uuid``: the input gets a "generate" button
    media_type: str = ""  # of a content parameter
    input: InputKind = field(default_factory=lambda: InputKind("string"))  # its rules

    @property
    def checked(self) -> bool:
        return self.kind == "checkbox" and self.text == "true"

    @property
    def value(self) -> Any:
        """The input's value; a text that is not of its kind is sent as it is (``read_input``'s lenient
        value): a page built from a description's examples never fails."""
        return read_input(self.input, self.text)[0]


@dataclass
class ServerChoice:
    url: str
    description: str
    variables: list[dict]  # name, default, enum, description


def form_fields(operation: Operation, resolve: Resolve) -> list[FormField]:
    fields = []
    for param in path_order(operation):
        rules = input_kind(param, resolve)
        kind = _ELEMENTS[rules.kind]
        found_value, declared = declared_value(param, resolve)
        try:
            hint = declared if found_value else parameter_example(param, resolve)
        except Exception:  # a hint is a convenience: a schema it cannot read still gets an input
            hint = None
        start = (param.required or param.location == "path") and found_value
        media = content_media(param)
        if media is not None:  # declared values are values; the input holds their text
            text = content_text(param, declared) if start else ""
            hint = None if hint is None else content_text(param, hint)
        elif rules.kind == "boolean" and not start:  # a checkbox starts as its default: unsent
            text = input_text(rules, rules.default)
        else:
            text = input_text(rules, declared) if start else ""
        options = [text_of(v) for v in rules.options]
        if kind == "select" and text not in options:
            text = ""
        placeholder = "" if kind in ("checkbox", "select") else input_text(rules, hint)
        item_type = rules.item_kind if rules.kind in ("array", "enum") else rules.kind
        found = FormField(param, kind, text, placeholder, options, item_type, input=rules)
        found.media_type = media.media_type if media is not None else ""
        if kind in ("text", "number"):
            schema = follow(param.schema, resolve)
            schema = merged_schema(schema, target_of(resolve)) if isinstance(schema, dict) else {}
            found.uuid = kind == "text" and schema.get("format") == "uuid"
            if kind == "number":
                found.step = "1" if rules.kind == "integer" else "any"
                for key in ("minimum", "maximum"):
                    bound = schema.get(key)
                    if isinstance(bound, (int, float)) and not isinstance(bound, bool):
                        setattr(found, key, text_of(bound))
        fields.append(found)
    return fields


def server_choices(servers: list[Server]) -> list[ServerChoice]:
    return [
        ServerChoice(
            server.url,
            # an <option> shows plain text: the Markdown marks of a description would show as they are
            " ".join(server.description.replace("`", "").replace("**", "").split()),
            [
                {"name": name, "default": v.default, "enum": list(v.enum), "description": v.description}
                for name, v in server.variables.items()
            ],
        )
        for server in servers
    ]


def api_key(description: Any) -> str:
    """The key the browser keeps this API's credentials under: a digest of the description's source and its
    declared servers, the notebook's ``credential_scope`` (``orgdocs.render.widgets._request_form``), so that a
    credential typed for one API is never offered to another one, even when both name their scheme
    ``bearerAuth`` in the same group. A digest: the page does not show where the description was read."""
    servers = " ".join(sorted(server.url for server in description.servers))
    scope = f"{description.source} @ {servers}"
    return hashlib.blake2s(scope.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def security_form(requirements: list, schemes: dict[str, dict]) -> dict:
    """The credential part of the form: ``alternatives`` (``{label, schemes}``; one entry per requirement,
    ``security: []`` gives none) and ``schemes`` (every scheme they name, once: ``name``, ``kind``,
    ``inputs``, ``flows``, ``location`` of an apiKey, and whether it is a cookie a browser cannot send)."""
    alternatives = security_alternatives(requirements)
    names: list[str] = []
    for alternative in alternatives:
        names += [n for n in alternative if n not in names]
    found = []
    for name in names:
        scheme = schemes.get(name) or {}
        found.append(
            {
                "name": name,
                "kind": scheme_kind(scheme),
                "type": str(scheme.get("type") or "undeclared"),
                "inputs": scheme_inputs(name, scheme),
                "flows": flow_summary(scheme),
                "cookie": scheme.get("type") == "apiKey" and scheme.get("in") == "cookie",
            }
        )
    return {
        "alternatives": [
            {"label": " and ".join(a) if a else "No credentials", "schemes": a} for a in alternatives
        ],
        "schemes": found,
    }


def body_text(operation: Operation, media_type: str, example: Any) -> str:
    """The body editor's first text for ``media_type``: its ``example`` written the way
    ``orgdocs.project._request_body`` sends a body (a form-urlencoded object as ``key=value&...``, anything else
    but text as indented JSON)."""
    if example is None:
        return ""
    if isinstance(example, str):
        return example
    if media_type.split(";")[0].strip().lower() == "application/x-www-form-urlencoded" and isinstance(
        example, dict
    ):
        parts = build_request(operation, server_url="", values={}, body=example, media_type=media_type)
        return parts.body or ""
    return pretty_json(example)


def initial_request(
    operation: Operation,
    fields: list[FormField],
    servers: list[Server],
    body: str,
    *,
    requirements: list | None = None,
    schemes: dict[str, dict] | None = None,
    description_url: str | None = None,
):
    """(RequestParts, code samples) of the form as first rendered: first server with its defaults (made
    absolute against ``description_url`` where it can be), the fields' first values, ``body`` (the body
    editor's first text), the placeholders of the default security alternative."""
    base = servers[0].resolved_url() if servers else ""
    base = server_url(base, description_url=description_url)
    values = {f"{f.param.location}:{f.param.name}": f.value for f in fields}
    content = operation.request_body.content if operation.request_body else []
    media = content[0].media_type if content else None
    schemes = schemes or {}
    alternatives = security_alternatives(requirements or [])
    credentials: list = []
    if alternatives:
        chosen = alternatives[default_alternative(alternatives, schemes, {})]
        placeholders = placeholder_credentials(chosen, schemes)
        credentials = applied_credentials(chosen, schemes, placeholders)
    parts = build_request(
        operation,
        server_url=base,
        values=values,
        body=body or None,
        media_type=media,
        credentials=credentials,
    )
    return parts, code_samples(parts, languages=(DEFAULT_LANGUAGE,))

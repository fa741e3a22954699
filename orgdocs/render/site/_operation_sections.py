"""The sections of an operation's detail: parameters by location, the request body, the responses (with their
links) and callbacks, each with its schema trees and highlighted examples, as ``operation_context`` gathers them
for the templates (``orgdocs.render.site._operation``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from jinja2.filters import do_striptags, do_truncate
from markupsafe import Markup

from orgdocs.loading import follow
from orgdocs.model import expression_text, kebab, read_callbacks, read_links
from orgdocs.project import RouteTable, operation_dict, operation_examples
from orgdocs.render.site._highlight import highlight
from orgdocs.render.site._markdown import markdown_html
from orgdocs.render.site._pretty import pretty_json
from orgdocs.render.site._templating import environment
from orgdocs.render.site.schema_tree import TreeContext, schema_tree_html, type_label

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = [
    "METHOD_CLASSES",
    "callbacks_section",
    "markdown_markup",
    "parameters_section",
    "request_body_section",
    "response_anchor",
    "response_examples",
    "response_links",
    "responses_section",
]

METHOD_CLASSES = frozenset(("get", "put", "post", "delete", "options", "head", "patch", "trace"))
LOCATIONS = (
    ("path", "Path parameters"),
    ("query", "Query parameters"),
    ("header", "Headers"),
    ("cookie", "Cookies"),
)
MAX_EXAMPLE_CHARS = 20_000  # a longer example is cut on the page (the payload keeps all of it)


def markdown_markup(text: Any) -> Markup:
    return Markup(markdown_html(text)) if isinstance(text, str) and text else Markup("")


def _example_text(value: Any, *, inline: bool = False) -> Markup:
    """An example as the highlighted content of a ``<pre><code>`` (JSON unless it is a string); ``inline``:
    plain, for a short ``<code>`` in a line of text."""
    language = "text" if isinstance(value, str) or inline else "json"
    text = value if isinstance(value, str) else pretty_json(value, limit=MAX_EXAMPLE_CHARS + 1)
    cut = ""
    if len(text) > MAX_EXAMPLE_CHARS:
        text, cut = text[:MAX_EXAMPLE_CHARS], "\n… (cut: the whole example is in the page data)"
    return Markup(highlight(text, language) + cut)


def response_anchor(status: str) -> str:
    """The id of a response on its page: ``response-404``, ``response-4xx``, ``response-default``."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(status).lower()).strip("-")
    return "response-" + (slug or "other")


def parameters_section(op: dict, resolve, tree: TreeContext) -> list[dict]:
    """The parameters by location."""
    groups = []
    for location, label in LOCATIONS:
        rows = []
        for param in op["parameters"]:
            if param["in"] != location:
                continue
            schema = param["schema"]
            if schema is None and param.get("content"):
                schema = param["content"][0]["schema"]
            type_html, badges, facts = type_label(schema, resolve, tree.cache)
            nested = ""
            if _is_complex(schema, resolve):
                nested = schema_tree_html(schema, resolve, direction="request", context=tree)
            example = param.get("example") if "example" in param else None
            rows.append(
                {
                    "name": param["name"],
                    "required": bool(param["required"]),
                    "deprecated": bool(param["deprecated"]),
                    "type": Markup(type_html),
                    "badges": Markup("".join(badges)),
                    "description": markdown_markup(param["description"]),
                    "facts": Markup(facts),
                    "example": _example_text(example, inline=True) if "example" in param else "",
                    "tree": Markup(nested),
                }
            )
        if rows:
            groups.append({"location": location, "label": label, "params": rows})
    return groups


def _is_complex(schema: Any, resolve) -> bool:
    schema = follow(schema, resolve)
    if not isinstance(schema, dict):
        return False
    items = schema.get("items")
    return bool(
        schema.get("properties")
        or any(k in schema for k in ("oneOf", "anyOf", "allOf"))
        or (isinstance(items, dict) and _is_complex(items, resolve) if isinstance(items, dict) else False)
    )


def _media(
    content: list[dict], examples: dict, direction: str, resolve, tree: TreeContext, said: Any = ""
) -> list[dict]:
    """The media types of a body (``said``: the body's description, which its schema trees do not repeat)."""
    said = said if isinstance(said, str) else ""
    out = []
    for media in content:
        example = examples.get(media["mediaType"])
        schema = media["schema"]
        out.append(
            {
                "media_type": media["mediaType"],
                "tree": Markup(
                    schema_tree_html(schema, resolve, direction=direction, context=tree, said=said)
                )
                if schema is not None
                else Markup(""),
                "example": _example_text(example["value"]) if example is not None else None,
                "generated": bool(example and example.get("generated")),
            }
        )
    return out


def request_body_section(body: dict | None, examples: dict, resolve, tree: TreeContext) -> dict | None:
    if not body:
        return None
    return {
        "required": bool(body["required"]),
        "description": markdown_markup(body["description"]),
        "media": _media(body["content"], examples, "request", resolve, tree, body["description"]),
    }


@functools.lru_cache(maxsize=4096)
def _response_summary(description: Markup) -> str:
    """The line beside a response's status: its description's text, cut at 120 characters (Jinja's
    ``striptags`` and ``truncate``), made once per description ("Not Found" is on hundreds of pages)."""
    return do_truncate(environment(), do_striptags(description), 120)


def _status_class(status: str) -> str:
    return {"1": "info", "2": "success", "3": "redirect", "4": "client-error", "5": "server-error"}.get(
        status[:1], "other"
    )


def responses_section(
    responses: list[dict],
    examples: dict,
    resolve,
    tree: TreeContext,
    links: Callable[[dict], list[dict]],
    anchor_prefix: str = "",
    label_prefix: str = "",
) -> list[dict]:
    """The responses (``links``: ``response_links`` for the page's site and description; ``anchor_prefix`` and
    ``label_prefix``: before each response's id and the name of its link, where they are a callback's)."""
    out = []
    for response in responses:
        status = str(response["status"])
        description = markdown_markup(response["description"])
        summary = _response_summary(description)
        headers = []
        for name, header in (response.get("headers") or {}).items():
            header = follow(header, resolve)
            if not isinstance(header, dict):
                header = {}
            type_html, badges, facts = type_label(header.get("schema"), resolve, tree.cache)
            headers.append(
                {
                    "name": name,
                    "type": Markup(type_html),
                    "badges": Markup("".join(badges)),
                    "description": markdown_markup(header.get("description")),
                    "facts": Markup(facts),
                    "required": header.get("required") is True,
                }
            )
        item = {
            "status": status,
            "anchor": anchor_prefix + response_anchor(status),
            "label": label_prefix + "response " + status,
            "status_class": _status_class(status),
            # a description of one plain sentence is all in the summary beside the status: not said twice
            "description": Markup("") if description == Markup("<p>%s</p>") % summary else description,
            "summary": summary,
            "headers": headers,
            "media": _media(
                response["content"],
                examples.get(status, {}),
                "response",
                resolve,
                tree,
                response["description"],
            ),
            "links": links(response["links"]) if response.get("links") else (),
        }
        out.append(item)
    return out


def response_examples(responses: list[dict]) -> list[dict]:
    """The responses' examples in one list, for the page's column of examples: each with its ``response``,
    its ``media`` and the label of its tab (the status, and the media type where the status has several)."""
    out = []
    for response in responses:
        media = [m for m in response["media"] if m["example"] is not None]
        for m in media:
            tab = response["status"] + (" " + m["media_type"].rpartition("/")[2] if len(media) > 1 else "")
            out.append({"response": response, "media": m, "tab": tab})
    return out


def response_links(raw: dict, *, site: Site, description: Any) -> list[dict]:
    """A response's links, each with the route of its target where the site has that operation."""
    return [
        {
            "name": link.name,
            "operation_id": link.operation_id,
            "operation_ref": link.operation_ref,
            "route": site.operation_route(description, link.operation_id, link.operation_ref),
            "parameters": [(name, expression_text(v)) for name, v in link.parameters.items()],
            "request_body": expression_text(link.request_body) if link.has_request_body else "",
            "server": link.server,
            "description": markdown_markup(link.description),
        }
        for link in read_links(raw, description.resolver)
    ]


def callbacks_section(
    entry: Any, resolve, tree: TreeContext, links: Callable[[dict], list[dict]]
) -> list[dict]:
    """The operations of the operation's callbacks: each with its name, URL expression, method, and the
    request the API sends and the responses it expects, drawn as the operation's own."""
    resolver = entry.description.resolver
    out = []
    anchors = RouteTable()  # a callback's anchor is unique on its page as a route is on its site
    for callback in read_callbacks(entry.operation, resolver):
        operation = callback.operation
        op = operation_dict(operation, [])
        examples = operation_examples(operation, resolve)
        method = operation.method.lower()
        anchor = anchors.claim(f"callback-{kebab(callback.name) or 'callback'}-{method}")
        out.append(
            {
                "name": callback.name,
                "expression": callback.expression,
                "anchor": anchor,
                "method": operation.method.upper(),
                "method_class": method if method in METHOD_CLASSES else "other",
                "title": operation.summary or (operation.operation_id and operation.title),
                "deprecated": operation.deprecated,
                "description": markdown_markup(operation.description),
                "parameters": parameters_section(op, resolve, tree),
                "request_body": request_body_section(op["requestBody"], examples["request"], resolve, tree),
                "responses": responses_section(
                    op["responses"],
                    examples["responses"],
                    resolve,
                    tree,
                    links,
                    anchor_prefix=anchor + "-",
                    label_prefix=f"callback {callback.name} {operation.method.upper()} ",
                ),
            }
        )
    return out

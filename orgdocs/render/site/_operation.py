"""What an operation's detail shows, gathered from its payload and its model objects for the templates.

``operation_context`` turns one operation of a ``Site`` into plain values and pre-rendered HTML fragments
(``Markup``: sanitized Markdown and schema trees); everything else is text that the templates escape. The
static page, the dev server and the notebook's ``OperationView`` all render this same context.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from orgdocs.loading import is_url
from orgdocs.project import PayloadParts, external_docs
from orgdocs.project.samples import DEFAULT_LANGUAGE, LANGUAGES
from orgdocs.render.site._form import (
    api_key,
    body_text,
    form_fields,
    initial_request,
    security_form,
    server_choices,
)
from orgdocs.render.site._highlight import highlight, sample_html
from orgdocs.render.site._markdown import inline_markdown_html
from orgdocs.render.site._operation_sections import (
    METHOD_CLASSES,
    callbacks_section,
    markdown_markup,
    parameters_section,
    request_body_section,
    response_examples,
    response_links,
    responses_section,
)
from orgdocs.render.site.schema_tree import TreeCache, TreeContext

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = [
    "GENERATED_SAMPLES",
    "description_samples",
    "nested_headings",
    "operation_context",
    "operation_neighbours",
    "payload_head",
]

# The sample made from the request form that a page holds (key, label): the default language's. The form's
# script rewrites it live, in the language the reader chose (the others are written from assets/samples.js).
GENERATED_SAMPLES = tuple((key, label) for key, label in LANGUAGES if key == DEFAULT_LANGUAGE)
MAX_DESCRIPTION_SAMPLES = 20  # x-codeSamples shown per operation


_HEADING_TAG = re.compile(r"<(/?)h([1-6])(?=[\s>])")


def nested_headings(html: str, top: int) -> str:
    """``html`` (a description) with its headings moved so that the highest is an ``h<top>``: under the
    page's own heading, as levels that never skip (a description's "# Introduction" below an operation's
    title reads as an h2)."""
    levels = [int(level) for _, level in _HEADING_TAG.findall(html)] if "<h" in html else []
    if not levels or min(levels) == top:
        return html
    shift = top - min(levels)
    return _HEADING_TAG.sub(lambda m: f"<{m[1]}h{min(6, max(1, int(m[2]) + shift))}", html)


def _request_json(parts: Any) -> str:
    """``parts`` as request.js reads a request: JSON (for an attribute, escaped there)."""
    request = {
        "method": parts.method,
        "url": parts.url,
        "headers": [list(header) for header in parts.headers],
        "body": parts.body,
        "mediaType": parts.media_type,
        "variables": list(parts.variables),
    }
    return json.dumps(request, ensure_ascii=False, separators=(",", ":"))


def description_samples(raw: Any) -> list[dict]:
    """The operation's own code samples (``x-codeSamples``, or Redoc's older ``x-code-samples``): each with
    a tab label, the language and the highlighted source; entries without a text source are skipped."""
    samples = raw.get("x-codeSamples") if isinstance(raw, dict) else None
    if not isinstance(samples, list):
        samples = raw.get("x-code-samples") if isinstance(raw, dict) else None
    out = []
    for sample in samples if isinstance(samples, list) else []:
        if not isinstance(sample, dict) or not isinstance(sample.get("source"), str):
            continue
        lang = sample.get("lang") if isinstance(sample.get("lang"), str) else ""
        label = sample.get("label") if isinstance(sample.get("label"), str) and sample["label"] else lang
        out.append(
            {
                "label": label or f"Sample {len(out) + 1}",
                "lang": lang,
                "html": Markup(highlight(sample["source"], lang)),
            }
        )
        if len(out) == MAX_DESCRIPTION_SAMPLES:
            break
    return out


def operation_neighbours(order: list[str], position: dict[str, int], route: str, site: Site) -> dict:
    """The previous and next operations of ``route`` in ``order`` (the navigation's; ``position``: each
    route's index in it): each ``None`` or ``{route, title, method, method_class}``."""
    out: dict = {"previous": None, "next": None}
    index = position.get(route)
    if index is None:
        return out
    for key, other in (("previous", index - 1), ("next", index + 1)):
        if 0 <= other < len(order):
            entry = site.operations[order[other]]
            method = entry.operation.method.lower()
            out[key] = dict(
                {
                    "route": entry.route,
                    "title": entry.title,
                    "method": entry.operation.method.upper(),
                    "method_class": method if method in METHOD_CLASSES else "other",
                }
            )
    return out


def payload_head(parts: PayloadParts) -> dict:
    """The payload of an operation without its ``components``: the values it was made from
    (``PayloadParts.value``), else read from its JSON, whose ``components`` is left empty there. A page needs
    the schemas through ``Description.resolve``, not parsed again from JSON that runs to megabytes on large
    descriptions."""
    if parts.value is not None:
        return parts.value
    head = json.loads(parts.head_json())
    del head["components"]
    return head


def operation_context(
    site: Site,
    route: str,
    *,
    samples: bool = True,
    form: bool = True,
    cache: TreeCache | None = None,
    parts: PayloadParts | None = None,
) -> dict:
    """The template context of the operation at ``route`` (``cache``: schema trees shared by the pages of
    the operation's description; ``parts``: its payload, when already made). ``form``: the request form is
    shown (not on a site's webhook page), so its body editor is made; without it, ``form`` is None."""
    entry = site.operations["/" + route.strip("/")]
    if parts is None:  # what the trees may offer to open in the browser is what the payload holds
        parts = site.payload_parts(entry.route)
    payload = payload_head(parts)
    op = payload["operation"]
    resolve = entry.description.resolve
    tree = TreeContext(
        id_prefix="s" + hashlib.blake2s(entry.route.encode(), digest_size=3).hexdigest() + "-",
        cache=cache or TreeCache(),
    )
    links = functools.partial(response_links, site=site, description=entry.description)
    method = op["method"].lower()
    fields = form_fields(entry.operation, resolve)
    request_examples = payload["examples"]["request"]
    first_media = next(iter(request_examples), None)
    first = request_examples[first_media] if first_media else {}
    webhook = bool(op.get("webhook"))  # sent by the API to the reader's server: no sample sends it
    body = (
        body_text(entry.operation, first_media, first.get("start", first.get("value")))
        if first_media and form
        else ""
    )
    description_url = entry.description.source
    description_url = description_url if is_url(description_url) else ""
    parts, code = initial_request(
        entry.operation,
        fields,
        entry.operation.servers,
        body,
        requirements=op["security"],
        schemes=payload["securitySchemes"],
        description_url=description_url,
    )
    # in reading order: a schema met again on the page is drawn short, its first drawing linked
    parameters = parameters_section(op, resolve, tree)
    request_body = request_body_section(op["requestBody"], payload["examples"]["request"], resolve, tree)
    responses = responses_section(op["responses"], payload["examples"]["responses"], resolve, tree, links)
    return {
        "route": entry.route,
        "group": entry.group,
        "section": entry.section,
        "title": op["title"],
        "method": op["method"],
        "method_class": method if method in METHOD_CLASSES else "other",
        "path": op["path"],
        "operation_id": op["operationId"],
        "tags": op["tags"],
        "deprecated": bool(op["deprecated"]),
        "webhook": webhook,
        "summary": op["summary"] if op["summary"] != op["title"] else "",
        # a webhook's paragraph of a summary (GitHub's), its title being its operationId: read as Markdown
        "summary_html": markdown_markup(op["summary"]) if webhook and op["summary"] != op["title"] else "",
        "description": Markup(nested_headings(markdown_markup(op["description"]), 2)),
        "external_docs": external_docs(entry.operation.raw.get("externalDocs")),
        "parameters": parameters,
        "request_body": request_body,
        "responses": responses,
        "response_examples": response_examples(responses),
        "callbacks": callbacks_section(entry, resolve, tree, links) if op["callbacks"] else [],
        "security": _security(op, payload, declared=bool(entry.description.security_schemes)),
        "servers": [
            {
                "url": s["url"],
                "description": markdown_markup(s["description"]),
                "variables": [
                    {
                        "name": k,
                        "default": v["default"],
                        "enum": v["enum"],
                        "description": Markup(inline_markdown_html(v["description"])),
                    }
                    for k, v in s["variables"].items()
                ],
            }
            for s in payload["servers"]
        ],
        "samples": code,
        "samples_html": {}
        if webhook
        else {key: Markup(sample_html(code[key], key)) for key, _ in GENERATED_SAMPLES if key in code},
        "sample_tabs": [] if webhook else [{"key": k, "label": n} for k, n in GENERATED_SAMPLES],
        "own_samples": description_samples(entry.operation.raw),
        "samples_in_detail": samples and not webhook,
        # without a form beside them (a notebook's OperationView), code.js writes the other languages from this
        "sample_request": _request_json(parts) if samples else "",
        "form": None
        if not form
        else {
            "fields": fields,
            "servers": server_choices(entry.operation.servers),
            "security": security_form(op["security"], payload["securitySchemes"]),
            "api": api_key(entry.description),
            "api_title": entry.description.title,
            "description_url": description_url,
            "media_types": [m["mediaType"] for m in (op["requestBody"] or {}).get("content", [])],
            "body": body,
            # the body starts from the required fields of a generated example: one click fills the rest
            "fuller": any("start" in example for example in request_examples.values()),
            "starts_fuller": first_media is not None and "start" in first,
            "url": parts.url,
            "headers": parts.headers,
            "note": parts.note,
        },
    }


def _scheme_text(scheme: dict | None) -> str:
    if scheme is None:
        return "not declared"
    kind = scheme["type"]
    if kind == "http":
        name = (scheme["scheme"] or "").lower()
        text = "HTTP bearer token" if name == "bearer" else f"HTTP {name or 'authentication'}"
        if scheme.get("bearerFormat"):
            text += f" ({scheme['bearerFormat']})"
        return text
    if kind == "apiKey":
        return f"API key in {scheme['in'] or 'header'} {scheme['parameterName']!s}".strip()
    if kind == "oauth2":
        return "OAuth 2.0 (" + ", ".join(sorted((scheme.get("flows") or {}).keys())) + ")"
    if kind == "openIdConnect":
        return "OpenID Connect"
    if kind == "mutualTLS":
        return "Mutual TLS"
    return str(kind)


def _security(op: dict, payload: dict, *, declared: bool) -> dict:
    """The requirements (any one of them suffices); none at all, where the description declares schemes,
    reads as "no authentication"."""
    schemes = payload["securitySchemes"]
    alternatives = []
    if not op["security"] and declared:
        alternatives.append([{"name": "none", "text": "no authentication", "scopes": [], "description": ""}])
    for requirement in op["security"]:
        if not requirement:
            alternatives.append(
                [{"name": "none", "text": "no authentication", "scopes": [], "description": ""}]
            )
            continue
        alternatives.append(
            [
                {
                    "name": name,
                    "text": _scheme_text(schemes.get(name)),
                    "scopes": list(scopes or []),
                    "description": markdown_markup((schemes.get(name) or {}).get("description")),
                }
                for name, scopes in requirement.items()
            ]
        )
    return {"alternatives": alternatives}

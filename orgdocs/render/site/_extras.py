"""The files of a build besides operation pages and payloads: the search file, landing and section pages,
``404.html``, and what documentation sites now ship for assistants: ``llms.txt`` (the site's pages, one
line each, https://llmstxt.org) and a Markdown twin of each operation page (``<route>/index.md``, written by
the operation's page writer beside its page).

Both hold text, never raw HTML from a description: a reader that renders Markdown with its raw HTML (many do)
would otherwise run what a description hides in a summary or a ``<script>``. Every ``<`` a description puts
in a line or a table cell is written ``&lt;``, and so is every one of a longer text outside its code spans
and fenced blocks (where HTML is text already) and its autolinks (``<https://...>``); names, paths and URLs
are code spans, fenced by more backticks than they hold.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from orgdocs.model import expression_text, read_callbacks, read_links
from orgdocs.project import SEARCH_URL, external_docs, first_sentence, payload_url

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = ["extra_files", "llms_txt", "operation_markdown"]


def extra_files(site: Site, renderer: Any) -> Iterator[tuple[str, str, bool]]:
    """(path below the output folder, text, whether it is an HTML page) of every extra file."""
    yield (
        SEARCH_URL.lstrip("/"),
        json.dumps(site.search_file, ensure_ascii=False, separators=(",", ":")),
        False,
    )
    for route in site.landings:
        yield f"{route.strip('/')}/index.html", renderer.landing(route), True
    for route in site.sections:
        yield f"{route.strip('/')}/index.html", renderer.section(route), True
    yield "404.html", renderer.not_found(), True
    yield "llms.txt", llms_txt(site), False


def _link(text: str, url: str) -> str:
    """A Markdown link whose words stay text (brackets escaped, HTML as ``&lt;``) and whose URL stays one
    destination (written ``<...>``, its spaces and angle brackets percent-encoded)."""
    words = re.sub(r"([\\\[\]])", r"\\\1", _line(text))
    target = re.sub(r"[\s<>]", lambda m: f"%{ord(m.group()):02X}", url)
    return f"[{words}](<{target}>)"


def _line(text: str) -> str:
    """One line of text, its HTML made text (``<`` as ``&lt;``)."""
    return " ".join(text.split()).replace("<", "&lt;")


_FENCE = re.compile(r"(?ms)^( {0,3})(`{3,}|~{3,})[^\n]*\n.*?(?:^ {0,3}\2[`~]*[ \t]*$|\Z)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_AUTOLINK = re.compile(r"<(?:https?|mailto):[^<>\s]*>", re.I)


def _text(markdown: str) -> str:
    """A description's Markdown as it is, but its raw HTML made text: ``<`` becomes ``&lt;`` outside code
    spans, fenced code blocks and autolinks."""
    if "<" not in markdown:
        return markdown
    out, at = [], 0
    for fence in _FENCE.finditer(markdown):
        out.append(_outside_fences(markdown[at : fence.start()]))
        out.append(fence.group(0))
        at = fence.end()
    out.append(_outside_fences(markdown[at:]))
    return "".join(out)


def _outside_fences(text: str) -> str:
    out, at = [], 0
    for code in re.finditer(f"{_CODE_SPAN.pattern}|{_AUTOLINK.pattern}", text, re.S | re.I):
        out.append(text[at : code.start()].replace("<", "&lt;"))
        out.append(code.group(0))
        at = code.end()
    out.append(text[at:].replace("<", "&lt;"))
    return "".join(out)


def llms_txt(site: Site) -> str:
    """``llms.txt``: the site's title, its introduction, and every page, one line each, grouped."""
    lines = [f"# {_line(site.title)}", ""]
    intro = next((d.info.get("description") for d in site.descriptions if d.info.get("description")), "")
    if isinstance(intro, str) and first_sentence(intro):
        lines += [f"> {first_sentence(intro)}", ""]
    lines += ["Every operation page has a Markdown twin at `<page>/index.md`.", ""]
    for group in site.navigation:
        lines.append(f"## {_line(group['group'])}")
        lines.append("")
        if group.get("route"):
            lines.append(
                f"- [{_line(group['group'])}]({group['route'].strip('/')}/): introduction, servers, authentication"
            )
        for section in group["sections"]:
            if section.get("route"):
                entry = site.sections[section["route"]]
                about = first_sentence(entry.description)
                lines.append(
                    f"- [{_line(section['title'])}]({section['route'].strip('/')}/)"
                    + (f": {about}" if about else "")
                )
            for item in section["items"]:
                route = item["route"].strip("/")
                operation = site.operations.get(item["route"])
                if operation is None:
                    lines.append(f"- [{_line(item['title'])}]({route}/)")
                    continue
                op = operation.operation
                about = first_sentence(op.description)
                lines.append(
                    f"- [{_line(item['title'])}]({route}/index.md): {_code(f'{op.method.upper()} {op.path}')}"
                    + (f" {about}" if about else "")
                )
        for listing in site.schema_pages.listings.values():  # the component schemas, each with its page
            if listing.group == group["group"]:
                count = len(listing.routes)
                lines.append(
                    f"- [{_line(listing.title)}]({listing.route.strip('/')}/): {count} component schema"
                    + ("s" if count != 1 else "")
                )
        lines.append("")
    return "\n".join(lines)


def _cell(text: Any) -> str:
    """Text made safe for one cell of a Markdown table."""
    return _line(str(text or "")).replace("|", "\\|")


def _code_cell(text: Any) -> str:
    """A name as a code span in a table cell."""
    return _code(str(text or "")).replace("|", "\\|")


def _schema_type(description: Any, schema: Any) -> str:
    schema = description.deref(schema) if isinstance(schema, dict) else schema
    if not isinstance(schema, dict):
        return ""
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = " or ".join(str(k) for k in kind)
    if kind == "array" and isinstance(schema.get("items"), dict):
        inner = _schema_type(description, schema["items"])
        kind = f"array of {inner}" if inner else "array"
    text = str(kind or "")
    if schema.get("format"):
        text += f" ({schema['format']})"
    return text


def _code(text: str) -> str:
    """``text`` as inline code, fenced by more backticks than it holds in a row."""
    text = " ".join(text.split())
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if "`" in text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _body_lines(body: Any, description: Any) -> list[str]:
    lines = [_text(body.description.strip()), ""] if body.description else []
    for media in body.content:
        kind = _schema_type(description, media.schema)
        ref = media.schema.get("$ref") if isinstance(media.schema, dict) else None
        name = f" `{ref.rsplit('/', 1)[-1]}`" if isinstance(ref, str) else ""
        lines.append(f"- `{media.media_type}`{name}" + (f": {kind}" if kind else ""))
    return [*lines, ""]


def _response_lines(responses: list, description: Any, heading: str) -> list[str]:
    """The responses' table, then the links of those that have some (under ``heading`` headings)."""
    lines = ["| Status | Description | Media types |", "|---|---|---|"]
    for response in responses:
        media = ", ".join(f"`{m.media_type}`" for m in response.content)
        lines.append(
            f"| {_cell(response.status)} | {_cell(first_sentence(response.description))} | {media} |"
        )
    lines.append("")
    for response in responses:
        links = read_links(response.links, description.resolver) if response.links else []
        if links:
            lines += [f"{heading} Links of the {_line(response.status)} response", ""]
        for link in links:
            target = f"operation {_code(link.operation_id)}" if link.operation_id else ""
            target = target or (f"operationRef {_code(link.operation_ref)}" if link.operation_ref else "")
            values = [
                f"parameter {_code(name)} = {_code(expression_text(v))}"
                for name, v in link.parameters.items()
            ]
            if link.has_request_body:
                values.append(f"request body = {_code(expression_text(link.request_body))}")
            about = first_sentence(link.description)
            lines.append(
                f"- {_code(link.name)}"
                + (f": {target}" if target else "")
                + (f" ({', '.join(values)})" if values else "")
                + (f". {about}" if about else "")
            )
        if links:
            lines.append("")
    return lines


def operation_markdown(site: Site, route: str) -> str:
    """The Markdown twin of an operation page: what a reader (or an assistant) needs, in plain Markdown."""
    entry = site.operations[route]
    op, description = entry.operation, entry.description
    lines = [f"# {_line(op.title)}", "", _code(f"{op.method.upper()} {op.path}"), ""]
    if op.deprecated:
        lines += ["**Deprecated.**", ""]
    if op.description:
        lines += [_text(op.description.strip()), ""]
    docs = external_docs(op.raw.get("externalDocs"))
    if docs:
        lines += [f"Documentation: {_link(docs['description'] or docs['url'], docs['url'])}", ""]
    if op.parameters:
        lines += [
            "## Parameters",
            "",
            "| Name | In | Type | Required | Description |",
            "|---|---|---|---|---|",
        ]
        for p in op.parameters:
            lines.append(
                f"| {_code_cell(p.name)} | {p.location} | {_cell(_schema_type(description, p.schema))} | "
                f"{'yes' if p.required else 'no'} | {_cell(p.description)} |"
            )
        lines.append("")
    if op.request_body is not None:
        lines += ["## Request body", "", *_body_lines(op.request_body, description)]
    if op.responses:
        lines += ["## Responses", "", *_response_lines(op.responses, description, "###")]
    callbacks = read_callbacks(op, description.resolver) if op.callbacks else []
    if callbacks:
        lines += ["## Callbacks", "", "Requests the API sends to you, at the URL each names.", ""]
    for callback in callbacks:
        call = callback.operation
        lines += [f"### {_line(callback.name)}: {_code(call.method.upper() + ' ' + callback.expression)}", ""]
        if call.deprecated:
            lines += ["**Deprecated.**", ""]
        if call.summary:
            lines += [_line(call.summary), ""]
        if call.description:
            lines += [_text(call.description.strip()), ""]
        if call.request_body is not None:
            lines += ["Request body:", "", *_body_lines(call.request_body, description)]
        if call.responses:
            lines += ["Responses:", "", *_response_lines(call.responses, description, "####")]
    security = description.security_for(op)
    if security:
        lines += ["## Security", ""]
        for requirement in security:
            names = " and ".join(
                _code(name) + (f" (scopes: {_line(', '.join(map(str, scopes)))})" if scopes else "")
                for name, scopes in requirement.items()
            )
            lines.append(f"- {names or 'none'}")
        lines.append("")
    if op.servers:
        lines += ["## Servers", ""] + [f"- {_code(server.url)}" for server in op.servers] + [""]
    payload = payload_url(route).lstrip("/")
    depth = "../" * len([p for p in route.strip("/").split("/") if p])
    lines += [f"HTML page: [./](./) · JSON payload: [{payload}]({depth}{payload})", ""]
    return "\n".join(lines)

"""The Jinja2 environment of the site's templates (autoescape on), an nbconvert-style template folder.

``templates/orgdocs/`` holds ``conf.json`` and the templates, so that the nbconvert exporter can put the folder
on its template path and extend them. Every template name starts with ``site_`` or ``operation_`` so it never
shadows one of nbconvert's own (``base.html.j2``, ``index.html.j2``).

The templates are not indented: indentation outside a tag reaches every page (a share of every operation
page). Where a block tag ends a line and its newline is the only space between two words of the page, it
keeps that newline with ``+%}`` (``trim_blocks`` drops it otherwise).
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

__all__ = [
    "ASSETS",
    "PAYLOAD_SLOT",
    "TEMPLATE_FOLDER",
    "EmbeddedLater",
    "anchor",
    "environment",
    "inline_script",
    "inline_script_source",
    "json_script",
    "json_script_bytes",
]

HERE = Path(__file__).resolve().parent
TEMPLATE_FOLDER = HERE / "templates" / "orgdocs"
ASSETS = HERE / "assets"

_SCRIPT_ESCAPES = (
    ("<", "\\u003c"),
    (">", "\\u003e"),
    ("&", "\\u0026"),
    ("\u2028", "\\u2028"),
    ("\u2029", "\\u2029"),
)


_SCRIPT_ESCAPES_UTF8 = tuple((char.encode(), escaped.encode()) for char, escaped in _SCRIPT_ESCAPES)

# Where ``json_script`` puts an ``EmbeddedLater`` payload: a comment no escaped text can contain.
PAYLOAD_SLOT = "<!--orgdocs:payload-->"


class EmbeddedLater(str):
    """Payload JSON that the caller embeds itself: ``json_script`` writes ``PAYLOAD_SLOT`` in its place, and
    the static build writes the payload's bytes there (escaped once per component, never copied into the
    page's text). The text itself is what the page reads (the payload with an empty ``components``)."""

    __slots__ = ()


def json_script(text: str) -> markupsafe.Markup:
    """JSON text made safe inside ``<script type="application/json">``: ``<``, ``>``, ``&`` and the two
    line separators written as ``\\u`` escapes, which JSON reads back as the same characters. Only strings
    can hold them in JSON, so the text stays the same JSON value."""
    if isinstance(text, EmbeddedLater):
        return markupsafe.Markup(PAYLOAD_SLOT)
    for char, escaped in _SCRIPT_ESCAPES:  # str.replace per character beats str.translate on megabytes
        if char in text:
            text = text.replace(char, escaped)
    return markupsafe.Markup(text)


def anchor(target: str, label: str) -> markupsafe.Markup:
    """The link of a section to itself, beside its heading in a ``.heading`` wrapper, not inside it (GitHub's
    pattern): the heading's accessible name stays its text ("Responses"), the link's is "Link to Responses".
    A function, not a macro: importing a macro file costs each template that does it a set difference of
    the environment's globals on every render."""
    target, label = _escaped_text(target), _escaped_text(label)
    return markupsafe.Markup(f'<a class="anchor" href="#{target}" aria-label="Link to {label}">#</a>')


def json_script_bytes(data: bytes) -> bytes:
    """``json_script`` on UTF-8 JSON (the characters it escapes have byte sequences no other character's
    UTF-8 contains)."""
    for char, escaped in _SCRIPT_ESCAPES_UTF8:
        if char in data:
            data = data.replace(char, escaped)
    return data


def _escaped_text(value: Any) -> str:
    """``markupsafe.escape(value)`` as plain text (the same five entities; an object with ``__html__`` is
    already safe). What a template writes is joined into the page by Jinja, so it needs no ``Markup``
    around it: making one for each ``{{ }}`` was a third of the time spent rendering an operation page."""
    if type(value) is not str:
        if hasattr(value, "__html__"):
            return value.__html__()
        value = str(value)
    if "&" in value or "<" in value or ">" in value or "'" in value or '"' in value:
        value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return value.replace("'", "&#39;").replace('"', "&#34;")
    return value


class _Template(jinja2.Template):
    """A template whose output expressions escape with ``_escaped_text``. Jinja's compiled code calls
    ``escape`` only on what a template writes, and wraps what macros, ``set`` blocks and filters collect in
    ``Markup`` itself."""

    @classmethod
    def from_code(cls, environment: Any, code: Any, globals: Any, uptodate: Any = None) -> jinja2.Template:
        template = super().from_code(environment, code, globals, uptodate)
        template.root_render_func.__globals__["escape"] = _escaped_text  # the compiled module's namespace
        return template


class _Environment(jinja2.Environment):
    """Templates read their context's dicts with attribute syntax (``op.title``): looked up as a key first.
    Jinja's own order (an attribute, then a key) misses on every such lookup first, hundreds per page."""

    template_class = _Template

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, dict):
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


@functools.cache
def inline_script(name: str) -> markupsafe.Markup:
    """The text of the asset ``name``, for a page that cannot load it as a file (404.html, served from
    unknown folders); the page's Content-Security-Policy allows it by ``inline_script_source``."""
    text = (ASSETS / name).read_text(encoding="utf-8")
    if "</" in text or "<!--" in text:
        raise ValueError(f"{name}: an inline script must not contain '</' or '<!--'")
    return markupsafe.Markup(text)


@functools.cache
def inline_script_source(name: str) -> markupsafe.Markup:
    """The Content-Security-Policy source that allows ``inline_script(name)``: ``'sha256-...'``."""
    digest = hashlib.sha256(inline_script(name).encode("utf-8")).digest()
    return markupsafe.Markup(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")  # base64: no markup


class _CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """The templates' compiled code, kept between runs in Jinja's per-user cache folder: compiling them
    costs every build far more than loading them. Jinja checks each entry against its template's source. A
    cache that cannot be read or written is passed over, never an error."""

    def load_bytecode(self, bucket: Any) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # a damaged entry (any unpickling error): compile the template again
            bucket.reset()

    def dump_bytecode(self, bucket: Any) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


def _compiled_templates() -> jinja2.BytecodeCache | None:
    try:
        return _CompiledTemplates()
    except (OSError, RuntimeError):  # no private temp folder to be had
        return None


@functools.cache
def environment() -> jinja2.Environment:
    env = _Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATE_FOLDER)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        auto_reload=False,
        bytecode_cache=_compiled_templates(),
    )
    env.filters["json_script"] = json_script
    env.globals["anchor"] = anchor
    env.globals["inline_script"] = inline_script
    env.globals["inline_script_source"] = inline_script_source
    return env

"""The exporter's preprocessors: widget outputs become a note, and secrets stay out of exported pages.

``WidgetNotes``: a page loads no widget manager (it would come from a CDN), so each widget output is replaced
by a short note saying where it runs. ``RedactTokens``: an export is a file that gets published; whatever a
notebook printed (a demo token, an ``Authorization`` header, a Jupyter server URL with ``?token=``) is
replaced before the page is rendered, and the saved widget state is dropped: it could hold anything a widget
ever had, and nothing renders it.
"""

from __future__ import annotations

import html
import math
import re
import sys
from typing import Any

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool, List, Unicode

__all__ = ["DEFAULT_PATTERNS", "RedactTokens", "SanitizeOutputs", "WidgetNotes", "redact"]

# Each pattern's first group, if any, is kept: "Authorization: Bearer " stays, the token after it goes. The
# generic patterns come first, so that a token after "Bearer" is replaced once, not piecemeal.
DEFAULT_PATTERNS = [
    r"(?i)(\bbearer[ \t]+)(?!<)[A-Za-z0-9._~+/=-]{8,}",  # Authorization: Bearer ... (not a <placeholder>)
    r"(?i)([?&](?:token|access_token|api_?key|key|secret|password)=)[A-Za-z0-9._~+/%-]{8,}",  # in URLs
    # {"token": "..."} in JSON, {'x-api-key': '...'} in a Python repr (headers, dicts)
    r"(?i)(\"(?:token|access_token|secret|password|(?:x-)?api[-_]?key)\"\s*:\s*\")[^\"]{8,}(?=\")",
    r"(?i)('(?:token|access_token|secret|password|(?:x-)?api[-_]?key)'\s*:\s*')[^']{8,}(?=')",
    r"(odk_[0-9a-z]{8}_)[A-Za-z0-9_-]{20,}",  # orgdocs API key secrets: the public prefix stays
]


def redact(text: str, patterns: list[re.Pattern[str]], replacement: str) -> str:
    for pattern in patterns:
        text = pattern.sub(lambda m: (m.group(1) if m.re.groups else "") + replacement, text)
    return text


def _kept_credentials() -> list[str]:
    """The credentials this process's notebook forms hold (an export run inside the kernel, such as
    ``orgdocs.export_pages``), as literal patterns: whatever their name, they never reach a page."""
    tokens = sys.modules.get("orgdocs.render.widgets._tokens")
    return [re.escape(value) for value in tokens.TOKENS.values() if len(value) >= 4] if tokens else []


_BINARY = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"})


class RedactTokens(Preprocessor):
    """Replace tokens in cell sources and outputs, and drop saved widget state, before a page is written."""

    enabled = Bool(
        True, help="Redact tokens in exported pages. Turn off only for pages nobody else sees."
    ).tag(config=True)
    patterns = List(
        Unicode(),
        default_value=DEFAULT_PATTERNS,
        help="Regular expressions of secrets to replace; a pattern's first group, if any, is kept.",
    ).tag(config=True)
    extra_patterns = List(
        Unicode(), default_value=[], help="More patterns, added to ``patterns`` (e.g. your own token format)."
    ).tag(config=True)
    replacement = Unicode("<redacted>", help="What a redacted secret is replaced with.").tag(config=True)
    drop_widget_state = Bool(
        True, help="Remove the notebook's saved widget state (metadata.widgets) from the export."
    ).tag(config=True)

    def preprocess(self, nb: Any, resources: dict) -> tuple[Any, dict]:
        compiled = [re.compile(p) for p in [*self.patterns, *self.extra_patterns, *_kept_credentials()]]
        self._compiled = compiled
        if self.drop_widget_state:
            nb.metadata.pop("widgets", None)
        for cell in nb.cells:
            cell.source = self._clean(cell.source)
            for output in cell.get("outputs", []):
                for key in ("text", "evalue", "traceback"):
                    if key in output:
                        output[key] = self._clean(output[key])
                data = output.get("data", {})
                for mimetype in list(data):
                    if mimetype not in _BINARY:  # base64 images hold no text to redact
                        data[mimetype] = self._clean(data[mimetype])
        return nb, resources

    def _clean(self, value: Any) -> Any:
        if isinstance(value, str):
            return redact(value, self._compiled, self.replacement)
        if isinstance(value, list):
            return [self._clean(v) for v in value]
        if isinstance(value, dict):
            for key in list(value):
                value[key] = self._clean(value[key])
        return value


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


class WidgetNotes(Preprocessor):
    """Replace each widget output by a note: exported pages hold no widget state and load no widget manager."""

    enabled = Bool(True, help="Replace widget outputs by ``note``. Off, they are dropped by nbconvert.").tag(
        config=True
    )
    note = Unicode(
        "Interactive widget: it runs in a live notebook (JupyterLab, Binder or Voila) and is not part of this page.",
        help="The text shown in place of each widget output.",
    ).tag(config=True)

    def preprocess(self, nb: Any, resources: dict) -> tuple[Any, dict]:
        block = f'<div class="orgdocs-widget-note"><p>{html.escape(self.note)}</p></div>'
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                data = output.get("data")
                if data and WIDGET_VIEW in data:
                    output["data"] = {"text/html": block, "text/plain": self.note}
        return nb, resources


class SanitizeOutputs(Preprocessor):
    """Outputs are data, not code, on a published page: HTML and SVG pass through the site's sanitizer, and
    JavaScript outputs are dropped. (A notebook may have rendered a description's text as HTML.)

    Output metadata is data too: nbconvert's template writes an image's ``width`` and ``height`` into the
    ``<img>`` tag unquoted, so only numbers are kept; and ``filenames`` (which would make the image a URL,
    perhaps on another host) is dropped: images stay embedded."""

    enabled = Bool(True, help="Sanitize HTML and SVG outputs and drop JavaScript outputs.").tag(config=True)

    def preprocess(self, nb: Any, resources: dict) -> tuple[Any, dict]:
        from orgdocs.render.site import cleaner

        # the sanitizer of notebook outputs: their classes kept (JupyterLab's markup, an orgdocs table's method
        # badges), inline data: images too; scripts, handlers, styles and remote images dropped
        sanitize = cleaner(outputs=True).clean
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                _clean_metadata(output)
                data = output.get("data")
                if not data:
                    continue
                data.pop("application/javascript", None)
                if "text/html" in data:
                    data["text/html"] = sanitize(_text(data["text/html"]))
                if "image/svg+xml" in data:
                    # an SVG shown as an image runs no script, whatever it holds
                    svg = _text(data.pop("image/svg+xml"))
                    data.setdefault("text/html", _svg_image(svg))
        return nb, resources


_SIZES = ("width", "height")


def _clean_metadata(output: Any) -> None:
    metadata = output.get("metadata")
    if not isinstance(metadata, dict):
        if "metadata" in output:
            output["metadata"] = {}
        return
    metadata.pop("filenames", None)
    for holder in [metadata, *(value for value in metadata.values() if isinstance(value, dict))]:
        for key in _SIZES:
            if key in holder and not _is_size(holder[key]):
                del holder[key]


def _is_size(value: Any) -> bool:
    """A number a template may write bare into an attribute: an int or a finite float, not a bool."""
    return type(value) is int or (type(value) is float and math.isfinite(value))


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _svg_image(svg: str) -> str:
    import base64

    encoded = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img alt="SVG output" src="data:image/svg+xml;base64,{encoded}">'

"""``OrgdocsExporter``: ``jupyter nbconvert --to orgdocs`` writes a notebook as a page of the site.

The template folder (``templates/orgdocs``) extends JupyterLab's ``lab`` template for the cells and wraps
them in the site's chrome: its header, navigation and footer, its stylesheet and theme switch. Pages
request nothing from another host: require.js, MathJax, Mermaid and the widget manager that the ``lab``
template loads from CDNs are off unless you point their ``*_url`` options at copies you serve yourself,
widget outputs are replaced by a note (``WidgetNotes``), and tokens are redacted (``RedactTokens``).

A page carries the site's Content-Security-Policy (``page_policy``), so that whatever got past the
sanitizer still runs no script: the page's own inline scripts are allowed by their hashes, nothing else.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from jinja2 import pass_context
from nbconvert.exporters import HTMLExporter
from traitlets import Any as AnyTrait
from traitlets import Bool, Unicode, default

from orgdocs.project import notebook_title

__all__ = ["TEMPLATES", "OrgdocsExporter", "page_policy"]

TEMPLATES = Path(__file__).resolve().parent / "templates"

_NO_CDN_HELP = (
    "Off by default (''): exported pages request nothing from a CDN. Set a URL you serve to turn it on."
)


class OrgdocsExporter(HTMLExporter):
    """Export a notebook as a page in the orgdocs site's look, with no CDN request and no token."""

    export_from_notebook = "orgdocs page"
    _page_title = ""  # of the notebook being exported

    docs_config = Unicode(
        "",
        help=(
            "A docs config (docs.config.yaml) whose site chrome surrounds the page: its title and "
            "navigation. '' uses ./docs.config.yaml when there is one, else writes a standalone page "
            "with the site's header and footer and no navigation."
        ),
    ).tag(config=True)

    site = AnyTrait(
        None,
        allow_none=True,
        help="A Site (orgdocs.Site) whose chrome surrounds the page, instead of docs_config. Set from Python.",
    )

    route = Unicode(
        "",
        help=(
            "The page's route in the site, e.g. /organization-api/guides/explore: marks it current in the "
            "navigation and makes the site's links relative to it. '' finds it in docs_config when the "
            "notebook is one of its pages."
        ),
    ).tag(config=True)

    cells_only = Bool(
        False,
        help=(
            "Render the cells alone, with no page around them (template cells.html.j2): what the static "
            "site embeds in its notebook pages. The chrome options are then unused."
        ),
    ).tag(config=True)

    site_title = Unicode("", help="Title in the page header; '' takes the docs config's title.").tag(
        config=True
    )

    inline_assets = Bool(
        True,
        help=(
            "Inline the site's stylesheet and script into the page, so that one HTML file works anywhere. "
            "False links them from assets_url instead (pages inside a built site)."
        ),
    ).tag(config=True)

    assets_url = Unicode(
        "",
        help="URL of the site's assets folder when inline_assets is False; '' is _docs/assets/ relative to route.",
    ).tag(config=True)

    # -- the lab template's CDN scripts, off ----------------------------------------------------------------

    require_js_url = Unicode("", help=f"URL of require.js. {_NO_CDN_HELP}").tag(config=True)
    mathjax_url = Unicode(
        "", help=f"URL of MathJax; without it, math stays as its TeX source. {_NO_CDN_HELP}"
    ).tag(config=True)
    mermaid_js_url = Unicode("", help=f"URL of MermaidJS (ES module). {_NO_CDN_HELP}").tag(config=True)
    mermaid_layout_elk_js_url = Unicode("", help=f"URL of MermaidJS' ELK layout. {_NO_CDN_HELP}").tag(
        config=True
    )
    jquery_url = Unicode("", help=f"URL of jQuery (unused by this template). {_NO_CDN_HELP}").tag(config=True)
    jupyter_widgets_base_url = Unicode(
        "", help="Unused: widget outputs are replaced by a note (WidgetNotes.note)."
    ).tag(config=True)
    widget_renderer_url = Unicode(
        "", help="Unused: widget outputs are replaced by a note (WidgetNotes.note)."
    ).tag(config=True)

    @default("template_name")
    def _template_name_default(self) -> str:
        return "orgdocs"

    @default("template_file")
    def _template_file_default(self) -> str:
        return "cells.html.j2" if self.cells_only else "index.html.j2"

    @default("exclude_anchor_links")
    def _exclude_anchor_links_default(self) -> bool:
        return True  # a heading's "¶" would point at nothing: the site's sanitizer drops the ids

    @default("extra_template_basedirs")
    def _default_extra_template_basedirs(self) -> list[str]:
        # Only the package's own folder: nbconvert's default (the current directory) would let a folder
        # that happens to be called "orgdocs" there shadow this template.
        return [str(TEMPLATES)]

    @default("exclude_input_prompt")
    def _exclude_input_prompt_default(self) -> bool:
        return True

    @default("exclude_output_prompt")
    def _exclude_output_prompt_default(self) -> bool:
        return True

    def from_notebook_node(
        self, nb: Any, resources: dict[str, Any] | None = None, **kw: Any
    ) -> tuple[str, dict]:
        # The page's <title> and header: the notebook's title (metadata, else its first heading), as the
        # site names a notebook page, followed by the site's title.
        self._page_title = notebook_title(nb)
        return super().from_notebook_node(nb, resources, **kw)

    @pass_context
    def markdown2html(self, context: Any, source: str) -> str:
        # Markdown cells may hold raw HTML: sanitized like every page of the site
        from orgdocs.render.site import sanitize_html

        return sanitize_html(super().markdown2html(context, source))

    def _preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        nb, resources = super()._preprocess(nb, resources)  # nb is nbconvert's copy
        chrome = resources.get("orgdocs") or {}
        title, site_title = chrome.get("page_title", ""), chrome.get("site_title", "")
        if title:
            nb.metadata["title"] = f"{title} · {site_title}" if site_title and site_title != title else title
        return nb, resources

    def _init_resources(self, resources: dict[str, Any] | None) -> dict[str, Any]:
        resources = super()._init_resources(resources)
        if "orgdocs" in resources:  # nbconvert calls this more than once per export
            return resources
        if self.cells_only:
            resources["orgdocs"] = {}
            return resources
        from orgdocs.render.nbconvert._chrome import page_chrome

        metadata = resources.get("metadata", {})
        notebook_path = Path(metadata.get("path") or ".") / f"{metadata.get('name', 'notebook')}.ipynb"
        resources["orgdocs"] = page_chrome(
            docs_config=self.docs_config or (_local_config() if self.site is None else ""),
            site=self.site,
            route=self.route,
            notebook=notebook_path,
            site_title=self.site_title,
            inline_assets=self.inline_assets,
            assets_url=self.assets_url,
        )
        chrome = resources["orgdocs"]
        chrome["csp"] = page_policy(
            chrome,
            [
                self.require_js_url,
                self.mathjax_url,
                self.mermaid_js_url,
                self.mermaid_layout_elk_js_url,
                self.jquery_url,
            ],
        )
        page_title = getattr(self, "_page_title", "") or metadata.get("name", "")
        chrome["page_title"] = page_title
        if not chrome["site_title"]:
            chrome["site_title"] = page_title  # a standalone page: its own title in the header
        return resources


def page_policy(chrome: dict[str, Any], script_urls: list[str]) -> str:
    """The site's Content-Security-Policy for an exported page (``site_base.html.j2`` holds the site's):
    its inline scripts allowed by their SHA-256, and the origins of scripts a user chose to load
    (``*_url`` options). Inline styles stay allowed: the ``lab`` template inlines JupyterLab's stylesheets,
    and a style runs no script. No request leaves the page's origin otherwise."""
    import base64
    import hashlib
    from urllib.parse import urlsplit

    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"
        for text in [*chrome.get("head_scripts", ()), *chrome.get("body_scripts", ())]
    ]
    origins = []
    for url in script_urls:
        parts = urlsplit(url) if url else None
        if parts is not None and parts.scheme in ("http", "https") and parts.netloc:
            origins.append(f"{parts.scheme}://{parts.netloc}")
    origins = sorted(set(origins))
    return "; ".join(
        [
            "default-src 'self'",
            " ".join(["script-src 'self'", *hashes, *origins]),
            " ".join(["style-src 'self' 'unsafe-inline'", *origins]),
            "img-src 'self' data:",
            " ".join(["font-src 'self' data:", *origins]),
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
        ]
    )


def _local_config() -> str:
    return "docs.config.yaml" if os.path.isfile("docs.config.yaml") else ""

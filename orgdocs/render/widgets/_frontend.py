"""The notebook views' front-end: one ES module and one stylesheet, made from the static site's own assets.

The module is ``static/frontend.js``, which esbuild bundles (``npm ci && npm run build``, package.json) from
``static/widget.js``, the views' parts it imports (``static/view-*.js``, one job each) and the site's own ES
modules they import from ``orgdocs/render/site/assets`` (search, the request form, schema trees, code blocks):
a change to the site's search or form is a change to the notebook views too, once built again (a test holds the
committed bundle to its sources). It is committed, so installing orgdocs needs no Node. What is not bundling
is here:

- ``STYLE``: ``site.css`` with its ``:root``/``html``/``body`` rules moved to the shadow host, then
  ``static/widget.css``; ``ESM`` is the bundle after ``const STYLE = ...``, which ``view-frame.js`` adopts in
  each view's shadow root.

The site's rules for a page's width (``@media (max-width: ...)``: the top bar, the drawer, the search box under
the title on a phone) are left out of the views: a view's layout follows its own width (container queries in
``widget.css``), not the window's.

``ESM`` is that module; a widget's ``_esm`` is ``LOADER``, a stub of a few kilobytes (``static/loader.js``
inlined here) that asks the kernel for ``ESM`` by message once per page (``_site_widget.SiteWidget``, message
``module``), imports it from a Blob URL and keeps it on ``globalThis`` under its hash for every later view: a
notebook saved with widget state holds the stub once per view, not the whole front-end. With no kernel to
answer (a reopened notebook), the stub shows the view's snapshot (its title, the synced ``_html``) with a small
stylesheet of its own (``LOADER_STYLE``) and says to run the cell.

``SNAPSHOT_STYLE`` is the part of the stylesheet a reference needs (no top bar, navigation, search, request
form or page layout), nested under ``.orgdocs-widget-snapshot`` and minified, for the static HTML a view leaves
in its output (``_site_widget.snapshot_html``) and the stub's snapshot.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

__all__ = [
    "ESM",
    "LOADER",
    "MODULE_HASH",
    "NO_MODEL_NOTE",
    "SITE_ASSETS",
    "SNAPSHOT_STYLE",
    "STYLE",
    "TWIN_STYLE",
    "shadow_css",
    "snapshot_css",
    "without_width_media",
]

SITE_ASSETS = Path(__file__).resolve().parents[1] / "site" / "assets"
HERE = Path(__file__).resolve().parent / "static"
BUNDLE = HERE / "frontend.js"  # built by esbuild: package.json


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _blocks(css: str) -> list[str]:
    """The top-level rules and at-rule blocks of ``css`` (comments dropped), in order."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    blocks, depth, start = [], 0, 0
    for i, char in enumerate(css):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                blocks.append(css[start : i + 1].strip())
                start = i + 1
    return [block for block in blocks if block]


def without_width_media(css: str) -> str:
    """``css`` without its ``@media`` blocks that test the window's width (the site page's layout)."""
    kept = [b for b in _blocks(css) if not (b.startswith("@media") and "width" in b.split("{", 1)[0])]
    return "\n".join(kept) + "\n"


# what a snapshot of a reference never shows: the page's frame, the navigation and search, the request form
# (its last answer it shows: _answer_snapshot.py)
SNAPSHOT_LEAVES_OUT = re.compile(
    r"^(\.(topbar|brand|search|theme-toggle|nav|layout|sidebar|content|skip-link|try|field|header-row|scheme|"
    r"flows|preview|send|samples-|sample-bar|doc|update|toc-|notebook|"
    r"landing|tag-|op-pager|op-aside|op-layout|copy-button|schema-choice|visually-hidden|button)|:focus-visible)"
)


def _snapshot_rules(css: str) -> str:
    kept = []
    for block in _blocks(without_width_media(css)):
        if block.startswith("@"):
            continue
        selectors = [part.strip() for part in block.split("{", 1)[0].split(",")]
        if all(SNAPSHOT_LEAVES_OUT.match(selector) for selector in selectors):
            continue
        kept.append(block)
    return "\n".join(kept)


def _minify(css: str) -> str:
    css = re.sub(r"\s+", " ", css)
    return re.sub(r"\s*([{};,>])\s*", r"\1", css).replace(";}", "}").strip()


def shadow_css(css: str) -> str:
    """``css`` made to apply inside a shadow root: ``:root`` (and ``html``, ``body``) rules go to ``:host``,
    ``:root[data-theme=...]`` to ``:host([data-theme=...])``. The widget sets ``data-theme`` on its host."""
    css = re.sub(r":root\[([^\]]+)\]", r":host([\1])", css)
    css = re.sub(r"(^|[\s,}]):root\b", r"\1:host", css)
    return re.sub(r"(^|[},]\s*)(?:html|body)(\s*[{,])", r"\1:host\2", css, flags=re.MULTILINE)


def snapshot_css(css: str, scope: str) -> str:
    """``css`` nested under ``scope`` (CSS nesting), its document rules on the scope itself: the site's look
    for a static snapshot inside a page that is not the site's (``jupyter nbconvert --to html``). Light
    unless the page is JupyterLab's dark theme."""
    inner = re.sub(r":host\(([^)]*)\)", r"&\1", shadow_css(css)).replace(":host", "&")
    theme = '  color-scheme: light;\n  :where(body[data-jp-theme-light="false"]) & { color-scheme: dark; }\n'
    return f"{scope} {{\n{inner}\n{theme}}}\n"


def _module(site_css: str) -> tuple[str, str]:
    style = shadow_css(without_width_media(site_css)) + "\n" + _read(HERE / "widget.css")
    return f"const STYLE = {json.dumps(style)};\n{_read(BUNDLE)}", style


_SITE_CSS = _read(SITE_ASSETS / "site.css")
ESM, STYLE = _module(_SITE_CSS)
MODULE_HASH = hashlib.sha256(ESM.encode("utf-8")).hexdigest()[:16]
SNAPSHOT_STYLE = _minify(snapshot_css(_snapshot_rules(_SITE_CSS), ".orgdocs-widget-snapshot"))


# the snapshot output is hidden where the live view is drawn just before it (JupyterLab, Notebook 7, Voila,
# and an exported page whose widget manager loads), and from the moment it is added where a widget manager
# will draw it (ipywidgets' renderer is a Lumino Panel; an export's widget output and a view shown as its
# text/html, its model gone, are not): the view's front-end comes some 50 ms later, and meanwhile Notebook 7
# measures the output, tall with the snapshot, and folds it into a small scrolled box for good.
# A renderer that could not draw the view (a notebook saved without widget state, reopened: "Error displaying
# widget: model not found"; it then carries the class jupyter-widgets itself) is hidden instead, and the
# snapshot shows with a line saying why, in words.
NO_MODEL_NOTE = "No kernel holds this view: it shows what was last shown. Run its cell to explore and send."
_RENDERER = ".jp-OutputArea-child:has(> .lm-Panel.jp-OutputArea-output"
_SNAPSHOT_CHILD = ".jp-OutputArea-child:has(.orgdocs-widget-snapshot)"
TWIN_STYLE = (
    f":is(.jp-OutputArea-child:has(.orgdocs-widget-host), {_RENDERER}:not(.jupyter-widgets)))"
    f" + {_SNAPSHOT_CHILD}{{display:none}}"
    f"{_RENDERER}.jupyter-widgets):has(+ .jp-OutputArea-child .orgdocs-widget-snapshot){{display:none}}"
    f"{_RENDERER}.jupyter-widgets) + .jp-OutputArea-child .orgdocs-widget-snapshot::before"
    f"{{content:{json.dumps(NO_MODEL_NOTE)};display:block;margin:0 0 0.6rem;padding:0.5rem 0.8rem;"
    "border-radius:6px;background:rgba(127,127,127,0.14);font:14px/1.5 system-ui,sans-serif}"
)


# the loader's snapshot when no kernel answers: readable, in the site's colours, in a few hundred bytes (the
# whole SNAPSHOT_STYLE would be saved once per view)
LOADER_STYLE = _minify("""
.orgdocs-widget-snapshot { color-scheme: light; --bg: light-dark(#fff, #14171d); --fg: light-dark(#1d2330, #e3e6ec);
  --soft: light-dark(#5a6272, #a3abba); --code: light-dark(#f3f4f6, #222733); --border: light-dark(#dde1e7, #323846);
  background: var(--bg); color: var(--fg); font: 14px/1.5 system-ui, sans-serif; }
.orgdocs-widget-snapshot[data-theme="dark"] { color-scheme: dark; }
.orgdocs-widget-snapshot code, .orgdocs-widget-snapshot pre { font-family: ui-monospace, monospace; font-size: 0.88em;
  background: var(--code); border-radius: 4px; }
.orgdocs-widget-snapshot pre { padding: 0.6rem; overflow: auto; }
.orgdocs-widget-snapshot .notice { padding: 0.5rem 0.8rem; border-radius: 6px; background: var(--code); }
.orgdocs-widget-snapshot .method { font: 700 0.75rem ui-monospace, monospace; text-transform: uppercase; }
.orgdocs-widget-snapshot .anchor, .orgdocs-widget-snapshot .visually-hidden, .orgdocs-widget-snapshot [hidden] { display: none; }
.orgdocs-widget-snapshot table { border-collapse: collapse; } .orgdocs-widget-snapshot :is(th, td) { border: 1px solid var(--border); padding: 0.2rem 0.5rem; }
.orgdocs-widget-snapshot :is(ul.params, ul.schema-props, ul.schema-facts) { list-style: none; padding-left: 0; }
.orgdocs-widget-snapshot :is(.method, .status) { display: inline-block; padding: 0 0.45rem; border-radius: 4px; background: var(--code); }
.orgdocs-widget-snapshot :is(.param-head, .schema-head) { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; }
.orgdocs-widget-snapshot .schema-required { color: light-dark(#b42318, #ff8a80); font-size: 0.85em; }
.orgdocs-widget-snapshot .hint { color: var(--soft); font-size: 0.88em; }
.orgdocs-widget-snapshot .status-success { background: light-dark(#d3f0dc, #1f4d2e); }
.orgdocs-widget-snapshot :is(.status-client-error, .status-server-error) { background: light-dark(#fde2e0, #5c2320); }
.orgdocs-widget-snapshot .json-view { font: 0.85em/1.5 ui-monospace, monospace; }
.orgdocs-widget-snapshot .json-children { padding-left: 1.2em; border-left: 1px solid var(--border); }
.orgdocs-widget-snapshot .json-node[open] > summary > .json-folded { display: none; }
.orgdocs-widget-snapshot :is(.json-count, .json-index) { color: var(--soft); font-size: 0.85em; }
.orgdocs-widget-snapshot :is(.nt) { color: light-dark(#8a3ffc, #c9a8ff); } .orgdocs-widget-snapshot :is(.s2) { color: light-dark(#0a7b3e, #7ee2a8); }
.orgdocs-widget-snapshot :is(.m, .kc) { color: light-dark(#b35900, #ffb870); }
""")


def _without_comment_lines(script: str) -> str:
    """``script`` without its block comments and the lines that are a comment only: the loader is saved once
    per view, its comments stay in ``loader.js``."""
    script = re.sub(r"^\s*/\*.*?\*/\n", "", script, flags=re.DOTALL | re.MULTILINE)
    return re.sub(r"^[ \t]*//.*\n", "", script, flags=re.MULTILINE)


def _loader() -> str:
    return (
        f"const VERSION = {json.dumps(MODULE_HASH)};\n"
        f"const SNAPSHOT_STYLE = {json.dumps(LOADER_STYLE)};\n"
        + _without_comment_lines(_read(HERE / "loader.js"))
    )


LOADER = _loader()

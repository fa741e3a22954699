"""The notebook views' front-end: one ES module and one stylesheet, made from the static site's own assets.

The site's scripts and stylesheet are read from ``orgdocs/render/static/assets`` when this module is imported,
never copied into the package twice: a change to the site's search, schema trees or colours is a change to the
notebook views too. The module (``ESM``) is

- ``SITE``: a stand-in for ``window`` that the site's classic scripts attach themselves to (``search.js``'s
  ``SearchIndex``, ``request.js``'s ``request``), so nothing lands on the notebook page's globals;
- ``SITE_SCRIPTS``: the scripts that work on a page's DOM (``schema.js``), as functions of ``(window,
  document)`` that a view calls with a ``document`` scoped to its own shadow root;
- ``STYLE``: ``site.css`` with its ``:root``/``html``/``body`` rules moved to the shadow host, then
  ``static/widget.css``;
- ``static/widget.js``, the views themselves (``render`` of anywidget's front-end module).

``SNAPSHOT_STYLE`` is the same stylesheet nested under ``.orgdocs-widget-snapshot``, for the static HTML a
view leaves in its output (``base.snapshot_html``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

__all__ = ["ESM", "SITE_ASSETS", "SNAPSHOT_STYLE", "STYLE", "shadow_css", "snapshot_css"]

SITE_ASSETS = Path(__file__).resolve().parents[1] / "static" / "assets"
HERE = Path(__file__).resolve().parent / "static"
GLOBAL_SCRIPTS = ("search.js", "request.js", "form.js")  # run once: they define window.orgdocs.*
# run per view, against its own DOM (form.js is global: its mountForm(root, {send, store}) wires each view's form)
PAGE_SCRIPTS = {"schema": "schema.js", "code": "code.js"}  # code.js: sample tabs, Copy


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


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


def _global_script(name: str) -> str:
    source = _read(SITE_ASSETS / name)
    return f"// {name} (orgdocs/render/static/assets)\n(function (window, document) {{\n{source}\n}})(SITE, PAGE);\n"


# SITE: the page's window with the site's globals kept to itself (its functions called on the real window);
# PAGE: the page's document as a page script finds it: no element of the site's (what a script wires on load
# is the site page's, not the notebook's), elements created as usual.
PRELUDE = """const SITE_GLOBALS = { orgdocs: {} };
const SITE = new Proxy(window, {
  get(target, name) {
    if (name in SITE_GLOBALS) return SITE_GLOBALS[name];
    const value = Reflect.get(target, name);
    return typeof value === "function" && !/^[A-Z]/.test(String(name)) ? value.bind(target) : value;
  },
  set(target, name, value) {
    SITE_GLOBALS[name] = value;
    return true;
  },
  has(target, name) {
    return name in SITE_GLOBALS || name in target;
  },
});
const NOTHING = document.createDocumentFragment();
const NOBODY = document.createElement("div");
const PAGE = new Proxy(document, {
  get(target, name) {
    if (name === "getElementById" || name === "querySelector") return () => null;
    if (name === "querySelectorAll") return (selector) => NOTHING.querySelectorAll(selector);
    if (name === "body") return NOBODY;
    if (name === "addEventListener") return () => {};
    const value = Reflect.get(target, name);
    return typeof value === "function" ? value.bind(target) : value;
  },
});
const SITE_SCRIPTS = {};
"""


def _page_script(key: str, name: str) -> str:
    return f"// {name} (orgdocs/render/static/assets)\nSITE_SCRIPTS[{json.dumps(key)}] = function (window, document, fetch) {{\n{_read(SITE_ASSETS / name)}\n}};\n"


def _module(site_css: str) -> tuple[str, str]:
    style = shadow_css(site_css) + "\n" + _read(HERE / "widget.css")
    parts = [
        PRELUDE,
        *(_global_script(name) for name in GLOBAL_SCRIPTS),
        *(_page_script(key, name) for key, name in PAGE_SCRIPTS.items()),
        f"const STYLE = {json.dumps(style)};\n",
        _read(HERE / "widget.js"),
    ]
    return "".join(parts), style


_SITE_CSS = _read(SITE_ASSETS / "site.css")
ESM, STYLE = _module(_SITE_CSS)
SNAPSHOT_STYLE = snapshot_css(_SITE_CSS, ".orgdocs-widget-snapshot")

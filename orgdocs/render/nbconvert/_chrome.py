"""The site chrome around an exported notebook: the static site's header, sidebar, stylesheet and scripts.

``page_chrome`` returns a plain dict that the ``orgdocs`` nbconvert template reads as ``resources.orgdocs``.
The markup follows ``orgdocs/render/site/templates/orgdocs/site_base.html.j2`` (same classes, so the
site's ``site.css`` styles it) and the sidebar is the site's own (``orgdocs.render.site._navigation``),
with links relative to the page's route. Without a docs config the page is standalone: the site's header,
look and theme switch, no sidebar and no search. Nothing here is fetched from anywhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = ["PAGE_CSS", "SITE_ASSETS", "page_chrome"]

SITE_ASSETS = Path(__file__).resolve().parents[1] / "site" / "assets"
STATIC = Path(__file__).resolve().parent / "templates" / "orgdocs" / "static"
PAGE_CSS = STATIC / "page.css"
STYLESHEETS = ("site.css",)
HEAD_SCRIPTS = ("theme.js",)  # sets the reader's theme before the first paint
BODY_MODULE = "site.js"  # needs the body; an ES module that imports search.js
# site.js and what it imports in one classic script, to inline: a page's inline module cannot import its
# neighbours. Built by esbuild from the same modules (package.json, npm run build), committed.
INLINE_BODY_SCRIPT = STATIC / "site.js"


def _asset_text(name: str) -> str:
    path = SITE_ASSETS / name
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def _find_route(site: Site, notebook: Path) -> str:
    wanted = notebook.resolve()
    for route, entry in site.pages.items():
        page = entry.page
        if page is not None and page.kind == "notebook" and page.path.resolve() == wanted:
            return route
    return ""


def page_chrome(
    *,
    docs_config: str | Path | Any = "",
    site: Site = None,
    route: str = "",
    notebook: Path | None = None,
    site_title: str = "",
    inline_assets: bool = True,
    assets_url: str = "",
) -> dict[str, Any]:
    """What the template needs around the cells. ``site`` (a ``Site``) spares evaluating ``docs_config``."""
    from orgdocs.render.site import Sidebar, base_prefix

    if site is None and docs_config:
        from orgdocs.project import Site

        site = Site(docs_config)
    if route:
        route = "/" + route.strip("/")
    elif site is not None and notebook is not None:
        route = _find_route(site, notebook)
    base = base_prefix(route)
    entry = site.pages.get(route) if site is not None else None
    chrome: dict[str, Any] = {
        "base": base,
        "route": route,
        "group": entry.group if entry is not None else "",
        "site_title": site_title or (site.title if site is not None else ""),
        "sidebar": Sidebar(site).html(route) if site is not None else "",
        "search_index": f"{base}_docs/openapi/index.json" if site is not None else "",
        "css": [],
        "css_hrefs": [],
        "head_scripts": [],  # inline script texts
        "body_scripts": [],
        "head_script_srcs": [],  # or their URLs
        "body_module_srcs": [],
    }
    page_css = PAGE_CSS.read_text(encoding="utf-8")
    if inline_assets:
        chrome["css"] = [text for text in (*map(_asset_text, STYLESHEETS), page_css) if text]
        chrome["head_scripts"] = [text for text in map(_asset_text, HEAD_SCRIPTS) if text]
        chrome["body_scripts"] = [INLINE_BODY_SCRIPT.read_text(encoding="utf-8")]
    else:
        from orgdocs.render.site import asset_urls

        urls = asset_urls()
        prefix = (assets_url.rstrip("/") + "/") if assets_url else None

        def link(name: str) -> str:
            return prefix + urls[name].removeprefix("_docs/assets/") if prefix else base + urls[name]

        chrome["css_hrefs"] = [link(name) for name in STYLESHEETS if name in urls]
        chrome["head_script_srcs"] = [link(name) for name in HEAD_SCRIPTS if name in urls]
        chrome["body_module_srcs"] = [link(BODY_MODULE)]
        chrome["css"] = [page_css]  # the notebook page's few rules
    return chrome

"""The static reference site: ``orgdocs build`` and everything its pages are made of.

Its face names what the commands, the notebook views and the exports use, each name loaded on first use; its
modules are private:

- the build: ``_build`` (``build_site(site, out)``, written atomically; the command: ``orgdocs.cli._build``),
  ``_page_writers`` (operation and schema pages, by forked processes when there are enough of them),
  ``_extras`` (the search file, landing pages, ``404.html``, ``llms.txt``, Markdown twins),
  ``_output_folder`` (the folder replaced, its manifest), ``_writing`` (files written with few system
  calls), ``_downloads`` (the descriptions readers may download), ``_phases`` (``--profile``'s timings);
- the pages: ``_pages`` (``PageRenderer(site)``: any page to HTML, for the build and for a server rendering
  from memory), ``_navigation`` (the sidebar, scaled to the size of the site), ``_paths`` (where a route's
  files go), ``_templating`` (the Jinja2 environment);
- the parts of a page: ``_operation`` and ``_operation_sections`` (an operation's detail), ``_form`` (its
  request form), ``schema_tree`` (schema trees), ``_schema_page`` (a component schema's page),
  ``_markdown`` (sanitized Markdown), ``_highlight`` and ``_pretty`` (highlighted code and examples),
  ``_notebook`` (a notebook page); ``orgdocs.render._html`` puts them together for the notebook views;
- ``_asset_files`` and ``_form_scripts``: which files of ``assets/`` a page links, and in which order;
- ``templates/orgdocs/``: Jinja2 templates, an nbconvert-style folder (``conf.json``);
- ``assets/``: CSS and vanilla JavaScript, ES modules shipped as they are, no build step (``samples.js`` is
  written by ``python -m orgdocs.project.samples``; the notebook views bundle the same modules:
  ``orgdocs.render.widgets._frontend``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orgdocs._lazy import lazy_face

__all__ = [
    "ASSETS",
    "ASSET_FILES",
    "FOLDER",
    "FORM_SCRIPTS",
    "MANIFEST",
    "MODULE_FOLDER",
    "PageRenderer",
    "Phases",
    "Sidebar",
    "api_context",
    "asset_paths",
    "asset_urls",
    "base_prefix",
    "body_text",
    "build_site",
    "cleaner",
    "description_downloads",
    "earlier_build_files",
    "environment",
    "highlight",
    "manifest_text",
    "markdown_html",
    "operation_context",
    "page_path",
    "payload_path",
    "sanitize_html",
]

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs.render.site._asset_files import ASSET_FILES, MODULE_FOLDER, asset_paths, asset_urls
    from orgdocs.render.site._build import build_site
    from orgdocs.render.site._downloads import FOLDER, description_downloads
    from orgdocs.render.site._form import body_text
    from orgdocs.render.site._form_scripts import FORM_SCRIPTS
    from orgdocs.render.site._highlight import highlight
    from orgdocs.render.site._markdown import cleaner, markdown_html, sanitize_html
    from orgdocs.render.site._navigation import Sidebar, base_prefix
    from orgdocs.render.site._operation import operation_context
    from orgdocs.render.site._output_folder import MANIFEST, earlier_build_files, manifest_text
    from orgdocs.render.site._pages import PageRenderer, api_context
    from orgdocs.render.site._paths import page_path, payload_path
    from orgdocs.render.site._phases import Phases
    from orgdocs.render.site._templating import ASSETS, environment

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "ASSETS": "orgdocs.render.site._templating",
        "ASSET_FILES": "orgdocs.render.site._asset_files",
        "MODULE_FOLDER": "orgdocs.render.site._asset_files",
        "FOLDER": "orgdocs.render.site._downloads",
        "FORM_SCRIPTS": "orgdocs.render.site._form_scripts",
        "MANIFEST": "orgdocs.render.site._output_folder",
        "PageRenderer": "orgdocs.render.site._pages",
        "api_context": "orgdocs.render.site._pages",
        "Phases": "orgdocs.render.site._phases",
        "Sidebar": "orgdocs.render.site._navigation",
        "asset_paths": "orgdocs.render.site._asset_files",
        "asset_urls": "orgdocs.render.site._asset_files",
        "base_prefix": "orgdocs.render.site._navigation",
        "body_text": "orgdocs.render.site._form",
        "build_site": "orgdocs.render.site._build",
        "cleaner": "orgdocs.render.site._markdown",
        "description_downloads": "orgdocs.render.site._downloads",
        "earlier_build_files": "orgdocs.render.site._output_folder",
        "environment": "orgdocs.render.site._templating",
        "highlight": "orgdocs.render.site._highlight",
        "manifest_text": "orgdocs.render.site._output_folder",
        "markdown_html": "orgdocs.render.site._markdown",
        "operation_context": "orgdocs.render.site._operation",
        "page_path": "orgdocs.render.site._paths",
        "payload_path": "orgdocs.render.site._paths",
        "sanitize_html": "orgdocs.render.site._markdown",
    },
)

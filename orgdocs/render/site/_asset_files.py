"""The files of ``assets/`` that a build copies (the stylesheet, the scripts, the OAuth redirect page) and their
URLs, which the static site's pages and the nbconvert exporter's pages both link.

The scripts are ES modules that import their neighbours by relative URL (``./request.js``), so a version
query on a page's ``<script>`` would not reach the modules it imports. They are written together under one
folder named by a hash of all of them (``_docs/assets/<hash>/``): a page loads its entry modules from the
folder of the build that wrote it, and every module they import comes from that folder too, never a stale
one beside a new one. The stylesheet, ``theme.js`` (a classic script in ``<head>``, before the first paint)
and the OAuth redirect page stay at ``_docs/assets/`` with a content hash in their query: the redirect
page's address is registered with authorization servers and must not move with each build."""

from __future__ import annotations

import hashlib

from orgdocs.render.site._form_scripts import FORM_SCRIPTS
from orgdocs.render.site._templating import ASSETS

__all__ = ["ASSET_FILES", "MODULES", "MODULE_FOLDER", "asset_paths", "asset_urls"]

# at _docs/assets/ itself, each linked with ?v=<its content hash>
FIXED_FILES = (
    "site.css",
    "theme.js",
    "oauth2-redirect.html",  # where an authorization server sends the pop-up back (with its script)
    "oauth2-redirect.js",
)
# under _docs/assets/<MODULE_FOLDER>/; a page's entries: site.js (every page), reference-page.js (a schema's
# page, a webhook's), operation-page.js (an operation's, with its form)
MODULES = (
    "search.js",
    "site.js",
    "samples.js",  # the rule data of request.js and code-samples.js (orgdocs/project/samples/languages.json, ...)
    "request.js",
    "code-samples.js",
    "schema.js",
    *FORM_SCRIPTS,  # form.js and its parts
    "code.js",
    "check.js",
    "json-schema.js",  # @cfworker/json-schema, imported by check.js when an answer arrives
    "oauth.js",  # imported by form-credentials.js on pages whose schemes are oauth2 or openIdConnect
    "reference-page.js",
    "operation-page.js",
)
ASSET_FILES = (*FIXED_FILES, *MODULES)


def _module_folder() -> str:
    digest = hashlib.sha256()
    for name in MODULES:
        digest.update(name.encode("utf-8") + b"\0" + (ASSETS / name).read_bytes() + b"\0")
    return digest.hexdigest()[:10]


MODULE_FOLDER = _module_folder()


def asset_paths() -> dict[str, str]:
    """Asset name -> where a build writes it, below ``_docs/assets/``."""
    return {name: (f"{MODULE_FOLDER}/{name}" if name in MODULES else name) for name in ASSET_FILES}


def asset_urls() -> dict[str, str]:
    """Asset name -> its URL below the site root, so that readers never run stale code: a module in its
    build's folder, any other file with a content hash."""
    urls = {}
    for name, path in asset_paths().items():
        if name in MODULES:
            urls[name] = f"_docs/assets/{path}"
        else:
            digest = hashlib.sha256((ASSETS / name).read_bytes()).hexdigest()[:10]
            urls[name] = f"_docs/assets/{name}?v={digest}"
    return urls

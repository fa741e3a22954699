"""The files of ``assets/`` that a build copies (scripts, the stylesheet, the OAuth redirect page) and their
URLs with a content hash, which the static site's pages and the nbconvert exporter's pages both link."""

from __future__ import annotations

import hashlib

from orgdocs.render.site._form_scripts import FORM_SCRIPTS
from orgdocs.render.site._templating import ASSETS

__all__ = ["ASSET_FILES", "asset_urls"]

ASSET_FILES = (
    "site.css",
    "theme.js",
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
    "oauth.js",  # loaded by form-credentials.js on pages whose schemes are oauth2 or openIdConnect
    "oauth2-redirect.html",  # where an authorization server sends the pop-up back (with its script)
    "oauth2-redirect.js",
)


def asset_urls() -> dict[str, str]:
    """Asset name -> its URL below the site root, with a content hash so readers never run stale code."""
    urls = {}
    for name in ASSET_FILES:
        digest = hashlib.sha256((ASSETS / name).read_bytes()).hexdigest()[:10]
        urls[name] = f"_docs/assets/{name}?v={digest}"
    return urls

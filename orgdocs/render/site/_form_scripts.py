"""The request form's scripts (``assets/``), in the order a page loads them: its parts first, each registering
on ``window.orgdocs.formParts``, then ``form.js``, which mounts the page's forms with them. An operation page
lists them (``site_operation.html.j2``, from this tuple), the build copies them and the notebook views' front-end runs them
(``orgdocs.render.widgets._frontend``), so that the site and the notebook load the same files."""

from __future__ import annotations

__all__ = ["FORM_SCRIPTS"]

FORM_SCRIPTS = (
    "json-view.js",  # an answer's JSON as a tree (window.orgdocs.jsonView)
    "form-state.js",  # what the inputs say: the parse rules, the request, its preview and samples
    "form-credentials.js",  # typed credentials and their store, Forget, OAuth's Authorize panel
    "form-body.js",  # the body editor
    "form-send.js",  # Send: the checks, the browser's fetch, the host's send
    "form-response.js",  # the answer
    "form.js",  # opens each form and wires its inputs to the parts above
)

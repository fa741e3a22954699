"""The request form's modules (``assets/``): its parts, each exporting its job, then ``form.js``, which imports
them and exports ``mountForm``. An operation page's entry (``operation-page.js``) and the notebook views'
front-end (``orgdocs.render.widgets._frontend``, bundled from the same files) import ``form.js``, so that the
site and the notebook run the same code."""

from __future__ import annotations

__all__ = ["FORM_SCRIPTS"]

FORM_SCRIPTS = (
    "json-view.js",  # an answer's JSON as a tree (jsonView)
    "form-state.js",  # what the inputs say: the parse rules, the request, its preview and samples
    "form-credentials.js",  # typed credentials and their store, Forget, OAuth's Authorize panel
    "form-body.js",  # the body editor
    "form-send.js",  # Send: the checks, the browser's fetch, the host's send
    "form-response.js",  # the answer
    "form.js",  # opens each form and wires its inputs to the parts above
)

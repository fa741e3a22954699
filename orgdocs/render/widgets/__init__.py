"""The notebook views: ``Navigator``, ``OperationView``, ``RequestForm`` and ``Explorer``.

``Navigator``, ``OperationView`` and ``Explorer`` are anywidget widgets drawn by the static site's own
front-end (``_frontend``: the site's scripts and stylesheet, in a shadow root); a ``RequestForm`` holds one
operation's request in the kernel and shows itself as the site's request form. Their Python side wires them to
the plain functions of the project layer (search, payloads, requests) and to the operation page's HTML
(``orgdocs.render._html``). The face names
the views, ``history()`` (every request they sent, as a DataFrame), the kernel's credentials (``TOKENS``, a
``TokenStore``) and what a form raises (``FormError``, ``RefusedError``). Its public face for users is
``orgdocs.widgets``; ``import orgdocs`` does not import this package. Behind it:

- ``_navigator``, ``_operation_view``, ``_explorer``: the views; ``_site_widget``: what they share (``SiteWidget``:
  the kernel side of their messages, the snapshot an export keeps); ``_compact`` and ``_answer_snapshot``:
  what a saved notebook keeps of a view and of its last answer;
- ``_request_form``: ``RequestForm``, made of ``_form_settings`` (server, parameters, headers, body),
  ``_form_credentials`` and ``_form_oauth`` (credentials, OAuth 2 tokens), ``_form_inputs``,
  ``_form_servers``, ``_form_code`` and ``_form_errors``; ``_form_view`` draws it with the site's form, and
  ``_form_bridge`` is the kernel side of that form; ``_first_send`` imports what a first Send needs, in the
  background;
- ``_frontend``: one ES module and one stylesheet from the site's ``assets/`` and ``static/``; ``_history``
  and ``_tokens``: the kernel's requests and credentials.
"""

from orgdocs.render.widgets._explorer import Explorer
from orgdocs.render.widgets._history import history
from orgdocs.render.widgets._navigator import Navigator
from orgdocs.render.widgets._operation_view import OperationView
from orgdocs.render.widgets._request_form import FormError, RefusedError, RequestForm
from orgdocs.render.widgets._tokens import TOKENS, TokenStore

__all__ = [
    "TOKENS",
    "Explorer",
    "FormError",
    "Navigator",
    "OperationView",
    "RefusedError",
    "RequestForm",
    "TokenStore",
    "history",
]

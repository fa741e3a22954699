"""The notebook views: ``Navigator``, ``OperationView``, ``RequestForm`` and ``Explorer``.

``Navigator``, ``OperationView`` and ``Explorer`` are anywidget widgets drawn by the static site's own
front-end (``frontend.py``: the site's scripts and stylesheet, in a shadow root); their Python side wires
them to the plain functions of the site layer (search, payloads, the operation page's HTML).
``import orgdocs`` does not import this package: ``orgdocs.widgets`` does.
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

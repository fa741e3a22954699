"""The notebook views (ipywidgets): ``Navigator``, ``OperationView``, ``RequestForm`` and ``Explorer``.

A module per concept; each composite is a ``VBox`` that builds its children once and wires them to the
plain functions of the site layer (search, payloads, examples, requests, code samples). ``import orgdocs``
does not import this package: ``orgdocs.widgets`` does.
"""

from orgdocs.render.widgets.explorer import Explorer
from orgdocs.render.widgets.navigator import Navigator
from orgdocs.render.widgets.operation_view import OperationView
from orgdocs.render.widgets.request_form import FormError, RefusedError, RequestForm
from orgdocs.render.widgets.tokens import TOKENS, TokenStore

__all__ = [
    "TOKENS",
    "Explorer",
    "FormError",
    "Navigator",
    "OperationView",
    "RefusedError",
    "RequestForm",
    "TokenStore",
]

"""Notebook views of an API description: ``Navigator``, ``OperationView``, ``RequestForm`` and ``Explorer``;
``history()``: every request they sent, as a DataFrame.

    from orgdocs.widgets import Explorer
    Explorer("openapi.yaml")

Importing this module imports ipywidgets; ``import orgdocs`` alone does not.
"""

from orgdocs.render.widgets import (
    TOKENS,
    Explorer,
    FormError,
    Navigator,
    OperationView,
    RefusedError,
    RequestForm,
    TokenStore,
    history,
)

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

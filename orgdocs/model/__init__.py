"""The model layer: one normalized description for Swagger 2.0 and OpenAPI 3.x, shared by every renderer.

- ``load(source)`` and ``from_document(data)``: a ``Description`` (``_description``), its document read by
  ``_openapi`` or ``_swagger`` into the objects of ``_objects``: ``Operation``, ``Parameter``,
  ``RequestBody``, ``MediaType``, ``Response``, ``SecurityScheme``, ``Server``, ``Tag`` (``METHODS``: the
  methods a path item may hold); a ``$ref`` that cannot be followed stays an ``UnresolvedRef``;
- ``read_callbacks``, ``read_links``, ``expression_text``: an operation's callbacks and its responses'
  links (``_callbacks``);
- ``humanize`` (operation titles) and ``kebab`` (route segments) (``_titles``); ``as_list`` and ``as_text``,
  lenient readers of description values (``_values``).
"""

from orgdocs.model._callbacks import expression_text, read_callbacks, read_links
from orgdocs.model._description import Description, UnresolvedRef, from_document, load
from orgdocs.model._objects import (
    METHODS,
    MediaType,
    Operation,
    Parameter,
    RequestBody,
    Response,
    SecurityScheme,
    Server,
    ServerVariable,
    Tag,
)
from orgdocs.model._titles import humanize, kebab
from orgdocs.model._values import as_list, as_text

__all__ = [
    "METHODS",
    "Description",
    "MediaType",
    "Operation",
    "Parameter",
    "RequestBody",
    "Response",
    "SecurityScheme",
    "Server",
    "ServerVariable",
    "Tag",
    "UnresolvedRef",
    "as_list",
    "as_text",
    "expression_text",
    "from_document",
    "humanize",
    "kebab",
    "load",
    "read_callbacks",
    "read_links",
]

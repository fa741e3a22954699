"""The model layer: one normalized description for Swagger 2.0 and OpenAPI 3.x."""

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

"""The model layer: one normalized description for Swagger 2.0 and OpenAPI 3.x."""

from orgdocs.model.description import Description, UnresolvedRef, from_document, load
from orgdocs.model.objects import (
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
    "from_document",
    "load",
]

"""The one normalized model of an API description, shared by every renderer.

Swagger 2.0 and OpenAPI 3.0/3.1 are read into the same objects, shaped like OpenAPI 3. Schemas stay the
description's own dicts with their ``$ref`` kept as they are: ``Description.resolve`` follows one when a
renderer needs it. Nothing is inlined, so a large or cyclic description costs no more than its parse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs.model._description import Description

__all__ = [
    "METHODS",
    "MediaType",
    "Operation",
    "Parameter",
    "RequestBody",
    "Response",
    "SecurityScheme",
    "Server",
    "ServerVariable",
    "Tag",
]

# The eight operation fields of a path item, in the order the seed lists them.
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

Schema = Any  # a JSON Schema as written in the description: a dict, a bool, or {"$ref": ...}


@dataclass
class MediaType:
    """One entry of a ``content`` map."""

    media_type: str
    schema: Schema = None
    example: Any = None
    has_example: bool = False  # an explicit ``example: null`` is still an example
    examples: dict[str, Any] = field(default_factory=dict)  # name -> Example Object (value, summary, ...)
    encoding: dict[str, Any] = field(default_factory=dict)


@dataclass
class Parameter:
    name: str
    location: str  # path, query, header, cookie
    required: bool = False
    description: str = ""
    deprecated: bool = False
    schema: Schema = None
    example: Any = None
    has_example: bool = False
    examples: dict[str, Any] = field(default_factory=dict)
    style: str | None = None
    explode: bool | None = None
    content: list[MediaType] = field(default_factory=list)  # the rarer ``content`` form
    pointer: str = ""  # JSON pointer of the parameter (its $ref target when it was a reference)

    @property
    def key(self) -> tuple[str, str]:
        """Parameters are unique by name and location; operation-level ones override path-level."""
        return (self.location, self.name)


@dataclass
class RequestBody:
    description: str = ""
    required: bool = False
    content: list[MediaType] = field(default_factory=list)
    pointer: str = ""


@dataclass
class Response:
    status: str  # "200", "4XX", "default"
    description: str = ""
    content: list[MediaType] = field(default_factory=list)
    headers: dict[str, Any] = field(default_factory=dict)  # name -> Header Object (refs kept)
    links: dict[str, Any] = field(default_factory=dict)
    pointer: str = ""


@dataclass
class ServerVariable:
    default: str = ""
    enum: list[str] = field(default_factory=list)
    description: str = ""


@dataclass
class Server:
    url: str
    description: str = ""
    variables: dict[str, ServerVariable] = field(default_factory=dict)

    def resolved_url(self, values: dict[str, str] | None = None) -> str:
        """The URL with ``{variables}`` replaced by ``values`` or their defaults."""
        url = self.url
        for name, variable in self.variables.items():
            value = (values or {}).get(name) or variable.default
            url = url.replace("{" + name + "}", str(value))
        return url


@dataclass
class SecurityScheme:
    name: str  # the key under components.securitySchemes / securityDefinitions
    type: str  # http, apiKey, oauth2, openIdConnect, mutualTLS
    scheme: str = ""  # for http: bearer, basic, ... (lower-case)
    bearer_format: str = ""
    location: str = ""  # for apiKey: header, query, cookie
    parameter_name: str = ""  # for apiKey
    description: str = ""
    flows: dict[str, Any] = field(default_factory=dict)
    open_id_connect_url: str = ""

    @property
    def is_bearer(self) -> bool:
        return self.type == "http" and self.scheme == "bearer"


@dataclass
class Tag:
    name: str
    description: str = ""


@dataclass
class Operation:
    method: str  # lower-case, one of METHODS
    path: str
    pointer: str  # JSON pointer of the operation object, e.g. "#/paths/~1pets/get"
    operation_id: str = ""
    summary: str = ""
    description: str = ""
    tags: list[str] = field(default_factory=list)
    deprecated: bool = False
    parameters: list[Parameter] = field(default_factory=list)  # path-level merged in
    request_body: RequestBody | None = None
    responses: list[Response] = field(default_factory=list)
    security: list[dict[str, list[str]]] | None = None  # None: inherits the description's
    servers: list[Server] = field(default_factory=list)  # effective: operation, path or document servers
    callbacks: dict[str, Any] = field(default_factory=dict)
    webhook: bool = False  # a ``webhooks`` (or ``x-webhooks``) entry; ``path`` is then the webhook's name
    # references of its parameters, body or responses that cannot be followed (external, dangling, cyclic):
    # those objects are missing from the lists above and kept here as written
    kept_refs: list[str] = field(default_factory=list)
    raw: dict[str, Any] = field(default_factory=dict, repr=False)  # the operation object as written
    # the description it belongs to (set by ``Description``): its servers, security schemes and components
    # go with it wherever the operation is handed on, e.g. ``RequestForm(load(x).operations[0])``
    api_description: Description | None = field(default=None, repr=False, compare=False)

    @property
    def title(self) -> str:
        """``summary``; else a readable ``operationId``; else ``METHOD /path`` (the seed's rule)."""
        from orgdocs.model._titles import operation_title

        return operation_title(self)

    @property
    def first_tag(self) -> str | None:
        return self.tags[0] if self.tags else None

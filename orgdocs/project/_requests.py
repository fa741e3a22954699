"""Form values -> HTTP request: the one implementation behind every request form and code sample.

The notebook form turns ``RequestParts`` into an ``httpx.Request`` (``to_httpx``), ``orgdocs.project.samples``
writes them as curl, Python and JavaScript, and the browser's request form (``assets/request.js``) follows the
same rules, reading the same style table (``requests.json``); ``tests/cases/requests`` holds both to the same
outputs:

- **Values** are keyed by ``"in:name"`` (``"header:X-Id"``) or by the parameter name alone (which then
  serves every location that has that name). ``None``, ``""``, ``[]`` and ``{}`` count as no value:
  an optional parameter without value is left out; a path parameter without value keeps its ``{name}``
  placeholder, so the preview shows what is missing.
- **Text of a value** (``text_of``): strings as they are; ``true``/``false``; ``None`` as ``""``; integers,
  and floats without a fractional part, without one (``1.0`` -> ``"1"``, as JavaScript writes it); other
  floats as ``repr`` (JavaScript's ``String()`` agrees except for exponents: ``1e-07`` / ``1e-7``); objects
  and arrays as compact JSON (``JSON.stringify``).
- **Percent-encoding** (path, query, form bodies): every UTF-8 byte except ``A-Z a-z 0-9 - _ . ~`` becomes
  ``%XX`` (upper-case hex); a space is ``%20``.
- **Styles** (``requests.json``, which the browser reads too): path (style ``simple`` by default: arrays
  comma-joined, objects ``k,v,k,v``, ``k=v,k=v`` exploded; ``label`` prefixes ``.``, ``matrix`` writes
  ``;name=value``), query in parameter order (``form`` by default, exploded by default: the key repeated for each
  array item, object members as their own keys; unexploded, items joined by ``,``, ``%20`` for
  ``spaceDelimited``, ``|`` for ``pipeDelimited``; ``deepObject``: ``name%5Bkey%5D=value``, the brackets
  encoded: curl would read them as a glob), headers and cookies as ``simple``, not encoded.
- **Content parameters** (declared with ``content`` instead of ``schema``, ``content_media``): the value is
  one piece of text in the media type, never split by style or explode: a string is that text already (what
  the form's input holds), anything else is written as ``text_of`` writes it (compact JSON for arrays and
  objects). A query or path value is then percent-encoded as one value (``[1,2]`` -> ``q=%5B1%2C2%5D``); a
  header or cookie value is the text as it is. A value the description declares is written by
  ``content_text`` (JSON media types quote a string: ``"abc"``).
- **Headers**, in order: header parameters (``Accept``, ``Content-Type`` and
  ``Authorization`` parameters are ignored, as OpenAPI says), the extra ``headers`` given (a reader's own, in
  their order; blank names skipped), one ``Cookie`` header for cookie parameters and cookie credentials
  (``a=1; b=2``), ``Content-Type`` when a body is sent, then the header credentials
  (``orgdocs.project._security.applied_credentials``; ``token`` is a shorthand for ``Authorization: Bearer``).
  Query credentials follow the query parameters (a ``$PLACEHOLDER`` value is not encoded).
- **Server URL** (``server_url``, before the request is built): absolute ``http(s)`` as it is; protocol-relative
  (``//host/v1``) takes the page's scheme (``https`` when the page is not http(s), e.g. ``file://``); relative
  (``/v1``, ``v1``, empty) resolves against the URL the description was fetched from, else against the page's
  origin, else stays relative. Then joined with the path with exactly one ``/`` between them.
- **Checks before sending** (``request_problems``): an empty required parameter (path parameters are always
  required), an empty required body or a JSON body that does not parse, a header name that is not an HTTP
  token (or a value with a line break, or a character beyond Latin-1), a server URL holding a user name or
  password (``http://user@host``) or a backslash anywhere (``http://a\\@b``: a browser sends it to ``a``,
  httpx and curl to ``b``), and a URL whose origin is not the server's (a path that would change the host)
  each block Send with a message; nothing is sent.
- **Body**: not passed -> the request example of the chosen media type (the first one declared unless
  ``media_type`` says); ``None`` -> no body; a ``str`` -> sent as it is; anything else is serialized: JSON
  media types (``application/json``, ``*/*+json``) as JSON with a 2-space indent, integral floats written as
  integers; ``application/x-www-form-urlencoded`` as ``key=value&...`` (arrays repeat the key, nested values
  are compact JSON); ``multipart/form-data`` as JSON text of its fields, with a ``note`` saying so (the
  code samples and ``to_httpx`` send them as real form fields); any other media type as JSON text.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from orgdocs.loading import follow, is_url
from orgdocs.model import MediaType, Operation, Parameter
from orgdocs.project._examples import Resolve, declared_example, media_example
from orgdocs.project._json_text import indented
from orgdocs.project._security import PLACEHOLDER, is_placeholder

if TYPE_CHECKING:  # pragma: no cover
    import httpx

__all__ = [
    "IGNORED_HEADERS",
    "RequestParts",
    "body_problem",
    "build_request",
    "content_media",
    "content_text",
    "declared_value",
    "encode",
    "integral_numbers",
    "is_json_media_type",
    "parameter_rules",
    "parameter_value",
    "path_order",
    "request_problems",
    "schema_type",
    "server_refusal",
    "server_url",
    "text_of",
    "to_httpx",
]

_UNSET: Any = object()
_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")
_RULES = json.loads(Path(__file__).with_name("requests.json").read_text(encoding="utf-8"))
IGNORED_HEADERS = frozenset(_RULES["ignoredHeaders"])  # header parameters never sent, as OpenAPI says
_SLOT = re.compile(r"\{(\w+)\}")
MULTIPART_NOTE = "multipart/form-data: the fields are shown as JSON; they are sent as form fields"


@dataclass
class RequestParts:
    """An HTTP request as text: what the preview shows, what the samples write and what is sent."""

    method: str  # upper-case
    url: str
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: str | None = None
    media_type: str | None = None
    note: str = ""  # e.g. how a multipart body is represented
    # the placeholder variables (``TOKEN`` for ``$TOKEN``) its credentials carry: samples write them as
    # environment variables
    variables: list[str] = field(default_factory=list)


def build_request(
    operation: Operation,
    *,
    server_url: str,
    values: dict[str, Any],
    body: Any = _UNSET,
    media_type: str | None = None,
    token: str | None = None,
    credentials: list[tuple[str, str, str]] | None = None,
    headers: list[tuple[str, str]] | None = None,
    resolve: Resolve | None = None,
) -> RequestParts:
    """The request for ``operation`` with ``values`` applied (rules in the module docstring).

    ``credentials``: ``(location, name, value)`` triples from ``_security.applied_credentials``;
    ``headers``: extra request headers; ``resolve`` follows ``$ref``s when the body is generated from the
    schema; without it only the description's own examples are used.
    """
    extra_headers = headers or []
    path = operation.path
    query: list[str] = []
    headers: list[tuple[str, str]] = []
    cookies: list[str] = []
    for param in operation.parameters:
        value = parameter_value(param, values)
        if _is_empty(value) or param.location not in _PARAMETERS:
            continue  # a path parameter without value keeps its {name}
        if content_media(param) is None:
            text = _styled(param, value)
        else:  # a content parameter is one value whatever its type: style and explode do not apply
            text = _styled(param, text_of(value), whole=True)
        if param.location == "path":
            path = path.replace("{" + param.name + "}", text)
        elif param.location == "query":
            query.append(text)
        elif param.location == "header":
            if param.name.lower() not in IGNORED_HEADERS:
                headers.append((param.name, text))
        else:
            cookies.append(text)
    headers.extend((name, value) for name, value in extra_headers if name.strip())
    secrets = list(credentials or [])
    if token:
        secrets.append(("header", "Authorization", f"Bearer {token}"))
    for location, name, value in secrets:
        if location == "query":
            text = value if is_placeholder(value) else encode(value)
            query.append(f"{encode(name)}={text}")
        elif location == "cookie":
            cookies.append(f"{name}={value}")
    if cookies:
        headers.append(("Cookie", "; ".join(cookies)))

    chosen = _chosen_media(operation, media_type)
    if media_type is None and chosen is not None:
        media_type = chosen.media_type
    if body is _UNSET:
        body = None
        if chosen is not None:
            body = media_example(chosen, resolve or _unresolvable, direction="request")[1]
    text, note = (None, "") if body is None else _serialize(body, media_type or "application/json")
    if text is not None:
        media_type = media_type or "application/json"
        headers.append(("Content-Type", media_type))
    else:
        media_type = None
    headers.extend((name, value) for location, name, value in secrets if location == "header")

    url = join_url(server_url, path)
    if query:
        url += ("&" if "?" in url else "?") + "&".join(query)
    variables = []
    for _, _, value in secrets:  # only a value that is all placeholders (a real one may hold a "$X")
        if PLACEHOLDER.sub("", value) not in ("", "Bearer ", "Basic :"):
            continue
        for found in PLACEHOLDER.findall(value):
            if found[1:] not in variables:
                variables.append(found[1:])
    return RequestParts(operation.method.upper(), url, headers, text, media_type, note, variables)


def to_httpx(parts: RequestParts) -> httpx.Request:
    """An ``httpx.Request`` for ``parts``; the URL must be absolute. A multipart body is sent as form fields."""
    import httpx

    if not is_url(parts.url):
        raise ValueError(
            f"cannot send a request to {parts.url!r}: choose a server with an absolute http(s) URL"
        )
    headers = list(parts.headers)
    fields = multipart_fields(parts)
    if fields is not None:
        headers = [(k, v) for k, v in headers if k.lower() != "content-type"]  # httpx adds the boundary
        files = [(name, (None, value.encode())) for name, value in fields]
        return httpx.Request(parts.method, parts.url, headers=headers, files=files)
    content = parts.body.encode() if parts.body is not None else None
    return httpx.Request(parts.method, parts.url, headers=headers, content=content)


def server_url(url: str, *, description_url: str | None = None, page_url: str | None = None) -> str:
    """A server's URL made absolute where it can be (rules in the module docstring)."""
    url = url.strip()
    if _ABSOLUTE.match(url):
        return url
    if url.startswith("//"):
        scheme = page_url.split(":", 1)[0].lower() if page_url and _ABSOLUTE.match(page_url) else "https"
        return f"{scheme}:{url}"
    for base in (description_url, _origin(page_url or "") and _origin(page_url or "") + "/"):
        if base and _ABSOLUTE.match(base):
            return _join_reference(base, url or "/")
    return url


def request_problems(
    operation: Operation,
    parts: RequestParts,
    *,
    values: dict[str, Any],
    server: str,
    body_text: str | None = None,
    media_type: str | None = None,
) -> dict[str, str]:
    """What blocks sending ``parts``: ``{place: message}``, a place being ``"in:name"`` of a parameter,
    ``"body"``, ``"headers"`` or ``"url"``. Empty when the request may go."""
    problems: dict[str, str] = {}
    for param in path_order(operation):  # the form's order
        if (param.required or param.location == "path") and _is_empty(parameter_value(param, values)):
            problems[f"{param.location}:{param.name}"] = f"{param.name} is required"
    body = operation.request_body
    problem = body_problem(body_text, media_type, required=bool(body is not None and body.required))
    if body is not None and body.content and problem:
        problems["body"] = problem
    bad = [name for name, value in parts.headers if not _TOKEN.fullmatch(name) or _BAD_VALUE.search(value)]
    if bad:
        problems["headers"] = "not a valid header name or value: " + ", ".join(bad)
    origin = _origin(server)
    url_origin = _origin(parts.url)
    refused = server_refusal(server)
    if refused:
        problems["url"] = refused
    elif origin and url_origin.lower() != origin.lower():
        problems["url"] = f"the request would leave the server {origin} (for {url_origin or parts.url})"
    elif not origin and parts.url.startswith("//"):
        problems["url"] = f"the path would change the host: {parts.url}"
    return problems


def server_refusal(url: str) -> str:
    """Why a server URL is refused ("" when it is not): a backslash anywhere, which clients read apart (a
    browser as ``/``, httpx and curl as a character of the host or path), or a user name or password in its
    authority, which would send the request, and the credentials with it, to the host after the ``@``."""
    if "\\" in url:
        return f"the server URL {url} holds a backslash, which clients read differently: not sent"
    match = _AUTHORITY.match(url)
    if match and "@" in match.group(1):
        return f"the server URL {url} holds a user name or password (before '@'): not sent"
    return ""


def body_problem(text: str | None, media_type: str | None, *, required: bool = False) -> str:
    """Why a body text cannot be sent ("" when it can): required and empty, or JSON that does not parse."""
    if text is None or not text.strip():
        return "the body is required" if required else ""
    if is_json_media_type(media_type):
        try:
            json.loads(text)
        except ValueError:
            return "the body is not valid JSON"
    return ""


_ABSOLUTE = re.compile(r"^https?://", re.IGNORECASE)
_ORIGIN = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*")
_AUTHORITY = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?//([^/?#]*)")
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_BAD_VALUE = re.compile(r"[\r\n\0]|[^\x00-\xff]")  # fetch and httpx send header values as Latin-1


def _origin(url: str) -> str:
    match = _ORIGIN.match(url)
    return match.group(0) if match else ""


def _join_reference(base: str, reference: str) -> str:
    """``reference`` resolved against the absolute ``base`` (RFC 3986; the browser's ``new URL``)."""
    from urllib.parse import urljoin

    return urljoin(base, reference)


def multipart_fields(parts: RequestParts) -> list[tuple[str, str]] | None:
    """The form fields of a multipart body (values as text), or None when it is not one we can read."""
    if parts.body is None or _essence(parts.media_type) != "multipart/form-data":
        return None
    try:
        data = json.loads(parts.body)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    fields = []
    for name, value in data.items():
        items = value if isinstance(value, list) else [value]
        fields.extend((name, text_of(item)) for item in items)
    return fields


# --- values ---------------------------------------------------------------------------------------------


def parameter_value(param: Parameter, values: dict[str, Any]) -> Any:
    """The value given for ``param``: by ``"in:name"`` first, else by name."""
    key = f"{param.location}:{param.name}"
    if key in values:
        return values[key]
    return values.get(param.name)


def declared_value(param: Parameter, resolve: Resolve) -> tuple[bool, Any]:
    """(found, value): what the description itself gives ``param`` to start with. Its ``example``, else
    its first ``examples`` value (or its ``content``'s), else its schema's ``example``, ``examples[0]``,
    ``default``, or its enum when it has a single value. Never a generated value (forms prefill only
    this; what ``_examples.parameter_example`` makes up is a placeholder hint)."""
    found, value = declared_example(param.example, param.has_example, param.examples, resolve)
    if not found and param.content:
        media = param.content[0]
        # unlike the parameter's own, the media type's explicit ``example: null`` prefills nothing
        found, value = declared_example(
            media.example if media.has_example else None, False, media.examples, resolve
        )
    if found:
        return True, value
    schema = param.schema if param.schema is not None or not param.content else param.content[0].schema
    schema = follow(schema, resolve)
    if not isinstance(schema, dict):
        return False, None
    if "example" in schema:
        return True, schema["example"]
    if isinstance(schema.get("examples"), list) and schema["examples"]:
        return True, schema["examples"][0]
    if "default" in schema:
        return True, schema["default"]
    if isinstance(schema.get("enum"), list) and len(schema["enum"]) == 1:
        return True, schema["enum"][0]
    return False, None


def content_media(param: Parameter) -> MediaType | None:
    """The media type ``param`` is written in when it is declared with ``content`` instead of ``schema``
    (the map holds one entry; its first is taken), else None."""
    return param.content[0] if param.schema is None and param.content else None


def content_text(param: Parameter, value: Any) -> str:
    """A value the description declares for the content parameter ``param``, written in its media type:
    JSON text (compact) for a JSON media type, so a string is quoted; ``text_of`` for any other. This is
    the text a form's input starts with; what it holds is then sent as it is. ``None`` is no value, as
    everywhere: ``""``."""
    if value is None:
        return ""
    media = content_media(param)
    if media is not None and is_json_media_type(media.media_type):
        return json.dumps(integral_numbers(value), separators=(",", ":"), ensure_ascii=False)
    return text_of(value)


def path_order(operation: Operation) -> list[Parameter]:
    """The parameters as a form lists them: the path's own, in the order the path names them, then the
    others in the description's order."""
    names = re.findall(r"\{([^{}]+)\}", operation.path)
    in_path = [p for p in operation.parameters if p.location == "path"]
    in_path.sort(key=lambda p: names.index(p.name) if p.name in names else len(names))
    return in_path + [p for p in operation.parameters if p.location != "path"]


def text_of(value: Any) -> str:
    """A scalar as text the way JavaScript's ``String()`` writes it; objects and arrays as compact JSON."""
    if isinstance(value, str):
        return value
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return str(int(value))
        return repr(value)
    return json.dumps(integral_numbers(value), separators=(",", ":"), ensure_ascii=False)


def encode(text: str) -> str:
    """Percent-encode every byte of the UTF-8 text but ``A-Z a-z 0-9 - _ . ~``."""
    return "".join(chr(b) if b in _SAFE else f"%{b:02X}" for b in text.encode("utf-8"))


def join_url(server_url: str, path: str) -> str:
    """``server_url`` + ``path`` with exactly one slash between them."""
    if not server_url:
        return path
    if not path:
        return server_url
    return server_url.rstrip("/") + "/" + path.lstrip("/")


def is_json_media_type(media_type: str | None) -> bool:
    """``application/json``, ``text/json`` and every ``+json`` type (parameters ignored)."""
    essence = _essence(media_type)
    subtype = essence.partition("/")[2]
    return subtype == "json" or subtype.endswith("+json")


def _is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, (str, list, tuple, dict)) and len(value) == 0)


def _pairs(value: dict) -> list[tuple[str, str]]:
    return [(str(k), text_of(v)) for k, v in value.items()]


def parameter_rules() -> dict[str, dict]:
    """How a value is written by location and style: ``requests.json``'s ``parameters``, each style's ``like``
    resolved (the rules of that file's comment; the browser reads the same)."""
    out: dict[str, dict] = {}
    for location, rules in _RULES["parameters"].items():
        styles = rules["styles"]
        resolved = {
            name: {**styles.get(style.get("like", ""), {}), **style} for name, style in styles.items()
        }
        for style in resolved.values():
            style.pop("like", None)
        out[location] = {**rules, "styles": resolved}
    return out


def _styled(param: Parameter, value: Any, *, whole: bool = False) -> str:
    """``value`` written as ``param``'s location and style say (``whole``: one text, in the default style)."""
    rules = _PARAMETERS[param.location]
    style = (None if whole else param.style) or rules["style"]
    explode = param.explode if param.explode is not None else style in rules["explodedByDefault"]
    shapes = rules["styles"].get(style) or rules["styles"][rules["style"]]
    written = encode if rules["encoded"] else str
    if isinstance(value, (list, tuple)):
        shape, items = "array", [{"value": written(text_of(v))} for v in value]
    elif isinstance(value, dict):
        shape, items = "object", [{"key": written(k), "value": written(v)} for k, v in _pairs(value)]
    else:
        shape, items = "value", [{"value": written(text_of(value))}]
    prefix, item, separator = shapes.get(f"{shape} exploded" if explode else shape) or shapes[shape]
    name = written(param.name)
    return _fill(prefix, {"name": name}) + separator.join(_fill(item, {"name": name, **i}) for i in items)


def _fill(template: str, slots: dict[str, str]) -> str:
    return _SLOT.sub(lambda match: slots[match.group(1)], template)


_PARAMETERS = parameter_rules()


# --- body -----------------------------------------------------------------------------------------------


def _chosen_media(operation: Operation, media_type: str | None) -> MediaType | None:
    if operation.request_body is None or not operation.request_body.content:
        return None
    if media_type is None:
        return operation.request_body.content[0]
    return next((m for m in operation.request_body.content if m.media_type == media_type), None)


def _serialize(body: Any, media_type: str) -> tuple[str, str]:
    """The body text and a note about it."""
    if isinstance(body, str):
        return body, ""
    essence = _essence(media_type)
    if essence == "application/x-www-form-urlencoded" and isinstance(body, dict):
        pairs = []
        for key, value in body.items():
            for item in value if isinstance(value, list) else [value]:
                pairs.append(f"{encode(str(key))}={encode(text_of(item))}")
        return "&".join(pairs), ""
    text = indented(integral_numbers(body))
    if essence == "multipart/form-data":
        return text, MULTIPART_NOTE
    return text, ""


def schema_type(schema: Any) -> str | None:
    """The JSON type of a parameter's schema: ``type`` (its first non-null one in 3.1), else what
    ``properties`` or ``items`` imply; None when the schema does not say."""
    if not isinstance(schema, dict):
        return None
    kind = schema.get("type")
    if isinstance(kind, list):  # OpenAPI 3.1: ["integer", "null"]
        kind = next((k for k in kind if k != "null"), None)
    if isinstance(kind, str):
        return kind
    if "properties" in schema:
        return "object"
    if "items" in schema:
        return "array"
    return None


def integral_numbers(value: Any) -> Any:
    """Floats without a fractional part as integers, so that Python and JavaScript write the same JSON."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: integral_numbers(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [integral_numbers(v) for v in value]
    return value


def _essence(media_type: str | None) -> str:
    return (media_type or "").split(";", 1)[0].strip().lower()


def _unresolvable(ref: str) -> Any:
    raise KeyError(ref)

"""``RequestForm``: try one operation from the notebook, with the request built and sent by the kernel.

The widget only wires inputs to plain functions: ``orgdocs.site.requests`` builds and checks the request (the
same rules as the browser's form), ``orgdocs.site.security`` decides which credentials an operation takes and
how they are applied, ``orgdocs.site.samples`` writes the code samples (credentials as placeholders), and the
functions of this module read parameter schemas into input kinds (``input_spec``), parse what was typed
(``parse_input``), decide where a request may go (``allowed_server``) and render a response or an error
(``response_html``, ``error_html``). All of them are tested without widgets. The public methods of
``RequestForm`` (``choose_server``, ``set_credential``, ``set_values``, ``request``, ``send``) are plain
methods over them, so another front-end can reuse them.

Safety: the request leaves from the kernel's machine, which in a shared notebook (Binder, Voila) is not the
reader's. By default a form only sends to the servers the description declares (a server template with any
values of its variables, an ``enum`` variable only one of its values), or to the URL prefixes of an explicit
``allow`` list.
"""

from __future__ import annotations

import contextlib
import functools
import html
import json
import re
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import httpx
import ipywidgets as widgets
import traitlets

from orgdocs.errors import OrgdocsError
from orgdocs.render.widgets.operation_view import operation_target
from orgdocs.render.widgets.style import stylesheet
from orgdocs.render.widgets.tokens import TOKENS, TokenStore
from orgdocs.site import security
from orgdocs.site.examples import media_example, parameter_example
from orgdocs.site.payloads import security_scheme_dict
from orgdocs.site.requests import (
    RequestParts,
    build_request,
    content_media,
    content_text,
    declared_value,
    is_json_media_type,
    path_order,
    request_problems,
    schema_type,
    server_url,
    text_of,
    to_httpx,
)
from orgdocs.site.samples import code_samples

if TYPE_CHECKING:
    from orgdocs.model import Description, Operation, Parameter, Server
    from orgdocs.site import OperationEntry, Site

__all__ = [
    "DEFAULT_TIMEOUT",
    "FormError",
    "InputSpec",
    "RefusedError",
    "RequestForm",
    "allowed_server",
    "describe_error",
    "error_html",
    "input_spec",
    "parse_header_lines",
    "parse_input",
    "response_html",
    "server_base",
    "token_key",
]

DEFAULT_TIMEOUT = 10.0  # seconds, for the client a form makes when none is given
MAX_BODY_CHARS = 200_000  # of a response shown in the result area
OTHER_SERVER = -1  # the server choice whose URL is typed
SAMPLE_LANGUAGES = (("curl", "curl"), ("python", "Python (httpx)"), ("javascript", "JavaScript (fetch)"))


class FormError(OrgdocsError):
    """A request form cannot build its request: an invalid input, a body that is not JSON, no server."""


class RefusedError(FormError):
    """The request would go to a server that is neither declared by the description nor allowed."""


# --- parameter inputs ---------------------------------------------------------------------------------


@dataclass
class InputSpec:
    """How one parameter is asked for: its kind of input, choices and what it is prefilled with."""

    key: str  # "in:name", the key of ``build_request``'s values
    name: str
    location: str
    kind: str  # enum, boolean, integer, number, array, object, string, content
    required: bool = False
    options: list[Any] = field(default_factory=list)  # enum members
    item_kind: str = "string"  # for arrays
    default: Any = None
    example: Any = None  # what the description declares (``requests.declared_value``): the prefill
    hint: Any = None  # the declared or a generated example: the grey placeholder
    description: str = ""
    uuid: bool = False  # ``format: uuid``: a "Generate" button fills it
    media_type: str = ""  # of a content parameter: its input holds the value's text in this media type


def _kind_of(schema: Any, deref: Any) -> tuple[str, list[Any]]:
    schema = deref(schema) if deref is not None else schema
    if not isinstance(schema, dict):
        return "string", []
    enum = schema.get("enum")
    if isinstance(enum, list) and [v for v in enum if v is not None]:
        return "enum", [v for v in enum if v is not None]
    kind = schema_type(schema)
    if kind in ("boolean", "integer", "number", "array", "object"):
        return kind, []
    return "string", []


def input_spec(param: Parameter, description: Description | None = None) -> InputSpec:
    """The input for ``param``: enum -> choice, boolean -> checkbox, integer/number, array, object, else text;
    a parameter declared with ``content`` -> its value's text in that media type (``requests.content_text``)."""
    deref = description.deref if description is not None else None
    resolve = description.resolve if description is not None else _no_refs
    schema = deref(param.schema) if deref is not None else param.schema
    media = content_media(param)
    if media is not None:
        kind, options = "content", []
    else:
        kind, options = _kind_of(schema, deref)
    item_kind = "string"
    if kind == "array" and isinstance(schema, dict):
        item_kind, _ = _kind_of(schema.get("items"), deref)
        if item_kind not in ("integer", "number", "boolean"):
            item_kind = "string"
    found, example = declared_value(param, resolve)
    try:
        hint = example if found else parameter_example(param, resolve)
    except Exception:  # a hint is a convenience; a schema it cannot read still gets an input
        hint = None
    if media is not None:  # declared values are values; the input holds their text
        example = content_text(param, example) if found else None
        hint = content_text(param, hint) if hint is not None else None
    default = schema.get("default") if isinstance(schema, dict) else None
    return InputSpec(
        key=f"{param.location}:{param.name}",
        name=param.name,
        location=param.location,
        kind=kind,
        required=param.required or param.location == "path",
        options=options,
        item_kind=item_kind,
        default=default,
        example=example,
        hint=hint,
        description=param.description,
        uuid=kind == "string" and isinstance(schema, dict) and schema.get("format") == "uuid",
        media_type=media.media_type if media is not None else "",
    )


def _no_refs(ref: str) -> Any:
    raise KeyError(ref)


def input_text(value: Any) -> str:
    """A value as it is written into a text input."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)) and all(not isinstance(v, (dict, list)) for v in value):
        return ",".join(text_of(v) for v in value)
    return text_of(value)


def _scalar(kind: str, text: str) -> Any:
    if kind == "integer":
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not an integer") from None
    if kind == "number":
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number") from None
        return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number
    if kind == "boolean":
        if text.lower() in ("true", "false"):
            return text.lower() == "true"
        raise ValueError(f"{text!r} is not true or false")
    return text


def parse_input(spec: InputSpec, raw: Any) -> Any:
    """The value of ``spec``'s input for ``build_request``; ``None`` for no value. ``ValueError`` if invalid.

    Text inputs are parsed by kind: integers and numbers (empty is no value), arrays as comma-separated
    items or a JSON array, objects as JSON. A checkbox of an optional boolean sends a value only when it
    differs from the schema's default (false when there is none), so an unchecked box adds nothing. A
    content parameter's text is its value as it is sent (``requests.build_request`` encodes it as one value).
    """
    if spec.kind == "boolean":
        if spec.required:
            return bool(raw)
        default = spec.default if isinstance(spec.default, bool) else False
        return bool(raw) if bool(raw) != default else None
    if spec.kind == "enum":
        return raw
    text = (raw or "").strip() if isinstance(raw, str) else raw
    if text in (None, ""):
        return None
    if spec.kind == "content":
        return raw
    if spec.kind in ("integer", "number"):
        return _scalar(spec.kind, text)
    if spec.kind == "array":
        if text.startswith("["):
            try:
                value = json.loads(text)
            except ValueError as error:
                raise ValueError(f"not a JSON array ({error})") from None
            if not isinstance(value, list):
                raise ValueError("not a JSON array")
            return value
        return [_scalar(spec.item_kind, item.strip()) for item in text.split(",")]
    if spec.kind == "object":
        try:
            return json.loads(text)
        except ValueError as error:
            raise ValueError(f"not JSON ({error})") from None
    return raw


def parse_header_lines(text: str) -> list[tuple[str, str]]:
    """Extra request headers typed one per line as ``Name: value`` (blank lines skipped; a line without a
    colon is a name with an empty value, which ``request_problems`` then checks)."""
    headers = []
    for line in text.splitlines():
        if line.strip():
            name, _, value = line.partition(":")
            headers.append((name.strip(), value.strip()))
    return headers


# --- servers and safety ---------------------------------------------------------------------------------


def server_base(url: str, base_url: str | None) -> str:
    """``url`` made absolute: a relative server URL (``/v1``) is joined to ``base_url``; a scheme-relative
    one (``//host/v1``, Swagger 2.0 without ``schemes``) takes the base's scheme, else https."""
    url = url.strip()
    if url.lower().startswith(("http://", "https://")):
        return url
    if url.startswith("//"):
        scheme = httpx.URL(base_url).scheme if base_url else "https"
        return f"{scheme}:{url}"
    if not base_url:
        if not url:
            raise FormError(
                "no server URL: type one, or pass a client with a base_url (httpx.Client(base_url=...))"
            )
        raise FormError(
            f"the server URL {url} is relative and there is no base to resolve it against: "
            "pass a client with a base_url (httpx.Client(base_url=...)) or choose an absolute server"
        )
    if not url:
        return base_url.rstrip("/")
    return base_url.rstrip("/") + "/" + url.lstrip("/")


_VARIABLE = re.compile(r"\{([^{}]+)\}")


def _server_pattern(
    server: Server, base_url: str | None, description_url: str | None = None
) -> re.Pattern | None:
    """A regex of every URL ``server`` may resolve to: a variable takes any value without ``/?#`` (one of its
    ``enum`` when it has one); one the server does not define matches nothing."""
    template = server.url.strip()
    if description_url and not template.startswith(("//", "{")):
        template = server_url(template, description_url=description_url)
    if not template.lower().startswith(("http://", "https://", "{")):
        try:
            template = server_base(template, base_url)
        except FormError:
            return None
    scheme_end = template.find("://")
    authority_end = template.find("/", scheme_end + 3 if scheme_end >= 0 else 0)
    if authority_end < 0:
        authority_end = len(template)
    parts, last = [], 0
    for match in _VARIABLE.finditer(template):
        parts.append(re.escape(template[last : match.start()]))
        variable = server.variables.get(match.group(1))
        choices = [str(v) for v in variable.enum] if variable and variable.enum else []
        if not variable:
            parts.append("(?!)")
        elif choices:
            parts.append("(?:" + "|".join(re.escape(c) for c in choices) + ")")
        else:
            parts.append("[^/?#@]*" if match.start() < authority_end else "[^/?#]*")
        last = match.end()
    parts.append(re.escape(template[last:].rstrip("/")))
    return re.compile("".join(parts) + "/?", re.IGNORECASE)


def _under_prefix(url: str, prefix: str) -> bool:
    url, prefix = url.rstrip("/"), prefix.rstrip("/")
    if url.lower() == prefix.lower():
        return True
    head = url[: len(prefix)]
    return head.lower() == prefix.lower() and url[len(prefix)] in "/?#"


def allowed_server(
    url: str,
    servers: Sequence[Server],
    allow: Sequence[str] | None = None,
    base_url: str | None = None,
    description_url: str | None = None,
) -> bool:
    """Whether a form may send to the absolute server ``url``.

    With ``allow`` given, ``url`` must fall under one of its URL prefixes (``"*"`` allows any server);
    otherwise it must be one of ``servers`` (relative ones resolved against ``description_url``, the URL the
    description was fetched from, else joined to ``base_url``), its variables taking any
    value (an ``enum`` one only its values).
    """
    if allow is not None:
        return any(prefix == "*" or _under_prefix(url, prefix) for prefix in allow)
    for server in servers:
        pattern = _server_pattern(server, base_url, description_url)
        if pattern is not None and pattern.fullmatch(url.rstrip("/") or url):
            return True
    return False


# --- security -------------------------------------------------------------------------------------------


def token_key(site: Site, group: str) -> str:
    """The token store's key for ``group`` of ``site``: its descriptions' sources and the group.

    Not the title, which any description can copy: a token typed for one API must never be offered to a
    form of another one that merely shares its name (and declares its own server).
    """
    sources = " + ".join(description.source for description in site.descriptions)
    return f"{sources} / {group}"


# --- result area ----------------------------------------------------------------------------------------


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def pretty_body(response: httpx.Response) -> str:
    """The response body as readable text: JSON indented, text as it is, binary summarized."""
    content = response.content
    if not content:
        return ""
    media = response.headers.get("content-type", "")
    if is_json_media_type(media) or media.split(";")[0].strip().endswith("/problem+json"):
        try:
            text = json.dumps(json.loads(content), indent=2, ensure_ascii=False)
        except ValueError:
            text = response.text
    else:
        try:
            text = content.decode(response.encoding or "utf-8")
        except (UnicodeDecodeError, LookupError):
            return f"<{len(content):,} bytes of {media or 'binary data'}>"
        if "\x00" in text:
            return f"<{len(content):,} bytes of {media or 'binary data'}>"
    if len(text) > MAX_BODY_CHARS:
        text = text[:MAX_BODY_CHARS] + f"\n… ({len(text) - MAX_BODY_CHARS:,} more characters not shown)"
    return text


def response_html(response: httpx.Response, seconds: float, *, hint: str = "", url: str | None = None) -> str:
    """Status, time, headers and body of ``response``, every value escaped; ``url`` is shown for the
    request's (the form passes it with credentials as placeholders: a query key must not be shown)."""
    status = response.status_code
    family = f"{status // 100}xx" if 100 <= status < 600 else "5xx"
    request = response.request
    rows = "".join(
        f"<tr><td>{_e(name)}</td><td>{_e(value)}</td></tr>" for name, value in response.headers.multi_items()
    )
    body = pretty_body(response)
    return (
        f'<div class="orgdocs-response">'
        f'<div><span class="orgdocs-status orgdocs-status-{family}">{status} {_e(response.reason_phrase)}</span>'
        f' <span class="orgdocs-muted">{seconds * 1000:,.0f} ms · {_e(request.method)} {_e(url or request.url)}</span></div>'
        + (f'<div class="orgdocs-hint">{_e(hint)}</div>' if hint else "")
        + f"<details><summary>Headers ({len(response.headers)})</summary>"
        f'<table class="orgdocs-headers">{rows}</table></details>'
        + (f"<pre>{_e(body)}</pre>" if body else '<div class="orgdocs-muted">(empty body)</div>')
        + "</div>"
    )


def error_html(title: str, detail: str = "", *, refused: bool = False) -> str:
    extra = " orgdocs-refused" if refused else ""
    text = f"<b>{_e(title)}</b>" + (f"<br>{_e(detail)}" if detail else "")
    return f'<div class="orgdocs-error{extra}">{text}</div>'


def describe_error(error: BaseException) -> tuple[str, str]:
    """(title, detail) for an error met while building or sending a request."""
    if isinstance(error, RefusedError):
        return "Request refused", str(error)
    if isinstance(error, FormError):
        return "Cannot build the request", str(error)
    if isinstance(error, httpx.TimeoutException):
        return "Timed out", f"no answer within the client's timeout ({error})"
    if isinstance(error, httpx.ConnectError):
        return "Connection failed", f"{error} (is the server running, and is the URL right?)"
    return f"Request failed ({type(error).__name__})", str(error)


# --- the widget -----------------------------------------------------------------------------------------


class _TokenInput(widgets.Password):
    """A password box that never holds what is typed: the validator hands it on and keeps the value empty.

    The value is therefore never sent back to the browser, never echoed and never in saved widget state.
    """

    value = traitlets.Unicode("", help="always empty; a token typed here goes to the token store").tag(
        sync=True, echo_update=False
    )

    def __init__(self, on_token: Any, **kwargs: Any):
        self._on_token = on_token
        super().__init__(**kwargs)

    @traitlets.validate("value")
    def _hand_on(self, proposal: dict) -> str:
        if proposal["value"]:
            self._on_token(proposal["value"])
            self.send_state("value")  # the browser still shows what was typed: empty it there too
        return ""


class RequestForm(widgets.VBox):
    """Server, credentials, parameters and body of one operation, its code samples, Send and the result.

    ``RequestForm(operation)`` for an operation of ``orgdocs.load(...)`` (it knows its description),
    ``RequestForm(site, route)``, ``RequestForm(entry)`` or ``RequestForm(operation, description=...)``.
    ``client`` is any ``httpx.Client`` (default: a new one with a timeout); ``allow`` a list of URL
    prefixes the form may send to instead of the declared servers (``["*"]`` for any); ``values`` prefills
    parameters (by name or ``"in:name"``). ``.request`` is the ``httpx.Request`` Send would send,
    ``.send()`` sends it and returns the ``httpx.Response``; ``.response`` is the last one. From code:
    ``choose_server``, ``set_server_variables``, ``set_credential``, ``choose_security``, ``set_values``,
    ``set_headers``.
    """

    def __init__(
        self,
        target: Site | OperationEntry | Operation,
        route: str | None = None,
        *,
        client: httpx.Client | None = None,
        allow: Sequence[str] | None = None,
        values: dict[str, Any] | None = None,
        description: Description | None = None,
        tokens: TokenStore | None = None,
        **kwargs: Any,
    ):
        super().__init__(**kwargs)
        self.site, self.route = operation_target(target, route, description)
        self.entry = self.site.operations[self.route]
        self.operation: Operation = self.entry.operation
        self.description: Description = self.entry.description
        self.allow = list(allow) if allow is not None else None
        self.response: httpx.Response | None = None
        self.error: BaseException | None = None
        self._client = client
        self._tokens = tokens if tokens is not None else TOKENS
        self._token_key = token_key(self.site, self.entry.group)
        self._servers: list[Server] = list(self.operation.servers)
        self._specs = [input_spec(p, self.description) for p in path_order(self.operation)]
        self._alternatives = security.security_alternatives(self.description.security_for(self.operation))
        named = {name for alternative in self._alternatives for name in alternative}
        self._schemes = {
            name: security_scheme_dict(scheme)
            for name, scheme in self.description.security_schemes.items()
            if name in named
        }
        self._security_choice: int | None = None  # None: the first satisfied alternative
        self._extra_headers: list[tuple[str, str]] = []
        self.add_class("orgdocs-request-form")

        choices = [(_server_label(s), i) for i, s in enumerate(self._servers)]
        if self.allow is not None:  # an allow list makes other servers possible
            choices.append(("Other URL…", OTHER_SERVER))
        self._server_choice = widgets.Dropdown(
            options=choices,
            description="Server",
            layout=widgets.Layout(width="100%"),
        )
        self._server_url = widgets.Text(
            value=str(self.client_base or ""),
            description="Server",
            placeholder="https://api.example.com",
            continuous_update=False,
            layout=widgets.Layout(width="100%"),
        )
        self._variables_box = widgets.VBox()
        self._variable_inputs: dict[str, widgets.ValueWidget] = {}

        # one input per credential field of every scheme the operation's security names
        self._credential_inputs: dict[tuple[str, str], _TokenInput] = {}
        for name in sorted(named, key=lambda n: [n in a for a in self._alternatives], reverse=True):
            for item in security.scheme_inputs(name, self._schemes.get(name)):
                self._credential_inputs[(name, item["field"])] = _TokenInput(
                    functools.partial(self._typed_credential, name, item["field"]),
                    description=item["label"],
                    placeholder=f"${item['variable']}: kept in kernel memory only, shared by this API's forms",
                    continuous_update=False,
                    style={"description_width": "initial"},
                    layout=widgets.Layout(width="100%"),
                )
        token_fields = [key for key in self._credential_inputs if self._is_token(key[0])]
        # the first token input, or one outside the form (set_token on a form without a token scheme)
        self._token_input = (
            self._credential_inputs[token_fields[0]]
            if token_fields
            else _TokenInput(self.set_token, description="Token")
        )
        self._security_dropdown = widgets.Dropdown(
            options=[
                (" and ".join(a) if a else "No credentials", i) for i, a in enumerate(self._alternatives)
            ],
            description="Credentials",
            layout=widgets.Layout(width="100%"),
        )
        self._token_status = widgets.HTML()
        self._token_status.add_class("orgdocs-token-status")
        self._forget = widgets.Button(
            description="Forget credentials", icon="trash", layout=widgets.Layout(width="auto")
        )
        self._headers_input = widgets.Textarea(
            placeholder="Extra headers, one per line: X-Name: value",
            rows=2,
            continuous_update=False,
            layout=widgets.Layout(width="100%"),
        )

        prefill = dict(values or {})
        self._inputs: dict[str, widgets.ValueWidget] = {
            spec.key: self._make_input(spec, prefill) for spec in self._specs
        }

        body = self.operation.request_body
        self._media_types = [m.media_type for m in body.content] if body is not None else []
        self._media_choice = widgets.Dropdown(
            options=self._media_types, description="Media type", layout=widgets.Layout(width="100%")
        )
        self._body = widgets.Textarea(
            value=self._example_body(self._media_types[0]) if self._media_types else "",
            rows=12,
            placeholder="no body",
            continuous_update=False,
            layout=widgets.Layout(width="100%"),
        )

        self._send_button = widgets.Button(description="Send", button_style="primary", icon="paper-plane")
        self._samples = {name: widgets.HTML() for name, _ in SAMPLE_LANGUAGES}
        self._sample_tabs = widgets.Tab(children=list(self._samples.values()))
        self._sample_tabs.titles = tuple(title for _, title in SAMPLE_LANGUAGES)
        self._sample_tabs.add_class("orgdocs-samples")
        self._result = widgets.HTML()
        self._result.add_class("orgdocs-result")

        self.children = self._layout()

        self._server_choice.observe(self._on_server, "value")
        self._server_url.observe(self._refresh, "value")
        self._media_choice.observe(self._on_media, "value")
        self._body.observe(self._refresh, "value")
        for widget in self._inputs.values():
            widget.observe(self._refresh, "value")
        self._forget.on_click(lambda _: self.clear_token())
        self._send_button.on_click(self._on_send)
        self._security_dropdown.observe(self._on_security, "value")
        self._headers_input.observe(self._on_headers, "value")
        self._tokens.subscribe(self._token_key, self._on_token_changed)
        for name, field_name in self._credential_inputs:
            self._tokens.subscribe(self._credential_key(name, field_name), self._on_token_changed)
        self._show_token_status()
        self._show_variables()  # and the code samples

    def __repr__(self) -> str:
        op = self.operation
        return f"<RequestForm {op.method.upper()} {op.path} ({self.route})>"

    def _ipython_display_(self) -> None:
        # drawn by the site's own request form (an anywidget), which sends through this object
        from orgdocs.render.widgets.form_view import FormView

        if getattr(self, "_view", None) is None:
            self._view = FormView(self)
        self._view._ipython_display_()

    # -- public API -------------------------------------------------------------------------------------

    @property
    def client(self) -> httpx.Client:
        if self._client is None:
            self._client = httpx.Client(timeout=DEFAULT_TIMEOUT)
        return self._client

    @property
    def client_base(self) -> str | None:
        base = str(self._client.base_url) if self._client is not None else ""
        return base.rstrip("/") or None

    # credentials live in the token store (kernel memory), keyed by the group and the scheme: every form of
    # the group that names the scheme finds them; a group token (``set_token``, the Explorer's) serves every
    # scheme that takes a token (bearer, oauth2, openIdConnect) and has no value of its own

    def _credential_key(self, scheme: str, field_name: str) -> str:
        return f"{self._token_key} / {scheme}:{field_name}"

    def _is_token(self, scheme: str) -> bool:
        return security.scheme_kind(self._schemes.get(scheme)) in ("bearer", "oauth2", "openIdConnect")

    def _credentials(self) -> dict[str, dict[str, str]]:
        found: dict[str, dict[str, str]] = {}
        for name, field_name in self._credential_inputs:
            value = self._tokens.get(self._credential_key(name, field_name))
            if value is None and self._is_token(name):
                value = self._tokens.get(self._token_key)
            if value is not None:
                found.setdefault(name, {})[field_name] = value
        return found

    def _typed_credential(self, scheme: str, field_name: str, value: str) -> None:
        self._tokens.set(self._credential_key(scheme, field_name), value)

    @property
    def has_token(self) -> bool:
        """Whether any credential this form can send is set."""
        return bool(self._credentials())

    def set_credential(
        self,
        scheme: str,
        value: str | None = None,
        *,
        username: str | None = None,
        password: str | None = None,
    ) -> None:
        """Keep a credential of ``scheme`` (a name of the description's security schemes) for every form of
        this group, in kernel memory only: ``value`` for an apiKey, a token or a raw Authorization value,
        ``username`` and ``password`` for http basic. ``None`` or ``""`` forgets it."""
        fields = {f for s, f in self._credential_inputs if s == scheme}
        if not fields:
            named = sorted({s for s, _ in self._credential_inputs}) or ["none"]
            raise FormError(f"this operation takes no credential {scheme!r} (it takes: {', '.join(named)})")
        given = {"username": username, "password": password} if "username" in fields else {"value": value}
        for field_name, text in given.items():
            self._tokens.set(self._credential_key(scheme, field_name), text)

    def set_token(self, token: str | None) -> None:
        """Keep ``token`` for every form of this group (kernel memory only) as the token of every scheme that
        takes one (bearer, oauth2, openIdConnect); empty or None forgets it."""
        self._tokens.set(self._token_key, token)

    def clear_token(self) -> None:
        """Forget the group token and every credential of this form's schemes."""
        self._tokens.set(self._token_key, None)
        for name, field_name in self._credential_inputs:
            self._tokens.set(self._credential_key(name, field_name), None)

    def choose_security(self, alternative: int | Sequence[str]) -> None:
        """Send the credentials of one alternative of the operation's ``security``: its index, or the scheme
        names it lists (``[]`` for the empty one)."""
        if not isinstance(alternative, int):
            wanted = sorted(alternative)
            matches = [i for i, a in enumerate(self._alternatives) if sorted(a) == wanted]
            if not matches:
                raise FormError(f"no security alternative {list(alternative)!r}: {self._alternatives!r}")
            alternative = matches[0]
        if not 0 <= alternative < len(self._alternatives):
            raise FormError(f"no security alternative {alternative} (there are {len(self._alternatives)})")
        self._security_choice = alternative
        self._security_dropdown.value = alternative
        self._refresh()

    @property
    def security(self) -> list[str]:
        """The scheme names whose credentials are sent (the chosen alternative, else the first satisfied)."""
        if not self._alternatives:
            return []
        index = self._security_choice
        if index is None:
            index = security.default_alternative(self._alternatives, self._schemes, self._credentials())
        return self._alternatives[index]

    def set_headers(self, headers: dict[str, str] | Sequence[tuple[str, str]]) -> None:
        """Extra request headers the description does not declare (replacing those set before)."""
        pairs = list(headers.items()) if isinstance(headers, dict) else [tuple(h) for h in headers]
        self._headers_input.value = "\n".join(f"{name}: {value}" for name, value in pairs)
        self._extra_headers = [(str(n), str(v)) for n, v in pairs]
        self._refresh()

    def choose_server(self, server: int | str, **variables: str) -> None:
        """Choose a declared server by index or by its URL template, and set its ``variables``."""
        if isinstance(server, str):
            urls = [s.url for s in self._servers]
            if server not in urls:
                raise FormError(f"{server!r} is not a declared server ({', '.join(urls) or 'none'})")
            server = urls.index(server)
        if not 0 <= server < len(self._servers):
            raise FormError(f"no server {server} (the description declares {len(self._servers)})")
        self._server_choice.value = server
        self.set_server_variables(**variables)

    def set_server_variables(self, **values: str) -> None:
        """Set variables of the chosen server; an ``enum`` variable takes one of its values only."""
        server = self._declared_server()
        for name, value in values.items():
            variable = server.variables.get(name) if server is not None else None
            if variable is None:
                raise FormError(f"the chosen server has no variable {name!r}")
            if variable.enum and str(value) not in [str(v) for v in variable.enum]:
                raise FormError(f"{name} must be one of {', '.join(map(str, variable.enum))}, not {value!r}")
            self._variable_inputs[name].value = str(value)

    def set_values(self, values: dict[str, Any]) -> None:
        """Fill parameters by name or ``"in:name"`` (a value of ``None`` empties the input)."""
        for spec in self._specs:
            if spec.key in values or spec.name in values:
                value = values.get(spec.key, values.get(spec.name))
                self._put(spec, self._inputs[spec.key], value)

    @property
    def values(self) -> dict[str, Any]:
        """The parameter values as ``build_request`` takes them (``FormError`` for an invalid input)."""
        out = {}
        for spec in self._specs:
            try:
                value = parse_input(spec, self._inputs[spec.key].value)
            except ValueError as error:
                raise FormError(f"parameter {spec.name} ({spec.location}): {error}") from None
            if value is not None:
                out[spec.key] = value
        return out

    @property
    def description_url(self) -> str | None:
        """The URL the description was fetched from, if it was: relative servers resolve against it."""
        source = self.description.source
        return source if source.lower().startswith(("http://", "https://")) else None

    @property
    def server_url(self) -> str:
        """The chosen server, variables applied, made absolute: against the description's URL (when it was
        fetched), else against the client's base URL (``FormError`` when neither makes it absolute)."""
        chosen = self._chosen_server()
        if self.description_url and not chosen.startswith("//"):
            chosen = server_url(chosen, description_url=self.description_url)
        return server_base(chosen, self.client_base)

    def _chosen_server(self) -> str:
        server = self._declared_server()
        if server is not None:
            return server.resolved_url({name: w.value for name, w in self._variable_inputs.items()})
        return self._server_url.value.strip()

    def _declared_server(self) -> Server | None:
        """The declared server chosen, or None when the URL is typed ("Other URL…", or none declared)."""
        if not self._servers or self._server_choice.value == OTHER_SERVER:
            return None
        return self._servers[self._server_choice.value or 0]

    @property
    def body(self) -> Any:
        """The body for ``build_request``: JSON checked, form fields parsed, ``None`` when empty."""
        if not self._media_types:
            return None
        text = self._body.value
        if not text.strip():
            return None
        media = self._media_choice.value
        if is_json_media_type(media) or _is_form(media):
            try:
                value = json.loads(text)
            except ValueError as error:
                raise FormError(f"the body is not valid JSON: {error}") from None
            return text if is_json_media_type(media) else value
        return text

    def parts(self, *, relative: bool = False, placeholders: bool = False) -> RequestParts:
        """The request as text (``orgdocs.site.requests.RequestParts``); ``relative``: keep a server URL
        that cannot be made absolute as it is (for the code samples) instead of raising ``FormError``;
        ``placeholders``: the credentials as ``$NAME`` placeholders (what the samples show)."""
        chosen = self.security
        given = (
            security.placeholder_credentials(chosen, self._schemes) if placeholders else self._credentials()
        )
        media = self._media_choice.value if self._media_types else None
        try:
            server_url = self.server_url
        except FormError:
            if not relative:
                raise
            server_url = self._chosen_server()
        return build_request(
            self.operation,
            server_url=server_url,
            values=self.values,
            body=self.body,
            media_type=media,
            credentials=security.applied_credentials(chosen, self._schemes, given),
            headers=self._extra_headers,
            resolve=self.description.resolve,
        )

    @property
    def request(self) -> httpx.Request:
        """The ``httpx.Request`` that Send would send (``FormError`` when an input is invalid)."""
        parts = self.parts()
        values = self.values
        body = self._body.value if self._media_types else None
        media = self._media_choice.value if self._media_types else None
        problems = request_problems(
            self.operation, parts, values=values, server=self.server_url, body_text=body, media_type=media
        )
        if problems:
            raise FormError("; ".join(problems.values()))
        try:
            return to_httpx(parts)
        except ValueError as error:
            raise FormError(str(error)) from None

    def check_allowed(self, url: str | None = None) -> None:
        """``RefusedError`` unless the form may send to its server (see ``allowed_server``)."""
        url = url if url is not None else self.server_url
        if allowed_server(url, self._servers, self.allow, self.client_base, self.description_url):
            return
        if self.allow is not None:
            reason = f"{url} is not under the allowed URL prefixes ({', '.join(self.allow) or 'none'})"
        elif self._servers:
            reason = f"{url} is not a server declared by the description"
        else:
            reason = f"the description declares no server, so {url} is not allowed"
        raise RefusedError(
            f"{reason}. Requests leave from the kernel's machine, so a form only sends to declared servers; "
            "to send elsewhere, create it with allow=['https://your.server/prefix']"
        )

    def send(self) -> httpx.Response:
        """Build, check and send the request; show the response, or the error, in the result area.

        Errors are shown and raised again: ``FormError``, ``RefusedError``, or the ``httpx`` error.
        """
        self._result.value = '<div class="orgdocs-muted">Sending…</div>'
        try:
            request = self.request
            self.check_allowed()
            started = time.perf_counter()
            response = self.client.send(request)
            response.read()
            seconds = time.perf_counter() - started
        except Exception as error:
            self.error, self.response = error, None
            title, detail = describe_error(error)
            self._result.value = error_html(title, detail, refused=isinstance(error, RefusedError))
            raise
        self.error, self.response = None, response
        hint = ""
        if response.status_code == 401 and self._credential_inputs and not self.has_token:
            hint = "No credentials are set: type them into the Authentication inputs above."
        shown = self.parts(placeholders=True).url
        self._result.value = response_html(response, seconds, hint=hint, url=shown)
        return response

    @property
    def result_html(self) -> str:
        """What the result area shows."""
        return self._result.value

    @property
    def samples(self) -> dict[str, str]:
        """The code samples as shown (credentials as placeholders)."""
        return code_samples(self.parts(relative=True, placeholders=True))

    # -- building -----------------------------------------------------------------------------------------

    def _layout(self) -> list[widgets.Widget]:
        op = self.operation
        heading = widgets.HTML(
            f'<span class="orgdocs-badge orgdocs-method-{_e(op.method.lower())}">{_e(op.method.upper())}</span> '
            f"<code>{_e(op.path)}</code> <b>Try it</b>"
        )
        rows: list[widgets.Widget] = [stylesheet(), heading]
        rows += [self._server_choice, self._variables_box] if self._servers else [self._server_url]
        if self._credential_inputs:
            rows.append(_heading("Authentication"))
            if len(self._alternatives) > 1:
                rows.append(self._security_dropdown)
            rows += list(self._credential_inputs.values())
            rows.append(widgets.HBox([self._token_status, self._forget]))
        for location, title in (
            ("path", "Path"),
            ("query", "Query"),
            ("header", "Header"),
            ("cookie", "Cookie"),
        ):
            specs = [s for s in self._specs if s.location == location]
            if specs:
                rows.append(_heading(f"{title} parameters"))
                rows += [self._input_row(s) for s in specs]
        rows += [_heading("Extra headers"), self._headers_input]
        if self._media_types:
            required = self.operation.request_body is not None and self.operation.request_body.required
            rows.append(_heading("Body" + (" (required)" if required else "")))
            if len(self._media_types) > 1:
                rows.append(self._media_choice)
            rows.append(self._body)
        rows += [self._send_button, self._result, _heading("Code samples"), self._sample_tabs]
        return rows

    def _make_input(self, spec: InputSpec, prefill: dict[str, Any]) -> widgets.ValueWidget:
        label = spec.name + ("*" if spec.required else "")
        common = {
            "description": label,
            "tooltip": _tooltip(spec),
            "style": {"description_width": "12em"},
            "layout": widgets.Layout(width="100%"),
        }
        if spec.kind == "enum":
            # a required enum the description gives no value starts empty too: Send asks for a choice
            options = [("", None)] if not spec.required or spec.example is None else []
            options += [(text_of(v), v) for v in spec.options]
            widget: widgets.ValueWidget = widgets.Dropdown(options=options, **common)
        elif spec.kind == "boolean":
            initial = spec.default if isinstance(spec.default, bool) else False
            widget = widgets.Checkbox(value=initial, indent=True, **common)
        else:
            placeholder = input_text(spec.hint if spec.hint is not None else spec.default)
            widget = widgets.Text(placeholder=placeholder, continuous_update=False, **common)
        if spec.key in prefill or spec.name in prefill:
            self._put(spec, widget, prefill.get(spec.key, prefill.get(spec.name)))
        elif spec.required and spec.example is not None:
            self._put(spec, widget, spec.example)
        return widget

    def _input_row(self, spec: InputSpec) -> widgets.Widget:
        """The input of ``spec``; a uuid one with a button that fills it with a new UUID."""
        widget = self._inputs[spec.key]
        if not spec.uuid:
            return widget
        button = widgets.Button(
            description="Generate",
            tooltip=f"Generate a UUID for {spec.name}",
            layout=widgets.Layout(width="auto"),
        )
        button.on_click(lambda _: setattr(widget, "value", str(uuid.uuid4())))
        return widgets.HBox([widget, button], layout=widgets.Layout(width="100%"))

    @staticmethod
    def _put(spec: InputSpec, widget: widgets.ValueWidget, value: Any) -> None:
        if spec.kind == "enum":
            empty = not spec.required or spec.example is None  # the choices start with an empty one
            widget.value = value if value in spec.options else (None if empty else spec.options[0])
        elif spec.kind == "boolean":
            widget.value = bool(value)
        elif spec.kind == "content":  # a list is its JSON text here, not comma-separated items
            widget.value = text_of(value)
        else:
            widget.value = input_text(value)

    def _example_body(self, media_type: str) -> str:
        body = self.operation.request_body
        media = next((m for m in body.content if m.media_type == media_type), None) if body else None
        if media is None:
            return ""
        try:
            _, value = media_example(media, self.description.resolve, direction="request")
        except Exception:  # no example can be made: the user types one
            return ""
        if value is None:
            return ""
        if isinstance(value, str):
            if not is_json_media_type(media_type):
                return value
            try:
                json.loads(value)  # an example written as JSON text
            except ValueError:
                pass
            else:
                return value
        return json.dumps(value, indent=2, ensure_ascii=False)

    def _show_variables(self) -> None:
        """Inputs for the chosen server's variables, or the URL input for "Other URL…"."""
        self._variable_inputs = {}
        server = self._declared_server()
        if server is not None:
            for name, variable in server.variables.items():
                common = {
                    "description": name,
                    "tooltip": variable.description or None,
                    "style": {"description_width": "12em"},
                    "layout": widgets.Layout(width="100%"),
                }
                if variable.enum:
                    options = [str(v) for v in variable.enum]
                    value = str(variable.default) if str(variable.default) in options else options[0]
                    widget: widgets.ValueWidget = widgets.Dropdown(options=options, value=value, **common)
                else:
                    widget = widgets.Text(value=str(variable.default), continuous_update=False, **common)
                widget.observe(self._refresh, "value")
                self._variable_inputs[name] = widget
        if self._servers and server is None:
            self._variables_box.children = [self._server_url]
        else:
            self._variables_box.children = list(self._variable_inputs.values())
        self._refresh()

    # -- events ----------------------------------------------------------------------------------------

    def _on_server(self, _change: dict) -> None:
        self._show_variables()

    def _on_media(self, change: dict) -> None:
        self._body.value = self._example_body(change["new"])
        self._refresh()

    def _on_token_changed(self, _group: str) -> None:
        self._show_token_status()
        self._refresh()

    def _on_security(self, change: dict) -> None:
        if self._security_choice is not None or change["new"] != self._default_security():
            self._security_choice = change["new"]
        self._refresh()

    def _default_security(self) -> int:
        return security.default_alternative(self._alternatives, self._schemes, self._credentials())

    def _on_headers(self, change: dict) -> None:
        self._extra_headers = parse_header_lines(change["new"])
        self._refresh()

    def _show_token_status(self) -> None:
        if self._alternatives and self._security_choice is None:
            self._security_dropdown.value = self._default_security()
        if self.has_token:
            self._token_status.value = "Credentials are set for this API (kept in kernel memory)."
        else:
            self._token_status.value = "No credentials set."

    def _refresh(self, _change: dict | None = None) -> None:
        """Rewrite the code samples from the current inputs, or say which input is wrong."""
        try:
            samples = self.samples
        except FormError as error:
            message = error_html("The request cannot be built yet", str(error))
            for widget in self._samples.values():
                widget.value = message
            return
        for name, widget in self._samples.items():
            widget.value = f"<pre>{_e(samples[name])}</pre>"

    def _on_send(self, _button: widgets.Button) -> None:
        # send() has shown any error in the result area; a click has no caller to raise it to
        with contextlib.suppress(Exception):
            self.send()


def _is_form(media_type: str) -> bool:
    essence = media_type.split(";", 1)[0].strip().lower()
    return essence in ("application/x-www-form-urlencoded", "multipart/form-data")


def _server_label(server: Server) -> str:
    return f"{server.url} — {server.description}" if server.description else server.url


def _heading(text: str) -> widgets.HTML:
    heading = widgets.HTML(_e(text))
    heading.add_class("orgdocs-form-heading")
    return heading


def _tooltip(spec: InputSpec) -> str | None:
    kind = f"{spec.media_type} text" if spec.kind == "content" else spec.kind
    parts = [f"{spec.location} parameter, {kind}" + (", required" if spec.required else "")]
    if spec.description:
        parts.append(" ".join(spec.description.split())[:300])
    return " — ".join(parts)

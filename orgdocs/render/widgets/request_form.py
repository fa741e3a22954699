"""``RequestForm``: try one operation from the notebook, with the request built and sent by the kernel.

A form's state is one plain object (``FormState``: server, variables, security choice, parameter values,
extra headers, media type, body), which the public methods set and the site's own request form, drawn by
``FormView``, shows and edits through messages (``form_bridge``). There is no other UI. The request is built
by the rules every view shares: ``orgdocs.project.requests`` (parameters, body), ``orgdocs.project.security``
(credentials), ``orgdocs.project.samples`` (code, credentials as placeholders); ``form_inputs`` reads what an
input holds and ``form_servers`` decides where a request may go (by default only to declared servers: the
request leaves from the kernel's machine, which in a shared notebook is not the reader's).

Credentials live in the kernel's ``TokenStore`` under the API they were given for (``credential_scope``: the
description's source and its declared servers), shared by every form of that API and of no other one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import httpx

from orgdocs.project import security
from orgdocs.project.examples import example_from_schema, media_example
from orgdocs.project.payloads import security_scheme_dict
from orgdocs.project.requests import (
    RequestParts,
    build_request,
    is_json_media_type,
    path_order,
    request_problems,
    server_url,
    to_httpx,
)
from orgdocs.project.samples import code_samples
from orgdocs.render.widgets import form_oauth
from orgdocs.render.widgets.form_errors import FormError, RefusedError, describe_error
from orgdocs.render.widgets.form_inputs import (
    InputSpec,
    initial_value,
    input_spec,
    input_text,
    input_value,
    parse_input,
)
from orgdocs.render.widgets.form_servers import allowed_server, server_base
from orgdocs.render.widgets.history import HISTORY, History
from orgdocs.render.widgets.operation_view import operation_target
from orgdocs.render.widgets.tokens import TOKENS, TokenStore

if TYPE_CHECKING:
    import pandas as pd

    from orgdocs.model import Description, Operation, Server
    from orgdocs.project import OperationEntry, Site

__all__ = [
    "DEFAULT_TIMEOUT",
    "OTHER_SERVER",
    "UNDECLARED",
    "FormError",
    "FormState",
    "InputSpec",
    "RefusedError",
    "RequestForm",
    "ShownRequest",
    "allowed_server",
    "credential_scope",
    "describe_error",
    "input_spec",
    "input_text",
    "parse_input",
    "server_base",
]

DEFAULT_TIMEOUT = 10.0  # seconds, for the client a form makes when none is given
OTHER_SERVER = -1  # the server choice whose URL is typed
# the credential every form offers when the description declares no security scheme (GitHub's): an
# Authorization value, a bare token sent as a bearer token
UNDECLARED = "Authorization"
UNDECLARED_SCHEME = {"type": "http", "scheme": "not declared by the description"}


@dataclass
class FormState:
    """What a form holds, as its inputs show it. ``values`` maps ``in:name`` to an input's value: its text,
    a checkbox's ``bool``, an enum's member or ``None``."""

    server: int = 0  # a declared server's index, or OTHER_SERVER for the typed ``server_url``
    server_url: str = ""
    variables: dict[str, str] = field(default_factory=dict)
    security: int | None = None  # the chosen alternative; None: the first one whose credentials are set
    values: dict[str, Any] = field(default_factory=dict)
    headers: list[tuple[str, str]] = field(default_factory=list)
    media_type: str | None = None
    body: str = ""


def credential_scope(description: Description) -> str:
    """The token store's key of the API ``description`` describes: its source and its declared servers.

    Not a scheme name (``bearerAuth`` is everybody's) nor a title: a credential given for one API is never
    offered to another one, even in the same site or group.
    """
    servers = " ".join(sorted(server.url for server in description.servers))
    return f"{description.source} @ {servers}"


class RequestForm:
    """Server, credentials, parameters and body of one operation; Send; the code that reproduces it.

    ``RequestForm(operation)`` for an operation of ``orgdocs.load(...)`` (it knows its description),
    ``RequestForm(site, route)``, ``RequestForm(entry)`` or ``RequestForm(operation, description=...)``.
    ``client`` is any ``httpx.Client`` (default: a new one with a timeout); ``allow`` a list of URL
    prefixes the form may send to instead of the declared servers (``["*"]`` for any); ``values`` prefills
    parameters (by name or ``"in:name"``). ``.request`` is the ``httpx.Request`` Send would send,
    ``.send()`` sends it and returns the ``httpx.Response``; ``.response`` is the last one, ``.history``
    every one. Displayed, the form is the site's request form.
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
        history: History | None = None,
    ):
        self.site, self.route = operation_target(target, route, description)
        self.entry = self.site.operations[self.route]
        self.operation: Operation = self.entry.operation
        self.description: Description = self.entry.description
        self.allow = list(allow) if allow is not None else None
        self.response: httpx.Response | None = None
        self.error: BaseException | None = None
        self._client = client
        self._tokens = tokens if tokens is not None else TOKENS
        self._history = history if history is not None else HISTORY
        self._scope = credential_scope(self.description)
        self._servers: list[Server] = list(self.operation.servers)
        self._specs = [input_spec(p, self.description) for p in path_order(self.operation)]
        self._alternatives = security.security_alternatives(self.description.security_for(self.operation))
        named = {name for alternative in self._alternatives for name in alternative}
        self._schemes = {
            name: security_scheme_dict(scheme)
            for name, scheme in self.description.security_schemes.items()
            if name in named
        }
        if not self.description.security_schemes:
            self._alternatives = [[UNDECLARED], []]
            self._schemes = {UNDECLARED: UNDECLARED_SCHEME}
        self._fields = [  # (scheme, field) of every credential input, the first alternative's first
            (name, item["field"])
            for name in sorted(
                self._schemes, key=lambda n: [n in a for a in self._alternatives], reverse=True
            )
            for item in security.scheme_inputs(name, self._schemes[name])
        ]
        body = self.operation.request_body
        self._media_types = [m.media_type for m in body.content] if body is not None else []
        prefill = dict(values or {})
        self.state = FormState(
            server_url=str(self.client_base or ""),
            values={spec.key: initial_value(spec, prefill) for spec in self._specs},
        )
        self._reset_variables()
        if self._media_types:
            self.choose_media_type(self._media_types[0])

    def __repr__(self) -> str:
        op = self.operation
        return f"<RequestForm {op.method.upper()} {op.path} ({self.route})>"

    def _ipython_display_(self) -> None:
        # drawn by the site's own request form (an anywidget), which sends through this object
        from orgdocs.render.widgets.form_view import FormView

        if getattr(self, "_view", None) is None:
            self._view = FormView(self)
        self._view._ipython_display_()

    @property
    def client(self) -> httpx.Client:
        if self._client is None:
            self._client = httpx.Client(timeout=DEFAULT_TIMEOUT)
        return self._client

    @property
    def client_base(self) -> str | None:
        base = str(self._client.base_url) if self._client is not None else ""
        return base.rstrip("/") or None

    # -- credentials: kernel memory (or an environment variable), per API --------------------------------

    @property
    def credential_fields(self) -> list[tuple[str, str]]:
        """``(scheme, field)`` of every credential this form can send (``field``: value, username or
        password)."""
        return list(self._fields)

    def _key(self, scheme: str, field_name: str) -> str:
        return f"{self._scope} / {scheme}:{field_name}"

    def _is_token(self, scheme: str) -> bool:
        kind = security.scheme_kind(self._schemes.get(scheme))
        return scheme == UNDECLARED or kind in ("bearer", "oauth2", "openIdConnect")

    def _credentials(self) -> dict[str, dict[str, str]]:
        found: dict[str, dict[str, str]] = {}
        for name, field_name in self._fields:
            value = self._tokens.get(self._key(name, field_name))
            if value is None and self._is_token(name):
                value = self._tokens.get(self._scope)
            if value is not None:
                if name == UNDECLARED and " " not in value:
                    value = f"Bearer {value}"
                found.setdefault(name, {})[field_name] = value
        return found

    def kept_credentials(self) -> list[str]:
        """``scheme:field`` of every credential set for this form (names only, never values)."""
        return [
            f"{name}:{field_name}"
            for name, field_name in self._fields
            if self._key(name, field_name) in self._tokens
            or (self._is_token(name) and self._scope in self._tokens)
        ]

    def credential_envs(self) -> dict[tuple[str, str], str]:
        """``(scheme, field)`` -> the environment variable it is read from, for those read from one."""
        found = {}
        for name, field_name in self._fields:
            env = self._tokens.env_name(self._key(name, field_name))
            if env is None and self._is_token(name):
                env = self._tokens.env_name(self._scope)
            if env is not None:
                found[(name, field_name)] = env
        return found

    def _env_placeholders(self) -> dict[str, dict[str, str]]:
        """``{scheme: {field: $NAME}}``: the credentials read from environment variables, as samples name them."""
        found: dict[str, dict[str, str]] = {}
        for (name, field_name), env in self.credential_envs().items():
            found.setdefault(name, {})[field_name] = f"${env}"
        return found

    @property
    def has_token(self) -> bool:
        """Whether any credential this form can send is set."""
        return bool(self._credentials())

    def set_credential(
        self,
        scheme: str,
        value: str | None = None,
        *,
        env: str | tuple[str, str] | None = None,
        username: str | None = None,
        password: str | None = None,
    ) -> None:
        """Keep a credential of ``scheme`` (a name of the description's security schemes; ``"Authorization"``
        when it declares none) for every form of this API, in kernel memory only: ``value`` for an apiKey, a
        token or an Authorization value, ``username`` and ``password`` for http basic. ``env="NAME"`` (for
        basic, a pair of names) reads it from that environment variable at each Send instead, so it is
        never typed into the notebook; the code samples name the variable. ``None`` or ``""`` forgets it."""
        fields = [f for s, f in self._fields if s == scheme]
        if not fields:
            named = sorted({s for s, _ in self._fields}) or ["none"]
            raise FormError(f"this operation takes no credential {scheme!r} (it takes: {', '.join(named)})")
        if env is not None:
            names = [env] if isinstance(env, str) else list(env)
            if len(names) != len(fields):
                raise FormError(
                    f"{scheme} takes {len(fields)} environment variable name(s): {', '.join(fields)}"
                )
            for field_name, name in zip(fields, names, strict=True):
                self.set_credential_field(scheme, field_name, env=name)
            return
        given = {"username": username, "password": password} if "username" in fields else {"value": value}
        for field_name, text in given.items():
            self.set_credential_field(scheme, field_name, text)

    def set_credential_field(
        self, scheme: str, field_name: str, value: str | None = None, *, env: str | None = None
    ) -> None:
        """Keep one field of a credential (``value``, ``username`` or ``password``: what one input of the
        view holds), or read it from the environment variable ``env``; ``None`` or ``""`` forgets it."""
        if (scheme, field_name) not in self._fields:
            raise FormError(f"this operation takes no credential {scheme}:{field_name}")
        if env:
            if not security.is_placeholder(f"${env}"):
                raise FormError(f"{env!r} is not an environment variable name (A-Z, 0-9 and _)")
            self._tokens.set_env(self._key(scheme, field_name), env)
        else:
            self._tokens.set(self._key(scheme, field_name), value)

    def set_token(self, token: str | None) -> None:
        """Keep ``token`` for every form of this API (kernel memory only) as the token of every scheme that
        takes one (bearer, oauth2, openIdConnect, or the Authorization of a description declaring none);
        empty or None forgets it."""
        if token and not any(self._is_token(name) for name, _ in self._fields):
            raise FormError("this operation takes no token: use set_credential(scheme, ...)")
        self._tokens.set(self._scope, token)

    def clear_token(self) -> None:
        """Forget the API's token and every credential of this form's schemes."""
        self._tokens.set(self._scope, None)
        for name, field_name in self._fields:
            self._tokens.set(self._key(name, field_name), None)

    def authorize(
        self,
        scheme: str,
        *,
        client_id: str,
        scopes: Sequence[str] = (),
        client_secret: str | None = None,
        flow: str = "device",
        device_url: str | None = None,
        client: httpx.Client | None = None,
        timeout: float | None = None,
    ) -> form_oauth.Granted:
        """Obtain a token for the oauth2 or openIdConnect ``scheme`` and keep it as that scheme's credential
        (kernel memory, for every form of this API), as ``set_credential`` would.

        ``flow="device"`` (RFC 8628) prints a verification URL and a user code, then polls the token
        endpoint until the user approves on any device (honouring the server's ``interval`` and
        ``slow_down``); ``flow="client_credentials"`` asks for a token with ``client_id`` and
        ``client_secret``. Endpoints are the scheme's (an OpenAPI 3.2 ``deviceAuthorization`` flow, or an
        openIdConnect discovery document); ``device_url`` names the device authorization endpoint of a
        scheme that declares none (OpenAPI 3.0 and 3.1 have no such flow), used with its token URL. The
        token itself is never printed nor returned."""
        return form_oauth.authorize(
            self,
            scheme,
            client_id=client_id,
            scopes=scopes,
            client_secret=client_secret,
            flow=flow,
            device_url=device_url,
            client=client,
            timeout=timeout,
        )

    def _oauth_scheme(self, scheme: str) -> dict:
        """The payload dict of ``scheme`` if it is an oauth2 or openIdConnect scheme of this operation."""
        spec = self._schemes.get(scheme)
        if security.scheme_kind(spec) not in ("oauth2", "openIdConnect"):
            raise FormError(f"{scheme!r} is not an oauth2 or openIdConnect scheme of this operation")
        return dict(spec)

    def _oauth_base(self) -> str:
        """What relative OAuth URLs resolve against: the chosen server (as OpenAPI says), else the
        description's URL."""
        try:
            return self.server_url.rstrip("/") + "/"
        except FormError:
            return self.description_url or ""

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
        self.state.security = alternative

    @property
    def security(self) -> list[str]:
        """The scheme names whose credentials are sent (the chosen alternative, else the first satisfied)."""
        if not self._alternatives:
            return []
        index = self.state.security
        if index is None:
            index = security.default_alternative(self._alternatives, self._schemes, self._credentials())
        return self._alternatives[index]

    # -- server, parameters, headers, body -------------------------------------------------------------

    def choose_server(self, server: int | str, **variables: str) -> None:
        """Choose a declared server by index or by its URL template, and set its ``variables``."""
        if isinstance(server, str):
            urls = [s.url for s in self._servers]
            if server not in urls:
                raise FormError(f"{server!r} is not a declared server ({', '.join(urls) or 'none'})")
            server = urls.index(server)
        if not 0 <= server < len(self._servers):
            raise FormError(f"no server {server} (the description declares {len(self._servers)})")
        if server != self.state.server:
            self.state.server = server
            self._reset_variables()
        self.set_server_variables(**variables)

    def set_server_url(self, url: str) -> None:
        """Send to ``url`` instead of a declared server (Send refuses it unless ``allow`` covers it)."""
        self.state.server_url = url.strip()
        if self._servers:
            self.state.server = OTHER_SERVER
            self.state.variables = {}

    def set_server_variables(self, **values: str) -> None:
        """Set variables of the chosen server; an ``enum`` variable takes one of its values only."""
        server = self._declared_server()
        for name, value in values.items():
            variable = server.variables.get(name) if server is not None else None
            if variable is None:
                raise FormError(f"the chosen server has no variable {name!r}")
            if variable.enum and str(value) not in [str(v) for v in variable.enum]:
                raise FormError(f"{name} must be one of {', '.join(map(str, variable.enum))}, not {value!r}")
            self.state.variables[name] = str(value)

    def _reset_variables(self) -> None:
        server = self._declared_server()
        variables = server.variables.items() if server is not None else ()
        self.state.variables = {
            name: str(v.default) if not v.enum or str(v.default) in map(str, v.enum) else str(v.enum[0])
            for name, v in variables
        }

    def set_values(self, values: dict[str, Any]) -> None:
        """Fill parameters by name or ``"in:name"`` (a value of ``None`` empties the input)."""
        for spec in self._specs:
            if spec.key in values or spec.name in values:
                self.state.values[spec.key] = input_value(spec, values.get(spec.key, values.get(spec.name)))

    def fill_examples(self) -> None:
        """Fill every empty required parameter with an example: the description's own, else the generated
        hint its input shows (an enum its first member); a value that cannot be made is ``"x"``."""
        filled = {}
        for spec in self._specs:
            if spec.required and self.state.values.get(spec.key) in ("", None):
                hint = spec.hint if input_text(spec.hint) else None
                if spec.kind == "enum":
                    hint = next((option for option in spec.options if input_text(option)), None)
                filled[spec.key] = hint if hint is not None else "x"
        self.set_values(filled)

    @property
    def values(self) -> dict[str, Any]:
        """The parameter values as ``build_request`` takes them (``FormError`` for an invalid input)."""
        out = {}
        for spec in self._specs:
            try:
                value = parse_input(spec, self.state.values.get(spec.key))
            except ValueError as error:
                raise FormError(f"parameter {spec.name} ({spec.location}): {error}") from None
            if value is not None:
                out[spec.key] = value
        return out

    def set_headers(self, headers: dict[str, str] | Sequence[tuple[str, str]]) -> None:
        """Extra request headers the description does not declare (replacing those set before)."""
        pairs = list(headers.items()) if isinstance(headers, dict) else [tuple(h) for h in headers]
        self.state.headers = [(str(n), str(v)) for n, v in pairs]

    def choose_media_type(self, media_type: str) -> None:
        """Send the body in ``media_type`` (one the operation declares); the body starts from its example:
        the description's own, else a generated one of the required fields only (see ``use_example``)."""
        if media_type not in self._media_types:
            raise FormError(
                f"{media_type!r} is not a media type of this body ({', '.join(self._media_types)})"
            )
        self.state.media_type = media_type
        self.state.body = self._example_body(media_type)

    def use_example(self, full: bool = True) -> None:
        """The body becomes the example of the chosen media type: with ``full``, a generated example with
        every field (not only the required ones); the description's own example either way."""
        if self.state.media_type is not None:
            self.state.body = self._example_body(self.state.media_type, full=full)

    def set_body(self, body: Any) -> None:
        """The body: text as it is sent, or a value written as JSON."""
        self.state.body = body if isinstance(body, str) else json.dumps(body, indent=2, ensure_ascii=False)

    @property
    def body(self) -> Any:
        """The body for ``build_request``: JSON checked, form fields parsed, ``None`` when empty."""
        text, media = self.state.body, self.state.media_type
        if not self._media_types or not text.strip():
            return None
        if is_json_media_type(media) or _is_form(media):
            try:
                value = json.loads(text)
            except ValueError as error:
                raise FormError(f"the body is not valid JSON: {error}") from None
            return text if is_json_media_type(media) else value
        return text

    def _example_body(self, media_type: str, *, full: bool = False) -> str:
        body = self.operation.request_body
        media = next((m for m in body.content if m.media_type == media_type), None) if body else None
        if media is None:
            return ""
        try:
            generated, value = media_example(media, self.description.resolve, direction="request")
            if generated and not full:  # a hurried reader should not send a skeleton of "string" values
                value = example_from_schema(media.schema, self.description.resolve, direction="required")
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

    # -- the request ---------------------------------------------------------------------------------

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
        return (
            server.resolved_url(self.state.variables) if server is not None else self.state.server_url.strip()
        )

    def _declared_server(self) -> Server | None:
        """The declared server chosen, or None when the URL is typed (Other URL, or none declared)."""
        if not self._servers or self.state.server == OTHER_SERVER:
            return None
        return self._servers[self.state.server]

    def parts(self, *, relative: bool = False, placeholders: bool = False) -> RequestParts:
        """The request as text (``orgdocs.project.requests.RequestParts``); ``relative``: keep a server URL
        that cannot be made absolute as it is (for the code samples) instead of raising ``FormError``;
        ``placeholders``: the credentials as ``$NAME`` placeholders (what the samples show), a credential
        read from an environment variable as that variable."""
        chosen = self.security
        if placeholders:
            given = security.placeholder_credentials(chosen, self._schemes)
            for scheme, names in self._env_placeholders().items():
                given.setdefault(scheme, {}).update(names)
        else:
            given = self._credentials()
        try:
            server = self.server_url
        except FormError:
            if not relative:
                raise
            server = self._chosen_server()
        return build_request(
            self.operation,
            server_url=server,
            values=self.values,
            body=self.body,
            media_type=self.state.media_type if self._media_types else None,
            credentials=security.applied_credentials(chosen, self._schemes, given),
            headers=self.state.headers,
            resolve=self.description.resolve,
        )

    @property
    def request(self) -> httpx.Request:
        """The ``httpx.Request`` that Send would send (``FormError`` when an input is invalid)."""
        parts = self.parts()
        media = self.state.media_type if self._media_types else None
        problems = request_problems(
            self.operation,
            parts,
            values=self.values,
            server=self.server_url,
            body_text=self.state.body if self._media_types else None,
            media_type=media,
        )
        if problems:
            raise FormError("; ".join(problems.values()))
        try:
            request = to_httpx(parts)
        except ValueError as error:
            raise FormError(str(error)) from None
        return ShownRequest.of(request, self._shown_url(), self._secrets())

    def _secrets(self) -> dict[str, str]:
        """Each credential value this form sends -> the placeholder shown for it."""
        shown = security.placeholder_credentials(self.security, self._schemes)
        return {
            value: shown.get(scheme, {}).get(field_name, "$CREDENTIAL")
            for scheme, fields in self._credentials().items()
            for field_name, value in fields.items()
            if value
        }

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
        """Build, check and send the request; the response is ``.response`` and joins the history.

        Errors are raised: ``FormError``, ``RefusedError``, or the ``httpx`` error (and kept in ``.error``).
        """
        shown = self._shown_url()
        started = time.perf_counter()
        try:
            request = self.request
            self.check_allowed()
            response = self.client.send(request)
            response.read()
        except Exception as error:
            self.error, self.response = error, None
            if not isinstance(error, FormError):  # a request that left: it belongs to the history
                self._record(shown, error=error)
            raise
        self.error, self.response = None, response
        self._record(shown, response=response, elapsed_ms=(time.perf_counter() - started) * 1000)
        return response

    def _shown_url(self) -> str:
        try:
            return self.parts(relative=True, placeholders=True).url
        except FormError:
            return ""

    def _record(self, url: str, **outcome: Any) -> None:
        operation = self.operation
        self._history.record(
            operation=operation.operation_id or f"{operation.method.upper()} {operation.path}",
            route=self.route,
            method=operation.method.upper(),
            url=url,
            form=id(self),
            **outcome,
        )

    @property
    def history(self) -> pd.DataFrame:
        """Every request this form sent: time, operation, method, URL, status, elapsed ms, bytes, error, and
        the ``httpx.Response`` in the ``response`` column."""
        return self._history.where({id(self)}).frame()

    @property
    def samples(self) -> dict[str, str]:
        """The code samples as shown (credentials as placeholders)."""
        return code_samples(self.parts(relative=True, placeholders=True))

    def code(self, style: str = "httpx") -> str:
        """A notebook cell that sends this request again: ``"httpx"`` (plain httpx) or ``"orgdocs"`` (this
        form's settings on a new ``RequestForm``). Credentials are read from environment variables: those
        given with ``set_credential(..., env=...)``, else ``TOKEN``, ``API_KEY``... as the samples name them."""
        from orgdocs.render.widgets.form_code import orgdocs_code

        if style == "httpx":
            return self.samples["python"]
        if style == "orgdocs":
            return orgdocs_code(self)
        raise ValueError(f"style is 'httpx' or 'orgdocs', not {style!r}")

    def check(self) -> pd.DataFrame:
        """How the last answer differs from what the description promises (status, media type, headers,
        body against its schema): one row per difference (``pointer``, ``expected``, ``actual``); empty when
        it matches."""
        from orgdocs.render.checks import check_response

        if self.response is None:
            raise FormError("nothing was sent yet: call send() first")
        return check_response(self.operation, self.response)

    def frame(self, pages: int = 1) -> pd.DataFrame:
        """The records of the last answer as a DataFrame, typed by the response schema; ``pages`` > 1 follows
        the pages (as the description says they go) with this form's client."""
        from orgdocs.render.frames import frame, pagination

        if self.response is None:
            raise FormError("nothing was sent yet: call send() first")
        cursor = pagination(self.operation, self.description)
        return frame(self.response, pages=pages, client=self.client, cursor=cursor, operation=self.operation)


class ShownRequest(httpx.Request):
    """The request Send sends, shown with its credentials as placeholders: its repr and its headers' repr
    (a cell output, a saved notebook, an export) never hold a credential; the values sent are untouched."""

    shown_url: str = ""

    @classmethod
    def of(cls, request: httpx.Request, shown_url: str, secrets: dict[str, str]) -> ShownRequest:
        request.__class__ = cls
        assert isinstance(request, ShownRequest)
        request.shown_url = shown_url or str(request.url)
        request.headers = ShownHeaders(request.headers, secrets)
        return request

    def __repr__(self) -> str:
        return f"<Request({self.method!r}, {self.shown_url!r})>"


class ShownHeaders(httpx.Headers):
    """Headers whose repr writes each credential as its placeholder."""

    def __init__(self, headers: httpx.Headers, secrets: dict[str, str]):
        super().__init__(headers)
        self._secrets = secrets

    def __repr__(self) -> str:
        text = "Headers" + super().__repr__().removeprefix(type(self).__name__)
        for secret, placeholder in sorted(self._secrets.items(), key=lambda item: -len(item[0])):
            text = text.replace(secret, placeholder)
        return text


def _is_form(media_type: str | None) -> bool:
    essence = (media_type or "").split(";", 1)[0].strip().lower()
    return essence in ("application/x-www-form-urlencoded", "multipart/form-data")

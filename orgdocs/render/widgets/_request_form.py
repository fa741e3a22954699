"""``RequestForm``: try one operation from the notebook, with the request built and sent by the kernel.

A form's state is one plain object (``FormState``: server, variables, security choice, parameter values,
extra headers, media type, body), which the public methods set and the site's own request form, drawn by
``FormView``, shows and edits through messages (``_form_bridge``). There is no other UI. The request is built
by the rules every view shares: ``orgdocs.project._requests`` (parameters, body), ``orgdocs.project._security``
(credentials), ``orgdocs.project.samples`` (code, credentials as placeholders); ``_form_inputs`` reads what an
input holds and ``_form_servers`` decides where a request may go (by default only to declared servers: the
request leaves from the kernel's machine, which in a shared notebook is not the reader's).

The class is made of parts, one job each: ``_form_settings.FormSettings`` (server, parameters, headers, body)
and ``_form_credentials.FormCredentials`` (credentials in the kernel's ``TokenStore`` under the API they were
given for, shared by every form of that API and of no other one; the security choice). This module holds
what puts them together: the form's making, the request it makes, Send and what follows from an answer.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import httpx

from orgdocs.project import (
    RequestParts,
    applied_credentials,
    build_request,
    path_order,
    placeholder_credentials,
    request_problems,
    scheme_inputs,
    security_alternatives,
    security_scheme_dict,
    to_httpx,
)
from orgdocs.project.samples import code_samples
from orgdocs.render.widgets._first_send import ready_first_send
from orgdocs.render.widgets._form_credentials import (
    UNDECLARED,
    UNDECLARED_SCHEME,
    FormCredentials,
    credential_scope,
)
from orgdocs.render.widgets._form_errors import TRY_THE_MOCK, FormError, RefusedError, describe_error
from orgdocs.render.widgets._form_inputs import InputSpec, initial_value, input_spec, input_text, parse_input
from orgdocs.render.widgets._form_servers import allowed_server, served_as_app, server_base
from orgdocs.render.widgets._form_settings import OTHER_SERVER, FormSettings, FormState
from orgdocs.render.widgets._history import HISTORY, History
from orgdocs.render.widgets._operation_view import operation_target
from orgdocs.render.widgets._tokens import TOKENS, TokenStore

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


class RequestForm(FormCredentials, FormSettings):
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
        self.elapsed_ms: float | None = None  # how long the last Send took
        # the views showing this form, told of each Send (weakly held: a closed view is not kept alive)
        self._watchers: list[weakref.WeakMethod] = []
        self._client = client
        ready_first_send()
        self._tokens = tokens if tokens is not None else TOKENS
        self._history = history if history is not None else HISTORY
        self._scope = credential_scope(self.description)
        self._servers: list[Server] = list(self.operation.servers)
        self._specs = [input_spec(p, self.description) for p in path_order(self.operation)]
        self._alternatives = security_alternatives(self.description.security_for(self.operation))
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
            for item in scheme_inputs(name, self._schemes[name])
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
        from orgdocs.render.widgets._form_view import FormView

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

    # -- the request ---------------------------------------------------------------------------------

    def parts(self, *, relative: bool = False, placeholders: bool = False) -> RequestParts:
        """The request as text (``orgdocs.project._requests.RequestParts``); ``relative``: keep a server URL
        that cannot be made absolute as it is (for the code samples) instead of raising ``FormError``;
        ``placeholders``: the credentials as ``$NAME`` placeholders (what the samples show), a credential
        read from an environment variable as that variable."""
        chosen = self.security
        if placeholders:
            given = placeholder_credentials(chosen, self._schemes)
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
            credentials=applied_credentials(chosen, self._schemes, given),
            headers=self.state.headers,
            resolve=self.description.resolve,
        )

    @property
    def request(self) -> httpx.Request:
        """The ``httpx.Request`` that Send would send (``FormError`` when an input is invalid, or a credential
        is read from an environment variable that is not set)."""
        unset = self.unset_environment()
        if unset:
            raise FormError(
                f"the kernel's environment does not set {', '.join(unset)}: set it, or give the credential "
                "itself"
            )
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
        shown = placeholder_credentials(self.security, self._schemes)
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
        elif self._servers and served_as_app():
            reason = f"{url} is not a server declared by the description, with its host and port (in an app)"
        elif self._servers:
            reason = f"{url} is not a server declared by the description"
        else:
            reason = f"the description declares no server, so {url} is not allowed"
        raise RefusedError(
            f"{reason}. Requests leave from the kernel's machine, so a form only sends to declared servers; "
            "to send elsewhere, create it with allow=['https://your.server/prefix']"
            + ("" if self._servers else f"; {TRY_THE_MOCK}")
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
            self.error, self.response, self.elapsed_ms = error, None, None
            if not isinstance(error, FormError):  # a request that left: it belongs to the history
                self._record(shown, error=error)
            self._tell_watchers()
            raise
        self.error, self.response = None, response
        self.elapsed_ms = (time.perf_counter() - started) * 1000
        self._record(shown, response=response, elapsed_ms=self.elapsed_ms)
        self._tell_watchers()
        return response

    def watch(self, callback: Callable[[RequestForm], None]) -> None:
        """Call ``callback(form)`` (a bound method, held weakly) after each Send, from a cell or a view."""
        if not any(ref() == callback for ref in self._watchers):
            self._watchers.append(weakref.WeakMethod(callback))

    def _tell_watchers(self) -> None:
        self._watchers = [ref for ref in self._watchers if ref() is not None]
        for ref in list(self._watchers):
            callback = ref()
            if callback is not None:
                callback(self)

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

    def code(self, style: str = "httpx", *, standalone: bool = False) -> str:
        """A notebook cell that sends this request again: ``"httpx"`` (plain httpx) or ``"orgdocs"`` (this form's
        settings on a new ``RequestForm``, with the credentials this kernel keeps, unless standalone). Other
        credentials are read from environment variables: ``set_credential(..., env=...)``'s, else ``TOKEN``,
        ``API_KEY``... as the samples name them. The cell sends with the client a variable of this notebook
        holds, if any; ``standalone=True`` code runs anywhere (a script) and sends to the form's server."""
        from orgdocs.render.widgets._form_code import form_code

        return form_code(self, style, standalone=standalone)

    def check(self) -> pd.DataFrame:
        """How the last answer differs from what the description promises (status, media type, headers,
        body against its schema): one row per difference (``pointer``, ``expected``, ``actual``); empty when
        it matches."""
        from orgdocs.render._checks import check_response

        if self.response is None:
            raise FormError("nothing was sent yet: call send() first")
        return check_response(self.operation, self.response)

    def frame(self, pages: int = 1) -> pd.DataFrame:
        """The records of the last answer as a DataFrame, typed by the response schema; ``pages`` > 1 follows
        the pages (as the description says they go) with this form's client."""
        from orgdocs.render._frames import frame, pagination

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

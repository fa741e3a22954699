"""``FormCredentials``: the credentials part of ``RequestForm`` (kernel memory, per API) and its security choice.

A credential lives in the kernel's ``TokenStore`` under the API it was given for (``credential_scope``: the
description's source and its declared servers), shared by every form of that API and of no other one, or is
read from an environment variable at each Send. A token given for the whole API (``set_token``, or an
``authorize`` flow) serves every scheme that takes one. Which credentials go is one alternative of the
operation's ``security``: the one chosen, else the first whose credentials are set.

``RequestForm`` sets what these methods read (``__init__``): ``_tokens``, ``_scope``, ``_schemes`` (the payload
dict of each scheme the operation names), ``_alternatives`` and ``_fields``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from orgdocs.project import default_alternative, is_placeholder, scheme_kind
from orgdocs.render.widgets._form_errors import FormError
from orgdocs.render.widgets._form_oauth import Granted
from orgdocs.render.widgets._form_oauth import authorize as oauth_authorize

if TYPE_CHECKING:
    import httpx

    from orgdocs.model import Description
    from orgdocs.render.widgets._form_settings import FormState
    from orgdocs.render.widgets._tokens import TokenStore

__all__ = ["UNDECLARED", "UNDECLARED_SCHEME", "FormCredentials", "credential_scope"]

# the credential every form offers when the description declares no security scheme (GitHub's): an
# Authorization value, a bare token sent as a bearer token
UNDECLARED = "Authorization"
UNDECLARED_SCHEME = {"type": "http", "scheme": "not declared by the description"}


def credential_scope(description: Description) -> str:
    """The token store's key of the API ``description`` describes: its source and its declared servers.

    Not a scheme name (``bearerAuth`` is everybody's) nor a title: a credential given for one API is never
    offered to another one, even in the same site or group.
    """
    servers = " ".join(sorted(server.url for server in description.servers))
    return f"{description.source} @ {servers}"


class FormCredentials:
    """The credential methods of ``RequestForm`` (a part of it: the attributes below are its own)."""

    state: FormState
    server_url: str
    description_url: str | None
    _tokens: TokenStore
    _scope: str
    _schemes: dict[str, dict]
    _alternatives: list[list[str]]
    _fields: list[tuple[str, str]]  # (scheme, field) of every credential input, the first alternative's first

    @property
    def credential_fields(self) -> list[tuple[str, str]]:
        """``(scheme, field)`` of every credential this form can send (``field``: value, username or
        password)."""
        return list(self._fields)

    def _key(self, scheme: str, field_name: str) -> str:
        return f"{self._scope} / {scheme}:{field_name}"

    def _is_token(self, scheme: str) -> bool:
        kind = scheme_kind(self._schemes.get(scheme))
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

    def unset_environment(self) -> list[str]:
        """``"NAME (scheme)"`` for each credential of the alternative Send would use that is read from an
        environment variable the kernel's environment does not set: Send stops rather than go without it (the
        code of ``code()`` would stop there too, on ``os.environ[NAME]``)."""
        envs = self.credential_envs()
        if not envs:
            return []
        intended = self._credentials()  # the alternative chosen as if the variables were set
        for (name, field_name), env in envs.items():
            intended.setdefault(name, {}).setdefault(field_name, f"${env}")
        index = self.state.security
        if index is None:
            index = default_alternative(self._alternatives, self._schemes, intended)
        chosen = self._alternatives[index] if self._alternatives else [name for name, _ in self._fields]
        return [
            f"{env} ({name})"
            for (name, _), env in envs.items()
            if name in chosen and not (os.environ.get(env) or "").strip()
        ]

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
            if not is_placeholder(f"${env}"):
                raise FormError(f"{env!r} is not an environment variable name (A-Z, 0-9 and _)")
            self._tokens.set_env(self._key(scheme, field_name), env)
        else:
            self._tokens.set(self._key(scheme, field_name), value)
            if not (value or "").strip() and self._is_token(scheme):
                # the API's token (set_token) fills every token input, and the view shows it there as kept:
                # an input emptied means no token, not that one sent behind an empty input
                self._tokens.forget(self._scope)

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
    ) -> Granted:
        """Obtain a token for the oauth2 or openIdConnect ``scheme`` and keep it as that scheme's credential
        (kernel memory, for every form of this API), as ``set_credential`` would.

        ``flow="device"`` (RFC 8628) prints a verification URL and a user code, then polls the token
        endpoint until the user approves on any device (honouring the server's ``interval`` and
        ``slow_down``); ``flow="client_credentials"`` asks for a token with ``client_id`` and
        ``client_secret``. Endpoints are the scheme's (an OpenAPI 3.2 ``deviceAuthorization`` flow, or an
        openIdConnect discovery document); ``device_url`` names the device authorization endpoint of a
        scheme that declares none (OpenAPI 3.0 and 3.1 have no such flow), used with its token URL. The
        token itself is never printed nor returned."""
        return oauth_authorize(
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
        if scheme_kind(spec) not in ("oauth2", "openIdConnect"):
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
            index = default_alternative(self._alternatives, self._schemes, self._credentials())
        return self._alternatives[index]

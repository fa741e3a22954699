"""Where a notebook form may send: its server URL made absolute, and the declared-servers guard.

The request leaves from the kernel's machine, which in a shared notebook (Binder, Voila) is not the reader's.
By default a form only sends to the servers the description declares (a server template with any values of
its variables, an ``enum`` variable only one of its values), or to the URL prefixes of an explicit ``allow``
list. In a Voila app (``served_as_app``) a variable within a server's host and port takes only its default (or
its ``enum``): the reader did not start the kernel, and could otherwise point the app's machine, and the
credentials its author set, at a host of their own choosing.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import httpx

from orgdocs.project import server_url
from orgdocs.render.widgets._form_errors import TRY_THE_MOCK, FormError

if TYPE_CHECKING:
    from orgdocs.model import Server

__all__ = ["allowed_server", "served_as_app", "server_base"]

APP_ENVIRONMENT = ("VOILA_BASE_URL", "VOILA_PREHEAT")  # what Voila sets in the environment of its kernels


def served_as_app() -> bool:
    """Whether this kernel runs a Voila app: its readers did not start it, and its machine is not theirs."""
    return any(name in os.environ for name in APP_ENVIRONMENT)


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
                "no server URL: type one, or pass a client with a base_url (httpx.Client(base_url=...)); "
                + TRY_THE_MOCK
            )
        raise FormError(
            f"the server URL {url} is relative and there is no base to resolve it against: "
            "pass a client with a base_url (httpx.Client(base_url=...)) or choose an absolute server; "
            + TRY_THE_MOCK
        )
    if not url:
        return base_url.rstrip("/")
    return base_url.rstrip("/") + "/" + url.lstrip("/")


_VARIABLE = re.compile(r"\{([^{}]+)\}")


def _server_pattern(
    server: Server, base_url: str | None, description_url: str | None = None, app: bool = False
) -> re.Pattern | None:
    """A regex of every URL ``server`` may resolve to: a variable takes any value without ``/?#`` (one of its
    ``enum`` when it has one; ``app``: within the host and port, only its default); one the server does not
    define matches nothing."""
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
        if app and variable and not choices and match.start() < authority_end:
            choices = [str(variable.default)] if variable.default is not None else []
            if not choices:
                variable = None
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
    value (an ``enum`` one only its values; in a Voila app, one within the host and port only its default).
    """
    if base_url and _never_resolves(base_url) and _under_prefix(url, base_url):
        return True  # the client's own base, which nothing reaches over a network: a mock's (mock_client)
    if allow is not None:
        return any(prefix == "*" or _under_prefix(url, prefix) for prefix in allow)
    app = served_as_app()
    for server in servers:
        pattern = _server_pattern(server, base_url, description_url, app)
        if pattern is not None and pattern.fullmatch(url.rstrip("/") or url):
            return True
    return False


def _never_resolves(url: str) -> bool:
    """Whether ``url``'s host is under ``.invalid``, which no resolver answers (RFC 6761)."""
    try:
        host = httpx.URL(url).host.rstrip(".").lower()
    except httpx.InvalidURL:
        return False
    return host == "invalid" or host.endswith(".invalid")

"""Servers and URLs: where a request goes, and which server URLs are refused.

- **Server URL** (``server_url``, before the request is built): absolute ``http(s)`` as it is; protocol-relative
  (``//host/v1``) takes the page's scheme (``https`` when the page is not http(s), e.g. ``file://``); relative
  (``/v1``, ``v1``, empty) resolves against the URL the description was fetched from, else against the page's
  origin, else stays relative. Then joined with the path with exactly one ``/`` between them (``join_url``).
- **Refused** (``server_refusal``): a server URL holding a user name or password (``http://user@host``) or a
  backslash anywhere (``http://a\\@b``: a browser sends it to ``a``, httpx and curl to ``b``).
"""

from __future__ import annotations

import re

__all__ = ["join_url", "server_refusal", "server_url"]


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


def join_url(server_url: str, path: str) -> str:
    """``server_url`` + ``path`` with exactly one slash between them."""
    if not server_url:
        return path
    if not path:
        return server_url
    return server_url.rstrip("/") + "/" + path.lstrip("/")


_ABSOLUTE = re.compile(r"^https?://", re.IGNORECASE)
_ORIGIN = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*")
_AUTHORITY = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?//([^/?#]*)")


def _origin(url: str) -> str:
    match = _ORIGIN.match(url)
    return match.group(0) if match else ""


def _join_reference(base: str, reference: str) -> str:
    """``reference`` resolved against the absolute ``base`` (RFC 3986; the browser's ``new URL``)."""
    from urllib.parse import urljoin

    return urljoin(base, reference)

"""Where a description comes from: a file, a URL, or a ``schema:`` entry of a docs config.

Remote descriptions are fetched with httpx the way the seed asks: no credentials (not even from ``.netrc``
or the environment), no cache, a timeout, a size cap and a bounded number of redirects. A non-2xx answer
fails loading with its status in the message. The timeout bounds the whole fetch, connect to last byte
(``orgdocs.loading._deadline``); the size cap counts decoded bytes as they stream, whatever the
``Content-Encoding`` (``orgdocs.loading._inflate``), so a small compressed bomb stops at the cap.

Local descriptions are read from regular files only: a FIFO, a device (``/dev/zero``), a socket is refused at
once, before anything waits on it, and the size cap counts the bytes actually read, not what ``stat`` says.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from orgdocs._progress import Progress
from orgdocs.errors import SourceError
from orgdocs.loading._folders import PathRefused, resolve_below
from orgdocs.loading._inflate import CorruptData, TooLarge, collect, inflate

__all__ = ["MAX_BYTES", "Fetched", "is_url", "read_regular_file", "read_source", "schema_source"]

MAX_BYTES = 256 * 1024 * 1024  # Microsoft Graph beta is 45 MB; four times that is not a description
TIMEOUT_SECONDS = 25.0  # for the whole fetch, connect to last byte; with start-up, a command ends within 30 s
MAX_REDIRECTS = 5


@dataclass(frozen=True)
class Fetched:
    """The bytes of a source, and the name used for parser choice and in messages."""

    data: bytes
    name: str  # the path or URL as given
    path: Path | None = None  # set for local files (the dev server watches them)


def describe_size(size: int) -> str:
    return f"{size / 2**20:g} MB" if size >= 2**20 else f"{size} bytes"


def is_url(source: str) -> bool:
    return source[:8].lower().startswith(("http://", "https://"))


def read_source(source: str | Path) -> Fetched:
    """Read a filesystem path (relative to the working folder, or absolute) or an http(s) URL."""
    text = str(source)
    if is_url(text):
        return Fetched(_fetch(text), text)
    path = Path(text).expanduser()
    try:
        return Fetched(read_regular_file(path, MAX_BYTES, text), text, path)
    except FileNotFoundError:
        raise SourceError("no such file", source=text) from None
    except IsADirectoryError:
        raise SourceError("is a folder, not a description file", source=text) from None
    except ValueError:  # the operating system cannot name it
        raise SourceError("not a file name (it holds a NUL byte)", source=repr(text)) from None
    except OSError as error:
        raise SourceError(error.strerror or str(error), source=text) from None


_KINDS = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_regular_file(path: Path, limit: int, source: str) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (``SourceError`` beyond, counted as
    read: a file that grows, or lies about its size, is cut there). Anything else is refused without waiting
    on it: the file is opened without blocking (a FIFO with no writer would block ``open`` forever) and its
    kind checked on the open file, so that it cannot be swapped between the check and the read."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise SourceError(
                f"is {kind}, not a regular file: descriptions are read from files", source=source
            )
        os.set_blocking(descriptor, True)
        chunks, size = [], 0
        while chunk := os.read(descriptor, min(1 << 24, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise SourceError(f"larger than {describe_size(limit)}", source=source)
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def schema_source(entry: str, *, content: Path, public: Path) -> str:
    """Turn a docs config ``schema:`` entry into a path or URL (CONTRACT section 4).

    ``./x.yaml`` and ``x/y.json`` are read below ``content``; ``/specs/x.json`` below ``public`` (the leading
    slash is not a browser URL path); ``http(s)://`` is fetched. A path may not escape its folder.
    """
    if is_url(entry):
        return entry
    base, relative = (public, entry.lstrip("/")) if entry.startswith("/") else (content, entry)
    try:
        return str(resolve_below(base, relative, folder="public" if entry.startswith("/") else "content"))
    except PathRefused as refused:
        raise SourceError(f"path {refused} {base}", source=entry) from None


def _fetch(url: str) -> bytes:
    import httpx

    from orgdocs.loading._deadline import deadline_transport

    try:
        parts = urlsplit(url)
    except ValueError as error:  # e.g. an unclosed "[" of an IPv6 address
        raise SourceError(f"not a valid URL ({error})", source=url) from None
    if parts.username is not None or parts.password is not None:
        # the seed: the loader has no way to send credentials; and the secret must not reach a message
        public = urlunsplit(parts._replace(netloc=parts.netloc.rpartition("@")[2]))
        raise SourceError("credentials in a description URL are not sent: use a public URL", source=public)
    too_large = f"larger than {describe_size(MAX_BYTES)}"
    try:
        with (
            httpx.Client(
                transport=deadline_transport(time.monotonic() + TIMEOUT_SECONDS),
                follow_redirects=True,
                max_redirects=MAX_REDIRECTS,
                timeout=TIMEOUT_SECONDS,
                trust_env=False,  # no proxy credentials or .netrc: a description is fetched anonymously
            ) as client,
            client.stream("GET", url, headers=_REQUEST_HEADERS) as answer,
        ):
            if not answer.is_success:
                raise SourceError(f"HTTP {answer.status_code} {answer.reason_phrase}".strip(), source=url)
            declared = answer.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > MAX_BYTES:
                raise SourceError(too_large, source=url)
            # a long fetch shows progress on a terminal (in kilobytes, when the server says how many)
            bar = Progress(
                int(declared) // 1024 if declared.isdigit() else 0, f"orgdocs: fetching {url} (KB)"
            )
            layers = _content_encodings(answer.headers, url)
            try:
                # decoded bytes are counted as they come, so a small compressed bomb stops at the cap
                body = collect(_decoded(_received(answer.iter_raw(), bar), layers), MAX_BYTES)
            except CorruptData as error:
                raise SourceError(
                    f"cannot decode its {' then '.join(layers)} body ({error})", source=url
                ) from None
            bar.close()
            return body
    except TooLarge:
        raise SourceError(too_large, source=url) from None
    except httpx.TooManyRedirects:
        raise SourceError(f"more than {MAX_REDIRECTS} redirects", source=url) from None
    except httpx.TimeoutException:
        raise SourceError(f"timed out after {TIMEOUT_SECONDS:g} s", source=url) from None
    except httpx.HTTPError as error:
        raise SourceError(f"cannot fetch: {error}", source=url) from None
    except httpx.InvalidURL as error:
        raise SourceError(f"not a valid URL ({error})", source=url) from None


# Only the encodings that can be undone piece by piece under the size cap (see ``orgdocs.loading._inflate``).
_ENCODINGS = {"gzip": "gzip", "x-gzip": "gzip", "deflate": "deflate"}
_REQUEST_HEADERS = {
    "Accept": "application/json, application/yaml, */*",
    "Accept-Encoding": "gzip, deflate",
}


def _content_encodings(headers: Mapping[str, str], url: str) -> list[str]:
    """The ``Content-Encoding`` layers in the order they were applied (``identity`` dropped)."""
    applied = [name.strip().lower() for name in headers.get("content-encoding", "").split(",")]
    layers = [name for name in applied if name not in ("", "identity")]
    for name in layers:
        if name not in _ENCODINGS:
            raise SourceError(
                f"Content-Encoding {name!r} is not supported (gzip and deflate are)", source=url
            )
    return layers


def _received(chunks: Iterator[bytes], bar: Progress) -> Iterator[bytes]:
    size = 0
    for chunk in chunks:
        size += len(chunk)
        bar.advance(size // 1024 - bar.done)
        yield chunk


def _decoded(chunks: Iterator[bytes], layers: list[str]) -> Iterator[bytes]:
    """The body with its encodings undone, the last applied first, each layer piece by piece."""
    for name in reversed(layers):
        chunks = inflate(chunks, _ENCODINGS[name])
    return chunks

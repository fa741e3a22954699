"""Bounded decompression: gzip and deflate undone piece by piece.

A few kilobytes of gzip can hold gigabytes (``gzip, gzip`` of 4 GiB of zeros is 7 KB). Decoding a whole input
at once would allocate all of it before any size cap could be applied, so :func:`inflate` yields its output in
pieces of at most :data:`PIECE` bytes and :func:`collect` stops at the cap: memory stays near the cap, and the
work stops there too. Layers stack (``Content-Encoding: gzip, gzip``) by feeding one ``inflate`` into another.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator

__all__ = ["PIECE", "CorruptData", "TooLarge", "collect", "inflate"]

PIECE = 64 * 1024

_GZIP_WBITS = 16 + zlib.MAX_WBITS
_ZLIB_WBITS = zlib.MAX_WBITS
_RAW_DEFLATE_WBITS = -zlib.MAX_WBITS


class CorruptData(ValueError):
    """The input is not valid data of its encoding (the message says why)."""


class TooLarge(ValueError):
    """The decoded data exceeds the cap given to :func:`collect`."""


def inflate(chunks: Iterable[bytes], encoding: str) -> Iterator[bytes]:
    """The decoded form of ``chunks`` in pieces of at most ``PIECE`` bytes. ``encoding``: gzip or deflate.

    gzip may hold several members one after the other (as ``gzip`` and browsers accept); ``deflate`` is the
    zlib format, or raw deflate as some servers send it.
    """
    inflater: zlib._Decompress | None = None
    pending = b""  # deflate: input kept until its first two bytes tell zlib from raw deflate
    for chunk in chunks:
        data = pending + chunk
        pending = b""
        while data:
            if inflater is None:
                if encoding == "deflate" and len(data) < 2:
                    pending = data
                    break
                inflater = zlib.decompressobj(_wbits(encoding, data))
            if inflater.eof:  # the previous gzip member ended: another follows, or only padding
                data = data.lstrip(b"\0")
                if not data:
                    break
                if encoding != "gzip":
                    raise CorruptData("data after the end of the stream")
                inflater = zlib.decompressobj(_GZIP_WBITS)
            data = yield from _drain(inflater, data)
    if inflater is None and not pending:
        return  # an empty body
    if inflater is None or not inflater.eof:
        raise CorruptData("truncated")


def collect(pieces: Iterable[bytes], limit: int) -> bytes:
    """All of ``pieces`` joined; ``TooLarge`` as soon as they exceed ``limit`` bytes."""
    kept: list[bytes] = []
    size = 0
    for piece in pieces:
        size += len(piece)
        if size > limit:
            raise TooLarge(limit)
        kept.append(piece)
    return b"".join(kept)


def _wbits(encoding: str, data: bytes) -> int:
    if encoding == "gzip":
        return _GZIP_WBITS
    # RFC 1950: a zlib header is "deflate, window <= 32K" in the low nibble and a multiple of 31 overall
    is_zlib = data[0] & 0x0F == 8 and data[0] >> 4 <= 7 and (data[0] << 8 | data[1]) % 31 == 0
    return _ZLIB_WBITS if is_zlib else _RAW_DEFLATE_WBITS


def _drain(inflater: zlib._Decompress, data: bytes) -> Iterator[bytes]:
    """Feed ``data``, yielding pieces of at most ``PIECE`` bytes; return what follows the end of the stream."""
    try:
        while True:
            piece = inflater.decompress(data, PIECE)
            if piece:
                yield piece
            data = inflater.unconsumed_tail
            if inflater.eof:
                return inflater.unused_data
            # a full piece may leave output inside zlib even when all input is taken: ask again
            if not data and len(piece) < PIECE:
                return b""
    except zlib.error as error:
        raise CorruptData(str(error)) from None

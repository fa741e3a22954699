"""orgdocs.loading._inflate: gzip and deflate undone piece by piece, stopped at a cap."""

from __future__ import annotations

import gzip
import zlib

import pytest

from orgdocs.loading._inflate import PIECE, CorruptData, TooLarge, collect, inflate

TEXT = b'{"openapi": "3.1.0", "paths": {}}' * 1000


def _raw_deflate(data: bytes) -> bytes:
    squeezer = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    return squeezer.compress(data) + squeezer.flush()


@pytest.mark.parametrize(
    ("encoding", "data"),
    [("gzip", gzip.compress(TEXT)), ("deflate", zlib.compress(TEXT)), ("deflate", _raw_deflate(TEXT))],
)
def test_inflate_in_chunks_of_any_size(encoding, data):
    for size in (1, 2, 7, len(data)):
        chunks = [data[start : start + size] for start in range(0, len(data), size)]
        assert b"".join(inflate(chunks, encoding)) == TEXT


def test_pieces_never_exceed_the_piece_size():
    pieces = list(inflate([gzip.compress(bytes(10 * PIECE + 5))], "gzip"))
    assert max(map(len, pieces)) <= PIECE
    assert sum(map(len, pieces)) == 10 * PIECE + 5


def test_gzip_members_follow_each_other_and_zero_padding_is_ignored():
    data = gzip.compress(b"one ") + gzip.compress(b"two") + bytes(8)
    assert b"".join(inflate([data], "gzip")) == b"one two"


def test_an_empty_input_is_empty():
    assert list(inflate([], "gzip")) == []
    assert list(inflate([b""], "deflate")) == []


@pytest.mark.parametrize(
    ("encoding", "data", "message"),
    [
        ("gzip", gzip.compress(TEXT)[:-10], "truncated"),
        ("gzip", b"not gzip at all", "incorrect header check"),
        ("deflate", zlib.compress(TEXT) + b"junk", "data after the end"),
        ("deflate", b"x", "truncated"),
    ],
)
def test_corrupt_data_says_why(encoding, data, message):
    with pytest.raises(CorruptData, match=message):
        b"".join(inflate([data], encoding))


def test_collect_stops_as_soon_as_the_cap_is_passed():
    taken = []

    def pieces():
        for _ in range(100):
            taken.append(1)
            yield bytes(10)

    with pytest.raises(TooLarge):
        collect(pieces(), 25)
    assert len(taken) == 3
    assert collect(iter([b"ab", b"c"]), 3) == b"abc"

"""Text compressed once and spliced into gzip answers without compressing it again (issue 32).

A raw deflate stream begun from a fresh state and ended with a sync flush is a run of whole,
byte-aligned blocks that refer to nothing before them: put between other such runs it still
decompresses to its own text. So the 250 KB of a tournament's standings rows are compressed once,
when they are stored, and a page showing them compresses only its own few kilobytes around them
(`gzip_member`); the gzip trailer's CRC-32 of the whole is combined from the pieces' CRCs.
No Django here: plain bytes in, bytes out.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple


class Deflated(NamedTuple):
    """A text as raw deflate blocks (fresh state, sync flush: not final), with the CRC-32 and
    length of its UTF-8 bytes."""

    data: bytes
    crc: int
    size: int

    def __str__(self) -> str:
        # never shown by accident as "Deflated(data=b'…')": `spliced.render_spliced` splices it
        raise TypeError("a Deflated text is spliced into an answer, not formatted")


def deflate(text: str, level: int = 9) -> Deflated:
    raw = text.encode()
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    data = compressor.compress(raw) + compressor.flush(zlib.Z_FULL_FLUSH)
    return Deflated(data, zlib.crc32(raw), len(raw))


def inflate(piece: Deflated) -> str:
    """The text again (a sync flush leaves nothing held back in the decompressor)."""
    return zlib.decompressobj(-15).decompress(piece.data).decode()


def crc32_combine(crc1: int, crc2: int, len2: int) -> int:
    """The CRC-32 of A followed by B from crc(A), crc(B) and len(B). CRC-32 is affine over
    GF(2): continuing from crc1 over B gives B's own CRC plus crc1 carried through len(B) zero
    bytes, a linear map of crc1 (`_carried`, kept per length: a stored piece is spliced into
    many answers)."""
    columns = _carried(len2)
    carried = 0
    bit = 0
    while crc1:
        if crc1 & 1:
            carried ^= columns[bit]
        crc1 >>= 1
        bit += 1
    return crc2 ^ carried


@lru_cache(maxsize=256)
def _carried(length: int) -> tuple[int, ...]:
    """The columns of the linear map "carry a CRC through ``length`` zero bytes": the image of
    each of the 32 bits (the zeros' CRC from that start, less the one from 0)."""
    zeros = bytes(length)
    base = zlib.crc32(zeros)
    return tuple(zlib.crc32(zeros, 1 << bit) ^ base for bit in range(32))


#: gzip (RFC 1952): deflate, no flags, no time stamp, no extra flags, unknown system
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
#: an empty final block (fixed Huffman codes, just the end-of-block code)
_FINAL_BLOCK = b"\x03\x00"


def gzip_member(pieces: Iterable[str | Deflated], *, level: int = 6) -> bytes:
    """One gzip member of the pieces in order: the texts are compressed here (at ``level``,
    by one compressor whose every piece ends in a full flush: what follows a stored piece must
    not refer back across it), the `Deflated` pieces are copied as they are."""
    out = [_GZIP_HEADER]
    crc = size = 0
    compressor = None
    for piece in pieces:
        if isinstance(piece, str):
            if not piece:
                continue
            raw = piece.encode()
            if compressor is None:
                compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
            out.append(compressor.compress(raw))
            out.append(compressor.flush(zlib.Z_FULL_FLUSH))
            crc, size = zlib.crc32(raw, crc), size + len(raw)
        else:
            out.append(piece.data)
            crc, size = crc32_combine(crc, piece.crc, piece.size), size + piece.size
    out.append(_FINAL_BLOCK)
    out.append(struct.pack("<II", crc, size & 0xFFFFFFFF))
    return b"".join(out)


_PIECE = struct.Struct("<III")  # crc, size, length of the compressed data


def pack(pieces: Iterable[Deflated]) -> bytes:
    """Several pieces as one byte string, to store in one binary column."""
    return b"".join(_PIECE.pack(p.crc, p.size, len(p.data)) + p.data for p in pieces)


def unpack(blob: bytes) -> list[Deflated]:
    """The pieces of `pack` (ValueError if ``blob`` is not such a string)."""
    pieces, at = [], 0
    while at < len(blob):
        if at + _PIECE.size > len(blob):
            raise ValueError("truncated")
        crc, size, length = _PIECE.unpack_from(blob, at)
        at += _PIECE.size
        if at + length > len(blob):
            raise ValueError("truncated")
        pieces.append(Deflated(bytes(blob[at : at + length]), crc, size))
        at += length
    return pieces

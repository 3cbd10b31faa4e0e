"""Text compressed once, spliced into gzip answers (`tournaments.common.deflated`)."""

from __future__ import annotations

import gzip
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.common.deflated import (
    Deflated,
    crc32_combine,
    deflate,
    gzip_member,
    inflate,
    pack,
    unpack,
)


def test_a_stored_piece_between_texts_decompresses_to_the_whole():
    # the same text before and after the stored piece: a compressor that referred back across
    # the stored piece would copy from the wrong place
    around = '<td class="num">Müller</td>' * 200
    rows = '<tr id="spieler-1"><td>Müller</td></tr>\n' * 3000

    member = gzip_member([around, deflate(rows), around, deflate(""), "ende"])

    assert gzip.decompress(member).decode() == around + rows + around + "ende"
    assert len(member) < len(rows.encode()) // 20  # the rows compress like one text


def test_the_trailer_holds_the_crc_and_length_of_the_whole():
    text, stored = "prefix ÄÖÜ", deflate("x" * 70_000)

    member = gzip_member([text, stored])

    whole = text.encode() + b"x" * 70_000
    assert member[-8:] == zlib.crc32(whole).to_bytes(4, "little") + len(whole).to_bytes(4, "little")


def test_no_pieces_make_an_empty_member():
    assert gzip.decompress(gzip_member([])) == b""
    assert gzip.decompress(gzip_member(["", deflate("")])) == b""


@given(st.text(max_size=300), st.text(max_size=300), st.text(max_size=300))
def test_crc32_combine_equals_the_crc_of_the_joined_bytes(a, b, c):
    first, second = a.encode(), (b + c).encode()

    combined = crc32_combine(zlib.crc32(first), zlib.crc32(second), len(second))

    assert combined == zlib.crc32(first + second)


@given(
    st.lists(st.tuples(st.booleans(), st.text(alphabet="<tr>aä bc\n", max_size=400)), max_size=8)
)
def test_any_mix_of_texts_and_stored_pieces_decompresses_to_their_join(pieces):
    parts = [deflate(text) if stored else text for stored, text in pieces]

    assert gzip.decompress(gzip_member(parts)).decode() == "".join(t for _s, t in pieces)


def test_packed_pieces_unpack_to_the_same_and_inflate_to_their_texts():
    texts = ["Kopf", "", "<tr>" * 5000, "Zeilen ä"]
    pieces = [deflate(t) for t in texts]

    again = unpack(pack(pieces))

    assert again == pieces
    assert [inflate(p) for p in again] == texts


@pytest.mark.parametrize("blob", [b"\x00\x01", pack([deflate("abc")])[:-1]])
def test_a_truncated_blob_is_refused(blob):
    with pytest.raises(ValueError, match="truncated"):
        unpack(blob)


def test_a_stored_piece_is_never_formatted_as_text_by_accident():
    with pytest.raises(TypeError):
        str(deflate("rows"))
    assert isinstance(deflate("rows"), Deflated)

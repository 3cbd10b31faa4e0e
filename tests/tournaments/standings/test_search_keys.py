"""The live search picks rows by their kept keys (`html.search_keys`): the same rows as
`Row.matches`, for any name, club and query (issue 32.2: a keystroke is one test a row)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.standings.html import search_keys
from tournaments.standings.rows import Row

text = st.text(alphabet=st.sampled_from("aäbßcü -\x00E"), max_size=8)


def _row(name: str, club: str) -> Row:
    return Row(
        player_id=1, rank=1, name=name, club=club, reserve=False, excluded=False,
        finalist=False, placement_points=0, game_points=0, placings=(0, 0, 0, 0),
        minus_points=0, games=0, rounds=(),
    )  # fmt: skip


@given(
    rows=st.lists(st.tuples(text, text), max_size=6),
    query=text.filter(lambda q: q and "\x00" not in q),  # the view answers such a query empty
)
def test_the_keys_find_what_matches_finds(rows, query):
    query = query.lower()
    built = [_row(name, club) for name, club in rows]
    expected = [row.matches(query) for row in built]
    assert [query in key for key in search_keys(built)] == expected

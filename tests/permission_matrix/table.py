"""The table's phone pages (/tisch/, issue #15): no account; the signed key decides, the same
for every role. In T's round 2 (released): table 2 has no sheet yet, table 1 the desk's."""

from django.core.cache import cache

from tests.permission_matrix.matrix import Call
from tests.support.builders import FIXED_SHEET
from tournaments.common import ratelimit
from tournaments.models import Table
from tournaments.tableside.tokens import table_code
from tournaments.tableside.views import token_for

PREFIX = "table:"


def _table(tournament, round_number: int, number: int) -> Table:
    return Table.objects.select_related("round").get(
        round__tournament=tournament, round__number=round_number, number=number
    )


def key(number: int, finished: bool = False):
    def kwargs(w):
        table = _table(w.finished if finished else w.t, 1 if finished else 2, number)
        return {"token": token_for(table)}

    return kwargs


def first_call(w):
    """T's round 2, table 1 (no open call), its call counter reset: each role's cell is the
    table's first call (cells are rolled back in the database, but counters live in the cache)."""
    table = _table(w.t, 2, 1)
    cache.delete(ratelimit._key("tisch-call", str(table.pk)))
    return {"token": token_for(table)}


def juniors(w):
    """The juniors' round 1 (released, one table, no sheet): a whole sheet can be entered."""
    return {"token": token_for(_table(w.t_juniors, 1, 1))}


def whole_sheet(w):
    cells = {
        f"g{game['number']}_{letter}": str(points)
        for game in FIXED_SHEET
        for letter, points in game["scores"].items()
    }
    return {
        **cells,
        "filled_in_by": "A",
        "version": "0",
        "submission_key": "2f1d1c1e-0000-4000-8000-000000000001",
    }


CALLS = {
    "code": Call(data=lambda w: {"code": table_code(_table(w.t, 2, 2).pk)}),
    "code@wrong": Call(data=lambda w: {"code": "16J-ABCDE"}),
    "entry": Call(juniors, data=whole_sheet),
    "entry@incomplete": Call(key(2), data=lambda w: {"g1_A": "+60", "filled_in_by": "A"}),
    "entry@desk": Call(key(1)),
    "entry@published": Call(key(1, finished=True)),
    "entry@forged": Call(lambda w: {"token": "1.2.3:falsch"}),
    "signoff": Call(key(2), data=lambda w: {"letter": "B", "version": "1"}),
    "signoff@published": Call(key(1, finished=True)),
    "referee_call": Call(first_call, data=lambda w: {"reason": "Streit um einen Joker"}),
    "referee_call@open": Call(key(2), data=lambda w: {"reason": "Noch einmal"}),
    "referee_call@published": Call(key(1, finished=True)),
}

TABLE = """
                                  anon pl   opl  ref  head oref desk dir  odir com  fed  su
# The short code: a genuine one redirects to its table's page, a wrong one gets 404.
code                         GET  200  200  200  200  200  200  200  200  200  200  200  200
code                         POST 302  302  302  302  302  302  302  302  302  302  302  302
code@wrong                   GET  200  200  200  200  200  200  200  200  200  200  200  200
code@wrong                   POST 404  404  404  404  404  404  404  404  404  404  404  404
# Anyone holding the key enters the sheet (a table-entered version, no user).
entry                        GET  200  200  200  200  200  200  200  200  200  200  200  200
entry                        POST W    W    W    W    W    W    W    W    W    W    W    W
entry@desk                   GET  200  200  200  200  200  200  200  200  200  200  200  200
entry@desk                   POST 422  422  422  422  422  422  422  422  422  422  422  422
entry@forged                 GET  404  404  404  404  404  404  404  404  404  404  404  404
entry@forged                 POST 404  404  404  404  404  404  404  404  404  404  404  404
entry@incomplete             GET  200  200  200  200  200  200  200  200  200  200  200  200
entry@incomplete             POST 422  422  422  422  422  422  422  422  422  422  422  422
# After publication (here: a finished tournament) every key is spent: 410.
entry@published              GET  410  410  410  410  410  410  410  410  410  410  410  410
entry@published              POST 410  410  410  410  410  410  410  410  410  410  410  410
# Anyone holding the key calls a referee (no account: referee_call_open takes the table).
referee_call                 GET  405  405  405  405  405  405  405  405  405  405  405  405
referee_call                 POST W    W    W    W    W    W    W    W    W    W    W    W
# Table 2 has an open call: pressing again returns it, nothing written.
referee_call@open            GET  405  405  405  405  405  405  405  405  405  405  405  405
referee_call@open            POST 302  302  302  302  302  302  302  302  302  302  302  302
referee_call@published       GET  405  405  405  405  405  405  405  405  405  405  405  405
referee_call@published       POST 410  410  410  410  410  410  410  410  410  410  410  410
# Nothing entered at the table yet: a sign-off is refused with a message.
signoff                      GET  200  200  200  200  200  200  200  200  200  200  200  200
signoff                      POST 302  302  302  302  302  302  302  302  302  302  302  302
signoff@published            GET  410  410  410  410  410  410  410  410  410  410  410  410
signoff@published            POST 410  410  410  410  410  410  410  410  410  410  410  410
"""

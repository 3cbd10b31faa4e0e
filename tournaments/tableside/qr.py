"""The QR code and short code printed per table (issue #15.1): the key to the table's page.

Only for staff prints (the director's and the desk's table cards and official result sheets):
an anonymous visitor of the public table cards gets no key, or anyone on the internet could
enter a table's results.
"""

from __future__ import annotations

import segno
from django.urls import reverse

from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import Round, Table
from tournaments.tableside.tokens import table_code, table_token


def keys_printed(rnd: Round) -> bool:
    """From release until publication, while the director lets tables enter."""
    tournament = rnd.tournament
    return (
        rnd.status == RoundStatus.RELEASED
        and tournament.table_entry
        and tournament.status != TournamentStatus.FINISHED
    )


def table_keys(request, rnd: Round, table_ids: list[int]) -> dict[int, dict]:
    """Table id → {url, code, qr (an SVG data URI: the CSP allows data: images)}."""
    if not keys_printed(rnd):
        return {}
    keys = {}
    for table_id in table_ids:
        token = table_token(tournament_id=rnd.tournament_id, round_id=rnd.pk, table_id=table_id)
        url = request.build_absolute_uri(reverse("table:entry", args=[token]))
        qr = segno.make(url, error="m")
        keys[table_id] = {
            "url": url,
            "code": table_code(table_id),
            "qr": qr.svg_data_uri(scale=4, border=2),
            "code_url": request.build_absolute_uri(reverse("table:code")),
        }
    return keys


def key_for(request, table: Table) -> dict | None:
    return table_keys(request, table.round, [table.pk]).get(table.pk)

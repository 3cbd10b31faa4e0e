"""The skill rating's section on a round's public table pages (issue 33.4), registered with
`tournaments.common.table_sections` in RankingConfig.ready: each player's rating, the expected
order with win probabilities, and after the round the change per player."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from ranking.rating import selectors
from tournaments.models import Round


def table_section(rnd: Round, table_numbers: list[int]) -> dict[int, SafeString]:
    expectations = selectors.round_expectations(rnd.pk, table_numbers)
    return {
        number: render_to_string(
            "ranking/rating/_table.html", {"rows": rows, "round": rnd, "table_number": number}
        )
        for number, rows in expectations.items()
    }

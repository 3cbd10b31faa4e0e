"""The referee's phone pages: tournament, search, table, a player's warnings."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse

from tournaments.common import access, live
from tournaments.common.http import int_or_404
from tournaments.models import Tournament
from tournaments.referees import selectors as selectors_referee
from tournaments.referees.views.access import (
    history_context,
    id_or_none,
    rights,
    seen_tournament,
)
from tournaments.referees.views.calls import calls_context


def _search(tournament: Tournament, query: str) -> list[dict]:
    """Registered players matching every word, with their table in the current round."""
    query = (query or "").strip()[:100]
    if len(query) < 2:
        return []
    regs = selectors_referee.registrations_matching(tournament, query)
    rnd = selectors_referee.current_round(tournament)
    seats = selectors_referee.seats_by_player(rnd)
    summaries = selectors_referee.summaries(tournament)
    return [
        {
            "player": r.player,
            "seat": seats.get(r.player_id),
            "summary": summaries.get(r.player_id),
        }
        for r in regs
    ]


@login_required
def tournament_home(request, pk: int):
    """Start on the phone: the current round's tables, a name search, exclusions, open calls."""
    tournament = seen_tournament(request, pk)
    rnd = selectors_referee.current_round(tournament)
    summaries = selectors_referee.summaries(tournament)
    tables = selectors_referee.round_seating(rnd) if rnd else []
    for table in tables:
        table["flags"] = [summaries.get(s.player_id) for s in table["seats"]]
    query = request.GET.get("q", "")
    context = {
        "tournament": tournament,
        "round": rnd,
        "tables": tables,
        "query": query,
        "results": _search(tournament, query),
        "exclusions": selectors_referee.exclusions(tournament),
        "open_calls": selectors_referee.open_calls(tournament),
        "head": selectors_referee.head_referee(tournament),
        # read before the calls are: the list is never older than its tag
        "calls_etag": live.etag(request, tournament.main_tournament_id, desk=True) or "",
        **calls_context(request.user, tournament),
        **rights(request.user, tournament),
    }
    return render(request, "tournaments/referee/tournament.html", context)


@login_required
def search(request, pk: int):
    """Search as you type (htmx); without JS the search form goes to the tournament page."""
    tournament = seen_tournament(request, pk)
    if not request.htmx:
        query = urlencode({"q": request.GET.get("q", "")})
        return redirect(f"{reverse('referee:tournament', args=[tournament.pk])}?{query}")
    query = request.GET.get("q", "")
    return render(
        request,
        "tournaments/referee/tournament.html#search-results",
        {
            "tournament": tournament,
            "query": query,
            "results": _search(tournament, query),
            **rights(request.user, tournament),
        },
    )


@login_required
def table(request, pk: int, number: int, table_number: int):
    """The four (or three) players of one table, each one tap from the warning form."""
    tournament = seen_tournament(request, pk)
    rnd = access.round_or_404(tournament, int_or_404(number))
    tables = [
        t for t in selectors_referee.round_seating(rnd) if t["number"] == int_or_404(table_number)
    ]
    if not tables:
        raise Http404
    summaries = selectors_referee.summaries(tournament)
    rows = [{"seat": s, "summary": summaries.get(s.player_id)} for s in tables[0]["seats"]]
    live = calls_context(request.user, tournament)  # this table's open calls and dispute
    here = (rnd.pk, tables[0]["number"])
    return render(
        request,
        "tournaments/referee/table.html",
        {
            "tournament": tournament,
            "round": rnd,
            "table_number": tables[0]["number"],
            "rows": rows,
            "rulings": selectors_referee.table_rulings(tournament, rnd, tables[0]["number"]),
            "table_calls": [
                c for c in live["referee_calls"] if (c.round_id, c.table.number) == here
            ],
            "table_disputes": [
                d for d in live["disputed"] if (d["round"].pk, d["table_number"]) == here
            ],
            "can_answer": live["can_answer"],
            **rights(request.user, tournament),
        },
    )


@login_required
def player_history(request, pk: int):
    """The earlier warnings of one player (?player=<id>; htmx loads it as soon as the player is
    chosen). No or an unknown player gives the empty hint, never an error."""
    tournament = seen_tournament(request, pk)
    player = request.GET.get("player", "")
    context = history_context(tournament, id_or_none(player))
    return render(
        request,
        "tournaments/referee/warning_form.html#history",
        {"tournament": tournament, **context},
    )

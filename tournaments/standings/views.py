"""Public standings (SPEC §5), CSV export, round results and the hall display."""

import io

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.clock import selectors as clock_selectors
from tournaments.common.csv_export import excel_writer
from tournaments.common.live import live_view
from tournaments.common.public_cache import public_page
from tournaments.common.spliced import render_spliced
from tournaments.enums import RoundStatus
from tournaments.models import Tournament
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds.access import visible_round
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.html import (
    hall_body,
    round_results_body,
    standings_body,
    standings_head,
)
from tournaments.standings.public_data import StandingsData, standings_data, tournament_of_page


@live_view()
@public_page()
def round_results(request, pk: int, number: int):
    """Public round results (Klub 10.2: players check their results on the posted lists).

    A released round's page exists before its publication: it says the results are not
    published yet and shows no figure of any table (confirmed or not), and its live region
    swaps the results in once the director publishes (the publication bumps the generation
    the cached page and the poll's ETag are keyed on). Not released: 404. The director sees
    the results at any time, marked as not published.
    """
    rnd = visible_round(request, pk, number)
    staff = permissions.can_direct(request.user, rnd.tournament)
    shown = rnd.status == RoundStatus.PUBLISHED or staff
    tables = standings_selectors.round_results(rnd) if shown else []
    template = "tournaments/public/round_results.html"
    if request.htmx and request.htmx.target == "live-results":
        template += "#live"
    return render(
        request,
        template,
        {
            "round": rnd,
            "tournament": rnd.tournament,
            "tables": tables,
            "shown": shown,
            "body": round_results_body(tables, staff=staff),
            "staff": staff,
            "title": _("Round results"),
        },
    )


def _visible_tournament(request, pk: int) -> tuple[Tournament, bool, int | None]:
    """The tournament, whether the viewer directs it, its public generation (if read)."""
    tournament, generation = tournament_of_page(pk, anonymous=not request.user.is_authenticated)
    staff = permissions.can_direct(request.user, tournament)
    if not tournament.is_public and not staff:
        raise Http404
    return tournament, staff, generation


def _after_round(request) -> int | None:
    """`?nach_runde=2` shows the standings after round 2; anything else: the latest."""
    value = request.GET.get("nach_runde", "")
    return int(value) if value.isdigit() and len(value) < 4 else None


def _data(request, pk: int) -> tuple[Tournament, bool, StandingsData]:
    """The page's tournament, whether the viewer directs it, and the cached standings after
    `?nach_runde=` (the latest if that is not a published round)."""
    tournament, staff, generation = _visible_tournament(request, pk)
    shown = {"full_names": staff, "generation": generation}
    try:
        data = standings_data(tournament, after_round=_after_round(request), **shown)
    except ValueError:  # not a published round: show the latest instead of failing
        data = standings_data(tournament, **shown)
    return tournament, staff, data


@live_view()
@public_page(uncached_params=("q",))
def standings(request, pk: int):
    """The page shows the cached standings; a live search (`?q=`) filters them, uncached:
    a keystroke picks the matching rows from those formatted once per generation."""
    tournament, staff, data = _data(request, pk)
    query = request.GET.get("q", "").strip().lower()[:100]
    marked = request.GET.get("spieler", "")
    body, matches = standings_body(
        data, query=query, marked=int(marked) if marked.isdigit() and len(marked) < 19 else None
    )
    context = {
        "tournament": tournament,
        "table": data,
        "head": standings_head(data),
        "body": body,
        "query": query,
        "matches": matches,
        "staff": staff,
    }
    template = "tournaments/public/standings.html"
    target = request.htmx.target if request.htmx else None
    if target == "standings-table":
        template += "#table"
    else:
        context["cut_notes"] = rounds_selectors.cut_decision_notes(tournament)
        if target == "live-standings":  # the live poll (issue #15.5)
            template += "#live"
    return render_spliced(request, template, context)  # the stored rows as stored


@public_page()
def standings_csv(request, pk: int):
    """Excel-friendly: semicolons, UTF-8 with BOM, German headers."""
    tournament, staff, table = _data(request, pk)
    out = io.StringIO()
    out.write("\ufeff")
    writer = excel_writer(out)
    round_headers = []
    for n in table.round_numbers:
        label = _("Final") if n == table.final_round else _("R%(n)s") % {"n": n}
        round_headers += [f"{label} " + _("Placement points"), f"{label} " + _("Game points")]
    writer.writerow(
        [
            _("Rank"),
            _("Name"),
            _("Club"),
            _("Placement points"),
            _("Game points"),
            _("1st places"),
            _("2nd places"),
            _("3rd places"),
            _("4th places"),
            _("Minus points"),
            _("Games"),
            _("Status"),
            *round_headers,
        ]
    )
    for e in table.rows:
        status = []
        if e.finalist:
            status.append(_("Finalist"))
        if e.reserve:
            status.append(_("Reserve player"))
        if e.excluded:
            status.append(_("excluded"))
        per_round = []
        for figures in e.rounds:
            per_round += list(figures) if figures else ["", ""]
        writer.writerow(
            [
                e.rank if e.rank is not None else "",
                e.name,
                e.club,
                e.placement_points,
                e.game_points,
                *e.placings,
                e.minus_points,
                e.games,
                ", ".join(status),
                *per_round,
            ]
        )
    if table.teams:  # a Städtekampf (Klub 6.2.1): the team standings follow, after a blank row
        writer.writerow([])
        writer.writerow(
            [_("Rank"), _("Team"), _("Placement points"), _("Game points"), _("Player")]
        )
        for t in table.teams:
            writer.writerow([t.rank, t.name, t.placement_points, t.game_points, t.players])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    suffix = f"-nach-runde-{table.after_round}" if table.after_round else ""
    filename = f"rangliste-{slugify(tournament.name)}{suffix}.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@live_view()
@public_page()
def hall_display(request, pk: int):
    """Projector view: large type, live (polls with ETag revalidation), scrolls long lists.

    `auto` shows the pairing once a round is released (players look for their table), then
    the round clock while it runs (with the pairing below), and the standings once its
    results are published. `?ansicht=paarung|uhr|rangliste` pins one.
    """
    tournament, staff, generation = _visible_tournament(request, pk)
    view = request.GET.get("ansicht", "auto")
    if view not in ("auto", "paarung", "uhr", "rangliste"):
        view = "auto"
    rnd = rounds_selectors.current_public_round(tournament)
    playing = rnd is not None and rnd.status == RoundStatus.RELEASED
    clock = clock_selectors.round_clock(rnd) if playing else None
    show_pairing = view in ("paarung", "uhr") or (view == "auto" and playing)
    context = {"tournament": tournament, "round": rnd, "view": view, "staff": staff}
    if show_pairing and rnd is not None:
        timing = clock is not None and (view == "uhr" or clock.status != "idle")
        context.update(
            mode="clock" if timing else "pairing",
            clock=clock,
            seats=rounds_selectors.seats_by_name(rnd, full_names=staff),
        )
    else:
        data = standings_data(tournament, full_names=staff, generation=generation)
        context.update(mode="standings", table=data, body=hall_body(data))
    template = "tournaments/public/hall.html"
    if request.htmx:
        template += "#screen"
    return render(request, template, context)

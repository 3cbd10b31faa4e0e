"""Public standings (SPEC §5), CSV export, round results and the hall display."""

import io

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common import access
from tournaments.common.access import visible_round
from tournaments.common.csv_export import excel_writer
from tournaments.common.public_cache import public_page
from tournaments.enums import RoundStatus
from tournaments.models import Tournament
from tournaments.rounds import selectors as rounds_selectors
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.selectors import StandingsTable, standings_table


@public_page()
def round_results(request, pk: int, number: int):
    """Public round results (Klub 10.2: players check their results on the posted lists)."""
    rnd = visible_round(request, pk, number)
    staff = permissions.can_direct(request.user, rnd.tournament)
    if rnd.status != RoundStatus.PUBLISHED and not staff:
        raise Http404
    return render(
        request,
        "tournaments/public/round_results.html",
        {
            "round": rnd,
            "tournament": rnd.tournament,
            "tables": standings_selectors.round_results(rnd),
            "staff": staff,
            "title": "Rundenergebnisse",
        },
    )


def _visible_tournament(request, pk: int) -> tuple[Tournament, bool]:
    tournament = access.tournament_or_404(pk)
    staff = permissions.can_direct(request.user, tournament)
    if not tournament.is_public and not staff:
        raise Http404
    return tournament, staff


def _after_round(request) -> int | None:
    """`?nach_runde=2` shows the standings after round 2; anything else: the latest."""
    value = request.GET.get("nach_runde", "")
    return int(value) if value.isdigit() and len(value) < 4 else None


def _table(tournament: Tournament, after_round: int | None) -> StandingsTable:
    try:
        return standings_table(tournament, after_round=after_round)
    except ValueError:  # not a published round: show the latest instead of failing
        return standings_table(tournament)


def _matches(entry, query: str, staff: bool) -> bool:
    name = entry.player.full_name if staff else entry.player.public_name
    return query in name.lower() or (bool(entry.player.club) and query in entry.player.club.lower())


@public_page()
def standings(request, pk: int):
    tournament, staff = _visible_tournament(request, pk)
    table = _table(tournament, _after_round(request))
    query = request.GET.get("q", "").strip().lower()[:100]
    marked = request.GET.get("spieler", "")
    rows = [
        {
            "entry": entry,
            "highlight": (bool(query) and _matches(entry, query, staff))
            or (marked.isdigit() and entry.player.pk == int(marked)),
        }
        for entry in table.entries
    ]
    context = {
        "tournament": tournament,
        "table": table,
        "rows": rows,
        "query": query,
        "matches": sum(1 for r in rows if r["highlight"]),
        "staff": staff,
        "cut_notes": rounds_selectors.cut_decision_notes(tournament),
    }
    template = "tournaments/public/standings.html"
    if request.htmx and request.htmx.target == "standings-table":
        template += "#table"
    return render(request, template, context)


@public_page()
def standings_csv(request, pk: int):
    """Excel-friendly: semicolons, UTF-8 with BOM, German headers."""
    tournament, staff = _visible_tournament(request, pk)
    table = _table(tournament, _after_round(request))
    out = io.StringIO()
    out.write("\ufeff")
    writer = excel_writer(out)
    round_headers = []
    for n in table.round_numbers:
        label = _("Finale") if n == table.final_round else _("R%(n)s") % {"n": n}
        round_headers += [f"{label} " + _("Platzierungspunkte"), f"{label} " + _("Spielpunkte")]
    writer.writerow(
        [
            _("Rang"),
            _("Name"),
            _("Verein"),
            _("Platzierungspunkte"),
            _("Spielpunkte"),
            _("1. Plätze"),
            _("2. Plätze"),
            _("3. Plätze"),
            _("4. Plätze"),
            _("Minuspunkte"),
            _("Spiele"),
            _("Status"),
            *round_headers,
        ]
    )
    for e in table.entries:
        status = []
        if e.finalist:
            status.append(_("Finalist"))
        if e.reserve:
            status.append(_("Ersatzspieler"))
        if e.excluded:
            status.append(_("ausgeschlossen"))
        per_round = []
        for figures in e.rounds:
            per_round += [figures.placement_points, figures.game_points] if figures else ["", ""]
        writer.writerow(
            [
                e.rank if e.rank is not None else "",
                e.player.full_name if staff else e.player.public_name,
                e.player.club,
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
            [_("Rang"), _("Mannschaft"), _("Platzierungspunkte"), _("Spielpunkte"), _("Spieler")]
        )
        for t in table.teams:
            writer.writerow([t.rank, t.name, t.placement_points, t.game_points, t.players])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    suffix = f"-nach-runde-{table.after_round}" if table.after_round else ""
    filename = f"rangliste-{slugify(tournament.name)}{suffix}.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@public_page()
def hall_display(request, pk: int):
    """Projector view: large type, reloads itself, scrolls through long lists.

    `auto` shows the pairing while a round is being played (players look for their table)
    and the standings once its results are published.
    """
    tournament, staff = _visible_tournament(request, pk)
    view = request.GET.get("ansicht", "auto")
    if view not in ("auto", "paarung", "rangliste"):
        view = "auto"
    rnd = rounds_selectors.current_public_round(tournament)
    show_pairing = view == "paarung" or (
        view == "auto" and rnd is not None and rnd.status == RoundStatus.RELEASED
    )
    context = {"tournament": tournament, "round": rnd, "view": view, "staff": staff}
    if show_pairing and rnd is not None:
        context.update(mode="pairing", seats=rounds_selectors.seats_by_name(rnd, full_names=staff))
    else:
        context.update(mode="standings", table=standings_table(tournament))
    template = "tournaments/public/hall.html"
    if request.htmx:
        template += "#screen"
    return render(request, template, context)

"""The year's ranking list for the page and the CSV: cached rows, search, HTML rows (issue 14).

The rows are cached under the ranking's own generation (the snapshot's `generation` and
`computed_at`, which every mark and recompute move on) and the global public generation (a
player hiding their name bumps it). A page shows a slice of them, built in Python.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ranking.compute.versions import year_version
from ranking.models import RankingYear
from ranking.public.selectors import RankingRow, ranking_rows
from tournaments.common import events
from tournaments.common.formats import local_format
from tournaments.common.html import escape, url_pattern
from tournaments.common.public_cache import cached_once
from tournaments.domain.clubs import club_slug

#: lines on one screen of the ranking page; the full list is one link away (print, CSV)
PAGE_SIZE = 100


def year_rows(snapshot: RankingYear) -> tuple[RankingRow, ...]:
    """Every line of the year, built once per ranking generation (uncached if caching is off)."""
    seconds = settings.PUBLIC_CACHE_SECONDS
    everywhere = events.global_generation() if seconds > 0 else 0
    if not everywhere or snapshot.computed_at is None:
        return ranking_rows(snapshot)
    stamp = snapshot.computed_at.timestamp()
    key = f"public:ranking:{snapshot.year}:{snapshot.generation}:{stamp}:all{everywhere}"
    rows, _state = cached_once(key, lambda: ranking_rows(snapshot), timeout=seconds, local=True)
    return rows


def year_page_version(kwargs: dict) -> str:
    """The version of a year page (`public_page`'s key): the public data of every tournament
    (the global generation) and what the year page shows beyond it
    (`compute.versions.year_version`)."""
    year = kwargs["year"]
    shown = (events.global_generation(), *year_version(year))
    digest = hashlib.sha256(repr(shown).encode()).hexdigest()[:20]
    return f"ranking{year}.{digest}"


def search(rows: tuple[RankingRow, ...], query: str) -> tuple[RankingRow, ...]:
    """The lines matching ``query`` (name, club or rank); all lines for an empty query."""
    query = query.strip().lower()
    if not query:
        return rows
    return tuple(r for r in rows if r.matches(query))


def per_game_text(row: RankingRow) -> str:
    """The CSV's average (a decimal comma, always: the export is German for spreadsheets)."""
    return f"{row.per_game // 100},{row.per_game % 100:02d}"


def per_game_display(row: RankingRow, separator: str) -> str:
    """The page's average with the active language's decimal separator ("1,50" / "1.50")."""
    return f"{row.per_game // 100}{separator}{row.per_game % 100:02d}"


def rows_html(rows) -> SafeString:
    """The ``<tbody>`` content for these lines."""
    player_url = url_pattern("ranking:player")
    club_url = reverse("ranking:club", args=["0club0"]).replace("0club0", "{}")
    separator = get_format("DECIMAL_SEPARATOR")  # once: thousands of rows on the print list
    out = []
    for r in rows:
        slug = club_slug(r.club) if r.club else ""
        club = (
            f'<br><a class="muted" href="{club_url.format(slug)}">{escape(r.club)}</a>'
            if slug
            else (f'<br><span class="muted">{escape(r.club)}</span>' if r.club else "")
        )
        p1, p2, p3, p4 = r.placings
        out.append(
            f'<tr data-player="{r.player_id}"><td class="num">{r.rank}</td>'
            f'<th scope="row"><a href="{player_url.format(r.player_id)}">{escape(r.name)}</a>'
            f"{club}</th>"
            f'<td class="num col-wide">{r.tournaments} / {r.rounds} / {r.games}</td>'
            f'<td class="num" data-testid="pp">{r.placement_points}</td>'
            f'<td class="num col-wide">{per_game_display(r, separator)}</td>'
            f'<td class="num" data-testid="gp">{r.game_points}</td>'
            f'<td class="num col-wide">{p1}/{p2}/{p3}/{p4}</td>'
            f'<td class="num col-wide">{r.minus_points}</td></tr>\n'
        )
    return mark_safe("".join(out))


def _date(value, name: str = "SHORT_DATE_FORMAT") -> str:
    """What the template filter `date` gives in the active language, in the site's time zone."""
    return local_format(value, name)


def states_html(states) -> SafeString:
    """The ``<tbody>`` content of the year's counted tournaments: struck off, final or
    provisional with the end of the appeal window (`selectors.year_tournament_states`)."""
    tournament_url = url_pattern("tournament_public")
    struck_text = _("Struck by the rules commission (Klub 3.1.1)")
    struck = f'<span class="badge badge-bad">{escape(struck_text)}</span>'
    final = f'<span class="badge badge-ok">{escape(_("final"))}</span>'
    provisional = f'<span class="badge badge-warn">{escape(_("provisional"))}</span>'
    out = []
    for s in states:
        t = s.tournament
        if s.struck:
            decided = _date(s.strike.decided_at)
            state = f'{struck} <span class="muted">{decided}: {escape(s.strike.reasoning)}</span>'
        elif s.final:
            state = final
        else:
            closes = _date(s.window_closes, "SHORT_DATE_COMMA_TIME_SECONDS_FORMAT")
            note = _("Appeal period until %(d)s") % {"d": closes}
            if s.open_appeals:
                note += " · " + ngettext(
                    "%(n)s open appeal", "%(n)s open appeals", s.open_appeals
                ) % {"n": s.open_appeals}
            state = f'{provisional} <span class="muted">{escape(note)}</span>'
        out.append(
            f'<tr><th scope="row"><a href="{tournament_url.format(t.pk)}">{escape(t.name)}</a></th>'
            f"<td>{_date(t.end_date)}</td><td>{state}</td></tr>\n"
        )
    return mark_safe("".join(out))

"""The standings' table rows as HTML, built in Python once per stored standings (issue 14).

`parts` formats them when the standings are stored (`snapshots`), so a cold page only joins
strings; without a snapshot they are built once per cached standings. Each row is kept without
its opening ``<tr`` so a live search marks matches by prefixing `` class="highlight"`` instead
of rendering the table again.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments.common import deflated
from tournaments.common.formats import local_format
from tournaments.common.html import escape, url_pattern
from tournaments.standings.rows import StandingsData, derived, rows_json


def page_rows(rows) -> tuple[str, ...]:
    """Each row's HTML after its opening ``<tr``."""
    player_url = url_pattern("player_page")
    no_rank = f'<span aria-label="{escape(_("without rank"))}">–</span>'
    final = f' <span class="badge badge-ok">{escape(_("Final"))}</span>'
    reserve = f' <span class="badge badge-reserve">{escape(_("Reserve"))}</span>'
    excluded = f' <span class="badge badge-bad">{escape(_("excluded"))}</span>'
    out = []
    for r in rows:
        club = escape(r.club)
        cells = [
            f' id="spieler-{r.player_id}">',
            f'<td class="num">{r.rank if r.rank else no_rank}</td>',
            f'<th scope="row"><a href="{player_url.format(r.player_id)}">{escape(r.name)}</a>',
            final if r.finalist else "",
            reserve if r.reserve else "",
            excluded if r.excluded else "",
            f'<span class="club-mobile muted"><br>{club}</span>' if club else "",
            f'</th><td class="col-wide">{club}</td>',
            f'<td class="num"><strong>{r.placement_points}</strong></td>',
            f'<td class="num">{r.game_points}</td>',
        ]
        cells += [f'<td class="num col-wide">{p}</td>' for p in r.placings]
        cells.append(f'<td class="num col-wide">{r.minus_points}</td>')
        cells.append(f'<td class="num col-wide">{r.games}</td>')
        cells += [
            f'<td class="num col-round">{f[0]} / {f[1]}</td>'
            if f
            else '<td class="num col-round">–</td>'
            for f in r.rounds
        ]
        cells.append("</tr>\n")
        out.append("".join(cells))
    return tuple(out)


_SEPARATOR = "\x00"  # between name and club: no query spans both


def search_keys(rows) -> list[str]:
    """What `Row.matches` searches, one string a row: the name, then the club."""
    return [f"{row.name.lower()}{_SEPARATOR}{(row.club or '').lower()}" for row in rows]


def standings_body(data: StandingsData, *, query: str = "", marked: int | None = None):
    """The ``<tbody>`` content and the number of rows matching ``query``.

    A search (lower-case ``query``) shows only the matching rows, marked; the whole table
    otherwise, with the row of player ``marked`` highlighted. Both only pick from the rows
    formatted once per cached standings: a keystroke formats nothing. The whole table of
    stored standings is their stored compressed body (`Parts.body`), for `render_spliced`.
    """
    # each row's name and club, lower-case, kept beside the rows of cached standings (made
    # with the page, so a search finds them in this process; uncached standings make them
    # for a search only): a keystroke costs one substring test a row (`Row.matches`, which
    # these keys spell out)
    if query or data.key is not None:
        keys = derived(data, "search-keys", lambda: search_keys(data.rows))
    if not query and marked is None and isinstance(data.parts, Parts):
        return data.parts.body, 0
    rows = derived(data, "page-rows", lambda: page_rows(data.rows))
    if query:
        if _SEPARATOR in query:
            return mark_safe(""), 0
        found = [html for key, html in zip(keys, rows, strict=True) if query in key]
        return mark_safe("".join('<tr class="highlight"' + html for html in found)), len(found)
    # the rows' own values are not needed here: each row's HTML starts with its player's id
    mark = f' id="spieler-{marked}">' if marked is not None else None
    return mark_safe(
        "".join(
            ('<tr class="highlight"' if html.startswith(mark) else "<tr") + html for html in rows
        )
        if mark
        else "".join("<tr" + html for html in rows)
    ), 0


def standings_head(data: StandingsData) -> SafeString:
    """The table's header row (a column per round shown), rendered once per cached standings."""
    return mark_safe(derived(data, "page-head", lambda: head(data)))


def head(data: StandingsData) -> str:
    return str(render_to_string("tournaments/public/_standings_head.html", {"table": data}))


def hall_body(data: StandingsData) -> SafeString:
    """The hall display's rows: rank, name with marks, placement and game points."""
    return mark_safe(derived(data, "hall-rows", lambda: hall_rows(data.rows)))


def hall_rows(rows) -> str:
    final = f' <span class="tag">{escape(_("Final"))}</span>'
    reserve = f' <span class="tag">{escape(_("Reserve"))}</span>'
    excluded = f' <span class="tag tag-bad">{escape(_("excluded"))}</span>'
    return "".join(
        f'<tr><td class="num">{r.rank or "–"}</td><td>{escape(r.name)}'
        f"{final if r.finalist else ''}{reserve if r.reserve else ''}"
        f"{excluded if r.excluded else ''}</td>"
        f'<td class="num">{r.placement_points}</td><td class="num">{r.game_points}</td></tr>\n'
        for r in rows
    )


def parts(data: StandingsData) -> Parts:
    """Every HTML part of these standings (and their rows' values), to store with them."""
    return Parts.of(
        head=head(data),
        hall=hall_rows(data.rows),
        rows=page_rows(data.rows),
        values=rows_json(data),
    )


class Parts:
    """What is stored of some standings beside their short head of values: their HTML,
    formatted once (the table's head, the hall display's rows, the page's rows) and the rows'
    values as JSON, each compressed (`deflated`). ``body``, the page's whole ``<tbody>``, is
    spliced into a page as it is stored (`common.spliced`); the HTML parts read as text (by
    their `derived` names) and ``values`` are decompressed on first use, so a page that shows
    the whole table decompresses nothing. Pickled as the stored bytes."""

    NAMES = ("page-head", "hall-rows", "page-rows")
    __slots__ = ("blob", "body", "values", "_pieces", "_texts")

    def __init__(self, blob: bytes) -> None:
        """ValueError: ``blob`` is not the four pieces (stored in an older form)."""
        self.blob = bytes(blob)
        self._pieces = deflated.unpack(self.blob)
        if len(self._pieces) != 4:
            raise ValueError("not the parts of standings")
        self.body, self.values = self._pieces[2], self._pieces[3]
        self._texts: dict = {}

    @classmethod
    def of(cls, *, head: str, hall: str, rows: tuple[str, ...], values: str) -> Parts:
        # each row starts with its "<tr": no row's inner HTML holds one (the text is escaped)
        body = "".join("<tr" + row for row in rows)
        return cls(deflated.pack(deflated.deflate(text) for text in (head, hall, body, values)))

    def __contains__(self, name: str) -> bool:
        return name in self.NAMES

    def __getitem__(self, name: str):
        if name not in self._texts:
            text = deflated.inflate(self._pieces[self.NAMES.index(name)])
            self._texts[name] = tuple(text.split("<tr")[1:]) if name == "page-rows" else text
        return self._texts[name]

    def __eq__(self, other) -> bool:
        if not isinstance(other, Parts):
            return NotImplemented
        return all(self[name] == other[name] for name in self.NAMES)

    def __hash__(self) -> int:
        return hash(self.blob)

    def __reduce__(self):
        return (Parts, (self.blob,))


def correction_text(correction) -> str:
    """The mark of a table whose published result the director corrected (SPEC §6), from its
    `results.selectors.Correction`: "corrected on 27 November 2026 (typo)"."""
    date = local_format(correction.corrected_at, "DATE_FORMAT")
    if not correction.reason:
        return _("corrected on %(date)s") % {"date": date}
    return _("corrected on %(date)s (%(reason)s)") % {"date": date, "reason": correction.reason}


def round_results_body(tables: list[dict], *, staff: bool) -> SafeString:
    """Every table's results of a round (`selectors.round_results`), one card per table: a row
    per player, a column per game and the round's total last. On a phone each row wraps, the
    name above its figures, so all four seats fit the screen (issue 28.2)."""
    not_played = (
        '<td class="result-cell not-played"><span aria-hidden="true">–</span>'
        f'<span class="visually-hidden">{escape(_("not played"))}</span></td>'
    )
    place_title = escape(_("Place and placement points"))
    place_text = _("Place %(p)s · %(pp)s pts")
    reserve = f' <span class="badge badge-reserve">{escape(_("Reserve"))}</span>'
    pool = f' <span class="badge">{escape(_("Pool empty"))}</span>'
    no_result = f'  <p class="muted">{escape(_("No result."))}</p>\n'
    player, game = escape(_("Player")), escape(_("Game"))
    table_label, round_label = _("Table %(n)s"), escape(_("Round"))
    out = []
    for t in tables:
        n = t["number"]
        out.append(
            f'<section class="card space-below results-card" aria-labelledby="res-{n}">\n'
            f'  <h2 id="res-{n}">{escape(table_label % {"n": n})}</h2>\n'
        )
        if t["correction"] is not None:
            out.append(
                '  <p class="notice notice-warn correction-note" data-testid="correction">'
                f"{escape(correction_text(t['correction']))}</p>\n"
            )
        if not t["games"]:
            out.append(no_result)
        out.append(
            '  <table class="round-results">\n'
            f'    <thead><tr><th scope="col" class="player-col">{player}</th>'
        )
        for g in t["games"]:
            out.append(
                f'<th scope="col" class="num"><span class="visually-hidden">{game} </span>'
                f"{g['number']}{pool if g['pool_exhausted'] else ''}</th>"
            )
        out.append(f'<th scope="col" class="num">{round_label}</th></tr></thead>\n    <tbody>\n')
        for i, (s, tot) in enumerate(zip(t["seats"], t["totals"], strict=True)):
            name = s.player.full_name if staff else s.player.public_name
            out.append(
                f'<tr><th scope="row"><span class="seat-letter">{s.letter}</span> '
                f"{escape(name)}{reserve if s.reserve else ''}</th>"
            )
            for g in t["games"]:
                e = g["entries"][i]
                if e is None:
                    out.append(not_played)
                    continue
                sign = "+" if e.game_points > 0 else ""
                place = place_text % {"p": e.place, "pp": e.placement_points}
                # a narrow column wraps between place and points, never inside either
                place = escape(" · ".join(x.replace(" ", "\u00a0") for x in place.split(" · ")))
                out.append(
                    f'<td class="result-cell"><strong>{sign}{e.game_points}</strong><br>'
                    f'<span class="muted" title="{place_title}">{place}</span></td>'
                )
            out.append(
                f'<td class="result-cell total"><strong>{tot["placement_points"]} P.</strong>'
                f"<br>{tot['game_points']}</td></tr>\n"
            )
        out.append("    </tbody>\n  </table>\n</section>\n")
    return mark_safe("".join(out))

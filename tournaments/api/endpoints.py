"""Tournament endpoints of API v1: read-only, published data only (issue 5 §4).

What the public may see follows the public pages: no drafts; a round appears once its pairing is
released (a drawn round is internal), its games once it is published, always from each sheet's
confirmed version. Every endpoint loads its data in a fixed number of queries.

Round tables and standings are cached like the public pages (tournaments/public_cache.py): keyed
by the tournament's public generation, which every publish, correction, release, registration
change and red card bumps after commit.
"""

from __future__ import annotations

from typing import Annotated

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import Path, Query, Router, Schema
from ninja.errors import HttpError

from tournaments.api.schemas import (
    ErrorOut,
    RoundTablesOut,
    StandingsOut,
    TournamentDetailOut,
    TournamentListOut,
    ValidationErrorOut,
)
from tournaments.common import events
from tournaments.common.public_cache import cached_once
from tournaments.enums import RoundStatus
from tournaments.models import Round, Tournament
from tournaments.pages import selectors as pages_selectors
from tournaments.rounds import selectors as rounds_selectors
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.public_data import standings_data
from tournaments.venue import selectors as venue_selectors

router = Router(tags=[gettext_lazy("Tournaments")])

#: largest id the database can hold (BigAutoField); larger ids are a 422, never a 500
MAX_ID = 2**63 - 1
#: round numbers are a PositiveSmallIntegerField
MAX_ROUND = 32767

TournamentId = Annotated[
    int, Path(ge=1, le=MAX_ID, description=gettext_lazy("The tournament's id."))
]
RoundNumber = Annotated[
    int, Path(ge=1, le=MAX_ROUND, description=gettext_lazy("The round's number."))
]

NO_STANDINGS_AFTER = gettext_lazy("There are no published standings after this round.")

ERRORS = {404: ErrorOut, 422: ValidationErrorOut}

TOURNAMENT_FIELDS = (
    "id",
    "name",
    "category",
    "start_date",
    "end_date",
    "status",
    "rounds_planned",
    "games_per_round",
    "has_final",
    "counts_for_ranking",
    "ranking_year",
    "juniors_of_id",
)


def _tournament_dict(t: Tournament) -> dict:
    return {name: getattr(t, name) for name in TOURNAMENT_FIELDS}


def _public_tournament(tournament_id: int) -> Tournament:
    t = pages_selectors.public_tournament(tournament_id, fields=(*TOURNAMENT_FIELDS, "rule_set"))
    if t is None:
        raise HttpError(404, _("Tournament not found."))
    return t


def _cached_json(tournament_id: int, name: str, schema: type[Schema], build) -> HttpResponse:
    """The JSON of `build()`, checked against `schema`, built once per public generation.

    The finished bytes are cached, so a hit costs neither the selector nor the response
    validation; like the pages, concurrent misses build them once (single flight). Never
    called for an unknown id: random ids must not fill the cache. Same switch and lifetime as
    the public pages (`PUBLIC_CACHE_SECONDS`, 0 = off).
    """
    seconds = settings.PUBLIC_CACHE_SECONDS
    generation = events.public_generation(tournament_id) if seconds > 0 else 0

    def content() -> bytes:
        return schema.model_validate(build()).model_dump_json().encode()

    if generation:  # 0: caching off or cache down
        key = f"public:api:v1:t{tournament_id}.{generation}:{name}"
        body, state = cached_once(key, content, timeout=seconds)  # one build per generation
    else:
        body, state = content(), None
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    if state is not None:
        response["X-Public-Cache"] = state
    return response


@router.get(
    "/",
    response=TournamentListOut,
    summary=gettext_lazy("Public tournaments"),
    description=gettext_lazy(
        "All tournaments with open registration, running or finished (newest first)."
    ),
)
def tournament_list(request):
    tournaments = pages_selectors.public_tournaments(fields=TOURNAMENT_FIELDS)
    return {"results": [_tournament_dict(t) for t in tournaments]}


@router.get(
    "/{tournament_id}/",
    response={200: TournamentDetailOut, **ERRORS},
    summary=gettext_lazy("A tournament with its rounds"),
)
def tournament_detail(request, tournament_id: TournamentId):
    t = _public_tournament(tournament_id)
    data = _tournament_dict(t)
    data["rounds"] = [
        {"number": r.number, "kind": r.kind, "published": r.status == RoundStatus.PUBLISHED}
        for r in rounds_selectors.public_rounds(t)
    ]
    banner = venue_selectors.public_banner(t)  # the public pages' "live from the venue"
    data["checked_out"] = None if banner is None else {"as_of": banner.made_at}
    return data


def _game_result(letter: str, entry) -> dict:
    """One seat's result of a game; a seat that did not play it (SPEC §7) has nulls."""
    if entry is None:
        return {
            "letter": letter,
            "played": False,
            "game_points": None,
            "place": None,
            "placement_points": None,
        }
    return {
        "letter": letter,
        "played": True,
        "game_points": entry.game_points,
        "place": entry.place,
        "placement_points": entry.placement_points,
    }


def _correction(correction) -> dict:
    """When and why the director corrected the table's published result (SPEC §6); nulls when
    the published result stands as it was."""
    if correction is None:
        return {"corrected_at": None, "reason": None}
    return {"corrected_at": correction.corrected_at, "reason": correction.reason}


def _round_tables(rnd: Round) -> dict:
    published = rnd.status == RoundStatus.PUBLISHED
    source = (
        standings_selectors.round_results(rnd) if published else rounds_selectors.round_seating(rnd)
    )
    tables = []
    for table in source:
        tables.append(
            {
                "number": table["number"],
                "seats": [
                    {
                        "letter": seat.letter,
                        "player": {"id": seat.player_id, "name": seat.player.public_name},
                        "reserve": seat.reserve,
                    }
                    for seat in table["seats"]
                ],
                "games": [
                    {
                        "number": game["number"],
                        "pool_exhausted": game["pool_exhausted"],
                        "results": [
                            _game_result(seat.letter, entry)
                            for seat, entry in zip(table["seats"], game["entries"], strict=True)
                        ],
                    }
                    for game in (table["games"] if published else ())
                ],
                **_correction(table.get("correction") if published else None),
            }
        )
    return {"tables": tables}


@router.get(
    "/{tournament_id}/rounds/{number}/tables/",
    response={200: RoundTablesOut, **ERRORS},
    summary=gettext_lazy("Tables of a round"),
    description=gettext_lazy(
        "Seats once the pairing is released; games and results only once the round is "
        "published (else `games: []`). A table whose published result the tournament director "
        "corrected says when (`corrected_at`) and why (`reason`)."
    ),
)
def round_tables(request, tournament_id: TournamentId, number: RoundNumber):
    t = _public_tournament(tournament_id)

    def build():
        rnd = rounds_selectors.public_round(t, number)
        if rnd is None:
            raise HttpError(404, _("Round not found."))
        rnd.tournament = t
        return _round_tables(rnd)

    return _cached_json(t.pk, f"round:{number}:tables", RoundTablesOut, build)


@router.get(
    "/{tournament_id}/standings/",
    response={200: StandingsOut, **ERRORS},
    summary=gettext_lazy("Standings"),
    description=gettext_lazy(
        "Standings over the published rounds (SPEC §5). Reserves and excluded players are "
        "listed without a rank (`rank: null`). With `after_round` the standings after an "
        "earlier published round."
    ),
)
def standings(
    request,
    tournament_id: TournamentId,
    after_round: Annotated[
        int | None,
        Query(
            None,
            ge=1,
            le=MAX_ROUND,
            description=gettext_lazy("Only rounds up to this (published) one."),
        ),
    ] = None,
):
    t = _public_tournament(tournament_id)

    def build():
        try:
            table = standings_data(t, after_round=after_round)
        except ValueError:  # after_round is not a published round
            raise HttpError(404, str(NO_STANDINGS_AFTER)) from None
        return {
            "after_round": table.after_round,
            "entries": [
                {
                    "rank": e.rank,
                    "player": {"id": e.player_id, "name": e.name},
                    "reserve": e.reserve,
                    "excluded": e.excluded,
                    "finalist": e.finalist,
                    "placement_points": e.placement_points,
                    "game_points": e.game_points,
                    "placings": list(e.placings),
                    "minus_points": e.minus_points,
                    "games": e.games,
                }
                for e in table.rows
            ],
        }

    return _cached_json(t.pk, f"standings:{after_round or 'all'}", StandingsOut, build)

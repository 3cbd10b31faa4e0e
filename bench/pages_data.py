"""Data of the page benchmark (bench/bench_pages.py), built in the bench's own database.

A tournament played through the real services (`simulate_tournament`) up to its last round,
whose sheets are entered and confirmed but not published: the bench publishes it to start the
rush. A ranking year of many players, written directly (its page, not its computation, is
measured). The warm-up after publication is switched off here: the rush measures the single
flight on its own, the harder case.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from urllib.parse import quote_plus


@dataclass(frozen=True)
class PagesData:
    tournament_id: int
    round_id: int
    director_id: int
    seconds: float


def _quiet_side_effects() -> None:
    """Celery in this process runs eagerly (no worker needed, nothing left in a broker) and the
    page warm-up is not queued (the rush is measured without it)."""
    from django.conf import settings

    from config.celery import app
    from tournaments.common import events

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    events._enqueue_warm = lambda tournament_id: None
    settings.PUBLIC_PAGES_WARM = False  # so nothing is held for a warm-up (events.live_release)


def build(
    *,
    players: int,
    rounds: int,
    games: int,
    ranking_players: int,
    ranking_tournaments: int,
    ranking_year: int,
) -> PagesData:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    _quiet_side_effects()
    logging.disable(logging.WARNING)
    start = time.perf_counter()
    try:
        tournament, rnd = _tournament(players=players, rounds=rounds, games=games)
        _ranking_year(ranking_year, players=ranking_players, tournaments=ranking_tournaments)
    finally:
        logging.disable(logging.NOTSET)
    director = tournament.staff.filter(role="director").values_list("user_id", flat=True).first()
    return PagesData(
        tournament_id=tournament.pk,
        round_id=rnd.pk,
        director_id=director or tournament.created_by_id,
        seconds=time.perf_counter() - start,
    )


def _tournament(*, players: int, rounds: int, games: int):
    from tournaments.models import Round, TournamentStaff
    from tournaments.sheets import services as sheet_services
    from tournaments.simulation.sheets import random_sheet
    from tournaments.simulation.tournament import simulate_tournament

    tournament = simulate_tournament(
        players=players,
        category="special",
        rounds=rounds,
        games=games,
        seed=1,
        stop_after=rounds - 1,
        name="Bench-Pokal",
    )
    rnd = Round.objects.get(tournament=tournament, number=rounds)  # released, no sheets yet
    staff = TournamentStaff.objects.filter(tournament=tournament).select_related("user")
    desk = next(s.user for s in staff if s.role == "desk")
    director = next(s.user for s in staff if s.role == "director")
    rng = random.Random(rounds)
    for table in rnd.tables.order_by("number"):
        letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
        sheet = sheet_services.sheet_save(
            table=table, games=random_sheet(rng, letters, games), expected_version=0, user=desk
        )
        sheet_services.sheet_confirm(sheet=sheet, expected_version=sheet.version, user=director)
    return tournament, rnd


def _ranking_year(year: int, *, players: int, tournaments: int) -> None:
    """``tournaments`` counted tournaments and ``players`` ranked players (every seventh hides
    their name), entries written as a recompute would leave them."""
    from django.utils import timezone

    from ranking.models import RankingEntry, RankingYear
    from ranking.simulation import bulkdata
    from tournaments.models import Player

    pool = bulkdata.create_players(players, prefix="RB-")
    Player.objects.filter(pk__in=pool[::7]).update(publish_name=False)
    Player.objects.filter(pk__in=pool[::5]).update(club="Rummikub-Freunde Nord")
    bulkdata.create_year(
        year,
        tournaments=tournaments,
        players_per_tournament=20,
        rounds=1,
        games=1,
        player_ids=pool,
        seed=year,
    )
    rng = random.Random(year)
    snapshot, _ = RankingYear.objects.get_or_create(year=year)
    entries = []
    for index, player_id in enumerate(pool):
        games = rng.randrange(4, 120)
        places = [rng.randrange(0, games // 3 + 1) for _ in range(3)]
        entries.append(
            RankingEntry(
                ranking_year=snapshot,
                player_id=player_id,
                rank=index + 1,
                tournaments=rng.randrange(1, 25),
                rounds=games // 4,
                games=games,
                placement_points=4 * players - index,
                game_points=rng.randrange(-3000, 3000),
                first=places[0],
                second=places[1],
                third=places[2],
                fourth=max(0, games - sum(places)),
                minus_points=rng.randrange(0, 4000),
            )
        )
    RankingEntry.objects.bulk_create(entries, batch_size=2000)
    RankingYear.objects.filter(pk=snapshot.pk).update(
        computed_at=timezone.now(), rule_version="R2014", pending=False, pending_since=None
    )


def search_queries(tournament_id: int, count: int) -> list[str]:
    """``count`` different searches as players type them: the start of a name or a club."""
    from tournaments.models import Registration

    names = Registration.objects.filter(tournament_id=tournament_id).values_list(
        "player__last_name", "player__club"
    )
    found: list[str] = []
    for last_name, club in names.order_by("pk"):
        for text in (last_name[:3], last_name[:4], (club or "")[:5]):
            query = text.strip().lower()
            if len(query) >= 3 and query not in found:
                found.append(query)
    return [quote_plus(q) for q in found[:count]]


def publish_last_round(data: PagesData) -> None:
    """The director publishes the round: the moment the rush starts."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Round
    from tournaments.rounds import services as round_services

    director = get_user_model().objects.get(pk=data.director_id)
    logging.disable(logging.WARNING)  # the ranking's recompute (eager here) logs a line
    try:
        round_services.round_publish(rnd=Round.objects.get(pk=data.round_id), user=director)
    finally:
        logging.disable(logging.NOTSET)

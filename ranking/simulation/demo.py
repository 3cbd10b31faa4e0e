"""Demo data for the ranking (`make run`): last year's ranking, a player account, an appeal."""

from __future__ import annotations

import io
from datetime import datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from players.models import PlayerAccount
from ranking.appeals import services as appeals_services
from ranking.compute import services as compute
from ranking.domain.appeals import BERLIN
from ranking.models import Appeal
from ranking.rating import services as rating
from tournaments.enums import TournamentStatus
from tournaments.models import Seat, Tournament
from tournaments.simulation.players import DEMO_PASSWORD

PLAYER_USERNAME = "spieler"
PAST_NAME = "Ranking-Demo: Deutsche Meisterschaft {year}"


def seed_ranking_demo(*, password: str = DEMO_PASSWORD) -> list[str]:
    """Idempotent: a finished tournament last year, a player account for a player of the
    finished demo tournament, one appeal in the commission's inbox, every year computed."""
    lines: list[str] = []
    today = timezone.localdate()
    past = today.year - 1
    if not Tournament.objects.filter(name=PAST_NAME.format(year=past)).exists():
        call_command(
            "simulate_tournament",
            players=24,
            category="national",
            seed=past,
            year=past,
            name=PAST_NAME.format(year=past),
            stdout=io.StringIO(),
        )
    finished = (
        Tournament.objects.filter(name__startswith="Demo:", status=TournamentStatus.FINISHED)
        .order_by("pk")
        .first()
    )
    with transaction.atomic():
        if finished is not None and not PlayerAccount.objects.exists():
            seat = (
                Seat.objects.filter(round__tournament=finished, round__number=1, reserve=False)
                .select_related("player", "table")
                .order_by("table__number", "letter")
                .first()
            )
            User = get_user_model()
            user, created = User.objects.get_or_create(
                username=PLAYER_USERNAME,
                defaults={"first_name": seat.player.first_name, "last_name": seat.player.last_name},
            )
            if created:
                user.set_password(password)
                user.save()
            PlayerAccount.objects.create(user=user, player=seat.player)
            if not Appeal.objects.filter(tournament=finished).exists():
                filed = datetime.combine(finished.end_date + timedelta(days=2), time(19), BERLIN)
                appeals_services.appeal_file(
                    user=user,
                    tournament=finished,
                    player=seat.player,
                    round_number=1,
                    table_number=seat.table.number,
                    game_number=2,
                    what_is_wrong="Im zweiten Spiel wurden meine Minuspunkte falsch addiert.",
                    correction_requested="Bitte die Punkte von Spiel 2 laut Foto berichtigen.",
                    now=min(filed, timezone.now()),
                )
    compute.ranking_daily()
    compute.ranking_rebuild()
    rating.rating_rebuild()  # the skill rating beside it (issue 33)
    if PlayerAccount.objects.filter(user__username=PLAYER_USERNAME).exists():
        lines.append(f"  Benutzer {PLAYER_USERNAME:<12} Passwort {password} (Spielerkonto)")
    return lines

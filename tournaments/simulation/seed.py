"""Demo data for `make run`: a demo admin, staff for every role, players and tournaments."""

from __future__ import annotations

import io
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from tournaments.enums import Category, GlobalRole, StaffRole
from tournaments.models import Player, Tournament, TournamentStaff
from tournaments.permissions import role_groups
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services
from tournaments.simulation.players import DEMO_PASSWORD, demo_player_rows
from tournaments.simulation.referees import seed_referee_demo
from tournaments.simulation.tournament import simulate_tournament

DEMO_USERS = (
    ("admin", "Demo", "Admin", (GlobalRole.FEDERATION_ADMIN,), True),
    ("leitung", "Tina", "Turnierleiterin", (GlobalRole.DIRECTOR,), False),
    ("orgatisch", "Otto", "Orgatisch", (), False),
    ("schiri", "Sven", "Schiedsrichter", (GlobalRole.REFEREE,), False),
    ("hauptschiri", "Hanna", "Hauptschiedsrichterin", (GlobalRole.HEAD_REFEREE,), False),
    ("kommission", "Klara", "Kommission", (GlobalRole.COMMISSION,), False),
)


def seed_demo(*, players: int) -> list[str]:
    """Demo users, players and tournaments, then the ranking's demo data; safe to run again.

    Returns the login lines to print. The ranking's part runs as its management command, by name:
    tournaments never imports ranking.
    """
    with transaction.atomic():
        users = _users()
        _players(players)
        _tournaments(users)
        seed_referee_demo(users)
    lines = [f"  Benutzer {username:<12} Passwort {DEMO_PASSWORD}" for username, *_ in DEMO_USERS]
    ranking = io.StringIO()
    call_command("seed_ranking_demo", stdout=ranking)
    return lines + ranking.getvalue().splitlines()


def _users() -> dict:
    User = get_user_model()
    users = {}
    for username, first, last, roles, superuser in DEMO_USERS:
        user, created = User.objects.get_or_create(
            username=username, defaults={"first_name": first, "last_name": last}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.is_staff = superuser
            user.is_superuser = superuser
            user.save()
        user.groups.add(*role_groups(*roles))
        users[username] = user
    return users


def _players(count: int) -> None:
    existing = set(Player.objects.values_list("federation_number", flat=True))
    rows = [row for row in demo_player_rows(count) if row["federation_number"] not in existing]
    Player.objects.bulk_create([Player(**row) for row in rows])


def _juniors(main: Tournament, director) -> None:
    """Up to eight juniors playing apart in two rounds (Klub 6.3), round 1 released; a registry
    too small for one table of them (a tiny demo) leaves the juniors out."""
    juniors = list(Player.objects.order_by("federation_number")[40:48])
    if len(juniors) < 4:
        return
    junior = setup_services.junior_field_create(tournament=main, rounds_planned=2, user=director)
    for player in juniors:
        registration_services.registration_add(
            tournament=junior, player=player, reserve=False, user=director
        )
    registration_services.registrations_check_in_all(tournament=junior)
    rnd = round_services.round_pair_next(tournament=junior, user=director, seed=20260102)
    round_services.round_release(rnd=rnd, user=director)


def _tournaments(users: dict) -> None:
    if Tournament.objects.filter(name__startswith="Demo:").exists():
        return
    today = timezone.localdate()
    director = users["leitung"]
    running = setup_services.tournament_create(
        user=director,
        name="Demo: Stadtmeisterschaft Berlin",
        category=Category.CITY,
        rounds_planned=3,
        games_per_round=4,
        has_final=False,
        start_date=today,
        end_date=today,
        ranking_year=today.year,
        venue="Rathaus Schöneberg, Berlin",
        max_players=64,
    )
    for username, role in (
        ("orgatisch", StaffRole.DESK),
        ("schiri", StaffRole.REFEREE),
        ("hauptschiri", StaffRole.HEAD_REFEREE),
    ):
        TournamentStaff.objects.get_or_create(tournament=running, user=users[username], role=role)
    registration_services.tournament_open_registration(tournament=running)
    players = list(Player.objects.order_by("federation_number")[:40])
    for index, player in enumerate(players):
        registration_services.registration_add(
            tournament=running, player=player, reserve=index >= 37, user=director
        )
    registration_services.registrations_check_in_all(tournament=running)
    rnd = round_services.round_pair_next(tournament=running, user=director, seed=20260101)
    round_services.round_release(rnd=rnd, user=director)
    _juniors(running, director)

    upcoming = setup_services.tournament_create(
        user=director,
        name="Demo: Einsteiger-Turnier Hamburg",
        category=Category.BEGINNERS,
        rounds_planned=2,
        games_per_round=4,
        has_final=True,
        start_date=today + timedelta(days=30),
        end_date=today + timedelta(days=30),
        ranking_year=(today + timedelta(days=30)).year,
        venue="Bürgerhaus Altona, Hamburg",
    )
    registration_services.tournament_open_registration(tournament=upcoming)
    simulate_tournament(
        players=36,
        category="city",
        seed=2026,
        year=today.year,
        name="Demo: Stadtmeisterschaft Köln",
    )
    for player in Player.objects.order_by("-federation_number")[:12]:
        registration_services.registration_add(
            tournament=upcoming, player=player, reserve=False, user=director
        )

"""`make run`: a demo admin, staff for every role, players and tournaments. Safe to run again."""

import io
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
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

DEMO_USERS = (
    ("admin", "Demo", "Admin", (GlobalRole.FEDERATION_ADMIN,), True),
    ("leitung", "Tina", "Turnierleiterin", (GlobalRole.DIRECTOR,), False),
    ("orgatisch", "Otto", "Orgatisch", (), False),
    ("schiri", "Sven", "Schiedsrichter", (GlobalRole.REFEREE,), False),
    ("hauptschiri", "Hanna", "Hauptschiedsrichterin", (GlobalRole.HEAD_REFEREE,), False),
    ("kommission", "Klara", "Kommission", (GlobalRole.COMMISSION,), False),
)


class Command(BaseCommand):
    help = "Legt Demo-Benutzer, Demo-Spieler und Demo-Turniere an (nur für Entwicklung)."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=60)
        parser.add_argument("--force", action="store_true", help="Auch mit DJANGO_DEBUG=0.")

    def handle(self, *args, players: int, force: bool, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "Demo-Daten nur im Entwicklungsmodus (DJANGO_DEBUG=1) oder mit --force."
            )
        with transaction.atomic():
            users = self._users()
            self._players(players)
            self._tournaments(users)
            seed_referee_demo(users)
        self.stdout.write(
            self.style.SUCCESS("Demo-Daten bereit. Anmeldung unter /konto/anmelden/:")
        )
        for username, *_ in DEMO_USERS:
            self.stdout.write(f"  Benutzer {username:<12} Passwort {DEMO_PASSWORD}")
        call_command("seed_ranking_demo", stdout=self.stdout)

    def _users(self) -> dict:
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

    def _players(self, count: int) -> None:
        existing = set(Player.objects.values_list("federation_number", flat=True))
        Player.objects.bulk_create(
            [
                Player(**row)
                for row in demo_player_rows(count)
                if row["federation_number"] not in existing
            ]
        )

    def _tournaments(self, users: dict) -> None:
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
            TournamentStaff.objects.get_or_create(
                tournament=running, user=users[username], role=role
            )
        registration_services.tournament_open_registration(tournament=running)
        players = list(Player.objects.order_by("federation_number")[:40])
        for index, player in enumerate(players):
            registration_services.registration_add(
                tournament=running, player=player, reserve=index >= 37, user=director
            )
        registration_services.registrations_check_in_all(tournament=running)
        rnd = round_services.round_pair_next(tournament=running, user=director, seed=20260101)
        round_services.round_release(rnd=rnd, user=director)

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
        call_command(
            "simulate_tournament",
            players=36,
            category="city",
            seed=2026,
            year=today.year,
            name="Demo: Stadtmeisterschaft Köln",
            stdout=io.StringIO(),
        )
        for player in Player.objects.order_by("-federation_number")[:12]:
            registration_services.registration_add(
                tournament=upcoming, player=player, reserve=False, user=director
            )

"""Play a whole tournament through the same services the UI uses (issue 4 §7)."""

import random
from datetime import date, datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from tournaments.domain.formats import CATEGORY_PRESETS, reserves_needed
from tournaments.enums import Category, GlobalRole, RuleSetCode, StaffRole, TablePolicy
from tournaments.models import Player, TournamentStaff
from tournaments.permissions import role_groups
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services
from tournaments.sheets import services as sheet_services
from tournaments.simulation.players import demo_player_rows
from tournaments.simulation.sheets import random_sheet


class Command(BaseCommand):
    help = "Spielt ein ganzes Turnier mit zufälligen, gültigen Ergebnissen durch."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=40)
        parser.add_argument("--category", choices=[c.value for c in Category], default="city")
        parser.add_argument("--rounds", type=int, help="Vorrunden (Sonderturnier frei).")
        parser.add_argument("--games", type=int, default=4)
        parser.add_argument("--final", action="store_true")
        parser.add_argument("--three-player-tables", action="store_true")
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--year", type=int, default=None)
        parser.add_argument(
            "--stop-after", type=int, default=None, help="Nach dieser Runde anhalten (laufend)."
        )
        parser.add_argument("--name", default=None)

    def handle(self, *args, **opts):
        seed = opts["seed"] if opts["seed"] is not None else random.SystemRandom().randrange(2**31)
        rng = random.Random(seed)
        try:
            tournament = self._run(rng, seed, opts)
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from exc
        self.stdout.write(f"tournament {tournament.pk}")

    def _staff(self):
        User = get_user_model()
        director, _ = User.objects.get_or_create(username="sim-leitung")
        desk, _ = User.objects.get_or_create(username="sim-orgatisch")
        director.groups.add(*role_groups(GlobalRole.DIRECTOR))
        return director, desk

    def _field(self, rng: random.Random, count: int) -> list[Player]:
        """Draw from the registry so simulated tournaments share players and feed one ranking."""
        have = Player.objects.count()
        if have < count:
            start = 90000 + have
            Player.objects.bulk_create(
                [Player(**row) for row in demo_player_rows(count - have, seed=start, start=start)]
            )
        ids = list(Player.objects.order_by("pk").values_list("pk", flat=True))
        chosen = rng.sample(ids, count)
        by_id = Player.objects.in_bulk(chosen)
        return [by_id[pk] for pk in chosen]

    @transaction.atomic
    def _setup(self, rng, seed, opts):
        category = opts["category"]
        three = opts["three_player_tables"]
        if three and category != Category.SPECIAL:
            raise CommandError("--three-player-tables nur mit --category special.")
        rounds = opts["rounds"] or CATEGORY_PRESETS[category].rounds or 3
        year = opts["year"] or timezone.localdate().year
        start = date(year, 1, 1) + timedelta(days=rng.randrange(365 if year % 4 else 366))
        director, desk = self._staff()
        tournament = setup_services.tournament_create(
            user=director,
            name=opts["name"] or f"Simuliertes Turnier {year} #{seed}",
            category=category,
            rounds_planned=rounds,
            games_per_round=opts["games"],
            has_final=opts["final"],
            table_policy=TablePolicy.THREE_PLAYER if three else TablePolicy.RESERVES,
            start_date=start,
            end_date=start,
            ranking_year=year,
            rule_set=RuleSetCode.for_year(year),
            venue="Simulation",
        )
        TournamentStaff.objects.create(tournament=tournament, user=desk, role=StaffRole.DESK)
        opened = timezone.make_aware(datetime.combine(start - timedelta(days=30), time(12)))
        registration_services.tournament_open_registration(tournament=tournament, now=opened)
        n = opts["players"]
        extra = 0 if three else reserves_needed(n)
        for index, player in enumerate(self._field(rng, n + extra)):
            registration_services.registration_add(
                tournament=tournament, player=player, reserve=index >= n, user=director
            )
        registration_services.registrations_check_in_all(tournament=tournament)
        return tournament, director, desk

    def _run(self, rng, seed, opts):
        tournament, director, desk = self._setup(rng, seed, opts)
        for _ in range(tournament.total_rounds):
            with transaction.atomic():
                rnd = round_services.round_pair_next(
                    tournament=tournament, user=director, seed=rng.randrange(2**62)
                )
                round_services.round_release(rnd=rnd, user=director)
                if opts["stop_after"] is not None and rnd.number > opts["stop_after"]:
                    break
                for table in rnd.tables.all():
                    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
                    sheet = sheet_services.sheet_save(
                        table=table,
                        games=random_sheet(rng, letters, tournament.games_per_round),
                        expected_version=0,
                        user=desk,
                    )
                    sheet_services.sheet_confirm(
                        sheet=sheet, expected_version=sheet.version, user=director
                    )
                sheet_services.round_publish(rnd=rnd, user=director)
            tournament.refresh_from_db()
        return tournament

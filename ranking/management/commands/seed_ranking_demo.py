"""Ranking demo data; called at the end of `seed_demo` (make run)."""

from django.core.management.base import BaseCommand

from ranking.demo import seed_ranking_demo


class Command(BaseCommand):
    help = "Legt Ranking-Demo-Daten an: Vorjahresturnier, Spielerkonto, Einspruch, Rankings."

    def handle(self, *args, **options):
        from tournaments.management.commands.seed_demo import DEMO_PASSWORD

        for line in seed_ranking_demo(password=DEMO_PASSWORD):
            self.stdout.write(line)

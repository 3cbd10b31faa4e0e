"""Ranking demo data; called at the end of `seed_demo` (make run)."""

from django.core.management.base import BaseCommand

from ranking.simulation.demo import seed_ranking_demo


class Command(BaseCommand):
    help = "Creates ranking demo data: last year's tournament, player account, appeal, rankings."

    def handle(self, *args, **options):
        for line in seed_ranking_demo():
            self.stdout.write(line)

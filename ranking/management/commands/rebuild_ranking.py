"""`python manage.py rebuild_ranking [--year Y]`: recompute the ranking from scratch."""

from django.core.management.base import BaseCommand, CommandError

from ranking.compute.services import ranking_rebuild_report


class Command(BaseCommand):
    help = "Berechnet das Deutsche Rummikub Ranking neu (ein Jahr oder alle Jahre)."

    def add_arguments(self, parser):
        parser.add_argument("--year", type=int, default=None, help="Nur dieses Ranking-Jahr.")

    def handle(self, *args, year: int | None, **options):
        if year is not None and not 1990 <= year <= 2200:
            raise CommandError("Das Ranking-Jahr muss zwischen 1990 und 2200 liegen.")
        for line in ranking_rebuild_report(year=year):
            self.stdout.write(line)

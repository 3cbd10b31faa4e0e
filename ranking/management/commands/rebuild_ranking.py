"""`python manage.py rebuild_ranking [--year Y]`: recompute the ranking from scratch."""

from django.core.management.base import BaseCommand, CommandError

from ranking.compute.services import ranking_rebuild


class Command(BaseCommand):
    help = "Berechnet das Deutsche Rummikub Ranking neu (ein Jahr oder alle Jahre)."

    def add_arguments(self, parser):
        parser.add_argument("--year", type=int, default=None, help="Nur dieses Ranking-Jahr.")

    def handle(self, *args, year: int | None, **options):
        if year is not None and not 1990 <= year <= 2200:
            raise CommandError("Das Ranking-Jahr muss zwischen 1990 und 2200 liegen.")
        snapshots = ranking_rebuild(year=year)
        if not snapshots:
            self.stdout.write("Keine Ranking-Jahre gefunden.")
        for snapshot in snapshots:
            self.stdout.write(
                f"Ranking {snapshot.year}: {snapshot.entries.count()} Spieler, "
                f"Regelversion {snapshot.rule_version}."
            )

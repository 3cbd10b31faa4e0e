"""`python manage.py rebuild_ranking [--year Y]`: recompute the ranking from scratch."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from ranking.compute.services import ranking_rebuild_report


class Command(BaseCommand):
    help = "Recomputes the German Rummikub ranking (one year or all years)."

    def add_arguments(self, parser):
        parser.add_argument("--year", type=int, default=None, help="Only this ranking year.")

    def handle(self, *args, year: int | None, **options):
        if year is not None and not 1990 <= year <= 2200:
            raise CommandError(_("The ranking year must lie between 1990 and 2200."))
        for line in ranking_rebuild_report(year=year):
            self.stdout.write(line)

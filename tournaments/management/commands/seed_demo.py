"""`make run`: a demo admin, staff for every role, players and tournaments. Safe to run again."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournaments.simulation.seed import seed_demo


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
        lines = seed_demo(players=players)
        self.stdout.write(
            self.style.SUCCESS("Demo-Daten bereit. Anmeldung unter /konto/anmelden/:")
        )
        for line in lines:
            self.stdout.write(line)

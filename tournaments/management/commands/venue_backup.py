"""Write a signed backup of the venue laptop's tournament now (docs/operations.md "Venue mode")."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from tournaments.venue.laptop import selectors, services


class Command(BaseCommand):
    help = "Writes a signed backup of the tournament into the backup folder now."

    def handle(self, *args, **options):
        state = selectors.current_state()
        if state is None:
            raise CommandError("No tournament is loaded on this laptop.")
        sequence, _digest, _envelope = services.envelope_sign(state=state, now=timezone.now())
        self.stdout.write(f"Backup {sequence}: {state.backup_file or '(unchanged)'}")

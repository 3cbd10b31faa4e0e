"""Carry on the day on this laptop from another laptop's signed backup (docs/operations.md
"Venue mode")."""

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.management.commands.venue_load import add_director_arguments, report_director
from tournaments.venue.laptop import services


class Command(BaseCommand):
    help = "Restores a signed venue backup into the empty venue database; the day carries on."

    def add_arguments(self, parser):
        parser.add_argument("backup", type=Path)
        add_director_arguments(parser)

    def handle(self, *args, **options):
        try:
            state = services.backup_restore(
                path=options["backup"], central_url=options["central_url"]
            )
            report_director(self, state, options)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stdout.write(
            f"Restored “{state.checkout.tournament.name}” at upload number {state.sequence}; "
            f"uploads go to {state.central_url}."
        )

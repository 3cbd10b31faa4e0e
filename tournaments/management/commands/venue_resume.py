"""Carry on from the central server's copy of this laptop's checkout, e.g. after an older backup
was restored here and its uploads are refused as older (docs/operations.md "Venue mode")."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.venue.laptop import central


class Command(BaseCommand):
    help = (
        "Replaces this laptop's copy by the central server's (its last applied upload); the "
        "uploads go on under the next number. Refused while this laptop holds changes the "
        "central server has not received, unless --force."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--force",
            action="store_true",
            help="Even if this laptop holds changes the central server has not received.",
        )

    def handle(self, *args, **options):
        try:
            state = central.resume(force=options["force"])
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stdout.write(
            f"Resumed “{state.checkout.tournament.name}” from {state.central_url} at upload "
            f"number {state.sequence}; the next upload is number {state.sequence + 1}."
        )

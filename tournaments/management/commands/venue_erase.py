"""Erase the venue laptop's local copy after check-in (docs/operations.md "Venue mode")."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.venue.laptop import selectors, services, uploader


class Command(BaseCommand):
    help = (
        "Deletes everything in the venue database (players, results, logins) and the backups. "
        "Refused while the central server lacks changes or holds a newer copy (then "
        "venue_resume carries on from it), unless --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("--yes", action="store_true", help="Do not ask.")
        parser.add_argument("--force", action="store_true", help="Even if not all is uploaded.")
        parser.add_argument("--keep-backups", action="store_true")

    def handle(self, *args, **options):
        state = selectors.current_state()
        if state is not None and not options["force"]:
            uploader.sync_once(force=True, wait=True)  # the final upload
            state = selectors.current_state()
            refusal = selectors.erase_refusal(state)
            if refusal:
                way = "to erase anyway: --force"
                if selectors.central_is_newer(state):
                    way = f"to carry on from the central copy: venue_resume; {way}"
                raise CommandError(f"{refusal} Not erased ({way}).")
        if not options["yes"] and input("Erase the local copy? Type 'yes': ").strip() != "yes":
            raise CommandError("Not erased.")
        try:
            services.local_copy_erase(backups=not options["keep_backups"])
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stdout.write("The local copy is erased.")

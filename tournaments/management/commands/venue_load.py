"""Load a checkout package into the venue laptop's empty database (docs/operations.md
"Venue mode")."""

import json
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.venue.laptop import services


def add_director_arguments(parser) -> None:
    parser.add_argument(
        "--director",
        default="",
        help=(
            "User name of the director's login on this laptop (default: the tournament's "
            "creator on the central site, so the venue's work keeps that name there)."
        ),
    )
    parser.add_argument(
        "--director-password",
        default="",
        help="Its password; without it a new login gets a one-time password, printed once.",
    )
    parser.add_argument(
        "--central-url",
        default="",
        help="Address of the central server (default: the one named in the file).",
    )


def report_director(command: BaseCommand, state, options) -> None:
    user, password = services.local_director_ensure(
        checkout=state.checkout,
        username=options["director"] or services.central_director(state) or "leitung",
        password=options["director_password"] or None,
    )
    command.stdout.write(f"Director's login: {user.get_username()}")
    if password and not options["director_password"]:
        command.stdout.write(
            f"One-time password (write it down, it is not shown again): {password}"
        )


class Command(BaseCommand):
    help = "Loads a checkout package (JSON from the central server) into the empty venue database."

    def add_arguments(self, parser):
        parser.add_argument("package", type=Path)
        add_director_arguments(parser)

    def handle(self, *args, **options):
        try:
            package = json.loads(options["package"].read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"{options['package']}: {error}") from error
        try:
            state = services.package_load(package=package, central_url=options["central_url"])
            report_director(self, state, options)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        tournament = state.checkout.tournament
        self.stdout.write(
            f"Loaded “{tournament.name}” (checkout {state.checkout.uuid}); "
            f"uploads go to {state.central_url}."
        )
        self.stdout.write(
            f"{options['package']} holds the players' data and the upload key: delete it now "
            "(the laptop keeps what it needs; backups go to the backup folder)."
        )

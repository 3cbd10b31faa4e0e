"""The venue laptop's uploader (docs/operations.md "Venue mode"): `make venue` runs it beside the
server."""

import signal
import threading

from django.core.management.base import BaseCommand

from tournaments.venue.laptop import uploader


class Command(BaseCommand):
    help = "Uploads the tournament to the central server whenever the line is up; backs it up."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="One look, then stop.")
        parser.add_argument(
            "--force", action="store_true", help="Upload now, whatever the timers say."
        )
        parser.add_argument("--tick", type=float, default=uploader.TICK_SECONDS)

    def handle(self, *args, **options):
        if options["once"] or options["force"]:
            self.stdout.write(uploader.sync_once(force=options["force"], wait=True))
            return
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        uploader.run(stop=stop, tick=options["tick"])

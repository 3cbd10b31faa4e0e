"""Serve the venue laptop (docs/operations.md "Venue mode"): gunicorn on the venue network, and
beside it the uploader. `make venue` runs this after migrate and collectstatic."""

import signal
import subprocess
import sys
import threading

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournaments.venue.laptop import uploader


class Command(BaseCommand):
    help = "Serves the venue laptop on every address (gunicorn) and runs the uploader beside it."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--threads", type=int, default=8)

    def handle(self, *args, **options):
        if not settings.VENUE_MODE:
            raise CommandError("Only with VENUE_MODE=1 (make venue).")
        # ONE process with threads: the local-memory cache holds the public pages'
        # generation, which a second process would never see bumped.
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--bind",
                f"{options['host']}:{options['port']}",
                "--workers",
                "1",
                "--threads",
                str(options["threads"]),
                "--access-logfile",
                "-",
            ]
        )
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        watcher = threading.Thread(target=lambda: (server.wait(), stop.set()), daemon=True)
        watcher.start()
        self.stdout.write(
            f"Venue server on http://{options['host']}:{options['port']}/ (uploader running)"
        )
        try:
            uploader.run(stop=stop)
        finally:
            if server.poll() is None:
                server.terminate()
                server.wait(timeout=30)

"""A venue laptop as a separate process on its own SQLite file (issue 18's acceptance tests):
`manage.py` with VENUE_MODE=1 and its own VENUE_DIR, driven by its management commands and by
`manage.py shell -c` for the desk's work (the same builders the central tests play with)."""

from __future__ import annotations

import atexit
import functools
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIRECTOR = "leitung"
DIRECTOR_PASSWORD = "venue-passwort-123"

# the venue plays as the central test process does (tests/conftest.py)
#: this test run's migrated, empty venue database and collected static files
TEMPLATE = Path(tempfile.gettempdir()) / f"venue-template-{os.getpid()}"

_ENV = {
    "VENUE_MODE": "1",
    "PAIRING_SEARCH_ITERATIONS": "2000",
    "PAIRING_SEARCH_BEAM": "200",
    "DJANGO_LOG_LEVEL": "WARNING",
}

PLAY_ROUND = """
import random
from django.contrib.auth import get_user_model
from tests.support.builders import play_next_round
from tournaments.venue.laptop.selectors import current_state
tournament = current_state().checkout.tournament
director = get_user_model().objects.get(username={director!r})
desk, _ = get_user_model().objects.get_or_create(username="orgatisch-spielort")
rng = random.Random({sheets})
rnd = play_next_round(
    tournament, director=director, desk=desk, seed={seed}, rng=rng, publish={publish}
)
print("round", rnd.number, rnd.status, "tournament", tournament.pk)
"""


class VenueProcess:
    """One laptop: its folder (database, key, backups) and the commands run on it."""

    def __init__(self, folder: Path, *, template: Path | None = None, env: dict | None = None):
        self.folder = folder
        self.extra_env = dict(env or {})  # e.g. shorter timers for a test of the day
        folder.mkdir(parents=True, exist_ok=True)
        if template is not None:  # a migrated empty database: saves the migrations each time
            shutil.copy(template, folder / "venue.sqlite3")

    @property
    def env(self) -> dict:
        env = {**os.environ, **_ENV, "VENUE_DIR": str(self.folder)}
        env["DJANGO_STATIC_ROOT"] = str(TEMPLATE / "static")  # collected once for all
        for name in ("DATABASE_URL", "REDIS_URL", "DJANGO_ALLOWED_HOSTS"):
            env.pop(name, None)
        return {**env, **self.extra_env}

    def manage(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if check and done.returncode != 0:
            raise AssertionError(
                f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
            )
        return done

    def output(self, *args: str) -> str:
        return self.manage(*args).stdout.strip()

    def load(self, package: dict, central_url: str) -> str:
        path = self.folder / "package.json"
        path.write_text(json.dumps(package), encoding="utf-8")
        return self.output(
            "venue_load",
            str(path),
            "--central-url",
            central_url,
            "--director",
            DIRECTOR,
            "--director-password",
            DIRECTOR_PASSWORD,
        )

    def restore(self, backup: Path, central_url: str) -> str:
        return self.output(
            "venue_restore",
            str(backup),
            "--central-url",
            central_url,
            "--director",
            DIRECTOR,
            "--director-password",
            DIRECTOR_PASSWORD,
        )

    def play_round(self, *, seed: int, sheets: int, publish: bool = True) -> str:
        """Pair and release the next round, enter and confirm every sheet, publish it."""
        code = PLAY_ROUND.format(director=DIRECTOR, seed=seed, sheets=sheets, publish=publish)
        return self.output("shell", "-c", code).splitlines()[-1]

    def serve(self, port: int, *, log: Path | None = None) -> subprocess.Popen:
        """`make venue`'s server and uploader (`venue_serve`), until terminated; its output
        goes to ``log`` (default: serve.log in the laptop's folder)."""
        return subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "venue_serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=(log or self.folder / "serve.log").open("w"),
            stderr=subprocess.STDOUT,
        )

    def sync(self, *extra: str) -> str:
        """One look of the uploader; prints what happened (the server's outcome)."""
        return self.output("venue_sync", "--once", *extra).splitlines()[-1]

    def backups(self) -> list[Path]:
        return sorted((self.folder / "venue-backups").glob("*.json"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, server: subprocess.Popen) -> None:
    """Until ``url`` answers (the server started by `VenueProcess.serve`)."""
    for _ in range(120):
        if server.poll() is not None:
            raise AssertionError(f"the venue server stopped ({server.returncode})")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.5)
    raise AssertionError("the venue server did not come up")


@functools.cache
def migrated_template() -> Path:
    """An empty, migrated venue database to copy for each laptop (migrating takes long: once
    per test run)."""
    folder = TEMPLATE
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    laptop = VenueProcess(folder)
    laptop.manage("migrate", "--noinput")
    laptop.manage("collectstatic", "--noinput", "--verbosity", "0")
    (folder / "venue-secret-key").unlink()  # each laptop makes its own
    return folder / "venue.sqlite3"

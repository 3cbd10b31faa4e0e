"""The venue laptop's settings (config/venue.py): what `make venue` runs with."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from config import venue
from tests.support.venue import VenueProcess, free_port, wait_until_up

ROOT = Path(__file__).resolve().parents[2]

PRINT_SETTINGS = """
import json
from django.conf import settings
print(json.dumps({
    "VENUE_MODE": settings.VENUE_MODE, "DEBUG": settings.DEBUG,
    "DB": settings.DATABASES["default"]["NAME"], "ENGINE": settings.DATABASES["default"]["ENGINE"],
    "CACHE": settings.CACHES["default"]["BACKEND"], "EAGER": settings.CELERY_TASK_ALWAYS_EAGER,
    "HOSTS": settings.ALLOWED_HOSTS, "KEY": settings.SECRET_KEY,
    "SECURE_COOKIE": settings.SESSION_COOKIE_SECURE, "REDIRECT": settings.SECURE_SSL_REDIRECT,
    "BACKUPS": str(settings.VENUE_BACKUP_DIR),
}))
"""


def _venue_settings(folder: Path, **env) -> dict:
    environment = {
        **os.environ,
        "VENUE_MODE": "1",
        "VENUE_DIR": str(folder),
        "REDIS_URL": "redis://127.0.0.1:6379/9",  # ignored on the laptop
        "DATABASE_URL": "postgres://nobody@127.0.0.1/nothing",  # ignored too
        **env,
    }
    environment.pop("DJANGO_ALLOWED_HOSTS", None)
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PRINT_SETTINGS],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_venue_mode_runs_on_sqlite_without_services_with_debug_off(tmp_path):
    found = _venue_settings(tmp_path)
    key = (tmp_path / "venue-secret-key").read_text().strip()
    assert found == {
        "VENUE_MODE": True,
        "DEBUG": False,
        "DB": str(tmp_path / "venue.sqlite3"),
        "ENGINE": "django.db.backends.sqlite3",
        "CACHE": "django.core.cache.backends.locmem.LocMemCache",
        "EAGER": True,
        "HOSTS": ["*"],
        "KEY": key,
        "SECURE_COOKIE": False,
        "REDIRECT": False,
        "BACKUPS": str(tmp_path / "venue-backups"),
    }
    assert len(key) >= 50
    assert (tmp_path / "venue-secret-key").stat().st_mode & 0o777 == 0o600


def test_the_key_survives_a_restart_and_each_laptop_has_its_own(tmp_path):
    first = _venue_settings(tmp_path / "a")["KEY"]
    assert _venue_settings(tmp_path / "a")["KEY"] == first
    assert _venue_settings(tmp_path / "b")["KEY"] != first


def test_a_broken_key_file_is_refused_not_replaced(tmp_path):
    (tmp_path / "venue-secret-key").write_text("short")
    with pytest.raises(RuntimeError, match="venue-secret-key holds no usable key"):
        venue.secret_key(tmp_path)
    assert (tmp_path / "venue-secret-key").read_text() == "short"


def test_gunicorn_and_whitenoise_are_pinned():
    lock = (ROOT / "requirements.lock").read_text()
    assert "\ngunicorn==" in lock
    assert "\nwhitenoise==" in lock


def test_the_venue_files_are_not_in_git():
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert {"*.sqlite3", "venue-secret-key", "venue-upload.lock", "venue-backups/"} <= set(ignored)


STAT_WHILE_OPEN = """
import json, os
from django.db import connection
with connection.cursor() as cursor:  # open: SQLite's -wal and -shm exist meanwhile
    cursor.execute("SELECT count(*) FROM django_migrations")
    found = {}
    for where, folders, files in os.walk(os.environ["VENUE_DIR"]):
        for name in folders + files:
            path = os.path.join(where, name)
            mode = os.stat(path).st_mode & 0o777
            found[os.path.relpath(path, os.environ["VENUE_DIR"])] = oct(mode)
print(json.dumps(found))
"""


def test_every_file_of_the_venue_is_its_owners_only(tmp_path):
    """Issue 29.5: the start path of `make venue` (migrate, then the server with its uploader)
    on a folder where an older release left readable files: afterwards every file of the
    venue, SQLite's -wal and -shm included, is 0600 (the backup folder 0700); a file that is
    not the venue's (VENUE_DIR may be the project folder) is left alone."""
    laptop = VenueProcess(tmp_path / "laptop")
    folder = laptop.folder
    (folder / "venue-backups").mkdir()
    old = {
        "venue-secret-key": secrets.token_urlsafe(50),
        "venue-upload.lock": "",
        "venue-backups/0a1b2c3d-000001-20261128-093000.json": "{}",
        "notes.txt": "not the venue's",
    }
    for name, text in old.items():
        (folder / name).write_text(text)
        (folder / name).chmod(0o644)
    (folder / "venue-backups").chmod(0o755)
    laptop.manage("migrate", "--noinput")
    port = free_port()
    server = laptop.serve(port, log=tmp_path / "serve.log")  # the log is not the venue's
    try:
        wait_until_up(f"http://127.0.0.1:{port}/readyz", server)  # the database is open
        found = json.loads(laptop.output("shell", "-c", STAT_WHILE_OPEN).splitlines()[-1])
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert found == {
        "venue.sqlite3": "0o600",
        "venue.sqlite3-wal": "0o600",
        "venue.sqlite3-shm": "0o600",
        "venue-secret-key": "0o600",
        "venue-upload.lock": "0o600",
        "venue-backups": "0o700",
        "venue-backups/0a1b2c3d-000001-20261128-093000.json": "0o600",
        "notes.txt": "0o644",
    }

"""The venue laptop (issue 18, docs/operations.md "Venue mode"): the same site, started with
VENUE_MODE=1.

`prepare_environment` runs at the top of config/settings.py, before the environment is read:
it pins what the laptop needs (SQLite file, no Redis, DEBUG off, a secret key kept in a file
across reboots, hosts of a LAN) so the rest of settings.py reads them as usual.
`settings_overrides` runs at the end and undoes what only a public HTTPS site needs (secure
cookies, HSTS, the HTTPS redirect): phones on the venue Wi-Fi reach the laptop over plain HTTP.

Everything the laptop keeps lives in one folder, VENUE_DIR (default: the project folder):
``venue.sqlite3`` (the day's database), ``venue-secret-key`` (made once), ``venue-upload.lock``
(one upload at a time) and ``venue-backups/`` (signed backups). All are in .gitignore.

They hold every player's name, birth year and city and the checkout's key: the laptop's
processes make files for their owner only (umask 077, set before the database is opened:
SQLite's -wal, -shm and -journal files too), and `prepare_environment` makes the venue's files
that a copy or an older release left readable by others so again (`make_private`).
"""

import contextlib
import os
import secrets
from pathlib import Path

SECRET_KEY_FILE = "venue-secret-key"
DATABASE_FILE = "venue.sqlite3"
BACKUP_FOLDER = "venue-backups"
#: every file of the venue in VENUE_DIR starts so (the database with SQLite's companions, the
#: key, the upload lock `venue-upload.lock`, the backup folder)
PREFIX = "venue"
PRIVATE_UMASK = 0o077


def venue_dir(base_dir: Path) -> Path:
    return Path(os.environ.get("VENUE_DIR") or base_dir).resolve()


def secret_key(folder: Path) -> str:
    """The laptop's key: made once and kept in a file, so sessions and the players' table
    links survive a reboot."""
    path = folder / SECRET_KEY_FILE
    if not path.exists():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_urlsafe(50))
    key = path.read_text(encoding="ascii").strip()
    if len(key) < 50:
        raise RuntimeError(f"{path} holds no usable key; delete it to make a new one.")
    return key


def make_private(folder: Path) -> None:
    """From now on this process (and gunicorn, which it starts) makes files for their owner
    only; the venue's files already in ``folder`` are made so (0600, the backup folder 0700).
    Other files of the folder (it may be the project folder) are left alone."""
    os.umask(PRIVATE_UMASK)
    if not folder.is_dir():
        return
    for path in folder.glob(f"{PREFIX}*"):
        # SQLite deletes its -wal and -shm when another process closes the database
        with contextlib.suppress(FileNotFoundError):
            if path.is_dir() and path.name == BACKUP_FOLDER:
                path.chmod(0o700)
                for inner in path.iterdir():
                    if inner.is_file():
                        inner.chmod(0o600)
            elif path.is_file():
                path.chmod(0o600)


def prepare_environment(base_dir: Path) -> None:
    """Pin the laptop's settings in the environment settings.py reads next. No services: a
    REDIS_URL or DATABASE_URL of the shell is ignored (the venue has no line to them)."""
    folder = venue_dir(base_dir)
    make_private(folder)
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ["REDIS_URL"] = ""
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / DATABASE_FILE}"
    os.environ["SECRET_KEY"] = secret_key(folder)
    # The laptop's address on the venue Wi-Fi is whatever the venue's router hands out, and
    # the phones type it (or scan it) as a bare IP: every host name is accepted. The server is
    # reachable on the venue network only; no e-mail with links built from the host is sent.
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "*")
    os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "0"
    os.environ["DJANGO_HSTS_SECONDS"] = "0"


def settings_overrides(base_dir: Path) -> dict:
    """Settings that differ on the laptop, applied after the usual ones."""
    folder = venue_dir(base_dir)
    return {
        "VENUE_DIR": folder,
        "VENUE_BACKUP_DIR": Path(os.environ.get("VENUE_BACKUP_DIR") or folder / BACKUP_FOLDER),
        # plain HTTP on the venue network: cookies marked Secure would never come back
        "SESSION_COOKIE_SECURE": False,
        "CSRF_COOKIE_SECURE": False,
        "LANGUAGE_COOKIE_SECURE": False,
        "SECURE_PROXY_SSL_HEADER": None,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
        "SECURE_HSTS_PRELOAD": False,
        # nothing periodic runs on the laptop but the uploader (`venue_sync`)
        "CELERY_BEAT_SCHEDULE": {},
        # the four warnings of `check --deploy` about HTTPS: the venue network has none
        "SILENCED_SYSTEM_CHECKS": [
            "security.W004",
            "security.W008",
            "security.W012",
            "security.W016",
        ],
        "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
    }

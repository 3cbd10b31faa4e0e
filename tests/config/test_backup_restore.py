"""The backup and restore of docs/operations.md, step by step, on PostgreSQL (CI run 2): pg_dump
and a tar of the media files, pg_restore into a new database and unpacking into a new folder give
the same standings, the same ranking and the same appeal attachment."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from players.models import PlayerAccount
from tests.ranking.conftest import END, IN_TIME
from tests.support import builders
from tests.support.celery import celery_conf

ROOT = Path(__file__).resolve().parents[2]
PHOTO = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4

pytestmark = [
    pytest.mark.django_db(transaction=True),  # pg_dump sees committed data only
    pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_dump braucht PostgreSQL."),
]

# What a visitor sees after the restore: the two CSV exports and the attachment's bytes.
READ_BACK = """
import hashlib, json, os, django
django.setup()
from django.test import Client
from ranking.models import Appeal
client = Client(HTTP_HOST="localhost")
print(json.dumps({
    "standings": client.get(os.environ["STANDINGS_CSV"]).content.decode("utf-8"),
    "ranking": client.get(os.environ["RANKING_CSV"]).content.decode("utf-8"),
    "attachments": {
        a.pk: hashlib.sha256(a.attachment.open("rb").read()).hexdigest()
        for a in Appeal.objects.exclude(attachment="")
    },
}))
"""


def libpq_env() -> dict[str, str]:
    db = connection.settings_dict
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}  # a fresh, private cache
    env.update(PGHOST=db["HOST"] or "127.0.0.1", PGPORT=str(db["PORT"] or 5432),
               PGUSER=db["USER"] or "postgres", PGPASSWORD=db["PASSWORD"] or "")  # fmt: skip
    return env


def database_url(name: str) -> str:
    db = connection.settings_dict
    auth = quote(db["USER"] or "postgres") + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{name}"


def run(command: list[str], env: dict[str, str]) -> str:
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def read_back(env: dict[str, str], database: str, media: Path, paths: dict[str, str]) -> dict:
    env = {**env, **paths, "DATABASE_URL": database_url(database),
           "DJANGO_MEDIA_ROOT": str(media), "PUBLIC_CACHE_SECONDS": "0",
           "DJANGO_SETTINGS_MODULE": "config.settings"}  # fmt: skip
    return json.loads(run([sys.executable, "-c", READ_BACK], env).strip().splitlines()[-1])


def test_backup_and_restore_keep_standings_ranking_and_attachments(
    settings, tmp_path, director, desk_user
):
    from ranking.compute import services as compute

    settings.MEDIA_ROOT = media = tmp_path / "media"
    field = builders.make_players(12)
    with celery_conf(task_always_eager=True, task_eager_propagates=True):
        tournament = builders.play_tournament(
            director=director, desk=desk_user, players=field, end=END, count=12, seed=5
        )
        compute.ranking_recompute_year(year=END.year)
    user = builders.make_user("spieler-sicherung")
    PlayerAccount.objects.create(user=user, player=field[0])
    builders.make_appeal(user=user, tournament=tournament, player=field[0], now=IN_TIME,
                         attachment=SimpleUploadedFile("bogen.png", PHOTO))  # fmt: skip

    env = libpq_env()
    source = connection.settings_dict["NAME"]
    restored = f"{source}_restore"
    dump, archive = tmp_path / "drv.dump", tmp_path / "drv-media.tar.gz"
    paths = {
        "STANDINGS_CSV": reverse("standings_csv", args=[tournament.pk]),
        "RANKING_CSV": reverse("ranking:csv", args=[END.year]),
    }
    before = read_back(env, source, media, paths)

    # Backup: the database, then the media files.
    run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", f"--file={dump}",
         source], env)  # fmt: skip
    run(["tar", "-C", str(media), "-czf", str(archive), "."], env)
    # Restore: a new database and a new folder.
    with connection.cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {connection.ops.quote_name(restored)}")
        cursor.execute(f"CREATE DATABASE {connection.ops.quote_name(restored)}")
    try:
        run(["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error",
             f"--dbname={restored}", str(dump)], env)  # fmt: skip
        new_media = tmp_path / "media-restored"
        new_media.mkdir()
        run(["tar", "-C", str(new_media), "-xzf", str(archive)], env)
        migrate_env = {**env, "DATABASE_URL": database_url(restored)}
        run([sys.executable, "manage.py", "migrate", "--check"], migrate_env)
        after = read_back(env, restored, new_media, paths)
    finally:
        with connection.cursor() as cursor:
            cursor.execute(
                f"DROP DATABASE IF EXISTS {connection.ops.quote_name(restored)} WITH (FORCE)"
            )

    assert after == before
    assert len(before["standings"].splitlines()) == 13  # the header and twelve players
    assert len(before["ranking"].splitlines()) == 13
    assert list(before["attachments"].values()) == [hashlib.sha256(PHOTO).hexdigest()]

"""The bench's back ends, prepared outside the measured process: a fresh PostgreSQL database,
a Redis without an earlier run's keys, and a bench module re-started with their environment
(the settings read DATABASE_URL and REDIS_URL once, at start-up)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def prepare_postgres(url: str) -> str | None:
    """Drop and create the bench database; a reason string if PostgreSQL is not usable."""
    try:
        import psycopg
    except ImportError:
        return "psycopg fehlt"
    base, _, name = url.rpartition("/")
    try:
        with psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
    except Exception as exc:  # not reachable, no rights
        return f"PostgreSQL nicht erreichbar: {exc.__class__.__name__}"
    return None


def prepare_redis(url: str, *, prefix: str) -> str | None:
    """Forget the bench's keys of an earlier run; a reason string if Redis is not usable."""
    try:
        import redis
    except ImportError:
        return "redis-Paket fehlt"
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)
        client.ping()
        for key in client.scan_iter(match=f"{prefix}:*"):
            client.delete(key)
    except Exception as exc:
        return f"Redis nicht erreichbar: {exc.__class__.__name__}"
    return None


def run_with_backends(module: str, *, pg_default: str, redis_default: str, prefix: str) -> None:
    """Pick PostgreSQL and Redis when reachable (BENCH_POSTGRES_URL, BENCH_REDIS_URL), else
    SQLite and local memory, say which, and run ``python -m <module> --run`` with them."""
    with tempfile.TemporaryDirectory(prefix=f"{prefix}-") as tmp:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
        pg = os.environ.get("BENCH_POSTGRES_URL", pg_default)
        pg_reason = prepare_postgres(pg)
        env["DATABASE_URL"] = pg if pg_reason is None else f"sqlite:///{tmp}/bench.sqlite3"
        redis_url = os.environ.get("BENCH_REDIS_URL", redis_default)
        redis_reason = prepare_redis(redis_url, prefix=prefix)
        if redis_reason is None:
            env.update(REDIS_URL=redis_url, CACHE_KEY_PREFIX=prefix)
        print(
            f"back ends: {'PostgreSQL' if pg_reason is None else f'SQLite ({pg_reason})'}, "
            f"{'Redis' if redis_reason is None else f'local memory ({redis_reason})'}"
        )
        env["DJANGO_SETTINGS_MODULE"] = "config.settings"
        subprocess.run([sys.executable, "-m", module, "--run"], cwd=ROOT, env=env, check=True)

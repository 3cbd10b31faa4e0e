"""The bench's back ends, prepared outside the measured process: a fresh, migrated database
(PostgreSQL or a SQLite file), a Redis without an earlier run's keys, and a bench module
re-started with their environment (the settings read DATABASE_URL and REDIS_URL once).

Which back ends:

* ``DATABASE_URL`` / ``REDIS_URL`` set (CI): the bench runs on those services only and fails
  when they cannot be used. A PostgreSQL DATABASE_URL names the server; the bench creates its
  own databases there, ``<name>_<bench>`` (e.g. drv_bench_pages for .../drv_bench), never
  touching ``<name>`` itself. A SQLite DATABASE_URL means the embedded default: temporary
  SQLite files and local-memory caches. Without REDIS_URL the caches are local memory.
* otherwise (a developer's ``make bench``): PostgreSQL and Redis when reachable, else SQLite and
  local memory, saying why; ``BENCH_POSTGRES_URL`` (one database, re-created for each bench)
  and ``BENCH_REDIS_URL`` replace the defaults postgres://postgres@127.0.0.1:5432/drv_bench_<bench>
  and the bench's own Redis database.

Migrating costs half a minute, so each run migrates once per back end, into a template
(``<name>_template`` on PostgreSQL, a file in the run's directory for SQLite), and copies it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_DIR = "BENCH_RUN_DIR"  # set by the runner: this run's templates live here
PG_SERVER_DEFAULT = "postgres://postgres@127.0.0.1:5432"
PG_STEM_DEFAULT = "drv_bench"


class BackendError(RuntimeError):
    """A back end that was asked for (DATABASE_URL, REDIS_URL) cannot be used."""


def _run_dir() -> Path:
    path = os.environ.get(RUN_DIR)
    if not path:  # a bench started on its own: templates for this process only
        path = tempfile.mkdtemp(prefix="bench-run-")
        os.environ[RUN_DIR] = path
    return Path(path)


def _migrate(database_url: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings")
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


# --- which back ends ---------------------------------------------------------------------------


def _given_database() -> str:
    return os.environ.get("DATABASE_URL", "").strip()


def postgres_asked() -> bool:
    """DATABASE_URL names a PostgreSQL server: the bench must run there (and only there)."""
    return _given_database().startswith(("postgres://", "postgresql://"))


def postgres_url(bench: str) -> tuple[str | None, bool]:
    """The PostgreSQL database for ``bench`` (e.g. "pages") and whether it is required; None
    when the bench runs on SQLite (DATABASE_URL names a SQLite file)."""
    if postgres_asked():
        base, _, name = _given_database().partition("?")[0].rpartition("/")
        return f"{base}/{name}_{bench}", True
    if _given_database():
        return None, False
    explicit = os.environ.get("BENCH_POSTGRES_URL")
    if explicit:
        return explicit, False
    return f"{PG_SERVER_DEFAULT}/{PG_STEM_DEFAULT}_{bench}", False


def redis_url(default: str) -> tuple[str | None, bool]:
    """The Redis for a bench and whether it is required; None: local memory."""
    if os.environ.get("REDIS_URL"):
        return os.environ["REDIS_URL"], True
    if _given_database():
        return None, False
    return os.environ.get("BENCH_REDIS_URL", default), False


def _template_name(url: str) -> str:
    """One template per server and run: <stem>_template beside the bench's databases."""
    base, _, name = url.rpartition("/")
    if postgres_asked():
        stem = _given_database().partition("?")[0].rpartition("/")[2]
    elif os.environ.get("BENCH_POSTGRES_URL"):
        stem = name
    else:
        stem = PG_STEM_DEFAULT
    return f"{base}/{stem}_template"


# --- preparing them ----------------------------------------------------------------------------


def _postgres_template(url: str) -> str:
    """This run's migrated template on the server of ``url`` (built on first use); its name."""
    import psycopg

    base = url.rpartition("/")[0]
    template = _template_name(url)
    name = template.rpartition("/")[2]
    marker = _run_dir() / f"pg-{hashlib.sha1(template.encode()).hexdigest()[:12]}.migrated"
    if not marker.exists():
        with psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        _migrate(template)
        marker.touch()
    return name


def prepare_postgres(url: str) -> str | None:
    """Drop the bench database and create it again, migrated (a copy of this run's template);
    a reason string if PostgreSQL is not usable."""
    try:
        import psycopg
    except ImportError:
        return "psycopg fehlt"
    base, _, name = url.rpartition("/")
    try:
        template = _postgres_template(url)
        with psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    except subprocess.CalledProcessError:
        raise  # the migration failed: a crash, not an absent server
    except Exception as exc:  # not reachable, no rights
        return f"PostgreSQL nicht erreichbar: {exc.__class__.__name__}"
    return None


def prepare_templates() -> None:
    """Migrate this run's templates side by side (two migrations at once, each half a
    minute): SQLite unless DATABASE_URL names PostgreSQL, PostgreSQL when asked for or
    reachable. Failures are left to the benches, which say why or crash."""
    jobs = []
    if not postgres_asked():
        jobs.append(_sqlite_template)
    pg, _ = postgres_url("template")
    if pg:
        jobs.append(lambda: _postgres_template(pg))

    def attempt(job):
        with contextlib.suppress(Exception):  # the bench that needs it says why, or crashes
            job()

    threads = [threading.Thread(target=attempt, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def sqlite_database(path: Path) -> str:
    """A migrated SQLite database at ``path`` (a copy of this run's template); its URL."""
    _copy_sqlite(_sqlite_template(), path)
    return f"sqlite:///{path}"


def _sqlite_template() -> Path:
    template = _run_dir() / "template.sqlite3"
    if not template.exists():
        building = template.with_suffix(".building")
        _migrate(f"sqlite:///{building}")
        _copy_sqlite(building, template)
    return template


def _copy_sqlite(source: Path, target: Path) -> None:
    """A consistent copy, pages still in the write-ahead log included."""
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


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


def database(bench: str, tmp: str) -> tuple[str, str, str | None]:
    """(label, DATABASE_URL, why not PostgreSQL) of a fresh, migrated database for ``bench``:
    PostgreSQL when asked for or reachable, else a SQLite file in ``tmp``."""
    pg, required = postgres_url(bench)
    reason = prepare_postgres(pg) if pg else "DATABASE_URL names SQLite"
    if reason is None:
        return "PostgreSQL", pg, None
    if required:
        raise BackendError(f"DATABASE_URL: {reason}")
    return "SQLite", sqlite_database(Path(tmp) / f"{bench}.sqlite3"), reason


def run_with_backends(module: str, *, bench: str, redis_default: str, prefix: str) -> None:
    """Pick the database and the cache (see the module docstring), say which, and run
    ``python -m <module> --run`` with them."""
    with tempfile.TemporaryDirectory(prefix=f"{prefix}-") as tmp:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
        label, env["DATABASE_URL"], pg_reason = database(bench, tmp)
        url, required = redis_url(redis_default)
        redis_reason = prepare_redis(url, prefix=prefix) if url else "REDIS_URL not set"
        if redis_reason is None:
            env.update(REDIS_URL=url, CACHE_KEY_PREFIX=prefix)
        elif required:
            raise BackendError(f"REDIS_URL: {redis_reason}")
        print(
            f"back ends: {label if pg_reason is None else f'SQLite ({pg_reason})'}, "
            f"{'Redis' if redis_reason is None else f'local memory ({redis_reason})'}"
        )
        env["DJANGO_SETTINGS_MODULE"] = "config.settings"
        try:
            subprocess.run([sys.executable, "-m", module, "--run"], cwd=ROOT, env=env, check=True)
        finally:
            if redis_reason is None:  # leave no cached pages behind in a shared Redis
                prepare_redis(url, prefix=prefix)
